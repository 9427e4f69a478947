// The zod schema of a model file. Model files are data only: every number here comes from a
// source report, kept beside the string it was printed as, with the lines it was printed on.
import * as z from "zod";
import { ADDRESS_SPACES, HARDWARE, type AddressSpace, type Hardware } from "./vocabulary.js";

export { ADDRESS_SPACES, HARDWARE, type AddressSpace, type Hardware };

export const FLAG_CODES = [
  "total-mismatch",
  "truncated",
  "suspect",
  "contradiction",
  "sic",
  "inconsistent",
  "assumption",
  "duplicate",
] as const;

export const QUALIFIERS = ["exact", "approx", "upper", "lower", "range"] as const;
export const CELL_KINDS = ["measured", "prose", "derived"] as const;
// Built on first use: the CLI needs these only for --models DIR, and building them costs every start.
function build() {
  const describe = <T extends z.ZodType>(schema: T, text: string): T => schema.describe(text) as T;

  const Id = describe(
    z.string().regex(/^[a-z0-9][a-z0-9.-]*$/, "lower-case letters, digits, '.' and '-'"),
    "Identifier, unique across all model files, e.g. '000.chin-footprint-svrconn'.",
  );

  const InventoryId = describe(
    z.string().regex(/^00[0-4]:[A-Z]\d+[a-z]?$/, "an inventory id such as 000:T01 or 003:R12"),
    "Id in shared/inventory/, qualified by seed number: 000:T01, 001:R123, 002:C4, 004:W7.",
  );

  const LineSpec = describe(
    z.union([
      z.number().int().positive(),
      z.string().regex(/^\d+(-\d+)?(\s*,\s*\d+(-\d+)?)*$/, "line numbers such as '336-347' or '262, 266'"),
    ]),
    "Line(s) in the seed text: 336, '336-347' or '262, 266-268'.",
  );

  const Release = describe(
    z.string().regex(/^\d+\.\d+(\.\d+)?$/, "an MQ release such as '9.3' or '5.3.1'"),
    "MQ release, e.g. '9.3'.",
  );

  const AppliesTo = describe(
    z.strictObject({
      releases: z.array(Release).min(1).describe("MQ releases the data was measured on."),
      hardware: z.array(z.enum(HARDWARE)).min(1).describe("Machine generation(s) measured on."),
      conditions: z
        .record(z.string(), z.union([z.string(), z.number(), z.boolean()]))
        .optional()
        .describe("Workload conditions the data holds under, e.g. { persistent: false, transport: tcp }."),
    }),
    "What the data applies to.",
  );

  const Flag = z.strictObject({
    code: z.enum(FLAG_CODES).describe("What kind of problem the source has here."),
    reason: z.string().min(1).describe("Why the printed value is flagged, with the arithmetic."),
    alternative: z
      .number()
      .optional()
      .describe(
        "The value the other reading gives, in the value's unit (the contradicting figure, the unrounded arithmetic): an estimate's range takes in both.",
      ),
  });

  /** A printed value: the string as printed, the number it means, and how sure the print is. */
  const CellObject = z.strictObject({
    raw: z.string().min(1).describe("The value exactly as printed in the source."),
    value: z.number().optional().describe("The number it means, in the measure's unit."),
    low: z.number().optional().describe("Lower end of a range or bound."),
    high: z.number().optional().describe("Upper end of a range or bound."),
    qualifier: z.enum(QUALIFIERS).optional().describe("exact, approx, upper (up to), lower (at least), range."),
    kind: z
      .enum(CELL_KINDS)
      .optional()
      .describe("measured, prose (stated in prose), derived (computed in the source)."),
    lines: LineSpec.optional().describe("Line(s) the value is printed on, when not the entry's own."),
    flags: z.array(Flag).optional(),
    note: z.string().optional(),
  });
  /** Shorthand: a plain printed number such as "232", "+19", "1,200", "12%" parses itself. */
  const Cell = z.union([z.string().min(1), z.number(), CellObject]);

  const Axis = z.strictObject({
    name: z.string().regex(/^[a-zA-Z][a-zA-Z0-9]*$/, "a camelCase axis name"),
    label: z.string().optional().describe("Header as printed."),
    unit: z.string().optional().describe("Unit of the axis values: bytes, count, cpus, ..."),
    type: z.enum(["numeric", "category"]).describe("numeric axes are interpolated; category axes are matched."),
    scale: z.enum(["linear", "log"]).optional().describe("Interpolation scale; message sizes are log."),
    values: z.array(z.union([z.string(), z.number()])).min(1),
    labels: z.array(z.string()).optional().describe("Axis values as printed, same order as values."),
  });

  const Measure = z.strictObject({
    name: z.string().regex(/^[a-zA-Z][a-zA-Z0-9]*$/, "a camelCase measure name"),
    label: z.string().optional(),
    unit: z.string().min(1).describe("us (CPU microseconds), KB, MB, MB/s, percent, per-second, count, ms, ..."),
    addressSpace: z.enum(ADDRESS_SPACES).optional(),
    description: z.string().optional(),
    bounds: z
      .strictObject({
        low: z.string().optional().describe("The measure printing the lowest observed value (a min column)."),
        high: z.string().optional().describe("The measure printing the highest observed value (a max column)."),
      })
      .optional()
      .describe("Min and max columns of the same table that bound this measure: a lookup's range takes them in."),
    difference: z
      .strictObject({
        of: z.string().describe("The measure of the same table the source subtracted."),
        minus: z
          .record(z.string(), z.union([z.string(), z.number(), z.boolean()]))
          .describe("The axis values of the subtracted cell, over the cell's own: { messageSize: 1024 }."),
      })
      .optional()
      .describe(
        "A measure the source computed as a difference of another measure's cells (an overhead over 1KB): its range is the difference of theirs.",
      ),
  });

  const Key = z.union([z.string(), z.number(), z.boolean()]);

  const TableCell = z.strictObject({
    at: z.record(z.string(), Key).describe("Axis name to axis value."),
    measure: z.string().optional().describe("Measure name; may be left out when the table has one measure."),
    cell: Cell,
  });

  const TableRow = z.strictObject({
    at: z.record(z.string(), Key).describe("The row's axis values."),
    measure: z.string().optional(),
    values: z.record(z.string(), Cell).describe("Column key (a value of `columns`, or a measure name) to cell."),
  });

  // An entry whose values are not MQ measurements of CPU or throughput says so: the run-to-run
  // tolerance (sources.yaml runToRun) is not added to them.
  const RunToRun = z
    .strictObject({
      applies: z.boolean(),
      why: z
        .string()
        .min(1)
        .regex(/^[^\n]*$/, "one line"),
    })
    .optional()
    .describe(
      "runToRun: { applies: false, why } for values that are not MQ measurements of CPU cost or throughput (a vendor projection, a setting): no run-to-run tolerance is added to their range. { applies: true, why } for storage the report measured (KB, MB, GB footprints): their range takes the tolerance as a CPU cost's does.",
    );

  const Entry = {
    id: Id,
    inventory: z.array(InventoryId).describe("Inventory ids this entry encodes."),
    section: z.string().min(1).describe("Section heading in the source."),
    lines: LineSpec,
    appliesTo: AppliesTo.optional().describe("Overrides the file's appliesTo."),
    notes: z.array(z.string()).optional(),
  };

  // An entry no rule reads on purpose says so, with the reason: `models coverage` lists every other
  // table, figure and formula no rule's `uses` names as a defect.
  const Use = {
    use: z
      .literal("context")
      .optional()
      .describe(
        "context: no rule reads this entry, on purpose (test conditions, release history, a qualitative statement); give the reason in why.",
      ),
    why: z
      .string()
      .min(1)
      .regex(/^[^\n]*$/, "one line")
      .optional()
      .describe("With use: context, one line saying why no config could reach this entry."),
  };
  /** use and why go together: a reason for nothing, or context without a reason, is refused. */
  const useWithWhy = (e: { use?: "context" | undefined; why?: string | undefined }, ctx: z.RefinementCtx) => {
    if (e.use !== undefined && e.why === undefined)
      ctx.addIssue({ code: "custom", message: "use: context needs why: (one line, the reason)", path: ["use"] });
    if (e.why !== undefined && e.use === undefined)
      ctx.addIssue({ code: "custom", message: "why: goes with use: context", path: ["why"] });
  };
  // The same rule for editors (draft-07 `dependencies`).
  const USE_DEPENDENCIES = { dependencies: { use: ["why"], why: ["use"] } };

  const Table = z
    .strictObject({
      ...Entry,
      ...Use,
      caption: z.string().min(1),
      axes: z.array(Axis),
      measures: z.array(Measure).min(1),
      columns: z
        .string()
        .optional()
        .describe("With rows: the axis whose values are the row's keys; leave out when the keys are measure names."),
      rows: z.array(TableRow).optional(),
      cells: z.array(TableCell).optional(),
      runToRun: RunToRun,
    })
    .superRefine(useWithWhy)
    .meta(USE_DEPENDENCIES);

  const Figure = z
    .strictObject({
      ...Entry,
      ...Use,
      quote: z.string().min(1).describe("The sentence as printed."),
      subject: z.string().min(1).describe("What the figure measures, as a stable key, e.g. 'csa-per-connection'."),
      condition: z
        .record(z.string(), Key)
        .optional()
        .describe("When it holds, e.g. { connectionType: svrconn, sharecnv: 1 }."),
      relativeTo: z.string().optional().describe("What a delta is relative to, e.g. 'z14', 'no AMS', 'MQ 9.2'."),
      unit: z.string().min(1),
      addressSpace: z.enum(ADDRESS_SPACES).optional(),
      value: Cell,
      runToRun: RunToRun,
      difference: z
        .strictObject({ of: Id, minus: Id })
        .optional()
        .describe(
          "A figure the source computed as one figure less another (29.5KB - 24KB = 5.5KB): its range is the difference of theirs.",
        ),
    })
    .superRefine(useWithWhy)
    .meta(USE_DEPENDENCIES);

  const Parameter = z.strictObject({
    name: z.string().regex(/^[a-zA-Z][a-zA-Z0-9]*$/),
    unit: z.string().min(1),
    cell: Cell,
    lines: LineSpec.optional(),
    description: z.string().optional(),
  });

  const Formula = z
    .strictObject({
      ...Entry,
      ...Use,
      name: z.string().min(1),
      expression: z.string().min(1).describe("The formula as a planner would write it."),
      quote: z.string().optional(),
      variables: z.array(
        z.strictObject({
          name: z.string().min(1),
          unit: z.string().min(1),
          description: z.string().optional(),
        }),
      ),
      parameters: z.array(Parameter).optional().describe("Constants printed in the source, with their print."),
      result: z.strictObject({ name: z.string().min(1), unit: z.string().min(1) }),
      uses: z.array(Id).optional().describe("Model entries (tables, figures) the formula reads."),
    })
    .superRefine(useWithWhy)
    .meta(USE_DEPENDENCIES);

  const Gap = z.strictObject({
    ...Entry,
    caption: z.string().min(1).describe("The chart's caption as printed."),
    wouldGive: z.string().min(1).describe("What the chart's numbers would have given an estimate."),
    concern: z.string().optional().describe("The rule concern that would use it: tls, ams, logging, ..."),
    partial: z.array(Id).optional().describe("Figures that keep some of the chart's numbers."),
  });

  const Example = z.strictObject({
    ...Entry,
    title: z.string().min(1),
    inputs: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
    steps: z.array(z.string()).optional(),
    expected: z.strictObject({
      name: z.string().min(1),
      unit: z.string().min(1),
      cell: Cell,
    }),
    tolerance: z
      .strictObject({
        abs: z.number().nonnegative().optional(),
        rel: z.number().nonnegative().optional(),
        why: z.string().min(1),
      })
      .optional(),
    check: z
      .strictObject({
        config: z.record(z.string(), z.unknown()).describe("An mqzcap config (partial) that reproduces the example."),
        output: z.string().min(1).describe("Id of the estimate line item whose value is the result."),
      })
      .optional()
      .describe("How the engine reproduces the example; left out while no rule computes it."),
    notComputable: z.string().optional().describe("Why the engine cannot reproduce this example."),
  });

  const Carry = z.strictObject({
    ...Entry,
    axis: z.enum(["release", "hardware"]),
    from: z.array(z.string()).min(1).describe("Releases or machines whose data may be used..."),
    to: z.array(z.string()).min(1).describe("...for these releases or machines."),
    quote: z.string().min(1),
    tolerance: Cell.optional().describe("The stated difference, e.g. '±6%'."),
    factorTable: Id.optional().describe("A table of scaling factors, when the carry scales."),
    covers: z
      .union([z.enum(["cpu-and-throughput", "charts"]), z.array(Id).min(1)])
      .describe(
        "What the statement is about: cpu-and-throughput (a statement of regression: every figure but storage), charts (the section's charts, shown for one release; their numbers are lost, so no looked-up value), or the entries it names.",
      ),
  });

  const NotEncoded = z.strictObject({
    inventory: z.array(InventoryId).min(1),
    reason: z.string().min(1),
  });

  const DataFile = z.strictObject({
    $schema: z.string().optional(),
    kind: z.literal("data"),
    source: z
      .string()
      .regex(/^00[0-4]$/)
      .describe("Source id in models/sources.yaml."),
    title: z.string().min(1),
    appliesTo: AppliesTo,
    tables: z.array(Table).optional(),
    figures: z.array(Figure).optional(),
    formulas: z.array(Formula).optional(),
    gaps: z.array(Gap).optional(),
    examples: z.array(Example).optional(),
    carries: z.array(Carry).optional(),
    notEncoded: z.array(NotEncoded).optional(),
  });

  const Source = z.strictObject({
    id: z.string().regex(/^00[0-4]$/),
    title: z.string().min(1),
    edition: z.string().min(1),
    date: z.string().min(1),
    releases: z.array(Release).min(1),
    hardware: z.array(z.enum(HARDWARE)).min(1),
    machine: z.string().min(1).describe("Machine as the source names it."),
    seed: z.string().min(1).describe("File name of the text in shared/seeds/."),
    inventory: z.string().min(1).describe("File name of its inventory in shared/inventory/."),
    runToRun: z
      .strictObject({
        figure: Id.describe("The figure entry stating the tolerance between runs (a percentage, e.g. +/-6%)."),
        why: z.string().min(1).describe("Where the source states it, or why another source's statement stands for it."),
      })
      .optional()
      .describe(
        "The run-to-run tolerance of this source's measurements of CPU cost and throughput: every such value's range takes it in.",
      ),
  });

  const SourcesFile = z.strictObject({
    $schema: z.string().optional(),
    kind: z.literal("sources"),
    sources: z.array(Source).min(1),
  });

  const InventoryFile = z.strictObject({
    $schema: z.string().optional(),
    kind: z.literal("inventory"),
    items: z.array(
      z.strictObject({
        id: InventoryId,
        type: z.enum(["table", "block", "list", "prose", "chart", "diagram", "example", "formula"]),
        lines: z.string().optional(),
        title: z.string(),
      }),
    ),
  });

  // Generated by the bench (bench/accuracy.ts, npm run bench): the leave-one-out interpolation error of
  // each table's numeric axes, which widens every interpolated or extrapolated lookup's range.
  const LooStats = z.strictObject({
    n: z.number().int().nonnegative(),
    median: z.number().nonnegative(),
    p90: z.number().nonnegative(),
    max: z.number().nonnegative(),
    perSpan: z
      .strictObject({ p90: z.number().nonnegative(), max: z.number().nonnegative() })
      .optional()
      .describe(
        "The same errors each over the span its prediction crossed (natural log of the neighbours' ratio on a log axis), in percent per unit of span.",
      ),
  });
  const InterpolationErrorFile = z.strictObject({
    $schema: z.string().optional(),
    kind: z.literal("interpolation-error"),
    generatedBy: z.string().min(1),
    scheme: z.enum(["linear", "log", "monotone"]).describe("The scheme the registry interpolates message sizes with."),
    pooled: z
      .strictObject({ messageSize: LooStats, other: LooStats })
      .describe("Absolute percentage errors over every table, by kind of axis."),
    tables: z.array(
      z.strictObject({
        table: Id,
        axis: z.string().min(1),
        messageSize: z.boolean(),
        stats: LooStats,
        unflagged: LooStats.optional().describe(
          "The predictions made from neighbours the source does not flag, where some were made from a flagged one.",
        ),
      }),
    ),
  });

  // Generated from the models (bench/condition-evidence.ts): how far the sources' own measurements move
  // when one condition changes, which widens a figure used under another value of that condition.
  const ConditionEvidenceFile = z.strictObject({
    $schema: z.string().optional(),
    kind: z.literal("condition-evidence"),
    generatedBy: z.string().min(1),
    rows: z.array(
      z.strictObject({
        condition: z.string().min(1),
        band: z.string().min(1).optional(),
        kind: z.enum(["cpu", "throughput", "log-rate", "storage", "elapsed", "change"]),
        n: z.number().int().positive(),
        pct: z.number().nonnegative(),
        how: z.enum(["p90", "worst"]),
        max: z.number().nonnegative(),
        entries: z.number().int().positive(),
        up: z.strictObject({ low: z.number(), high: z.number() }).optional(),
        upWhole: z.strictObject({ low: z.number(), high: z.number() }).optional(),
        heldOut: z
          .strictObject({
            tested: z.number().int().positive(),
            inside: z.number().int().nonnegative(),
            insideWhole: z.number().int().nonnegative(),
          })
          .optional(),
      }),
    ),
  });

  const ModelFile = z.discriminatedUnion("kind", [
    DataFile,
    SourcesFile,
    InventoryFile,
    InterpolationErrorFile,
    ConditionEvidenceFile,
  ]);
  return {
    Id,
    InventoryId,
    LineSpec,
    Release,
    AppliesTo,
    Flag,
    CellObject,
    Cell,
    Axis,
    Measure,
    TableCell,
    TableRow,
    Table,
    Figure,
    Parameter,
    Formula,
    Gap,
    Example,
    Carry,
    NotEncoded,
    DataFile,
    Source,
    SourcesFile,
    InventoryFile,
    InterpolationErrorFile,
    ConditionEvidenceFile,
    ModelFile,
  };
}

let built: ReturnType<typeof build> | undefined;
/** The model file schemas, built once on first use. */
export const modelSchemas = (): ReturnType<typeof build> => (built ??= build());
type Schemas = ReturnType<typeof build>;

export type DataFile = z.infer<Schemas["DataFile"]>;
export type SourcesFile = z.infer<Schemas["SourcesFile"]>;
export type InventoryFile = z.infer<Schemas["InventoryFile"]>;
export type InterpolationErrorFile = z.infer<Schemas["InterpolationErrorFile"]>;
export type ModelFile = z.infer<Schemas["ModelFile"]>;
export type Table = z.infer<Schemas["Table"]>;
export type Figure = z.infer<Schemas["Figure"]>;
export type Formula = z.infer<Schemas["Formula"]>;
export type Gap = z.infer<Schemas["Gap"]>;
export type Example = z.infer<Schemas["Example"]>;
export type Carry = z.infer<Schemas["Carry"]>;
export type CellInput = z.infer<Schemas["Cell"]>;
export type CellObject = z.infer<Schemas["CellObject"]>;
export type Source = z.infer<Schemas["Source"]>;
