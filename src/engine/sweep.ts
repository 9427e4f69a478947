// Sweeps: vary one or two config inputs over a list of values (or a range in the steps the data has)
// and collect chosen outputs of each estimate.
import { parseConfigValue, type ParseMemo } from "../config/load.js";
import { formatSize, parseSize } from "../config/units.js";
import type { Registry } from "../model/registry.js";
import { InputError } from "../util/diagnostic.js";
import { formatNumber } from "../util/number-format.js";
import { estimateWith } from "./engine.js";
import { RuleMemo } from "./rule-memo.js";
import { checkMetrics, checkPresent, DEFAULT_METRICS, metricRangeOf, unitOf } from "./metrics.js";

export interface Vary {
  path: string;
  values: (string | number | boolean)[];
}

export interface SweepPoint {
  inputs: Record<string, string | number | boolean>;
  outputs: Record<string, number | null>;
  /** Each output's low and high (docs/ranges.md), null where the output has no value: the chart's bands. */
  ranges: Record<string, [number, number] | null>;
  /** The limit that binds first at this point (the estimate's bottleneck), by its label; null: none. */
  binding: string | null;
  /** The line items of this point's estimate extrapolated outside what their source measured, by id. */
  extrapolated: string[];
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
const BASELINE_HELD = /^(?:workload\.(?:messageSize|persistent|pattern|queues|syncpoint)|channels\..+\.messageSize)$/;

/**
 * Points a sweep may have, one estimate each, its values for one input or a grid of two together, said
 * in --help. Each point is its config written, parsed and checked, then estimated: about 1.2 ms of CPU
 * for the quickstart example on the 2-core bench machine, so 20,000 points take under half a minute
 * (100,000 took 5 minutes, issue #29).
 */
export const MAX_SWEEP_POINTS = 20000;
/** Points a range of numbers (not sizes) is cut into: its ends and nine steps between. */
const NUMBER_STEPS = 10;

// Config fields that hold a size (32KB, 4MB): a range over one steps through the sizes the data has.
const SIZE_FIELD = /(?:^|\.)(?:messageSize|resetBytes|logOverheadPerMessage|structureSize|used|free)$/;

/** Whether a config path names a size field. */
export function isSizePath(path: string): boolean {
  return SIZE_FIELD.test(path);
}

// Path segments that would reach an object's prototype rather than a config key.
const FORBIDDEN_SEGMENTS = new Set(["__proto__", "constructor", "prototype"]);

function varyError(message: string, suggestion?: string): never {
  throw new InputError([{ file: "--vary", message, severity: "error", ...(suggestion ? { suggestion } : {}) }]);
}

/** A number as a --vary range end: digits, a sign, a point, digit-group commas ("50,000"). */
function rangeNumber(text: string): number | undefined {
  const t = text.replace(/,/g, "").trim();
  if (!/^[-+]?(?:\d+(?:\.\d*)?|\.\d+)$/.test(t)) return undefined;
  const n = Number(t);
  return Number.isFinite(n) ? n : undefined;
}

// A range end's unit, as the config writes it: "/s" of a rate, "us" of a cost, "%" of a share.
const END_UNIT = /^([^a-zA-Z/%]*)([a-zA-Z/%]*)$/;

/**
 * The ends of a number range with their unit: "1000/s..50000/s" or, as the config's own ranges,
 * "1000..50000/s" (a bare low end takes the high end's unit). The steps are written back with the
 * unit, so the config reads them as it reads the user's own values.
 */
function numberRange(rhs: string, dots: number): { low: number; high: number; unit: string } | undefined {
  const lowM = END_UNIT.exec(rhs.slice(0, dots).trim());
  const highM = END_UNIT.exec(rhs.slice(dots + 2).trim());
  if (!lowM || !highM) return undefined;
  const unit = highM[2]!;
  if (lowM[2] !== "" && lowM[2] !== unit) return undefined;
  const low = rangeNumber(lowM[1]!);
  const high = rangeNumber(highM[1]!);
  return low === undefined || high === undefined ? undefined : { low, high, unit };
}

/**
 * Parses `path=v1,v2,...` or `path=LOW..HIGH`. A range over a size field steps through the sizes
 * `stepsFor` gives (the sizes the data has); over any other field, in ten equal steps (whole numbers
 * when both ends are).
 */
export function parseVary(spec: string, stepsFor: (path: string, low: number, high: number) => number[]): Vary {
  const eq = spec.indexOf("=");
  if (eq <= 0) {
    varyError(
      `"${spec}" is not PATH=V1,V2,... or PATH=LOW..HIGH`,
      "for example --vary workload.messageSize=1KB,32KB,1MB",
    );
  }
  const path = spec.slice(0, eq).trim();
  checkPath(path);
  const rhs = spec.slice(eq + 1).trim();
  const dots = rhs.indexOf("..");
  if (dots > 0) {
    const size = isSizePath(path);
    const ends = size
      ? { low: parseSize(rhs.slice(0, dots).trim()), high: parseSize(rhs.slice(dots + 2).trim()), unit: "" }
      : numberRange(rhs, dots);
    const low = ends?.low;
    const high = ends?.high;
    // Said apart: an end that is not a number ("1e300/s") is not a LOW above its HIGH.
    if (low === undefined || high === undefined)
      varyError(
        `range "${rhs}": each end must be ${size ? "a size (1KB..4MB) or bytes" : "a number in digits, with one unit if any (1000..50000/s)"}`,
      );
    if (!(low! < high!)) varyError(`range "${rhs}": LOW must be below HIGH`);
    const unit = ends!.unit;
    const values = size
      ? stepsFor(path, low, high)
      : numberSteps(low, high).map((v): string | number => (unit ? `${v}${unit}` : v));
    if (values.length > MAX_SWEEP_POINTS)
      varyError(`range "${rhs}" has more than ${formatNumber(MAX_SWEEP_POINTS, 0)} steps`);
    return { path, values };
  }
  const values = rhs
    .split(",")
    .map((v) => v.trim())
    .filter((v) => v !== "")
    .map((v) => (v === "true" ? true : v === "false" ? false : /^-?\d+(?:\.\d+)?$/.test(v) ? Number(v) : v));
  if (values.length === 0) varyError(`no values for ${path}`);
  if (values.length > MAX_SWEEP_POINTS)
    varyError(`${path} has ${values.length} values; a sweep takes at most ${formatNumber(MAX_SWEEP_POINTS, 0)} points`);
  return { path, values };
}

/** Refuses a path that could not name a config field: empty segments, or a prototype's name. */
function checkPath(path: string): void {
  const segs = path.split(".");
  if (segs.some((s) => s === ""))
    varyError(`"${path}" is not a config path`, "for example workload.rate or channels.CLIENTS.count");
  const bad = segs.find((s) => FORBIDDEN_SEGMENTS.has(s));
  if (bad) varyError(`${path}: "${bad}" is not a config key`, "name a config field, for example workload.rate");
}

/** Ten equal steps from low to high; whole numbers (without repeats) when both ends are whole. */
export function numberSteps(low: number, high: number): number[] {
  const whole = Number.isInteger(low) && Number.isInteger(high);
  if (whole && high - low <= NUMBER_STEPS) return Array.from({ length: high - low + 1 }, (_, k) => low + k);
  const out: number[] = [];
  for (let k = 0; k <= NUMBER_STEPS; k++) {
    const v = k === NUMBER_STEPS ? high : low + ((high - low) * k) / NUMBER_STEPS;
    const step = whole ? Math.round(v) : Number(v.toPrecision(12));
    if (out.at(-1) !== step) out.push(step);
  }
  return out;
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
  // Doubling from the first size above zero: doubling from 0 never gets anywhere.
  const pow: number[] = low > 0 ? [] : [low];
  for (let s = Math.max(low, 1); s < high; s *= 2) pow.push(s);
  pow.push(high);
  return pow;
}

/**
 * Sets a dotted path in a config object; `channels.NAME` selects a channel by name, a name with dots
 * in it too (`channels.TO.HUB.count`: the longest name that a channel has).
 */
export function setPath(obj: Record<string, unknown>, path: string, value: unknown): void {
  setPathIn(obj, path, value, false);
}

/**
 * The config with a dotted path set (as setPath), leaving `obj` as it was: only the sections and lists
 * on the path are copied, the rest is shared with `obj`. A sweep point differs from the config in one
 * or two values: a deep copy of the whole config for each point was work for nothing (about 1% of a
 * 300-point sweep).
 */
export function withPath(obj: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const out = { ...obj };
  setPathIn(out, path, value, true);
  return out;
}

const shallowCopy = (v: Record<string, unknown> | unknown[]): Record<string, unknown> | unknown[] =>
  Array.isArray(v) ? [...(v as unknown[])] : { ...v };

function setPathIn(obj: Record<string, unknown>, path: string, value: unknown, copy: boolean): void {
  checkPath(path);
  const segs = path.split(".");
  let cur: Record<string, unknown> | unknown[] = obj;
  for (let i = 0; i < segs.length; i++) {
    let seg = segs[i]!;
    if (Array.isArray(cur)) {
      let idx = /^\d+$/.test(seg) ? Number(seg) : -1;
      if (idx < 0) {
        const list = cur;
        for (let j = segs.length; j > i && idx < 0; j--) {
          const name = segs.slice(i, j).join(".");
          idx = list.findIndex((c) => (c as { name?: unknown } | null)?.name === name);
          if (idx >= 0) i = j - 1;
        }
        seg = segs[i]!;
      }
      if (idx < 0 || idx >= cur.length)
        varyError(`${path}: no list item "${seg}"`, "use an index (channels.0) or a channel name (channels.CLIENTS)");
      if (i === segs.length - 1) cur[idx] = value;
      else {
        const next = sectionAt(cur[idx], path, segs.slice(0, i + 1).join("."));
        cur = copy ? (cur[idx] = shallowCopy(next)) : next;
      }
      continue;
    }
    if (i === segs.length - 1) {
      cur[seg] = value;
      continue;
    }
    if (cur[seg] === undefined || cur[seg] === null) cur[seg] = {};
    const next = sectionAt(cur[seg], path, segs.slice(0, i + 1).join("."));
    cur = copy ? (cur[seg] = shallowCopy(next)) : next;
  }
}

/** The section or list at a path's prefix; a scalar there cannot hold the rest of the path. */
function sectionAt(v: unknown, path: string, prefix: string): Record<string, unknown> | unknown[] {
  if (v === null || typeof v !== "object") varyError(`${path}: ${prefix} is a value, not a section or list`);
  return v as Record<string, unknown> | unknown[];
}

/** A swept value as the config would write it: sizes (a path ending in a size field) as 32KB, not 32768. */
export function inputText(path: string, v: string | number | boolean | undefined): string {
  return typeof v === "number" && isSizePath(path) ? formatSize(v) : String(v);
}

export function sweep(
  base: Record<string, unknown>,
  vary: Vary[],
  registry: Registry,
  asked?: readonly string[],
  onProgress?: (done: number, total: number) => void,
): SweepResult {
  if (vary.length === 0 || vary.length > 2) varyError("vary one input, or two for a grid");
  if (vary.length === 2 && vary[0]!.path === vary[1]!.path)
    varyError(`${vary[0]!.path} is varied twice`, "vary two different inputs, or list every value in one --vary");
  const count = vary.reduce((n, v) => n * v.values.length, 1);
  if (count > MAX_SWEEP_POINTS)
    varyError(
      `the sweep has ${vary.map((v) => v.values.length).join(" x ")} = ${formatNumber(count, 0)} points; at most ${formatNumber(MAX_SWEEP_POINTS, 0)} are allowed`,
      "use fewer values, or a range over a smaller span",
    );
  const metrics = asked ?? DEFAULT_METRICS;
  const grid: Record<string, string | number | boolean>[] = [];
  for (const a of vary[0]!.values) {
    if (vary.length === 1) grid.push({ [vary[0]!.path]: a });
    else for (const b of vary[1]!.values) grid.push({ [vary[0]!.path]: a, [vary[1]!.path]: b });
  }
  const points: SweepPoint[] = [];
  // Points differ in one or two inputs: rules that read neither are replayed, not run (rule-memo.ts).
  const memo = new RuleMemo();
  const parsed: ParseMemo = new Map();
  const units: Record<string, string | null> = {};
  const checkIds = metrics.some((m) => !DEFAULT_METRICS.includes(m));
  const ids = new Set<string>();
  grid.forEach((inputs, n) => {
    let cfg = base as Record<string, unknown>;
    for (const [p, v] of Object.entries(inputs)) cfg = withPath(cfg, p, v);
    const { config } = parseConfigValue(
      cfg,
      `sweep point ${Object.entries(inputs)
        .map(([k, v]) => `${k}=${String(v)}`)
        .join(" ")}`,
      { memo: parsed },
    );
    const e = estimateWith(config, registry, undefined, memo);
    // The item ids seen, for the metric check below, only when a name is not a known output.
    if (checkIds) for (const i of e.items) ids.add(i.id);
    const ranged = metrics.map((m) => metricRangeOf(e, m));
    points.push({
      inputs,
      outputs: Object.fromEntries(metrics.map((m, k) => [m, ranged[k]?.value ?? null])),
      ranges: Object.fromEntries(
        metrics.map((m, k) => [m, ranged[k] ? ([ranged[k].low, ranged[k].high] as [number, number]) : null]),
      ),
      binding: e.bottleneck?.label ?? null,
      extrapolated: [...new Set(e.items.filter((i) => i.confidence === "extrapolated").map((i) => i.id))],
    });
    for (const m of metrics) if (points.at(-1)!.outputs[m] !== null) units[m] ??= unitOf(e, m);
    onProgress?.(n + 1, grid.length);
  });
  checkMetrics(metrics, ids, "--metric");
  const used = metrics.filter((m) => points.some((p) => p.outputs[m] !== null));
  if (asked) checkPresent(asked, used, "--metric");
  for (const p of points) {
    p.outputs = Object.fromEntries(used.map((m) => [m, p.outputs[m] ?? null]));
    p.ranges = Object.fromEntries(used.map((m) => [m, p.ranges[m] ?? null]));
  }
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
