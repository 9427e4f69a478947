// A sweep a reader can read (#30): one panel per unit (small multiples), ranges as bands, the binding
// limit marked where it changes, the sweep's notes on the chart, colours that do not repeat within a
// panel; PNG laid out so (Chart.js's computed layout), and HTML (--format html, --chart FILE.html) drawn
// in headless Chromium, offline.
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { chromium, type Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sweep } from "../src/api.js";
import { chartJsConfig } from "../src/report/chart-spec.js";
import { renderSweepHtml } from "../src/report/sweep-html.js";
import { sweepResultChart } from "../src/report/sweep-chart.js";
import { run } from "./helpers/cli.js";

const CHROMIUM = "/usr/bin/chromium";
const HAVE_CHROMIUM = existsSync(CHROMIUM);
const HOW_FAR = "examples/how-far-order-entry.yaml";

describe("the sweep chart's spec", () => {
  // A rate sweep of the how-far example: 12,000/s is past the CPU limit (8 CPs at 75%: the estimate's
  // capacity.cpu), so the binding limit changes from CHIN storage to the CPU within the sweep.
  const r = sweep(HOW_FAR, ["workload.rate=1000..12000/s"]);
  const spec = sweepResultChart(r);
  const units = [...new Set(r.metrics.map((m) => r.units[m]))];

  it("has one panel per unit, every line in the panel of its unit", () => {
    expect(spec.panels).toHaveLength(units.length);
    expect(units).toEqual(expect.arrayContaining(["us", "CPU s/s", "%", "MB"]));
    for (const d of spec.datasets) {
      const panel = spec.panels!.findIndex((p) => p.id === d.axis);
      expect(panel).toBeGreaterThanOrEqual(0);
      // every line of a panel carries one unit in its label: "cost.total (us)"
      const unitsHere = new Set(
        spec.datasets.filter((x) => x.axis === d.axis).map((x) => /\(([^()]*)\)$/.exec(x.label)?.[1]),
      );
      expect(unitsHere.size).toBe(1);
    }
  });

  it("gives every line of a panel its own colour", () => {
    const cfg = chartJsConfig(spec) as { data: { datasets: { yAxisID: string; borderColor: string }[] } };
    for (const p of spec.panels!) {
      const colours = cfg.data.datasets.filter((d) => d.yAxisID === p.id).map((d) => d.borderColor);
      expect(new Set(colours).size).toBe(colours.length);
    }
  });

  it("draws each output's range as a band", () => {
    for (const d of spec.datasets) expect(d.ranges).toHaveLength(r.points.length);
  });

  it("marks the binding limit at the start and where it changes", () => {
    const bindings = r.points.map((p) => p.binding);
    const changes = bindings.filter((b, i) => i > 0 && b !== bindings[i - 1]).length;
    expect(changes).toBeGreaterThan(0);
    expect(spec.marks).toHaveLength(changes + 1);
    expect(spec.marks![0]!.index).toBe(0);
    for (const m of spec.marks!.slice(1)) expect(bindings[m.index]).not.toBe(bindings[m.index - 1]);
  });

  it("puts the fixed-baseline note of a message-size sweep on the chart", () => {
    const s = sweepResultChart(sweep(HOW_FAR, ["workload.messageSize=1KB,4KB,32KB"]));
    expect(s.notes!.join(" ")).toContain("baseline.cost is the same at every point");
    const cfg = chartJsConfig(s) as { options: { plugins: { subtitle: { display: boolean; text: string[] } } } };
    expect(cfg.options.plugins.subtitle.display).toBe(true);
    expect(cfg.options.plugins.subtitle.text.join(" ")).toContain("baseline.cost is the same at every point");
  });
});

describe("the sweep chart drawn to PNG", () => {
  it("lays out one panel per unit, stacked without overlap", async () => {
    const { valueAxisLayout } = await import("../src/report/chart.js");
    const r = sweep(HOW_FAR, ["workload.rate=1000..12000/s"]);
    const spec = sweepResultChart(r);
    const axes = valueAxisLayout(spec).sort((a, b) => a.top - b.top);
    expect(axes).toHaveLength(new Set(r.metrics.map((m) => r.units[m])).size);
    for (let k = 1; k < axes.length; k++) expect(axes[k]!.top).toBeGreaterThanOrEqual(axes[k - 1]!.bottom - 0.5);
    // each panel a fair share of the height, not squeezed
    for (const a of axes) expect(a.bottom - a.top).toBeGreaterThan(100);
  });
});

describe.skipIf(!HAVE_CHROMIUM)("sweep HTML in headless Chromium", () => {
  let browser: Browser;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "mqzcap-sweep-html-"));
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
    });
  });
  afterAll(async () => {
    await browser?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("sweep --chart FILE.html and --format html write the page; it draws, offline, one panel per unit", async () => {
    const chartFile = join(dir, "sweep.html");
    const a = run(["sweep", HOW_FAR, "--vary", "workload.rate=1000..12000/s", "--chart", chartFile]);
    expect(a.code).toBe(0);
    const b = run(["sweep", HOW_FAR, "--vary", "workload.rate=1000..12000/s", "--format", "html"]);
    expect(b.code).toBe(0);
    expect(b.stdout).toBe(readFileSync(chartFile, "utf8"));
    expect(b.stdout).toBe(renderSweepHtml(sweep(HOW_FAR, ["workload.rate=1000..12000/s"])));
    const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    const errors: string[] = [];
    const network: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    page.on("console", (m) => {
      if (m.type() === "error") errors.push(m.text());
    });
    await page.route(/^(https?|wss?):/, (route) => {
      network.push(route.request().url());
      return route.abort();
    });
    try {
      await page.goto(pathToFileURL(chartFile).href, { waitUntil: "load" });
      await page.waitForFunction(
        () => document.querySelector("canvas")?.getAttribute("data-drawn") !== null,
        undefined,
        {
          timeout: 15000,
        },
      );
      const drawn = await page.evaluate(() => {
        const c = document.querySelector("canvas")!;
        const chart = (
          window as unknown as {
            Chart: {
              getChart(c: HTMLCanvasElement): { scales: Record<string, { axis: string; top: number; bottom: number }> };
            };
          }
        ).Chart.getChart(c);
        const ys = Object.values(chart.scales).filter((s) => s.axis === "y");
        return { state: c.getAttribute("data-drawn"), panels: ys.length, tops: ys.map((s) => [s.top, s.bottom]) };
      });
      expect(drawn.state).toBe("true");
      const r = sweep(HOW_FAR, ["workload.rate=1000..12000/s"]);
      expect(drawn.panels).toBe(new Set(r.metrics.map((m) => r.units[m])).size);
      const rows = await page.$$eval("table tbody tr", (trs) => trs.length);
      expect(rows).toBe(r.points.length);
      expect(errors).toEqual([]);
      expect(network).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it("refuses a chart file of another kind, naming the three", () => {
    const bad = run(["sweep", HOW_FAR, "--vary", "workload.rate=1000,2000", "--chart", join(dir, "x.txt")]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain(".png, .svg or .html");
  });
});
