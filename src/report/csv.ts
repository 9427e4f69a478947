// CSV output for spreadsheets: the estimate's line items and headline rows, a diff's changed lines, RFC 4180.
import { compareRows, type CompareResult } from "../engine/compare.js";
import type { Diff } from "../engine/diff.js";
import type { Estimate, Range } from "../engine/engine.js";
import { AS_NAMES } from "./chart-spec.js";
import { cpuHeading, cpuLines } from "./limits-text.js";
import { citationText, fmtRange, mergeCitations } from "./text.js";
import { roundNumber } from "./json.js";
import { isOpenBelow } from "../engine/open-range.js";
import { safeCsvText } from "../util/csv-cell.js";

type Cell = string | number | null | undefined;

// RFC 4180 quoting is one rule (quote a field holding a comma, quote, CR or LF, and double its
// quotes), so it is this function of five lines rather than a CSV library dependency. Text goes
// through safeCsvText first: no control character, no cell a spreadsheet would run as a formula.
export function csvField(v: Cell): string {
  const s = v === null || v === undefined ? "" : typeof v === "number" ? String(roundNumber(v)) : safeCsvText(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

// RFC 4180 records end in CRLF, the last one included.
const rows = (records: Cell[][]) => records.map((r) => r.map(csvField).join(",") + "\r\n").join("");

export const ITEM_COLUMNS = [
  "section",
  "id",
  "concern",
  "label",
  "addressSpace",
  "metric",
  "value",
  "low",
  "high",
  "unit",
  "confidence",
  "citations",
] as const;

/**
 * The estimate for a spreadsheet: one row per line item (section "item", "limit" or "storage"), then
 * what the table leads with and ends on, so that the headline numbers need no summing: cost per
 * transaction by address space ("total"), CPU at the rate and on the LPAR ("cpu"), each limit's
 * headroom ("headroom"), the bottleneck, and the gaps and warnings (their text in the label column).
 * Citations as the report's title, section and [entry id], joined with "; ".
 */
export function renderCsv(e: Estimate): string {
  const storage = new Set(e.storage.map((i) => i.id));
  const range = (r: Range | null): Cell[] => (r ? [r.value, r.low, r.high] : [null, null, null]);
  const records: Cell[][] = [[...ITEM_COLUMNS]];
  for (const i of e.items)
    records.push([
      i.metric === "limit" ? "limit" : storage.has(i.id) ? "storage" : "item",
      i.id,
      i.concern,
      i.label,
      i.addressSpace,
      i.metric,
      i.value,
      // An end the sources leave open is written as an infinity, below as above (isOpenBelow).
      isOpenBelow(i) ? -Infinity : (i.low ?? i.value),
      i.high ?? i.value,
      i.unit,
      i.confidence,
      mergeCitations(i.citations).map(citationText).join("; "),
    ]);
  const row = (section: string, id: string, label: string, r: Range | null, unit: string, extra: Cell[] = []) =>
    records.push([section, id, extra[0] ?? null, label, extra[1] ?? null, extra[2] ?? null, ...range(r), unit]);
  for (const a of e.totals.costPerTransaction) {
    const name = AS_NAMES[a.addressSpace] ?? a.addressSpace;
    const as: Cell[] = [null, a.addressSpace, "cpu-per-txn"];
    if (a.baseline) row("total", `total.cost.${a.addressSpace}.baseline`, `${name}: baseline`, a.baseline, "us", as);
    row("total", `total.cost.${a.addressSpace}.added`, `${name}: added`, a.added, "us", as);
    if (a.total) row("total", `total.cost.${a.addressSpace}`, `${name}: total`, a.total, "us", as);
  }
  if (e.totals.costPerTransaction.length) {
    row("total", "total.cost.added", "all address spaces: added", e.totals.added, "us", [null, null, "cpu-per-txn"]);
    if (e.totals.total)
      row("total", "total.cost", "all address spaces: total", e.totals.total, "us", [null, null, "cpu-per-txn"]);
  }
  const cpu = cpuLines(e);
  if (e.totals.cpuSecondsPerSecond && cpu) {
    row("cpu", "cpu.seconds-per-second", cpuHeading(e), cpu.engines, "CPU seconds per second");
    if (cpu.cf)
      row(
        "cpu",
        "cpu.coupling-facility",
        "coupling facility, on its own processors (not the LPAR's engines)",
        cpu.cf,
        "CPU seconds per second",
      );
    if (e.totals.backgroundCpuSecondsPerSecond.value > 0)
      row(
        "cpu",
        "cpu.background",
        "of which not per transaction (renegotiations, channel starts, SMF)",
        e.totals.backgroundCpuSecondsPerSecond,
        "CPU seconds per second",
      );
  }
  if (e.cpu.lparPct && e.cpu.cpus !== null) {
    row("cpu", "cpu.lpar", `share of the LPAR busy, ${e.cpu.cpus} CPs`, e.cpu.lparPct, "%");
    for (const a of e.cpu.byAddressSpace)
      if (a.lparPct)
        row(
          "cpu",
          `cpu.lpar.${a.addressSpace}`,
          `${AS_NAMES[a.addressSpace] ?? a.addressSpace}: share of the LPAR busy`,
          a.lparPct,
          "%",
          [null, a.addressSpace],
        );
  }
  for (const h of e.headroom)
    row(
      "headroom",
      h.id,
      `${h.label}: headroom at ${fmtRange(h.demand, h.unit)} (${h.demandFrom})${h.exceeded ? ", exceeded" : ""}`,
      h.headroomPct,
      "%",
    );
  const b = e.bottleneck;
  if (b)
    row(
      "bottleneck",
      b.id,
      b.headroomPct === null ? b.label : `${b.label}: headroom`,
      b.headroomPct === null ? b : { value: b.headroomPct, low: b.headroomPct, high: b.headroomPct },
      b.headroomPct === null ? b.unit : "%",
    );
  for (const w of e.warnings) records.push(["warning", null, w.concern, w.message]);
  for (const g of e.gaps) records.push(["gap", null, g.concern, g.message]);
  for (const n of e.needsBaseline) records.push(["gap", null, "baseline", n]);
  // Every record as wide as the header: a spreadsheet's columns line up.
  return rows(records.map((r) => [...r, ...Array<Cell>(ITEM_COLUMNS.length - r.length).fill(null)]));
}

export const DIFF_COLUMNS = [
  "key",
  "label",
  "kind",
  "unit",
  "before",
  "after",
  "delta",
  "percent",
  "status",
  "beforeLow",
  "beforeHigh",
  "afterLow",
  "afterHigh",
  "noise",
] as const;

/** One row per changed line of a diff; the ranges and the noise verdict after the columns it had. */
export function renderDiffCsv(d: Diff): string {
  return rows([
    [...DIFF_COLUMNS],
    ...d.lines.map((l) => [
      l.key,
      l.label,
      l.kind,
      l.unit,
      l.before,
      l.after,
      l.delta,
      l.percent,
      l.status,
      l.beforeLow,
      l.beforeHigh,
      l.afterLow,
      l.afterHigh,
      l.noise,
    ]),
  ]);
}

/**
 * A sweep as CSV: the varied inputs, then each output, then each output's low and high (appended, so
 * that a reader of the first columns keeps working).
 */
export function renderSweepCsv(r: import("../engine/sweep.js").SweepResult): string {
  const inputs = r.vary.map((v) => v.path);
  const bounds = r.metrics.flatMap((m) => [`${m} low`, `${m} high`]);
  const rows = [[...inputs, ...r.metrics, ...bounds].map(csvField).join(",")];
  for (const p of r.points)
    rows.push(
      [
        ...inputs.map((i) => p.inputs[i] ?? null),
        ...r.metrics.map((m) => p.outputs[m] ?? null),
        ...r.metrics.flatMap((m) => p.ranges[m] ?? [null, null]),
      ]
        .map((v) => csvField(typeof v === "boolean" ? String(v) : v))
        .join(","),
    );
  return rows.join("\r\n") + "\r\n";
}

/**
 * Several configs side by side: one row per output, one column per scenario (headed by its name), then
 * each scenario's low and high, then each later scenario's verdict against the first (beyond: the
 * ranges do not overlap; within: the noise), appended after the columns a reader had before.
 */
export function renderCompareCsv(r: CompareResult): string {
  const later = r.scenarios.slice(1);
  return rows([
    [
      "output",
      "unit",
      ...r.scenarios.map((s) => s.name),
      ...r.scenarios.flatMap((s) => [`${s.name} low`, `${s.name} high`]),
      ...later.map((s) => `${s.name} noise`),
    ],
    ...compareRows(r).map((row) => [
      row.output,
      row.unit || null,
      ...row.cells,
      ...row.cells.flatMap((_, k) => {
        const b = row.ranges?.[k];
        return b ? [b.low, b.high] : [null, null];
      }),
      ...later.map((_, k) => row.noise?.[k + 1] ?? null),
    ]),
  ]);
}
