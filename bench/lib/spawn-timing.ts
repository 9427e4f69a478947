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
  const t0 = process.hrtime.bigint();
  const r = spawnSync(process.execPath, cmd.args, { cwd, stdio: ["ignore", "pipe", "pipe"], maxBuffer: 64 << 20 });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.error) throw r.error;
  if (r.status !== (cmd.expectStatus ?? 0)) {
    throw new Error(`${cmd.name}: exit ${r.status}\n${r.stderr.toString().slice(0, 2000)}`);
  }
  return ms;
}

/** Runs each command `warmups` times, then `runs` times interleaved; returns the samples in ms. */
export function timeInterleaved(
  cmds: readonly TimedCommand[],
  { runs, warmups, cwd }: { runs: number; warmups: number; cwd: string },
): Record<string, number[]> {
  const out: Record<string, number[]> = {};
  for (const c of cmds) out[c.name] = [];
  for (let i = 0; i < warmups; i++) for (const c of cmds) timeOnce(c, cwd);
  for (let i = 0; i < runs; i++) {
    // Alternate the order too, so neither command always runs right after the other.
    const order = i % 2 === 0 ? cmds : [...cmds].reverse();
    for (const c of order) out[c.name]!.push(timeOnce(c, cwd));
  }
  return out;
}
