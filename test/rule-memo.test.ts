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

  it("keeps the run of the config a command started from, however many points came after", () => {
    // A sensitivity moves one input at a time from the config as written: after 40 rates (the channel
    // rules read the rate and miss), the config as written replays every rule. Evicted oldest first,
    // it ran again.
    const memo = new RuleMemo();
    const c = loadConfigFile("examples/how-far-order-entry.yaml").config;
    estimateWith(c, registry, RULES, memo);
    for (let k = 1; k <= 40; k++)
      estimateWith({ ...c, workload: { ...c.workload, rate: 100 * k } }, registry, RULES, memo);
    const misses = memo.misses;
    expect(toJson(estimateWith(c, registry, RULES, memo))).toBe(toJson(estimateWith(c, registry)));
    expect(memo.misses).toBe(misses);
  });

  it("sees a change under an object the configs no longer share, and none under one they do", () => {
    // Capacity's configs share every channel object but the one searched: the shared ones need no
    // checking, the new one is checked value by value.
    const memo = new RuleMemo();
    const c = loadConfigFile("examples/how-far-order-entry.yaml").config;
    const channels = c.channels ?? [];
    expect(channels.length).toBeGreaterThan(1);
    estimateWith(c, registry, RULES, memo);
    const copied = { ...c, channels: channels.map((ch, k) => (k === 0 ? { ...ch } : ch)) };
    const before = memo.misses;
    expect(toJson(estimateWith(copied, registry, RULES, memo))).toBe(toJson(estimateWith(copied, registry)));
    expect(memo.misses).toBe(before); // every rule replayed: nothing it read changed
    const misses = memo.misses;
    const moved = { ...c, channels: channels.map((ch, k) => (k === 0 ? { ...ch, count: ch.count + 1 } : ch)) };
    expect(toJson(estimateWith(moved, registry, RULES, memo))).toBe(toJson(estimateWith(moved, registry)));
    expect(memo.misses).toBeGreaterThan(misses);
  });

  it("refuses a rule that writes to its config", () => {
    const memo = new RuleMemo();
    const c = loadConfigFile("examples/quickstart.yaml").config;
    const bad = { ...RULES[0]!, run: (ctx: { config: { name?: string } }) => void (ctx.config.name = "x") };
    expect(() => estimateWith(c, registry, [bad as never], memo)).toThrow(/must not change its config/);
  });
});

describe("what a recorded run read, checked against the next config", () => {
  // A rule that lists a definition's keys and reads a frozen object whole: the memo must see a key
  // added (same values otherwise), and a frozen object with other contents, and replay where neither
  // changed (the checks walk the reads without joining keys or writing JSON for the same object).
  const c = loadConfigFile("examples/how-far-order-entry.yaml").config;
  const frozen = Object.freeze({ note: "a" });
  let runs = 0;
  const lister = {
    ...RULES[0]!,
    id: "key-lister",
    applies: () => true,
    run: (ctx: { config: Record<string, unknown> }) => {
      runs++;
      void Object.keys(ctx.config.workload as object);
      void (ctx.config.extra as { note: string }).note;
    },
  };
  const at = (config: object) => estimateWith(config as typeof c, registry, [lister as never], memo);
  const memo = new RuleMemo();

  it("replays the same keys and the same frozen object, runs again for a key added or other contents", () => {
    at({ ...c, extra: frozen });
    expect(runs).toBe(1);
    at({ ...c, workload: { ...c.workload }, extra: frozen }); // a copy: the same keys, in order
    expect(runs).toBe(1);
    at({ ...c, extra: Object.freeze({ note: "a" }) }); // another object, the same JSON
    expect(runs).toBe(1);
    at({ ...c, workload: { ...c.workload, added: 1 }, extra: frozen });
    expect(runs).toBe(2);
    at({ ...c, extra: Object.freeze({ note: "b" }) });
    expect(runs).toBe(3);
  });
});

describe("a memo that records no more misses (sensitivity, once the config as written is recorded)", () => {
  it("replays the recorded config, runs a moved one afresh each time, and gives the estimate without a memo", () => {
    const memo = new RuleMemo();
    const c = loadConfigFile("examples/how-far-order-entry.yaml").config;
    estimateWith(c, registry, RULES, memo);
    memo.recordMisses = false;
    const moved = { ...c, workload: { ...c.workload, rate: 4000 } };
    const misses = memo.misses;
    expect(toJson(estimateWith(moved, registry, RULES, memo))).toBe(toJson(estimateWith(moved, registry)));
    const first = memo.misses - misses;
    expect(first).toBeGreaterThan(0); // the rules that read the rate
    // Not recorded: the same rules miss again for the same config.
    expect(toJson(estimateWith(moved, registry, RULES, memo))).toBe(toJson(estimateWith(moved, registry)));
    expect(memo.misses - misses).toBe(2 * first);
    // The config as written still replays every rule.
    const before = memo.misses;
    expect(toJson(estimateWith(c, registry, RULES, memo))).toBe(toJson(estimateWith(c, registry)));
    expect(memo.misses).toBe(before);
  });
});
