// Finished line items shared between a sensitivity's points (src/engine/finished-items.ts): an item a
// point replays from the command's memo takes the copy an earlier point finished (ranged and fitted
// to the machine), where fitting it again would not change it. Each point must still be the estimate
// made without any memo, byte for byte, whatever the points before it moved (the machine above all:
// a limit measured on z15 is "as measured" on a z15 and scaled by LSPR on a z14).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseConfigText } from "../src/config/load.js";
import type { Config } from "../src/config/types.js";
import { estimateWith } from "../src/engine/engine.js";
import { RuleMemo } from "../src/engine/rule-memo.js";
import { shippedRegistry } from "../src/model/models.js";
import { toJson } from "../src/report/json.js";
import { channelOf, configPoint, type Change } from "./helpers/config-point.js";

const registry = shippedRegistry();

const base: Record<string, unknown> = {
  version: 1,
  mq: { release: "9.3" },
  hardware: { generation: "z15", cpus: 8 },
  workload: { rate: "1000/s", messageSize: "4KB" },
  storage: { chin: { used: "120MB", free: "1346MB" }, csa: { available: "900MB" } },
  channels: [
    { name: "A", type: "sender", count: 3, tls: { cipher: "TLS_RSA_WITH_AES_256_CBC_SHA256", resetBytes: "1MB" } },
    { name: "B", type: "receiver", count: 2, messageSize: "32KB" },
    { name: "C", type: "server-connection", conversations: 400, sharecnv: 10 },
    { name: "D", type: "sender", compression: "zlibfast", compressibility: "60%" },
  ],
};
const raw = (change?: Change): Config => configPoint(base, change);
const chan = channelOf;
const machine = (g: string) => (c: Record<string, unknown>) => ((c.hardware as Record<string, unknown>).generation = g);

describe("finished items shared between a sensitivity's points", () => {
  it("leave every point the estimate made without a memo, the machine moved back and forth", () => {
    const points: Config[] = [
      raw(),
      raw(machine("z14")),
      // On z14 again and again: the CPU figures measured on z15 are scaled each time, never twice.
      raw((c) => {
        machine("z14")(c);
        chan(c, 3).count = 2;
      }),
      raw(machine("z14")),
      raw((c) => (chan(c, 0).type = "server")),
      raw(machine("z16")),
      raw((c) => (chan(c, 1).type = "server-connection")),
      raw(machine("z14")),
      raw((c) => ((c.workload as Record<string, unknown>).rate = "1200/s")),
      raw((c) => ((c.storage as { chin: Record<string, unknown> }).chin.free = "900MB")),
      raw(),
      raw(machine("z14")),
    ];
    const memo = new RuleMemo(true);
    for (const p of points)
      expect(toJson(estimateWith(p, registry, undefined, memo))).toBe(toJson(estimateWith(p, registry)));
  });

  it("are shared: a point that moves one definition takes the others' finished lines as they were", () => {
    const memo = new RuleMemo(true);
    const first = estimateWith(raw(), registry, undefined, memo);
    const point = estimateWith(
      raw((c) => (chan(c, 3).count = 2)),
      registry,
      undefined,
      memo,
    );
    const before = new Set(first.items);
    const shared = point.items.filter((i) => before.has(i)).map((i) => i.id);
    expect(shared).toContain("storage.chin-footprint.B");
    // Not where the command does not share them (a sweep's, a capacity's memo).
    const plain = new RuleMemo();
    const a = new Set(estimateWith(raw(), registry, undefined, plain).items);
    expect(
      estimateWith(
        raw((c) => (chan(c, 3).count = 2)),
        registry,
        undefined,
        plain,
      ).items.some((i) => a.has(i)),
    ).toBe(false);
  });

  const examples = join(import.meta.dirname, "..", "examples");
  it.each(readdirSync(examples).filter((f) => f.endsWith(".yaml")))(
    "leave every example's points the estimates made without a memo: %s",
    (f) => {
      const config = parseConfigText(readFileSync(join(examples, f), "utf8"), f).config;
      const on = (generation: Config["hardware"]["generation"]): Config => ({
        ...config,
        hardware: { ...config.hardware, generation },
      });
      const other = config.hardware.generation === "z14" ? "z15" : "z14";
      // A capacity factor the user gives scales what the sources do not (hardware.factor).
      const factor: Config = { ...config, hardware: { ...config.hardware, generation: "z16", factor: 1.1 } };
      const points = [config, on(other), config, on("z16"), factor, on(other), config];
      // With and without sharing: a memo replays a rule's item to every later point, so fitting it to one
      // machine must not change what the rule emitted (its citations, its inputs) for the next.
      for (const share of [false, true]) {
        const memo = new RuleMemo(share);
        for (const p of points)
          expect(toJson(estimateWith(p, registry, undefined, memo))).toBe(toJson(estimateWith(p, registry)));
      }
    },
  );
});
