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
  /** The least and most of `up`'s pairs, where `up` is their p5..p95 (five or more pairs). */
  upWhole?: { low: number; high: number };
  /**
   * Whether the row's pairs predict one another across tables: each pair held out against the spread of
   * the pairs that share no entry with it (where those come from two or more entries), how many were
   * tested, how many fell inside the others' usual spread (p90, or p5..p95) and how many inside their
   * whole spread (the worst, or least..most). Absent where no pair could be held out.
   */
  heldOut?: { tested: number; inside: number; insideWhole: number };
  /** Set on the row evidenceFor gives where the whole spread is taken: why (the held-out count). */
  whole?: string;
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

/**
 * A spread is taken only if the row's pairs, each held out, fall inside the spread of the others at least
 * this often: the share the accuracy bench asks of every range (#27: a range holds the measured value in
 * 90% of cases). The usual spread (p90, p5..p95) where it does; else the whole one (the worst, least..most)
 * where that does; else none: the tables move unlike one another, a figure of a table not in the sources
 * may move like neither, and the range is open.
 */
export const HELD_OUT_INSIDE = 0.9;

/** Which spread of a row is taken: "usual", "whole", or "none" (not evidence; the range is open). */
export function spreadTaken(r: EvidenceRow): "usual" | "whole" | "none" {
  if (r.entries < MIN_EVIDENCE_ENTRIES) return "none";
  const h = r.heldOut;
  if (!h || h.inside >= HELD_OUT_INSIDE * h.tested) return "usual";
  return h.insideWhole >= HELD_OUT_INSIDE * h.tested ? "whole" : "none";
}

/** Whether a row is taken as evidence: pairs from two or more entries that predict one another. */
export function rowTransfers(r: EvidenceRow): boolean {
  return spreadTaken(r) !== "none";
}

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
  const row = evidenceRowFor(evidence, condition, kind, sizes);
  if (!row) return undefined;
  const taken = spreadTaken(row);
  if (taken === "none") return undefined;
  if (taken === "usual" || row.how === "worst") return row;
  // The whole spread, as the row's: its p90 (or p5..p95) held too few of its own pairs held out.
  const h = row.heldOut!;
  return {
    ...row,
    pct: row.max,
    how: "worst",
    ...(row.up ? { up: row.upWhole ?? row.up } : {}),
    whole: `their ${row.up ? "p5 to p95" : "p90"} held ${h.inside} of ${h.tested} of their own pairs, each held out against the others`,
  };
}

/**
 * The row evidenceFor would read, taken or not (pairs from one entry, or pairs that do not predict one
 * another): for the words that say why a range is open.
 */
function evidenceRowFor(
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
  // The nearest band with pairs: a row that does not transfer ends the search (a wider band does not
  // stand in for a narrower one whose tables disagree).
  for (let k = start; k < SIZE_BANDS.length; k++)
    for (const r of rows) if (r.condition === condition && r.kind === kind && r.band === SIZE_BANDS[k]!.name) return r;
  return undefined;
}

/**
 * Why there is no evidence for a figure of this kind under another value of `condition`, as words that
 * follow "so the range is open": no pairs in two or more tables, or pairs that do not predict one another.
 */
export function noEvidenceWords(
  evidence: ConditionEvidence | undefined,
  condition: string,
  kind: QuantityKind,
  words: { what: string; condition: string },
  sizes?: { measured: number; config: number },
): string {
  const row = evidenceRowFor(evidence, condition, kind, sizes);
  if (row?.heldOut && !rowTransfers(row))
    return `the sources' pairs of ${words.what} figures measured under two values of ${words.condition}${row.band ? ` ${row.band} apart` : ""} (${row.n} pairs from ${row.entries} entries) do not predict one another: each held out, ${row.heldOut.insideWhole} of ${row.heldOut.tested} fall inside the others' whole spread`;
  return `the sources hold no pairs of ${words.what} figures measured under two values of ${words.condition} in two or more tables`;
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
