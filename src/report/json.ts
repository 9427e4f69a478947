// JSON output: stable key order (objects are built in a fixed order) and numbers rounded to
// 6 significant digits, so that the same input gives byte-identical output.
import { isOpenBelow } from "../engine/open-range.js";

export function roundNumber(n: number): number {
  if (!Number.isFinite(n) || Number.isInteger(n)) return n;
  return Number(n.toPrecision(6));
}

// JSON.stringify escapes C0 controls (ESC is \u001b) but writes DEL, C1 controls, the line and
// paragraph separators and the bidirectional marks, overrides and isolates as they are: these are escaped too, so that
// JSON printed to a terminal obeys none of them. The parsed value is the same.
const RAW_IN_JSON = /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/**
 * An object with an open end (low -Infinity or high Infinity: the sources give no bound on that side)
 * as JSON: the end null, and `open` saying which ("above", "below", "both"), so that no reader takes
 * null for zero or for a missing value.
 */
function withOpenEnds(v: unknown): unknown {
  if (v === null || typeof v !== "object" || Array.isArray(v)) return v;
  const o = v as Record<string, unknown>;
  const above = o.high === Infinity;
  // A line item open below at its unit's floor (isOpenBelow): its low end is no source's bound.
  const atFloor = typeof o.value === "number" && isOpenBelow(o as Parameters<typeof isOpenBelow>[0]);
  const below = o.low === -Infinity || atFloor;
  // A range part says itself which sides the sources leave open.
  const own = typeof o.open === "string" ? o.open : undefined;
  if (!above && !below && own === undefined) return v;
  const sides = new Set([own, above && "above", below && "below"]);
  const both = sides.has("both") || (sides.has("above") && sides.has("below"));
  return {
    ...o,
    ...(atFloor ? { low: null } : {}),
    open: both ? "both" : sides.has("above") ? "above" : "below",
  };
}

export function toJson(value: unknown): string {
  const text =
    JSON.stringify(value, (_k, v: unknown) => (typeof v === "number" ? roundNumber(v) : withOpenEnds(v)), 2) + "\n";
  return text.replace(RAW_IN_JSON, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}
