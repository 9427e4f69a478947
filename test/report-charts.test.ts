// Server-side charts: each chart kind to PNG (right size, not blank, several colours, text drawn)
// and to SVG (well-formed, with paths).
import { reportConfigs } from "./helpers/report-fixtures.js";
import { createCanvas, loadImage } from "@napi-rs/canvas";
import { beforeAll, describe, expect, it } from "vitest";
import { estimate } from "../src/api.js";
import { diff } from "../src/engine/diff.js";
import type { Estimate } from "../src/engine/engine.js";
import { compare } from "../src/engine/compare.js";
import {
  compareChart,
  diffChart,
  estimateChart,
  renderChart,
  sweepChart,
  type ChartSpec,
} from "../src/report/chart.js";

const { BASELINE, CHANGED } = reportConfigs("baseline <script>");

let quick: Estimate;
let before: Estimate;
let after: Estimate;
const specs: Record<string, () => ChartSpec> = {
  "estimate without a baseline (quickstart)": () => estimateChart(quick),
  "estimate with a baseline": () => estimateChart(before),
  diff: () => diffChart(diff(before, after), before, after),
  compare: () =>
    compareChart(
      compare([
        { file: "before.yaml", estimate: before },
        { file: "after.yaml", estimate: after },
      ]),
    ),
  sweep: () =>
    sweepChart(
      [
        { x: "1KB", values: { qmgr: 10, chin: 20 } },
        { x: "32KB", values: { qmgr: 15, chin: null } },
        { x: "1MB", values: { qmgr: 40, chin: 90 } },
      ],
      { title: "Cost by message size", xLabel: "message size", yLabel: "CPU microseconds per transaction" },
    ),
};

beforeAll(() => {
  // The config type wants literal unions; these objects are written as a user would write YAML.
  quick = estimate("examples/quickstart.yaml");
  before = estimate(BASELINE as Parameters<typeof estimate>[0]);
  after = estimate(CHANGED as Parameters<typeof estimate>[0]);
});

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Width and height from the IHDR chunk, which always comes first, right after the signature. */
function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(12, 16).toString("latin1")).toBe("IHDR");
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

interface PixelStats {
  nonWhite: number;
  colours: number;
  darkInTitle: number;
}

async function pixels(png: Buffer, width: number, height: number): Promise<PixelStats> {
  const img = await loadImage(png);
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext("2d");
  ctx.drawImage(img, 0, 0);
  const data = ctx.getImageData(0, 0, width, height).data;
  let nonWhite = 0;
  let darkInTitle = 0;
  const colours = new Set<number>();
  const titleBand = Math.round(height * 0.1);
  for (let p = 0; p < width * height; p++) {
    const [r, g, b] = [data[p * 4]!, data[p * 4 + 1]!, data[p * 4 + 2]!];
    if (r < 250 || g < 250 || b < 250) nonWhite++;
    colours.add(((r >> 4) << 8) | ((g >> 4) << 4) | (b >> 4)); // 4 bits a channel: no antialiasing noise
    if (p < width * titleBand && r + g + b < 3 * 100) darkInTitle++;
  }
  return { nonWhite, colours: colours.size, darkInTitle };
}

describe("renderChart to PNG", () => {
  for (const [name, spec] of Object.entries(specs)) {
    it(`draws ${name} at the asked size, not blank, with a title`, async () => {
      const png = await renderChart(spec(), { format: "png", width: 640, height: 400 });
      expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
      expect(pngSize(png)).toEqual({ width: 640, height: 400 });
      const s = await pixels(png, 640, 400);
      expect(s.nonWhite).toBeGreaterThan(640 * 400 * 0.02);
      expect(s.nonWhite).toBeLessThan(640 * 400 * 0.9); // and not a filled rectangle either
      expect(s.colours).toBeGreaterThanOrEqual(5);
      expect(s.darkInTitle).toBeGreaterThan(200); // the title is dark text in the top tenth
    });
  }

  it("uses the default size when none is asked", async () => {
    expect(pngSize(await renderChart(specs.sweep!(), { format: "png" }))).toEqual({ width: 900, height: 500 });
  });

  it("refuses a nonsensical size", async () => {
    await expect(renderChart(specs.sweep!(), { format: "png", width: 0 })).rejects.toThrow(RangeError);
  });
});

/** A minimal well-formedness check: every element opened is closed, in order, within one <svg>. */
function checkXml(text: string): string[] {
  const body = text.replace(/^<\?xml[^>]*\?>\s*/, "").replace(/<!--[\s\S]*?-->/g, "");
  expect(body.startsWith("<svg")).toBe(true);
  const stack: string[] = [];
  const names: string[] = [];
  for (const m of body.matchAll(/<(\/?)([A-Z][\w:.-]*)(?![\w:.-])(?:"[^"]*"|'[^']*'|[^'">])*?(\/?)>/gi)) {
    const [, close, name, selfClose] = m;
    names.push(name!);
    if (close) expect(stack.pop()).toBe(name);
    else if (!selfClose) stack.push(name!);
  }
  expect(stack).toEqual([]);
  expect(body.trimEnd().endsWith("</svg>")).toBe(true);
  return names;
}

describe("renderChart to SVG", () => {
  for (const [name, spec] of Object.entries(specs)) {
    it(`draws ${name} as well-formed SVG with paths`, async () => {
      const svg = (await renderChart(spec(), { format: "svg", width: 640, height: 400 })).toString("utf8");
      expect(svg.startsWith("<?xml") || svg.startsWith("<svg")).toBe(true);
      expect(svg).toMatch(/<svg[^>]*width="640"[^>]*height="400"/);
      const names = checkXml(svg);
      // Text is converted to paths, so there are many: bars, grid, and every glyph run.
      expect(names.filter((n) => n === "path" || n === "text").length).toBeGreaterThan(20);
    });
  }
});

describe("chart specs", () => {
  it("stacks baseline and added cost per address space, titled with the config name", () => {
    const s = estimateChart(before);
    expect(s.kind).toBe("stacked-bar");
    expect(s.title).toContain("baseline <script>");
    expect(s.yLabel).toBe("CPU microseconds per transaction");
    expect(s.labels).toEqual(["queue manager", "channel initiator", "application"]);
    expect(s.datasets[0]!.data).toEqual([45, 120, 30]);
    expect(s.datasets[0]!.label).toBe("baseline (supplied)");
  });

  it("says in the legend when the baseline was measured on another machine and scaled", () => {
    const moved = estimate({
      ...BASELINE,
      hardware: { generation: "z15" },
      baseline: { ...BASELINE.baseline, hardware: "z14" },
    });
    expect(estimateChart(moved).datasets[0]!.label).toBe("baseline (supplied, scaled from z14 to z15)");
  });

  it("charts limits and storage when there is no per-transaction cost", () => {
    // Cleared here so the test holds if rules later give the quickstart per-transaction items.
    const s = estimateChart({ ...quick, totals: { ...quick.totals, costPerTransaction: [] } });
    expect(s.kind).toBe("grouped-bar");
    expect(s.datasets.flatMap((d) => d.data)).toContain(4643);
    expect(s.yLabel).toMatch(/channels/);
    expect(s.y2Label).toMatch(/MB/);
  });

  it("compares before and after in one unit", () => {
    const s = diffChart(diff(before, after), before, after);
    expect(s.kind).toBe("grouped-bar");
    expect(s.yLabel).toBe("CPU microseconds per transaction");
    expect(s.datasets.map((d) => d.data.length)).toEqual([s.labels.length, s.labels.length]);
    expect(s.datasets[0]!.data).toContain(45);
    expect(s.datasets[1]!.data).toContain(50);
  });

  it("draws one line per value name with gaps for missing points", () => {
    const s = specs.sweep!();
    expect(s.kind).toBe("line");
    expect(s.datasets.map((d) => d.label)).toEqual(["qmgr", "chin"]);
    expect(s.datasets[1]!.data).toEqual([20, null, 90]);
  });
});
