import { describe, expect, it } from "vitest";
import { interpolate } from "../src/model/interpolate.js";

const pts = [
  { x: 1024, y: 156 },
  { x: 10240, y: 178 },
  { x: 32768, y: 232 },
  { x: 65536, y: 263 },
];

describe("interpolation", () => {
  it("returns measured points exactly", () => {
    expect(interpolate(pts, 32768, "log")).toEqual({ value: 232, from: [{ x: 32768, y: 232 }], kind: "exact" });
  });
  it("is log-linear in message size: halfway in log between 32KB and 64KB is 32KB x sqrt(2)", () => {
    const x = 32768 * Math.SQRT2;
    const r = interpolate(pts, x, "log");
    expect(r.kind).toBe("interpolated");
    expect(r.value).toBeCloseTo((232 + 263) / 2, 9);
  });
  it("is linear on counts", () => {
    expect(
      interpolate(
        [
          { x: 0, y: 10 },
          { x: 10, y: 30 },
        ],
        5,
        "linear",
      ).value,
    ).toBe(20);
  });
  it("marks values outside the measured range as extrapolated", () => {
    const r = interpolate(pts, 131072, "log");
    expect(r.kind).toBe("extrapolated");
    // One more doubling beyond 64KB adds what the last doubling added: 263 + (263 - 232).
    expect(r.value).toBeCloseTo(294, 9);
  });
  it("monotone cubic stays between neighbours", () => {
    const r = interpolate(pts, 20000, "monotone");
    expect(r.value).toBeGreaterThan(178);
    expect(r.value).toBeLessThan(232);
  });
});
