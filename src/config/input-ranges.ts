// The config values written as ranges ("4000..6000/s", "2KB..8KB", "30us +/-10%"), found in the
// config as written once the schema has accepted it (the schema's transforms give each field its
// point; they do not know the field's path). Keyed by config path, a channel by its name:
// channels.TO.HUB.rate. See docs/ranges.md "Inputs".
import { parseRange, type RangeKind } from "./units.js";
import type { InputRange } from "./types.js";
import type { Diagnostic } from "../util/diagnostic.js";

/**
 * Ranged rates and message sizes at most: each costs two estimates (its ends alone), and two more are
 * run in all (every input low, every input high), so ten cost 22 estimates whatever the config's
 * size (src/engine/input-corners.ts). Checked when the config is read, so validate says what estimate
 * would.
 */
export const MAX_RANGED_INPUTS = 10;

/** Inputs the engine reads as intervals itself, not by runs at their ends. */
export const IN_ENGINE = "baseline.cost.";

/** The ranged inputs estimated at their ends (not baseline costs, not a range with equal ends). */
export function endInputs(ranges: Record<string, InputRange> | undefined): { path: string; range: InputRange }[] {
  const out: { path: string; range: InputRange }[] = [];
  if (!ranges) return out;
  for (const path of Object.keys(ranges)) {
    const range = ranges[path]!;
    if (!path.startsWith(IN_ENGINE) && range.low !== range.high) out.push({ path, range });
  }
  return out;
}

/** The refusal of more ranged inputs than the limit: a few named, the rest counted. */
export function tooManyRanged(paths: readonly string[], file: string, at?: { line: number; col: number }): Diagnostic {
  const named = paths.slice(0, 3).join(", ") + (paths.length > 3 ? `, and ${paths.length - 3} more` : "");
  return {
    file,
    ...(at ?? {}),
    message: `${paths.length} inputs are written as ranges (${named}); at most ${MAX_RANGED_INPUTS} can be`,
    severity: "error",
    suggestion: "write the inputs that matter least as single values",
  };
}

/** The fields that take a range, by kind. */
const WORKLOAD: [string, RangeKind][] = [
  ["rate", "rate"],
  ["messageSize", "size"],
];
const CHANNEL: [string, RangeKind][] = WORKLOAD;
const BASELINE_COST = ["qmgr", "chin", "app", "tcpip", "cf"] as const;

type Raw = Record<string, unknown>;
const section = (v: unknown): Raw | undefined =>
  v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Raw) : undefined;

/** The ranges a (schema-valid) config as written holds; undefined when it holds none. */
export function inputRanges(written: unknown): Record<string, InputRange> | undefined {
  const out: Record<string, InputRange> = {};
  let any = false;
  const take = (path: string, v: unknown, kind: RangeKind) => {
    if (typeof v !== "string") return;
    const r = parseRange(kind, v);
    if (r === undefined || "problem" in r) return; // the schema has refused a malformed one already
    out[path] = { low: r.low, value: r.value, high: r.high, written: v.trim() };
    any = true;
  };
  const root = section(written);
  const workload = section(root?.workload);
  if (workload) for (const [k, kind] of WORKLOAD) take(`workload.${k}`, workload[k], kind);
  const cost = section(section(root?.baseline)?.cost);
  if (cost) for (const k of BASELINE_COST) take(`baseline.cost.${k}`, cost[k], "time");
  const channels = root?.channels;
  if (Array.isArray(channels))
    for (const c of channels) {
      const ch = section(c);
      if (ch && typeof ch.name === "string")
        // The path is written only for a value that may be a range (a string): not for each of the
        // 1,000 definitions of every config a sensitivity tries.
        for (const [k, kind] of CHANNEL) if (typeof ch[k] === "string") take(`channels.${ch.name}.${k}`, ch[k], kind);
    }
  return any ? out : undefined;
}
