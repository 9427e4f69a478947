// A range open on one side: the sources (or the baseline) give no bound there. Kept behind these
// functions so that how an open side is represented is decided in one place (docs/ranges.md).
import type { Range } from "./limits.js";

/** The high end of a range with no upper bound known. */
export const OPEN_HIGH = Number.POSITIVE_INFINITY;

/** The range with its high end open: at least `low`, no upper bound. */
export const openAbove = (r: Range): Range => ({ value: r.value, low: r.low, high: OPEN_HIGH });

/** Whether a range's high end is open. */
export const isOpenAbove = (r: { high: number }): boolean => r.high === OPEN_HIGH;
