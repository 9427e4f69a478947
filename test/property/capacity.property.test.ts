// The capacity answer agrees with the estimate, both ways, over random valid configs: at the answer
// no limit is exceeded (but those exceeded whatever the value), and 1% above it (for counts, the next
// count at least) the binding limit is. Seeded, so that a failure reproduces.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Config } from "../../src/config/schema.js";
import { capacityOf, type CapacityAnswer } from "../../src/engine/capacity.js";
import { estimateWith } from "../../src/engine/engine.js";
import { shippedRegistry } from "../../src/model/models.js";
import { configArb, load } from "../helpers/config-arb.js";
import { runs } from "../helpers/runs.js";

const SEED = 151515;
// Each case solves two targets, a few hundred estimates: 800 cases under test:full, 80 otherwise.
const RUNS = runs(800, 80, "CAPACITY_RUNS");
const registry = shippedRegistry();

/** The config with the target set, as the solver sets it. */
function at(config: Config, a: CapacityAnswer, v: number): Config {
  const p = a.target.path;
  if (p === "workload.rate") return { ...config, workload: { ...config.workload, rate: v } };
  const name = p.slice("channels.".length, p.lastIndexOf("."));
  const field = p.slice(p.lastIndexOf(".") + 1);
  return { ...config, channels: config.channels!.map((c) => (c.name === name ? { ...c, [field]: v } : c)) };
}

const exceeded = (config: Config, ignore: readonly string[]) =>
  estimateWith(config, registry)
    .headroom.filter((h) => h.exceeded && !ignore.includes(h.id))
    .map((h) => h.id);

describe("capacity properties", () => {
  it("at the answer nothing is exceeded; 1% above it the binding limit is", () => {
    let solved = 0;
    let unbounded = 0;
    fc.assert(
      fc.property(configArb, (input) => {
        const config = load(input);
        const targets = ["workload.rate", ...(config.channels?.length ? [capacityTarget(config)] : [])];
        const r = capacityOf(config, registry, { for: targets, curvePoints: 0 });
        for (const a of r.answers) {
          if (!a.max) {
            unbounded++;
            expect(exceeded(at(config, a, a.target.max), a.alwaysExceeded), a.target.path).toEqual([]);
            continue;
          }
          solved++;
          expect(exceeded(at(config, a, a.max.value), a.alwaysExceeded), a.target.path).toEqual([]);
          const above = a.target.integer
            ? Math.max(a.max.value + 1, Math.ceil(a.max.value * 1.01))
            : a.max.value * 1.01;
          if (above <= a.target.max)
            expect(exceeded(at(config, a, above), a.alwaysExceeded), a.target.path).toContain(a.binding!.id);
        }
      }),
      { seed: SEED, numRuns: RUNS },
    );
    // The generator reaches both kinds of answer (the thresholds scale with the count).
    expect(solved).toBeGreaterThan(RUNS / 8);
    expect(unbounded).toBeGreaterThan(RUNS / 30);
  }, 120_000);
});

/** The first channel definition's target, as targetsOf names it. */
function capacityTarget(config: Config): string {
  const ch = config.channels![0]!;
  return `channels.${ch.name}.${ch.type === "server-connection" ? "conversations" : "count"}`;
}
