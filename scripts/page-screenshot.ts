// Makes docs/page.png, the README's picture of the live page: dist/mqzcap.html in headless Chromium on
// one of the shipped examples. Run after the build:
// npx tsx scripts/page-screenshot.ts
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { chromium } from "playwright-core";

const root = process.cwd();
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox"] });
try {
  const page = await browser.newPage({ viewport: { width: 1400, height: 860 } });
  await page.goto(pathToFileURL(join(root, "dist", "mqzcap.html")).href);
  // An example whose cost ranges are wide enough to see as error bars on the chart.
  await page.selectOption("#example", "ams-privacy.yaml");
  await page.waitForFunction(() => document.getElementById("status")!.textContent!.includes("add AMS privacy"));
  // The chart is drawn after the first paint (Chart.js runs then): wait for it.
  await page.waitForFunction(
    () => (window as unknown as { mqzcapTimings: { chart: number | null } }).mqzcapTimings.chart !== null,
  );
  await page.screenshot({ path: join(root, "docs", "page.png") });
} finally {
  await browser.close();
}
