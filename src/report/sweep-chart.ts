// The chart of a sweep (apart from chart-spec.ts, which must not load the config parser that sweep.ts
// brings: the CLI's chart bundle holds chart-spec.ts): small multiples, one panel per unit (µs, CPU s/s,
// txn/s, MB, %), each output a line with its range as a band, the binding limit marked where it
// changes, extrapolated points drawn hollow, and the sweep's notes on the chart itself.
import { inputText, type SweepResult } from "../engine/sweep.js";
import { describeUnit, PANEL_PALETTE, type ChartDataset, type ChartSpec } from "./chart-spec.js";

/** Pixels a panel needs, and the chart besides (title, notes, x axis, legend). */
const PANEL_PX = 230;
const FRAME_PX = 220;

/** The panels of a sweep: its metrics grouped by unit, in the order first met; no panel over the palette. */
export function sweepPanels(result: SweepResult): { unit: string; metrics: string[] }[] {
  const panels: { unit: string; metrics: string[] }[] = [];
  for (const m of result.metrics) {
    const unit = result.units[m] ?? "no unit";
    // A unit with more lines than the palette has colours takes a second panel: no colour repeats in one.
    let p = panels.find((x) => x.unit === unit && x.metrics.length < PANEL_PALETTE.length);
    if (!p) panels.push((p = { unit, metrics: [] }));
    p.metrics.push(m);
  }
  return panels;
}

/** The chart of a sweep's result (`mqzcap sweep --chart`, the page's sweep). */
export function sweepResultChart(result: SweepResult): ChartSpec {
  const vary = result.vary;
  const panels = sweepPanels(result);
  // Items extrapolated at every point are a note; a point with an extrapolated item that other points
  // have measured is drawn hollow: that is where the sweep leaves what the sources measured.
  const everywhere = result.points.length
    ? result.points[0]!.extrapolated.filter((id) => result.points.every((p) => p.extrapolated.includes(id)))
    : [];
  const extrapolated = result.points.map((p) => p.extrapolated.some((id) => !everywhere.includes(id)));
  const datasets: ChartDataset[] = panels.flatMap((panel, k) =>
    panel.metrics.map((m) => ({
      label: result.units[m] ? `${m} (${result.units[m]})` : m,
      axis: `p${k}`,
      data: result.points.map((p) => p.outputs[m] ?? null),
      ranges: result.points.map((p) => p.ranges[m] ?? null),
      ...(extrapolated.some(Boolean) ? { extrapolated } : {}),
    })),
  );
  // The binding limit: named at the first point, and marked wherever it changes.
  const marks: { index: number; text: string }[] = [];
  result.points.forEach((p, i) => {
    if (i === 0 ? p.binding !== null : p.binding !== result.points[i - 1]!.binding)
      marks.push({ index: i, text: p.binding === null ? "no limit binds" : `binds: ${p.binding}` });
  });
  const notes = [
    ...result.notes,
    ...(extrapolated.some(Boolean)
      ? ["hollow triangles: points where a line item is extrapolated outside what its source measured"]
      : []),
    ...(everywhere.length ? [`extrapolated at every point: ${everywhere.join(", ")}`] : []),
    ...(marks.length > 1 ? ["dashed lines: where the binding limit changes"] : []),
    "bands: each output's range (docs/ranges.md)",
  ];
  return {
    kind: "line",
    title: `mqzcap sweep of ${vary.map((v) => v.path).join(" x ")}`,
    xLabel: vary.map((v) => v.path).join(" / "),
    yLabel: "one panel per unit",
    labels: result.points.map((p) => vary.map((v) => inputText(v.path, p.inputs[v.path])).join(" / ")),
    datasets,
    panels: panels.map((p, k) => ({ id: `p${k}`, title: describeUnit(p.unit) })),
    marks,
    notes,
    height: Math.max(500, FRAME_PX + panels.length * PANEL_PX),
  };
}
