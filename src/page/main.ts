// The live page: a CodeMirror editor on the left, the estimate on the right, updated as the user types.
// Everything runs here, offline, on the same core as the CLI (src/page/core.ts).
//
// Start-up is ordered for the first estimate: this script's first run estimates the config and writes
// the results, with the config's text shown plain where the editor will be, and the browser paints
// that. Then, each in a task of its own, the editors' script (editors.ts, CodeMirror) is run and builds
// the editor over the text, and Chart.js is run and draws the chart: both scripts are inert in the
// file until then, and run from here, allowed by the page's policy by their hashes.
import { scriptStart } from "./boot.js"; // first: it notes the start and sets zod up before any schema
import rangesPlugin from "mqzcap:chart-ranges";
import type { Estimate } from "../engine/engine.js";
import type { RangedLineItem } from "../engine/types.js";
import { chartJsConfig, estimateChart, type ChartJsConfig } from "../report/chart-spec.js";
import {
  esc,
  gapsSection,
  limitsSection,
  renderHtml,
  summary,
  totalsSection,
  warningsSection,
} from "../report/html.js";
import { explain } from "../report/table.js";
import { fmtRange, style } from "../report/text.js";
import { sweepResultChart } from "../report/sweep-chart.js";
import type { Diagnostic } from "../util/diagnostic.js";
import { diffTexts, estimateText, sweepText, type TextEstimate } from "./core.js";
import type { EditorHost, Editors } from "./editor-host.js";
import type { SchemaNode } from "./schema-help.js";
import { decodeFragment, encodeFragment } from "./share.js";
import type { Timings } from "./timings.js";

interface PageData {
  version: string;
  schema: SchemaNode;
  examples: { name: string; text: string }[];
}

// Chart.js, run from its own <script> once the first estimate is painted (its text, in an inert
// element until then, is also what a downloaded HTML report inlines).
interface ChartInstance {
  data: unknown;
  options: unknown;
  update(mode?: string): void;
  destroy(): void;
}
type PageChartConfig = ChartJsConfig & { plugins: { id: string }[] };
declare const Chart: new (canvas: HTMLCanvasElement, config: PageChartConfig) => ChartInstance;

/** What the bench and the browser test read: the page's own timings (performance.now), in ms. */
const timings: Timings = {
  scriptStart,
  first: null,
  painted: null,
  editor: null,
  chart: null,
  estimates: [],
  charts: [],
};
(window as unknown as { mqzcapTimings: Timings }).mqzcapTimings = timings;
// The page's engine, for the browser test (the JSON must be the CLI's, byte for byte) and for tools.
(window as unknown as { mqzcapEngine: unknown }).mqzcapEngine = {
  estimateJson: (text: string) => {
    const r = estimateText(text);
    return r.ok ? r.json : null;
  },
  text: () => editors().text(),
};

const data = JSON.parse(document.getElementById("mqzcap-data")!.textContent!) as PageData;
const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

// ---------------------------------------------------------------------------------------------
// Results

let last: Extract<TextEstimate, { ok: true }> | undefined;
let chart: ChartInstance | undefined;
let chartJsLoaded = false;

function storageSection(e: Estimate): string {
  if (!e.storage.length) return "";
  const rows = e.storage
    .map((i) => `<tr><td>${esc(i.label)}</td><td class="num">${esc(fmtRange(i, i.unit))}</td></tr>`)
    .join("");
  return `<h2>Storage</h2><table><tbody>${rows}</tbody></table>`;
}

function itemsList(e: Estimate): string {
  if (!e.items.length) return "";
  const rows = e.items
    .map(
      (i, k) =>
        `<tr class="item" data-k="${k}" tabindex="0"><td>${esc(i.label)}</td><td class="num">${esc(fmtRange(i, i.unit))}</td><td class="muted">${esc(i.confidence)}</td></tr>`,
    )
    .join("");
  return `<h2>Line items <span class="muted">(click one for its working and sources)</span></h2><table class="items"><tbody>${rows}</tbody></table>`;
}

/** Opens a line item's --explain working in a row under it (a second click closes it). */
function toggleExplain(row: HTMLElement, i: RangedLineItem): void {
  const open = row.nextElementSibling?.classList.contains("explain-row");
  for (const r of Array.from(document.querySelectorAll(".explain-row"))) r.remove();
  if (open) return;
  const text = explain(i, style(false))
    .map((l) => l.trimStart())
    .join("\n");
  row.insertAdjacentHTML(
    "afterend",
    `<tr class="explain-row"><td colspan="3"><div class="explain"><span class="muted">${esc(i.id)}</span><pre>${esc(text)}</pre></div></td></tr>`,
  );
}

/** Runs a script kept inert in the page (type text/plain) until the first estimate has been painted. */
function runInert(id: string): void {
  const script = document.createElement("script");
  // The policy allows it by its hash, as it would in place; an inline script runs on insertion.
  script.textContent = $(id).textContent;
  document.head.append(script);
}

function loadChartJs(): void {
  if (chartJsLoaded) return;
  runInert("mqzcap-chartjs");
  chartJsLoaded = true;
}

let editorsLoaded: Editors | undefined;
/** The editors, their script run on first use (after the first paint, or when a control needs them). */
function editors(): Editors {
  if (!editorsLoaded) {
    const host: EditorHost = {
      schema: data.schema,
      firstText,
      lint: (text) => {
        const r = estimateNow(text);
        return r.ok ? [] : r.diagnostics;
      },
      ready: (e) => (editorsLoaded = e),
    };
    (window as unknown as { mqzcapEditorHost: EditorHost }).mqzcapEditorHost = host;
    runInert("mqzcap-editors");
    if (!editorsLoaded) throw new Error("the editors' script did not start");
    timings.editor = performance.now();
  }
  return editorsLoaded;
}

// Marks a chart's canvas data-drawn once Chart.js has rendered it (as the HTML report does), for tests.
const drawnMarker = {
  id: "mqzcapDrawn",
  afterRender: (c: { canvas: HTMLCanvasElement }) => c.canvas.setAttribute("data-drawn", "true"),
};

/** A chart configuration as the page draws it: sized by its box, with the ranges (error bars, bands). */
function pageChartConfig(config: ChartJsConfig): PageChartConfig {
  config.options.responsive = true;
  config.options.maintainAspectRatio = false;
  delete config.options.devicePixelRatio;
  return { ...config, plugins: [rangesPlugin, drawnMarker] };
}

function drawChart(e: Estimate): void {
  if (!chartJsLoaded) return; // the first chart is drawn after the first paint (firstChart)
  const config = pageChartConfig(chartJsConfig(estimateChart(e)));
  if (chart) {
    chart.data = config.data;
    chart.options = config.options;
    chart.update("none");
  } else chart = new Chart($<HTMLCanvasElement>("chart"), config);
}

/** Runs fn after the browser has painted the current frame (a task queued from the frame's callback). */
function afterPaint(fn: () => void): void {
  requestAnimationFrame(() => setTimeout(fn, 0));
}

/** Loads Chart.js and draws the chart of the latest estimate; noted in timings.chart. */
function firstChart(): void {
  loadChartJs();
  if (last) {
    const c0 = performance.now();
    drawChart(last.estimate);
    timings.charts.push(performance.now() - c0);
  }
  timings.chart = performance.now();
}

interface ElementTiming extends PerformanceEntry {
  identifier: string;
  renderTime: number;
}

// Whether the browser reports when it painted an element (Chromium does; others: the frame's end instead).
const elementTiming = PerformanceObserver.supportedEntryTypes?.includes("element") ?? false;

/** Notes when the first estimate was painted: the status line carries elementtiming="first-estimate". */
function watchFirstPaint(): void {
  if (!elementTiming) return;
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries() as ElementTiming[])
      if (e.identifier === "first-estimate" && timings.painted === null) {
        timings.painted = e.renderTime || e.startTime;
        observer.disconnect();
      }
  });
  observer.observe({ type: "element", buffered: true });
}
watchFirstPaint();

function showResult(r: TextEstimate): void {
  const status = $("status");
  if (!r.ok) {
    status.className = "status bad";
    status.textContent = `${r.diagnostics.length} problem(s) in the config: the estimate below is for the last config that read cleanly.`;
    return;
  }
  last = r;
  const e = r.estimate;
  status.className = "status ok";
  status.textContent = `${e.name ?? "config"}: ${summary(e)}`;
  $("results").innerHTML = [
    totalsSection(e),
    limitsSection(e),
    storageSection(e),
    itemsList(e),
    warningsSection(e),
    gapsSection(e),
  ].join("\n");
}

function onItem(ev: Event): void {
  if (ev instanceof KeyboardEvent && ev.key !== "Enter") return;
  const row = (ev.target as HTMLElement).closest<HTMLElement>("tr.item");
  const item = row && last?.estimate.items[Number(row.dataset.k)];
  if (row && item) toggleExplain(row, item);
}
$("results").addEventListener("click", onItem);
$("results").addEventListener("keydown", onItem);

let estimated: { text: string; result: TextEstimate } | undefined;

/** Estimates the text now, shows the result, and records the time it took (the same text: not again). */
function estimateNow(text: string): TextEstimate {
  // The linter's first run, 120 ms after the editor is built, asks for the text just estimated.
  if (estimated?.text === text) return estimated.result;
  const t0 = performance.now();
  const r = estimateText(text);
  showResult(r);
  const ms = performance.now() - t0;
  timings.estimates.push(ms);
  if (r.ok && chartJsLoaded) {
    const c0 = performance.now();
    drawChart(r.estimate);
    timings.charts.push(performance.now() - c0);
  }
  estimated = { text, result: r };
  $("timing").textContent = `estimated in ${ms.toFixed(1)} ms`;
  if (timings.first === null) {
    timings.first = performance.now();
    afterPaint(() => {
      if (!elementTiming) timings.painted = performance.now();
      editors();
      setTimeout(firstChart, 0);
    });
  }
  return r;
}

// ---------------------------------------------------------------------------------------------
// Examples, sharing, downloads

const picker = $<HTMLSelectElement>("example");
for (const ex of data.examples) {
  const o = document.createElement("option");
  o.value = ex.name;
  o.textContent = ex.name;
  picker.append(o);
}
picker.addEventListener("change", () => {
  const ex = data.examples.find((x) => x.name === picker.value);
  if (ex) editors().setText(ex.text);
});

function download(name: string, text: string, type: string): void {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([text], { type }));
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

const baseName = () => (last?.estimate.name ?? "config").replace(/[^\w.-]+/g, "-").slice(0, 60) || "config";
$("download-config").addEventListener("click", () => download(`${baseName()}.yaml`, editors().text(), "text/yaml"));
$("download-json").addEventListener("click", () => {
  if (last) download(`${baseName()}.json`, last.json, "application/json");
});
$("download-html").addEventListener("click", () => {
  if (last) download(`${baseName()}.html`, renderHtml(last.estimate), "text/html");
});
$("share").addEventListener("click", () => {
  void encodeFragment(editors().text()).then((fragment) => {
    window.history.replaceState(null, "", `#${fragment}`);
    const field = $<HTMLInputElement>("share-url");
    field.value = location.href;
    field.hidden = false;
    field.select();
    void navigator.clipboard?.writeText(location.href).catch(() => undefined);
  });
});

// ---------------------------------------------------------------------------------------------
// Second tab: diff of two configs, sweep over one field

// The config the page started with: the editors' first text (both).
let firstText = "";

let sweepChartInstance: ChartInstance | undefined;

function problems(ds: Diagnostic[]): string {
  return ds
    .map((d) => `${d.file}:${d.line ?? 1}:${d.col ?? 1}: ${d.message}${d.suggestion ? ` (hint: ${d.suggestion})` : ""}`)
    .join("\n");
}

$("run-diff").addEventListener("click", () => {
  const r = diffTexts(editors().text(), editors().afterText());
  $("diff-out").textContent = r.ok ? r.result.table : problems(r.diagnostics);
});
$("copy-to-after").addEventListener("click", () => editors().setAfterText(editors().text()));
$("run-sweep").addEventListener("click", () => {
  const r = sweepText(editors().text(), $<HTMLInputElement>("vary").value);
  $("sweep-out").textContent = r.ok ? r.table : problems(r.diagnostics);
  sweepChartInstance?.destroy();
  sweepChartInstance = undefined;
  $("sweep-chart").removeAttribute("data-drawn");
  if (r.ok) {
    loadChartJs();
    const spec = sweepResultChart(r.result);
    // One panel per unit: the figure as tall as the panels need (the chart is responsive to it).
    const figure = $("sweep-chart").parentElement;
    if (figure) figure.style.height = spec.height ? `${spec.height}px` : "";
    sweepChartInstance = new Chart($<HTMLCanvasElement>("sweep-chart"), pageChartConfig(chartJsConfig(spec)));
  }
});

for (const tab of Array.from(document.querySelectorAll<HTMLButtonElement>("[data-tab]"))) {
  tab.addEventListener("click", () => {
    for (const t of Array.from(document.querySelectorAll<HTMLButtonElement>("[data-tab]")))
      t.setAttribute("aria-selected", String(t === tab));
    for (const panel of Array.from(document.querySelectorAll<HTMLElement>(".panel")))
      panel.hidden = panel.id !== tab.dataset.tab;
    if (tab.dataset.tab === "compare-panel") editors().showAfter();
  });
}

// ---------------------------------------------------------------------------------------------
// Start: the shared config in the fragment, or the quickstart example

function start(shared: string | undefined): void {
  const first = data.examples.find((x) => x.name === "quickstart.yaml") ?? data.examples[0]!;
  if (shared === undefined) picker.value = first.name;
  firstText = shared ?? first.text;
  // Plain until the editor is built over it, after the first paint.
  const plain = document.createElement("pre");
  plain.className = "plain-config";
  plain.textContent = firstText;
  $("editor").append(plain);
  estimateNow(firstText);
  $("version").textContent = `mqzcap ${data.version}`;
}
// Without a fragment, at once (in this first run of the script, so the first frame shows the estimate).
if (location.hash) void decodeFragment(location.hash).then(start);
else start(undefined);
