// The config values written as ranges ("4000..6000/s", "2KB..8KB", "30us +/-10%"), found in the
// config as written once the schema has accepted it (the schema's transforms give each field its
// point; they do not know the field's path). Keyed by config path, a channel by its name:
// channels.TO.HUB.rate. See docs/ranges.md "Inputs".
import { parseRange, type RangeKind } from "./units.js";
import type { InputRange } from "./types.js";

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
        for (const [k, kind] of CHANNEL) take(`channels.${ch.name}.${k}`, ch[k], kind);
    }
  return any ? out : undefined;
}
