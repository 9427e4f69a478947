// The sources' evidence of how far a figure moves when one condition changes (models/condition-evidence.yaml,
// written by bench/condition-evidence.ts): the vocabulary both sides share, and the look-up the ranges use.

/** Kinds of quantity, whose ratios under a changed condition are pooled together. */
export type QuantityKind = "cpu" | "throughput" | "log-rate" | "storage" | "elapsed" | "change";

export const QUANTITY_KINDS: readonly QuantityKind[] = [
  "cpu",
  "throughput",
  "log-rate",
  "storage",
  "elapsed",
  "change",
];

/** One row of the evidence: a condition (message size by band), a kind of quantity, and the spread of its pairs. */
export interface EvidenceRow {
  condition: string;
  band?: string;
  kind: QuantityKind;
  /** Pairs of measurements. */
  n: number;
  /** Percent either way: the p90 of (larger / smaller - 1) over five or more pairs, the worst of fewer. */
  pct: number;
  how: "p90" | "worst";
  max: number;
  /** How many model entries the pairs come from. */
  entries: number;
  /**
   * For a condition with an order (message size, CPUs, SHARECNV, log copies): how the value at the larger
   * setting stands to the value at the smaller, in percent of the smaller, as the p5 and p95 over five or
   * more pairs (the least and most of fewer). A figure used at a larger setting moves within these; at a
   * smaller one, within their inverses. Absent where the condition has no order.
   */
  up?: { low: number; high: number };
}

export interface ConditionEvidence {
  generatedBy: string;
  rows: EvidenceRow[];
}

const CPU = new Set(["us", "ms", "cpu-seconds", "cf-us", "us/s", "ms/KB"]);
const THROUGHPUT = new Set(["per-second", "per-cpu-second", "GB/s", "Gbit/s", "Gb/s"]);
const STORAGE = new Set(["KB", "MB", "GB"]);
const ELAPSED = new Set(["us-elapsed", "seconds", "minutes"]);

/** The kind of quantity a value of this unit is, or undefined for what is no measurement (counts, settings). */
export function quantityKindOf(unit: string, relative: boolean, storage = false): QuantityKind | undefined {
  if (relative && (unit === "percent" || unit === "ratio")) return "change";
  if (CPU.has(unit)) return "cpu";
  if (THROUGHPUT.has(unit)) return "throughput";
  if (unit === "MB/s") return "log-rate";
  // Storage is a measurement only where the model file says the report measured it (runToRun: applies):
  // other storage figures are settings or sizes (an LPAR's memory, a buffer pool).
  if (STORAGE.has(unit)) return storage ? "storage" : undefined;
  if (ELAPSED.has(unit)) return "elapsed";
  return undefined;
}

/**
 * Pairs from one table say how that table moves, not how the sources' figures of that kind move: three
 * equal pairs of one persistence table read as "persistence moves CPU cost by 0%". A row counts as
 * evidence only with pairs from at least this many model entries; with fewer the range is open.
 */
export const MIN_EVIDENCE_ENTRIES = 2;

/** Message-size bands, by how far apart two sizes are (the larger over the smaller), narrowest first. */
export const SIZE_BANDS: readonly { name: string; upTo: number }[] = [
  { name: "up to 4x", upTo: 4 },
  { name: "up to 16x", upTo: 16 },
  { name: "up to 64x", upTo: 64 },
  { name: "over 64x", upTo: Infinity },
];

export function sizeBandOf(a: number, b: number): string {
  const s = Math.max(a, b) / Math.min(a, b);
  return SIZE_BANDS.find((x) => s <= x.upTo + 1e-9)!.name;
}

/**
 * The evidence for a figure of this kind used under another value of `condition`: the row of its band
 * (message size), or of the nearest wider band with pairs (a wider change moves a figure at least as
 * far); undefined where the sources hold no such pair (the range is then open).
 */
export function evidenceFor(
  evidence: ConditionEvidence | undefined,
  condition: string,
  kind: QuantityKind,
  sizes?: { measured: number; config: number },
): EvidenceRow | undefined {
  if (!evidence) return undefined;
  const rows = evidence.rows.filter((r) => r.entries >= MIN_EVIDENCE_ENTRIES);
  if (condition !== "messageSize" || !sizes) {
    for (const r of rows) if (r.condition === condition && r.kind === kind && r.band === undefined) return r;
    return undefined;
  }
  const band = sizeBandOf(sizes.measured, sizes.config);
  const start = SIZE_BANDS.findIndex((b) => b.name === band);
  for (let k = start; k < SIZE_BANDS.length; k++)
    for (const r of rows) if (r.condition === condition && r.kind === kind && r.band === SIZE_BANDS[k]!.name) return r;
  return undefined;
}

/**
 * The factors a value moves by under the change a row describes: for an ordered condition moved to the
 * larger setting (`way` 1) the row's p5..p95 of larger over smaller, to the smaller (-1) their inverses;
 * otherwise its p90 either way. A change in percent is moved on its ratio 1 + p/100 by the caller.
 */
export function evidenceFactors(row: EvidenceRow, way: -1 | 0 | 1): [number, number] {
  if (row.up && way !== 0) {
    const ul = 1 + row.up.low / 100;
    const uh = 1 + row.up.high / 100;
    return way > 0 ? [ul, uh] : [1 / uh, 1 / ul];
  }
  return [1 / (1 + row.pct / 100), 1 + row.pct / 100];
}
