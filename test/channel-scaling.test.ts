// #29.5: capacity and sensitivity do a number of estimates that does not grow with the number of
// channel definitions (each estimate is linear in the config, so the whole is linear): every definition
// solved for and moved made them quadratic (200 senders: 53 s and 62 s; 1,000 never ended). Counted by
// a rule that counts the estimates it is asked about; no timing.
import { describe, expect, it } from "vitest";
import { parseConfigText, parseConfigValue } from "../src/config/load.js";
import { estimateWith } from "../src/engine/engine.js";
import { metricOf } from "../src/engine/metrics.js";
import { capacityOf, MAX_DEFAULT_CHANNEL_TARGETS } from "../src/engine/capacity.js";
import { MAX_CHANNELS_MOVED, sensitivityOf } from "../src/engine/sensitivity.js";
import { shippedRegistry } from "../src/model/models.js";
import { RULES } from "../src/rules/index.js";

/** Sender definitions; `distinct` gives each a count of its own (i + 1), so that none is set as another. */
function plan(channels: number, distinct = true): string {
  let s = 'version: 1\nmq: { release: "9.3" }\nhardware: { generation: z15, cpus: 8 }\n';
  s += "workload: { rate: 1000/s, messageSize: 4KB }\nstorage:\n  chin: { used: 120MB, free: 1346MB }\nchannels:\n";
  for (let i = 0; i < channels; i++) s += `  - { name: C${i}, type: sender${distinct ? `, count: ${i + 1}` : ""} }\n`;
  return s;
}

/** Counts estimates: the first rule is asked whether it applies once per estimate. */
let estimates = 0;
const first = RULES[0]!;
const applies = first.applies.bind(first);

function counting<T>(f: () => T): { result: T; estimates: number } {
  estimates = 0;
  (first as { applies: typeof applies }).applies = (c) => (estimates++, applies(c));
  try {
    return { result: f(), estimates };
  } finally {
    (first as { applies: typeof applies }).applies = applies;
  }
}

describe("capacity and sensitivity against channel count", () => {
  const registry = shippedRegistry();
  const runs = [12, 60].map((n) => {
    const alike = parseConfigText(plan(n, false), "plan.yaml");
    const loaded = parseConfigText(plan(n), "plan.yaml");
    return {
      n,
      capacity: counting(() => capacityOf(alike.config, registry)),
      sensitivity: counting(() =>
        sensitivityOf(loaded.source.value as Record<string, unknown>, loaded.config, registry),
      ),
    };
  });

  it("capacity: the same number of estimates for 12 and 60 senders, the rate and the first 10 solved for", () => {
    const [a, b] = runs;
    expect(b!.capacity.estimates).toBe(a!.capacity.estimates);
    // Each channel target: its least value (the configured 1) and its largest (100,000), then for each of
    // the two limits that bind (MAXCHL; the CHIN budget, whose range differs from its value) a guess on
    // the line between those two and the count above it, for its value, and for its low and high ends
    // where they differ: 2 + 2 + 3 x 2 = 10. The rate at most 6, the curve 25, the config itself 1.
    // Doubling from 1 to bracket each limit took 24 per channel target (271 in all at 100 senders).
    expect(a!.capacity.estimates).toBeLessThanOrEqual(1 + 6 + MAX_DEFAULT_CHANNEL_TARGETS * 10 + 25);
    // The rate and the first 10 definitions; 12 - 10 and 60 - 10 left for --for.
    expect(b!.capacity.result.answers).toHaveLength(1 + MAX_DEFAULT_CHANNEL_TARGETS);
    expect(a!.capacity.result.unsolved).toContain("2 more channel definitions not solved for");
    expect(b!.capacity.result.unsolved).toContain("50 more channel definitions not solved for");
  });

  it("capacity --for still solves a channel past the first 10", () => {
    const loaded = parseConfigText(plan(12), "plan.yaml");
    const r = capacityOf(loaded.config, registry, { for: ["channels.C11.count"] });
    expect(r.answers.map((a) => a.target.path)).toEqual(["channels.C11.count"]);
    expect(r.unsolved).toBeUndefined();
  });

  it("sensitivity: the same number of estimates for 12 and 60 senders, and a note for the rest", () => {
    const [a, b] = runs;
    expect(b!.sensitivity.estimates).toBe(a!.sensitivity.estimates);
    const rows = [...b!.sensitivity.result.uncertainties, ...b!.sensitivity.result.decisions];
    expect(rows.some((r) => r.name.startsWith(`channels.C${MAX_CHANNELS_MOVED}.`))).toBe(false);
    expect(rows.some((r) => r.name.startsWith("channels.C9."))).toBe(true);
    expect(b!.sensitivity.result.notes.join(" ")).toContain("those of the other 50 are not");
  });

  it("sensitivity: definitions set alike (the name aside) are moved once, the others named", () => {
    const loaded = parseConfigText(plan(60, false), "plan.yaml");
    const run = counting(() => sensitivityOf(loaded.source.value as Record<string, unknown>, loaded.config, registry));
    const rows = [...run.result.uncertainties, ...run.result.decisions];
    expect(rows.some((r) => r.name === "channels.C0.type")).toBe(true);
    expect(rows.some((r) => r.name.startsWith("channels.C1."))).toBe(false);
    expect(run.result.notes).toContain(
      "C1, C2, C3 and 56 more are set as C0 is, the name aside: moving any one's inputs moves the outputs as moving C0's does (its rows)",
    );
    expect(run.result.notes.join(" ")).not.toContain("are not (each moved input");
    // Ten distinct definitions move ten types; sixty alike ones, one: fewer estimates.
    expect(run.estimates).toBeLessThan(runs[1]!.sensitivity.estimates);
  });

  it("what the note says holds: a later alike definition moved gives the outputs C0's does", () => {
    const raw = parseConfigText(plan(12, false), "plan.yaml").source.value as { channels: { type: string }[] };
    const moved = (k: number) => {
      const copy = structuredClone(raw);
      copy.channels[k]!.type = "receiver";
      const e = estimateWith(parseConfigValue(copy, "plan.yaml").config, registry);
      return { cost: metricOf(e, "cost.total"), cpu: metricOf(e, "cpu"), limits: e.limits.map((l) => [l.id, l.value]) };
    };
    expect(moved(7)).toEqual(moved(0));
  });
});
