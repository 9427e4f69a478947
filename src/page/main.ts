// The live page: a CodeMirror editor on the left, the estimate on the right, updated as the user types.
// Everything runs here, offline, on the same core as the CLI (src/page/core.ts).
//
// Start-up is ordered for the first estimate: the script's first run estimates the config and writes the
// results, with the config's text shown plain where the editor will be, and the browser paints that.
// Then, each in a task of its own, the editor is built over the text, and Chart.js (210 KB of script)
// is run and the chart drawn; the second tab's editor is built when the tab is first opened.
import { scriptStart } from "./boot.js"; // first: it notes the start and sets zod up before any schema
import {
  autocompletion,
  type Completion,
  type CompletionContext,
  type CompletionResult,
} from "@codemirror/autocomplete";
import { defaultKeymap, history, historyKeymap, indentWithTab } from "@codemirror/commands";
import { yaml } from "@codemirror/lang-yaml";
import { defaultHighlightStyle, syntaxHighlighting } from "@codemirror/language";
import { linter, lintGutter, type Diagnostic as CmDiagnostic } from "@codemirror/lint";
import { EditorState, type Text } from "@codemirror/state";
import { EditorView, hoverTooltip, keymap, lineNumbers, type Tooltip } from "@codemirror/view";
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
import { describe, keyAt, keyOfValue, nodeAt, pathAt, propertiesOf, valuesOf, type SchemaNode } from "./schema-help.js";
import { decodeFragment, encodeFragment } from "./share.js";

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
interface Timings {
  /** When the page's script began: its first module ran (boot.ts), before any library's setup. */
  scriptStart: number;
  /** When the first estimate's results had been written into the page (not yet painted). */
  first: number | null;
  /** When the browser painted them: the status line's Element Timing render time (else the next frame). */
  painted: number | null;
  /** When the editor had been built (after the first paint). */
  editor: number | null;
  /** When the first chart had been drawn (Chart.js compiled and run after the first paint). */
  chart: number | null;
  /** Each estimate's time: parse, validate, estimate and show the results (not the chart). */
  estimates: number[];
  /** Each chart update's time. */
  charts: number[];
}
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
  text: () => editor().state.doc.toString(),
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

/** Runs Chart.js's script, kept inert in the page until the first estimate has been painted. */
function loadChartJs(): void {
  if (chartJsLoaded) return;
  const script = document.createElement("script");
  // The policy allows it by its hash, as it would in place; an inline script runs on insertion.
  script.textContent = $("mqzcap-chartjs").textContent;
  document.head.append(script);
  chartJsLoaded = true;
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

// ---------------------------------------------------------------------------------------------
// Editor: the tool's diagnostics as lint marks, completion and hover from the JSON Schema

function toCm(doc: Text, d: Diagnostic): CmDiagnostic {
  const line = doc.line(Math.min(Math.max(d.line ?? 1, 1), doc.lines));
  const from = Math.min(line.from + Math.max((d.col ?? 1) - 1, 0), line.to);
  // Mark from the column to the end of the word there (or the line's end), as an editor would.
  const rest = doc.sliceString(from, line.to);
  const word = /^[^\s,:{}[\]]+/.exec(rest);
  const to = word ? from + word[0].length : line.to;
  return {
    from,
    to: Math.max(to, from),
    severity: d.severity,
    message: d.suggestion ? `${d.message} (hint: ${d.suggestion})` : d.message,
    source: "mqzcap",
  };
}

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
      editor();
      setTimeout(firstChart, 0);
    });
  }
  return r;
}

const configLinter = linter(
  (view) => {
    const r = estimateNow(view.state.doc.toString());
    return r.ok ? [] : r.diagnostics.map((d) => toCm(view.state.doc, d));
  },
  { delay: 120 },
);

function completions(ctx: CompletionContext): CompletionResult | null {
  const line = ctx.state.doc.lineAt(ctx.pos);
  const col = ctx.pos - line.from;
  const lines = ctx.state.doc.toString().split("\n");
  const before = line.text.slice(0, col);
  const word = ctx.matchBefore(/[\w$.-]*/);
  if (!word || (word.from === word.to && !ctx.explicit)) return null;
  // In a value (after "key:" in the current flow segment or block line) offer the key's values.
  const valueOf = keyOfValue(before);
  const path = pathAt(lines, line.number - 1, col);
  if (valueOf) {
    const node = nodeAt(data.schema, [...path, valueOf]);
    const values = node ? valuesOf(node) : [];
    if (!values.length) return null;
    return { from: word.from, options: values.map((v) => ({ label: v, type: "enum" })) };
  }
  const node = nodeAt(data.schema, path);
  if (!node) return null;
  const options: Completion[] = propertiesOf(node).map(([k, v]) => ({
    label: k,
    type: "property",
    detail: Array.isArray(v.type) ? v.type.join(" | ") : (v.type ?? ""),
    info: describe(v),
    apply: `${k}: `,
  }));
  return { from: word.from, options };
}

const schemaHover = hoverTooltip((view, pos): Tooltip | null => {
  const line = view.state.doc.lineAt(pos);
  const hit = keyAt(line.text, pos - line.from);
  if (!hit) return null;
  const path = pathAt(view.state.doc.toString().split("\n"), line.number - 1, hit.from);
  const node = nodeAt(data.schema, [...path, hit.key]);
  const text = node && describe(node);
  if (!text) return null;
  return {
    pos: line.from + hit.from,
    end: line.from + hit.to,
    above: true,
    create: () => {
      const dom = document.createElement("div");
      dom.className = "cm-schema-hover";
      dom.textContent = `${[...path, hit.key].join(".")}: ${text}`;
      return { dom };
    },
  };
});

let editorView: EditorView | undefined;
/** The editor, built on first use over the plain text the first paint showed (start). */
function editor(): EditorView {
  if (editorView) return editorView;
  const parent = $("editor");
  parent.textContent = ""; // the plain text
  editorView = new EditorView({
    parent,
    state: EditorState.create({
      doc: firstText,
      extensions: [
        lineNumbers(),
        history(),
        keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
        yaml(),
        syntaxHighlighting(defaultHighlightStyle),
        lintGutter(),
        configLinter,
        autocompletion({ override: [completions] }),
        schemaHover,
        EditorView.lineWrapping,
      ],
    }),
  });
  timings.editor = performance.now();
  return editorView;
}

function setText(view: EditorView, text: string): void {
  view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
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
  if (ex) setText(editor(), ex.text);
});

function download(name: string, text: string, type: string): void {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([text], { type }));
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

const baseName = () => (last?.estimate.name ?? "config").replace(/[^\w.-]+/g, "-").slice(0, 60) || "config";
$("download-config").addEventListener("click", () =>
  download(`${baseName()}.yaml`, editor().state.doc.toString(), "text/yaml"),
);
$("download-json").addEventListener("click", () => {
  if (last) download(`${baseName()}.json`, last.json, "application/json");
});
$("download-html").addEventListener("click", () => {
  if (last) download(`${baseName()}.html`, renderHtml(last.estimate), "text/html");
});
$("share").addEventListener("click", () => {
  void encodeFragment(editor().state.doc.toString()).then((fragment) => {
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

// Built when first needed, holding the config the page started with.
let firstText = "";
let afterView: EditorView | undefined;
function after(): EditorView {
  afterView ??= new EditorView({
    parent: $("after-editor"),
    state: EditorState.create({
      doc: firstText,
      extensions: [
        lineNumbers(),
        history(),
        keymap.of([...defaultKeymap, ...historyKeymap]),
        yaml(),
        syntaxHighlighting(defaultHighlightStyle),
      ],
    }),
  });
  return afterView;
}

let sweepChartInstance: ChartInstance | undefined;

function problems(ds: Diagnostic[]): string {
  return ds
    .map((d) => `${d.file}:${d.line ?? 1}:${d.col ?? 1}: ${d.message}${d.suggestion ? ` (hint: ${d.suggestion})` : ""}`)
    .join("\n");
}

$("run-diff").addEventListener("click", () => {
  const r = diffTexts(editor().state.doc.toString(), after().state.doc.toString());
  $("diff-out").textContent = r.ok ? r.result.table : problems(r.diagnostics);
});
$("copy-to-after").addEventListener("click", () => setText(after(), editor().state.doc.toString()));
$("run-sweep").addEventListener("click", () => {
  const r = sweepText(editor().state.doc.toString(), $<HTMLInputElement>("vary").value);
  $("sweep-out").textContent = r.ok ? r.table : problems(r.diagnostics);
  sweepChartInstance?.destroy();
  sweepChartInstance = undefined;
  $("sweep-chart").removeAttribute("data-drawn");
  if (r.ok) {
    loadChartJs();
    sweepChartInstance = new Chart(
      $<HTMLCanvasElement>("sweep-chart"),
      pageChartConfig(chartJsConfig(sweepResultChart(r.result))),
    );
  }
});

for (const tab of Array.from(document.querySelectorAll<HTMLButtonElement>("[data-tab]"))) {
  tab.addEventListener("click", () => {
    for (const t of Array.from(document.querySelectorAll<HTMLButtonElement>("[data-tab]")))
      t.setAttribute("aria-selected", String(t === tab));
    for (const panel of Array.from(document.querySelectorAll<HTMLElement>(".panel")))
      panel.hidden = panel.id !== tab.dataset.tab;
    if (tab.dataset.tab === "compare-panel") after();
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
