// The sensitivity report: the inputs and source figures sorted by how far they move the answer, as a
// terminal table, Markdown, CSV, and a tornado chart (PNG/SVG through renderChart, HTML with Chart.js).
import {
  SENSITIVITY_OUTPUTS,
  type SensitivityOutput,
  type SensitivityResult,
  type SensitivityRow,
  type Swing,
} from "../engine/sensitivity.js";
import { visibleDeep } from "../util/visible-text.js";
import type { ChartSpec } from "./chart-spec.js";
import { csvField } from "./csv.js";
import { mdText } from "./markdown.js";
import { fmt, pad, wrap, WIDTH } from "./text.js";

const OUTPUT_NAMES: Record<SensitivityOutput, string> = {
  cost: "total cost",
  cpu: "CPU at the rate",
  headroom: "headroom",
  limit: "binding limit",
};

const KIND_NAMES: Record<SensitivityRow["kind"], string> = { input: "input", choice: "choice", figure: "source" };

/** The outputs the config has (a base value), in order. */
function present(r: SensitivityResult): SensitivityOutput[] {
  return SENSITIVITY_OUTPUTS.filter((o) => r.base[o] !== null);
}

/** What to measure first: the inputs and source figures (not choices, which are decisions) that swing most. */
export function measureFirst(r: SensitivityResult, n = 3): SensitivityRow[] {
  return r.rows.filter((row) => row.kind !== "choice" && row.swingPct > 0).slice(0, n);
}

function swingText(s: Swing | null, unit: string | null): string {
  if (!s || s.swing === 0) return "-";
  return `${fmt(s.low)}–${fmt(s.high)}${unit === "%" ? "%" : ""}`;
}

function pctText(n: number, points: boolean): string {
  return `${fmt(n)}${points ? " pts" : "%"}`;
}

function baseLine(r: SensitivityResult): string {
  const b = r.base;
  const parts: string[] = [];
  if (b.cost !== null) parts.push(`total cost ${fmt(b.cost, "us")} per transaction`);
  if (b.cpu !== null) parts.push(`CPU ${fmt(b.cpu)} CPU s/s`);
  if (b.binding !== null)
    parts.push(
      `binding limit ${b.binding}${b.limit !== null ? ` ${fmt(b.limit, r.units.limit ?? "")}` : ""}${b.headroom !== null ? ` (${fmt(b.headroom)}% headroom)` : ""}`,
    );
  return parts.length ? parts.join("; ") : "no total cost, CPU or limit";
}

function howLine(r: SensitivityResult): string {
  return `Numbers written as points move ${r.defaultSwing ? r.defaultSwing.text : "nowhere (no run-to-run figure in the models)"}; ranges you wrote move across themselves; choices across their options; source figures across their low..high. Swing: the largest of the outputs' swings, in % of the value as written (headroom in percentage points).`;
}

function header(r: SensitivityResult): string[] {
  return ["#", "kind", "input or source figure", "as written", "swing", ...present(r).map((o) => OUTPUT_NAMES[o])];
}

function units(r: SensitivityResult): string[] {
  return ["", "", "", "", "", ...present(r).map((o) => r.units[o] ?? "")];
}

function cells(r: SensitivityResult, row: SensitivityRow, k: number): string[] {
  return [
    String(k + 1),
    KIND_NAMES[row.kind],
    row.name,
    row.base,
    pctText(row.swingPct, false),
    ...present(r).map((o) => swingText(row.outputs[o], r.units[o])),
  ];
}

/** The header with each output's unit, as Markdown and HTML show it. */
export function sensitivityHeader(r: SensitivityResult): string[] {
  const u = units(r);
  return header(r).map((h, k) => (u[k] ? `${h} (${u[k]})` : h));
}

/** A row's cells: rank, kind, name, as written, swing, and each output's low–high. */
export function sensitivityCells(r: SensitivityResult, row: SensitivityRow, k: number): string[] {
  return cells(r, row, k);
}

/** What the reader needs under the table: the base, how ranges were chosen, values not tried, notes. */
export function sensitivityNotes(r: SensitivityResult): string[] {
  return [
    `As written: ${baseLine(r)}.`,
    howLine(r),
    ...r.rows
      .filter((row) => row.skipped.length)
      .map(
        (row) =>
          `${row.name}: ${row.skipped.map((s) => s.value).join(", ")} not tried, not valid in this config (${row.skipped[0]!.value}: ${row.skipped[0]!.reason}${row.skipped.length > 1 ? "; the JSON gives each reason" : ""})`,
      ),
    ...r.rows
      .filter((x) => x.binding.length)
      .map((row) => `${row.name}: the binding limit changes across its range (${row.binding.join(", ")})`),
    ...(r.figuresWithoutEffect.length
      ? [`Source figures with a range that move no output: ${r.figuresWithoutEffect.join(", ")}.`]
      : []),
    ...r.notes,
  ];
}

/** The terminal table. */
export function renderSensitivityTable(result: SensitivityResult): string {
  const r = visibleDeep(result);
  const out: string[] = [`Sensitivity: ${r.name ?? "unnamed config"}`];
  const first = measureFirst(r);
  if (first.length) out.push(...wrap(first.map((x) => x.name).join(", "), WIDTH, "Measure first: "));
  out.push("");
  const head = header(r);
  const unitRow = units(r);
  const rows = r.rows.map((row, k) => cells(r, row, k));
  // Long names (a model entry id, a channel path) are shown whole: columns as wide as their cells.
  const widths = head.map((h, k) => Math.max(h.length, unitRow[k]!.length, ...rows.map((c) => c[k]!.length)));
  const line = (c: string[]) =>
    c
      .map((x, k) => pad(x, widths[k]!, k === 0 || k >= 4))
      .join("  ")
      .trimEnd();
  out.push(line(head), line(unitRow), ...rows.map(line), "");
  for (const n of sensitivityNotes(r)) out.push(...wrap(n, WIDTH, ""));
  return out.join("\n") + "\n";
}

/** Markdown: the same table, for an issue or a change record. */
export function renderSensitivityMarkdown(r: SensitivityResult): string {
  const head = sensitivityHeader(r);
  const line = (c: string[]) => `| ${c.map(mdText).join(" | ")} |`;
  const first = measureFirst(r);
  return [
    `# Sensitivity: ${mdText(r.name ?? "unnamed config")}`,
    "",
    ...(first.length ? [`Measure first: ${first.map((x) => mdText(x.name)).join(", ")}.`, ""] : []),
    line(head),
    `| ${head.map((_, k) => (k === 0 || k >= 4 ? "---:" : "---")).join(" | ")} |`,
    ...r.rows.map((row, k) => line(cells(r, row, k))),
    "",
    ...sensitivityNotes(r).map((n) => `- ${mdText(n)}`),
    "",
  ].join("\n");
}

/** CSV: one row per input or figure, each output's low and high. */
export function renderSensitivityCsv(r: SensitivityResult): string {
  const head = [
    "rank",
    "kind",
    "name",
    "asWritten",
    "basis",
    "swingPct",
    ...SENSITIVITY_OUTPUTS.flatMap((o) => [`${o}Low`, `${o}High`, `${o}Unit`]),
  ];
  const recs = r.rows.map((row, k) => [
    k + 1,
    row.kind,
    row.name,
    row.base,
    row.basis,
    row.swingPct,
    ...SENSITIVITY_OUTPUTS.flatMap((o) => [row.outputs[o]?.low ?? null, row.outputs[o]?.high ?? null, r.units[o]]),
  ]);
  return [head, ...recs].map((c) => c.map(csvField).join(",") + "\r\n").join("");
}

/** The output a tornado draws: the first the config has, of total cost, CPU, headroom, limit. */
export function tornadoOutput(r: SensitivityResult): SensitivityOutput | null {
  return present(r)[0] ?? null;
}

/** Rows a tornado draws at most: the ones to act on, legible at 900 by 500 pixels. */
export const TORNADO_ROWS = 15;

/**
 * The tornado chart: for each row that moves the drawn output, a bar from the value as written to the
 * output at each end of the row's range, in % of the value as written (headroom in points), the widest
 * at the top.
 */
export function tornadoChart(r: SensitivityResult): ChartSpec {
  const o = tornadoOutput(r);
  const name = r.name ?? "unnamed config";
  if (o === null)
    return {
      kind: "tornado",
      title: `Sensitivity: ${name}`,
      xLabel: "no output to swing",
      yLabel: "input or source figure",
      labels: [],
      datasets: [],
    };
  const base = r.base[o]!;
  const points = o === "headroom";
  const rel = (v: number) => (points ? v - base : base === 0 ? 0 : ((v - base) / Math.abs(base)) * 100);
  const rows = r.rows
    .filter((row) => (row.outputs[o]?.swing ?? 0) > 0)
    .sort((a, b) => b.outputs[o]!.swing - a.outputs[o]!.swing || (a.name < b.name ? -1 : 1))
    .slice(0, TORNADO_ROWS);
  const unit = r.units[o] ?? "";
  return {
    kind: "tornado",
    title: `Sensitivity of the ${OUTPUT_NAMES[o]}: ${name}`,
    subtitle: `as written: ${fmt(base)} ${unit}; bars run from it to the lowest and the highest value across each row's range`,
    xLabel: points
      ? `change in headroom (percentage points)`
      : `change in the ${OUTPUT_NAMES[o]} (% of the value as written)`,
    yLabel: "input or source figure",
    labels: rows.map((row) => `${row.name} (${row.kind === "figure" ? "source" : row.base})`),
    datasets: [
      { label: "its lowest across the range", data: [], floating: rows.map((row) => [0, rel(row.outputs[o]!.low)]) },
      { label: "its highest across the range", data: [], floating: rows.map((row) => [0, rel(row.outputs[o]!.high)]) },
    ],
  };
}
