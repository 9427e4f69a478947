// Small statistics helpers for the bench: order statistics with linear interpolation.

export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return NaN;
  const s = [...values].sort((a, b) => a - b);
  const pos = (s.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return s[lo]! + (s[hi]! - s[lo]!) * (pos - lo);
}

export const median = (values: readonly number[]): number => quantile(values, 0.5);

export interface Summary {
  n: number;
  median: number;
  p10: number;
  p90: number;
  min: number;
  max: number;
}

export function summarise(values: readonly number[]): Summary {
  return {
    n: values.length,
    median: median(values),
    p10: quantile(values, 0.1),
    p90: quantile(values, 0.9),
    min: Math.min(...values),
    max: Math.max(...values),
  };
}

/** Rounds for reports: 3 significant digits at most, as a number (JSON keeps it a number). */
export function r3(n: number): number {
  if (!Number.isFinite(n)) return n;
  if (n === 0) return 0;
  const d = Math.max(0, 2 - Math.floor(Math.log10(Math.abs(n))));
  return Number(n.toFixed(Math.min(d, 6)));
}
