// The config's unit syntax. Sizes: "32KB", "4MB", "1GB", or a plain number of bytes; KB = 1024 bytes
// and MB = 1024 KB, as the reports' worked examples need. Percentages: "60%" or a number 0-100.
// Rates: "2000/s", "120000/min", "5/ms". Times: "45us", "1.5ms", "2s". Digits may be grouped: "2,000/s".
import { formatNumber } from "../util/number-format.js";

// A number may group its digits in threes with commas, as spreadsheets print them: "2,000/s",
// "1,048,576". Only whole groups of three: "2,5" is refused rather than read as 2.5 or 25.
const NUM = String.raw`(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)`;
const SIZE = new RegExp(String.raw`^\s*${NUM}(?:\s*(B|KB|K|MB|M|GB|G))?\s*$`, "i");
const PERCENT = /^\s*(\d+(?:\.\d+)?)\s*%\s*$/;
const RATE = new RegExp(String.raw`^\s*${NUM}\s*\/\s*(s|sec|second|min|minute|h|hour|ms)\s*$`, "i");
const TIME = new RegExp(String.raw`^\s*${NUM}\s*(us|\u00b5s|ms|s)\s*$`, "i");

/** The number of a unit value, its digit-group commas dropped. */
const numberOf = (digits: string) => Number(digits.replace(/,/g, ""));

const SIZE_UNIT: Record<string, number> = {
  b: 1,
  k: 1024,
  kb: 1024,
  m: 1048576,
  mb: 1048576,
  g: 1073741824,
  gb: 1073741824,
};
const RATE_UNIT: Record<string, number> = {
  s: 1,
  sec: 1,
  second: 1,
  min: 1 / 60,
  minute: 1 / 60,
  h: 1 / 3600,
  hour: 1 / 3600,
  ms: 1000,
};
// The micro sign (U+00B5) lower-cases to itself, but the regular expression's /i also matches Greek
// capital Mu (U+039C), which lower-cases to Greek mu (U+03BC): both mean microseconds.
const TIME_UNIT: Record<string, number> = { us: 1, "\u00b5s": 1, "\u03bcs": 1, ms: 1000, s: 1e6 };

export function parseSize(v: string | number): number | undefined {
  if (typeof v === "number") return v;
  const m = SIZE.exec(v);
  if (!m) return undefined;
  return Math.round(numberOf(m[1]!) * SIZE_UNIT[(m[2] ?? "b").toLowerCase()]!);
}

export function parsePercent(v: string | number): number | undefined {
  if (typeof v === "number") return v;
  const m = PERCENT.exec(v);
  return m ? Number(m[1]) : undefined;
}

export function parseRate(v: string | number): number | undefined {
  if (typeof v === "number") return v;
  const m = RATE.exec(v);
  return m ? numberOf(m[1]!) * RATE_UNIT[m[2]!.toLowerCase()]! : undefined;
}

export function parseTime(v: string | number): number | undefined {
  if (typeof v === "number") return v;
  const m = TIME.exec(v);
  return m ? numberOf(m[1]!) * TIME_UNIT[m[2]!.toLowerCase()]! : undefined;
}

/** MQ's MMMM.SS interval format (STATIME, ACCTIME): "1.00" is one minute, "0.15" fifteen seconds. */
export function parseInterval(v: string | number): number | undefined {
  const text = typeof v === "number" ? v.toFixed(2) : v.trim();
  const m = /^(\d{1,4})\.(\d{2})$/.exec(text);
  if (!m) return undefined;
  const seconds = Number(m[2]);
  if (seconds > 59) return undefined;
  return Number(m[1]) * 60 + seconds;
}

/** A size as the reports write it: 32KB, 4MB, 1.5KB, or bytes below 1KB. */
export function formatSize(bytes: number): string {
  if (bytes >= 1048576) return `${formatNumber(bytes / 1048576, 2)}MB`;
  if (bytes >= 1024) return `${formatNumber(bytes / 1024, 2)}KB`;
  return `${bytes}B`;
}

/** The unit kinds a config value may be written as a range in. */
export type RangeKind = "size" | "rate" | "time";

/** A value written as a range: its ends and its point (the middle of LOW..HIGH, the VALUE of
 * LOW..VALUE..HIGH, or the figure before +/-). */
export interface ParsedRange {
  low: number;
  value: number;
  high: number;
}

const POINT_PARSERS: Record<RangeKind, (v: string) => number | undefined> = {
  size: parseSize,
  rate: parseRate,
  time: parseTime,
};
const UNIT_EXAMPLES: Record<RangeKind, string> = { size: "8KB", rate: "6000/s", time: "35us" };
const KIND_NAMES: Record<RangeKind | "percent", string> = {
  size: "a size",
  rate: "a rate",
  time: "a CPU time",
  percent: "a percentage",
};
const BARE = new RegExp(String.raw`^\s*${NUM}\s*$`);
const LEADING_NUMBER = new RegExp(String.raw`^\s*${NUM}`);
/** The ways +/- may be written, the longer spelling first ("+/-" before "+-"). */
const PLUS_MINUS = ["\u00b1", "+/-", "+-"] as const;

/** What a written end is, when it is not the kind asked for: "8us is a CPU time". */
function otherKind(kind: RangeKind, text: string): string | undefined {
  for (const k of ["size", "rate", "time"] as const)
    if (k !== kind && POINT_PARSERS[k](text) !== undefined) return KIND_NAMES[k];
  return parsePercent(text) !== undefined ? KIND_NAMES.percent : undefined;
}

/**
 * One end of a range. A bare number takes the unit of the other end ("4000..6000/s" is 4000/s to
 * 6000/s, "2..8KB" 2KB to 8KB); written with a unit, it must be of the same kind (sizes may use
 * different sizes' units: 512B..4MB).
 */
function rangeEnd(kind: RangeKind, text: string, other: string): number | string {
  const parse = POINT_PARSERS[kind];
  const lead = LEADING_NUMBER.exec(other);
  const unit = lead ? other.slice(lead[0].length) : "";
  const n = BARE.test(text) ? parse(`${text.trim()}${unit}`) : parse(text);
  if (n !== undefined) return n;
  const t = text.trim();
  if (BARE.test(t)) return `"${t}" has no unit: write one after it, as in ${UNIT_EXAMPLES[kind]}`;
  const found = otherKind(kind, t);
  return found
    ? `mixed units: "${t}" is ${found}, and both ends must be ${KIND_NAMES[kind]}`
    : `"${t}" is not ${KIND_NAMES[kind]}`;
}

/**
 * A value written as a range: "LOW..HIGH" ("4000..6000/s", "2KB..8KB", "25..35us"), "LOW..VALUE..HIGH"
 * (a point that is not the middle: "578.6..744.1..1211us", as calibrate writes a measured cost and its
 * spread across intervals) or "VALUE +/- DELTA" ("30us +/-10%", "30us ±5us", "2000/s +-200/s"). Returns undefined when the text is neither
 * form (then it is a single value, or wrong), a message when it is one of them but malformed (ends
 * out of order, mixed units). Split at the first ".." or +/- rather than by one regular expression:
 * each part is read by the single-value patterns above, which are linear.
 */
export function parseRange(kind: RangeKind, text: string): ParsedRange | { problem: string } | undefined {
  const round = kind === "size" ? Math.round : (x: number) => x;
  const dots = text.indexOf("..");
  if (dots >= 0) {
    const lowText = text.slice(0, dots);
    // LOW..VALUE..HIGH: the point between the ends, where it is not their middle.
    const second = text.indexOf("..", dots + 2);
    const pointText = second >= 0 ? text.slice(dots + 2, second) : undefined;
    const highText = text.slice(second >= 0 ? second + 2 : dots + 2);
    const high = rangeEnd(kind, highText, "");
    if (typeof high === "string") return { problem: `the high end: ${high}` };
    const low = rangeEnd(kind, lowText, highText);
    if (typeof low === "string") return { problem: `the low end: ${low}` };
    if (low > high)
      return {
        problem: `the low end ${lowText.trim()} is above the high end ${highText.trim()}; write LOW..HIGH, the smaller first`,
      };
    if (pointText === undefined) return { low, value: round((low + high) / 2), high };
    const value = rangeEnd(kind, pointText, highText);
    if (typeof value === "string") return { problem: `the value between the ends: ${value}` };
    if (value < low || value > high)
      return {
        problem: `the value ${pointText.trim()} is outside its ends ${lowText.trim()}..${highText.trim()}; write LOW..VALUE..HIGH, in that order`,
      };
    return { low, value, high };
  }
  for (const pm of PLUS_MINUS) {
    const at = text.indexOf(pm);
    if (at < 0) continue;
    const valueText = text.slice(0, at);
    const deltaText = text.slice(at + pm.length);
    const value = POINT_PARSERS[kind](valueText);
    if (value === undefined) {
      const found = otherKind(kind, valueText.trim());
      return {
        problem: BARE.test(valueText)
          ? `"${valueText.trim()}" before ${pm} has no unit: write one, as in ${UNIT_EXAMPLES[kind]}`
          : found
            ? `mixed units: "${valueText.trim()}" is ${found}, not ${KIND_NAMES[kind]}`
            : `"${valueText.trim()}" before ${pm} is not ${KIND_NAMES[kind]}`,
      };
    }
    const pct = PERCENT.exec(deltaText);
    if (pct) {
      const p = Number(pct[1]);
      return { low: round(value * (1 - p / 100)), value, high: round(value * (1 + p / 100)) };
    }
    const delta = rangeEnd(kind, deltaText, valueText);
    if (typeof delta === "string") return { problem: `after ${pm}: ${delta}, or a percentage such as 10%` };
    return { low: value - delta, value, high: value + delta };
  }
  return undefined;
}

/** The patterns built from strings here, for the adversarial-input test (test/bad-input/regex.test.ts). */
export const UNIT_PATTERNS: readonly RegExp[] = [SIZE, RATE, TIME, BARE, LEADING_NUMBER];
