// Accuracy where the errors are (#27 point 4): every measured figure in models/ that has a sibling
// measured under conditions that differ in exactly one condition (message size, CPUs, machine, release,
// log copies, mirroring, AMS policy, cipher...) is predicted from that sibling through the door the rules
// use (src/rules/conditions.ts widen: a carried release by the carry's tolerance, any other condition by
// the sources' evidence for that kind of change, or open), with the evidence computed without the two
// entries of the case (leave them out: a case never widens itself). Recorded by kind of quantity and by
// condition: how often the range holds the measured value, and how wide it is. Run with the cross-report
// bench (npx tsx bench/cross-report.ts writes bench/ACCURACY.md with both).
import { DEFAULT_SCHEME, Registry } from "../src/model/registry.js";
import { leaveOneOut } from "./accuracy.js";
import { tableAxisErrors } from "./interpolation-error.js";
import type { ModelData } from "../src/model/types.js";
import { widen, type ConditionCheck, type Outside } from "../src/rules/conditions.js";
import { releaseChoice } from "../src/rules/helpers.js";
import { QUANTITY_KINDS, type ConditionEvidence, type QuantityKind } from "../src/model/evidence.js";
import { conditionValue, evidencePairs, evidenceRows, type EvidencePair, type Measured } from "./condition-evidence.js";
import { r3 } from "./lib/stats.js";

/** The median, where some values may be infinite (open ranges): the middle of the sorted values. */
function median(xs: readonly number[]): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const mid = (s.length - 1) / 2;
  const lo = s[Math.floor(mid)]!;
  const hi = s[Math.ceil(mid)]!;
  return lo === hi ? lo : lo + (hi - lo) / 2;
}

/** Targets of #27, per kind of quantity with 20 or more cases. */
export const CONDITION_TARGETS = { containsPct: 90, medianHalfWidthPct: 20, minCases: 20, missPct: 20 };

export interface ConditionCase {
  condition: string;
  kind: QuantityKind;
  target: { entry: string; where: string; raw: string; value: number };
  from: { entry: string; where: string; raw: string };
  measured: string;
  wanted: string;
  low: number;
  high: number;
  value: number;
  errorPct: number;
  /** Half the range over the value (a change in percent: over its ratio), in percent; Infinity for a range open on a side. */
  halfWidthPct: number;
  open: boolean;
  contains: boolean;
  /** How the range was made, from the parts the door added. */
  how: string;
  /** Predicted by a lookup in the table (interpolation along its axis), not by carrying the sibling. */
  byLookup?: boolean;
}

export interface KindSummary {
  kind: QuantityKind;
  cases: number;
  contains: number;
  containsPct: number;
  open: number;
  medianHalfWidthPct: number;
  met: { contains: boolean; halfWidth: boolean } | null;
}

export interface ConditionAccuracy {
  cases: ConditionCase[];
  byKind: KindSummary[];
  byCondition: { condition: string; cases: number; contains: number; open: number; medianHalfWidthPct: number }[];
  misses: ConditionCase[];
  /** Cases the tool answers with a gap: a category axis's missing cell (a cipher, a policy) is not carried. */
  gaps: { kind: QuantityKind; condition: string; n: number }[];
}

const pct = (x: number, of: number) => (of === 0 ? 0 : (x / Math.abs(of)) * 100);

/**
 * Half a range's width in percent of its value; for a change printed in percent, of the ratio it
 * multiplies a cost by (1 + p/100), as the evidence measures changes: "+10% (0% to +20%)" moves a cost by
 * 1.1 +/- 0.1, about +/-9%, not +/-100%.
 */
function halfWidth(target: Measured, low: number, high: number, value: number): number {
  if (target.kind === "change" && target.unit === "percent") return pct((high - low) / 2, 100 + value);
  return pct((high - low) / 2, value);
}

/** A case's values as printed: a change in percent is compared as printed, not as its ratio. */
function printed(m: Measured): number {
  return m.printed;
}

/**
 * The registry as it would be had the sources not printed the target cell: the table without it, and
 * the interpolation error of the table's own axes computed without it.
 */
function registryWithout(data: ModelData, target: Measured, evidence: ConditionEvidence): Registry {
  const cell = target.cell!;
  const entries = data.entries.map((e) =>
    e.id !== cell.table || e.type !== "table"
      ? e
      : {
          ...e,
          cells: e.cells.filter(
            (c) =>
              !(c.measure === cell.measure && Object.entries(c.at).every(([k, v]) => String(cell.at[k]) === String(v))),
          ),
        },
  );
  const d: ModelData = {
    sources: data.sources,
    inventory: data.inventory,
    entries,
    notEncoded: data.notEncoded,
    files: data.files,
  };
  if (data.interpolationErrors) {
    // The table's own interpolation error as the file would give it had the sources not printed the
    // target: its leave-one-out run over the table without the cell (bench/accuracy.ts).
    const without = entries.find((e) => e.id === cell.table)!;
    const own = tableAxisErrors(leaveOneOut({ ...d, entries: [without] }, DEFAULT_SCHEME), DEFAULT_SCHEME);
    d.interpolationErrors = {
      ...data.interpolationErrors,
      tables: [...data.interpolationErrors.tables.filter((t) => t.table !== cell.table), ...own],
    };
  }
  // The evidence without the case's entries, as the carry cases take it: a case never bounds itself.
  d.conditionEvidence = evidence;
  return new Registry(d);
}

/**
 * Whether the rules reach the target by a lookup in the sibling's table, not by carrying the sibling:
 * the condition is one of that table's axes, so a config with the target's value asks the table for its
 * own cell (interpolated along a numeric axis, a gap along a category), never for the sibling's.
 */
function byLookup(target: Measured, from: Measured, condition: string): boolean {
  // Release and machine are chosen (releaseChoice, the hardware rule's scaling), never interpolated.
  if (condition === "release" || condition === "hardware") return false;
  return from.cell !== undefined && target.cell !== undefined && from.cell.axes.includes(condition);
}

function predict(
  data: ModelData,
  registry: Registry,
  evidenceWithout: (a: string, b: string) => ConditionEvidence,
  target: Measured,
  from: Measured,
  condition: string,
): ConditionCase | "gap" | undefined {
  if (byLookup(target, from, condition))
    return predictByLookup(data, evidenceWithout(target.entry, from.entry), target, from, condition);
  let r;
  try {
    r = from.look(registry);
  } catch {
    return undefined; // a value no rule could look up this way (a cell a lookup cannot reach)
  }
  const measuredValue = conditionValue(from, condition);
  const configValue = conditionValue(target, condition);
  const o: Outside = {
    key: condition as Outside["key"],
    measured: String(measuredValue),
    config: String(configValue),
    measuredValue: condition === "hardware" ? measuredValue : measuredValue,
    configValue: condition === "hardware" ? target.hardware[0]! : configValue,
  };
  if (condition === "release") {
    // As checkConditions does: the rules' own release choice, and its carry where one covers the entry.
    const how = releaseChoice(registry, from.entry, from.releases, target.releases[0]!)?.carried;
    if (how && how.carry) {
      o.carry = how.carry;
      if (how.tolerance !== undefined) o.tolerance = how.tolerance;
      if (how.basis !== undefined) o.basis = how.basis;
    }
  }
  const evidence = evidenceWithout(target.entry, from.entry);
  const check: ConditionCheck = { id: from.entry, inside: false, outside: [o], assumed: [], context: [], evidence };
  const w = widen(r, check);
  const added = w.parts.slice(r.parts.length);
  return scored(
    target,
    from,
    condition,
    [o.measured, o.config],
    w,
    added.map((p) => p.text).join("; ") || "no widening",
  );
}

/** A case scored: the prediction's range against the measured value, as printed. */
function scored(
  target: Measured,
  from: Measured,
  condition: string,
  [measured, wanted]: [string, string],
  r: { low: number; high: number; value: number },
  how: string,
): ConditionCase {
  const actual = printed(target);
  const open = r.high === Infinity || r.low === -Infinity;
  return {
    condition,
    kind: target.kind,
    target: { entry: target.entry, where: target.where, raw: target.raw, value: actual },
    from: { entry: from.entry, where: from.where, raw: from.raw },
    measured,
    wanted,
    low: r.low,
    high: r.high,
    value: r.value,
    errorPct: pct(r.value - actual, actual),
    halfWidthPct: open ? Infinity : halfWidth(target, r.low, r.high, r.value),
    open,
    contains: r.low <= actual + 1e-9 * Math.abs(actual) && actual <= r.high + 1e-9 * Math.abs(actual),
    how,
  };
}

/**
 * The target as the rules would get it had the sources not printed it: a lookup at the target's axis
 * value in the sibling's table (without the target's cell when it is the same table), which interpolates
 * or extrapolates along a numeric axis and widens by the interpolation error, and is a gap along a
 * category axis (the tool does not carry one cipher's or one policy's figure to another).
 */
function predictByLookup(
  data: ModelData,
  evidence: ConditionEvidence,
  target: Measured,
  from: Measured,
  condition: string,
): ConditionCase | "gap" {
  // Every lookup (an interpolation, an extrapolation whose edge the evidence bounds, a row's one point
  // carried across the axis) takes the evidence without the case's entries: a case never bounds
  // itself. (Until the evidence's held-out check, src/model/evidence.ts spreadTaken, one-point carries
  // kept the whole file's evidence here: without their own pairs, 6 'change' cases missed.)
  const reg = registryWithout(data, target, evidence);
  const at = { ...from.cell!.at, [condition]: target.cell!.at[condition]! };
  let r;
  try {
    r = reg.lookup(from.cell!.table, at, from.cell!.measure);
  } catch {
    return "gap";
  }
  const how = r.parts
    .filter((p) => p.reason === "interpolation" || p.reason === "extrapolation")
    .map((p) => p.text)
    .join("; ");
  const settings: [string, string] = [
    String(conditionValue(from, condition)),
    String(conditionValue(target, condition)),
  ];
  return { ...scored(target, from, condition, settings, r, how || "a measured cell of the table"), byLookup: true };
}

export function conditionAccuracy(data: ModelData): ConditionAccuracy {
  const registry = new Registry(data);
  const cases: ConditionCase[] = [];
  const all = evidencePairs(data);
  // The evidence without a case's two entries, made once per pair of entries (many cases share them).
  const memo = new Map<string, ConditionEvidence>();
  const evidenceWithout = (a: string, b: string): ConditionEvidence => {
    const key = a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`;
    let e = memo.get(key);
    if (!e) {
      const kept = all.filter((p: EvidencePair) => !p.entries.some((x) => x === a || x === b));
      memo.set(key, (e = { generatedBy: "without the case's entries", rows: evidenceRows(kept) }));
    }
    return e;
  };
  const seen = new Set<string>();
  const gapCount = new Map<string, number>();
  for (const p of all) {
    // Only values whose printed figures differ: a pair printed alike says nothing of a range's width.
    if (p.a.printed === p.b.printed) continue;
    for (const [target, from] of [
      [p.b, p.a],
      [p.a, p.b],
    ] as const) {
      // A lookup's prediction does not depend on which sibling led to it: once per target and table.
      const once = byLookup(target, from, p.condition)
        ? `${target.entry}\u0000${target.where}\u0000${from.entry}\u0000${p.condition}`
        : undefined;
      if (once !== undefined) {
        if (seen.has(once)) continue;
        seen.add(once);
      }
      const c = predict(data, registry, evidenceWithout, target, from, p.condition);
      if (c === "gap") {
        const k = `${target.kind}\u0000${p.condition}`;
        gapCount.set(k, (gapCount.get(k) ?? 0) + 1);
      } else if (c) cases.push(c);
    }
  }
  const gaps = [...gapCount]
    .map(([k, n]) => {
      const [kind, condition] = k.split("\u0000") as [QuantityKind, string];
      return { kind, condition, n };
    })
    .sort((a, b) => (a.kind + a.condition).localeCompare(b.kind + b.condition));
  cases.sort((a, b) =>
    `${a.kind} ${a.condition} ${a.target.entry} ${a.target.where} ${a.from.entry} ${a.from.where}`.localeCompare(
      `${b.kind} ${b.condition} ${b.target.entry} ${b.target.where} ${b.from.entry} ${b.from.where}`,
    ),
  );
  const byKind: KindSummary[] = [];
  for (const kind of QUANTITY_KINDS) {
    const list = cases.filter((c) => c.kind === kind);
    if (list.length === 0) continue;
    const contains = list.filter((c) => c.contains).length;
    const containsPct = r3(pct(contains, list.length));
    const medianHalfWidthPct = r3(median(list.map((c) => c.halfWidthPct)));
    byKind.push({
      kind,
      cases: list.length,
      contains,
      containsPct,
      open: list.filter((c) => c.open).length,
      medianHalfWidthPct,
      met:
        list.length >= CONDITION_TARGETS.minCases
          ? {
              contains: containsPct >= CONDITION_TARGETS.containsPct,
              halfWidth: medianHalfWidthPct <= CONDITION_TARGETS.medianHalfWidthPct,
            }
          : null,
    });
  }
  const conditions = [...new Set(cases.map((c) => c.condition))].sort();
  const byCondition = conditions.map((condition) => {
    const list = cases.filter((c) => c.condition === condition);
    return {
      condition,
      cases: list.length,
      contains: list.filter((c) => c.contains).length,
      open: list.filter((c) => c.open).length,
      medianHalfWidthPct: r3(median(list.map((c) => c.halfWidthPct))),
    };
  });
  const misses = cases.filter((c) => !c.contains && Math.abs(c.errorPct) > CONDITION_TARGETS.missPct);
  return { cases, byKind, byCondition, misses, gaps };
}

const f = (n: number) => (n === Infinity ? "open" : String(r3(n)));
/** A half-width in percent, or "open". */
const fp = (n: number) => (n === Infinity ? "open" : `${r3(n)}%`);

export function renderConditionAccuracy(res: ConditionAccuracy): string[] {
  const out: string[] = [
    "## Across conditions: each figure predicted from a sibling measured under one other condition",
    "",
    "Generated by `bench/condition-accuracy.ts` (with the rest of this file). Every pair of measured values in",
    "models/ of the same quantity (same table and measure, or same figure subject and unit) that differ in exactly",
    "one condition a config is compared on, printed differently, is two cases: each value predicted as the",
    "tool would give it had the sources not printed it.",
    "",
    "- Where the condition is one of the sibling's table axes other than release and machine (a message size,",
    "  SHARECNV, a cipher, a policy), a config with the target's value asks the table for that cell, never for",
    "  the sibling: the case is a lookup in the table without the target's cell (once per target and table),",
    "  interpolated or extrapolated along a numeric axis and widened by the interpolation error as the table",
    "  without the cell gives it (its own leave-one-out run, per unit of span and from unflagged neighbours",
    "  where it can be; the pooled error of its kind of axis where too few points remain; an extrapolation's",
    "  edge bounding its side where the evidence, without the case's entries, moves such figures one way),",
    "  carried by the evidence (without the case's entries) from a row's one remaining point, or a gap along",
    "  a category axis (counted below, neither hit nor miss).",
    "- Otherwise (a condition of the entry, a release, a machine) the sibling is carried through the door the",
    "  rules use (src/rules/conditions.ts `widen`): a carried release by the carry's tolerance, any other",
    "  condition by the sources' evidence for that kind of change (models/condition-evidence.yaml), computed",
    "  here without the case's two entries, or open where no other entry gives evidence (or where the",
    "  remaining entries do not predict one another held out: src/model/evidence.ts `spreadTaken`).",
    "",
    "An open range holds the value by construction, and its half-width is counted as",
    "infinite in the medians. A change printed in percent is a multiplier of a cost, 1 + p/100: its half-width",
    'is taken on that multiplier, as the evidence takes its ratios ("+10% (0% to +20%)" is +/-9% of the cost).',
    "Targets (#27): the range holds the value in at least",
    `${CONDITION_TARGETS.containsPct}% of the cases of each kind with ${CONDITION_TARGETS.minCases} or more cases, at a median half-width of at most ${CONDITION_TARGETS.medianHalfWidthPct}%.`,
    "",
    "| kind of quantity | cases | range holds | open ranges | median half-width | holds >= 90% | half-width <= 20% |",
    "| --- | ---: | ---: | ---: | ---: | --- | --- |",
    ...res.byKind.map(
      (k) =>
        `| ${k.kind} | ${k.cases} | ${k.contains} (${k.containsPct}%) | ${k.open} | ${fp(k.medianHalfWidthPct)} | ${k.met ? (k.met.contains ? "met" : "**not met**") : "fewer than 20 cases"} | ${k.met ? (k.met.halfWidth ? "met" : "**not met**") : "-"} |`,
    ),
    "",
    `Gaps, where the tool gives none (a category axis's cell left out): ${res.gaps.length === 0 ? "none" : res.gaps.map((g) => `${g.kind} ${g.condition} ${g.n}`).join(", ")}.`,
    "",
    "By condition:",
    "",
    "| condition | cases | range holds | open ranges | median half-width |",
    "| --- | ---: | ---: | ---: | ---: |",
    ...res.byCondition.map(
      (c) => `| ${c.condition} | ${c.cases} | ${c.contains} | ${c.open} | ${fp(c.medianHalfWidthPct)} |`,
    ),
    "",
    `Cases more than ${CONDITION_TARGETS.missPct}% off whose range excludes the measured value (${res.misses.length}), each with the widening that fell short:`,
    "",
  ];
  if (res.misses.length === 0) out.push("- none");
  for (const m of res.misses)
    out.push(
      `- ${m.target.entry}${m.target.where ? ` (${m.target.where})` : ""} "${m.target.raw}" from ${m.from.entry}${m.from.where ? ` (${m.from.where})` : ""} "${m.from.raw}", ${m.condition} ${m.measured} -> ${m.wanted}: predicted ${r3(m.value)} (${r3(m.low)} to ${f(m.high)}), ${r3(m.errorPct)}% off. ${m.how}.`,
    );
  out.push("");
  return out;
}
