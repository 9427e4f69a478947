// Drawing a chart to PNG or SVG, for the library: chart.js and @napi-rs/canvas (an optional
// dependency) load only here, on the first drawing, from a chunk of their own. Where the canvas cannot
// load, the promise rejects with an InputError that says so (and that the HTML report draws charts).
import type { ChartSpec } from "./chart-spec.js";

export interface RenderOptions {
  format: "png" | "svg";
  /** Pixels; default 900. */
  width?: number;
  /** Pixels; default 500. */
  height?: number;
}

/** Draws a chart spec (estimateChart(e), diffChart, ...): the PNG bytes, or the SVG text as UTF-8 bytes. */
export async function renderChart(spec: ChartSpec, opts: RenderOptions): Promise<Uint8Array> {
  const { renderChart: draw } = await import("./chart.js");
  return draw(spec, opts);
}
