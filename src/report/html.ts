// The HTML report: one self-contained file (Chart.js inlined, no network: a content security policy
// forbids any fetch), showing the config as understood, totals, limits, every line item with its
// formula and citations, warnings, gaps, and interactive charts drawn by Chart.js in the browser.
import { RANGES_PLUGIN_SOURCE } from "./chart-ranges.js";
import { stringify } from "yaml";
import { chartJsSource } from "mqzcap:chartjs";
import { formatSize } from "../config/units.js";
import { compareRows, type CompareResult } from "../engine/compare.js";
import { incompleteNote, NOISE_NOTE, statusText, type Diff } from "../engine/diff.js";
import type { Estimate } from "../engine/engine.js";
import type { LineItem } from "../engine/types.js";
import type { Citation } from "../model/registry.js";
import { bottleneckText, cfText, cpuHeading, cpuLines, limitCells, lparText } from "./limits-text.js";
import type { CapacityResult } from "../engine/capacity.js";
import { bindsText, budgetsText, headline } from "./capacity.js";
import {
  AS_NAMES,
  capacityChart,
  chartJsConfig,
  compareChart,
  diffChart,
  estimateChart,
  type ChartSpec,
} from "./chart-spec.js";
import {
  COMPARE_NOISE_NOTE,
  compareCellText,
  citationText,
  fmt,
  fmtRange,
  itemRange,
  mergeCitations,
  noiseText,
  sideText,
  writtenText,
} from "./text.js";
import { visibleDeep, visibleText } from "../util/visible-text.js";

export interface HtmlOptions {
  /** The page title; default "mqzcap estimate: <config name>". */
  title?: string;
}

// ---------------------------------------------------------------------------------------------
// Escaping: every piece of text from a config or a model goes through one of these two.

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Escapes text for element content and quoted attribute values. */
export function esc(s: string | number | null | undefined): string {
  return visibleText(String(s ?? "")).replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

/** JSON safe inside a <script> element: no "<" can end the element or open a comment. */
function scriptJson(value: unknown): string {
  return JSON.stringify(visibleDeep(value)).replace(/</g, "\\u003c");
}

// ---------------------------------------------------------------------------------------------
// Chart.js, inlined

// Where the Chart.js text comes from depends on where mqzcap runs: a file beside the bundle under Node
// (src/report/chart-js-file.ts), the page's own copy in the live page (src/page/chart-js-page.ts).
// "mqzcap:chartjs" is resolved by the build (scripts/build.ts) and by vitest's alias.

// Runs in the browser: draws each chart from the embedded configurations, on a white background,
// and marks each canvas data-drawn="true" once it has rendered (or "error"), for tests and tools.
const BROWSER_SCRIPT = `
(function () {
  var configs = JSON.parse(document.getElementById("mqzcap-charts").textContent);
  var ranges = ${RANGES_PLUGIN_SOURCE};
  var background = {
    id: "mqzcapBackground",
    beforeDraw: function (chart) {
      var ctx = chart.ctx;
      ctx.save();
      ctx.globalCompositeOperation = "destination-over";
      ctx.fillStyle = "#ffffff";
      ctx.fillRect(0, 0, chart.width, chart.height);
      ctx.restore();
    }
  };
  var drawn = {
    id: "mqzcapDrawn",
    afterRender: function (chart) { chart.canvas.setAttribute("data-drawn", "true"); }
  };
  configs.forEach(function (config, i) {
    var canvas = document.getElementById("mqzcap-chart-" + i);
    try {
      config.options.responsive = true;
      config.options.maintainAspectRatio = false;
      delete config.options.devicePixelRatio;
      config.plugins = [background, ranges, drawn];
      new Chart(canvas, config);
    } catch (err) {
      canvas.setAttribute("data-drawn", "error");
      console.error("mqzcap: chart " + i + " failed: " + err);
    }
  });
})();
`;

const STYLE = `
body { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", "DejaVu Sans", sans-serif; color: #1b1b1b;
  margin: 0 auto; padding: 1.5rem; max-width: 75rem; }
h1 { font-size: 1.5rem; margin-bottom: .25rem; }
h2 { font-size: 1.2rem; margin-top: 2rem; border-bottom: 1px solid #ccc; padding-bottom: .2rem; }
.muted { color: #555; }
table { border-collapse: collapse; width: 100%; margin: .5rem 0; }
th, td { border: 1px solid #d4d4d4; padding: .3rem .5rem; text-align: left; vertical-align: top; }
th { background: #f3f3f3; }
td.num { text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }
.chart { position: relative; height: 26rem; margin: 1rem 0; }
pre { background: #f6f6f6; padding: .75rem; overflow-x: auto; font-size: .85rem; }
ul.cites { margin: 0; padding-left: 1.1rem; font-size: .85rem; }
.formula { font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: .85rem; }
.warn { color: #8a4b00; }
.badge { font-size: .75rem; padding: 0 .3rem; border: 1px solid #999; border-radius: .2rem; }
`;

/**
 * A whole document: the heading part, the charts (near the top, as the summary a reader looks at
 * first), the body, then the embedded chart configurations and the scripts.
 */
export function page(title: string, heading: string, body: string, charts: ChartSpec[]): string {
  const canvases = charts.length
    ? `<h2>Charts</h2>\n${charts
        .map(
          (c, i) =>
            `<figure class="chart"${c.height ? ` style="height: ${Math.round(c.height)}px"` : ""}><canvas id="mqzcap-chart-${i}" role="img" aria-label="${esc(c.title)}"></canvas></figure>`,
        )
        .join("\n")}`
    : "";
  const scripts = charts.length
    ? `<script type="application/json" id="mqzcap-charts">${scriptJson(charts.map(chartJsConfig))}</script>
<script>${chartJsSource()}</script>
<script>${BROWSER_SCRIPT}</script>`
    : "";
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:">
<title>${esc(title)}</title>
<style>${STYLE}</style>
</head>
<body>
${heading}
${canvases}
${body}
${scripts}
</body>
</html>
`;
}

// ---------------------------------------------------------------------------------------------
// Estimate

/** The estimate as one self-contained HTML page. */
export function renderHtml(e: Estimate, opts: HtmlOptions = {}): string {
  const title = opts.title ?? `mqzcap estimate${e.name ? `: ${e.name}` : ""}`;
  const heading = `<h1>${esc(title)}</h1>\n<p class="muted">${esc(summary(e))} · mqzcap ${esc(e.mqzcap)}</p>`;
  const body = [
    totalsSection(e),
    limitsSection(e),
    itemsSection(e),
    warningsSection(e),
    gapsSection(e),
    `<h2>Config as understood</h2>\n<pre>${esc(stringify(e.config))}</pre>`,
  ].join("\n");
  return page(title, heading, body, [estimateChart(e)]);
}

export function summary(e: Estimate): string {
  const w = e.config.workload;
  return (
    `MQ ${e.basis.release} on ${e.basis.hardware} · ${w.pattern}, ${w.persistent ? "persistent" : "non-persistent"}, ` +
    `${writtenText(e.config, "workload.messageSize", formatSize(w.messageSize))} messages` +
    (e.totals.rate !== null ? ` at ${writtenText(e.config, "workload.rate", `${fmt(e.totals.rate)}/s`)}` : "")
  );
}

export function table(head: string[], rows: string[][], numeric: number[] = []): string {
  const th = head.map((h) => `<th>${esc(h)}</th>`).join("");
  const tr = rows.map(
    (r) =>
      `<tr>${r.map((cell, i) => (numeric.includes(i) ? `<td class="num">${cell}</td>` : `<td>${cell}</td>`)).join("")}</tr>`,
  );
  return `<table><thead><tr>${th}</tr></thead><tbody>\n${tr.join("\n")}\n</tbody></table>`;
}

export function totalsSection(e: Estimate): string {
  const t = e.totals;
  const out = ["<h2>Cost per transaction (CPU microseconds)</h2>"];
  if (t.costPerTransaction.length === 0) out.push("<p>No per-transaction cost items for this config.</p>");
  else {
    const rows = t.costPerTransaction.map((c) => [
      esc(AS_NAMES[c.addressSpace] ?? c.addressSpace),
      esc(fmtRange(c.baseline)),
      esc(fmtRange(c.added)),
      esc(fmtRange(c.total)),
    ]);
    rows.push(["<strong>all</strong>", "", esc(fmtRange(t.added)), esc(fmtRange(t.total))]);
    out.push(table(["address space", "baseline", "added", "total"], rows, [1, 2, 3]));
  }
  const cpu = cpuLines(e);
  if (cpu) {
    out.push(`<p>${esc(cpuHeading(e))}: ${esc(fmtRange(cpu.engines, "CPU s/s"))} (engines busy)</p>`);
    if (cpu.cf) out.push(`<p>${esc(cfText(cpu.cf, "CPU s/s"))}</p>`);
    const lpar = lparText(e);
    if (lpar) out.push(`<p>CPU ${esc(lpar)}</p>`);
  }
  return out.join("\n");
}

export function limitsSection(e: Estimate): string {
  if (!e.limits.length) return "";
  const rows = e.limits.map((l) => {
    const c = limitCells(e, l);
    const over = e.headroom.some((h) => h.id === l.id && h.exceeded);
    return [
      esc(l.label),
      esc(fmtRange(itemRange(l))),
      esc(l.unit),
      esc(c.demand),
      over ? `<span class="warn">${esc(c.headroom)}</span>` : esc(c.headroom),
      esc(c.machine),
      esc(l.confidence),
    ];
  });
  const b = bottleneckText(e);
  const bottleneck = b
    ? `<p><strong>Bottleneck:</strong> ${esc(b)}</p>`
    : "<p>No throughput limit applies, so there is no bottleneck to name.</p>";
  return `<h2>Limits</h2>\n${table(["limit", "value", "unit", "demand", "headroom", "measured on", "confidence"], rows, [1, 4])}\n${bottleneck}`;
}

function itemsSection(e: Estimate): string {
  if (!e.items.length) return "<h2>Line items</h2>\n<p>None.</p>";
  const rows = e.items.map((i) => [
    `${esc(i.label)}<br><span class="muted">${esc(i.concern)} · ${esc(i.id)}</span>${i.flags
      .map((f) => `<br><span class="warn">flag ${esc(f.code)}: ${esc(f.reason)}</span>`)
      .join("")}`,
    esc(fmtRange(itemRange(i))),
    esc(i.unit),
    `<span class="badge">${esc(i.confidence)}</span>`,
    `<span class="formula">${esc(i.formula)}</span>${inputsHtml(i)}`,
    citationsHtml(i.citations),
  ]);
  return `<h2>Line items</h2>\n${table(["item", "value", "unit", "confidence", "formula", "sources"], rows, [1])}`;
}

function inputsHtml(i: LineItem): string {
  const parts = Object.entries(i.inputs).map(
    ([k, v]) =>
      `${esc(k)} = ${esc(typeof v.value === "number" ? fmt(v.value) : String(v.value))}${v.unit ? ` ${esc(v.unit)}` : ""} <span class="muted">(${esc(v.from)})</span>`,
  );
  return parts.length ? `<br><span class="muted">inputs:</span> ${parts.join("; ")}` : "";
}

export function citationsHtml(cs: Citation[]): string {
  if (!cs.length) return "";
  return `<ul class="cites">${mergeCitations(cs)
    .map((c) => `<li>${esc(citationText(c))}</li>`)
    .join("")}</ul>`;
}

export function warningsSection(e: Estimate): string {
  if (!e.warnings.length) return "";
  const lis = e.warnings.map(
    (w) => `<li class="warn">${esc(w.concern)}: ${esc(w.message)}${citationsHtml(w.citations)}</li>`,
  );
  return `<h2>Warnings (${e.warnings.length})</h2>\n<ul>${lis.join("\n")}</ul>`;
}

export function gapsSection(e: Estimate): string {
  const n = e.gaps.length + e.needsBaseline.length;
  if (!n) return "";
  const gaps = e.gaps.map((g) => {
    const charts = g.charts.map(
      (ch) =>
        `<li>the source gives this only as a chart: “${esc(ch.caption)}” (${esc(citationText(ch.citation))})</li>`,
    );
    return `<li>${esc(g.concern)}: ${esc(g.message)}${charts.length ? `<ul class="cites">${charts.join("")}</ul>` : ""}</li>`;
  });
  const baseline = e.needsBaseline.map((b) => `<li>baseline: ${esc(b)}</li>`);
  return `<h2>Gaps (${n})</h2>\n<ul>${[...gaps, ...baseline].join("\n")}</ul>`;
}

// ---------------------------------------------------------------------------------------------
// Diff

/** A comparison of two estimates as one self-contained HTML page. */
export function renderDiffHtml(d: Diff, before: Estimate, after: Estimate, opts: HtmlOptions = {}): string {
  const title = opts.title ?? `mqzcap diff: ${before.name ?? "before"} → ${after.name ?? "after"}`;
  const note = incompleteNote(d);
  const rows = d.lines.map((l) => [
    `${esc(l.label)}<br><span class="muted">${esc(l.key)}</span>`,
    esc(l.kind),
    esc(l.unit),
    esc(sideText(l.before, l.beforeLow, l.beforeHigh)),
    esc(sideText(l.after, l.afterLow, l.afterHigh)),
    esc(l.delta === null ? "-" : signed(l.delta)),
    esc(l.percent === null ? "-" : `${signed(l.percent)}%`),
    esc(noiseText(l.noise)),
    // Totals that leave out a line that is a gap on one side are starred, as in the terminal table.
    esc(statusText(l.status) + (note && l.kind === "total" ? " *" : "")),
  ]);
  const gapList = (title: string, gaps: string[]) =>
    gaps.length ? [`<h2>${esc(title)}</h2>`, `<ul>${gaps.map((g) => `<li>${esc(g)}</li>`).join("")}</ul>`] : [];
  const heading = `<h1>${esc(title)}</h1>\n<p class="muted">before: ${esc(summary(before))}<br>after: ${esc(summary(after))}</p>`;
  const body = [
    "<h2>Changed lines</h2>",
    d.lines.length
      ? table(["line", "kind", "unit", "before", "after", "change", "change %", "noise", "status"], rows, [3, 4, 5, 6])
      : "<p>No line changed.</p>",
    ...(d.lines.some((l) => l.noise === "within") ? [`<p class="muted">${esc(NOISE_NOTE)}.</p>`] : []),
    `<p class="muted">${d.unchanged} line(s) unchanged.</p>`,
    ...(note ? [`<p class="warn">* ${esc(note)}</p>`] : []),
    ...gapList("Gaps in the proposed config only", d.gaps.added),
    ...gapList("Gaps of the base config filled by the proposed one", d.gaps.removed),
  ].join("\n");
  return page(title, heading, body, [diffChart(d, before, after)]);
}

function signed(n: number): string {
  return n > 0 ? `+${fmt(n)}` : fmt(n);
}

// ---------------------------------------------------------------------------------------------
// Compare

/** Several configs side by side as one self-contained HTML page, with cost by address space charted. */
export function renderCompareHtml(r: CompareResult, opts: HtmlOptions = {}): string {
  const title = opts.title ?? `mqzcap compare: ${r.scenarios.length} scenarios`;
  const rows = compareRows(r).map((row) =>
    [row.output, row.unit, ...row.cells.map((_, k) => compareCellText(row, k, true))].map(esc),
  );
  const numeric = r.scenarios.map((_, k) => k + 2);
  const heading = `<h1>${esc(title)}</h1>\n<p class="muted">${r.scenarios
    .map((s) => `${esc(s.name)}${s.name === s.file ? "" : ` (${esc(s.file)})`}`)
    .join("<br>")}</p>`;
  const body = [
    "<h2>Side by side</h2>",
    table(["output", "unit", ...r.scenarios.map((s) => s.name)], rows, numeric),
    ...(Object.values(r.noise).some((row) => row.includes("within"))
      ? [`<p class="muted">${esc(COMPARE_NOISE_NOTE)}.</p>`]
      : []),
    ...r.notes.map((n) => `<p class="warn">${esc(n)}</p>`),
  ].join("\n");
  return page(title, heading, body, [compareChart(r)]);
}

// ---------------------------------------------------------------------------------------------
// Capacity

/** How far a config can go, as one page: each answer, its limits in binding order, and the chart. */
export function renderCapacityHtml(r: CapacityResult): string {
  const title = `mqzcap capacity${r.name ? `: ${r.name}` : ""}`;
  const budgets = budgetsText(r.budgets);
  const heading = `<h1>${esc(title)}</h1>\n<p class="muted">${esc(summary(r.estimate))} · mqzcap ${esc(r.estimate.mqzcap)}</p>${
    budgets.length ? `\n<p>Budgets from the command line: ${esc(budgets.join("; "))}</p>` : ""
  }${r.unsolved ? `\n<p class="muted">${esc(r.unsolved)}</p>` : ""}`;
  const body = r.answers
    .map((a) => {
      const rows = a.limits.map((l, k) => [
        l.status === "binds" ? String(k + 1) : "-",
        esc(l.label),
        esc(bindsText(a, l)),
      ]);
      const first = a.binding ? `<p><strong>Binds first:</strong> ${esc(a.binding.label)}</p>` : "";
      const next = a.next
        ? `<p><strong>Next:</strong> ${esc(a.next.label)} (${esc(fmt(a.next.times))}x the first)</p>`
        : "";
      const left =
        a.notCounted.map((n) => `<p class="warn"><strong>Not counted:</strong> ${esc(n)}</p>`).join("") +
        a.open.map((n) => `<p class="warn"><strong>Open:</strong> ${esc(n)}</p>`).join("");
      return `<h2>${esc(a.target.path)}</h2>\n<p>${esc(headline(a))}</p>\n${first}${next}${left}\n${
        rows.length ? table(["#", "limit", "binds"], rows) : ""
      }`;
    })
    .join("\n");
  return page(title, heading, body, r.curve ? [capacityChart(r)] : []);
}
