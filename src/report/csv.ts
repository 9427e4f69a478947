// CSV output for spreadsheets: one row per line item (or per changed line of a diff), RFC 4180.
import { compareRows, type CompareResult } from "../engine/compare.js";
import type { Diff } from "../engine/diff.js";
import type { Estimate } from "../engine/engine.js";
import { roundNumber } from "./json.js";
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

/** One row per line item; citations as "seed 000 lines 336-347 [entry id]", joined with "; ". */
export function renderCsv(e: Estimate): string {
  return rows([
    [...ITEM_COLUMNS],
    ...e.items.map((i) => [
      i.id,
      i.concern,
      i.label,
      i.addressSpace,
      i.metric,
      i.value,
      i.low ?? i.value,
      i.high ?? i.value,
      i.unit,
      i.confidence,
      i.citations.map((c) => `seed ${c.source} lines ${c.lines} [${c.id}]`).join("; "),
    ]),
  ]);
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

/** A sweep as CSV: the varied inputs, then each output. */
export function renderSweepCsv(r: import("../engine/sweep.js").SweepResult): string {
  const inputs = r.vary.map((v) => v.path);
  const rows = [[...inputs, ...r.metrics].map(csvField).join(",")];
  for (const p of r.points)
    rows.push(
      [...inputs.map((i) => p.inputs[i] ?? null), ...r.metrics.map((m) => p.outputs[m] ?? null)]
        .map((v) => csvField(typeof v === "boolean" ? String(v) : v))
        .join(","),
    );
  return rows.join("\r\n") + "\r\n";
}

/** Several configs side by side: one row per output, one column per scenario (headed by its name). */
export function renderCompareCsv(r: CompareResult): string {
  return rows([
    ["output", "unit", ...r.scenarios.map((s) => s.name)],
    ...compareRows(r).map((row) => [row.output, row.unit || null, ...row.cells]),
  ]);
}
