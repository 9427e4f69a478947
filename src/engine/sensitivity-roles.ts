// What a sensitivity row is to a planner: an uncertainty (a source figure, or a number the user
// measured or estimated: "measure these first") or a decision (a choice the planner makes: CPUs, the
// target busy, the rate, the release, the machine, a policy, a cipher, a channel's type: a what-if, never
// something to measure). And, for a row that moves nothing, why; for a choice whose alternatives differ
// only where the sources lack data, which. docs/sensitivity.md gives the rules in words.
import type { Estimate } from "./engine.js";

/**
 * Numbers that are planning decisions, by their last key: counts and settings a planner chooses
 * (CPUs, channels, conversations, SHARECNV, CF processors, intervals, key reuse, copies...) and targets
 * (target busy, a storage headroom), and the rates a plan is sized for (workload.rate, a channel's
 * rate). baseline.* is always measured (baseline.rate is the rate the baseline was measured at).
 */
const DECISION_KEYS: ReadonlySet<string> = new Set([
  "cpus",
  "targetBusy",
  "rate",
  "count",
  "conversations",
  "sharecnv",
  "cfProcessors",
  "structureSize",
  "headroom",
  "localConnections",
  "queueManagers",
  "statisticsInterval",
  "accountingInterval",
  "interval",
  "expiryInterval",
  "keyReuse",
  "copies",
  "resetBytes",
  "activeLogs",
  "stripes",
  "dispatchers",
  "adapters",
  // MAXCHL and ACTCHL: queue manager settings the planner sets (#28), not figures to measure.
  "maxChannels",
  "activeChannels",
  "hoursPerDay",
  "tasks",
  "batchSize",
  "recoveryTargetMinutes",
  "backupIntervalMB",
]);

/** A row's role: a choice (an option, a yes/no) is a decision; a number is one where DECISION_KEYS says so. */
export function roleOf(kind: "input" | "choice" | "figure", path: string): "uncertainty" | "decision" {
  if (kind === "figure") return "uncertainty";
  if (kind === "choice") return "decision";
  if (path.startsWith("baseline.")) return "uncertainty";
  return DECISION_KEYS.has(path.slice(path.lastIndexOf(".") + 1)) ? "decision" : "uncertainty";
}

const gapSet = (e: Estimate) => new Set(e.gaps.map((g) => g.message));

/**
 * The gaps one estimate has and another lacks: where an alternative has a gap the config as written
 * does not (or the reverse), the two differ because the sources lack data on one side, not (only)
 * because of what the choice costs.
 */
export function gapDifference(base: Estimate, other: Estimate): string[] {
  const a = gapSet(base);
  const b = gapSet(other);
  const out: string[] = [];
  for (const g of b) if (!a.has(g)) out.push(`${g} (a gap at this value only)`);
  for (const g of a) if (!b.has(g)) out.push(`${g} (a gap as written, not at this value)`);
  return out;
}

/** Each line item's value by id (a repeated id numbered: id#2), made once per estimate. */
const valuesById = new WeakMap<Estimate, Map<string, number>>();

function keyOf(e: Estimate): Map<string, number> {
  let m = valuesById.get(e);
  if (m) return m;
  m = new Map<string, number>();
  for (const i of e.items) {
    let id = i.id;
    for (let n = 2; m.has(id); n++) id = `${i.id}#${n}`;
    m.set(id, i.value);
  }
  valuesById.set(e, m);
  return m;
}

/**
 * What differs between two estimates' line items, by id: the ids whose value changed, appeared or went.
 * The config as written is compared with every point of every row that swings nothing: its map is made
 * once, not per point (at 1,000 channels, some 5,000 items each time).
 */
export function changedItems(base: Estimate, other: Estimate): string[] {
  const same = sameIdsChanged(base, other);
  if (same) return same;
  const a = keyOf(base);
  const b = keyOf(other);
  const out = new Set<string>();
  for (const [id, v] of a) if (b.get(id) !== v) out.add(id.replace(/#\d+$/, ""));
  for (const id of b.keys()) if (!a.has(id)) out.add(id.replace(/#\d+$/, ""));
  return [...out];
}

/**
 * changedItems where both estimates have the same items in the same order (most points of a row that
 * swings nothing): compared side by side, without a map of either; undefined where they differ.
 */
function sameIdsChanged(base: Estimate, other: Estimate): string[] | undefined {
  const a = base.items;
  const b = other.items;
  if (a.length !== b.length) return undefined;
  for (let k = 0; k < a.length; k++) if (a[k]!.id !== b[k]!.id) return undefined;
  const out = new Set<string>();
  for (let k = 0; k < a.length; k++) if (a[k]!.value !== b[k]!.value) out.add(a[k]!.id.replace(/#\d+$/, ""));
  return [...out];
}

/**
 * Why a row swings no output: the estimate is the same at every value tried and a gap as written names
 * the input (its effect is a gap); the same and no gap names it (no rule reads it for this config); or
 * line items move that no output reads (a limit that does not bind, a storage figure).
 */
export function whyNoSwing(path: string, base: Estimate, points: readonly Estimate[]): string {
  return whyNoSwingFrom(
    path,
    base,
    points.map((p) => changedItems(base, p)),
  );
}

/**
 * whyNoSwing from what changed at each point (changedItems of the config as written and the point, in
 * the order the points were tried): a command may keep that alone of each point's estimate.
 */
export function whyNoSwingFrom(path: string, base: Estimate, changed: readonly (readonly string[])[]): string {
  if (changed.length === 0) return "no value tried made a valid config";
  const moved = new Set<string>();
  for (const ids of changed) for (const id of ids) moved.add(id);
  if (moved.size === 0) {
    const key = path.slice(path.lastIndexOf(".") + 1).toLowerCase();
    const gap = base.gaps.find((g) => g.message.toLowerCase().includes(key));
    if (gap) return `a gap: ${gap.message}`;
    return "no output reads it: the estimate is the same at every value tried";
  }
  const ids = [...moved];
  const shown = ids.slice(0, 3).join(", ");
  return `moves ${shown}${ids.length > 3 ? ` and ${ids.length - 3} more` : ""}, which none of the total cost, the CPU and the binding limit reads`;
}
