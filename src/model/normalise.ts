// Turns a validated model file into registry entries: shorthand cells parsed, line specs expanded,
// table rows flattened into cells, the file's appliesTo pushed down to every entry.
import type { DataFile, CellInput } from "./schema.js";
import { parseRaw } from "./parse-raw.js";
import type {
  Applies,
  CarryEntry,
  EntryBase,
  ExampleEntry,
  FigureEntry,
  FormulaEntry,
  GapEntry,
  LineRange,
  ModelEntry,
  NotEncodedItem,
  TableCellN,
  TableEntry,
  Value,
} from "./types.js";

export class ModelDataError extends Error {
  constructor(
    message: string,
    readonly path: (string | number)[],
  ) {
    super(message);
  }
}

export function parseLines(spec: string | number): LineRange[] {
  if (typeof spec === "number") return [[spec, spec]];
  return spec.split(",").map((part) => {
    const [a, b] = part.trim().split("-").map(Number);
    return [a!, b ?? a!] as LineRange;
  });
}

export function normaliseCell(
  input: CellInput,
  defaultLines: LineRange[],
  defaultKind: Value["kind"],
  path: (string | number)[],
): Value {
  if (typeof input === "number") {
    return { raw: String(input), value: input, qualifier: "exact", kind: defaultKind, lines: defaultLines, flags: [] };
  }
  if (typeof input === "string") {
    const parsed = parseRaw(input);
    if (!parsed) {
      throw new ModelDataError(
        `cannot read "${input}" as a number; write it as { raw: "${input}", value: ..., qualifier: ... }`,
        path,
      );
    }
    return { raw: input, ...parsed, kind: defaultKind, lines: defaultLines, flags: [] };
  }
  const parsed = parseRaw(input.raw);
  const qualifier = input.qualifier ?? parsed?.qualifier ?? "exact";
  let value: number | null = input.value ?? parsed?.value ?? null;
  const low = input.low ?? parsed?.low;
  const high = input.high ?? parsed?.high;
  if (value === null && low !== undefined && high !== undefined) value = (low + high) / 2;
  else if (value === null && qualifier === "upper" && high !== undefined) value = high;
  else if (value === null && qualifier === "lower" && low !== undefined) value = low;
  const v: Value = {
    raw: input.raw,
    value,
    qualifier,
    kind: input.kind ?? defaultKind,
    lines: input.lines !== undefined ? parseLines(input.lines) : defaultLines,
    flags: input.flags ?? [],
  };
  if (low !== undefined) v.low = low;
  if (high !== undefined) v.high = high;
  if (input.note !== undefined) v.note = input.note;
  return v;
}

function base(
  file: string,
  data: DataFile,
  e: {
    id: string;
    inventory: string[];
    section: string;
    lines: string | number;
    appliesTo?: Applies;
    notes?: string[];
    why?: string | undefined;
    runToRun?: { applies: boolean; why: string } | undefined;
  },
  type: EntryBase["type"],
  userSupplied: boolean,
): EntryBase {
  const b: EntryBase = {
    id: e.id,
    type,
    source: data.source,
    file,
    inventory: e.inventory,
    section: e.section,
    lines: parseLines(e.lines),
    appliesTo: e.appliesTo ?? data.appliesTo,
    notes: e.notes ?? [],
    userSupplied,
  };
  if (e.why !== undefined) b.context = e.why;
  if (e.runToRun?.applies === false) b.notRunToRun = e.runToRun.why;
  if (e.runToRun?.applies === true) b.measuredStorage = e.runToRun.why;
  return b;
}

function mark(v: Value, userSupplied: boolean): Value {
  if (userSupplied) v.userSupplied = true;
  return v;
}

function normaliseTable(
  file: string,
  data: DataFile,
  t: NonNullable<DataFile["tables"]>[number],
  i: number,
  user: boolean,
): TableEntry {
  const b = base(file, data, t, "table", user);
  const path = ["tables", i];
  const measureNames = new Set(t.measures.map((m) => m.name));
  const axisByName = new Map(t.axes.map((a) => [a.name, a]));
  const single = t.measures.length === 1 ? t.measures[0]!.name : undefined;
  const cells: TableCellN[] = [];
  const checkAt = (at: Record<string, unknown>, p: (string | number)[]) => {
    for (const [k, val] of Object.entries(at)) {
      const axis = axisByName.get(k);
      if (!axis) throw new ModelDataError(`"${k}" is not an axis of table ${t.id}`, [...p, "at", k]);
      if (!axis.values.some((x) => String(x) === String(val))) {
        throw new ModelDataError(`${k}=${String(val)} is not among the values of axis ${k}`, [...p, "at", k]);
      }
    }
  };
  const measureOf = (m: string | undefined, p: (string | number)[]): string => {
    const name = m ?? single;
    if (!name || !measureNames.has(name)) {
      throw new ModelDataError(`measure ${m ?? "(none)"} is not one of ${[...measureNames].join(", ")}`, p);
    }
    return name;
  };
  t.cells?.forEach((c, j) => {
    const p = [...path, "cells", j];
    checkAt(c.at, p);
    cells.push({
      at: c.at,
      measure: measureOf(c.measure, p),
      v: mark(normaliseCell(c.cell, b.lines, "measured", [...p, "cell"]), user),
    });
  });
  t.rows?.forEach((r, j) => {
    const p = [...path, "rows", j];
    checkAt(r.at, p);
    for (const [col, cell] of Object.entries(r.values)) {
      const cp = [...p, "values", col];
      let at: Record<string, string | number | boolean> = r.at;
      let measure: string;
      if (t.columns) {
        const axis = axisByName.get(t.columns);
        if (!axis) throw new ModelDataError(`columns names "${t.columns}", which is not an axis`, [...path, "columns"]);
        const key = axis.values.find((x) => String(x) === col);
        if (key === undefined) throw new ModelDataError(`column "${col}" is not a value of axis ${t.columns}`, cp);
        at = { ...r.at, [t.columns]: key };
        measure = measureOf(r.measure, cp);
      } else {
        measure = measureOf(col, cp);
      }
      cells.push({ at, measure, v: mark(normaliseCell(cell, b.lines, "measured", cp), user) });
    }
  });
  t.measures.forEach((m, j) => {
    for (const end of ["low", "high"] as const) {
      const other = m.bounds?.[end];
      if (other !== undefined && !measureNames.has(other))
        throw new ModelDataError(`bounds.${end} "${other}" is not a measure of table ${t.id}`, [
          ...path,
          "measures",
          j,
          "bounds",
          end,
        ]);
    }
  });
  return {
    ...b,
    type: "table",
    caption: t.caption,
    axes: t.axes.map((a) => {
      const axis: TableEntry["axes"][number] = {
        name: a.name,
        type: a.type,
        scale: a.scale ?? "linear",
        values: a.values,
      };
      if (a.label !== undefined) axis.label = a.label;
      if (a.unit !== undefined) axis.unit = a.unit;
      if (a.labels !== undefined) axis.labels = a.labels;
      return axis;
    }),
    measures: t.measures,
    cells,
  };
}

export function normaliseDataFile(
  file: string,
  data: DataFile,
  userSupplied = false,
): { entries: ModelEntry[]; notEncoded: NotEncodedItem[] } {
  const entries: ModelEntry[] = [];
  data.tables?.forEach((t, i) => entries.push(normaliseTable(file, data, t, i, userSupplied)));
  data.figures?.forEach((f, i) => {
    const b = base(file, data, f, "figure", userSupplied);
    const e: FigureEntry = {
      ...b,
      type: "figure",
      quote: f.quote,
      subject: f.subject,
      condition: f.condition ?? {},
      unit: f.unit,
      v: mark(normaliseCell(f.value, b.lines, "prose", ["figures", i, "value"]), userSupplied),
    };
    if (f.relativeTo !== undefined) e.relativeTo = f.relativeTo;
    if (f.addressSpace !== undefined) e.addressSpace = f.addressSpace;
    if (f.difference !== undefined) e.difference = f.difference;
    entries.push(e);
  });
  data.formulas?.forEach((f, i) => {
    const b = base(file, data, f, "formula", userSupplied);
    const parameters: FormulaEntry["parameters"] = {};
    f.parameters?.forEach((p, j) => {
      const lines = p.lines !== undefined ? parseLines(p.lines) : b.lines;
      const entry: FormulaEntry["parameters"][string] = {
        unit: p.unit,
        v: mark(normaliseCell(p.cell, lines, "prose", ["formulas", i, "parameters", j, "cell"]), userSupplied),
      };
      if (p.description !== undefined) entry.description = p.description;
      parameters[p.name] = entry;
    });
    const e: FormulaEntry = {
      ...b,
      type: "formula",
      name: f.name,
      expression: f.expression,
      variables: f.variables,
      parameters,
      result: f.result,
      uses: f.uses ?? [],
    };
    if (f.quote !== undefined) e.quote = f.quote;
    entries.push(e);
  });
  data.gaps?.forEach((g) => {
    const e: GapEntry = {
      ...base(file, data, g, "gap", userSupplied),
      type: "gap",
      caption: g.caption,
      wouldGive: g.wouldGive,
      partial: g.partial ?? [],
    };
    if (g.concern !== undefined) e.concern = g.concern;
    entries.push(e);
  });
  data.examples?.forEach((x, i) => {
    const b = base(file, data, x, "example", userSupplied);
    const e: ExampleEntry = {
      ...b,
      type: "example",
      title: x.title,
      inputs: x.inputs,
      steps: x.steps ?? [],
      expected: {
        name: x.expected.name,
        unit: x.expected.unit,
        v: normaliseCell(x.expected.cell, b.lines, "prose", ["examples", i, "expected", "cell"]),
      },
    };
    if (x.tolerance !== undefined) e.tolerance = x.tolerance;
    if (x.check !== undefined) e.check = x.check;
    if (x.notComputable !== undefined) e.notComputable = x.notComputable;
    entries.push(e);
  });
  data.carries?.forEach((c, i) => {
    const b = base(file, data, c, "carry", userSupplied);
    const e: CarryEntry = {
      ...b,
      type: "carry",
      axis: c.axis,
      from: c.from,
      to: c.to,
      quote: c.quote,
      covers: c.covers,
    };
    if (c.tolerance !== undefined)
      e.tolerance = normaliseCell(c.tolerance, b.lines, "prose", ["carries", i, "tolerance"]);
    if (c.factorTable !== undefined) e.factorTable = c.factorTable;
    entries.push(e);
  });
  const notEncoded = (data.notEncoded ?? []).map((n) => ({ ...n, file }));
  return { entries, notEncoded };
}
