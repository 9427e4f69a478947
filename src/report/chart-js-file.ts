// Chart.js's UMD build as text, for the HTML report to inline (Node: read from a file). The live page
// supplies its own copy instead (src/page/chart-js-page.ts); see "mqzcap:chartjs" in scripts/build.ts.
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

let chartJsCache: string | undefined;

/**
 * The Chart.js UMD build: the copy the build puts beside the bundles (dist/chart.umd.min.js), so an
 * installed mqzcap needs no chart.js package. From source, chart.js's own: its package exports do not
 * list dist/chart.umd.min.js (nor package.json), so resolve the package's main entry, which sits in
 * the same folder; failing that (an unusual layout), look for node_modules/chart.js above this file.
 */
export function chartJsSource(): string {
  if (chartJsCache !== undefined) return chartJsCache;
  const candidates: string[] = [fileURLToPath(new URL("./chart.umd.min.js", import.meta.url))];
  try {
    candidates.push(join(dirname(createRequire(import.meta.url).resolve("chart.js")), "chart.umd.min.js"));
  } catch {
    /* not resolvable from here: fall through to the path search */
  }
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    candidates.push(join(dir, "node_modules", "chart.js", "dist", "chart.umd.min.js"));
    if (dirname(dir) === dir) break;
  }
  const found = candidates.find((p) => existsSync(p));
  if (!found) throw new Error("cannot find chart.js/dist/chart.umd.min.js to inline in the HTML report");
  // A "</script" inside the library would end the element early; escaping the slash is harmless in JS.
  chartJsCache = readFileSync(found, "utf8").replace(/<\/script/gi, "<\\/script");
  return chartJsCache;
}
