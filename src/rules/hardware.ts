// Hardware: CPU figures were measured on one machine (mostly z15); a config for another machine gets
// them scaled only by a factor a source gives (the z14-to-z15 LSPR table of the z15 report, by CPUs
// and RNI) or by a factor the user supplies. Otherwise the figures stay as measured and a gap says so.
import type { LineItem, Rule, RuleContext } from "../engine/types.js";
import type { Citation, LookupResult, Registry } from "../model/registry.js";
import { fromLookups, num } from "./helpers.js";
import { directionOf } from "./conditions.js";

const LSPR = "003.lspr-z15-vs-z14";
const LSPR_RANGE = "003.lspr-improvement-range";
const CARRY = "003.carry-z14-to-z15-lspr";

const RNI_LOW_CPUS = "003.rni-low-cpus";
const RNI_AVERAGE_CPUS = "003.rni-average-cpus";

interface Lspr {
  pct: number;
  low: number;
  high: number;
  r: LookupResult;
  /** The RNI class taken for the CPU count when hardware.rni is not given, with its citations. */
  assumed?: { rni: "low" | "average"; text: string; citations: LookupResult["citation"][] };
}

/**
 * The z15-over-z14 improvement for the config's CPUs and RNI, or the stated 11-16% range. With CPUs
 * and no RNI, the class the report saw MQ workloads fall in at that CPU count (low RNI at 3 CPs,
 * average at 32, seed 003 line 133): the nearer one is assumed; the range is the CPU row's low to high
 * RNI, since the MQ workloads "cover the entire range of Low, Average and High RNI" (line 131).
 */
function lsprImprovement(ctx: RuleContext): Lspr {
  const { cpus, rni } = ctx.config.hardware;
  if (cpus !== undefined && rni !== undefined) {
    const r = ctx.registry.lookup(LSPR, { cpus, rni });
    return { pct: r.value, low: r.value, high: r.value, r };
  }
  if (cpus !== undefined) {
    const lowAt = ctx.registry.figureValue(RNI_LOW_CPUS);
    const averageAt = ctx.registry.figureValue(RNI_AVERAGE_CPUS);
    const low = ctx.registry.lookup(LSPR, { cpus, rni: "low" });
    const average = ctx.registry.lookup(LSPR, { cpus, rni: "average" });
    const high = ctx.registry.lookup(LSPR, { cpus, rni: "high" });
    const nearer = Math.abs(cpus - lowAt.value) <= Math.abs(cpus - averageAt.value) ? "low" : "average";
    const r = nearer === "low" ? low : average;
    return {
      pct: r.value,
      low: Math.min(low.value, average.value, high.value),
      high: Math.max(low.value, average.value, high.value),
      r,
      assumed: {
        rni: nearer,
        text: `hardware.rni not given: ${nearer} RNI assumed for ${num(cpus)} CPUs (the report has MQ workloads that were low RNI at ${lowAt.raw} CPs and average at ${averageAt.raw}); its workloads cover every RNI class, so the range is ${low.raw} (low) to ${high.raw} (high); set hardware.rni to narrow it`,
        citations: [lowAt.citation, low.citation, average.citation, high.citation],
      },
    };
  }
  const r = ctx.registry.figureValue(LSPR_RANGE);
  return { pct: r.value, low: r.low ?? r.value, high: r.high ?? r.value, r };
}

/**
 * The machines an item was measured on, each once, in the order first named: the item's own list, or
 * its cited entries'. Read only (it may be the item's or the registry's list): copy it to keep it.
 */
function measuredOn(ctx: RuleContext, item: LineItem): readonly string[] {
  if (item.measuredOn) return distinct(item.measuredOn);
  const citations = item.citations;
  // Most items cite one entry, or entries of one machine list: that list as it is.
  let machines: readonly string[] = NONE;
  let own: string[] | undefined;
  for (let k = 0; k < citations.length; k++) {
    const c = citations[k]!;
    if (c.userSupplied) continue;
    const hw = citedHardware(ctx.registry, c);
    if (hw === machines || hw.length === 0) continue;
    if (machines.length === 0 && own === undefined) {
      machines = hw;
      continue;
    }
    own ??= machines.slice();
    for (let j = 0; j < hw.length; j++) if (!own.includes(hw[j]!)) own.push(hw[j]!);
  }
  return distinct(own ?? machines);
}

/** The list with each value once, in the order first seen (itself when it has no repeats). */
function distinct(list: readonly string[]): readonly string[] {
  for (let k = 1; k < list.length; k++) if (list.indexOf(list[k]!) < k) return [...new Set(list)];
  return list;
}

// The machines a cited entry was measured on, by id, per registry: asked for every CPU line item.
const hardwareOf = new WeakMap<Registry, Map<string, readonly string[]>>();
const NONE: readonly string[] = [];

// And by citation (citations are kept by the registry and shared): one lookup per citation, not two.
const hardwareByCitation = new WeakMap<Citation, readonly string[]>();

function citedHardware(registry: Registry, c: Citation): readonly string[] {
  let machines = hardwareByCitation.get(c);
  if (!machines) hardwareByCitation.set(c, (machines = entryHardware(registry, c.id)));
  return machines;
}

function entryHardware(registry: Registry, id: string): readonly string[] {
  let byId = hardwareOf.get(registry);
  if (!byId) hardwareOf.set(registry, (byId = new Map()));
  let machines = byId.get(id);
  if (!machines) byId.set(id, (machines = registry.has(id) ? registry.get(id).appliesTo.hardware : NONE));
  return machines;
}

/**
 * Scales CPU line items measured on another machine, and carries limits to the config's machine (or
 * marks them as the measuring machine's); called by the engine after every rule.
 */
export function scaleForHardware(items: LineItem[], ctx: RuleContext): void {
  const target = ctx.config.hardware.generation;
  const userFactor = ctx.config.hardware.factor;
  let lspr: Lspr | undefined;
  // Made on first use: most estimates have nothing unscaled.
  let unscaled: Set<string> | undefined;
  const unfitted: Unfitted = new Map();
  for (let n = 0; n < items.length; n++) {
    const item = items[n]!;
    const metric = item.metric;
    // A measured rate shown beside a cost (a channel start rate) scales as a CPU-bound limit does.
    if (metric === "limit" || (metric === "info" && item.scalesWithCpu)) {
      if (fitLimit(ctx, item, unfitted)) lspr ??= lsprImprovement(ctx);
      continue;
    }
    if (metric !== "cpu-per-txn" && metric !== "cpu-per-second") continue;
    const on = measuredOn(ctx, item);
    if (on.length === 0 || on.includes(target)) continue;
    const from = on.join("/");
    if (userFactor !== undefined) {
      const k = 1 / userFactor;
      scaleItem(item, k, k, k, `/ hardware.factor ${num(userFactor, 3)} (user-supplied, ${from} -> ${target})`);
      item.confidence = "user-supplied";
      addFactorInput(item, userFactor);
      continue;
    }
    const z14toZ15 = target === "z15" && on.includes("z14");
    const z15toZ14 = target === "z14" && on.includes("z15");
    if (z14toZ15 || z15toZ14) {
      lspr ??= lsprImprovement(ctx);
      const f = (p: number) => 1 + p / 100;
      // A z15 is faster: its cost is the z14 cost divided by the improvement, and the reverse.
      const [k, kLow, kHigh] = z14toZ15
        ? [1 / f(lspr.pct), 1 / f(lspr.high), 1 / f(lspr.low)]
        : [f(lspr.pct), f(lspr.low), f(lspr.high)];
      scaleItem(item, k, kLow, kHigh, `${z14toZ15 ? "/" : "x"} (1 + ${lspr.r.raw} LSPR z15 over z14)`);
      if (kLow !== kHigh) {
        // The machine carry's spread, for --explain (docs/ranges.md).
        const pct = (x: number) => (x / k - 1) * 100;
        item.spread = [
          ...(item.spread ?? []),
          {
            from: lspr.r.citation.id,
            reason: "machine-carry",
            low: pct(Math.min(kLow, kHigh)),
            high: pct(Math.max(kLow, kHigh)),
            text: `measured on ${from}, scaled to ${target} by the LSPR improvement ${lspr.r.raw}`,
            basis: CARRY,
          },
        ];
      }
      item.citations = [...item.citations, lspr.r.citation, ctx.registry.citation(ctx.registry.carry(CARRY))];
      if (item.confidence === "measured") item.confidence = "carried-forward";
      continue;
    }
    (unscaled ??= new Set()).add(from);
    openUnscaled(item, from, target);
  }
  if (lspr) {
    const { cpus, rni } = ctx.config.hardware;
    if (lspr.assumed) ctx.warn("hardware", lspr.assumed.text, lspr.assumed.citations);
    items.push({
      id: "hardware.lspr-z15-over-z14",
      concern: "hardware",
      label:
        cpus !== undefined && rni !== undefined
          ? `z15 capacity over z14, ${cpus} CPUs, ${rni} RNI (LSPR)`
          : cpus !== undefined
            ? `z15 capacity over z14, ${cpus} CPUs, ${lspr.assumed!.rni} RNI assumed (LSPR; set hardware.rni to narrow it)`
            : "z15 capacity over z14 (LSPR; set hardware.cpus and rni to narrow it)",
      metric: "info",
      value: lspr.pct,
      ...(lspr.low !== lspr.high ? { low: lspr.low, high: lspr.high } : {}),
      unit: "%",
      formula: `z15 cost = z14 cost / (1 + ${lspr.r.raw}); applied to the CPU figures measured on the other machine`,
      inputs: {
        ...(cpus !== undefined ? { cpus: { value: cpus, unit: "count", from: "hardware.cpus" } } : {}),
        ...(rni !== undefined ? { rni: { value: rni, from: "hardware.rni" } } : {}),
      },
      ...fromLookups(lspr.r),
      citations: [lspr.r.citation, ctx.registry.citation(ctx.registry.carry(CARRY))],
    });
  }
  unfittedGaps(ctx, unfitted);
  if (unscaled)
    for (const from of unscaled) {
      ctx.gap(
        "hardware",
        `CPU figures measured on ${from} are shown unscaled: the sources give no factor from ${from} to ${target}; supply hardware.factor (your capacity ratio, e.g. from LSPR) to scale them`,
      );
    }
}

/**
 * Names a limit's machine and fits it to the config's: measured there (same); bound by CPU speed and
 * carried by the LSPR z14/z15 table or hardware.factor (scaled: throughput multiplies by the
 * capacity ratio); otherwise the measuring machine's figure, said in the label and a gap. Returns
 * true when the LSPR table was used (the engine then shows it, as for CPU items).
 */
function fitLimit(ctx: RuleContext, item: LineItem, unfitted: Unfitted): boolean {
  const target = ctx.config.hardware.generation;
  const on = measuredOn(ctx, item);
  if (item.hardwareFit) {
    // The rule fitted it itself; it still names a machine.
    item.measuredOn ??= on.length === 0 ? [target] : on.slice();
    return false;
  }
  // A limit that cites nothing measured (the user's own budget) is the config's machine's.
  if (on.length === 0 || on.includes(target)) {
    item.measuredOn = on.length === 0 ? [target] : on.slice();
    item.hardwareFit = "same";
    return false;
  }
  item.measuredOn = on.slice();
  const from = item.measuredOn.join("/");
  if (item.scalesWithCpu) {
    const userFactor = ctx.config.hardware.factor;
    if (userFactor !== undefined) {
      scaleItem(
        item,
        userFactor,
        userFactor,
        userFactor,
        `x hardware.factor ${num(userFactor, 3)} (user-supplied, ${from} -> ${target})`,
      );
      addFactorInput(item, userFactor);
      item.confidence = "user-supplied";
      item.hardwareFit = "scaled";
      return false;
    }
    const z14toZ15 = target === "z15" && on.includes("z14");
    const z15toZ14 = target === "z14" && on.includes("z15");
    if (z14toZ15 || z15toZ14) {
      const l = lsprImprovement(ctx);
      const f = (p: number) => 1 + p / 100;
      // A z15 does more: a z14 throughput multiplies by the improvement, and a z15 one divides.
      const [k, kLow, kHigh] = z14toZ15 ? [f(l.pct), f(l.low), f(l.high)] : [1 / f(l.pct), 1 / f(l.high), 1 / f(l.low)];
      scaleItem(item, k, kLow, kHigh, `${z14toZ15 ? "x" : "/"} (1 + ${l.r.raw} LSPR z15 over z14)`);
      item.citations = [...item.citations, l.r.citation, ctx.registry.citation(ctx.registry.carry(CARRY))];
      if (item.confidence === "measured") item.confidence = "carried-forward";
      item.hardwareFit = "scaled";
      return true;
    }
  }
  item.hardwareFit = "other-machine";
  const key = `${from}${item.scalesWithCpu ? " cpu" : ""}`;
  const group = unfitted.get(key) ?? { from, cpu: Boolean(item.scalesWithCpu), labels: [] };
  unfitted.set(key, group);
  group.labels.push(item.label);
  item.label = `${item.label} (${from} figure)`;
  return false;
}

/** Limits left as another machine's figures, by machine: one gap each, after the items are fitted. */
type Unfitted = Map<string, { from: string; cpu: boolean; labels: string[] }>;

function unfittedGaps(ctx: RuleContext, unfitted: Unfitted): void {
  const target = ctx.config.hardware.generation;
  for (const g of unfitted.values()) {
    ctx.gap(
      "hardware",
      `limits measured on ${g.from}, shown as that machine's figures for ${target}: ${g.labels.join("; ")}: ${
        g.cpu
          ? `the sources give no factor from ${g.from} to ${target}; supply hardware.factor to scale them`
          : `they are bound by something other than processor speed (disk, storage, a lock, the network), and the sources do not say how they differ on ${target}`
      }`,
    );
  }
}

/**
 * A CPU figure shown unscaled on a machine the sources give no factor to is that machine's only in
 * name: its range is open on the side the move goes (a newer machine costs less, by an amount not
 * given: open below; an older one, open above; both where the order is not known). DESIGN.md, "Ranges".
 */
function openUnscaled(item: LineItem, from: string, target: string): void {
  const dir = directionOf(
    { key: "hardware", measured: from, config: target, measuredValue: from.replace(/\//g, ","), configValue: target },
    "cpu",
  );
  const low = item.low ?? item.value;
  const high = item.high ?? item.value;
  // The machine moves a cost's size: a saving (negative) shrinks toward nothing on a faster machine.
  if (item.value >= 0) {
    item.low = dir > 0 ? low : Math.min(0, low);
    item.high = dir < 0 ? high : Infinity;
  } else {
    item.low = dir < 0 ? low : -Infinity;
    item.high = dir > 0 ? high : Math.max(0, high);
  }
  const side = dir === 0 ? "open on both sides" : dir < 0 === item.value >= 0 ? "open below" : "open above";
  const pct = (x: number) => (item.value === 0 ? 0 : ((x - item.value) / Math.abs(item.value)) * 100);
  item.spread = [
    ...(item.spread ?? []),
    {
      from: item.id,
      reason: "condition",
      low: pct(item.low),
      high: item.high === Infinity ? Infinity : pct(item.high),
      text: `measured on ${from}, shown unscaled on ${target} (the sources give no factor between them; hardware.factor scales it): ${side}`,
      open: dir === 0 ? "both" : dir < 0 === item.value >= 0 ? "below" : "above",
    },
  ];
}

/**
 * The user's factor among the item's inputs, in a new inputs object: the item is the engine's copy, but
 * its inputs are the rule's, which a command's memo replays at its next point (a sweep of
 * hardware.factor would have rewritten the factor an earlier point's working shows).
 */
function addFactorInput(item: LineItem, factor: number): void {
  item.inputs = { ...item.inputs, hardwareFactor: { value: factor, unit: "ratio", from: "hardware.factor" } };
}

function scaleItem(item: LineItem, k: number, kLow: number, kHigh: number, how: string): void {
  const low = (item.low ?? item.value) * Math.min(kLow, kHigh);
  const high = (item.high ?? item.value) * Math.max(kLow, kHigh);
  item.value *= k;
  if (low !== item.value || high !== item.value) {
    item.low = low;
    item.high = high;
  }
  item.formula = `(${item.formula}) ${how}`;
}

export const hardware: Rule = {
  id: "hardware",
  concern: "hardware",
  description: "The machine: LSPR z14-to-z15 factor, or a user-supplied factor, and what cannot be scaled.",
  reads: ["hardware.generation", "hardware.cpus", "hardware.rni", "hardware.factor"],
  uses: [LSPR, LSPR_RANGE, CARRY, RNI_LOW_CPUS, RNI_AVERAGE_CPUS],
  applies: () => true,
  run(ctx) {
    const { generation, factor } = ctx.config.hardware;
    if (factor !== undefined) {
      ctx.item({
        id: "hardware.factor",
        concern: "hardware",
        label: `capacity factor for ${generation} (user-supplied)`,
        metric: "info",
        value: factor,
        unit: "ratio",
        formula: "CPU figures measured on another machine are divided by this factor",
        inputs: { factor: { value: factor, unit: "ratio", from: "hardware.factor" } },
        citations: [],
        confidence: "user-supplied",
        flags: [],
      });
      return;
    }
  },
};

/**
 * The factor to scale a baseline measured on another machine to the config's machine: LSPR for z14
 * and z15 (either way), the user's factor otherwise; undefined (and a gap) when neither applies.
 */
export function baselineFactor(
  ctx: RuleContext,
):
  | { k: number; kLow: number; kHigh: number; how: string; citations: LookupResult["citation"][]; user: boolean }
  | undefined {
  // baseline.measuredWith.hardware.generation, or its old spelling baseline.hardware.
  const from = ctx.config.baseline?.measuredWith?.hardware?.generation ?? ctx.config.baseline?.hardware;
  const to = ctx.config.hardware.generation;
  if (!from || from === to) return undefined;
  if ((from === "z14" && to === "z15") || (from === "z15" && to === "z14")) {
    const l = lsprImprovement(ctx);
    const f = (p: number) => 1 + p / 100;
    const citations = [l.r.citation, ctx.registry.citation(ctx.registry.carry(CARRY))];
    return from === "z14"
      ? {
          k: 1 / f(l.pct),
          kLow: 1 / f(l.high),
          kHigh: 1 / f(l.low),
          how: `/ (1 + ${l.r.raw}) LSPR z15 over z14`,
          citations,
          user: false,
        }
      : {
          k: f(l.pct),
          kLow: f(l.low),
          kHigh: f(l.high),
          how: `x (1 + ${l.r.raw}) LSPR z15 over z14`,
          citations,
          user: false,
        };
  }
  const factor = ctx.config.hardware.factor;
  if (factor !== undefined)
    return {
      k: 1 / factor,
      kLow: 1 / factor,
      kHigh: 1 / factor,
      how: `/ hardware.factor ${factor} (user-supplied)`,
      citations: [],
      user: true,
    };
  ctx.gap(
    "hardware",
    `the baseline was measured on ${from}; the sources give no factor from ${from} to ${to}: supply hardware.factor to scale it`,
  );
  return undefined;
}
