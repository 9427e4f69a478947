// Compares two estimates line by line: every changed line item and total, with delta and percentage.
import { argError, isEstimate } from "../util/args.js";
import type { Estimate, Range } from "./engine.js";
import { noiseOf } from "./metrics.js";
import { addedMetrics, concernAddedUs } from "./baseline-delta.js";

export interface DiffLine {
  key: string;
  label: string;
  kind: "total" | "item" | "limit" | "storage";
  unit: string;
  before: number | null;
  after: number | null;
  delta: number | null;
  percent: number | null;
  /** Each side's range (docs/ranges.md); null where that side has no value. */
  beforeLow: number | null;
  beforeHigh: number | null;
  afterLow: number | null;
  afterHigh: number | null;
  /**
   * beyond: the change is larger than the uncertainty of both sides (their ranges do not overlap);
   * within: it is within the noise. null for a line only one side has.
   */
  noise: "beyond" | "within" | null;
  /**
   * now-gap: a line of the base that the proposed estimate leaves out while it has a new gap of the
   * same concern: the value is not known there, not zero. was-gap: the reverse.
   */
  status: "changed" | "added" | "removed" | "now-gap" | "was-gap";
}

export interface Diff {
  format: "mqzcap/diff@1";
  before: string | null;
  after: string | null;
  lines: DiffLine[];
  unchanged: number;
  /** Gaps the proposed config has and the base did not, and the reverse: a removed value may be a gap. */
  gaps: { added: string[]; removed: string[] };
  /**
   * CPU lines that are gaps on one side (now-gap, was-gap), by label: that side's totals leave them
   * out, so the totals do not compare like for like.
   */
  incomplete: { base: string[]; proposed: string[] };
}

const CPU_METRICS = new Set(["cpu-per-txn", "cpu-pct", "cpu-per-second"]);

function line(
  key: string,
  label: string,
  kind: DiffLine["kind"],
  unit: string,
  ra: Range | null,
  rb: Range | null,
): DiffLine | null {
  const a = ra ? ra.value : null;
  const b = rb ? rb.value : null;
  if (a === null && b === null) return null;
  if (a !== null && b !== null && Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a))) return null;
  const status = a === null ? "added" : b === null ? "removed" : "changed";
  const delta = a !== null && b !== null ? b - a : null;
  const percent = delta !== null && a !== 0 && a !== null ? (delta / Math.abs(a)) * 100 : null;
  return {
    key,
    label,
    kind,
    unit,
    before: a,
    after: b,
    delta,
    percent,
    beforeLow: ra ? ra.low : null,
    beforeHigh: ra ? ra.high : null,
    afterLow: rb ? rb.low : null,
    afterHigh: rb ? rb.high : null,
    noise: ra && rb ? noiseOf(ra, rb) : null,
    status,
  };
}

export function diff(before: Estimate, after: Estimate): Diff {
  if (!isEstimate(before)) throw argError("diff", "the first argument", "an estimate from estimate()", before);
  if (!isEstimate(after)) throw argError("diff", "the second argument", "an estimate from estimate()", after);
  const lines: DiffLine[] = [];
  let unchanged = 0;
  const push = (l: DiffLine | null) => (l ? lines.push(l) : unchanged++);
  const asKeys = new Set(
    [...before.totals.costPerTransaction, ...after.totals.costPerTransaction].map((c) => c.addressSpace),
  );
  for (const as of asKeys) {
    const a = before.totals.costPerTransaction.find((c) => c.addressSpace === as);
    const b = after.totals.costPerTransaction.find((c) => c.addressSpace === as);
    push(
      line(
        `total.cost.${as}`,
        `cost per transaction, ${as}`,
        "total",
        "us",
        a ? (a.total ?? a.added) : null,
        b ? (b.total ?? b.added) : null,
      ),
    );
  }
  push(
    line(
      "total.cost",
      "cost per transaction, all address spaces",
      "total",
      "us",
      before.totals.total ?? before.totals.added,
      after.totals.total ?? after.totals.added,
    ),
  );
  push(
    line(
      "total.cpu",
      "CPU at the target rate",
      "total",
      "CPU s/s",
      before.totals.cpuSecondsPerSecond,
      after.totals.cpuSecondsPerSecond,
    ),
  );
  // Each concern's effect against the baseline's configuration, where either side gives it (measuredWith).
  const concerns = [...new Set([...addedMetrics(before.againstBaseline), ...addedMetrics(after.againstBaseline)])];
  for (const m of concerns) {
    const concern = m.slice(m.indexOf(".") + 1);
    push(
      line(
        m,
        `added by ${concern} against the baseline's configuration`,
        "total",
        "us",
        concernAddedUs(before.againstBaseline, concern),
        concernAddedUs(after.againstBaseline, concern),
      ),
    );
  }
  const gapText = (e: Estimate) => e.gaps.map((g) => `${g.concern}: ${g.message}`);
  const a = new Set(gapText(before));
  const b = new Set(gapText(after));
  const newGaps = (from: Estimate, other: Set<string>) =>
    from.gaps.filter((g) => !other.has(`${g.concern}: ${g.message}`));
  const gapsNow = newGaps(after, a);
  const gapsBefore = newGaps(before, b);
  const incomplete: Diff["incomplete"] = { base: [], proposed: [] };
  const ids = new Set([...before.items, ...after.items].map((i) => i.id));
  for (const id of [...ids].sort()) {
    const x = before.items.find((i) => i.id === id);
    const y = after.items.find((i) => i.id === id);
    const ref = (y ?? x)!;
    const kind = ref.metric === "limit" ? "limit" : ref.metric === "storage" ? "storage" : "item";
    const l = line(id, ref.label, kind, ref.unit, x ?? null, y ?? null);
    if (l?.status === "removed" && explains(gapsNow, ref)) {
      l.status = "now-gap";
      if (CPU_METRICS.has(ref.metric)) incomplete.proposed.push(ref.label);
    } else if (l?.status === "added" && explains(gapsBefore, ref)) {
      l.status = "was-gap";
      if (CPU_METRICS.has(ref.metric)) incomplete.base.push(ref.label);
    }
    push(l);
  }
  return {
    format: "mqzcap/diff@1",
    before: before.name,
    after: after.name,
    lines,
    unchanged,
    gaps: { added: [...b].filter((g) => !a.has(g)), removed: [...a].filter((g) => !b.has(g)) },
    incomplete,
  };
}

/**
 * Whether a new gap accounts for a line the other side lacks: a gap of the line's concern, and, for a
 * line about one channel ("TO.PARTNER: renegotiation CPU"), a gap about that channel. A channel that
 * is simply not in the other config leaves its lines removed, whatever else lacks a figure there.
 */
function explains(gaps: readonly Estimate["gaps"][number][], line: { concern: string; label: string }): boolean {
  const scope = /^([^\s:][^:]*): /.exec(line.label)?.[1];
  return gaps.some((g) => g.concern === line.concern && (scope === undefined || namesChannel(g, scope)));
}

/**
 * Whether a finding is about this channel: "NAME: ..." or, for several, "A, B, NAME: ..."; past the
 * names a message gives, its `channels` (engine.ts).
 */
function namesChannel(g: { message: string; channels?: string[] }, channel: string): boolean {
  if (g.channels) return g.channels.includes(channel);
  const colon = g.message.indexOf(": ");
  return colon > 0 && g.message.slice(0, colon).split(", ").includes(channel);
}

/** A line's status as the reports print it. */
export function statusText(status: DiffLine["status"]): string {
  return status === "now-gap" ? "now a gap" : status === "was-gap" ? "was a gap" : status;
}

/** A sentence for the reader when totals leave out lines that are gaps on one side; null otherwise. */
export function incompleteNote(d: Diff): string | null {
  const parts: string[] = [];
  const list = (labels: string[]) => `${labels.length} CPU line(s) (${labels.join("; ")})`;
  if (d.incomplete.proposed.length)
    parts.push(
      `the proposed totals leave out ${list(d.incomplete.proposed)}: the sources do not give them for the proposed config (see its gaps)`,
    );
  if (d.incomplete.base.length)
    parts.push(
      `the base totals leave out ${list(d.incomplete.base)}: the sources did not give them for the base config`,
    );
  return parts.length ? `Totals are not like for like: ${parts.join("; and ")}.` : null;
}

/** What the reports say of a change within the noise, once under the table. */
export const NOISE_NOTE =
  "within the noise: the change is smaller than the uncertainty of both sides (their ranges overlap)";
