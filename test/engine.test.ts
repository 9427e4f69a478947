// The engine's rule context: warnings and gaps said once, gap charts looked up (and a missing one left
// out), items grouped by concern in the order their rules emitted them.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { configSchemas } from "../src/config/schema.js";
import { estimateWith } from "../src/engine/engine.js";
import type { LineItem, Rule } from "../src/engine/types.js";
import { loadModelDir } from "../src/model/loader.js";
import { Registry } from "../src/model/registry.js";
import { ROOT } from "./helpers/cli.js";

const { Config } = configSchemas();

const registry = new Registry(loadModelDir(join(ROOT, "models"), { displayRoot: ROOT }));
const config = Config.parse({ version: 1 });

const item = (id: string, concern: LineItem["concern"]): LineItem => ({
  id,
  concern,
  label: id,
  metric: "info",
  value: 1,
  unit: "x",
  formula: "",
  inputs: {},
  citations: [],
  confidence: "measured",
  flags: [],
});

const rule = (id: string, run: Rule["run"]): Rule => ({
  id,
  concern: "workload",
  description: id,
  reads: [],
  uses: [],
  applies: () => true,
  run,
});

describe("engine", () => {
  it("says a warning or gap once, and names only the gap charts the models have", () => {
    const rules = [
      rule("a", (ctx) => {
        ctx.warn("tls", "same words");
        ctx.warn("tls", "same words");
        ctx.warn("ams", "same words"); // another concern: a warning of its own
        ctx.gap("tls", "no figure", ["000.gap-ams-2kb-rate", "000.no-such-chart", "000.gap-ams-2kb-cost"]);
        ctx.gap("tls", "no figure", ["000.gap-ams-64kb-rate"]); // said already: ignored
      }),
    ];
    for (let run = 0; run < 2; run++) {
      // twice: the second run reads the charts (and the missing one) from the engine's cache
      const e = estimateWith(config, registry, rules);
      expect(e.warnings.map((w) => `${w.concern}: ${w.message}`)).toEqual(["tls: same words", "ams: same words"]);
      expect(e.gaps).toHaveLength(1);
      expect(e.gaps[0]!.charts.map((c) => c.id)).toEqual(["000.gap-ams-2kb-rate", "000.gap-ams-2kb-cost"]);
      expect(e.gaps[0]!.charts[0]!.caption).toMatch(/^Transaction rate for 2KB/);
    }
  });

  it("adds no generic 'extrapolated' warning for an item whose entry a rule already warned is used outside its conditions", () => {
    const cite = (id: string) => ({ id, source: "000", section: "s", lines: "1", title: "t" });
    const extrapolated = (id: string, c: string): LineItem => ({
      ...item(id, "logging"),
      confidence: "extrapolated",
      citations: [cite(c)],
    });
    const rules = [
      rule("a", (ctx) => {
        ctx.warn("logging", "cost: measured with 1MB; this config has 4KB, so the figure is extrapolated", [
          cite("000.warned"),
        ]);
        ctx.item(extrapolated("logging.warned", "000.warned"));
        ctx.item(extrapolated("logging.other", "000.not-warned"));
      }),
    ];
    const messages = estimateWith(config, registry, rules).warnings.map((w) => w.message);
    expect(messages).toEqual([
      "cost: measured with 1MB; this config has 4KB, so the figure is extrapolated",
      "logging.other: extrapolated outside what the source measured ()",
    ]);
  });

  it("groups items by concern (workload, hardware, logging, ..., storage) in the order each rule gave them", () => {
    const rules = [
      rule("first", (ctx) => {
        ctx.item(item("storage.1", "storage"));
        ctx.item(item("tls.1", "tls"));
        ctx.item(item("storage.2", "storage"));
      }),
      rule("second", (ctx) => {
        ctx.item(item("logging.1", "logging"));
        ctx.item(item("tls.2", "tls"));
      }),
    ];
    const ids = estimateWith(config, registry, rules).items.map((i) => i.id);
    expect(ids).toEqual(["logging.1", "tls.1", "tls.2", "storage.1", "storage.2"]);
  });

  it("leaves items already in concern order as they are", () => {
    const rules = [
      rule("in order", (ctx) => {
        for (const [id, c] of [
          ["logging.1", "logging"],
          ["logging.2", "logging"],
          ["tls.1", "tls"],
          ["storage.1", "storage"],
        ] as const)
          ctx.item(item(id, c));
      }),
    ];
    expect(estimateWith(config, registry, rules).items.map((i) => i.id)).toEqual([
      "logging.1",
      "logging.2",
      "tls.1",
      "storage.1",
    ]);
  });
});

describe("CPU at the target rate", () => {
  it("is no value, not zero, when there is no cost of any kind to multiply by the rate", () => {
    // A rate, a TLS channel without renegotiation or starts, no baseline: nothing costs CPU here.
    const bare = Config.parse({
      version: 1,
      workload: { messageSize: "32KB", rate: "2000/s" },
      channels: [{ name: "C", type: "sender", tls: { cipher: "ECDHE_RSA_AES_256_CBC_SHA384" } }],
    });
    const e = estimateWith(bare, registry);
    expect(e.totals.costPerTransaction).toEqual([]);
    expect(e.totals.cpuSecondsPerSecond).toBeNull();
    expect(e.totals.engines).toBeNull();
    // With a baseline the same workload has a CPU figure: 45 + 120 + 30 us x 2000/s = 0.39 CPU s/s.
    const withBaseline = Config.parse({
      ...bare,
      baseline: { rate: "2000/s", cost: { qmgr: "45us", chin: "120us", app: "30us" } },
    });
    expect(estimateWith(withBaseline, registry).totals.cpuSecondsPerSecond?.value).toBeCloseTo(0.39, 6);
  });
});
