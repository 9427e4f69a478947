// A lean estimate (engine/lean.ts) is what capacity's search reads at each point: the limits'
// headroom, the bottleneck, the CPU and the totals. Those must be the full estimate's, to the last
// bit, or capacity's answers would move; what it leaves out is the rest (items that are neither a cost
// nor a limit with a demand, warnings, gaps). Checked on every example and on channel-heavy configs
// whose channel rules skip most of their work when lean.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseConfigText } from "../src/config/load.js";
import type { Config } from "../src/config/types.js";
import { estimateWith, type Estimate } from "../src/engine/engine.js";
import { leanKeeps } from "../src/engine/lean.js";
import { RuleMemo } from "../src/engine/rule-memo.js";
import { shippedRegistry } from "../src/model/models.js";
import { configPoint } from "./helpers/config-point.js";

const registry = shippedRegistry();
const examples = join(import.meta.dirname, "..", "examples");

/** What a search reads of an estimate, and the kept items' figures. */
function searched(e: Estimate) {
  return {
    headroom: e.headroom,
    bottleneck: e.bottleneck,
    cpu: e.cpu,
    totals: e.totals,
    limits: e.limits.filter(leanKeeps).map((l) => [l.id, l.label, l.value, l.low, l.high]),
  };
}

const channelHeavy = (): Config =>
  configPoint(
    {
      version: 1,
      mq: { release: "9.3" },
      hardware: { generation: "z14", cpus: 8 },
      workload: { rate: "1000/s", messageSize: "32KB" },
      storage: {
        chin: { used: "120MB", free: "1346MB" },
        csa: { available: "900MB" },
        belowTheBar: { available: "1GB" },
        localConnections: 40,
      },
      channels: [
        { name: "TO.A", type: "sender", count: 30, compression: "zlibfast" },
        { name: "CLIENTS", type: "server-connection", conversations: 2000, sharecnv: 10 },
        { name: "ONE", type: "server-connection", count: 50, sharecnv: 1 },
        { name: "ODD", type: "server-connection", count: 5, sharecnv: 3 },
        { name: "FROM.B", type: "receiver", count: 4, messageSize: "1MB" },
      ],
    },
    undefined,
    "channel-heavy",
  );

describe("a lean estimate", () => {
  const configs: [string, Config][] = [
    ...readdirSync(examples)
      .filter((f) => f.endsWith(".yaml"))
      .map((f): [string, Config] => [f, parseConfigText(readFileSync(join(examples, f), "utf8"), f).config]),
    ["channel-heavy", channelHeavy()],
  ];

  it.each(configs)("has the full estimate's headroom, CPU and totals: %s", (_, config) => {
    const full = estimateWith(config, registry);
    const lean = estimateWith(config, registry, undefined, undefined, true);
    expect(searched(lean)).toEqual(searched(full));
    // And leaves the rest out: only kept items, but for the machine's scaling the engine itself adds.
    const engines = new Set(["hardware.lspr-z15-over-z14", "hardware.baseline-scaling"]);
    expect(lean.items.filter((i) => !leanKeeps(i) && !engines.has(i.id)).map((i) => i.id)).toEqual([]);
    expect(lean.gaps.length).toBeLessThanOrEqual(full.gaps.length);
  });

  it("is the full one's through a memo shared with full runs, as capacity shares one", () => {
    const config = channelHeavy();
    const memo = new RuleMemo();
    const full = estimateWith(config, registry, undefined, memo);
    // A channel count moved, as capacity's search moves it: the lean run and the full run of it agree,
    // and replays of the full runs of the first config do not leak into the lean one, nor the reverse.
    const moved: Config = { ...config, channels: config.channels!.map((c, k) => (k === 0 ? { ...c, count: 70 } : c)) };
    const lean = estimateWith(moved, registry, undefined, memo, true);
    expect(searched(lean)).toEqual(searched(estimateWith(moved, registry)));
    expect(searched(estimateWith(config, registry, undefined, memo, true))).toEqual(searched(full));
    expect(estimateWith(config, registry, undefined, memo).items).toEqual(full.items);
  });
});
