// Config inputs written as ranges (config.ranges: "rate: 4000..6000/s", "messageSize: 2KB..8KB"): the
// estimate is run at the inputs' points and at every corner of their ranges, and each figure's range
// is the envelope of its ranges at all of them (docs/ranges.md "Inputs"). Evaluating the rules at the
// ends, rather than scaling the point's figures, is what makes a message-size range sound: costs are
// not linear in size, and a range may cross a table's measured sizes or a threshold. Baseline CPU costs
// written as ranges are not cornered: the engine adds them as intervals (engine.ts baseOf).
import type { Config, InputRange } from "../config/types.js";
import type { RangePart } from "../model/ranges.js";
import { InputError } from "../util/diagnostic.js";
import type { Estimate, Range } from "./engine.js";
import type { RangedLineItem } from "./types.js";

/**
 * Ranged inputs cornered at most: 2^10 estimates. Each corner is a whole estimate (tens of
 * microseconds), so ten inputs cost some tens of milliseconds; more is refused rather than slow.
 */
export const MAX_RANGED_INPUTS = 10;

/** Inputs the engine reads as intervals itself, not by corners. */
const IN_ENGINE = "baseline.cost.";

interface RangedInput {
  path: string;
  range: InputRange;
}

/** The ranged inputs a config's estimate is cornered over, in the config's order. */
export function cornerInputs(config: Config): RangedInput[] {
  const out: RangedInput[] = [];
  const ranges = config.ranges;
  if (!ranges) return out;
  for (const path of Object.keys(ranges)) {
    const range = ranges[path]!;
    if (!path.startsWith(IN_ENGINE) && range.low !== range.high) out.push({ path, range });
  }
  return out;
}

/** The config with one input set to a value: sections copied, not changed. */
function withInput(config: Config, path: string, value: number): Config {
  if (path.startsWith("workload.")) {
    const key = path.slice("workload.".length);
    return { ...config, workload: { ...config.workload, [key]: value } };
  }
  // channels.NAME.rate or channels.NAME.messageSize (a name may have dots in it).
  const dot = path.lastIndexOf(".");
  const name = path.slice("channels.".length, dot);
  const key = path.slice(dot + 1);
  return { ...config, channels: config.channels?.map((c) => (c.name === name ? { ...c, [key]: value } : c)) };
}

/** The config at one corner: each input at its low (bit clear) or high (bit set) end. */
function cornerConfig(base: Config, inputs: readonly RangedInput[], at: (k: number) => number): Config {
  let c = base;
  for (let k = 0; k < inputs.length; k++) c = withInput(c, inputs[k]!.path, at(k));
  return c;
}

/**
 * The estimate with its ranges widened over the config's ranged inputs; the point estimate itself
 * when there are none. `run` gives the estimate of a config (without cornering it again).
 */
export function widenByInputs(point: Estimate, config: Config, run: (c: Config) => Estimate): Estimate {
  const inputs = cornerInputs(config);
  if (inputs.length === 0) return point;
  if (inputs.length > MAX_RANGED_INPUTS)
    throw new InputError([
      {
        file: "config",
        message: `${inputs.length} inputs are written as ranges (${inputs.map((i) => i.path).join(", ")}); at most ${MAX_RANGED_INPUTS} can be: the estimate is run at every combination of their ends (2^${inputs.length})`,
        severity: "error",
        suggestion: "write the inputs that matter least as single values",
      },
    ]);
  // The corners' configs keep the ranges the engine reads itself (baseline costs), not the cornered ones.
  const kept: Record<string, InputRange> = {};
  let anyKept = false;
  for (const [p, r] of Object.entries(config.ranges!))
    if (p.startsWith(IN_ENGINE)) {
      kept[p] = r;
      anyKept = true;
    }
  const base: Config = { ...config, ranges: anyKept ? kept : undefined };
  const items = itemIndex(point.items);
  const corners: Estimate[] = [];
  for (let mask = 0; mask < 1 << inputs.length; mask++) {
    const e = run(cornerConfig(base, inputs, (k) => (mask & (1 << k) ? inputs[k]!.range.high : inputs[k]!.range.low)));
    corners.push(e);
    widenInto(point, items, e);
  }
  // Each input alone (the others at their points) for --explain: how far it moves each line. With
  // one input the corners are these runs.
  for (let k = 0; k < inputs.length; k++) {
    const { path, range } = inputs[k]!;
    const ends =
      inputs.length === 1
        ? corners
        : [range.low, range.high].map((v) => run({ ...withInput(base, path, v), ranges: base.ranges }));
    addParts(items, ends, path, range);
  }
  bindingAtCorners(point, corners, inputs);
  return point;
}

/** Items by id and occurrence (an id may repeat: one per channel), to pair an item with its corner's. */
function itemIndex(items: readonly RangedLineItem[]): Map<string, RangedLineItem> {
  const out = new Map<string, RangedLineItem>();
  for (const i of items) {
    let key = i.id;
    for (let n = 2; out.has(key); n++) key = `${i.id}#${n}`;
    out.set(key, i);
  }
  return out;
}

function eachPair(
  items: Map<string, RangedLineItem>,
  other: readonly RangedLineItem[],
  f: (mine: RangedLineItem, theirs: RangedLineItem) => void,
) {
  const seen = new Map<string, number>();
  for (const t of other) {
    const n = (seen.get(t.id) ?? 0) + 1;
    seen.set(t.id, n);
    const mine = items.get(n === 1 ? t.id : `${t.id}#${n}`);
    if (mine) f(mine, t);
  }
}

/** The envelope of two ranges, as a new range (a range may be shared by two fields of an estimate). */
function env(a: Range, b: Range | null | undefined): Range {
  if (!b) return a;
  return { value: a.value, low: Math.min(a.low, b.low, b.value), high: Math.max(a.high, b.high, b.value) };
}
const envOrNull = (a: Range | null, b: Range | null | undefined): Range | null => (a ? env(a, b) : a);

/** Widens every range of the point estimate to take in the corner's. */
function widenInto(point: Estimate, items: Map<string, RangedLineItem>, corner: Estimate): void {
  eachPair(items, corner.items, (mine, theirs) => {
    mine.low = Math.min(mine.low, theirs.low, theirs.value);
    mine.high = Math.max(mine.high, theirs.high, theirs.value);
  });
  const t = point.totals;
  const ct = corner.totals;
  t.total = envOrNull(t.total, ct.total);
  t.added = env(t.added, ct.added);
  t.cpuSecondsPerSecond = envOrNull(t.cpuSecondsPerSecond, ct.cpuSecondsPerSecond);
  t.engines = envOrNull(t.engines, ct.engines);
  t.backgroundCpuSecondsPerSecond = env(t.backgroundCpuSecondsPerSecond, ct.backgroundCpuSecondsPerSecond);
  for (const c of t.costPerTransaction) {
    const o = ct.costPerTransaction.find((x) => x.addressSpace === c.addressSpace);
    if (!o) continue;
    c.baseline = envOrNull(c.baseline, o.baseline);
    c.added = env(c.added, o.added);
    c.percent = env(c.percent, o.percent);
    c.total = envOrNull(c.total, o.total);
  }
  for (const h of point.headroom) {
    const o = corner.headroom.find((x) => x.id === h.id);
    if (!o) continue;
    h.limit = env(h.limit, o.limit);
    h.demand = env(h.demand, o.demand);
    h.headroomPct = env(h.headroomPct, o.headroomPct);
  }
  const cpu = point.cpu;
  const cc = corner.cpu;
  cpu.engines = envOrNull(cpu.engines, cc.engines);
  cpu.lparPct = envOrNull(cpu.lparPct, cc.lparPct);
  cpu.cf = envOrNull(cpu.cf, cc.cf);
  cpu.maxRate = envOrNull(cpu.maxRate, cc.maxRate);
  for (const a of cpu.byAddressSpace) {
    const o = cc.byAddressSpace.find((x) => x.addressSpace === a.addressSpace);
    if (!o) continue;
    a.engines = env(a.engines, o.engines);
    a.lparPct = envOrNull(a.lparPct, o.lparPct);
  }
  const b = point.bottleneck;
  if (b) {
    const l = items.get(b.id);
    if (l) {
      b.low = l.low;
      b.high = l.high;
    }
  }
}

const pct = (x: number, value: number) => (value === 0 ? 0 : ((x - value) / Math.abs(value)) * 100);

/** One spread part per line an input moves: how far, with the other inputs at their points. */
function addParts(items: Map<string, RangedLineItem>, ends: readonly Estimate[], path: string, range: InputRange) {
  const lo = new Map<RangedLineItem, number>();
  const hi = new Map<RangedLineItem, number>();
  for (const e of ends)
    eachPair(items, e.items, (mine, theirs) => {
      lo.set(mine, Math.min(lo.get(mine) ?? mine.value, theirs.value));
      hi.set(mine, Math.max(hi.get(mine) ?? mine.value, theirs.value));
    });
  for (const [mine, low] of lo) {
    const high = hi.get(mine)!;
    if (low === mine.value && high === mine.value) continue;
    const part: RangePart = {
      from: path,
      reason: "input",
      low: pct(low, mine.value),
      high: pct(high, mine.value),
      text: `written ${range.written}: this line at its ends, other inputs at their points`,
    };
    mine.spread = [...mine.spread, part];
  }
}

/** A finding when another limit binds, or a limit is exceeded, somewhere within the input ranges. */
function bindingAtCorners(point: Estimate, corners: readonly Estimate[], inputs: readonly RangedInput[]): void {
  const written = inputs.map((i) => `${i.path} ${i.range.written}`).join(", ");
  const others = new Set<string>();
  const exceeded = new Set<string>();
  for (const c of corners) {
    if (c.bottleneck && point.bottleneck && c.bottleneck.id !== point.bottleneck.id) others.add(c.bottleneck.label);
    for (const h of c.headroom)
      if (h.exceeded && !point.headroom.find((x) => x.id === h.id)?.exceeded) exceeded.add(h.label);
  }
  if (others.size > 0)
    point.warnings.push({
      concern: "capacity",
      message: `within the input ranges (${written}) another limit binds first at some ends: ${[...others].join("; ")}`,
      citations: [],
    });
  for (const label of exceeded)
    point.warnings.push({
      concern: "capacity",
      message: `limit exceeded within the input ranges (${written}), not at their points: ${label}`,
      citations: [],
    });
}

/** The config without the range written for one path (a solver or a sweep sets that input itself). */
export function withoutRange(config: Config, path: string): Config {
  const ranges = config.ranges;
  if (!ranges || !(path in ranges)) return config;
  const rest: Record<string, InputRange> = {};
  for (const p of Object.keys(ranges)) if (p !== path) rest[p] = ranges[p]!;
  return { ...config, ranges: Object.keys(rest).length ? rest : undefined };
}
