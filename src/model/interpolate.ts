// Interpolation along one numeric axis of a table: linear, log-linear (linear in log x) or monotone
// cubic in log x; the registry picks (DEFAULT_SCHEME for message sizes, linear for counts). Outside the measured range the
// nearest segment is extended (never across zero) and the result is marked extrapolated.
export type Scheme = "linear" | "log" | "monotone";

export interface Point {
  x: number;
  y: number;
}

export interface Interpolated {
  value: number;
  /** The measured points used. */
  from: Point[];
  kind: "exact" | "interpolated" | "extrapolated";
}

export function interpolate(points: readonly Point[], x: number, scheme: Scheme): Interpolated {
  const pts = [...points].sort((a, b) => a.x - b.x);
  if (pts.length === 0) throw new Error("interpolate: no points");
  const hit = pts.find((p) => p.x === x);
  if (hit) return { value: hit.y, from: [hit], kind: "exact" };
  if (pts.length === 1) return { value: pts[0]!.y, from: [pts[0]!], kind: "extrapolated" };
  const tx = (v: number) => (scheme === "log" || scheme === "monotone" ? Math.log(v) : v);
  let i = pts.findIndex((p) => p.x > x);
  const outside = i <= 0;
  if (i < 0) i = pts.length - 1;
  if (i === 0) i = 1;
  const a = pts[i - 1]!;
  const b = pts[i]!;
  if (scheme === "monotone" && !outside && pts.length >= 3) {
    return {
      value: monotoneCubic(
        pts.map((p) => ({ x: tx(p.x), y: p.y })),
        tx(x),
      ),
      from: [a, b],
      kind: "interpolated",
    };
  }
  const t = (tx(x) - tx(a.x)) / (tx(b.x) - tx(a.x));
  let value = a.y + t * (b.y - a.y);
  // Extending a segment must not carry a quantity across zero: log-linear costs measured at 1000 and
  // 5000 bytes go negative well above 1 byte. Values measured non-negative stay at or above zero
  // (and non-positive ones at or below).
  if (outside && a.y >= 0 && b.y >= 0) value = Math.max(0, value);
  else if (outside && a.y <= 0 && b.y <= 0) value = Math.min(0, value);
  return { value, from: [a, b], kind: outside ? "extrapolated" : "interpolated" };
}

/** Fritsch-Carlson monotone cubic Hermite interpolation on sorted points, x inside the range. */
function monotoneCubic(pts: Point[], x: number): number {
  const n = pts.length;
  const d: number[] = [];
  const m: number[] = [];
  for (let k = 0; k < n - 1; k++) d.push((pts[k + 1]!.y - pts[k]!.y) / (pts[k + 1]!.x - pts[k]!.x));
  m.push(d[0]!);
  for (let k = 1; k < n - 1; k++) m.push(d[k - 1]! * d[k]! <= 0 ? 0 : (d[k - 1]! + d[k]!) / 2);
  m.push(d[n - 2]!);
  for (let k = 0; k < n - 1; k++) {
    if (d[k] === 0) {
      m[k] = 0;
      m[k + 1] = 0;
      continue;
    }
    const a = m[k]! / d[k]!;
    const b = m[k + 1]! / d[k]!;
    const s = a * a + b * b;
    if (s > 9) {
      const t = 3 / Math.sqrt(s);
      m[k] = t * a * d[k]!;
      m[k + 1] = t * b * d[k]!;
    }
  }
  let k = pts.findIndex((p) => p.x > x) - 1;
  if (k < 0) k = 0;
  const p0 = pts[k]!;
  const p1 = pts[k + 1]!;
  const h = p1.x - p0.x;
  const t = (x - p0.x) / h;
  const h00 = 2 * t ** 3 - 3 * t ** 2 + 1;
  const h10 = t ** 3 - 2 * t ** 2 + t;
  const h01 = -2 * t ** 3 + 3 * t ** 2;
  const h11 = t ** 3 - t ** 2;
  return h00 * p0.y + h10 * h * m[k]! + h01 * p1.y + h11 * h * m[k + 1]!;
}
