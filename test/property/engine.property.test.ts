// Property tests of the engine: random valid configs, built from the schema's own enums and ranges,
// must estimate without an exception, give finite numbers (non-negative where they are costs,
// storage, rates or limits), give byte-identical JSON run to run, and obey monotonic laws with all
// else equal. Seeded, so that a failure reproduces.
import { FULL, runs as runsOf } from "../helpers/runs.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_MESSAGE_BYTES, type ConfigInput } from "../../src/config/schema.js";
import { atLeast, ciphersFor, configArb, load, rateArb, type Release } from "../helpers/config-arb.js";
import { estimateWith, type Estimate } from "../../src/engine/engine.js";
import { shippedRegistry } from "../../src/model/models.js";
import { toJson } from "../../src/report/json.js";
import { diff } from "../../src/engine/diff.js";

const SEED = 20240611;
// 10,000 random configs under npm run test:full (and CI), 1,000 under npm test (test/helpers/runs.ts).
const CONFIG_RUNS = runsOf(10000, 1000, "PROP_RUNS");
// The laws: full counts under test:full, a quarter or so under npm test.
const SIZE_LAW_RUNS = runsOf(1000, 250, "PROP_LAW_RUNS");
const FEATURE_LAW_RUNS = runsOf(400, 120, "PROP_LAW_RUNS");
// A bound for a hung test only, not a speed check: the full 10,000 configs took over two minutes on a
// loaded 2-core machine (CI runs them), so the full run gets fifteen minutes.
const TIMEOUT_MS = FULL ? 900_000 : 300_000;
const registry = shippedRegistry();

/**
 * Line items that are negative by design, by id: each a documented saving.
 * - encryption.smds-get-app: with SMDS encryption the application's MQGET costs less per 4KB page
 *   (the 9.2 report's SMDS table gives the application address space a lower cost), so the rule
 *   reports it as a negative per-page saving (src/rules/encryption.ts).
 */
const NEGATIVE_BY_DESIGN = new Set(["encryption.smds-get-app"]);
const NON_NEGATIVE_METRICS = new Set(["cpu-per-txn", "cpu-per-second", "storage", "limit", "rate", "volume"]);

/**
 * Numbers that are not finite, where they may not be: a range may be open (DESIGN.md, "Ranges": high
 * Infinity where the sources give no upper end, low -Infinity no lower), on its own side only; every
 * other number is finite. And every range holds its value: low <= value <= high.
 */
function nonFinitePaths(v: unknown, path = "estimate", out: string[] = [], key = ""): string[] {
  if (typeof v === "number") {
    const open = (key === "high" && v === Infinity) || (key === "low" && v === -Infinity);
    if (!Number.isFinite(v) && !open) out.push(`${path} = ${v}`);
  } else if (Array.isArray(v)) v.forEach((x, i) => nonFinitePaths(x, `${path}[${i}]`, out));
  else if (v !== null && typeof v === "object") {
    const o = v as Record<string, unknown>;
    if (typeof o.value === "number" && typeof o.low === "number" && typeof o.high === "number") {
      const eps = 1e-9 * Math.max(1, Math.abs(o.value));
      if (!(o.low <= o.value + eps && o.value <= o.high + eps))
        out.push(`${path}: low ${o.low}, value ${o.value}, high ${o.high} (not low <= value <= high)`);
    }
    for (const [k, x] of Object.entries(o)) nonFinitePaths(x, `${path}.${k}`, out, k);
  }
  return out;
}

function negatives(e: Estimate): string[] {
  const out: string[] = [];
  for (const i of [...e.items, ...e.limits, ...e.storage]) {
    if (!NON_NEGATIVE_METRICS.has(i.metric) || NEGATIVE_BY_DESIGN.has(i.id)) continue;
    for (const [k, x] of [
      ["value", i.value],
      ["low", i.low],
      ["high", i.high],
    ] as const)
      if (x !== undefined && x < 0) out.push(`${i.id}.${k} = ${x}`);
  }
  const hasNegativeItem = e.items.some((i) => NEGATIVE_BY_DESIGN.has(i.id) && i.value < 0);
  const r = (name: string, x: { value: number; low: number; high: number } | null) => {
    if (x && (x.value < 0 || x.low < 0 || x.high < 0)) out.push(`${name} = ${JSON.stringify(x)}`);
  };
  r("totals.backgroundCpuSecondsPerSecond", e.totals.backgroundCpuSecondsPerSecond);
  if (e.totals.rate !== null && e.totals.rate < 0) out.push(`totals.rate = ${e.totals.rate}`);
  // A baseline's own costs are non-negative, so the totals with one are too, saving or not.
  r("totals.total", e.totals.total);
  if (!hasNegativeItem) {
    r("totals.added", e.totals.added);
    r("totals.cpuSecondsPerSecond", e.totals.cpuSecondsPerSecond);
    for (const c of e.totals.costPerTransaction) if (c.addressSpace !== "total") r(`added.${c.addressSpace}`, c.added);
  }
  for (const c of e.totals.costPerTransaction) r(`total.${c.addressSpace}`, c.total);
  return out;
}

/** Two message sizes, smaller first, across the sizes the tables measure (1KB to 100MB). */
const sizePairArb = fc
  .tuple(fc.integer({ min: 1024, max: MAX_MESSAGE_BYTES }), fc.integer({ min: 1024, max: MAX_MESSAGE_BYTES }))
  .filter(([a, b]) => a !== b)
  .map(([a, b]) => (a < b ? ([a, b] as const) : ([b, a] as const)));

interface Feature<T> {
  name: string;
  arb: fc.Arbitrary<T>;
  /** The config with the feature off. */
  off: (c: ConfigInput) => ConfigInput;
  /** The same config with it on, or undefined where the release (or the config) cannot have it. */
  on: (c: ConfigInput, choice: T) => ConfigInput | undefined;
  /**
   * Percentage items left out of the comparison: a percentage the source states for each setting of the
   * feature, each of its own base, so that the same baseline taken under both says nothing of which
   * costs more.
   */
  ownBase?: readonly string[];
}
const releaseOf = (c: ConfigInput) => (c.mq?.release ?? "9.3") as Release;
const feature = <T>(f: Feature<T>) => f as Feature<unknown>;

const ZHW_COST: readonly string[] = ["logging.zhyperwrite-cost"];

const FEATURES: Feature<unknown>[] = [
  feature({
    name: "data set encryption of logs and page sets",
    arb: fc.constantFrom("logs", "pagesets", "both"),
    off: (c) => ({ ...c, encryption: undefined }),
    on: (c, which) =>
      atLeast(releaseOf(c), "9.2")
        ? { ...c, encryption: { logs: which !== "pagesets", pagesets: which !== "logs" } }
        : undefined,
  }),
  feature({
    name: "SMDS encryption",
    arb: fc.constant(null),
    off: (c) => ({ ...c, encryption: undefined }),
    on: (c) =>
      atLeast(releaseOf(c), "9.2") && c.workload?.queues === "shared"
        ? { ...c, encryption: { smds: true } }
        : undefined,
  }),
  feature({
    name: "TLS on every channel",
    arb: fc.nat(),
    off: (c) => ({ ...c, channels: c.channels?.map((ch) => ({ ...ch, tls: undefined })) }),
    on: (c, pick) => {
      if (!c.channels?.length) return undefined;
      const ciphers = ciphersFor(releaseOf(c));
      const cipher = ciphers[(pick as number) % ciphers.length]!;
      return { ...c, channels: c.channels.map((ch) => ({ ...ch, tls: { cipher, resetBytes: 1048576 } })) };
    },
  }),
  feature({
    name: "AMS",
    arb: fc.constantFrom("integrity", "privacy", "confidentiality" as const),
    off: (c) => ({ ...c, ams: undefined }),
    on: (c, policy) =>
      atLeast(releaseOf(c), "8.0")
        ? { ...c, ams: { policy: policy as "integrity" | "privacy" | "confidentiality" } }
        : undefined,
  }),
  feature({
    name: "dual active logs",
    ownBase: ZHW_COST,
    arb: fc.constant(null),
    off: (c) => ({ ...c, logging: { ...(c.logging ?? {}), dualLogs: false } }),
    on: (c) => ({ ...c, logging: { ...(c.logging ?? {}), dualLogs: true } }),
  }),
  feature({
    // zHyperWrite's overhead depends on the log copies: "typically the order of 7.5%" with single logs,
    // "more typically 6%" with dual (001 line 597), each a share of the queue manager's cost with PPRC
    // and those logs (#28 item 4). The same baseline under both is not the base of both, so the law
    // holds for everything else: every run has zHyperWrite under Metro Mirror and a qmgr baseline.
    name: "dual active logs with zHyperWrite under Metro Mirror",
    ownBase: ZHW_COST,
    arb: fc.constant(null),
    off: (c) =>
      atLeast(releaseOf(c), "9.2")
        ? {
            ...c,
            baseline: { rate: "1000/s", ...c.baseline, cost: { qmgr: "100us", ...c.baseline?.cost } },
            logging: { ...c.logging, zHyperWrite: true, metroMirror: true, dualLogs: false },
          }
        : c,
    on: (c) => (atLeast(releaseOf(c), "9.2") ? { ...c, logging: { ...c.logging, dualLogs: true } } : undefined),
  }),
];

/** What percentage items add to an estimate: percent x the baseline of their address space. */
const ownBasePart = (e: Estimate, ids: readonly string[] | undefined) =>
  (ids ?? []).reduce((sum, id) => {
    const i = e.items.find((x) => x.id === id && x.metric === "cpu-pct");
    const base = i && e.totals.costPerTransaction.find((c) => c.addressSpace === i.addressSpace)?.baseline;
    return sum + (i && base ? (i.value / 100) * base.value : 0);
  }, 0);

/** Per address space added cost, for comparing two estimates. */
const addedBySpace = (e: Estimate) =>
  new Map(e.totals.costPerTransaction.map((c) => [c.addressSpace, c.added.value] as const));
const EPS = 1e-9;
const notBelow = (a: number, b: number) => a >= b - EPS * Math.max(1, Math.abs(b));

describe("engine properties", () => {
  it(
    "random valid configs: no exception, finite numbers (ranges open only on their own side), low <= value <= high, non-negative costs, byte-identical JSON",
    () => {
      let runs = 0;
      fc.assert(
        fc.property(configArb, (input) => {
          runs++;
          const config = load(input);
          const e1 = estimateWith(config, registry);
          expect(nonFinitePaths(e1)).toEqual([]);
          expect(negatives(e1)).toEqual([]);
          // The same input, loaded afresh every tenth run (loading is the slower half) and re-estimated
          // every run, gives byte-identical JSON.
          const again = estimateWith(runs % 10 === 0 ? load(input) : structuredClone(config), registry);
          expect(toJson(again)).toBe(toJson(e1));
        }),
        { seed: SEED, numRuns: CONFIG_RUNS },
      );
      expect(runs).toBeGreaterThanOrEqual(CONFIG_RUNS);
    },
    TIMEOUT_MS,
  );

  it(
    "cost does not fall as the message size grows (totals.added and each address space)",
    () => {
      let sizeRuns = 0;
      let upliftRuns = 0;
      fc.assert(
        fc.property(configArb, sizePairArb, (input, [small, large]) => {
          const at = (size: number) => {
            // All else equal: every channel follows workload.messageSize.
            const c = structuredClone(input) as ConfigInput & { channels?: { messageSize?: unknown }[] };
            c.workload = { ...c.workload, messageSize: size };
            for (const ch of c.channels ?? []) delete ch.messageSize;
            return estimateWith(load(c), registry);
          };
          const a = at(small);
          const b = at(large);
          // The MQ 5.3 shared-queue uplift (004.sq-vs-private-cpu-uplift) is a percentage of the private-queue
          // cost at the same message size, and the source says it falls as messages grow (persistent: 37%
          // at 1000 bytes, "similar" at 5000; non-persistent: 100%, 75%, 16% at 63KB) while that private cost
          // rises. A fixed baseline cannot follow the private cost, so the uplift is held to the source's
          // direction here (never rising with size) and the law applies to everything else: the uplift's
          // share (the only % of the whole transaction) is taken out of totals.added before comparing.
          const uplift = (e: Estimate) => e.items.find((i) => i.id === "shared-queue.uplift");
          const wholeTxn = (e: Estimate) =>
            e.totals.costPerTransaction.find((c) => c.addressSpace === "total")?.added.value ?? 0;
          const [ua, ub] = [uplift(a), uplift(b)];
          if (ua && ub) {
            upliftRuns++;
            expect(ub.value, `uplift ${small} -> ${large}`).toBeLessThanOrEqual(ua.value);
          }
          // Where the sources measure a cost at one size only (AMS integrity at 2KB; privacy and
          // confidentiality at 2KB and 32KB), the larger size gets a gap instead of the item: an unknown,
          // not a fall in cost. The law compares estimates that price the same cost items.
          const priced = (e: Estimate) =>
            e.items.filter((i) => i.metric === "cpu-per-txn" || i.metric === "cpu-pct").map((i) => i.id);
          const later = new Set(priced(b));
          if (!priced(a).every((id) => later.has(id))) return;
          sizeRuns++;
          const addedApart = (e: Estimate) => e.totals.added.value - wholeTxn(e);
          expect(notBelow(addedApart(b), addedApart(a)), `totals.added ${small} -> ${large}`).toBe(true);
          const before = addedBySpace(a);
          const after = addedBySpace(b);
          for (const space of new Set([...before.keys(), ...after.keys()])) {
            // SMDS encryption's application saving (encryption.smds-get-app) is negative per 4KB page,
            // so the application address space's added cost falls as messages grow, by design.
            if (space === "app" && b.items.some((i) => NEGATIVE_BY_DESIGN.has(i.id))) continue;
            if (space === "total") continue; // the shared-queue uplift, held to the source's direction above
            expect(
              notBelow(after.get(space) ?? 0, before.get(space) ?? 0),
              `${space}: ${before.get(space)} at ${small} bytes, ${after.get(space)} at ${large} bytes`,
            ).toBe(true);
          }
        }),
        { seed: SEED + 1, numRuns: SIZE_LAW_RUNS },
      );
      // The law was exercised: a tenth of the runs had sizes to compare, a fiftieth an uplift (100 and
      // 20 of the full 1,000).
      expect(sizeRuns).toBeGreaterThan(SIZE_LAW_RUNS / 10);
      expect(upliftRuns).toBeGreaterThan(SIZE_LAW_RUNS / 50);
    },
    TIMEOUT_MS,
  );

  it(
    "secret key renegotiations per second do not fall as SSLRKEYC shrinks",
    () => {
      fc.assert(
        fc.property(
          // MQ 5.3 has no SSLRKEYC model (the V5.3 report gives SSL cost per message instead).
          configArb.filter((c) => c.mq?.release !== "5.3" && (c.channels ?? []).some((ch) => ch.tls)),
          fc.integer({ min: 32768, max: 999999999 }),
          fc.integer({ min: 32768, max: 999999999 }),
          rateArb,
          (input, r1, r2, rate) => {
            const [bigger, smaller] = r1 >= r2 ? [r1, r2] : [r2, r1];
            const at = (reset: number) => {
              const c = structuredClone(input);
              c.workload = { ...c.workload, rate };
              for (const ch of c.channels ?? []) if (ch.tls) ch.tls = { ...ch.tls, resetBytes: reset };
              return estimateWith(load(c), registry);
            };
            const a = at(bigger);
            const b = at(smaller);
            const renegotiations = a.items.filter((i) => i.id.startsWith("tls.renegotiations."));
            // Every TLS channel has a rate (its own or the workload's), so each has the item.
            expect(renegotiations.length).toBe((input.channels ?? []).filter((ch) => ch.tls).length);
            for (const i of renegotiations) {
              const j = b.items.find((x) => x.id === i.id)!;
              expect(j.value, `${i.id}: SSLRKEYC ${bigger} -> ${smaller}`).toBeGreaterThanOrEqual(i.value);
            }
            for (const i of a.items.filter((x) => x.id.startsWith("tls.renegotiation-cpu."))) {
              const j = b.items.find((x) => x.id === i.id)!;
              expect(j.value, i.id).toBeGreaterThanOrEqual(i.value);
            }
          },
        ),
        { seed: SEED + 2, numRuns: runsOf(500, 100, "PROP_LAW_RUNS") },
      );
    },
    TIMEOUT_MS,
  );

  it.each(FEATURES.map((f) => [f.name, f] as const))(
    "turning on %s never lowers totals.added",
    (_name, feature) => {
      let applied = 0;
      fc.assert(
        fc.property(configArb, feature.arb, (input, choice) => {
          const off = feature.off(structuredClone(input));
          const on = feature.on(structuredClone(off), choice);
          if (!on) return;
          applied++;
          const a = estimateWith(load(off), registry);
          const b = estimateWith(load(on), registry);
          const addedA = a.totals.added.value - ownBasePart(a, feature.ownBase);
          const addedB = b.totals.added.value - ownBasePart(b, feature.ownBase);
          expect(notBelow(addedB, addedA), `${feature.name}: ${addedA} -> ${addedB}`).toBe(true);
        }),
        { seed: SEED + 3, numRuns: FEATURE_LAW_RUNS },
      );
      // The law was exercised, not skipped for want of a config the feature applies to: in an eighth of
      // the runs at least (50 of the full 400).
      expect(applied).toBeGreaterThan(FEATURE_LAW_RUNS / 8);
    },
    TIMEOUT_MS,
  );

  it.each(FEATURES.map((f) => [f.name, f] as const))(
    "turning on %s moves a point value wherever it moves a range, unless it brings a gap (diff is never silent)",
    (_name, feature) => {
      let moved = 0;
      fc.assert(
        fc.property(configArb, feature.arb, (input, choice) => {
          const off = feature.off(structuredClone(input));
          const on = feature.on(structuredClone(off), choice);
          if (!on) return;
          const a = estimateWith(load(off), registry);
          const b = estimateWith(load(on), registry);
          // A cost whose range moved while its point stayed: the effect the issue calls silent, unless
          // the proposed config has a gap the base has not (then the point is not known to move).
          const before = new Map(a.items.map((i) => [i.id, i] as const));
          const rangeOnly = b.items.filter((i) => {
            const j = before.get(i.id);
            return j !== undefined && j.value === i.value && (j.low !== i.low || j.high !== i.high);
          });
          const newGaps = b.gaps.filter((g) => !a.gaps.some((h) => h.message === g.message));
          if (rangeOnly.length === 0 || newGaps.length > 0) return;
          moved++;
          // diff leaves out a line whose point is the same on both sides.
          expect(
            diff(a, b).lines.length,
            `${feature.name}: ${rangeOnly.map((i) => i.id).join(", ")} moved only their ranges`,
          ).toBeGreaterThan(0);
        }),
        { seed: SEED + 4, numRuns: FEATURE_LAW_RUNS },
      );
      // How often the law had something to check is reported, not required: a feature may add items only.
      expect(moved).toBeGreaterThanOrEqual(0);
    },
    TIMEOUT_MS,
  );

  it(
    "a user hardware.factor scales value, low and high alike (cost divided, CPU-bound limits multiplied)",
    () => {
      let compared = 0;
      fc.assert(
        fc.property(
          configArb,
          fc.double({ min: 0.25, max: 4, noNaN: true }),
          fc.double({ min: 0.25, max: 4, noNaN: true }),
          (input, f1, f2) => {
            if (Math.abs(f1 - f2) < 0.01) return;
            // z16: the sources give no LSPR factor to it, so the user's factor is the one applied.
            const at = (factor: number) =>
              estimateWith(load({ ...input, hardware: { ...input.hardware, generation: "z16", factor } }), registry);
            const a = at(f1);
            const b = at(f2);
            for (const i of [...a.items, ...a.limits]) {
              if (i.inputs.hardwareFactor === undefined) continue;
              const j = [...b.items, ...b.limits].find((x) => x.id === i.id && x.inputs.hardwareFactor !== undefined);
              // Subnormal values (a rate of 5e-324/s) have too few bits for a ratio to mean anything.
              if (!j || Math.abs(i.value) < 1e-290) continue;
              compared++;
              const k = j.value / i.value;
              // Dividing a cost by the factor multiplies it by f1 / f2 from a to b; a limit the other way.
              expect(
                [f1 / f2, f2 / f1].some((x) => Math.abs(k - x) <= 1e-9 * x),
                `${i.id}: value x ${k}`,
              ).toBe(true);
              for (const end of ["low", "high"] as const) {
                const x = i[end]!;
                const y = j[end]!;
                if (x === Infinity || x === -Infinity || x === 0) expect(y, `${i.id}.${end}`).toBe(x);
                else if (Math.abs(x) < 1e-290) continue;
                else
                  expect(Math.abs(y / x - k), `${i.id}.${end}: ${x} -> ${y}, value x ${k}`).toBeLessThanOrEqual(
                    1e-9 * k,
                  );
              }
            }
          },
        ),
        { seed: SEED + 5, numRuns: runsOf(400, 100, "PROP_LAW_RUNS") },
      );
      expect(compared).toBeGreaterThan(0);
    },
    TIMEOUT_MS,
  );

  it(
    "nothing derived from one one-sided figure ('in excess of', 'up to') has a finite bound on its open side unless a part says what bounds it",
    () => {
      let oneSided = 0;
      fc.assert(
        fc.property(configArb, (input) => {
          const e = estimateWith(load(input), registry);
          for (const i of [...e.items, ...e.limits, ...e.storage]) {
            const spread = (i as { spread?: readonly { reason: string; from: string; text: string }[] }).spread ?? [];
            // Items made from one figure: where several enter, a one-sided one may bound another regime
            // (zHyperWrite's "up to 60%" below 128KB beside the 4% it saves at 4MB).
            const figures = new Set(
              spread.filter((p) => p.reason !== "rule" && p.reason !== "input").map((p) => p.from),
            );
            if (figures.size !== 1) continue;
            // A part that bounds the open side by another figure names itself: a rule's or a condition's.
            const bounded = spread.some((p) => p.reason === "rule" && /bound|at most|at least|ceiling/i.test(p.text));
            if (bounded) continue;
            const floor = i.unit === "percent" ? -100 : i.unit === "ratio" || i.unit === "times" ? 1 : 0;
            if (spread.some((p) => p.reason === "lower-bound")) {
              oneSided++;
              // Proportional to it: open above; inversely (a time from a rate): down to nothing.
              expect(i.high === Infinity || i.low <= floor, `${i.id}: ${i.low}..${i.high} from "in excess of"`).toBe(
                true,
              );
            }
            if (spread.some((p) => p.reason === "upper-bound")) {
              oneSided++;
              expect(i.low <= floor || i.high === Infinity, `${i.id}: ${i.low}..${i.high} from "up to"`).toBe(true);
            }
          }
        }),
        { seed: SEED + 6, numRuns: runsOf(2000, 300, "PROP_LAW_RUNS") },
      );
      expect(oneSided).toBeGreaterThan(0);
    },
    TIMEOUT_MS,
  );

  it(
    "a figure used outside its measured conditions is widened past its run-to-run width, or opened, in every line item",
    () => {
      let outside = 0;
      fc.assert(
        fc.property(configArb, (input) => {
          const e = estimateWith(load(input), registry);
          for (const i of [...e.items, ...e.limits, ...e.storage]) {
            type Part = { reason: string; from: string; low: number; high: number };
            const spread = (i as { spread?: readonly Part[] }).spread ?? [];
            // Each part is in percent of its own figure: the condition's widening of a figure is compared
            // with that figure's run-to-run part.
            for (const c of spread.filter((p) => p.reason === "condition" && (p.low !== 0 || p.high !== 0))) {
              outside++;
              const runToRun = Math.max(
                0,
                ...spread.filter((p) => p.reason === "run-to-run" && p.from === c.from).map((p) => p.high),
              );
              const widest = Math.max(Math.abs(c.low), c.high === null ? Infinity : c.high);
              expect(
                widest,
                `${i.id}: ${c.from} widened ${c.low}..${c.high}%, run-to-run ${runToRun}%`,
              ).toBeGreaterThan(runToRun);
            }
          }
        }),
        { seed: SEED + 7, numRuns: runsOf(2000, 300, "PROP_LAW_RUNS") },
      );
      expect(outside).toBeGreaterThan(0);
    },
    TIMEOUT_MS,
  );
});
