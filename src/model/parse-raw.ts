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

const UPPER = /^(?:up\s*to|upto|less\s+than|under|below|at\s+most|no\s+more\s+than|<=?|\u2264)\s*/i;
const LOWER = /^(?:in\s+excess\s+of|more\s+than|over|above|greater\s+than|at\s+least|nearly|>=?|\u2265)\s*/i;
const APPROX = /^(?:approximately|approx\.?|about|around|roughly|~|\u2248|circa|c\.)\s*/i;
// Units and decorations that may follow a printed number.
const TRAILER =
  /^\s*(?:%|x|times|KB|MB|GB|TB|K|M|G|bytes?|B|uSecs?|uS|us|\u00b5s|microseconds?|ms|milliseconds?|seconds?|s|\/s(?:ec(?:ond)?)?|per\s+second|MB\/s(?:ec(?:ond)?)?|MB\/second|\*+|\s)*$/i;

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
  // Ranges: "8-13%", "8 - 13", "8 to 13", "between 45 and 28%", "0.08 - 0.09".
  const between = new RegExp(`^(?:between\\s+)?(${NUM})\\s*(?:%|KB|MB|ms|us)?\\s*(?:-|–|to|and)\\s*(${NUM})(.*)$`, "i");
  const range = between.exec(text);
  if (range && qualifier === "exact" && TRAILER.test(range[3] ?? "")) {
    const a = toNumber(range[1]!);
    const b = toNumber(range[2]!);
    // "8-13" with a leading minus would read as a range from a negative; the reports print none.
    if (!Number.isFinite(a) || !Number.isFinite(b)) return undefined;
    const low = Math.min(a, b);
    const high = Math.max(a, b);
    return { value: (low + high) / 2, low, high, qualifier: "range" };
  }
  const single = new RegExp(`^(${NUM})(.*)$`).exec(text);
  if (!single || !TRAILER.test(single[2] ?? "")) return undefined;
  const value = toNumber(single[1]!);
  if (!Number.isFinite(value)) return undefined;
  if (qualifier === "upper") return { value, high: value, qualifier };
  if (qualifier === "lower") return { value, low: value, qualifier };
  return { value, qualifier };
}
