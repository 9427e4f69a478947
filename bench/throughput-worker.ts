// Library throughput: estimateWith over a sweep of generated configs, on one core. Bundled by esbuild
// (as the shipped library is) and run in a child process pinned to one CPU by run.ts; prints JSON.
import { canonicalConfig } from "../src/config/canonical.generated.js";
import { configSchemas, type Config } from "../src/config/schema.js";
import { checkSemantics } from "../src/config/semantics.js";
import { estimateWith } from "../src/engine/engine.js";
import { loadModelDir } from "../src/model/loader.js";
import { Registry } from "../src/model/registry.js";
import { parseYamlSource } from "../src/util/yaml-source.js";
import { generateConfigs } from "./lib/configs.js";

const { Config: ConfigSchema } = configSchemas();

const n = Number(process.argv[2] ?? 100000);
const passes = Number(process.argv[3] ?? 3);
const registry = new Registry(loadModelDir("models", { displayRoot: process.cwd() }));

// Pre-parse: the schema (with its defaults and unit conversions) and the semantic checks, once.
const t0 = performance.now();
const emptySource = parseYamlSource("{}\n", "<bench>");
const configs: Config[] = [];
let rejected = 0;
const reasons = new Map<string, number>();
for (const raw of generateConfigs(n)) {
  const r = ConfigSchema.safeParse(raw);
  if (!r.success) {
    rejected++;
    const k = r.error.issues[0]?.message ?? "?";
    reasons.set(k, (reasons.get(k) ?? 0) + 1);
    continue;
  }
  const sem = checkSemantics(r.data, emptySource);
  if (sem.length) {
    rejected++;
    reasons.set(sem[0]!.message, (reasons.get(sem[0]!.message) ?? 0) + 1);
    continue;
  }
  // As the library's parser (parseConfigText) hands configs out: of one shape (canonical.generated.ts).
  configs.push(canonicalConfig(r.data));
}
const parseMs = performance.now() - t0;

// Configs the engine rejects (a lookup with no data) are counted, not timed apart: they are part of
// the sweep as a user would run it.
let failures = 0;
const run = (list: readonly Config[]) => {
  let items = 0;
  for (const c of list) {
    try {
      items += estimateWith(c, registry).items.length;
    } catch {
      failures++;
    }
  }
  return items;
};
run(configs); // warm-up: one untimed pass (JIT and the registry's caches)
failures = 0;
// CPU time beside wall time: on a busy machine a pinned process waits for its core, and only the
// CPU time says what the estimates cost (A/B comparisons while other work runs).
const results: { ms: number; perSecond: number; cpuMs: number; perCpuSecond: number }[] = [];
let items = 0;
for (let p = 0; p < passes; p++) {
  const s = process.hrtime.bigint();
  const cpu0 = process.cpuUsage();
  items = run(configs);
  const cpu = process.cpuUsage(cpu0);
  const ms = Number(process.hrtime.bigint() - s) / 1e6;
  const cpuMs = (cpu.user + cpu.system) / 1000;
  results.push({ ms, perSecond: (configs.length / ms) * 1000, cpuMs, perCpuSecond: (configs.length / cpuMs) * 1000 });
}
process.stdout.write(
  JSON.stringify({
    generated: n,
    valid: configs.length,
    rejected,
    rejectReasons: Object.fromEntries(reasons),
    engineFailuresPerPass: failures / passes,
    lineItemsPerPass: items,
    preParseMs: parseMs,
    passes: results,
  }) + "\n",
);
