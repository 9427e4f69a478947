// Wall time of whole processes, measured from this process with process.hrtime around spawnSync.
// Commands are run interleaved (A, B, A, B, ...) so that drift in machine load hits all of them alike.
import { spawnSync } from "node:child_process";

export interface TimedCommand {
  name: string;
  args: string[];
  /** Checked after each run: a failing command must not be timed as if it were fast. */
  expectStatus?: number;
}

export function timeOnce(cmd: TimedCommand, cwd: string): number {
  return run(cmd, cwd, cmd.args).ms;
}

function run(cmd: TimedCommand, cwd: string, args: string[]) {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(process.execPath, args, { cwd, stdio: ["ignore", "pipe", "pipe"], maxBuffer: 64 << 20 });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.error) throw r.error;
  if (r.status !== (cmd.expectStatus ?? 0)) {
    throw new Error(`${cmd.name}: exit ${r.status}\n${r.stderr.toString().slice(0, 2000)}`);
  }
  return { ms, stderr: r.stderr.toString() };
}

/**
 * The CPU time (user and system, in ms) of one run, as the process itself reads it at exit
 * (bench/cpu-at-exit.cjs, preloaded with --require: process.cpuUsage(), every thread of it). Node's
 * spawnSync does not give a child's resource usage, and /usr/bin/time prints it to 10 ms only. Steadier
 * than wall time on a shared machine: waiting for a core is not counted.
 */
export function cpuOnce(cmd: TimedCommand, cwd: string, preload: string): number {
  const { stderr } = run(cmd, cwd, ["--require", preload, ...cmd.args]);
  const m = /mqzcap-bench-cpu-us (\d+)/.exec(stderr);
  if (!m) throw new Error(`${cmd.name}: no CPU time on standard error`);
  return Number(m[1]) / 1000;
}

/**
 * Runs each command `warmups` times, then `runs` times interleaved; returns the samples in ms: wall
 * time, or with `cpuPreload` each run's CPU time (cpuOnce).
 */
export function timeInterleaved(
  cmds: readonly TimedCommand[],
  { runs, warmups, cwd, cpuPreload }: { runs: number; warmups: number; cwd: string; cpuPreload?: string },
): Record<string, number[]> {
  const once = (c: TimedCommand) => (cpuPreload === undefined ? timeOnce(c, cwd) : cpuOnce(c, cwd, cpuPreload));
  const out: Record<string, number[]> = {};
  for (const c of cmds) out[c.name] = [];
  for (let i = 0; i < warmups; i++) for (const c of cmds) once(c);
  for (let i = 0; i < runs; i++) {
    // Alternate the order too, so neither command always runs right after the other.
    const order = i % 2 === 0 ? cmds : [...cmds].reverse();
    for (const c of order) out[c.name]!.push(once(c));
  }
  return out;
}
