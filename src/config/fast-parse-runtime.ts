// What the generated config parser (fast-parse.generated.ts) calls for the schema's transforms: each
// does what the transform in schema.ts does to a value that transform takes, and answers FAIL for any
// other, so that zod, which the parser falls back to, gives the issue. Written out by hand, not
// generated: a transform is a function, which a generator cannot read; scripts/gen-fast-parse.ts
// knows each one by what schema.ts registers for it (TRANSFORM_OPS), and a test compares the two
// parsers over every example and many thousand variations (test/fast-parse.test.ts).
import { mqCipherName } from "./ciphers.js";
import { channelTypeOf, inRange, type NumberRange } from "./schema.js";
import { parseInterval, parsePercent, parseRange, parseRate, parseSize, parseTime } from "./units.js";

/** A value the generated parser does not take: zod parses the config instead. */
export const FAIL: unique symbol = Symbol("not taken by the generated parser");
export type Fail = typeof FAIL;

const PARSERS = { size: parseSize, percent: parsePercent, rate: parseRate, time: parseTime } as const;

/** schema.ts unitField: a number, or a string with a unit, or (where `ranged`) a range's point. */
export function unit(v: unknown, kind: keyof typeof PARSERS, range: NumberRange, ranged: boolean): number | Fail {
  // The union before the transform: z.number() takes a finite number only, z.string() any string.
  if (typeof v === "number") {
    if (!Number.isFinite(v)) return FAIL;
  } else if (typeof v !== "string") return FAIL;
  const r = typeof v === "string" && kind !== "percent" ? parseRange(kind, v) : undefined;
  if (r !== undefined) {
    if (!ranged || "problem" in r || !inRange(r.low, range) || !inRange(r.high, range)) return FAIL;
    return r.value;
  }
  const n = PARSERS[kind](v);
  return n === undefined || !Number.isFinite(n) || !inRange(n, range) ? FAIL : n;
}

/** schema.ts interval: MMMM.SS as a string, not zero. */
export function interval(v: unknown): number | Fail {
  if (typeof v !== "string") return FAIL;
  const n = parseInterval(v);
  return n === undefined || n === 0 ? FAIL : n;
}

/** The TLS cipher's transform (the enum is checked before it): MQ's CipherSpec name. */
export const cipher = (v: string): string => mqCipherName(v) ?? v;

/** The channel type's transform (the enum is checked before it). */
export const channelType = channelTypeOf;

/** zod's object check (util.isObject). */
export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** How many keys a for-in loop over the object gives, as zod's check for unknown keys walks it. */
export function keyCount(v: object): number {
  let n = 0;
  for (const _ in v) n++;
  return n;
}

/**
 * zod's string length floor, which counts code points: a string of at least twice the floor in UTF-16
 * units has enough; a shorter one is left to zod (FAIL), except that any non-empty string has one.
 */
export const longEnough = (v: string, min: number): boolean => v.length >= 2 * min || (min <= 1 && v.length >= min);

/** zod's string length ceiling, in code points: within it in UTF-16 units is within it; longer is zod's to count. */
export const shortEnough = (v: string, max: number): boolean => v.length <= max;
