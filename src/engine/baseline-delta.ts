// A baseline is a measured configuration (baseline.measuredWith): what the plan adds to it is, concern by
// concern, the plan's cost less the cost of the configuration the baseline was measured on, both priced
// by the same rules. A feature in both adds nothing; one only in the baseline is taken off.
// Platform-neutral.
import type { Config } from "../config/types.js";
export { baselineConfigOf } from "../config/measured-with.js";
import type { AddressSpace } from "../model/vocabulary.js";
import { formatNumber } from "../util/number-format.js";
import type { Range } from "./limits.js";
import type { Concern, Metric, RangedLineItem } from "./types.js";

/** The metrics a measured baseline's CPU holds (its cost per transaction and its background CPU). */
export type CostMetric = Extract<Metric, "cpu-per-txn" | "cpu-pct" | "cpu-per-second">;
const COST_METRICS: ReadonlySet<string> = new Set(["cpu-per-txn", "cpu-pct", "cpu-per-second"]);
export const isCostItem = (i: { metric: string }): boolean => COST_METRICS.has(i.metric);

/** What one plan item (or a baseline item alone) adds, with its range: the engine sums these. */
export interface CostEffect {
  concern: Concern;
  addressSpace?: AddressSpace;
  metric: CostMetric;
  value: number;
  low: number;
  high: number;
  /** CPU per second in proportion to workload.rate (the item's growsWithRate): per transaction to the CPU-bound rate. */
  growsWithRate?: boolean;
}

const withRate = (i: RangedLineItem) => (i.growsWithRate === true ? { growsWithRate: true } : {});

/** One concern's effect in one address space: the plan, the baseline's configuration, the difference. */
export interface ConcernEffect {
  concern: Concern;
  /** "none" for background CPU a rule gives no address space. */
  addressSpace: AddressSpace | "none";
  metric: CostMetric;
  /** us per transaction, % of the address space's cost, or us per second. */
  unit: "us" | "%" | "us/s";
  plan: Range;
  baseline: Range;
  added: Range;
  /** For a % effect: what it adds in microseconds per transaction, on the measured cost it multiplies. */
  addedUs?: Range;
}

export interface AgainstBaseline {
  /** Whether the baseline's configuration was given (baseline.measuredWith), or taken to hold nothing. */
  measuredWith: boolean;
  /** Every concern with a cost on either side, in the estimate's concern order. */
  effects: ConcernEffect[];
}

const rangeOf = (value: number, low: number, high: number): Range => ({ value, low, high });

/** The machine the baseline was measured on: measuredWith's, or the old baseline.hardware. */
export function baselineMachine(config: Config): string | undefined {
  const b = config.baseline;
  return b?.measuredWith?.hardware?.generation ?? b?.hardware;
}

const keyOf = (i: RangedLineItem) => `${i.id}\u0000${i.addressSpace ?? ""}\u0000${i.metric}`;

/** Whether two items' ranges come from the same parts (the same figures, widened the same way). */
function sameParts(a: RangedLineItem, b: RangedLineItem): boolean {
  const p = a.spread;
  const q = b.spread;
  if (p.length !== q.length || p.length === 0) return false;
  for (let k = 0; k < p.length; k++) {
    const x = p[k]!;
    const y = q[k]!;
    if (x.from !== y.from || x.reason !== y.reason || x.low !== y.low || x.high !== y.high) return false;
  }
  return true;
}

/**
 * The range of a plan item less the same item priced for the baseline's configuration. The same figure
 * on both sides cancels: identical items give exactly 0; items whose ranges come from the same parts
 * (one figure times another input) move together, so the difference moves with them, from
 * a.low - b.low to a.high - b.high. Anything else is taken as independent, the widest: a.low - b.high to
 * a.high - b.low. docs/ranges.md section 4.
 */
export function differenceOf(a: RangedLineItem, b: RangedLineItem): Range {
  if (a.value === b.value && a.low === b.low && a.high === b.high) return rangeOf(0, 0, 0);
  const value = a.value - b.value;
  if (sameParts(a, b)) {
    const x = a.low - b.low;
    const y = a.high - b.high;
    return rangeOf(value, Math.min(x, y, value), Math.max(x, y, value));
  }
  return rangeOf(value, a.low - b.high, a.high - b.low);
}

/**
 * The cost effects the totals sum: each plan cost item less its match among the baseline's configuration's
 * (same id, address space and metric, in order), and each baseline item with no match taken off.
 * Without a baseline configuration, the plan's items as they are.
 */
export function costEffects(
  plan: readonly RangedLineItem[],
  base: readonly RangedLineItem[] | undefined,
): CostEffect[] {
  const out: CostEffect[] = [];
  if (base === undefined) {
    for (const i of plan)
      if (isCostItem(i))
        out.push({
          concern: i.concern,
          addressSpace: i.addressSpace,
          metric: i.metric as CostMetric,
          value: i.value,
          low: i.low,
          high: i.high,
          ...withRate(i),
        });
    return out;
  }
  const pending = new Map<string, RangedLineItem[]>();
  for (const b of base) {
    if (!isCostItem(b)) continue;
    const k = keyOf(b);
    const list = pending.get(k);
    if (list) list.push(b);
    else pending.set(k, [b]);
  }
  for (const i of plan) {
    if (!isCostItem(i)) continue;
    const match = pending.get(keyOf(i))?.shift();
    const r = match ? differenceOf(i, match) : rangeOf(i.value, i.low, i.high);
    out.push({
      concern: i.concern,
      addressSpace: i.addressSpace,
      metric: i.metric as CostMetric,
      ...r,
      ...withRate(i),
    });
  }
  for (const list of pending.values())
    for (const b of list)
      out.push({
        concern: b.concern,
        addressSpace: b.addressSpace,
        metric: b.metric as CostMetric,
        value: -b.value,
        low: -b.high,
        high: -b.low,
        ...withRate(b),
      });
  return out;
}

const UNIT: Record<CostMetric, ConcernEffect["unit"]> = {
  "cpu-per-txn": "us",
  "cpu-pct": "%",
  "cpu-per-second": "us/s",
};

/** Per concern, address space and metric: the plan's sum, the baseline configuration's, and what is added. */
export function concernEffects(
  plan: readonly RangedLineItem[],
  base: readonly RangedLineItem[] | undefined,
  effects: readonly CostEffect[],
  rank: (c: Concern) => number,
): ConcernEffect[] {
  const rows = new Map<string, ConcernEffect>();
  const row = (concern: Concern, as: AddressSpace | undefined, metric: CostMetric): ConcernEffect => {
    const addressSpace = as ?? "none";
    const k = `${concern}\u0000${addressSpace}\u0000${metric}`;
    let r = rows.get(k);
    if (!r)
      rows.set(
        k,
        (r = {
          concern,
          addressSpace,
          metric,
          unit: UNIT[metric],
          plan: rangeOf(0, 0, 0),
          baseline: rangeOf(0, 0, 0),
          added: rangeOf(0, 0, 0),
        }),
      );
    return r;
  };
  const addTo = (s: Range, v: number, l: number, h: number) => {
    s.value += v;
    s.low += l;
    s.high += h;
  };
  for (const i of plan)
    if (isCostItem(i)) addTo(row(i.concern, i.addressSpace, i.metric as CostMetric).plan, i.value, i.low, i.high);
  for (const i of base ?? [])
    if (isCostItem(i)) addTo(row(i.concern, i.addressSpace, i.metric as CostMetric).baseline, i.value, i.low, i.high);
  for (const e of effects) addTo(row(e.concern, e.addressSpace, e.metric).added, e.value, e.low, e.high);
  return [...rows.values()].sort((a, b) => rank(a.concern) - rank(b.concern));
}

/** The concerns a baseline without measuredWith is taken not to hold, and what each adds, for the note. */
export function addedInFull(effects: readonly ConcernEffect[]): string[] {
  const out: string[] = [];
  for (const e of effects) {
    if (e.added.value === 0) continue;
    const n = formatNumber(Number(e.added.value.toPrecision(3)), 2);
    out.push(
      `${e.concern} ${n}${e.unit === "%" ? "%" : ` ${e.unit}`}${e.addressSpace === "none" ? "" : ` ${e.addressSpace}`}`,
    );
  }
  return out;
}

/** The outputs `compare` and `diff` name a concern's effect by: added.CONCERN, us per transaction. */
export const ADDED_PREFIX = "added.";

/** A concern's effect in us per transaction, over its address spaces (a % effect by what it adds); null without one. */
export function concernAddedUs(a: AgainstBaseline | undefined, concern: string): Range | null {
  if (!a) return null;
  let sum: Range | null = null;
  for (const e of a.effects) {
    if (e.concern !== concern) continue;
    const r = e.metric === "cpu-per-txn" ? e.added : e.metric === "cpu-pct" ? e.addedUs : undefined;
    if (!r) continue;
    sum ??= rangeOf(0, 0, 0);
    sum.value += r.value;
    sum.low += r.low;
    sum.high += r.high;
  }
  return sum;
}

/** The added.CONCERN outputs an estimate has (measuredWith given), in its concern order. */
export function addedMetrics(a: AgainstBaseline | undefined): string[] {
  if (!a?.measuredWith) return [];
  const out: string[] = [];
  for (const e of a.effects)
    if ((e.metric === "cpu-per-txn" || e.addedUs) && !out.includes(ADDED_PREFIX + e.concern))
      out.push(ADDED_PREFIX + e.concern);
  return out;
}
