// Bench section 1b: what a planner waits for while editing (#30). The wall time of each command on
// examples/how-far-order-entry.yaml, from spawn to exit, as a ratio to `node -e 0` timed in the same
// rounds (interleaved, so a busy machine slows both alike and the ratio keeps most of its meaning).
// Goals: estimate 1.5x, capacity 2x, sensitivity 3x, a sweep of 50 points 2x.
// Each round also times CPU (user and system, as each process reads it at exit: bench/cpu-at-exit.cjs)
// in a second interleaved pass: steadier than wall time on a shared machine, as waiting for a core is
// not counted; reported beside the wall ratios, the goals are held to wall time.
// Alone: npx tsx bench/latency.ts [--runs N] [--rounds R] (after a build; it times dist/cli.cjs).
// With --rounds R it repeats the whole measurement R times and reports each round's ratios and their
// median: on a shared machine one round can be thrown by another process's burst.
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { timeInterleaved } from "./lib/spawn-timing.js";
import { median, r3, summarise, type Summary } from "./lib/stats.js";

export const LATENCY_CONFIG = "examples/how-far-order-entry.yaml";
export const LATENCY_GOALS = { estimate: 1.5, capacity: 2, sensitivity: 3, sweep50: 2 } as const;
type Command = keyof typeof LATENCY_GOALS;

// 50 rates, 500/s to 25,000/s in steps of 500/s: a sweep of 50 points, one estimate each.
const RATES = Array.from({ length: 50 }, (_, k) => `${(k + 1) * 500}/s`).join(",");

export interface LatencyBench {
  config: string;
  runsEach: number;
  rounds: number;
  /** Per round: each command's median (ms) and its ratio to node -e 0's median in that round. */
  perRound: { nodeMs: number; ms: Record<Command, number>; ratio: Record<Command, number> }[];
  /** The median over rounds of each ratio: the figure held against the goal. */
  ratio: Record<Command, number>;
  summariesMs: Record<string, Summary>;
  /** The same from the CPU pass: CPU ms, ratios to node -e 0's CPU ms, per round and their median. */
  cpuPerRound: { nodeMs: number; ms: Record<Command, number>; ratio: Record<Command, number> }[];
  cpuRatio: Record<Command, number>;
  cpuSummariesMs: Record<string, Summary>;
  loadAverageAtStart: number[];
  goals: typeof LATENCY_GOALS;
  met: Record<Command, boolean>;
}

export function latencyBench(
  root: string,
  cli: string,
  { runs = 15, rounds = 1, load = [] as number[] } = {},
): LatencyBench {
  const cmds: { name: Command | "node -e 0"; args: string[] }[] = [
    { name: "node -e 0", args: ["-e", "0"] },
    { name: "estimate", args: [cli, "estimate", LATENCY_CONFIG] },
    { name: "capacity", args: [cli, "capacity", LATENCY_CONFIG] },
    { name: "sensitivity", args: [cli, "sensitivity", LATENCY_CONFIG] },
    { name: "sweep50", args: [cli, "sweep", LATENCY_CONFIG, "--vary", `workload.rate=${RATES}`] },
  ];
  const names = Object.keys(LATENCY_GOALS) as Command[];
  const perRound: LatencyBench["perRound"] = [];
  const cpuPerRound: LatencyBench["cpuPerRound"] = [];
  const all: Record<string, number[]> = {};
  const allCpu: Record<string, number[]> = {};
  const cpuPreload = join(root, "bench", "cpu-at-exit.cjs");
  const roundOf = (t: Record<string, number[]>) => {
    const nodeMs = median(t["node -e 0"]!);
    const ms = Object.fromEntries(names.map((n) => [n, r3(median(t[n]!))])) as Record<Command, number>;
    const ratio = Object.fromEntries(names.map((n) => [n, r3(ms[n] / nodeMs)])) as Record<Command, number>;
    return { nodeMs: r3(nodeMs), ms, ratio };
  };
  for (let k = 0; k < rounds; k++) {
    const t = timeInterleaved(cmds, { runs, warmups: 2, cwd: root });
    for (const [n, v] of Object.entries(t)) (all[n] ??= []).push(...v);
    perRound.push(roundOf(t));
    const c = timeInterleaved(cmds, { runs, warmups: 1, cwd: root, cpuPreload });
    for (const [n, v] of Object.entries(c)) (allCpu[n] ??= []).push(...v);
    cpuPerRound.push(roundOf(c));
  }
  const medianRatio = (per: LatencyBench["perRound"]) =>
    Object.fromEntries(names.map((n) => [n, r3(median(per.map((p) => p.ratio[n])))])) as Record<Command, number>;
  const ratio = medianRatio(perRound);
  return {
    config: LATENCY_CONFIG,
    runsEach: runs,
    rounds,
    perRound,
    ratio,
    summariesMs: Object.fromEntries(Object.entries(all).map(([k, v]) => [k, summarise(v)])),
    cpuPerRound,
    cpuRatio: medianRatio(cpuPerRound),
    cpuSummariesMs: Object.fromEntries(Object.entries(allCpu).map(([k, v]) => [k, summarise(v)])),
    loadAverageAtStart: load,
    goals: LATENCY_GOALS,
    met: Object.fromEntries(names.map((n) => [n, ratio[n] <= LATENCY_GOALS[n]])) as Record<Command, boolean>,
  };
}

const LABELS: Record<Command, string> = {
  estimate: "`estimate`",
  capacity: "`capacity`",
  sensitivity: "`sensitivity`",
  sweep50: "`sweep --vary workload.rate=` 50 values",
};

export function latencySection(r: LatencyBench): string[] {
  const names = Object.keys(LATENCY_GOALS) as Command[];
  const ms = (n: number) => `${n.toFixed(1)} ms`;
  return [
    "## 1b. Commands a planner runs while editing",
    "",
    `\`node dist/cli.cjs COMMAND ${r.config}\` and \`node -e 0\`, ${r.runsEach} runs each after 2 warm-ups, interleaved, in ${r.rounds} round${r.rounds === 1 ? "" : "s"}; each round's ratio is the command's median over \`node -e 0\`'s median in that round, and the figure held against the goal is the median of the rounds' ratios. Load average at start: ${r.loadAverageAtStart.join(", ") || "not read"}.`,
    "",
    "| command | ratio (median of rounds) | rounds' ratios | median wall time, all runs | goal | CPU ratio (median of rounds) | rounds' CPU ratios | median CPU time |",
    "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ...names.map(
      (n) =>
        `| ${LABELS[n]} | **${r.ratio[n]}x** | ${r.perRound.map((p) => p.ratio[n]).join(", ")} | ${ms(r.summariesMs[n]!.median)} | <= ${r.goals[n]}x: ${r.met[n] ? "met" : "**not met**"} | ${r.cpuRatio[n]}x | ${r.cpuPerRound.map((p) => p.ratio[n]).join(", ")} | ${ms(r.cpuSummariesMs[n]!.median)} |`,
    ),
    `| \`node -e 0\` | 1 | | ${ms(r.summariesMs["node -e 0"]!.median)} | | 1 | | ${ms(r.cpuSummariesMs["node -e 0"]!.median)} |`,
    "",
    "CPU time is user plus system time of every thread of the process, as it reads it at exit (`process.cpuUsage()`, bench/cpu-at-exit.cjs preloaded with `--require`), in a second interleaved pass of each round; it leaves out the time spent waiting for a core, so it moves less with the load than wall time. The goals are held to wall time.",
    "",
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const root = process.cwd();
  const arg = (name: string, d: number) => {
    const i = process.argv.indexOf(name);
    return i >= 0 ? Number(process.argv[i + 1]) : d;
  };
  const { loadavg } = await import("node:os");
  const load = loadavg().map((x) => Math.round(x * 100) / 100);
  const r = latencyBench(root, join(root, "dist", "cli.cjs"), {
    runs: arg("--runs", 15),
    rounds: arg("--rounds", 1),
    load,
  });
  console.log(latencySection(r).join("\n"));
  if (process.argv.includes("--json")) console.log(JSON.stringify(r, null, 2));
}
