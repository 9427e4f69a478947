// The log-rate ceiling is a part of the logging rule that a command's memo replays by what it read of
// the config (keptOrRun in src/engine/rule-memo.ts): it reads no rate, its rule does, so a rate sweep
// replays it where the rule runs at every point. A point made so is the estimate made without any memo,
// byte for byte, whatever the points before it moved; and the rule's own recorded run, made while the
// ceiling was replayed, still notes what the ceiling read (else a later point that moves only that
// would replay the rule's stale lines). The engine keeps each replayed item's range by the item
// (item-range.ts): every example estimated again and again within a command is the plain estimate.
import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { loadConfigFile } from "../src/config/read-file.js";
import { parseConfigValue } from "../src/config/load.js";
import type { Config } from "../src/config/types.js";
import { estimateWith } from "../src/engine/engine.js";
import { RuleMemo } from "../src/engine/rule-memo.js";
import { shippedRegistry } from "../src/model/models.js";
import type { Registry } from "../src/model/registry.js";
import { toJson } from "../src/report/json.js";

const registry = shippedRegistry();

type Raw = Record<string, Record<string, unknown>>;
const point = (change: (c: Raw) => void = () => {}): Config => {
  const c: Raw = {
    mq: { release: "9.3" },
    hardware: { generation: "z15", cpus: 8 },
    workload: { pattern: "request-reply", persistent: true, messageSize: "4KB", rate: "1000/s" },
    logging: { disk: { subsystem: "DS8950F", stripes: 4 } },
  };
  change(c);
  return parseConfigValue({ version: 1, ...c }, "points", { located: false }).config;
};

describe("the log-rate ceiling within a command", () => {
  it("gives every point the estimate made without a memo, whichever input the points before it moved", () => {
    const points: Config[] = [
      point(),
      point((c) => (c.workload.rate = "2000/s")),
      // Only the ceiling reads this: the rule's run at 2000/s, recorded while the ceiling was replayed,
      // must still tell this point from that one.
      point((c) => {
        c.workload.rate = "2000/s";
        c.logging.preformatted = false;
      }),
      point((c) => (c.workload.rate = "3000/s")),
      point((c) => (c.workload.rate = "4000/s")),
      point((c) => (c.workload.rate = "5000/s")),
      point((c) => {
        c.workload.rate = "5000/s";
        c.logging.disk = { subsystem: "DS8870" };
      }),
      point((c) => (c.workload.messageSize = "1MB")),
      point((c) => (c.logging.archiving = false)),
      point((c) => (c.logging.dualLogs = false)),
      point((c) => (c.logging.metroMirror = true)),
      point((c) => (c.mq.release = "9.2")),
      point((c) => (c.mq.release = "5.3")),
      point((c) => delete c.workload.rate),
      point((c) => (c.workload.rate = "6000/s")),
      point(),
    ];
    const memo = new RuleMemo();
    for (const p of points)
      expect(toJson(estimateWith(p, registry, undefined, memo))).toBe(toJson(estimateWith(p, registry)));
  });

  it("holds the configured rate as its demand, and none without a rate", () => {
    const ceiling = (c: Config) => estimateWith(c, registry).items.find((i) => i.id === "logging.log-rate-ceiling")!;
    expect(ceiling(point()).demand).toEqual({ value: 1000, from: "workload.rate" });
    expect(ceiling(point((c) => delete c.workload.rate)).demand).toBeUndefined();
  });

  it("is not ranked again at the points of a rate sweep", () => {
    // The DS8950F's peak (000 line 1412) is read to rank the peaks and take the best through the door:
    // counted at each point of a sweep of the rate alone.
    let reads = 0;
    const counting = new Proxy(registry, {
      get(t, p, r) {
        const v: unknown = Reflect.get(t, p, r);
        if (p !== "get" || typeof v !== "function") return v;
        return (id: string) => {
          if (id === "000.peak-log-rate-per-copy") reads++;
          return (v as Registry["get"]).call(t, id);
        };
      },
    });
    const memo = new RuleMemo();
    const perPoint: number[] = [];
    for (const rate of ["1000/s", "2000/s", "3000/s", "4000/s", "5000/s", "6000/s"]) {
      reads = 0;
      estimateWith(
        point((c) => (c.workload.rate = rate)),
        counting,
        undefined,
        memo,
      );
      perPoint.push(reads);
    }
    expect(perPoint[0]).toBeGreaterThan(0);
    expect(perPoint.slice(1)).toEqual([0, 0, 0, 0, 0]);
  });
});

describe("an estimate made again within a command", () => {
  it("is the estimate made without a memo, for every example (its items' ranges are kept by item, each use a copy)", () => {
    for (const f of readdirSync("examples").filter((x) => x.endsWith(".yaml"))) {
      const { config } = loadConfigFile(`examples/${f}`);
      const plain = toJson(estimateWith(config, registry));
      const memo = new RuleMemo();
      // The engine changes an estimate's items in place (hardware scaling): a shared item would show it.
      for (let k = 0; k < 4; k++) expect(toJson(estimateWith(config, registry, undefined, memo)), f).toBe(plain);
    }
  });
});
