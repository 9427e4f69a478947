// JSON output: stable key order (objects are built in a fixed order) and numbers rounded to
// 6 significant digits, so that the same input gives byte-identical output.
export function roundNumber(n: number): number {
  if (!Number.isFinite(n) || Number.isInteger(n)) return n;
  return Number(n.toPrecision(6));
}

export function toJson(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) => (typeof v === "number" ? roundNumber(v) : v), 2) + "\n";
}
