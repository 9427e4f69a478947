// Limits at the configured workload: the CPU the LPAR's engines allow, each limit's headroom against
// what the config asks of it, the bottleneck (the least headroom), and a finding for every limit the
// config exceeds. Rules emit the limits; this module reads them all together, after the totals.
import type { Config } from "../config/types.js";
import type { AddressSpace } from "../model/vocabulary.js";
import { formatNumber } from "../util/number-format.js";
import type { LineItem, RangedLineItem, Warning } from "./types.js";

export interface Range {
  value: number;
  low: number;
  high: number;
}

/** A limit against what the config asks of it. */
export interface Headroom {
  id: string;
  label: string;
  limitOf: LineItem["limitOf"] | null;
  unit: string;
  limit: Range;
  demand: Range;
  /** What the demand is: "workload.rate", "CHIN storage of all channel definitions". */
  demandFrom: string;
  /** Share of the limit left unused, percent (negative when exceeded); low and high from the ranges. */
  headroomPct: Range;
  exceeded: boolean;
  /** The machine the limit was measured on, and how it stands to the config's (see LineItem.hardwareFit). */
  measuredOn: string[];
  hardwareFit: LineItem["hardwareFit"] | null;
}

/** CPU on the LPAR's general-purpose engines: busy engines, share of the LPAR, the CPU-bound rate. */
export interface CpuSummary {
  /** hardware.cpus, or null when the config does not give it (no share or CPU limit then). */
  cpus: number | null;
  /** hardware.targetBusy (percent), or null: the CPU limit is then 100% of the engines. */
  targetBusy: number | null;
  /** The busy share the CPU limit is measured against: the target, or 100% of the engines. */
  limitBusyPct: number | null;
  /** What the figures cover: the baseline and the added items, or the added items alone (no baseline). */
  covers: "baseline-and-added" | "added-only";
  /** Engines busy at workload.rate (z/OS CPU seconds per second; coupling facility CPU left out). */
  engines: Range | null;
  /** engines as a share of hardware.cpus, percent. */
  lparPct: Range | null;
  /**
   * Coupling facility CPU seconds per second at workload.rate: on the CF's own processors, so neither in
   * `engines` nor in the LPAR's share; null without a rate or any CF cost.
   */
  cf: Range | null;
  /** Per address space: engines busy and share of the LPAR (per-transaction and background CPU). */
  byAddressSpace: { addressSpace: AddressSpace; engines: Range; lparPct: Range | null }[];
  /** The largest rate the engines allow at limitBusyPct (transactions per second), or null. */
  maxRate: Range | null;
  /**
   * With a baseline: the LPAR address spaces it leaves out (missing) or gives only in part (partial, a
   * lower bound); absent when it covers them all.
   */
  notCounted?: { missing: AddressSpace[]; partial: AddressSpace[] };
}

const rangeOf = (value: number, low: number, high: number): Range => ({ value, low, high });

/** Coupling facility CPU runs on CF processors, not on the LPAR's engines. */
export const OFF_LPAR: ReadonlySet<string> = new Set(["cf"]);

export interface CpuInputs {
  config: Config;
  rate: number | null;
  /** Per address space: CPU microseconds per transaction (total where there is a baseline, else added). */
  perTxn: { addressSpace: AddressSpace; cost: Range }[];
  /** CPU microseconds per second not tied to transactions, per address space ("none" where a rule gave none). */
  background: Map<string, Range>;
  /** Of the background on the LPAR, what grows in proportion to workload.rate (us/s at `rate`). */
  backgroundWithRate?: Range;
  hasBaseline: boolean;
  notCounted?: CpuSummary["notCounted"];
}

/** Engines busy, shares of the LPAR and the CPU-bound maximum rate; and the CPU limit as a line item. */
export function cpuSummary(inp: CpuInputs): { summary: CpuSummary; limit: LineItem | null } {
  const { config, rate } = inp;
  const cpus = config.hardware.cpus ?? null;
  const target = config.hardware.targetBusy ?? null;
  const limitBusyPct = cpus === null ? null : (target ?? 100);
  const covers = inp.hasBaseline ? "baseline-and-added" : "added-only";
  // Per-transaction microseconds and background microseconds per second on the LPAR.
  let pV = 0;
  let pL = 0;
  let pH = 0;
  const byAs = new Map<string, Range>();
  for (const c of inp.perTxn) {
    if (OFF_LPAR.has(c.addressSpace)) continue;
    pV += c.cost.value;
    pL += c.cost.low;
    pH += c.cost.high;
    if (rate !== null)
      byAs.set(
        c.addressSpace,
        rangeOf((c.cost.value * rate) / 1e6, (c.cost.low * rate) / 1e6, (c.cost.high * rate) / 1e6),
      );
  }
  let bV = 0;
  let bL = 0;
  let bH = 0;
  for (const [as, b] of inp.background) {
    if (OFF_LPAR.has(as)) continue;
    bV += b.value;
    bL += b.low;
    bH += b.high;
    const sum = byAs.get(as) ?? rangeOf(0, 0, 0);
    byAs.set(as, rangeOf(sum.value + b.value / 1e6, sum.low + b.low / 1e6, sum.high + b.high / 1e6));
  }
  // The coupling facility's share, apart: its processors are not the LPAR's.
  let cf: Range | null = null;
  if (rate !== null) {
    const sum = rangeOf(0, 0, 0);
    for (const c of inp.perTxn)
      if (OFF_LPAR.has(c.addressSpace)) {
        sum.value += (c.cost.value * rate) / 1e6;
        sum.low += (c.cost.low * rate) / 1e6;
        sum.high += (c.cost.high * rate) / 1e6;
      }
    for (const [as, b] of inp.background)
      if (OFF_LPAR.has(as)) {
        sum.value += b.value / 1e6;
        sum.low += b.low / 1e6;
        sum.high += b.high / 1e6;
      }
    if (sum.value !== 0 || sum.high !== 0) cf = sum;
  }
  const anyCpu = pV !== 0 || bV !== 0;
  const engines =
    rate !== null && anyCpu ? rangeOf((pV * rate + bV) / 1e6, (pL * rate + bL) / 1e6, (pH * rate + bH) / 1e6) : null;
  const share = (r: Range): Range | null =>
    cpus === null ? null : rangeOf((r.value / cpus) * 100, (r.low / cpus) * 100, (r.high / cpus) * 100);
  const byAddressSpace = [...byAs].map(([addressSpace, e]) => ({
    addressSpace: addressSpace as AddressSpace,
    engines: e,
    lparPct: share(e),
  }));
  let maxRate: Range | null = null;
  let limit: LineItem | null = null;
  // CPU per second that grows with the rate (a channel's renegotiations) is per transaction to the
  // CPU-bound rate: held at the configured rate it would let the engines seem to carry more than they do.
  const g = inp.backgroundWithRate;
  const perRate = (x: number) => (g && rate !== null && rate > 0 ? x / rate : 0);
  const [gV, gL, gH] = g ? [g.value, g.low, g.high] : [0, 0, 0];
  if (cpus !== null && limitBusyPct !== null && pV + perRate(gV) > 0) {
    const avail = (cpus * limitBusyPct) / 100;
    // Nothing left once the background takes it all, or where a cost is open above (an end of
    // Infinity): 0, never NaN (Infinity over Infinity, both costs open above).
    const at = (p: number, b: number) => {
      const free = avail - b / 1e6;
      return free > 0 && p !== Infinity ? (free * 1e6) / p : 0;
    };
    const v = at(pV + perRate(gV), bV - gV);
    // Each end holds the value: with costs near the smallest doubles (a generated 1e-323 us) the ends'
    // arithmetic rounds apart from the value's.
    // Without a baseline the cost is only what the config adds: the rate is an upper bound, open below
    // (the base cost, unknown, could take any share of the CPs).
    const low = covers === "added-only" ? 0 : Math.min(v, at(pH + perRate(gH), bH - gH));
    const r = rangeOf(v, low, Math.max(v, at(pL + perRate(gL), bL - gL)));
    // A cost too small to bound any rate (a fraction of a picosecond) gives no limit; a cost whose range
    // reaches down to nothing gives a rate open above (the sources bound it on one side only).
    if (Number.isFinite(r.value)) {
      maxRate = r;
      limit = cpuLimitItem(config, cpus, target, maxRate, {
        pV,
        bV,
        gV,
        gPerTxn: perRate(gV),
        rate,
        avail,
        covers,
        notCounted: inp.notCounted,
      });
    }
  }
  return {
    summary: {
      cpus,
      targetBusy: target,
      limitBusyPct,
      covers,
      engines,
      lparPct: engines ? share(engines) : null,
      cf,
      byAddressSpace,
      maxRate,
      ...(inp.notCounted ? { notCounted: inp.notCounted } : {}),
    },
    limit,
  };
}

const n = (x: number, d = 1) => formatNumber(x, Number.isInteger(x) ? 0 : d);

function cpuLimitItem(
  config: Config,
  cpus: number,
  target: number | null,
  maxRate: Range,
  w: {
    pV: number;
    bV: number;
    /** CPU per second (us/s) that grows with the rate, and the same per transaction at the configured rate. */
    gV: number;
    gPerTxn: number;
    rate: number | null;
    avail: number;
    covers: CpuSummary["covers"];
    notCounted?: CpuSummary["notCounted"];
  },
): LineItem {
  const against = target !== null ? `${n(target)}% busy` : "all busy (no target set)";
  const nc = w.notCounted;
  const partial = nc
    ? [
        nc.missing.length ? `without ${nc.missing.join(", ")}` : "",
        nc.partial.length ? `${nc.partial.join(", ")} in part` : "",
      ]
        .filter(Boolean)
        .join(", ")
    : "";
  const covers = w.covers === "added-only" ? ", added items only (no baseline)" : partial ? ` (${partial})` : "";
  const item: LineItem = {
    id: "capacity.cpu",
    concern: "capacity",
    label: `CPU-bound rate, ${cpus} CP${cpus === 1 ? "" : "s"} ${against}${covers}`,
    addressSpace: "lpar",
    metric: "limit",
    limitOf: "transactions-per-second",
    value: maxRate.value,
    unit: "txn/s",
    formula:
      // CPU per second that grows with the rate (renegotiations) counts per transaction, as computed above.
      (w.gV !== 0 && w.rate !== null
        ? `(${cpus} CPs x ${n(target ?? 100)}% - ${n((w.bV - w.gV) / 1e6, 3)} CPU s/s not per transaction) x 1,000,000 / ` +
          `(${n(w.pV, 2)} us per transaction + ${n(w.gPerTxn, 2)} us per transaction of CPU that grows with the rate, ` +
          `${n(w.gV / 1e6, 3)} CPU s/s at ${n(w.rate, 0)}/s) on the LPAR = ${n(maxRate.value, 0)}/s` +
          " (the rest of the CPU not per transaction as at the configured rate;"
        : `(${cpus} CPs x ${n(target ?? 100)}% - ${n(w.bV / 1e6, 3)} CPU s/s not per transaction) x 1,000,000 / ` +
          `${n(w.pV, 2)} us per transaction on the LPAR = ${n(maxRate.value, 0)}/s` +
          " (CPU not per transaction as at the configured rate;") +
      " coupling facility CPU runs on CF processors and is left out)" +
      (w.covers === "added-only"
        ? "; without a baseline the cost is only what this config adds, so the rate is an upper bound"
        : partial
          ? `; the baseline leaves out or gives only in part some address spaces (${partial}), so the rate is an upper bound`
          : ""),
    inputs: {
      cpus: { value: cpus, unit: "count", from: "hardware.cpus" },
      busy: {
        value: target ?? 100,
        unit: "percent",
        from: target !== null ? "hardware.targetBusy" : "default: all engines",
      },
      usPerTransaction: {
        value: w.pV,
        unit: "us",
        from: w.covers === "added-only" ? "added items" : "baseline + added",
      },
    },
    citations: [],
    confidence: w.covers === "added-only" ? "extrapolated" : "user-supplied",
    flags: [],
    measuredOn: [config.hardware.generation],
    hardwareFit: "same",
  };
  if (maxRate.low !== maxRate.value || maxRate.high !== maxRate.value) {
    item.low = maxRate.low;
    item.high = maxRate.high;
    if (w.covers === "added-only") {
      // Open below: the base cost no baseline gives could take any share of the CPs (the reports show
      // the end as open, not as a bound of 0; isOpenBelow).
      const pct = (x: number) => (maxRate.value === 0 ? 0 : ((x - maxRate.value) / maxRate.value) * 100);
      item.spread = [
        {
          from: "capacity.cpu",
          reason: "rule",
          low: pct(maxRate.low),
          high: pct(maxRate.high),
          text: "without a baseline the cost per transaction is only what this config adds: the base cost could take any share of the CPs, so the rate is open below; above, the added items' ranges",
          open: "below",
        },
      ];
    }
  }
  return item;
}

/** Each limit's headroom against its demand (workload.rate for a rate limit that names none). */
export function headrooms(limits: readonly RangedLineItem[], rate: number | null): Headroom[] {
  const out: Headroom[] = [];
  for (const l of limits) {
    let d: Range | null = null;
    let from = "";
    if (l.demand) {
      d = rangeOf(l.demand.value, l.demand.low ?? l.demand.value, l.demand.high ?? l.demand.value);
      from = l.demand.from;
    } else if (l.limitOf === "transactions-per-second" && rate !== null) {
      d = rangeOf(rate, rate, rate);
      from = "workload.rate";
    }
    if (!d) continue;
    const lim = rangeOf(l.value, l.low ?? l.value, l.high ?? l.value);
    const free = (limit: number, demand: number) =>
      limit > 0 ? (1 - demand / limit) * 100 : demand > 0 ? -Infinity : 0;
    const pct = rangeOf(free(lim.value, d.value), free(lim.low, d.high), free(lim.high, d.low));
    out.push({
      id: l.id,
      label: l.label,
      limitOf: l.limitOf ?? null,
      unit: l.unit,
      limit: lim,
      demand: d,
      demandFrom: from,
      headroomPct: finite(pct),
      exceeded: d.value > lim.value,
      measuredOn: l.measuredOn ?? [],
      hardwareFit: l.hardwareFit ?? null,
    });
  }
  return out;
}

/**
 * JSON has no infinity: a limit of zero with any demand is "-100% and beyond", kept as -1e9, and so is
 * anything further below (each end alike, so that low <= value <= high still holds).
 */
function finite(r: Range): Range {
  const f = (x: number) => (Number.isNaN(x) ? -1e9 : Math.max(-1e9, x));
  return rangeOf(f(r.value), f(r.low), f(r.high));
}

export interface Bottleneck {
  id: string;
  label: string;
  value: number;
  /** The limit's range (docs/ranges.md). */
  low: number;
  high: number;
  unit: string;
  /** What the limit is expressed in. */
  limitOf: LineItem["limitOf"] | null;
  /** Its headroom at the configured workload, percent; null where the config gives no demand for it. */
  headroomPct: number | null;
}

/**
 * The limit that binds first: the least headroom among the limits with a demand; without any, the
 * lowest throughput ceiling (there is no rate to hold it against).
 */
export function bottleneckOf(limits: readonly LineItem[], rooms: readonly Headroom[]): Bottleneck | null {
  let best: Headroom | undefined;
  for (const h of rooms) if (!best || h.headroomPct.value < best.headroomPct.value) best = h;
  if (best) {
    const l = limits.find((x) => x.id === best!.id)!;
    return {
      id: l.id,
      label: l.label,
      value: l.value,
      low: l.low ?? l.value,
      high: l.high ?? l.value,
      unit: l.unit,
      limitOf: l.limitOf ?? null,
      headroomPct: best.headroomPct.value,
    };
  }
  let low: LineItem | undefined;
  for (const l of limits) if (l.limitOf === "transactions-per-second" && (!low || l.value < low.value)) low = l;
  return low
    ? {
        id: low.id,
        label: low.label,
        value: low.value,
        low: low.low ?? low.value,
        high: low.high ?? low.value,
        unit: low.unit,
        limitOf: low.limitOf ?? null,
        headroomPct: null,
      }
    : null;
}

/** A finding for each limit the config exceeds: what it asks, what the limit is, by how much. */
export function exceededWarnings(limits: readonly LineItem[], rooms: readonly Headroom[]): Warning[] {
  const out: Warning[] = [];
  for (const h of rooms) {
    if (!h.exceeded) continue;
    const l = limits.find((x) => x.id === h.id)!;
    const over = h.limit.value > 0 ? ` (${n((h.demand.value / h.limit.value) * 100, 0)}% of it)` : "";
    out.push({
      concern: l.concern,
      message: `limit exceeded: ${l.label}: ${h.demandFrom} asks ${n(h.demand.value, 1)} ${l.unit}, above the limit of ${n(h.limit.value, 1)} ${l.unit}${over}`,
      citations: l.citations,
    });
  }
  return out;
}
