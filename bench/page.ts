// Bench section 9: the live page (dist/mqzcap.html) in headless Chromium, timed by the page itself
// (performance.now, src/page/main.ts's mqzcapTimings): the first estimate after load, and the
// re-estimate on each keystroke for every shipped example. Goals (issue #20): 300 ms and 20 ms.
// Alone: npx tsx bench/page.ts (after a build).
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { chromium, type Page } from "playwright-core";
import { quantile, summarise, type Summary } from "./lib/stats.js";

const CHROMIUM = "/usr/bin/chromium";

export interface PageBench {
  loads: number;
  /** The first estimate on screen, ms after navigation start (reading, parsing and compiling the file included). */
  firstAfterNavigation: Summary;
  /** The first estimate on screen, ms after the page's script began (models parsed, editor built, estimated, drawn). */
  firstAfterScript: Summary;
  /** One estimate per keystroke (parse, validate, estimate, show the results; the chart apart), all examples. */
  keystroke: Summary;
  /** The chart's update after each keystroke's estimate. */
  chart: Summary;
  byExample: Record<string, { median: number; max: number }>;
}

interface Timings {
  scriptStart: number;
  first: number | null;
  estimates: number[];
  charts: number[];
}

const timingsOf = (page: Page) => page.evaluate(() => (window as unknown as { mqzcapTimings: Timings }).mqzcapTimings);

export async function pageBench(root: string, file: string, quick: boolean): Promise<PageBench | string> {
  if (!existsSync(CHROMIUM)) return `skipped: ${CHROMIUM} is not installed`;
  if (!existsSync(file)) return `skipped: ${file} is missing (npm run build)`;
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--headless", "--no-sandbox"] });
  try {
    const loads = quick ? 3 : 10;
    const nav: number[] = [];
    const script: number[] = [];
    for (let k = 0; k < loads; k++) {
      const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
      await page.goto(pathToFileURL(file).href);
      await page.waitForFunction(() => (window as unknown as { mqzcapTimings: Timings }).mqzcapTimings.first !== null);
      const t = await timingsOf(page);
      nav.push(t.first!);
      script.push(t.first! - t.scriptStart);
      await page.close();
    }
    // Keystrokes: on each example, type at the start of its first line (a comment, so the config stays
    // valid) one key at a time, each after the page's 120 ms debounce has run the estimate.
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(pathToFileURL(file).href);
    await page.waitForFunction(() => (window as unknown as { mqzcapTimings: Timings }).mqzcapTimings.first !== null);
    const examples = readdirSync(join(root, "examples"))
      .filter((f) => f.endsWith(".yaml"))
      .sort();
    const keys = quick ? 5 : 20;
    const all: number[] = [];
    const charts: number[] = [];
    const byExample: PageBench["byExample"] = {};
    for (const ex of examples) {
      await page.selectOption("#example", ex);
      await page.waitForTimeout(400);
      await page.click("#editor .cm-content");
      await page.keyboard.press("Control+Home");
      await page.keyboard.type("#");
      await page.waitForTimeout(400);
      const before = await timingsOf(page);
      for (let k = 0; k < keys; k++) {
        await page.keyboard.type(String.fromCharCode(97 + (k % 26)));
        await page.waitForTimeout(250);
      }
      const after = await timingsOf(page);
      const times = after.estimates.slice(before.estimates.length);
      all.push(...times);
      charts.push(...after.charts.slice(before.charts.length));
      byExample[ex] = { median: quantile(times, 0.5), max: Math.max(...times) };
    }
    await page.close();
    return {
      loads,
      firstAfterNavigation: summarise(nav),
      firstAfterScript: summarise(script),
      keystroke: summarise(all),
      chart: summarise(charts),
      byExample,
    };
  } finally {
    await browser.close();
  }
}

const ms = (n: number) => `${n.toFixed(1)} ms`;

/** The section of bench/RESULTS.md. */
export function pageSection(r: PageBench | string, goals: { firstMs: number; keystrokeMs: number }): string[] {
  const L = ["## 9. The live page (dist/mqzcap.html in headless Chromium)", ""];
  if (typeof r === "string") return [...L, r];
  const met = (ok: boolean) => (ok ? "met" : "**not met**");
  L.push(
    "Timed by the page itself (performance.now). The first estimate is on screen (results and chart) after the page's script has parsed the models, built the editor and estimated the quickstart example.",
    "",
    "| figure | median | p10 | p90 | goal |",
    "|---|---|---|---|---|",
    `| first estimate, after the page's script began (${r.loads} loads) | ${ms(r.firstAfterScript.median)} | ${ms(r.firstAfterScript.p10)} | ${ms(r.firstAfterScript.p90)} | ${goals.firstMs} ms: ${met(r.firstAfterScript.median <= goals.firstMs)} |`,
    `| first estimate, after navigation start (file read, parsed, compiled) | ${ms(r.firstAfterNavigation.median)} | ${ms(r.firstAfterNavigation.p10)} | ${ms(r.firstAfterNavigation.p90)} | - |`,
    `| re-estimate per keystroke, ${r.keystroke.n} keystrokes over every example (max ${ms(r.keystroke.max)}) | ${ms(r.keystroke.median)} | ${ms(r.keystroke.p10)} | ${ms(r.keystroke.p90)} | ${goals.keystrokeMs} ms: ${met(r.keystroke.p90 <= goals.keystrokeMs)} (p90) |`,
    `| chart update after each keystroke's estimate | ${ms(r.chart.median)} | ${ms(r.chart.p10)} | ${ms(r.chart.p90)} | - |`,
    "",
    "| example | median per keystroke | max |",
    "|---|---|---|",
    ...Object.entries(r.byExample).map(([k, v]) => `| ${k} | ${ms(v.median)} | ${ms(v.max)} |`),
  );
  return L;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const root = process.cwd();
  const r = await pageBench(root, join(root, "dist", "mqzcap.html"), process.argv.includes("--quick"));
  console.log(pageSection(r, { firstMs: 300, keystrokeMs: 20 }).join("\n"));
}
