// A range open on one side: the sources (or the baseline) give no bound there. Kept behind these
// functions so that how an open side is represented is decided in one place (docs/ranges.md).
import type { Range } from "./limits.js";

/** The high end of a range with no upper bound known. */
export const OPEN_HIGH = Number.POSITIVE_INFINITY;

/** The range with its high end open: at least `low`, no upper bound. */
export const openAbove = (r: Range): Range => ({ value: r.value, low: r.low, high: OPEN_HIGH });

/** Whether a range's high end is open. */
export const isOpenAbove = (r: { high: number }): boolean => r.high === OPEN_HIGH;

/**
 * Whether an item's range is open below: one of its parts says the sources give no bound below (a
 * figure used where nothing says how far it falls, conditions.ts), and its low end is where that left
 * it, at the floor its unit allows (0, or -100 for a change in percent), not raised by another part of
 * the item (a sum's other terms). The floor is kept as the item's low for arithmetic (a total's low end
 * is still its other terms'); the reports show the end as open ("≤ 540,600", JSON `"open": "below"`),
 * as they show an open high end, rather than as a bound of 0 that no source gives.
 */
export function isOpenBelow(r: {
  value: number;
  low?: number;
  unit?: string;
  spread?: readonly { open?: "above" | "below" | "both" }[];
}): boolean {
  const s = r.spread;
  if (s === undefined || r.low === undefined || r.low === -Infinity) return false;
  let open = false;
  for (let k = 0; k < s.length && !open; k++) open = s[k]!.open === "below" || s[k]!.open === "both";
  return open && r.low <= (r.unit === "percent" ? -100 : 0) && r.value > r.low;
}
