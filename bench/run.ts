// mqzcap benchmark suite: `npm run bench` (builds, then runs this). Writes bench/RESULTS.md and
// bench/results.json. Sections: 1 CLI start-up, 2 library throughput, 3 chart drawing, 4 peak memory,
// 5 interpolation accuracy (leave one out), 6 consistency of the reports' prose with their tables,
// 7 calibrate, 8 accuracy against the reports themselves (bench/ACCURACY.md, bench/cross-report.ts),
// 9 the live page in headless Chromium (bench/page.ts), 10 estimate, capacity and sensitivity against
// channel count (bench/scaling.ts).
// Nothing here asserts a time; the goals are reported as met or not.
import { build } from "esbuild";
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { recompute, type Recomputation } from "./consistency.js";
import { leaveOneOut, SCHEMES, type AccuracyResult } from "./accuracy.js";
import { machine } from "./lib/machine.js";
import { calibrateBench, calibrateSection } from "./calibrate.js";
import { crossReport, renderAccuracy } from "./cross-report.js";
import { conditionAccuracy } from "./condition-accuracy.js";
import { timeInterleaved } from "./lib/spawn-timing.js";
import { latencyBench, latencySection } from "./latency.js";
import { writeResults } from "./lib/write-results.js";
import { pageBench, pageSection } from "./page.js";
import { scalingBench, scalingSection } from "./scaling.js";
import { quantile, r3, summarise, type Summary } from "./lib/stats.js";
import { loadModelDir } from "../src/model/loader.js";
import { DEFAULT_SCHEME, Registry } from "../src/model/registry.js";

const ROOT = process.cwd();
const QUICK = process.argv.includes("--quick"); // fewer runs, for trying the bench itself out
const WRITE = process.argv.includes("--write"); // update the committed bench/RESULTS.md and results.json
const GOALS = {
  startRatio: 1.5,
  chartMs: 100,
  rssMB: 80,
  noisePct: 6,
  calibrateMBps: 100,
  calibrateRssMB: 150,
  pageFirstMs: 300,
  pageKeystrokeMs: 20,
};
const started = Date.now();
const log = (s: string) => process.stderr.write(`bench: ${s}\n`);

if (!existsSync(join(ROOT, "dist", "cli.cjs"))) {
  console.error("bench: dist/cli.cjs is missing; run `npm run bench` (it builds first)");
  process.exit(2);
}
// Other work may rebuild dist/ while the bench runs: time a private copy of this build.
const tmp = mkdtempSync(join(tmpdir(), "mqzcap-bench-"));
const dist = join(tmp, "dist");
cpSync(join(ROOT, "dist"), dist, { recursive: true });
process.on("exit", () => rmSync(tmp, { recursive: true, force: true }));

const m = machine();
log(`${m.cpuModel}, ${m.cores} cores, ${m.memoryGB} GB, Node ${m.node}`);

// ---------------------------------------------------------------- 1. CLI start to finish
log("1/6 CLI start-up");
const CLI = join(dist, "cli.cjs");
const runs = QUICK ? 8 : 25;
const cliTimes = timeInterleaved(
  [
    { name: "node -e 0", args: ["-e", "0"] },
    { name: "mqzcap --version", args: [CLI, "--version"] },
    { name: "mqzcap estimate examples/quickstart.yaml", args: [CLI, "estimate", "examples/quickstart.yaml"] },
  ],
  { runs, warmups: 3, cwd: ROOT },
);
const cli = Object.fromEntries(Object.entries(cliTimes).map(([k, v]) => [k, summarise(v)])) as Record<string, Summary>;
const nodeMed = cli["node -e 0"]!.median;
const estMed = cli["mqzcap estimate examples/quickstart.yaml"]!.median;
const verMed = cli["mqzcap --version"]!.median;
const startRatio = estMed / nodeMed;

// Where the time goes: each dependency bundled alone (esbuild, as the build does) and timed against
// node -e 0, interleaved; plus reading and parsing the shipped models JSON.
const parts: Record<string, string> = {
  "zod + config schema (validation of a config the parser below does not take)": `import { configSchemas } from ${JSON.stringify(join(ROOT, "src/config/schema.ts"))}; if (!configSchemas().Config) process.exit(1);`,
  "config parser generated from the schema (a valid config)": `import { fastConfig } from ${JSON.stringify(join(ROOT, "src/config/fast-parse.generated.ts"))}; if (typeof fastConfig({ version: 1, workload: { messageSize: "4KB", rate: "3000/s" } }) !== "object") process.exit(1);`,
  "zod + model schema (for --models)": `import { modelSchemas } from ${JSON.stringify(join(ROOT, "src/model/schema.ts"))}; if (!modelSchemas().ModelFile) process.exit(1);`,
  "yaml (parse a config)": `import { parseDocument, LineCounter } from "yaml"; parseDocument("a: 1\\nb: [1, 2]\\n", { lineCounter: new LineCounter() });`,
  commander: `import { Command } from "commander"; new Command("x");`,
  "rules and engine (no zod)": `import { RULES } from ${JSON.stringify(join(ROOT, "src/rules/index.ts"))}; if (!RULES.length) process.exit(1);`,
  "models: read dist/models.json, parse its index (what the CLI does)": `import { readFileSync } from "node:fs"; const b = readFileSync(${JSON.stringify(join(dist, "models.json"))}); JSON.parse(b.toString("utf8", 0, b.indexOf(10)));`,
  "models: read and parse every entry (as the CLI did before)": `import { readFileSync } from "node:fs"; const b = readFileSync(${JSON.stringify(join(dist, "models.json"))}); const nl = b.indexOf(10); const h = JSON.parse(b.toString("utf8", 0, nl)); for (const r of h.index) JSON.parse(b.toString("utf8", nl + 1 + r[2], nl + 1 + r[3]));`,
};
const partDir = join(tmp, "parts");
await build({
  entryPoints: Object.keys(parts).map((_, i) => join(partDir, `p${i}.ts`)),
  outdir: join(partDir, "out"),
  bundle: true,
  format: "esm",
  platform: "node",
  target: "node20",
  minify: true,
  logLevel: "silent",
  define: { __MQZCAP_VERSION__: '"bench"' },
  banner: { js: 'import { createRequire as __r } from "node:module"; const require = __r(import.meta.url);' },
  nodePaths: [join(ROOT, "node_modules")],
  plugins: [
    {
      name: "parts",
      setup(b) {
        b.onResolve({ filter: /p\d+\.ts$/ }, (a) => ({ path: a.path, namespace: "part" }));
        b.onLoad({ filter: /.*/, namespace: "part" }, (a) => ({
          contents: Object.values(parts)[Number(/p(\d+)\.ts$/.exec(a.path)![1])]!,
          loader: "ts",
          resolveDir: ROOT,
        }));
      },
    },
  ],
});
const partTimes = timeInterleaved(
  [
    { name: "node -e 0", args: ["-e", "0"] },
    ...Object.keys(parts).map((name, i) => ({ name, args: [join(partDir, "out", `p${i}.js`)] })),
  ],
  { runs: QUICK ? 6 : 15, warmups: 2, cwd: ROOT },
);
const partBase = summarise(partTimes["node -e 0"]!).median;
const breakdown = Object.keys(parts).map((name) => ({
  part: name,
  addedMs: r3(summarise(partTimes[name]!).median - partBase),
}));

// ---------------------------------------------------------------- 1b. Commands a planner runs while editing
log("1b/6 estimate, capacity, sensitivity and a 50-point sweep of examples/how-far-order-entry.yaml");
const latency = latencyBench(ROOT, CLI, { runs: QUICK ? 5 : 15, rounds: QUICK ? 1 : 3, load: m.loadAverageAtStart });

// ---------------------------------------------------------------- 2. Library throughput
log("2/6 library throughput (100,000 configs, one core)");
const worker = join(tmp, "throughput-worker.js");
await build({
  entryPoints: [join(ROOT, "bench/throughput-worker.ts")],
  outfile: worker,
  bundle: true,
  format: "esm",
  platform: "node",
  target: "node20",
  logLevel: "silent",
  define: { __MQZCAP_VERSION__: '"bench"' },
  external: ["@napi-rs/canvas"],
  banner: { js: 'import { createRequire as __r } from "node:module"; const require = __r(import.meta.url);' },
});
const hasTaskset = spawnSync("taskset", ["-c", "0", "true"]).status === 0;
const nConfigs = QUICK ? 20_000 : 100_000;
// Five passes: their median is steadier than three on a shared machine (the first pass after the
// warm-up runs about 10% slower than the rest).
const tpArgs = [worker, String(nConfigs), QUICK ? "2" : "5"];
const tpRun = hasTaskset
  ? spawnSync("taskset", ["-c", "0", process.execPath, ...tpArgs], { cwd: ROOT, encoding: "utf8", maxBuffer: 1 << 26 })
  : spawnSync(process.execPath, tpArgs, { cwd: ROOT, encoding: "utf8", maxBuffer: 1 << 26 });
if (tpRun.status !== 0) throw new Error(`throughput worker failed: ${tpRun.stderr}`);
const tp = JSON.parse(tpRun.stdout) as {
  generated: number;
  valid: number;
  rejected: number;
  engineFailuresPerPass: number;
  lineItemsPerPass: number;
  preParseMs: number;
  passes: { ms: number; perSecond: number }[];
};
const rates = tp.passes.map((p) => p.perSecond);
const tpMedian = quantile(rates, 0.5);

// ---------------------------------------------------------------- 3. Charts
log("3/6 chart drawing");
const chartRun = spawnSync(
  process.execPath,
  ["--import", "tsx", "bench/chart-worker.ts", "examples/quickstart.yaml", "20", "3"],
  {
    cwd: ROOT,
    encoding: "utf8",
  },
);
if (chartRun.status !== 0) throw new Error(`chart worker failed: ${chartRun.stderr}`);
const chart = JSON.parse(chartRun.stdout) as { firstPngMs: number; pngMs: number[]; svgMs: number[]; pngBytes: number };
const png = summarise(chart.pngMs);
const svg = summarise(chart.svgMs);

// ---------------------------------------------------------------- 4. Memory
log("4/6 peak memory");
const rssKB: number[] = [];
const useTime = existsSync("/usr/bin/time");
for (let i = 0; i < 5; i++) {
  const args = [
    process.execPath,
    ...(useTime ? [] : ["--import", join(ROOT, "bench/maxrss.mjs")]),
    CLI,
    "estimate",
    "examples/quickstart.yaml",
  ];
  const r = useTime
    ? spawnSync("/usr/bin/time", ["-v", ...args], { cwd: ROOT, encoding: "utf8" })
    : spawnSync(args[0]!, args.slice(1), { cwd: ROOT, encoding: "utf8" });
  if (r.status !== 0) throw new Error(`memory run failed: ${r.stderr}`);
  const mm = useTime
    ? /Maximum resident set size \(kbytes\): (\d+)/.exec(r.stderr)
    : /mqzcap-bench-maxrss-kb (\d+)/.exec(r.stderr);
  if (!mm) throw new Error(`no peak RSS in: ${r.stderr.slice(-500)}`);
  rssKB.push(Number(mm[1]));
}
const rss = summarise(rssKB.map((k) => k / 1024));

// ---------------------------------------------------------------- 5. Accuracy
log("5/6 accuracy, leave one out");
const data = loadModelDir(join(ROOT, "models"), { displayRoot: ROOT });
const acc: AccuracyResult = leaveOneOut(data, DEFAULT_SCHEME);
const bestForSizes = [...SCHEMES].sort((a, b) => acc.messageSizeAxes[a].median - acc.messageSizeAxes[b].median)[0]!;
const worse = acc.tables
  .map((t) => ({ ...t, reg: t.byScheme[t.registryScheme]! }))
  .filter((t) => t.reg.median > GOALS.noisePct || t.reg.p90 > GOALS.noisePct)
  .sort((a, b) => b.reg.median - a.reg.median);

// ---------------------------------------------------------------- 6. Consistency
log("6/6 consistency with the prose");
const cons: Recomputation[] = recompute(new Registry(data));
const byLabel = new Map<string, number>();
for (const c of cons) byLabel.set(c.label, (byLabel.get(c.label) ?? 0) + 1);

// ---------------------------------------------------------------- Output
const met = (ok: boolean) => (ok ? "**met**" : "**not met**");
const ms = (n: number) => `${n.toFixed(1)} ms`;
const pct = (n: number) => `${r3(n)}%`;
const fmtN = (n: number) => (Math.abs(n) >= 1000 ? Math.round(n).toLocaleString("en-US") : String(r3(n)));
/** Six significant digits, grouped: 4,623.38; 552.96; 0.868352. */
const p6 = (n: number) => Number(n.toPrecision(6)).toLocaleString("en-US", { maximumFractionDigits: 6 });
const esc = (s: string) => s.replace(/\|/g, "\\|").replace(/\n/g, " ");

const results = {
  format: "mqzcap/bench@1",
  machine: m,
  quick: QUICK,
  goals: GOALS,
  cliStart: {
    runsEach: runs,
    warmups: 3,
    interleaved: true,
    summariesMs: cli,
    ratioOfMedians: r3(startRatio),
    goalMet: startRatio <= GOALS.startRatio,
    moduleLoadMs: r3(verMed - nodeMed),
    estimateWorkMs: r3(estMed - verMed),
    breakdownAddedMs: breakdown,
  },
  latency,
  throughput: {
    configs: tp.generated,
    valid: tp.valid,
    rejected: tp.rejected,
    engineFailuresPerPass: tp.engineFailuresPerPass,
    lineItemsPerPass: tp.lineItemsPerPass,
    preParseMs: r3(tp.preParseMs),
    passes: tp.passes.map((p) => ({ ms: r3(p.ms), perSecond: Math.round(p.perSecond) })),
    medianPerSecond: Math.round(tpMedian),
    microsecondsPerEstimate: r3(1e6 / tpMedian),
    pinnedToOneCpu: hasTaskset,
  },
  charts: {
    firstPngMs: r3(chart.firstPngMs),
    pngMs: { median: r3(png.median), p10: r3(png.p10), p90: r3(png.p90), n: png.n },
    svgMs: { median: r3(svg.median), p10: r3(svg.p10), p90: r3(svg.p90), n: svg.n },
    pngBytes: chart.pngBytes,
    goalMet: png.median <= GOALS.chartMs,
  },
  memory: {
    method: useTime ? "/usr/bin/time -v" : "--import bench/maxrss.mjs (process.resourceUsage().maxRSS)",
    peakRssMB: rssKB.map((k) => r3(k / 1024)),
    medianMB: r3(rss.median),
    maxMB: r3(rss.max),
    goalMet: rss.max <= GOALS.rssMB,
  },
  accuracy: {
    defaultScheme: DEFAULT_SCHEME,
    bestSchemeForMessageSizes: bestForSizes,
    defaultIsBest: bestForSizes === DEFAULT_SCHEME,
    tablesWithNumericAxis: acc.tablesWithNumericAxis,
    seriesEvaluated: acc.seriesEvaluated,
    skipped: acc.skipped,
    overall: acc.overall,
    messageSizeAxes: acc.messageSizeAxes,
    otherAxes: acc.otherAxes,
    flaggedTargets: acc.flaggedTargets,
    tables: acc.tables,
    worseThanNoise: worse.map((t) => ({
      table: t.table,
      axis: t.axis,
      scheme: t.registryScheme,
      median: t.reg.median,
      p90: t.reg.p90,
      n: t.reg.n,
    })),
  },
  consistency: {
    count: cons.length,
    byLabel: Object.fromEntries(byLabel),
    recomputations: cons.map((c) => ({
      ...c,
      recomputed: Number(c.recomputed.toPrecision(6)),
      difference: Number(c.difference.toPrecision(4)),
    })),
  },
  elapsedSeconds: 0,
};
// ---------------------------------------------------------------- 7. calibrate
log("7/7 calibrate on a generated 1 GB of SMF data");
const calib = calibrateBench(ROOT, CLI, tmp, QUICK ? 100 : 1000);
(results as Record<string, unknown>).calibrate = calib ?? "skipped: ../shared/fixtures/smf is missing";
// ---------------------------------------------------------------- 8. Accuracy against the reports
// Data about the models, not timing: bench/ACCURACY.md (with --write; else bench/out/), alone by
// `npx tsx bench/cross-report.ts`.
log("8/8 accuracy against the reports themselves");
const cross = crossReport(data);
const acrossConditions = conditionAccuracy(data);
const accuracyFile = join(WRITE ? "bench" : join("bench", "out"), "ACCURACY.md");
mkdirSync(join(ROOT, dirname(accuracyFile)), { recursive: true });
writeFileSync(join(ROOT, accuracyFile), renderAccuracy(cross, acrossConditions));
(results as Record<string, unknown>).crossReport = cross.summary;
(results as Record<string, unknown>).acrossConditions = acrossConditions.byKind;
for (const k of acrossConditions.byKind)
  log(
    `  across conditions, ${k.kind}: ${k.cases} cases, range holds ${k.containsPct}% (target >= 90%), median half-width ${k.medianHalfWidthPct === Infinity ? "open" : `${k.medianHalfWidthPct}%`} (target <= 20%)${k.met ? "" : " (fewer than 20 cases: no target)"}`,
  );
// ---------------------------------------------------------------- 9. The live page
log("9/9 the live page in headless Chromium");
const pageResult = await pageBench(ROOT, join(dist, "mqzcap.html"), QUICK);
log("10 estimate, capacity and sensitivity against channel count");
const scaling = await scalingBench(dist, QUICK);
(results as Record<string, unknown>).page = pageResult;
(results as Record<string, unknown>).scaling = scaling;
results.elapsedSeconds = Math.round((Date.now() - started) / 1000);

const L: string[] = [];
L.push("# mqzcap benchmark results", "");
L.push(
  `Generated by \`npm run bench\` (bench/run.ts) on ${m.date.slice(0, 10)} in ${results.elapsedSeconds} s. Figures are this machine's; see bench/README.md for what each means.`,
  "",
);
L.push("## Machine", "");
L.push("| | |", "| --- | --- |");
L.push(
  `| CPU | ${m.cpuModel} |`,
  `| cores | ${m.cores} |`,
  `| memory | ${m.memoryGB} GB (${m.freeMemoryGB} GB free at start) |`,
);
L.push(
  `| Node | ${m.node} (V8 ${m.v8}) |`,
  `| OS | ${m.os} |`,
  `| date | ${m.date} |`,
  `| load average at start | ${m.loadAverageAtStart.join(", ")} |`,
  "",
);
L.push("## Summary", "");
L.push("| # | measure | result | goal | |", "| --- | --- | --- | --- | --- |");
L.push(
  `| 1 | CLI estimate wall time / \`node -e 0\` (medians) | ${r3(startRatio)}x (${ms(estMed)} / ${ms(nodeMed)}) | <= ${GOALS.startRatio}x | ${met(startRatio <= GOALS.startRatio)} |`,
);
L.push(
  `| 1b | estimate, capacity, sensitivity, 50-point sweep of how-far-order-entry / \`node -e 0\` (median of ${latency.rounds} rounds) | ${latency.ratio.estimate}x, ${latency.ratio.capacity}x, ${latency.ratio.sensitivity}x, ${latency.ratio.sweep50}x | <= ${latency.goals.estimate}x, ${latency.goals.capacity}x, ${latency.goals.sensitivity}x, ${latency.goals.sweep50}x | ${met(Object.values(latency.met).every(Boolean))} |`,
);
L.push(
  `| 2 | library estimates per second, one core | ${fmtN(tpMedian)}/s (${r3(1e6 / tpMedian)} us each) | reported, not a goal (the commands' wall times in 1b are) | |`,
);
L.push(
  `| 3 | PNG chart, median of ${png.n} after warm-up | ${ms(png.median)} | <= ${GOALS.chartMs} ms | ${met(png.median <= GOALS.chartMs)} |`,
);
L.push(
  `| 4 | peak RSS of one CLI estimate (max of ${rssKB.length}) | ${r3(rss.max)} MB | <= ${GOALS.rssMB} MB | ${met(rss.max <= GOALS.rssMB)} |`,
);
L.push(
  `| 5 | leave-one-out error, message-size axes, default scheme \`${DEFAULT_SCHEME}\` | median ${pct(acc.messageSizeAxes[DEFAULT_SCHEME].median)}, p90 ${pct(acc.messageSizeAxes[DEFAULT_SCHEME].p90)} | lowest of the three schemes | ${met(bestForSizes === DEFAULT_SCHEME)} |`,
);
L.push(
  `| 6 | printed figures recomputed from the model | ${cons.length}: ${[...byLabel].map(([k, v]) => `${v} ${k}`).join(", ")} | >= 12 | ${met(cons.length >= 12)} |`,
  "",
);

L.push("## 1. CLI start to finish", "");
L.push(
  `Each command ${runs} times after 3 warm-ups, interleaved (the order alternates every round), wall time from spawn to exit (process.hrtime around spawnSync), run from a copy of this build's dist/.`,
  "",
);
L.push("| command | median | p10 | p90 | min | max |", "| --- | --- | --- | --- | --- | --- |");
for (const [k, s] of Object.entries(cli))
  L.push(
    `| \`${k.replace("mqzcap", "node dist/cli.cjs")}\` | ${ms(s.median)} | ${ms(s.p10)} | ${ms(s.p90)} | ${ms(s.min)} | ${ms(s.max)} |`,
  );
L.push(
  "",
  `Ratio of medians, estimate / \`node -e 0\`: **${r3(startRatio)}** (goal ${GOALS.startRatio} or less: ${met(startRatio <= GOALS.startRatio)}).`,
  "",
);
L.push(
  `Where the time goes: loading and initialising the modules (\`--version\` minus \`node -e 0\`) ${ms(verMed - nodeMed)}; reading the config, validating, loading the models, estimating and printing (estimate minus \`--version\`) ${ms(estMed - verMed)}. Each part below is bundled alone and timed the same way (${QUICK ? 6 : 15} runs), as time added to \`node -e 0\`; parts overlap (zod is in both schema rows):`,
  "",
);
L.push("| part | added ms (median) |", "| --- | --- |");
for (const b of breakdown) L.push(`| ${b.part} | ${b.addedMs} |`);
L.push("");
L.push(
  "The CLI is one CommonJS bundle compiled with the V8 code cache the build makes (dist/cli-main.cjs.cache, see src/cli/launcher.ts), with chart code in a bundle of its own and commander's child_process loaded lazily; the parts above are timed without that cache, so they overstate what each costs in the CLI. Also: zod is imported as a namespace so that esbuild drops what mqzcap does not use, zod's per-schema compiler is switched off before any schema is built, the model file schemas are built only for --models, descriptions are registered without copying schemas, the ASCII bundle is read as latin1, and reports go to descriptor 1 by writeSync (no process.stdout stream, no node:tty unless the output is a terminal). A valid config is read by a parser generated from the config schema (src/config/fast-parse.generated.ts), so that zod's schemas are neither built nor run for it (they were some 10 ms of every start, #30), and a config file in the common shape without the yaml library (src/util/yaml-plain.ts). What remains is spread: deserialising the code cache (about 6 ms), the modules' own start (commander among them), the rules, four young-generation collections (about 5 ms; `--min-semi-space-size=16` on node's command line removes them, but a script cannot set it for itself, and node then starts 3 ms slower), and the table. Without the cache the same estimate took 2.44x `node -e 0` in this suite's first run.",
  "",
);

L.push(...latencySection(latency));
L.push("## 2. Library throughput", "");
L.push(
  `${fmtN(tp.generated)} generated configs (seeded; releases 8.0 to 9.3, z13 to z17, message sizes 256 bytes to 4MB, rates, 0-3 channels of every type with TLS ciphers, compression and SHARECNV, logging, encryption, AMS, streaming queues, SMF, shared queues, baselines), each parsed once with the config schema and checked for release semantics (${tp.rejected} rejected), then \`estimateWith(config, registry)\` over all of them, ${tp.passes.length} timed passes after one untimed warm-up pass, in one process${hasTaskset ? " pinned to one CPU with taskset" : ""}. The code is bundled by esbuild as the shipped library is.`,
  "",
);
L.push("| pass | ms | estimates/s |", "| --- | --- | --- |");
tp.passes.forEach((p, i) => L.push(`| ${i + 1} | ${r3(p.ms)} | ${fmtN(p.perSecond)} |`));
L.push(
  "",
  `Median **${fmtN(tpMedian)} estimates/s** (${r3(1e6 / tpMedian)} us each; ${fmtN(tp.lineItemsPerPass / tp.valid)} line items per estimate on average; ${tp.engineFailuresPerPass} configs per pass threw). Reported, not a goal: what a planner waits for is each command's wall time (section 1b).`,
  "",
);
L.push(
  "Profiled (node --cpu-prof on the worker), the time is spread over the rules rather than in one hotspot: building each line item's label, formula, inputs and citations, the registry's memoised lookups, and garbage collection (about 12% of the time). The formulas' text is the largest single part: on the bench bundle, with every rule's formula made a function that is never called, about 13% more estimates are made per second. Formulas stay strings (see bench/README.md, \"Not done\").",
  "",
);

L.push("## 3. Charts", "");
L.push(
  `The quickstart estimate's chart (src/report/chart-spec.ts estimateChart) drawn by src/report/chart.ts renderChart, 3 warm-ups then ${png.n} timed draws each.`,
  "",
);
L.push("| output | median | p10 | p90 |", "| --- | --- | --- | --- |");
L.push(
  `| PNG (${Math.round(chart.pngBytes / 1024)} KB) | ${ms(png.median)} | ${ms(png.p10)} | ${ms(png.p90)} |`,
  `| SVG | ${ms(svg.median)} | ${ms(svg.p10)} | ${ms(svg.p90)} |`,
);
L.push(
  "",
  `The first PNG in a process took ${ms(chart.firstPngMs)} (font registration, canvas and Chart.js set-up). Goal ${GOALS.chartMs} ms per PNG: ${met(png.median <= GOALS.chartMs)}.`,
  "",
);

L.push("## 4. Memory", "");
L.push(
  `Peak resident set size of \`node dist/cli.cjs estimate examples/quickstart.yaml\`, ${rssKB.length} runs, by ${results.memory.method}: ${results.memory.peakRssMB.join(", ")} MB. Maximum **${r3(rss.max)} MB** (goal ${GOALS.rssMB} MB: ${met(rss.max <= GOALS.rssMB)}).`,
  "",
);

L.push("## 5. Accuracy, leave one out", "");
L.push(
  `Every table with a numeric axis of three or more values (${acc.tablesWithNumericAxis} tables, ${acc.seriesEvaluated} series of three or more points): each interior point of each series (the other axes and the measure fixed) is dropped and predicted from the remaining points by src/model/interpolate.ts with each scheme; the absolute percentage error is reported. Skipped: ${acc.skipped.nullCells} cells with no number and ${acc.skipped.zeroCells} cells of zero (no percentage error), ${acc.skipped.shortSeries} series with fewer than three points once those are left out, and ${acc.skipped.nonPositiveX} log-scheme predictions on axes that reach zero. ${acc.skipped.flaggedTargets} points the source flags are reported separately and left out of the other figures.`,
  "",
);
L.push(
  "| points | n | linear median / p90 | log median / p90 | monotone median / p90 |",
  "| --- | --- | --- | --- | --- |",
);
const row = (name: string, s: Record<(typeof SCHEMES)[number], { n: number; median: number; p90: number }>) =>
  `| ${name} | ${s.linear.n} | ${pct(s.linear.median)} / ${pct(s.linear.p90)} | ${pct(s.log.median)} / ${pct(s.log.p90)} | ${pct(s.monotone.median)} / ${pct(s.monotone.p90)} |`;
L.push(
  row("all unflagged", acc.overall),
  row("message-size axes", acc.messageSizeAxes),
  row("other numeric axes", acc.otherAxes),
  row("flagged by the source", acc.flaggedTargets.overall),
  "",
);
L.push(
  `Lowest error on message-size axes: **${bestForSizes}**. DEFAULT_SCHEME (src/model/registry.ts) is \`${DEFAULT_SCHEME}\`${bestForSizes === DEFAULT_SCHEME ? ", the same" : `: it should be \`${bestForSizes}\``}. It was \`log\` until this bench showed linear interpolation in bytes predicting dropped message-size points about twice as well; axes with scale: linear always interpolate linearly.`,
  "",
);
L.push("Per table and axis (unflagged points; the scheme the registry uses on the axis is marked *):", "");
L.push(
  "| table | axis | n | linear median / p90 | log median / p90 | monotone median / p90 |",
  "| --- | --- | --- | --- | --- | --- |",
);
for (const t of acc.tables) {
  const cellOf = (s: (typeof SCHEMES)[number]) => {
    const x = t.byScheme[s];
    return x ? `${pct(x.median)} / ${pct(x.p90)}${t.registryScheme === s ? " *" : ""}` : "-";
  };
  L.push(`| ${t.table} | ${t.axis} | ${t.points} | ${cellOf("linear")} | ${cellOf("log")} | ${cellOf("monotone")} |`);
}
L.push(
  "",
  `Tables where the model (the registry's scheme) does worse than the reports' ±${GOALS.noisePct}% run-to-run noise, by median or p90:`,
  "",
);
if (worse.length === 0) L.push("None.", "");
else {
  L.push("| table | axis | scheme | median | p90 | n |", "| --- | --- | --- | --- | --- | --- |");
  for (const t of worse)
    L.push(`| ${t.table} | ${t.axis} | ${t.registryScheme} | ${pct(t.reg.median)} | ${pct(t.reg.p90)} | ${t.reg.n} |`);
  L.push("");
}
if (acc.flaggedTargets.points.length) {
  L.push("Flagged points (left out above):", "");
  L.push(
    "| table | measure | at | x | actual | linear | log | monotone | flags |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
  );
  for (const e of acc.flaggedTargets.points)
    L.push(
      `| ${e.table} | ${e.measure} | ${esc(JSON.stringify(e.at))} | ${e.x} | ${e.actual} | ${SCHEMES.map((s) => (e.ape[s] === undefined ? "-" : pct(e.ape[s]!))).join(" | ")} | ${e.flagged.join(", ")} |`,
    );
  L.push("");
}

L.push("## 6. Consistency with the prose", "");
L.push(
  "Figures a report states that can be recomputed from its own tables, recomputed from the model data (every input read from the model entries listed). Difference = printed - recomputed, in the printed unit. Labels: *agrees* (the recomputed value rounds to the printed one at its printed precision); *source truncation* (the printed value is the recomputed one cut off, at its precision or, for three or more digits ending in 0, at tens); *source rounding* (the printed value was derived from unrounded data and the difference is within the rounding of the printed inputs, or is a rounding to tens); *source mistake (flagged in the model)* (none of those, and the model flags the value); *differs (not flagged in the model)* would be a finding for the model files.",
  "",
);
L.push(
  "| # | claim | computation | printed | recomputed | difference | label | model flags | entries |",
  "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
);
cons.forEach((c, i) =>
  L.push(
    `| ${i + 1} | ${esc(c.claim)}${c.note ? ` (${esc(c.note)})` : ""} | ${esc(c.formula)} | ${esc(c.printedRaw)} | ${p6(c.recomputed)} | ${Number(c.difference.toPrecision(4))} | ${c.label} | ${c.modelFlags.join(", ") || "-"} | ${c.entries.join(", ")} |`,
  ),
);
const unflagged = cons.filter((c) => c.label !== "agrees" && c.modelFlags.length === 0);
const flagDisagrees = cons.filter(
  (c) =>
    c.modelFlags.length > 0 &&
    (c.label === "agrees" || c.label === "source rounding") &&
    c.modelFlags.includes("total-mismatch"),
);
L.push("");
if (unflagged.length)
  L.push(
    `Not flagged in the model although the printed value is not the plain rounding: ${unflagged.map((c) => `${c.id} (${c.label})`).join("; ")}.`,
    "",
  );
if (flagDisagrees.length)
  L.push(
    `Flagged total-mismatch in the model, but within the rounding of the printed inputs: ${flagDisagrees.map((c) => c.id).join("; ")}.`,
    "",
  );

L.push("", ...calibrateSection(calib, { mbPerSecond: GOALS.calibrateMBps, rssMB: GOALS.calibrateRssMB }));
const cs = cross.summary;
L.push(
  "",
  "## 8. Accuracy against the reports themselves",
  "",
  `Each figure two reports both measured, predicted from the other report only (${accuracyFile} lists every case): ${cs.cases} cases, ${cs.predicted} predicted, ${cs.gaps} gaps; the range holds the measured figure in ${pct(cs.containsPct)} (target 90%: ${met(cs.met.contains)}), median half-width ${pct(cs.medianHalfWidthPct)} (target 15% at most: ${met(cs.met.halfWidth)}), points within +/-6% in ${pct(cs.withinSharePct)} (target 60%: ${met(cs.met.within)}).`,
);
L.push("", ...pageSection(pageResult, { firstMs: GOALS.pageFirstMs, keystrokeMs: GOALS.pageKeystrokeMs }));
L.push("", ...scalingSection(scaling));
const written = writeResults(
  ROOT,
  L.join("\n").replace(/\n{3,}/g, "\n\n"),
  JSON.stringify(results, null, 2) + "\n",
  WRITE,
);
log(
  `wrote ${written.join(" and ")} in ${results.elapsedSeconds} s${WRITE ? "" : " (npm run bench -- --write updates the committed bench/RESULTS.md and results.json)"}`,
);
