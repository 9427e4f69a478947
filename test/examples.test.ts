// The models' worked examples as test vectors: every example entry with a `check` (a config and the id
// of the line item that reproduces it) is run through estimate() and compared with the example's
// expected value within its tolerance. Examples without a check are not run (their checks are being added).
import { describe, expect, it } from "vitest";
import { estimate } from "../src/api.js";
import type { ConfigInput } from "../src/config/schema.js";
import models from "../src/model/models-source.js";
import { Registry } from "../src/model/registry.js";

const registry = new Registry(models);
const examples = registry.entriesOf("example");
const checked = examples.filter((e) => e.check !== undefined);

/** The allowed difference: the larger of abs and rel x |expected|, plus floating-point rounding. */
function allowed(expected: number, tolerance: { abs?: number; rel?: number } | undefined): number {
  const abs = tolerance?.abs ?? 0;
  const rel = (tolerance?.rel ?? 0) * Math.abs(expected);
  return Math.max(abs, rel) + 1e-9 * Math.max(1, Math.abs(expected));
}

// CPU time units, by the unit a value starts with ("us/min" is microseconds per minute, "cpu-seconds"
// and "CPU seconds" are seconds): an example may print milliseconds or CPU seconds where the line item
// is in microseconds.
const TIME: Record<string, number> = { us: 1, ms: 1000, s: 1e6 };
function timeUnit(unit: string): string | undefined {
  const u = unit.toLowerCase().replace(/^cpu[- ]/, "");
  if (/^seconds?(?![a-z])/.test(u)) return "s";
  return /^(us|ms|s)(?![a-z])/.exec(u)?.[1];
}

/**
 * The line item's value in the example's unit. A ratio ("x") an example prints as an increase in
 * percent ("an increase of 4%" for 61.66 / 58.77 MB/s, 001 line 2071) is (ratio - 1) x 100; a ratio
 * printed as a share ("62% of") is not an increase, so the example's name must say it is one.
 */
function inExpectedUnit(value: number, itemUnit: string, expectedUnit: string, expectedName: string): number {
  if (itemUnit === "x" && expectedUnit === "percent" && /increase/i.test(expectedName)) return (value - 1) * 100;
  const from = timeUnit(itemUnit);
  const to = timeUnit(expectedUnit);
  return from && to ? (value * TIME[from]!) / TIME[to]! : value;
}

describe("worked examples", () => {
  it("loads the example entries of the models", () => {
    expect(examples.length).toBeGreaterThan(0);
    for (const e of checked) {
      expect(e.check!.output, `${e.id}: check.output`).not.toBe("");
      expect(typeof e.expected.v.value, `${e.id}: expected value`).toBe("number");
    }
  });

  for (const ex of checked) {
    it(`${ex.id}: ${ex.title}`, () => {
      const check = ex.check!;
      const config = { version: 1, ...check.config } as ConfigInput;
      const result = estimate(config, { models: registry });
      const out = result.items.find((i) => i.id === check.output);
      if (!out) {
        throw new Error(
          `${ex.id}: no line item ${check.output} in the estimate (items: ${result.items.map((i) => i.id).join(", ")})`,
        );
      }
      const expected = ex.expected.v.value as number;
      const tol = allowed(expected, ex.tolerance);
      const got = inExpectedUnit(out.value, out.unit, ex.expected.unit, ex.expected.name);
      expect(
        Math.abs(got - expected),
        `${ex.id}: ${check.output} = ${out.value} ${out.unit} (${out.formula}); expected ${ex.expected.v.raw} = ${expected} ${ex.expected.unit} ± ${tol}`,
      ).toBeLessThanOrEqual(tol);
    });
  }
});
