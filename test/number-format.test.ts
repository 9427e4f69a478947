// formatNumber must print what toLocaleString("en-US") prints (it replaces it to keep ICU out of the
// CLI's start-up): checked here against Intl itself, on the cases each path of the formatter takes.
import { runs } from "./helpers/runs.js";
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { formatNumber } from "../src/util/number-format.js";

const intl = (n: number, digits: number) =>
  n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: 0 });

describe("formatNumber agrees with toLocaleString('en-US')", () => {
  it("on hand-picked cases: groups, halves, carries, signs, the 2^53 and 1e21 bounds", () => {
    const cases: [number, number][] = [
      [0, 0],
      [-0, 1],
      [7, 2],
      [999, 0],
      [1000, 0],
      [1007, 0],
      [20000, 0],
      [1234567, 0],
      [1000000007, 0],
      [-45210, 0],
      [0.05, 1], // a half in decimal, not in binary
      [0.15, 1],
      [2.5, 0],
      [1.005, 2],
      [999.96, 1], // rounds up into a new group: 1,000
      [999999.95, 1],
      [12.3456, 2],
      [0.1 + 0.2, 2],
      [-0.04, 1], // rounds to zero, keeps the sign: "-0"
      [1.5e-7, 2],
      [123456789.123, 3],
      [2 ** 53 - 1, 0],
      [2 ** 53, 0],
      [2 ** 60, 0],
      [9.99e20, 0],
      [1e21, 0],
    ];
    for (const [n, d] of cases) expect(formatNumber(n, d), `${n} to ${d} places`).toBe(intl(n, d));
  });

  it("on random integers (every magnitude up to 1e21) and random doubles, 0 to 4 places", () => {
    const integers = fc.oneof(
      fc.integer({ min: -1e6, max: 1e6 }),
      fc.integer(),
      fc.double({ min: -1e21, max: 1e21, noNaN: true }).map(Math.trunc),
    );
    const doubles = fc.oneof(
      fc.double({ min: -1e6, max: 1e6, noNaN: true }),
      fc.double({ min: -1e21, max: 1e21, noNaN: true }),
      fc.integer({ min: -1e7, max: 1e7 }).map((k) => k / 1000), // three-place values, as tables print
      fc.integer({ min: -1e5, max: 1e5 }).map((k) => k / 20), // many exact halves at 1 place
    );
    fc.assert(
      fc.property(fc.oneof(integers, doubles), fc.integer({ min: 0, max: 4 }), (n, d) => {
        expect(formatNumber(n, d)).toBe(intl(n, d));
      }),
      { numRuns: runs(20000, 2000) },
    );
  });
});
