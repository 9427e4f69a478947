// Chart drawing time: an estimate's cost-by-address-space chart rendered to PNG, after warm-up.
// Run by run.ts under tsx (the chart module loads chart.js and the native canvas); prints JSON.
import { loadConfigFile } from "../src/config/read-file.js";
import { estimateWith } from "../src/engine/engine.js";
import { loadModelDir } from "../src/model/loader.js";
import { Registry } from "../src/model/registry.js";
import { estimateChart } from "../src/report/chart-spec.js";
import { renderChart } from "../src/report/chart.js";

const config = process.argv[2] ?? "examples/quickstart.yaml";
const runs = Number(process.argv[3] ?? 20);
const warmups = Number(process.argv[4] ?? 3);
const registry = new Registry(loadModelDir("models", { displayRoot: process.cwd() }));
const e = estimateWith(loadConfigFile(config).config, registry);
const spec = estimateChart(e);
const time = async (format: "png" | "svg") => {
  const t0 = process.hrtime.bigint();
  const buf = await renderChart(spec, { format });
  return { ms: Number(process.hrtime.bigint() - t0) / 1e6, bytes: buf.length };
};
const first = await time("png"); // includes the first draw's setup (fonts, canvas)
for (let i = 0; i < warmups; i++) await time("png");
const png: number[] = [];
let bytes = 0;
for (let i = 0; i < runs; i++) {
  const r = await time("png");
  png.push(r.ms);
  bytes = r.bytes;
}
const svg: number[] = [];
for (let i = 0; i < warmups; i++) await time("svg");
for (let i = 0; i < runs; i++) svg.push((await time("svg")).ms);
process.stdout.write(
  JSON.stringify({
    config,
    firstPngMs: first.ms,
    pngMs: png,
    svgMs: svg,
    pngBytes: bytes,
    chart: { kind: spec.kind, title: spec.title },
  }) + "\n",
);
