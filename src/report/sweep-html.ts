// A sweep as one self-contained HTML page (`mqzcap sweep --format html`, `--chart FILE.html`): the chart
// of small multiples drawn by Chart.js in the browser (inlined, offline) and the table of points, on the
// same page scaffold as the estimate's.
import { inputText, type SweepResult } from "../engine/sweep.js";
import { esc, page, table } from "./html.js";
import { sweepResultChart } from "./sweep-chart.js";
import { fmt, fmtRange } from "./text.js";

export function renderSweepHtml(r: SweepResult): string {
  const title = `mqzcap sweep of ${r.vary.map((v) => v.path).join(" x ")}`;
  const inputs = r.vary.map((v) => v.path);
  const head = [
    ...inputs,
    ...r.metrics.map((m) => (r.units[m] ? `${m} (${r.units[m]})` : m)),
    "binding limit",
    "extrapolated items",
  ];
  const rows = r.points.map((p) => [
    ...inputs.map((i) => esc(inputText(i, p.inputs[i]))),
    ...r.metrics.map((m) => {
      const v = p.outputs[m] ?? null;
      const b = p.ranges[m];
      return esc(v !== null && b ? fmtRange({ value: v, low: b[0], high: b[1] }) : fmt(v));
    }),
    esc(p.binding ?? "none"),
    esc(p.extrapolated.join(", ")),
  ]);
  const numeric = r.metrics.map((_, k) => inputs.length + k);
  const heading = `<h1>${esc(title)}</h1>\n<p class="muted">${r.points.length} points, one estimate each; each cell value (low–high).</p>`;
  const body = [
    "<h2>Points</h2>",
    table(head, rows, numeric),
    ...r.notes.map((n) => `<p class="muted">note: ${esc(n)}</p>`),
  ].join("\n");
  return page(title, heading, body, [sweepResultChart(r)]);
}
