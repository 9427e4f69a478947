// The outputs a sweep or a comparison tabulates: totals by address space, CPU, the lowest throughput
// ceiling, the bottleneck's headroom, storage by kind (channel initiator, CSA, queue manager below the
// bar: they are different storage and never add up), or any line item by id; with their units, and a
// check of the names asked for.
import { InputError } from "../util/diagnostic.js";
import { didYouMean } from "../util/zod-diagnostics.js";
import type { Estimate, Range } from "./engine.js";
import { ADDED_PREFIX, concernAddedUs } from "./baseline-delta.js";

// Every address space a cost can fall in (outputs no point has are dropped from the result).
export const DEFAULT_METRICS = [
  "cost.total",
  "cost.qmgr",
  "cost.chin",
  "cost.app",
  "cost.tcpip",
  "cost.cf",
  "cost.xcf",
  "cpu",
  "lpar",
  "limit",
  "headroom",
  "storage.chin",
  "storage.csa",
  "storage.below-bar",
];

/**
 * Refuses an output name that is neither a known output nor a line item id of any of the estimates: a
 * misspelt --metric would otherwise give an empty column, dropped without a word.
 */
export function checkMetrics(metrics: readonly string[], ids: ReadonlySet<string>, where = "metrics"): void {
  const unknown = metrics.filter((m) => !DEFAULT_METRICS.includes(m) && !ids.has(m) && !m.startsWith(ADDED_PREFIX));
  if (unknown.length === 0) return;
  const names = [...DEFAULT_METRICS, ...ids];
  throw new InputError(
    unknown.map((m) => {
      const guess = didYouMean(m, names);
      return {
        file: where,
        message: `unknown output "${m}": not ${DEFAULT_METRICS.join(", ")}, nor a line item id of these estimates`,
        severity: "error" as const,
        suggestion: guess ? `did you mean "${guess}"?` : "line item ids are in the JSON output (items[].id)",
      };
    }),
  );
}

/**
 * Refuses outputs asked for by name (--metric) that none of the estimates has: a column of nothing,
 * exit 0, would read as an answer.
 */
export function checkPresent(asked: readonly string[], present: readonly string[], where = "metrics"): void {
  const missing = asked.filter((m) => !present.includes(m));
  if (missing.length === 0) return;
  throw new InputError(
    missing.map((m) => ({
      file: where,
      message: `"${m}" has no value in any of these estimates`,
      severity: "error" as const,
      suggestion: present.length ? `these have one: ${present.join(", ")}` : "no output asked for has a value here",
    })),
  );
}

/** A metric's unit in an estimate (null when the estimate does not have the metric). */
export function unitOf(e: Estimate, metric: string): string | null {
  if (metric.startsWith("cost.") || metric.startsWith(ADDED_PREFIX)) return "us";
  if (metric === "cpu") return "CPU s/s";
  if (metric === "lpar") return "%";
  if (metric === "limit") return lowestCeiling(e)?.unit ?? null;
  if (metric === "headroom") return "%";
  if (metric.startsWith("storage.")) return "MB";
  return e.items.find((i) => i.id === metric)?.unit ?? null;
}

export function metricOf(e: Estimate, metric: string): number | null {
  if (metric.startsWith(ADDED_PREFIX))
    return concernAddedUs(e.againstBaseline, metric.slice(ADDED_PREFIX.length))?.value ?? null;
  // No baseline and no per-transaction cost: there is no cost to show, not a cost of zero.
  if (metric === "cost.total")
    return e.totals.total?.value ?? (e.totals.costPerTransaction.length ? e.totals.added.value : null);
  if (metric.startsWith("cost.")) {
    const c = e.totals.costPerTransaction.find((x) => x.addressSpace === metric.slice(5));
    return c ? (c.total?.value ?? c.added.value) : null;
  }
  if (metric === "cpu") return e.totals.cpuSecondsPerSecond?.value ?? null;
  if (metric === "lpar") return e.cpu.lparPct?.value ?? null;
  if (metric === "limit") return lowestCeiling(e)?.value ?? null;
  if (metric === "headroom") return e.bottleneck?.headroomPct ?? null;
  if (metric === "storage.chin") return sumOf(e, (id) => id === "storage.chin-total");
  if (metric === "storage.csa") return sumOf(e, (id) => id === "storage.csa-total");
  if (metric === "storage.below-bar") return sumOf(e, (id) => id.startsWith("storage.qmgr-connections."));
  const item = e.items.find((i) => i.id === metric);
  return item ? item.value : null;
}

/** The lowest throughput ceiling (transactions per second), which the "limit" output tabulates. */
function lowestCeiling(e: Estimate): { value: number; low: number; high: number; unit: string } | null {
  let low: { value: number; low: number; high: number; unit: string } | null = null;
  for (const l of e.limits) if (l.limitOf === "transactions-per-second" && (!low || l.value < low.value)) low = l;
  return low;
}

/** The sum of the storage items (MB) an id test picks out; null when there is none. */
function sumOf(e: Estimate, pick: (id: string) => boolean): number | null {
  let sum: number | null = null;
  for (const s of e.storage) if (s.unit === "MB" && pick(s.id)) sum = (sum ?? 0) + s.value;
  return sum;
}

const point = (v: number): Range => ({ value: v, low: v, high: v });

/** A metric's value with its low and high (docs/ranges.md), or null where the estimate lacks it. */
export function metricRangeOf(e: Estimate, metric: string): Range | null {
  // A concern's effect against the baseline's configuration (baseline.measuredWith).
  if (metric.startsWith(ADDED_PREFIX)) return concernAddedUs(e.againstBaseline, metric.slice(ADDED_PREFIX.length));
  if (metric === "cost.total") return e.totals.total ?? (e.totals.costPerTransaction.length ? e.totals.added : null);
  if (metric.startsWith("cost.")) {
    const c = e.totals.costPerTransaction.find((x) => x.addressSpace === metric.slice(5));
    return c ? (c.total ?? c.added) : null;
  }
  if (metric === "cpu") return e.totals.cpuSecondsPerSecond;
  if (metric === "lpar") return e.cpu.lparPct;
  if (metric === "limit") {
    const l = lowestCeiling(e);
    return l ? { value: l.value, low: l.low, high: l.high } : null;
  }
  if (metric === "headroom") {
    const b = e.bottleneck;
    if (!b || b.headroomPct === null) return null;
    return e.headroom.find((h) => h.id === b.id)?.headroomPct ?? point(b.headroomPct);
  }
  if (metric.startsWith("storage.")) {
    const pick =
      metric === "storage.chin"
        ? (id: string) => id === "storage.chin-total"
        : metric === "storage.csa"
          ? (id: string) => id === "storage.csa-total"
          : metric === "storage.below-bar"
            ? (id: string) => id.startsWith("storage.qmgr-connections.")
            : undefined;
    if (pick) {
      let sum: Range | null = null;
      for (const s of e.storage)
        if (s.unit === "MB" && pick(s.id)) {
          sum ??= point(0);
          sum.value += s.value;
          sum.low += s.low;
          sum.high += s.high;
        }
      return sum;
    }
  }
  const item = e.items.find((i) => i.id === metric);
  return item ? { value: item.value, low: item.low, high: item.high } : null;
}

/**
 * Whether a change from a to b is larger than the uncertainty of both sides: their ranges do not
 * overlap. "within" (the noise) otherwise. Ranges that are points differ whenever the values do.
 */
export function noiseOf(a: Range, b: Range): "beyond" | "within" {
  return b.low > a.high || b.high < a.low ? "beyond" : "within";
}
