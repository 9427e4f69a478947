// Server-side charts: Chart.js drawn on @napi-rs/canvas, to PNG or SVG. This is the only module
// that loads chart.js and the native canvas; commands import it dynamically, and only to draw.
import { Canvas, createCanvas, GlobalFonts, SvgExportFlag, type SKRSContext2D } from "@napi-rs/canvas";
import { Chart, registerables, type Plugin } from "chart.js";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { chartJsConfig, type ChartSpec } from "./chart-spec.js";
import { visibleDeep } from "../util/visible-text.js";

export { estimateChart, diffChart, sweepChart, compareChart, capacityChart, chartJsConfig } from "./chart-spec.js";
export type { ChartSpec, ChartKind, ChartDataset } from "./chart-spec.js";

export interface RenderOptions {
  format: "png" | "svg";
  /** Pixels; default 900. */
  width?: number;
  /** Pixels; default 500. */
  height?: number;
}

export const FONT_FAMILY = "DejaVu Sans";

// A bundled font, because a server or container often has no system fonts at all, and then
// every label would silently draw as nothing.
function registerFonts(): void {
  const dir = join(dirname(createRequire(import.meta.url).resolve("dejavu-fonts-ttf/package.json")), "ttf");
  for (const file of ["DejaVuSans.ttf", "DejaVuSans-Bold.ttf"]) {
    if (!GlobalFonts.registerFromPath(join(dir, file), FONT_FAMILY))
      throw new Error(`could not load the chart font ${join(dir, file)}`);
  }
}

registerFonts();
Chart.register(...registerables);
Chart.defaults.font.family = FONT_FAMILY;

/** Fills the canvas white under the chart: PNG and SVG are otherwise transparent. */
const whiteBackground: Plugin = {
  id: "mqzcapBackground",
  beforeDraw(chart) {
    const ctx = chart.ctx;
    ctx.save();
    ctx.globalCompositeOperation = "destination-over";
    ctx.fillStyle = "#ffffff";
    ctx.fillRect(0, 0, chart.width, chart.height);
    ctx.restore();
  },
};

function checkSize(name: string, n: number): number {
  if (!Number.isInteger(n) || n < 50 || n > 10000) throw new RangeError(`chart ${name} must be 50..10000 pixels: ${n}`);
  return n;
}

/** Draws a chart spec and returns the PNG bytes or the SVG text as a Buffer. */
export async function renderChart(spec: ChartSpec, opts: RenderOptions): Promise<Buffer> {
  spec = visibleDeep(spec); // titles, labels, legends: control characters as escapes (SVG is XML)
  const width = checkSize("width", opts.width ?? 900);
  const height = checkSize("height", opts.height ?? 500);
  if (opts.format === "svg") {
    // Text becomes paths so the SVG looks the same where DejaVu Sans is not installed.
    const svg = createCanvas(width, height, SvgExportFlag.ConvertTextToPaths);
    return drawThen(spec, svg, () => svg.getContent());
  }
  const png = new Canvas(width, height);
  return drawThen(spec, png, () => png.encode("png"));
}

/** Anything with a Chart.js-usable 2D context: the raster Canvas or the SvgCanvas. */
interface Drawable {
  width: number;
  height: number;
  getContext(kind: "2d"): SKRSContext2D;
}

/** Draws, takes the output, then destroys the chart (which clears the canvas, hence the order). */
async function drawThen(spec: ChartSpec, canvas: Drawable, output: () => Buffer | Promise<Buffer>): Promise<Buffer> {
  const config = chartJsConfig(spec);
  config.plugins = [whiteBackground];
  // Chart.js types its target as a DOM canvas; in Node it uses its BasicPlatform, which needs only
  // width, height and getContext("2d"), all of which the napi canvas has. Hence the cast.
  const chart = new Chart(canvas as unknown as HTMLCanvasElement, config);
  try {
    // With animation off, the constructor has already drawn, synchronously.
    return await output();
  } finally {
    chart.destroy();
  }
}
