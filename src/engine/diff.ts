// Compares two estimates line by line: every changed line item and total, with delta and percentage.
import type { Estimate, Range } from "./engine.js";

export interface DiffLine {
  key: string;
  label: string;
  kind: "total" | "item" | "limit" | "storage";
  unit: string;
  before: number | null;
  after: number | null;
  delta: number | null;
  percent: number | null;
  status: "changed" | "added" | "removed";
}

export interface Diff {
  format: "mqzcap/diff@1";
  before: string | null;
  after: string | null;
  lines: DiffLine[];
  unchanged: number;
  /** Gaps the proposed config has and the base did not, and the reverse: a removed value may be a gap. */
  gaps: { added: string[]; removed: string[] };
}

function line(
  key: string,
  label: string,
  kind: DiffLine["kind"],
  unit: string,
  a: number | null,
  b: number | null,
): DiffLine | null {
  if (a === null && b === null) return null;
  if (a !== null && b !== null && Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a))) return null;
  const status = a === null ? "added" : b === null ? "removed" : "changed";
  const delta = a !== null && b !== null ? b - a : null;
  const percent = delta !== null && a !== 0 && a !== null ? (delta / Math.abs(a)) * 100 : null;
  return { key, label, kind, unit, before: a, after: b, delta, percent, status };
}

const v = (r: Range | null | undefined) => (r ? r.value : null);

export function diff(before: Estimate, after: Estimate): Diff {
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
        a ? (a.total?.value ?? a.added.value) : null,
        b ? (b.total?.value ?? b.added.value) : null,
      ),
    );
  }
  push(
    line(
      "total.cost",
      "cost per transaction, all address spaces",
      "total",
      "us",
      v(before.totals.total) ?? before.totals.added.value,
      v(after.totals.total) ?? after.totals.added.value,
    ),
  );
  push(
    line(
      "total.cpu",
      "CPU at the target rate",
      "total",
      "CPU s/s",
      v(before.totals.cpuSecondsPerSecond),
      v(after.totals.cpuSecondsPerSecond),
    ),
  );
  const ids = new Set([...before.items, ...after.items].map((i) => i.id));
  for (const id of [...ids].sort()) {
    const a = before.items.find((i) => i.id === id);
    const b = after.items.find((i) => i.id === id);
    const ref = (b ?? a)!;
    const kind = ref.metric === "limit" ? "limit" : ref.metric === "storage" ? "storage" : "item";
    push(line(id, ref.label, kind, ref.unit, a ? a.value : null, b ? b.value : null));
  }
  const gapText = (e: Estimate) => e.gaps.map((g) => `${g.concern}: ${g.message}`);
  const a = new Set(gapText(before));
  const b = new Set(gapText(after));
  return {
    format: "mqzcap/diff@1",
    before: before.name,
    after: after.name,
    lines,
    unchanged,
    gaps: { added: [...b].filter((g) => !a.has(g)), removed: [...a].filter((g) => !b.has(g)) },
  };
}
