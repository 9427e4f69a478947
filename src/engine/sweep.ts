// Sweeps: vary one or two config inputs over a list of values (or a range in the steps the data has)
// and collect chosen outputs of each estimate.
import { parseConfigText } from "../config/load.js";
import { formatSize, parseSize } from "../config/units.js";
import type { Registry } from "../model/registry.js";
import { InputError } from "../util/diagnostic.js";
import { estimateWith } from "./engine.js";
import { checkMetrics, DEFAULT_METRICS, metricOf, unitOf } from "./metrics.js";
import { stringify } from "yaml";

export interface Vary {
  path: string;
  values: (string | number | boolean)[];
}

export interface SweepPoint {
  inputs: Record<string, string | number | boolean>;
  outputs: Record<string, number | null>;
}

export interface SweepResult {
  format: "mqzcap/sweep@1";
  vary: Vary[];
  metrics: string[];
  /** Each metric's unit, as the estimates give it (null when no point has the metric). */
  units: Record<string, string | null>;
  points: SweepPoint[];
  /** What a reader of the table must know to read it right (what the sweep holds fixed). */
  notes: string[];
}

// Config paths whose change a measured baseline does not follow: its cost was measured at one value.
const BASELINE_HELD = /^(workload\.(messageSize|persistent|pattern|queues|syncpoint)|channels\.[^.]+\.messageSize)$/;

/** Parses `path=v1,v2,...` or `path=LOW..HIGH`. */
export function parseVary(spec: string, stepsFor: (path: string, low: number, high: number) => number[]): Vary {
  const eq = spec.indexOf("=");
  if (eq <= 0) {
    throw new InputError([
      {
        file: "--vary",
        message: `"${spec}" is not PATH=V1,V2,... or PATH=LOW..HIGH`,
        severity: "error",
        suggestion: "for example --vary workload.messageSize=1KB,32KB,1MB",
      },
    ]);
  }
  const path = spec.slice(0, eq).trim();
  const rhs = spec.slice(eq + 1).trim();
  const range = /^(.+?)\.\.(.+)$/.exec(rhs);
  if (range) {
    const low = parseSize(range[1]!.trim());
    const high = parseSize(range[2]!.trim());
    if (low === undefined || high === undefined || !(low < high)) {
      throw new InputError([
        {
          file: "--vary",
          message: `range "${rhs}" must be LOW..HIGH with LOW below HIGH, in sizes or numbers`,
          severity: "error",
        },
      ]);
    }
    return { path, values: stepsFor(path, low, high) };
  }
  const values = rhs
    .split(",")
    .map((v) => v.trim())
    .filter((v) => v !== "")
    .map((v) => (v === "true" ? true : v === "false" ? false : /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : v));
  if (values.length === 0)
    throw new InputError([{ file: "--vary", message: `no values for ${path}`, severity: "error" }]);
  return { path, values };
}

/** Message sizes measured in the model tables between two sizes; powers of two when none are. */
export function measuredSteps(registry: Registry, low: number, high: number): number[] {
  const sizes = new Set<number>();
  for (const t of registry.entriesOf("table")) {
    for (const a of t.axes)
      if (a.name === "messageSize")
        for (const v of a.values) if (typeof v === "number" && v >= low && v <= high) sizes.add(v);
  }
  sizes.add(low);
  sizes.add(high);
  const out = [...sizes].sort((a, b) => a - b);
  if (out.length > 2) return out;
  const pow: number[] = [];
  for (let s = low; s < high; s *= 2) pow.push(s);
  pow.push(high);
  return pow;
}

/** Sets a dotted path in a config object; `channels.NAME` selects a channel by name. */
export function setPath(obj: Record<string, unknown>, path: string, value: unknown): void {
  const segs = path.split(".");
  let cur: Record<string, unknown> | unknown[] = obj;
  for (let i = 0; i < segs.length; i++) {
    const seg = segs[i]!;
    const last = i === segs.length - 1;
    if (Array.isArray(cur)) {
      const idx = /^\d+$/.test(seg) ? Number(seg) : cur.findIndex((c) => (c as { name?: unknown })?.name === seg);
      if (idx < 0 || idx >= cur.length)
        throw new InputError([
          {
            file: "--vary",
            message: `${path}: no list item "${seg}"`,
            severity: "error",
            suggestion: "use an index (channels.0) or a channel name (channels.CLIENTS)",
          },
        ]);
      if (last) cur[idx] = value;
      else cur = cur[idx] as Record<string, unknown>;
      continue;
    }
    if (last) {
      cur[seg] = value;
      continue;
    }
    if (cur[seg] === undefined || cur[seg] === null) cur[seg] = {};
    cur = cur[seg] as Record<string, unknown>;
  }
}

/** A swept value as the config would write it: sizes (a path ending in a size field) as 32KB, not 32768. */
export function inputText(path: string, v: string | number | boolean | undefined): string {
  return typeof v === "number" && /(messageSize|resetBytes)$/.test(path) ? formatSize(v) : String(v);
}

export function sweep(
  base: Record<string, unknown>,
  vary: Vary[],
  registry: Registry,
  metrics: string[] = DEFAULT_METRICS,
  onProgress?: (done: number, total: number) => void,
): SweepResult {
  if (vary.length === 0 || vary.length > 2) {
    throw new InputError([{ file: "--vary", message: "vary one input, or two for a grid", severity: "error" }]);
  }
  const grid: Record<string, string | number | boolean>[] = [];
  for (const a of vary[0]!.values) {
    if (vary.length === 1) grid.push({ [vary[0]!.path]: a });
    else for (const b of vary[1]!.values) grid.push({ [vary[0]!.path]: a, [vary[1]!.path]: b });
  }
  const points: SweepPoint[] = [];
  const units: Record<string, string | null> = {};
  const checkIds = metrics.some((m) => !DEFAULT_METRICS.includes(m));
  const ids = new Set<string>();
  grid.forEach((inputs, n) => {
    const cfg = structuredClone(base);
    for (const [p, v] of Object.entries(inputs)) setPath(cfg, p, v);
    const { config } = parseConfigText(
      stringify(cfg),
      `sweep point ${Object.entries(inputs)
        .map(([k, v]) => `${k}=${String(v)}`)
        .join(" ")}`,
    );
    const e = estimateWith(config, registry);
    // The item ids seen, for the metric check below, only when a name is not a known output.
    if (checkIds) for (const i of e.items) ids.add(i.id);
    points.push({ inputs, outputs: Object.fromEntries(metrics.map((m) => [m, metricOf(e, m)])) });
    for (const m of metrics) if (points.at(-1)!.outputs[m] !== null) units[m] ??= unitOf(e, m);
    onProgress?.(n + 1, grid.length);
  });
  checkMetrics(metrics, ids);
  const used = metrics.filter((m) => points.some((p) => p.outputs[m] !== null));
  for (const p of points) p.outputs = Object.fromEntries(used.map((m) => [m, p.outputs[m] ?? null]));
  const held = base.baseline !== undefined ? vary.filter((v) => BASELINE_HELD.test(v.path)).map((v) => v.path) : [];
  return {
    format: "mqzcap/sweep@1",
    vary,
    metrics: used,
    units: Object.fromEntries(used.map((m) => [m, units[m] ?? null])),
    points,
    notes: held.length
      ? [
          `baseline.cost is the same at every point: it was measured at one value of ${held.join(" and ")}, and only the costs the sources give change with it`,
        ]
      : [],
  };
}
