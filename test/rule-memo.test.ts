// The memo of rule runs within a command (src/engine/rule-memo.ts): an estimate made with it is the
// estimate made without it, byte for byte, however the configs before it differed; and it does replay
// the rules that do not read what changed.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfigFile } from "../src/config/read-file.js";
import { estimateWith } from "../src/engine/engine.js";
import { RuleMemo } from "../src/engine/rule-memo.js";
import { shippedRegistry } from "../src/model/models.js";
import { toJson } from "../src/report/json.js";
import { RULES } from "../src/rules/index.js";

const registry = shippedRegistry();
const examples = readdirSync("examples")
  .filter((f) => f.endsWith(".yaml"))
  .map((f) => join("examples", f));

describe("estimates with a RuleMemo", () => {
  it("are byte-identical to estimates without, across every example in turn, twice over", () => {
    const memo = new RuleMemo();
    const configs = examples.map((f) => loadConfigFile(f).config);
    for (const round of [0, 1])
      for (const c of configs) {
        const rate = c.workload.rate ?? 1000;
        // The second round moves the rate: rules that read it run again, the others replay.
        const config = round ? { ...c, workload: { ...c.workload, rate: rate * 1.5 } } : c;
        expect(toJson(estimateWith(config, registry, RULES, memo))).toBe(toJson(estimateWith(config, registry)));
      }
    expect(memo.hits).toBeGreaterThan(0);
    expect(memo.misses).toBeGreaterThan(0);
  });

  it("replays a rule that does not read the rate when only the rate moves", () => {
    const memo = new RuleMemo();
    const c = loadConfigFile("examples/how-far-order-entry.yaml").config;
    estimateWith(c, registry, RULES, memo);
    const before = memo.hits;
    estimateWith({ ...c, workload: { ...c.workload, rate: 4000 } }, registry, RULES, memo);
    // storage-chin reads the channels and CHIN storage, not the rate (3,000/s -> 4,000/s).
    expect(memo.hits).toBeGreaterThan(before);
  });

  it("refuses a rule that writes to its config", () => {
    const memo = new RuleMemo();
    const c = loadConfigFile("examples/quickstart.yaml").config;
    const bad = { ...RULES[0]!, run: (ctx: { config: { name?: string } }) => void (ctx.config.name = "x") };
    expect(() => estimateWith(c, registry, [bad as never], memo)).toThrow(/must not change its config/);
  });
});
