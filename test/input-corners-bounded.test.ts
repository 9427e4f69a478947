// #29.4: inputs written as ranges combine in a bounded number of estimates, whatever their number (up
// to the limit): 2n + 2 runs beside the point, not 2^n corners (ten ranged channels among 1,000 took
// 146 s and 4 GB). Counted by a rule that counts the estimates it is asked about.
import { describe, expect, it } from "vitest";
import { parseConfigText } from "../src/config/load.js";
import { estimateWith } from "../src/engine/engine.js";
import { MAX_RANGED_INPUTS } from "../src/engine/input-corners.js";
import { shippedRegistry } from "../src/model/models.js";
import { RULES } from "../src/rules/index.js";
import type { Rule } from "../src/rules/helpers.js";

function plan(channels: number, ranged: number, rate: (i: number) => string): string {
  let s = 'version: 1\nmq: { release: "9.3" }\nhardware: { generation: z15 }\n';
  s += "workload: { rate: 1000/s, messageSize: 4KB }\nchannels:\n";
  for (let i = 0; i < channels; i++)
    s += `  - { name: C${i}, type: sender${i < ranged ? `, rate: "${rate(i)}"` : ""} }\n`;
  return s;
}

function counted(): { rules: Rule[]; estimates: () => number } {
  let n = 0;
  const [first, ...rest] = RULES;
  const counter = { ...first!, applies: (c: Parameters<Rule["applies"]>[0]) => (n++, first!.applies(c)) } as Rule;
  return { rules: [counter, ...rest], estimates: () => n };
}

describe("ranged inputs, many channels", () => {
  it(`${MAX_RANGED_INPUTS} ranged rates among 100 channels: 2 x ${MAX_RANGED_INPUTS} + 2 runs beside the point`, () => {
    const registry = shippedRegistry();
    const { config } = parseConfigText(
      plan(100, MAX_RANGED_INPUTS, () => "10..20/s"),
      "plan.yaml",
    );
    const { rules, estimates } = counted();
    const e = estimateWith(config, registry, rules);
    // The point, each input at its two ends alone (2 x 10), all low and all high (2): 23. On 2^n
    // corners it was 1 + 1024 + 20 = 1045.
    expect(estimates()).toBe(1 + 2 * MAX_RANGED_INPUTS + 2);
    // Every channel's rate moves the added CPU the same way: its range is the all-low and all-high runs.
    const low = estimateWith(
      parseConfigText(
        plan(100, MAX_RANGED_INPUTS, () => "10/s"),
        "p.yaml",
      ).config,
      registry,
    );
    const high = estimateWith(
      parseConfigText(
        plan(100, MAX_RANGED_INPUTS, () => "20/s"),
        "p.yaml",
      ).config,
      registry,
    );
    expect(e.totals.added.low).toBeCloseTo(low.totals.added.value, 9);
    expect(e.totals.added.high).toBeCloseTo(high.totals.added.value, 9);
  });

  it("one ranged input: its two ends, nothing more", () => {
    const { config } = parseConfigText(
      plan(3, 1, () => "10..20/s"),
      "plan.yaml",
    );
    const { rules, estimates } = counted();
    estimateWith(config, shippedRegistry(), rules);
    expect(estimates()).toBe(1 + 2);
  });

  it("refuses more ranged inputs than the limit when the config is read (validate too), briefly, at the 11th", () => {
    let message = "";
    try {
      parseConfigText(
        plan(1000, 1000, () => "10..20/s"),
        "plan.yaml",
      );
    } catch (err) {
      message = (err as Error).message;
    }
    // The 11th ranged channel, C10, is on line 6 + 10 = 16 (5 lines before the first channel);
    // its rate at column 38: "  - { name: C10, type: sender, rate: " is 37 characters.
    expect(message).toContain("plan.yaml:16:38: error: 1000 inputs are written as ranges");
    expect(message).toContain("and 997 more");
    // It listed every path: 47 KB.
    expect(message.length).toBeLessThan(600);
  });
});
