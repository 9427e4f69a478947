// A rule's lines kept per channel definition within a command (RuleContext.kept, keptOrBuilt in
// src/engine/rule-memo.ts): storage-chin and storage-connections replay a definition's lines from an earlier point where
// nothing they are made of changed. A point made so is the estimate made without any memo, byte for
// byte, whichever definition, figure or budget the points before it moved; and at a point that moves
// one definition of many, the others' lines are replayed, not built.
import { describe, expect, it } from "vitest";
import type { Config } from "../src/config/types.js";
import { estimateWith } from "../src/engine/engine.js";
import { keptOrBuilt, Kept, RuleMemo } from "../src/engine/rule-memo.js";
import type { RuleContext } from "../src/engine/types.js";
import { shippedRegistry } from "../src/model/models.js";
import { toJson } from "../src/report/json.js";
import { channelOf, configPoint, type Change } from "./helpers/config-point.js";

const registry = shippedRegistry();

const channels = [
  { name: "A", type: "sender", count: 3 },
  { name: "B", type: "receiver", count: 2, messageSize: "32KB" },
  { name: "C", type: "server-connection", conversations: 400, sharecnv: 10 },
  { name: "D", type: "sender" },
  { name: "E", type: "requester", count: 5 },
];
const base: Record<string, unknown> = {
  version: 1,
  mq: { release: "9.3" },
  hardware: { generation: "z15", cpus: 8 },
  workload: { rate: "1000/s", messageSize: "4KB" },
  storage: {
    chin: { used: "120MB", free: "1346MB" },
    csa: { available: "900MB" },
    belowTheBar: { available: "1GB" },
    localConnections: 20,
  },
  channels,
};
const raw = (change?: Change): Config => configPoint(base, change);
const chan = channelOf;

describe("a definition's kept lines", () => {
  it("give every point the estimate made without a memo, as sensitivity's points move one thing each", () => {
    const points: Config[] = [
      raw(),
      raw((c) => (chan(c, 0).type = "receiver")),
      raw((c) => (chan(c, 0).type = "server")),
      // A server-connection footprint: every other definition's "channels that fit" moves.
      raw((c) => Object.assign(chan(c, 3), { type: "server-connection", sharecnv: 1 })),
      raw((c) => (chan(c, 1).messageSize = "1MB")),
      raw((c) => (chan(c, 4).count = 6)),
      raw((c) => ((c.storage as { chin: Record<string, unknown> }).chin.free = "900MB")),
      raw((c) => ((c.mq as Record<string, unknown>).release = "9.2")),
      raw((c) => ((c.workload as Record<string, unknown>).messageSize = "64KB")),
      // storage-connections' lines: shared queues, more local connections, more conversations.
      raw((c) => ((c.workload as Record<string, unknown>).queues = "shared")),
      raw((c) => ((c.storage as Record<string, unknown>).localConnections = 30)),
      raw((c) => (chan(c, 2).conversations = 500)),
      raw((c) => (chan(c, 2).sharecnv = 1)),
      // The channels rule's data-rate lines: the rate, the flow's pattern, a channel's own rate and
      // compression.
      raw((c) => ((c.workload as Record<string, unknown>).rate = "1200/s")),
      raw((c) => ((c.workload as Record<string, unknown>).pattern = "one-way")),
      raw((c) => (chan(c, 0).rate = "50/s")),
      raw((c) => (chan(c, 3).compression = "zlibfast")),
      raw((c) => Object.assign(chan(c, 3), { compression: "zlibfast", compressibility: "60%" })),
      raw(),
      raw((c) => (chan(c, 0).type = "receiver")),
    ];
    const memo = new RuleMemo();
    for (const p of points)
      expect(toJson(estimateWith(p, registry, undefined, memo))).toBe(toJson(estimateWith(p, registry)));
  });

  it("are replayed for the definitions a point does not move, built for the one it does", () => {
    const built: string[] = [];
    const kept = new Kept();
    const ctx = (lines: string[]): RuleContext => ({
      config: raw(),
      registry,
      kept,
      item: (i) => lines.push(i.id),
      warn: () => {},
      gap: () => {},
    });
    const line = (c: RuleContext, name: string) => {
      built.push(name);
      c.item({ id: `x.${name}` } as Parameters<RuleContext["item"]>[0]);
    };
    const run = (inputs: Record<string, number>) => {
      const lines: string[] = [];
      const c = ctx(lines);
      for (const [name, v] of Object.entries(inputs)) keptOrBuilt(c, "x", name, [v], (cc) => line(cc, name));
      return lines;
    };
    expect(run({ A: 1, B: 1, C: 1 })).toEqual(["x.A", "x.B", "x.C"]);
    expect(run({ A: 2, B: 1, C: 1 })).toEqual(["x.A", "x.B", "x.C"]);
    expect(run({ A: 1, B: 1, C: 1 })).toEqual(["x.A", "x.B", "x.C"]);
    // Built: each once at first, A again at 2; A at 1 again is replayed (an earlier variant).
    expect(built).toEqual(["A", "B", "C", "A"]);
  });
});

describe("a footprint read once per kind of definition", () => {
  // storage-chin takes the first definition's footprint for the others of its kind and size only
  // where choosing it said nothing that names the definition: a carried or missing release still
  // warns or gaps for each definition, naming it; the engine writes one finding naming them all.
  const at = (release: string) =>
    estimateWith(
      raw((c) => {
        (c.mq as Record<string, unknown>).release = release;
        c.channels = [
          { name: "A", type: "sender" },
          { name: "B", type: "receiver" },
          { name: "S", type: "server-connection", sharecnv: 10 },
          { name: "T", type: "server-connection", sharecnv: 10 },
        ];
      }),
      registry,
    );
  it("warns for each definition whose footprint is carried from another release", () => {
    // 9.1's message-channel footprint is the 9.2 report's, extrapolated: one warning naming both
    // message channels (not one per definition: 1,000 senders gave 1,000 warnings).
    const named = at("9.1")
      .warnings.map((w) => /^([\w, ]+): message-channel footprint: MQ 9\.1 is not measured/.exec(w.message)?.[1])
      .filter(Boolean);
    expect(named).toEqual(["A, B"]);
  });
  it("gaps each definition where no release's footprint serves, one gap per table", () => {
    const named = at("8.0")
      .gaps.map((g) => /^([\w, ]+): no (?:message-channel|SVRCONN) footprint for MQ 8\.0/.exec(g.message)?.[1])
      .filter(Boolean);
    expect(named).toEqual(["A, B", "S, T"]);
  });
  it("names ten definitions in a finding and says how many more, every one of them in its channels", () => {
    // 12 senders at MQ 8.0: one gap for all twelve (no release's message-channel footprint serves).
    const senders = Array.from({ length: 12 }, (_, k) => `S${k}`);
    const e = estimateWith(
      raw((c) => {
        (c.mq as Record<string, unknown>).release = "8.0";
        c.channels = senders.map((name) => ({ name, type: "sender" }));
      }),
      registry,
    );
    const gap = e.gaps.find((g) => g.message.includes("no message-channel footprint for MQ 8.0"))!;
    // The first ten names as written, then "and 2 more" (12 - 10).
    expect(gap.message.startsWith(`${senders.slice(0, 10).join(", ")} and 2 more: `)).toBe(true);
    expect(gap.channels).toEqual(senders);
    // Two definitions: both named, no list beside the message.
    const two = at("8.0").gaps.find((g) => g.message.startsWith("A, B: "))!;
    expect(two.channels).toBeUndefined();
  });
});
