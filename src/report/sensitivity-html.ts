// The sensitivity report as one self-contained HTML page: the tornado chart (Chart.js in the browser)
// and the table, on the same page scaffold as the estimate's.
import type { SensitivityResult } from "../engine/sensitivity.js";
import { esc, page, table } from "./html.js";
import {
  measureFirst,
  rowNotes,
  sensitivityCells,
  sensitivityHeader,
  sensitivityNotes,
  sensitivityParts,
  tornadoChart,
} from "./sensitivity.js";

export function renderSensitivityHtml(r: SensitivityResult): string {
  const title = `mqzcap sensitivity: ${r.name ?? "unnamed config"}`;
  const first = measureFirst(r);
  const heading = [
    `<h1>${esc(title)}</h1>`,
    ...(first.length ? [`<p><strong>Measure first:</strong> ${esc(first.map((x) => x.name).join(", "))}</p>`] : []),
  ].join("\n");
  const head = sensitivityHeader(r);
  const numeric = head.map((_, k) => k).filter((k) => k === 0 || k >= 4);
  const body = [
    ...sensitivityParts(r).flatMap((p) => [
      `<h2>${esc(p.heading)}</h2>`,
      `<p class="muted">${esc(p.about)}</p>`,
      ...(p.rows.length
        ? [
            table(
              head,
              p.rows.map((row, k) => sensitivityCells(r, row, k).map((c) => esc(c))),
              numeric,
            ),
          ]
        : ["<p>None.</p>"]),
      ...rowNotes(p.rows).map((n) => `<p class="muted">* ${esc(n)}</p>`),
    ]),
    ...sensitivityNotes(r).map((n) => `<p class="muted">${esc(n)}</p>`),
  ].join("\n");
  return page(title, heading, body, [tornadoChart(r)]);
}
