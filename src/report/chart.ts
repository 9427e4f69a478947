// Server-side charts: Chart.js drawn on @napi-rs/canvas, to PNG or SVG. This is the only module
// that loads chart.js and the native canvas; commands import it dynamically, and only to draw.
// @napi-rs/canvas is an optional dependency (35 MB, and no build for some platforms, s390x among
// them): it is loaded on the first drawing, and when it cannot be, the error says what to do instead.
import type * as NapiCanvas from "@napi-rs/canvas";
import { Chart, registerables, type ChartConfiguration, type Plugin } from "chart.js";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { InputError } from "../util/diagnostic.js";
import { chartJsConfig, type ChartSpec } from "./chart-spec.js";
import { CHART_FONTS, FONT_FAMILY } from "./chart-fonts.js";
import { RANGES_PLUGIN_SOURCE } from "./chart-ranges.js";
import { visibleDeep } from "../util/visible-text.js";

export { estimateChart, diffChart, sweepChart, compareChart, capacityChart, chartJsConfig } from "./chart-spec.js";
export type { ChartSpec, ChartKind, ChartDataset } from "./chart-spec.js";
export { FONT_FAMILY };

import type { RenderOptions } from "./draw.js";
export type { RenderOptions };

/** The message when the canvas cannot be loaded: an input problem (exit 2), with the way round it. */
export function canvasUnavailable(cause: unknown, platform = `${process.platform}/${process.arch}`): InputError {
  const code = (cause as { code?: string } | undefined)?.code;
  const text = cause instanceof Error ? cause.message : String(cause);
  // The package itself absent (an install with --omit=optional, or --no-optional) or its native part
  // missing or unloadable (no build for this platform, or a C library it does not support).
  const absent = code === "MODULE_NOT_FOUND" && /['"]@napi-rs\/canvas['"]/.test(text);
  return new InputError([
    {
      file: "chart",
      message: absent
        ? "PNG/SVG charts need @napi-rs/canvas, an optional dependency that is not installed; use --format html"
        : `PNG/SVG charts need @napi-rs/canvas, which has no build for this platform (${platform}); use --format html`,
      severity: "error",
      suggestion: absent
        ? "npm install @napi-rs/canvas, where it has a build; the HTML report (--format html) draws the same charts in a browser"
        : "the HTML report (--format html) draws the same charts in a browser",
    },
  ]);
}

let canvas: typeof NapiCanvas | undefined;

/** The canvas module, loaded (and the fonts registered) on first use; an InputError if it cannot be. */
export function loadCanvas(): typeof NapiCanvas {
  if (canvas) return canvas;
  let mod: typeof NapiCanvas;
  try {
    mod = createRequire(import.meta.url)("@napi-rs/canvas") as typeof NapiCanvas;
  } catch (err) {
    throw canvasUnavailable(err);
  }
  registerFonts(mod);
  Chart.register(...registerables);
  Chart.defaults.font.family = FONT_FAMILY;
  canvas = mod;
  return mod;
}

/**
 * The folder of the chart fonts: dist/fonts beside the bundle in a built package, or the font package
 * itself when running from source.
 */
function fontDir(): string {
  const shipped = fileURLToPath(new URL("./fonts/", import.meta.url));
  if (existsSync(join(shipped, CHART_FONTS[0]))) return shipped;
  return join(dirname(createRequire(import.meta.url).resolve("dejavu-fonts-ttf/package.json")), "ttf");
}

// A bundled font, because a server or container often has no system fonts at all, and then
// every label would silently draw as nothing.
function registerFonts(mod: typeof NapiCanvas): void {
  const dir = fontDir();
  for (const file of CHART_FONTS) {
    if (!mod.GlobalFonts.registerFromPath(join(dir, file), FONT_FAMILY))
      throw new Error(`could not load the chart font ${join(dir, file)}`);
  }
}

// The ranges plugin from its source, the same text the HTML report runs in the browser.
const rangesPlugin = new Function(`return ${RANGES_PLUGIN_SOURCE};`)() as Plugin;

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

/** Draws a chart spec and returns the PNG bytes or the SVG text (UTF-8) as a Buffer. */
export async function renderChart(spec: ChartSpec, opts: RenderOptions): Promise<Buffer> {
  spec = visibleDeep(spec); // titles, labels, legends: control characters as escapes (SVG is XML)
  const width = checkSize("width", opts.width ?? 900);
  const height = checkSize("height", opts.height ?? spec.height ?? 500);
  const { Canvas, createCanvas, SvgExportFlag } = loadCanvas();
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
  getContext(kind: "2d"): NapiCanvas.SKRSContext2D;
}

/** Draws, takes the output, then destroys the chart (which clears the canvas, hence the order). */
async function drawThen(spec: ChartSpec, canvas: Drawable, output: () => Buffer | Promise<Buffer>): Promise<Buffer> {
  // The plain JSON configuration is Chart.js's ChartConfiguration (chart-spec.ts writes it as one).
  const config = chartJsConfig(spec) as unknown as ChartConfiguration<"bar" | "line", (number | null)[]>;
  config.plugins = [whiteBackground, rangesPlugin];
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

/** A category label as drawn: its text and its vertical extent in pixels (all its lines). */
export interface LabelBox {
  text: string;
  top: number;
  bottom: number;
}

/**
 * Where Chart.js puts the category labels of a chart drawn to PNG (the rows of a tornado, the x labels
 * of a bar chart), read from its computed layout rather than from pixels: for tests that labels are
 * all drawn and do not overlap. The canvas size is the one renderChart would use.
 */
export function categoryLabelLayout(spec: ChartSpec, opts: Omit<RenderOptions, "format"> = {}): LabelBox[] {
  return laidOut(spec, opts, (chart) => {
    const scale = chart.scales[spec.kind === "tornado" ? "y" : "x"]!;
    // getLabelItems is Chart.js's own record of each tick label it draws: its text, font and place.
    const items = (
      scale as unknown as {
        getLabelItems(): {
          label: string | string[];
          font: { lineHeight: number };
          options: { translation: number[] };
        }[];
      }
    ).getLabelItems();
    return items.map((it) => {
      const lines = Array.isArray(it.label) ? it.label : [it.label];
      const mid = it.options.translation[1]!;
      const half = (lines.length * it.font.lineHeight) / 2;
      return { text: lines.join(" "), top: mid - half, bottom: mid + half };
    });
  });
}

/** A chart laid out on the canvas renderChart would use, read by `read`, then destroyed. */
function laidOut<T>(spec: ChartSpec, opts: Omit<RenderOptions, "format">, read: (chart: Chart) => T): T {
  const width = checkSize("width", opts.width ?? 900);
  const height = checkSize("height", opts.height ?? spec.height ?? 500);
  const { Canvas } = loadCanvas();
  const config = chartJsConfig(visibleDeep(spec)) as unknown as ChartConfiguration<"bar" | "line", (number | null)[]>;
  const chart = new Chart(new Canvas(width, height) as unknown as HTMLCanvasElement, config);
  try {
    return read(chart);
  } finally {
    chart.destroy();
  }
}

/** A value axis as laid out: its id, title and vertical extent in pixels. */
export interface AxisBox {
  id: string;
  title: string;
  top: number;
  bottom: number;
}

/**
 * The value axes of a chart drawn to PNG, from Chart.js's computed layout (a sweep's panels, one per
 * unit, stacked): for tests that each unit has a panel of its own and that panels do not overlap.
 */
export function valueAxisLayout(spec: ChartSpec, opts: Omit<RenderOptions, "format"> = {}): AxisBox[] {
  return laidOut(spec, opts, (chart) =>
    Object.values(chart.scales)
      .filter((s) => s.axis === "y")
      .map((s) => ({
        id: s.id,
        title: String((s.options as { title?: { text?: unknown } }).title?.text ?? ""),
        top: s.top,
        bottom: s.bottom,
      })),
  );
}
