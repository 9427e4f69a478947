// The range of a model value: the low and high a looked-up figure carries beside its point, and why
// (docs/ranges.md). Each reason is one part, kept for --explain:
//   - what the source prints: a range ("8-13%"), a bound ("up to 42%", "in excess of 380MB/s"),
//     "approximately" (half a unit of the last digit printed), min and max columns;
//   - run-to-run variation: the tolerance each source states (models/sources.yaml runToRun), on MQ
//     measurements of CPU cost and throughput, the subjects of the reports' statements of regression
//     ("CPU costs and throughput", 000 line 252), and on storage the reports measured (an entry with
//     runToRun: { applies: true }): the 9.3 report reprints the 9.2 report's storage tables up to
//     2.7% apart, so re-measured storage moves between runs too;
//   - a difference the source computed (an overhead over 1KB): the difference of its operands' ranges;
//   - interpolation and extrapolation: the table's leave-one-out error (models/interpolation-error.yaml);
//   - flagged values: the other reading (a flag's alternative) inside the range;
//   - carries between releases and machines, and conditions outside the measured ones (the rules).
// The parts multiply (each is a factor on the value), which holds the worst case of each at once.
import type { LooStats, Value } from "./types.js";

export type RangeReason =
  | "printed-range"
  | "upper-bound"
  | "lower-bound"
  | "approximate"
  | "min-max"
  | "run-to-run"
  | "release-carry"
  | "release-extrapolation"
  | "machine-carry"
  | "derived"
  | "condition"
  | "interpolation"
  | "extrapolation"
  | "flagged"
  | "input"
  | "rule";

/** One reason a range is as wide as it is. */
export interface RangePart {
  /** What is uncertain: the model entry looked up, a config path, or a rule's line item. */
  readonly from: string;
  readonly reason: RangeReason;
  /** How far this part alone moves that value at each end, in percent of it (-6 and 6). */
  readonly low: number;
  readonly high: number;
  /** In words: "+/-6% between runs, as the source states". */
  readonly text: string;
  /** What states the width, where not `from` itself: a tolerance figure, a carry, a generated file. */
  readonly basis?: string;
  /** A stated tolerance either way, in percent (run-to-run, a carry's): 6 for "+/-6%". */
  readonly tolerance?: number;
  /** The side(s) on which the sources give this part no bound (its low then at the unit's floor). */
  readonly open?: "above" | "below" | "both";
}

/**
 * The run-to-run tolerance among a value's parts, in percent (0 without one). A loop, not find: parts
 * lists are kept frozen, and array builtins with a callback take a slow path on frozen arrays.
 */
export function runToRunOf(parts: readonly RangePart[]): number {
  for (let k = 0; k < parts.length; k++) if (parts[k]!.reason === "run-to-run") return parts[k]!.tolerance ?? 0;
  return 0;
}

export interface ValueRange {
  low: number;
  high: number;
  parts: RangePart[];
}

// Units of MQ measurements of CPU cost, elapsed time and throughput: what the run-to-run tolerance and
// a bound's open end apply to. Percentages and ratios count when they are a measured change of one.
const MEASURED_UNITS = new Set([
  "us",
  "ms",
  "cpu-seconds",
  "cf-us",
  "us-elapsed",
  "us/s",
  "per-second",
  "per-cpu-second",
  "MB/s",
  "GB/s",
  "Gbit/s",
  "Gb/s",
  "ms/KB",
  "seconds",
  "minutes",
]);
const RELATIVE_UNITS = new Set(["percent", "ratio"]);

/** What a value is, for its range: an MQ measurement (of CPU or throughput, or a change of one), or not. */
export interface ValueKind {
  /** The model entry id, for the parts. */
  from: string;
  unit: string;
  /** A percentage or ratio that is a measured change (a figure with relativeTo, a table's measure). */
  relative: boolean;
  /** The source's run-to-run tolerance in percent, with its figure id; undefined where none applies. */
  runToRun?: { pct: number; figure: string };
  /** Storage the report measured (runToRun: { applies: true } in the model file): a measurement too. */
  storage?: boolean;
}

/** Units of storage: figures in them are measurements only where the model file says the report measured them. */
export const STORAGE_UNITS: ReadonlySet<string> = new Set(["KB", "MB", "GB"]);

/**
 * Whether a value of this unit is an MQ measurement of CPU cost or throughput (or a change of one), or
 * storage the report measured (`storage`).
 */
export function isMeasurement(unit: string, relative: boolean, storage = false): boolean {
  return MEASURED_UNITS.has(unit) || (relative && RELATIVE_UNITS.has(unit)) || (storage && STORAGE_UNITS.has(unit));
}

const pctOf = (x: number, v: number): number =>
  x === Infinity ? Infinity : x === -Infinity ? -Infinity : v === 0 ? 0 : ((x - v) / Math.abs(v)) * 100;

/** a x b where an open end times nothing is nothing (0 x Infinity is 0, not NaN). */
export const mulOpen = (a: number, b: number): number => (a === 0 || b === 0 ? 0 : a * b);

/** The low and high of k1 x [a, b] with k in [k1, k2], whatever the signs. */
function scaled(a: number, b: number, k1: number, k2: number): [number, number] {
  const xs = [mulOpen(a, k1), mulOpen(a, k2), mulOpen(b, k1), mulOpen(b, k2)];
  return [Math.min(...xs), Math.max(...xs)];
}

/** Percent points as text: "+/-6%", "-24%..+24%", "-100%..0%". */
export function pctText(low: number, high: number): string {
  const f = (x: number) => {
    if (x === Infinity) return "open";
    if (x === -Infinity) return "-open";
    const r = Math.abs(x) >= 10 ? Math.round(x) : Math.round(x * 10) / 10;
    return `${r > 0 ? "+" : ""}${r}%`;
  };
  if (Math.abs(low + high) < 1e-9 && high > 0) return `+/-${f(high).slice(1)}`;
  return `${f(low)}..${f(high)}`;
}

/**
 * Half a unit in the last digit of the number printed in `raw`, relative to that number: "approximately
 * 6MB" 0.5/6, "approximately 4.9KB" 0.05/4.9, "of the order of 4000" 500/4000 (a whole number's last
 * digit that is not zero). Undefined when raw prints no digits ("twice").
 */
export function printedPrecision(raw: string): number | undefined {
  // A scan, not a regex with nested quantifiers: raw comes from model files, a user's among them.
  let k = 0;
  while (k < raw.length && !(raw[k]! >= "0" && raw[k]! <= "9")) k++;
  if (k === raw.length) return undefined;
  let whole = "";
  let frac = "";
  while (k < raw.length && ((raw[k]! >= "0" && raw[k]! <= "9") || raw[k] === ",")) {
    if (raw[k] !== ",") whole += raw[k];
    k++;
  }
  if (raw[k] === "." && k + 1 < raw.length && raw[k + 1]! >= "0" && raw[k + 1]! <= "9") {
    k++;
    while (k < raw.length && raw[k]! >= "0" && raw[k]! <= "9") frac += raw[k++];
  }
  const printed = Number(`${whole}.${frac || "0"}`);
  if (!(printed > 0)) return undefined;
  let unit: number;
  if (frac) unit = 10 ** -frac.length;
  else {
    let zeros = 0;
    for (let j = whole.length - 1; j > 0 && whole[j] === "0"; j--) zeros++;
    unit = 10 ** zeros;
  }
  return unit / 2 / printed;
}

/**
 * The range of a printed value: what the print states (range, bound, approximately), the run-to-run
 * tolerance on a measurement, and the other reading of a flagged value. `v.value` must be a number.
 */
export function valueRange(v: Value, kind: ValueKind): ValueRange {
  const value = v.value!;
  const measurement = isMeasurement(kind.unit, kind.relative, kind.storage);
  const parts: RangePart[] = [];
  let low = value;
  let high = value;
  const add = (reason: RangeReason, l: number, h: number, text: string, basis?: string, tolerance?: number) =>
    parts.push(
      Object.freeze(
        basis === undefined
          ? { from: kind.from, reason, low: pctOf(l, value), high: pctOf(h, value), text }
          : { from: kind.from, reason, low: pctOf(l, value), high: pctOf(h, value), text, basis, tolerance },
      ),
    );
  switch (v.qualifier) {
    case "range":
      low = Math.min(v.low ?? value, value);
      high = Math.max(v.high ?? value, value);
      add("printed-range", low, high, `printed as a range, "${v.raw}"`);
      break;
    case "upper":
      // "Up to 42%": nothing below is ruled out, down to no change at all. A count or size printed
      // "up to" is a limit (9,999 channels), exact as a number.
      if (measurement) {
        const none = kind.unit === "ratio" ? 1 : 0;
        low = Math.min(none, v.low ?? none, value);
        high = Math.max(v.high ?? value, value);
        add("upper-bound", low, high, `printed as an upper bound, "${v.raw}": nothing lower is ruled out`);
      }
      break;
    case "lower":
      // "In excess of 380MB/s": the source gives no upper end, so the range has none (open above); the
      // point stays the printed figure, the most the source vouches for.
      if (measurement) {
        high = Infinity;
        add(
          "lower-bound",
          low,
          high,
          `printed as a lower bound, "${v.raw}": no upper end is given, the range is open above`,
        );
      }
      break;
    case "approx": {
      // A number written as a word ("double") has no last digit: its width is the runs' alone, not
      // half of "2" (which made "double" 1.5 to 2.5 times, above the source's own "up to 2.4 times").
      const p =
        printedPrecision(v.raw) ?? (HAS_DIGIT.test(v.raw) ? printedPrecision(String(Math.abs(value))) : undefined);
      if (p !== undefined && value !== 0) {
        const d = Math.abs(value) * p;
        low = value - d;
        high = value + d;
        add("approximate", low, high, `printed "${v.raw}": half a unit of the last digit either way`);
      }
      break;
    }
  }
  const point = v.qualifier === "exact" || v.qualifier === "approx";
  if (measurement && point && kind.runToRun) {
    const t = kind.runToRun.pct / 100;
    // A change in percent varies as the ratio of two runs does: (1 + p/100) x (1 +/- t).
    if (kind.unit === "percent" && kind.relative) {
      // A decrease printed as a positive figure ("8% lower on z15") is the ratio 1 - p/100: widened on
      // 0.92, not 1.08 (8% lower is 2.48% to 13.52% lower, not 1.52% to 14.48%).
      const down = value > 0 && isDecrease(v.raw);
      const base = down ? 100 - value : 100 + value;
      const ratio = scaled(base, base, 1 - t, 1 + t);
      const alone = down ? [200 - ratio[1], 200 - ratio[0]] : ratio;
      if (down) {
        const [a, b] = widenBy(-high, -low, kind.runToRun.pct, true);
        [low, high] = [-b, -a];
      } else [low, high] = widenBy(low, high, kind.runToRun.pct, true);
      add(
        "run-to-run",
        alone[0]! - 100,
        alone[1]! - 100,
        `+/-${kind.runToRun.pct}% between runs, on the ratio 1 ${down ? "-" : "+"} ${value}%`,
        kind.runToRun.figure,
        kind.runToRun.pct,
      );
    } else {
      [low, high] = scaled(low, high, 1 - t, 1 + t);
      add(
        "run-to-run",
        value * (1 - t),
        value * (1 + t),
        `+/-${kind.runToRun.pct}% between runs, as the source states`,
        kind.runToRun.figure,
        kind.runToRun.pct,
      );
    }
  }
  for (const f of v.flags) {
    if (f.alternative === undefined) continue;
    low = Math.min(low, f.alternative);
    high = Math.max(high, f.alternative);
    add(
      "flagged",
      Math.min(value, f.alternative),
      Math.max(value, f.alternative),
      `flagged ${f.code}: the other reading, ${f.alternative}, is inside the range`,
    );
  }
  return { low, high, parts };
}

const HAS_DIGIT = /\d/;
// Words a printed change uses for a fall (model text, not user input; linear).
const DECREASE = /\b(?:lower|less|reduc|decreas|drop|fewer|saving|cheaper)/i;
const isDecrease = (raw: string): boolean => DECREASE.test(raw);

/**
 * Widens a range by a relative error in percent, either way (run-to-run, interpolation, a carry's
 * tolerance): [low, high] x (1 -/+ e/100); for a change in percent (`change`), its ratio 1 + p/100 is
 * widened, as two runs' ratio varies. Never across zero: noise widens an effect measured on one side of
 * zero (a cost, an increase, a saving), it does not turn it into its opposite.
 */
export function widenBy(low: number, high: number, pct: number, change = false): [number, number] {
  const e = pct / 100;
  let a: number;
  let b: number;
  if (change) {
    [a, b] = scaled(100 + low, 100 + high, 1 - e, 1 + e);
    a -= 100;
    b -= 100;
  } else [a, b] = scaled(low, high, 1 - e, 1 + e);
  if (low >= 0 && a < 0) a = 0;
  if (high <= 0 && b > 0) b = 0;
  return [a, b];
}

/**
 * Fewer points than this give no p90 worth the name: a width taken from measured errors is then the
 * worst of them (interpolation's leave-one-out errors, storage's release-to-release changes).
 */
export const P90_MIN_POINTS = 5;

/** The error to widen an interpolated value by: the table axis's p90 over enough points, else more. */
export function interpolationError(
  own: LooStats | undefined,
  pooled: LooStats,
): { pct: number; how: string; perSpan?: { pct: number; how: string } } {
  // The table's own p90 over enough points, its worst over fewer; a table too short to drop a point
  // from takes the p90 of every table's points on the same kind of axis.
  if (own && own.n > 0) {
    const [stat, word] = own.n >= P90_MIN_POINTS ? (["p90", "p90"] as const) : (["max", "worst"] as const);
    const how = `${word} of ${own.n} leave-one-out predictions in this table`;
    return {
      pct: own[stat],
      how,
      ...(own.perSpan ? { perSpan: { pct: own.perSpan[stat], how: `${how}, each over the span it crossed` } } : {}),
    };
  }
  return { pct: pooled.p90, how: `p90 of ${pooled.n} leave-one-out predictions over every table` };
}
