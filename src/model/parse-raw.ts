// Turns a printed value ("1,200", "+19", "up to 42%", "8-13%", "approximately 6MB") into a number
// with its qualifier. Hand-written because the reports' wording is specific and no library reads
// "in excess of" or "between 45 and 28%"; anything it cannot read must be written out in full.
export type Qualifier = "exact" | "approx" | "upper" | "lower" | "range";

export interface ParsedRaw {
  value: number;
  low?: number;
  high?: number;
  qualifier: Qualifier;
}

const NUM = String.raw`[-+\u2212]?\d[\d,]*(?:\.\d+)?|[-+\u2212]?\.\d+`;

function toNumber(text: string): number {
  return Number(text.replace(/,/g, "").replace("−", "-"));
}

const UPPER = /^(?:up\s*to|less\s+than|under|below|at\s+most|no\s+more\s+than|<=?|\u2264)\s*/i;
const LOWER = /^(?:in\s+excess\s+of|more\s+than|over|above|greater\s+than|at\s+least|nearly|>=?|\u2265)\s*/i;
const APPROX = /^(?:approximately|approx\.?|about|around|roughly|~|\u2248|circa|c\.)\s*/i;
// Units and decorations that may follow a printed number, in any sequence, spaces between or not
// ("us", "MB/s", "KB **", "uSecs"). Matched by the small scan in isTrailer, not by a regex: the
// regex these replace, /^\s*(?:%|x|...|s|\s)*$/i, had alternatives that overlap ("ms" is "M" then
// "s") under a star and backtracked exponentially on a long unit tail.
const TRAILER_TOKENS = [
  "%",
  "x",
  "times",
  "kb",
  "mb",
  "gb",
  "tb",
  "k",
  "m",
  "g",
  "bytes",
  "byte",
  "b",
  "usecs",
  "usec",
  "us",
  "\u00b5s",
  "microseconds",
  "microsecond",
  "ms",
  "milliseconds",
  "millisecond",
  "seconds",
  "second",
  "s",
  "/second",
  "/sec",
  "/s",
  "mb/second",
  "mb/sec",
  "mb/s",
  "*",
];

const isSpace = (c: string) => c.trim() === "";

/** Whether `text` at `at` begins with `token`, ASCII letters compared without case. */
function startsWithToken(text: string, at: number, token: string): boolean {
  if (at + token.length > text.length) return false;
  for (let k = 0; k < token.length; k++) {
    const c = text.charCodeAt(at + k);
    const lower = c >= 65 && c <= 90 ? c + 32 : c;
    if (lower !== token.charCodeAt(k)) return false;
  }
  return true;
}

/**
 * Whether text is nothing but trailer tokens and spaces. Reachable positions, left to right: linear in
 * the length (each position tries each token once), whatever the text.
 */
export function isTrailer(text: string): boolean {
  const n = text.length;
  const reach = new Uint8Array(n + 1);
  reach[0] = 1;
  for (let i = 0; i < n; i++) {
    if (!reach[i]) continue;
    if (isSpace(text[i]!)) reach[i + 1] = 1;
    for (const t of TRAILER_TOKENS) if (startsWithToken(text, i, t)) reach[i + t.length] = 1;
    // "per second", one or more spaces between.
    if (startsWithToken(text, i, "per") && i + 3 < n && isSpace(text[i + 3]!)) {
      let j = i + 3;
      while (j < n && isSpace(text[j]!)) j++;
      if (startsWithToken(text, j, "second")) reach[j + 6] = 1;
    }
  }
  return reach[n] === 1;
}

// Ranges: "8-13%", "8 - 13", "8 to 13", "between 45 and 28%", "0.08 - 0.09". What follows a match
// is its tail (the unit), checked by isTrailer: a tail group in the regex would let the digits before
// it backtrack, and spaces around an optional unit are written so that only one quantifier takes them.
const BETWEEN = new RegExp(`^(?:between\\s+)?(${NUM})\\s*(?:(?:%|KB|MB|ms|us)\\s*)?(?:-|–|to|and)\\s*(${NUM})`, "i");
const SINGLE = new RegExp(`^(${NUM})`);

/** The patterns built from strings here, for the adversarial-input test (test/bad-input/regex.test.ts). */
export const RAW_PATTERNS: readonly RegExp[] = [BETWEEN, SINGLE, UPPER, LOWER, APPROX];

/** Parses a printed value; returns undefined when the print is not a plain figure. */
export function parseRaw(raw: string): ParsedRaw | undefined {
  let text = raw.trim().replace(/\u00a0/g, " ");
  if (text === "") return undefined;
  let qualifier: Qualifier = "exact";
  const upper = UPPER.exec(text);
  const lower = LOWER.exec(text);
  const approx = APPROX.exec(text);
  if (upper) {
    qualifier = "upper";
    text = text.slice(upper[0].length);
  } else if (lower) {
    // "nearly N" is a bound from below in the reports' usage ("nearly 50000").
    qualifier = lower[0].toLowerCase().startsWith("nearly") ? "approx" : "lower";
    text = text.slice(lower[0].length);
  } else if (approx) {
    qualifier = "approx";
    text = text.slice(approx[0].length);
  }
  const range = BETWEEN.exec(text);
  if (range && qualifier === "exact" && isTrailer(text.slice(range[0].length))) {
    const a = toNumber(range[1]!);
    const b = toNumber(range[2]!);
    // "8-13" with a leading minus would read as a range from a negative; the reports print none.
    if (!Number.isFinite(a) || !Number.isFinite(b)) return undefined;
    const low = Math.min(a, b);
    const high = Math.max(a, b);
    return { value: (low + high) / 2, low, high, qualifier: "range" };
  }
  const single = SINGLE.exec(text);
  if (!single || !isTrailer(text.slice(single[0].length))) return undefined;
  const value = toNumber(single[1]!);
  if (!Number.isFinite(value)) return undefined;
  if (qualifier === "upper") return { value, high: value, qualifier };
  if (qualifier === "lower") return { value, low: value, qualifier };
  return { value, qualifier };
}
