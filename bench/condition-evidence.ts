// The sources' own evidence of how far a figure moves when one condition changes (#27, DESIGN.md
// "Ranges"): every pair of measurements in models/ of the same quantity that differ in exactly one
// condition a config is compared on (message size, CPUs, machine, release, log copies, mirroring, AMS
// policy...), the ratio of their values, and per condition and kind of quantity (CPU, throughput, log
// rate, storage, a change) the p90 of those ratios. A figure the rules use under another value of that
// condition is widened by it (src/rules/conditions.ts widen); with no pair of that kind, the range is
// open on that side. Written to models/condition-evidence.yaml (npx tsx scripts/condition-evidence.ts);
// test/condition-evidence.test.ts checks that the committed file is what the models give.
//
// What makes two values "the same quantity" here:
//   - two cells of one table (or of tables with the same id after the source prefix) with the same
//     measure, whose coordinates (the table's conditions and the cell's axis values) differ in one key;
//   - two figures with the same subject, unit and kind (a change or not), whose conditions differ in one key.
// Release and machine count as keys too: two values whose release sets (or machine sets) do not meet
// differ in release (or machine). A difference in a test condition (requesters, cryptoCard...) makes the
// pair not a one-condition pair: it is left out, since it says nothing about the condition alone.
import type { ModelData, Value } from "../src/model/types.js";
import type { LookupResult, Registry } from "../src/model/registry.js";
import { CONFIG_CONDITIONS, TEST_CONDITIONS } from "../src/rules/conditions.js";
import {
  MIN_EVIDENCE_ENTRIES,
  quantityKindOf,
  sizeBandOf,
  type EvidenceRow,
  type QuantityKind,
} from "../src/model/evidence.js";
import { quantile, r3 } from "./lib/stats.js";

export const CONDITION_EVIDENCE_FILE = "models/condition-evidence.yaml";

type Scalar = string | number | boolean;

export interface Measured {
  entry: string;
  /** Where in the entry: a table cell's axis values and measure; "" for a figure. */
  where: string;
  raw: string;
  /** The unit as printed (a change's value above is its ratio 1 + p/100). */
  unit: string;
  /** The value as printed, for the accuracy bench. */
  printed: number;
  /** How a rule would look it up through the registry. */
  look: (r: Registry) => LookupResult;
  /** A table cell's place: its table, axis values (every axis) and measure, and which axes the table has. */
  cell?: { table: string; at: Record<string, Scalar>; measure: string; axes: readonly string[] };
  /** The table (or figure) id without its source prefix, so two reports' reprints meet. */
  key: string;
  kind: QuantityKind;
  coords: Record<string, Scalar>;
  releases: string[];
  hardware: string[];
  value: number;
}

const stem = (id: string) => id.slice(id.indexOf(".") + 1);
const isConfigKey = (k: string) => Object.prototype.hasOwnProperty.call(CONFIG_CONDITIONS, k);
// The bounds of a message-size range are not values of the size: a pair differing in them is left out.
const SIZE_BOUNDS = new Set(["messageSizeMin", "messageSizeMax", "messageSizeAbove"]);

/** A value as a multiplier: a change in percent as its ratio 1 + p/100, others as they are. */
function magnitude(v: Value, unit: string, relative: boolean): number | undefined {
  if (v.value === null) return undefined;
  if (v.qualifier !== "exact" && v.qualifier !== "approx") return undefined; // a bound says nothing of a ratio
  if (v.flags.length > 0) return undefined; // a flagged value's error is the flag's, not the condition's
  const x = relative && unit === "percent" ? 1 + v.value / 100 : v.value;
  return x > 0 ? x : undefined;
}

/**
 * A measurement as the sources give it: the report, the quantity and where it was measured. A report
 * that states one of its own figures twice (a table's cell restated in the prose, the prose rounding it)
 * gives two entries with one identity: one measurement, counted once (else its pairs count twice, and a
 * pair held out is predicted by its own restatement).
 */
const identity = (m: Measured) =>
  JSON.stringify([
    m.entry.slice(0, m.entry.indexOf(".")),
    m.key,
    Object.entries(m.coords).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    [...m.releases].sort(),
    [...m.hardware].sort(),
  ]);

/**
 * Every measured value, each measurement once (the first entry that states it): a measurement any of
 * whose statements is left out (`without`) is left out whole.
 */
function measuredValues(data: ModelData, without: ReadonlySet<string>): Measured[] {
  const seen = new Map<string, { kept: Measured; out: boolean }>();
  for (const m of allMeasured(data)) {
    const id = identity(m);
    const s = seen.get(id);
    if (s) s.out ||= without.has(m.entry);
    else seen.set(id, { kept: m, out: without.has(m.entry) });
  }
  return [...seen.values()].filter((s) => !s.out).map((s) => s.kept);
}

function allMeasured(data: ModelData): Measured[] {
  const out: Measured[] = [];
  for (const e of data.entries) {
    if (e.notRunToRun !== undefined) continue;
    if (e.type === "table") {
      const conditions = e.appliesTo.conditions ?? {};
      for (const c of e.cells) {
        const m = e.measures.find((x) => x.name === c.measure);
        if (!m) continue;
        const relative = m.unit === "percent" || m.unit === "ratio";
        const kind = quantityKindOf(m.unit, relative, e.measuredStorage !== undefined);
        if (!kind) continue;
        const value = magnitude(c.v, m.unit, relative);
        if (value === undefined) continue;
        const coords: Record<string, Scalar> = { ...conditions, ...c.at };
        const releases = coords.release !== undefined ? [String(coords.release)] : e.appliesTo.releases;
        const hardware = coords.hardware !== undefined ? [String(coords.hardware)] : e.appliesTo.hardware;
        delete coords.release;
        delete coords.hardware;
        const t = e;
        out.push({
          entry: e.id,
          where: `${Object.entries(c.at)
            .map(([k, v]) => `${k}=${String(v)}`)
            .join(", ")}; ${c.measure}`,
          raw: c.v.raw,
          unit: m.unit,
          printed: c.v.value!,
          look: (r) =>
            r.lookup(t.id, { ...Object.fromEntries(t.axes.map((a) => [a.name, a.values[0]!])), ...c.at }, c.measure),
          cell: {
            table: t.id,
            at: { ...Object.fromEntries(t.axes.map((a) => [a.name, a.values[0]!])), ...c.at },
            measure: c.measure,
            axes: t.axes.map((a) => a.name),
          },
          key: `t:${stem(e.id)}:${c.measure}`,
          kind,
          coords,
          releases,
          hardware,
          value,
        });
      }
    } else if (e.type === "figure") {
      const relative = e.relativeTo !== undefined;
      const kind = quantityKindOf(e.unit, relative, e.measuredStorage !== undefined);
      if (!kind) continue;
      const value = magnitude(e.v, e.unit, relative);
      if (value === undefined) continue;
      const id = e.id;
      out.push({
        entry: e.id,
        where: "",
        raw: e.v.raw,
        unit: e.unit,
        printed: e.v.value!,
        look: (r) => r.figureValue(id),
        key: `f:${e.subject}:${e.unit}:${relative ? `change:${e.relativeTo}` : "absolute"}`,
        kind,
        coords: { ...(e.appliesTo.conditions ?? {}), ...e.condition },
        releases: e.appliesTo.releases,
        hardware: e.appliesTo.hardware,
        value,
      });
    }
  }
  return out;
}

const meet = (a: readonly string[], b: readonly string[]) => a.some((x) => b.includes(x));

/** A condition's value as a number where it has an order (a size, a count), else undefined. */
function orderOf(v: Scalar): number | undefined {
  if (typeof v === "number") return v;
  if (typeof v === "boolean") return undefined;
  const n = Number(v);
  return v !== "" && Number.isFinite(n) ? n : undefined;
}

/** The value of a condition at a measurement: its coordinate, or its release or machine list. */
export function conditionValue(m: Measured, condition: string): Scalar {
  if (condition === "release") return m.releases.join(",");
  if (condition === "hardware") return m.hardware.join(",");
  return m.coords[condition]!;
}

/** The one config condition two values differ in, or undefined (none, several, or a test condition). */
function oneDifference(a: Measured, b: Measured): string | undefined {
  const differ: string[] = [];
  if (!meet(a.releases, b.releases)) differ.push("release");
  if (!meet(a.hardware, b.hardware)) differ.push("hardware");
  for (const k of new Set([...Object.keys(a.coords), ...Object.keys(b.coords)])) {
    const inA = k in a.coords;
    const inB = k in b.coords;
    if (inA && inB && String(a.coords[k]) === String(b.coords[k])) continue;
    // Stated on one side only: not known to differ, nor to be the same. Not a clean pair.
    if (!inA || !inB) return undefined;
    if (!isConfigKey(k) || SIZE_BOUNDS.has(k)) return undefined;
    differ.push(k);
    if (differ.length > 1) return undefined;
  }
  return differ.length === 1 ? differ[0] : undefined;
}

export interface EvidencePair {
  condition: string;
  band?: string;
  kind: QuantityKind;
  ratio: number;
  /** For an ordered condition: the value at the larger setting over the value at the smaller. */
  upRatio?: number;
  entries: [string, string];
  a: Measured;
  b: Measured;
}

/** Every one-condition pair, with the ratio of the larger value to the smaller. */
export function evidencePairs(data: ModelData, without: ReadonlySet<string> = new Set()): EvidencePair[] {
  const groups = new Map<string, Measured[]>();
  for (const m of measuredValues(data, without)) {
    const g = groups.get(m.key);
    if (g) g.push(m);
    else groups.set(m.key, [m]);
  }
  const pairs: EvidencePair[] = [];
  for (const g of groups.values())
    for (let i = 0; i < g.length; i++)
      for (let j = i + 1; j < g.length; j++) {
        const a = g[i]!;
        const b = g[j]!;
        const condition = oneDifference(a, b);
        if (condition === undefined || !(condition in CONFIG_CONDITIONS) || TEST_CONDITIONS.includes(condition))
          continue;
        const ratio = Math.max(a.value, b.value) / Math.min(a.value, b.value);
        const pair: EvidencePair = { condition, kind: a.kind, ratio, entries: [a.entry, b.entry], a, b };
        const x = orderOf(conditionValue(a, condition));
        const y = orderOf(conditionValue(b, condition));
        if (x !== undefined && y !== undefined && x !== y) pair.upRatio = x > y ? a.value / b.value : b.value / a.value;
        if (condition === "messageSize") {
          const x = Number(a.coords.messageSize);
          const y = Number(b.coords.messageSize);
          if (!(x > 0 && y > 0)) continue;
          pair.band = sizeBandOf(x, y);
        }
        pairs.push(pair);
      }
  return pairs;
}

/**
 * The evidence rows: per condition (and size band) and kind of quantity, the number of pairs, the p90
 * of their ratios less one in percent (the worst for fewer than five pairs), the worst, and how many
 * model entries the pairs come from.
 */
export function conditionEvidence(data: ModelData, without: ReadonlySet<string> = new Set()): EvidenceRow[] {
  return evidenceRows(evidencePairs(data, without));
}

/** A group's spread: pairs, p90 (or worst) either way, worst, entries, and the ordered p5..p95 (or least..most). */
function spreadOf(list: readonly EvidencePair[]): Omit<EvidenceRow, "condition" | "kind" | "band" | "heldOut"> {
  const pcts = list.map((p) => (p.ratio - 1) * 100);
  const n = pcts.length;
  const spread: ReturnType<typeof spreadOf> = {
    n,
    pct: r3(n >= 5 ? quantile(pcts, 0.9) : Math.max(...pcts)),
    how: n >= 5 ? "p90" : "worst",
    max: r3(Math.max(...pcts)),
    entries: new Set(list.flatMap((p) => p.entries)).size,
  };
  const ups = list.flatMap((p) => (p.upRatio === undefined ? [] : [(p.upRatio - 1) * 100]));
  // Every pair ordered, or none: a condition half of whose pairs have no order has no direction.
  if (ups.length === list.length) {
    spread.upWhole = { low: r3(Math.min(...ups)), high: r3(Math.max(...ups)) };
    spread.up = ups.length >= 5 ? { low: r3(quantile(ups, 0.05)), high: r3(quantile(ups, 0.95)) } : spread.upWhole;
  }
  return spread;
}

/**
 * Each pair held out against the spread of the group's pairs that share no entry with it, as a figure of
 * a table not in the sources would be widened by the rest: how many could be tested (the rest from two or
 * more entries, as a row must be to count), how many fell inside the rest's usual spread (the ordered
 * p5..p95 where every pair has an order, else the p90 either way) and how many inside its whole spread
 * (least..most, or the worst either way). Quadratic in a group's pairs: the largest holds some hundreds.
 */
function heldOut(
  list: readonly EvidencePair[],
  ordered: boolean,
): { tested: number; inside: number; insideWhole: number } {
  let tested = 0;
  let inside = 0;
  let insideWhole = 0;
  const eps = 1e-6;
  for (const p of list) {
    const rest = list.filter((q) => !q.entries.some((e) => p.entries.includes(e)));
    if (rest.length === 0) continue;
    const s = spreadOf(rest);
    if (s.entries < MIN_EVIDENCE_ENTRIES) continue;
    tested++;
    if (ordered && s.up && s.upWhole && p.upRatio !== undefined) {
      const x = (p.upRatio - 1) * 100;
      if (x >= s.up.low - eps && x <= s.up.high + eps) inside++;
      if (x >= s.upWhole.low - eps && x <= s.upWhole.high + eps) insideWhole++;
    } else {
      const x = (p.ratio - 1) * 100;
      if (x <= s.pct + eps) inside++;
      if (x <= s.max + eps) insideWhole++;
    }
  }
  return { tested, inside, insideWhole };
}

/** The evidence rows of a list of pairs (conditionEvidence's second half). */
export function evidenceRows(pairs: readonly EvidencePair[]): EvidenceRow[] {
  const by = new Map<string, EvidencePair[]>();
  for (const p of pairs) {
    const k = `${p.condition}\u0000${p.band ?? ""}\u0000${p.kind}`;
    const g = by.get(k);
    if (g) g.push(p);
    else by.set(k, [p]);
  }
  const rows: EvidenceRow[] = [];
  for (const list of by.values()) {
    const row: EvidenceRow = { condition: list[0]!.condition, kind: list[0]!.kind, ...spreadOf(list) };
    if (list[0]!.band !== undefined) row.band = list[0]!.band;
    const held = heldOut(list, row.up !== undefined);
    if (held.tested > 0) row.heldOut = held;
    rows.push(row);
  }
  return rows.sort((a, b) =>
    a.condition !== b.condition
      ? a.condition < b.condition
        ? -1
        : 1
      : (a.band ?? "") !== (b.band ?? "")
        ? (a.band ?? "") < (b.band ?? "")
          ? -1
          : 1
        : a.kind < b.kind
          ? -1
          : a.kind > b.kind
            ? 1
            : 0,
  );
}

/** The file's text. */
export function conditionEvidenceYaml(data: ModelData): string {
  const rows = conditionEvidence(data);
  return [
    "# yaml-language-server: $schema=../schema/model.schema.json",
    "# How far the sources' own measurements move when one condition changes: every pair of values in",
    "# models/ of the same quantity (same table and measure, or same figure subject and unit) that differ in",
    "# exactly one condition a config is compared on, and the ratio of the larger to the smaller. Per",
    "# condition (message size by how far apart the sizes are) and kind of quantity: the pairs, the p90 of",
    "# (ratio - 1) in percent (the worst of fewer than five), the worst, and the model entries they come from;",
    "# for a condition with an order (size, count), `up`: the value at the larger setting over the value at the",
    "# smaller, less one, in percent, p5 and p95 (least and most of fewer than five).",
    "# A figure used under another value of the condition is widened by this (src/rules/conditions.ts widen);",
    "# a condition and kind with no row, or a row whose pairs all come from one entry (one table's cells say",
    "# how that table moves, not the sources' figures of that kind), leaves the range open on that side.",
    "kind: condition-evidence",
    "generatedBy: bench/condition-evidence.ts (npx tsx scripts/condition-evidence.ts); do not edit",
    "rows:",
    ...rows.map(
      (r) =>
        `  - { condition: ${r.condition},${r.band !== undefined ? ` band: "${r.band}",` : ""} kind: ${r.kind}, n: ${r.n}, pct: ${r.pct}, how: ${r.how}, max: ${r.max}, entries: ${r.entries}${r.up ? `, up: { low: ${r.up.low}, high: ${r.up.high} }` : ""}${r.upWhole && r.n >= 5 ? `, upWhole: { low: ${r.upWhole.low}, high: ${r.upWhole.high} }` : ""}${r.heldOut ? `, heldOut: { tested: ${r.heldOut.tested}, inside: ${r.heldOut.inside}, insideWhole: ${r.heldOut.insideWhole} }` : ""} }`,
    ),
    "",
  ].join("\n");
}
