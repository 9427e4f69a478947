// A lean estimate (RuleContext.lean): a search's point, of which only the limits' headroom and the
// CPU are read (capacity's search and curve). It keeps the items those are made of and nothing else:
// at 1,000 channel definitions a full estimate writes five items per definition, with text that names
// the others, and a search of some hundred points spent most of its time building and collecting them.
// The kept items' figures and labels are the full estimate's (test/lean-estimate.test.ts); a formula
// that names every definition may be left empty.
import type { LineItem } from "./types.js";

/**
 * The items a lean estimate keeps: costs (the CPU and the CPU-bound rate are sums of them) and limits
 * with a headroom (headrooms() in limits.ts: a demand, or a rate held against workload.rate).
 */
export function leanKeeps(i: Pick<LineItem, "metric" | "demand" | "limitOf">): boolean {
  const m = i.metric;
  if (m === "cpu-per-txn" || m === "cpu-pct" || m === "cpu-per-second") return true;
  return m === "limit" && (i.demand !== undefined || i.limitOf === "transactions-per-second");
}
