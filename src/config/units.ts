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

/** The patterns built from strings here, for the adversarial-input test (test/bad-input/regex.test.ts). */
export const UNIT_PATTERNS: readonly RegExp[] = [SIZE, RATE, TIME];

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
