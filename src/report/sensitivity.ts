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
import { LABEL_WIDTH, wrapLabel, type ChartSpec } from "./chart-spec.js";
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

/** What to measure first: the uncertainties (source figures, measured or estimated inputs) that swing most. */
export function measureFirst(r: SensitivityResult, n = 3): SensitivityRow[] {
  return r.uncertainties.filter((row) => row.swingPct > 0).slice(0, n);
}

/** Every row, uncertainties first, each part in its order. */
export function allRows(r: SensitivityResult): SensitivityRow[] {
  return [...r.uncertainties, ...r.decisions];
}

/** The two parts as a report shows them: heading, what the part is, its rows. */
export function sensitivityParts(r: SensitivityResult): { heading: string; about: string; rows: SensitivityRow[] }[] {
  return [
    {
      heading: "Uncertainties: measure these first",
      about:
        "Source figures across their low..high, and the numbers you measured or estimated across their range (the range you wrote, else +/-6%), by swing.",
      rows: r.uncertainties,
    },
    {
      heading: "Decisions: what-ifs",
      about:
        "Planning choices (CPUs, target busy, rate, release, machine, policy, cipher, channel settings) across their options: what each would change, not something to measure.",
      rows: r.decisions,
    },
  ];
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

/** The swing cell: "0%" marked where a note below says why, "n/a" where every alternative lacks data. */
function swingCell(row: SensitivityRow): string {
  if (row.why !== null) return row.missingData.length && row.tried.length === row.missingData.length ? "n/a" : "0% *";
  return `${pctText(row.swingPct, false)}${row.missingData.length ? " *" : ""}`;
}

function cells(r: SensitivityResult, row: SensitivityRow, k: number): string[] {
  return [
    String(k + 1),
    KIND_NAMES[row.kind],
    row.name,
    row.base,
    swingCell(row),
    ...present(r).map((o) => swingText(row.outputs[o], r.units[o])),
  ];
}

/** The header with each output's unit, as Markdown and HTML show it. */
export function sensitivityHeader(r: SensitivityResult): string[] {
  const u = units(r);
  return header(r).map((h, k) => (u[k] ? `${h} (${u[k]})` : h));
}

/** A row's cells: rank in its part, kind, name, as written, swing, and each output's low–high. */
export function sensitivityCells(r: SensitivityResult, row: SensitivityRow, k: number): string[] {
  return cells(r, row, k);
}

/** The notes a part's rows need (the "*" of the swing column): why a row swings nothing, data missing. */
export function rowNotes(rows: readonly SensitivityRow[]): string[] {
  const out: string[] = [];
  rows.forEach((row, k) => {
    if (row.missingData.length)
      out.push(
        `${k + 1} ${row.name}: ${row.missingData.map((m) => m.value).join(", ")} not counted in the swing: the sources lack data there or as written (${row.missingData[0]!.gaps[0]}${row.missingData.length > 1 || row.missingData[0]!.gaps.length > 1 ? "; the JSON gives each" : ""})`,
      );
    if (row.why !== null && !(row.missingData.length && row.tried.length === row.missingData.length))
      out.push(`${k + 1} ${row.name}: swings nothing: ${row.why}`);
  });
  return out;
}

/** What the reader needs under the tables: the base, how ranges were chosen, values not tried, notes. */
export function sensitivityNotes(r: SensitivityResult): string[] {
  const rows = allRows(r);
  return [
    `As written: ${baseLine(r)}.`,
    howLine(r),
    ...(r.exact.length ? [`Marked exact in the config (not moved): ${r.exact.join(", ")}.`] : []),
    ...rows
      .filter((row) => row.skipped.length)
      .map(
        (row) =>
          `${row.name}: ${row.skipped.map((s) => s.value).join(", ")} not tried, not valid in this config (${row.skipped[0]!.value}: ${row.skipped[0]!.reason}${row.skipped.length > 1 ? "; the JSON gives each reason" : ""})`,
      ),
    ...rows
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
  out.push(
    ...wrap(
      first.length ? first.map((x) => x.name).join(", ") : "nothing uncertain moves an output",
      WIDTH,
      "Measure first: ",
    ),
  );
  const head = header(r);
  const unitRow = units(r);
  const parts = sensitivityParts(r).map((p) => ({ ...p, cells: p.rows.map((row, k) => cells(r, row, k)) }));
  // Long names (a model entry id, a channel path) are shown whole: columns as wide as their cells, one
  // width for both parts so they read as one table.
  const all = parts.flatMap((p) => p.cells);
  const widths = head.map((h, k) => Math.max(h.length, unitRow[k]!.length, ...all.map((c) => c[k]!.length)));
  const line = (c: string[]) =>
    c
      .map((x, k) => pad(x, widths[k]!, k === 0 || k >= 4))
      .join("  ")
      .trimEnd();
  for (const p of parts) {
    out.push("", `${p.heading} (${p.rows.length})`, ...wrap(p.about, WIDTH, ""));
    if (p.rows.length === 0) continue;
    out.push(line(head), line(unitRow), ...p.cells.map(line));
    for (const n of rowNotes(p.rows)) out.push(...wrap(n, WIDTH, "  * "));
  }
  out.push("");
  for (const n of sensitivityNotes(r)) out.push(...wrap(n, WIDTH, ""));
  return out.join("\n") + "\n";
}

/** Markdown: the same tables, for an issue or a change record. */
export function renderSensitivityMarkdown(r: SensitivityResult): string {
  const head = sensitivityHeader(r);
  const line = (c: string[]) => `| ${c.map(mdText).join(" | ")} |`;
  const first = measureFirst(r);
  const out = [`# Sensitivity: ${mdText(r.name ?? "unnamed config")}`, ""];
  if (first.length) out.push(`Measure first: ${first.map((x) => mdText(x.name)).join(", ")}.`, "");
  for (const p of sensitivityParts(r)) {
    out.push(`## ${p.heading}`, "", mdText(p.about), "");
    if (p.rows.length) {
      out.push(
        line(head),
        `| ${head.map((_, k) => (k === 0 || k >= 4 ? "---:" : "---")).join(" | ")} |`,
        ...p.rows.map((row, k) => line(cells(r, row, k))),
        "",
      );
      const notes = rowNotes(p.rows);
      if (notes.length) out.push(...notes.map((n) => `- \\* ${mdText(n)}`), "");
    }
  }
  out.push(...sensitivityNotes(r).map((n) => `- ${mdText(n)}`), "");
  return out.join("\n");
}

/** CSV: one row per input or figure, its part, each output's low and high, why it swings nothing. */
export function renderSensitivityCsv(r: SensitivityResult): string {
  const head = [
    "part",
    "rank",
    "kind",
    "name",
    "asWritten",
    "basis",
    "swingPct",
    ...SENSITIVITY_OUTPUTS.flatMap((o) => [`${o}Low`, `${o}High`, `${o}Unit`]),
    "missingData",
    "why",
  ];
  const recs = sensitivityParts(r).flatMap((p) =>
    p.rows.map((row, k) => [
      row.role,
      k + 1,
      row.kind,
      row.name,
      row.base,
      row.basis,
      row.swingPct,
      ...SENSITIVITY_OUTPUTS.flatMap((o) => [row.outputs[o]?.low ?? null, row.outputs[o]?.high ?? null, r.units[o]]),
      row.missingData.map((m) => m.value).join(" ") || null,
      row.why,
    ]),
  );
  return [head, ...recs].map((c) => c.map(csvField).join(",") + "\r\n").join("");
}

/** The output a tornado draws: the first the config has, of total cost, CPU, headroom, limit. */
export function tornadoOutput(r: SensitivityResult): SensitivityOutput | null {
  return present(r)[0] ?? null;
}

/** Rows a tornado draws at most: the uncertainties to act on; the chart grows to keep each legible. */
export const TORNADO_ROWS = 30;

/** Pixels a line of a row's label needs (12 px text, Chart.js's 1.2 line height, and a gap), and the
 * rest of the chart (title, subtitle, x axis and legend). */
const LINE_PX = 17;
const FRAME_PX = 190;

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
  const rows = r.uncertainties
    .filter((row) => (row.outputs[o]?.swing ?? 0) > 0)
    .sort((a, b) => b.outputs[o]!.swing - a.outputs[o]!.swing || (a.name < b.name ? -1 : 1))
    .slice(0, TORNADO_ROWS);
  const unit = r.units[o] ?? "";
  const labels = rows.map((row) => `${row.name} (${row.kind === "figure" ? "source" : row.base})`);
  // Rows are spaced evenly: tall enough that the label of most lines (wrapped as chartJsConfig wraps
  // it) has its room, and a line to spare between rows.
  let lines = 1;
  for (const l of labels) lines = Math.max(lines, [wrapLabel(l, LABEL_WIDTH)].flat().length);
  return {
    kind: "tornado",
    title: `Sensitivity of the ${OUTPUT_NAMES[o]} to what is uncertain: ${name}`,
    height: Math.max(500, FRAME_PX + rows.length * LINE_PX * (lines + 1)),
    subtitle: `as written: ${fmt(base)} ${unit}; bars run from it to the lowest and the highest value across each row's range`,
    xLabel: points
      ? `change in headroom (percentage points)`
      : `change in the ${OUTPUT_NAMES[o]} (% of the value as written)`,
    yLabel: "source figure or measured input",
    labels,
    datasets: [
      { label: "its lowest across the range", data: [], floating: rows.map((row) => [0, rel(row.outputs[o]!.low)]) },
      { label: "its highest across the range", data: [], floating: rows.map((row) => [0, rel(row.outputs[o]!.high)]) },
    ],
  };
}
