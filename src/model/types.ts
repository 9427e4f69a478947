// Normalised model data: what the registry holds after a model file has been validated.
import type { AddressSpace, Hardware } from "./vocabulary.js";
import type { Qualifier } from "./parse-raw.js";
import type { ConditionEvidence } from "./evidence.js";

export type LineRange = [number, number];

export interface Flag {
  code: string;
  reason: string;
  /** The value the other reading gives (a contradicting figure, the unrounded arithmetic). */
  alternative?: number;
}

export interface Value {
  raw: string;
  /** null for a printed cell that is text, not a figure (a formula string, a name). */
  value: number | null;
  low?: number;
  high?: number;
  qualifier: Qualifier;
  kind: "measured" | "prose" | "derived";
  lines: LineRange[];
  flags: Flag[];
  note?: string;
  /** Set when the value comes from a user's --models folder. */
  userSupplied?: boolean;
}

export interface Applies {
  releases: string[];
  hardware: Hardware[];
  conditions?: Record<string, string | number | boolean>;
}

export interface EntryBase {
  id: string;
  type: "table" | "figure" | "formula" | "gap" | "example" | "carry";
  source: string;
  file: string;
  inventory: string[];
  section: string;
  lines: LineRange[];
  appliesTo: Applies;
  notes: string[];
  userSupplied: boolean;
  /**
   * Set on a table, figure or formula that no rule reads on purpose (`use: context` in the model file):
   * the one-line reason (`why:`).
   */
  context?: string;
  /** Set (with the reason) on a table or figure whose values are not MQ runs: no run-to-run tolerance. */
  notRunToRun?: string;
  /**
   * Set (with the reason) on a table or figure of storage the report measured (KB, MB, GB footprints):
   * its values take the run-to-run tolerance as CPU costs and throughput do.
   */
  measuredStorage?: string;
}

export interface AxisDef {
  name: string;
  label?: string;
  unit?: string;
  type: "numeric" | "category";
  scale: "linear" | "log";
  values: (string | number)[];
  labels?: string[];
}

export interface MeasureDef {
  name: string;
  label?: string;
  unit: string;
  addressSpace?: AddressSpace;
  description?: string;
  /** Min and max columns of the same table that bound this measure. */
  bounds?: { low?: string; high?: string };
  /** The source computed this measure as `of` at the cell less `of` at the cell with `minus`'s axis values. */
  difference?: { of: string; minus: Record<string, string | number | boolean> };
}

export interface TableCellN {
  at: Record<string, string | number | boolean>;
  measure: string;
  v: Value;
}

export interface TableEntry extends EntryBase {
  type: "table";
  caption: string;
  axes: AxisDef[];
  measures: MeasureDef[];
  cells: TableCellN[];
}

export interface FigureEntry extends EntryBase {
  type: "figure";
  quote: string;
  subject: string;
  condition: Record<string, string | number | boolean>;
  relativeTo?: string;
  unit: string;
  addressSpace?: AddressSpace;
  v: Value;
  /** The source computed this figure as one figure less another: its range is the difference of theirs. */
  difference?: { of: string; minus: string };
}

export interface FormulaEntry extends EntryBase {
  type: "formula";
  name: string;
  expression: string;
  quote?: string;
  variables: { name: string; unit: string; description?: string }[];
  parameters: Record<string, { unit: string; v: Value; description?: string }>;
  result: { name: string; unit: string };
  uses: string[];
}

export interface GapEntry extends EntryBase {
  type: "gap";
  caption: string;
  wouldGive: string;
  concern?: string;
  partial: string[];
}

export interface ExampleEntry extends EntryBase {
  type: "example";
  title: string;
  inputs: Record<string, string | number | boolean>;
  steps: string[];
  expected: { name: string; unit: string; v: Value };
  tolerance?: { abs?: number; rel?: number; why: string };
  check?: { config: Record<string, unknown>; output: string };
  notComputable?: string;
}

export interface CarryEntry extends EntryBase {
  type: "carry";
  axis: "release" | "hardware";
  from: string[];
  to: string[];
  quote: string;
  tolerance?: Value;
  factorTable?: string;
  /**
   * What the statement is about: cpu-and-throughput (every figure but storage), charts (lost charts: no
   * looked-up value), or the entries it names.
   */
  covers: "cpu-and-throughput" | "charts" | string[];
}

export type ModelEntry = TableEntry | FigureEntry | FormulaEntry | GapEntry | ExampleEntry | CarryEntry;

export interface SourceInfo {
  id: string;
  title: string;
  edition: string;
  date: string;
  releases: string[];
  hardware: Hardware[];
  machine: string;
  seed: string;
  inventory: string;
  /** The figure stating this source's run-to-run tolerance, and where or why. */
  runToRun?: { figure: string; why: string };
}

export interface InventoryItem {
  id: string;
  type: string;
  lines?: string;
  title: string;
}

export interface NotEncodedItem {
  inventory: string[];
  reason: string;
  file: string;
}

/** Absolute percentage errors of leave-one-out predictions (bench/accuracy.ts). */
export interface LooStats {
  n: number;
  median: number;
  p90: number;
  max: number;
  /**
   * The same errors each over the span its prediction crossed (the distance between its two neighbours
   * in the axis's scale: natural log of their ratio on a log axis), in percent per unit of span.
   */
  perSpan?: { p90: number; max: number };
}

/** The interpolation error data the bench generates (models/interpolation-error.yaml). */
export interface InterpolationErrors {
  generatedBy: string;
  scheme: "linear" | "log" | "monotone";
  pooled: { messageSize: LooStats; other: LooStats };
  tables: { table: string; axis: string; messageSize: boolean; stats: LooStats; unflagged?: LooStats }[];
}

/** Everything the registry is built from; also the shape of the precompiled models bundle. */
export interface ModelData {
  sources: SourceInfo[];
  inventory: InventoryItem[];
  entries: ModelEntry[];
  notEncoded: NotEncodedItem[];
  files: { file: string; source: string; title: string }[];
  /** Leave-one-out interpolation errors by table and axis; absent from a user's --models folder. */
  interpolationErrors?: InterpolationErrors;
  /** How far measurements move when one condition changes (models/condition-evidence.yaml); absent from a user's folder. */
  conditionEvidence?: ConditionEvidence;
}
