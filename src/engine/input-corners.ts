// Config inputs written as ranges (config.ranges: "rate: 4000..6000/s", "messageSize: 2KB..8KB"): the
// estimate is run at the inputs' points, at each input's ends alone and at all their low and all their
// high ends, and each figure's range is the envelope of its ranges over these runs (docs/ranges.md
// "Inputs"). Evaluating the rules at the
// ends, rather than scaling the point's figures, is what makes a message-size range sound: costs are
// not linear in size, and a range may cross a table's measured sizes or a threshold. Baseline CPU costs
// written as ranges are not cornered: the engine adds them as intervals (engine.ts baseOf).
import type { Config, InputRange } from "../config/types.js";
import { endInputs, IN_ENGINE, MAX_RANGED_INPUTS, tooManyRanged } from "../config/input-ranges.js";
import type { RangePart } from "../model/ranges.js";
import { InputError } from "../util/diagnostic.js";
import type { Estimate, Range } from "./engine.js";
import type { RangedLineItem } from "./types.js";

export { MAX_RANGED_INPUTS };

interface RangedInput {
  path: string;
  range: InputRange;
}

/** The ranged inputs a config's estimate is run at the ends of, in the config's order. */
export function cornerInputs(config: Config): RangedInput[] {
  return endInputs(config.ranges);
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

/** The config with each input at the end `at` gives. */
function cornerConfig(base: Config, inputs: readonly RangedInput[], at: (k: number) => number): Config {
  let c = base;
  for (let k = 0; k < inputs.length; k++) c = withInput(c, inputs[k]!.path, at(k));
  return c;
}

/**
 * The estimate with its ranges widened over the config's ranged inputs; the point estimate itself
 * when there are none. `run` gives the estimate of a config (without cornering it again).
 *
 * A bounded number of runs, whatever the number of ranged inputs (2^n corners took 146 s and 4 GB for
 * ten ranged channels among 1,000): each input at its two ends with the others at their points, and
 * every input at its low end, then every one at its high end; 2n + 2 runs, 22 at most. Every figure
 * takes the envelope of its values over all runs: exact, for a formula monotone in each input, where
 * the inputs all move it the same way (costs, CPU and storage grow with rates and sizes). A line item
 * the inputs move in opposite ways also takes the sum of each input's swing (interval arithmetic:
 * exact for a sum, such as a total over channels). docs/ranges.md section 5 says which is which.
 */
export function widenByInputs(point: Estimate, config: Config, run: (c: Config) => Estimate): Estimate {
  const inputs = cornerInputs(config);
  if (inputs.length === 0) return point;
  if (inputs.length > MAX_RANGED_INPUTS)
    throw new InputError([
      tooManyRanged(
        inputs.map((i) => i.path),
        "config",
      ),
    ]);
  // The runs' configs keep the ranges the engine reads itself (baseline costs), not the cornered ones.
  const kept: Record<string, InputRange> = {};
  let anyKept = false;
  for (const [p, r] of Object.entries(config.ranges!))
    if (p.startsWith(IN_ENGINE)) {
      kept[p] = r;
      anyKept = true;
    }
  const base: Config = { ...config, ranges: anyKept ? kept : undefined };
  const items = itemIndex(point.items);
  // Each input alone at its ends (the others at their points): also --explain's parts.
  const alone: Estimate[][] = inputs.map(({ path, range }) =>
    [range.low, range.high].map((v) => run({ ...withInput(base, path, v), ranges: base.ranges })),
  );
  const ends =
    inputs.length === 1
      ? alone[0]!
      : [false, true].map((high) =>
          run(cornerConfig(base, inputs, (k) => (high ? inputs[k]!.range.high : inputs[k]!.range.low))),
        );
  const runs = [...ends, ...(inputs.length === 1 ? [] : alone.flat())];
  for (const e of runs) widenInto(point, items, e);
  if (inputs.length > 1) sumOfSwings(items, alone);
  for (let k = 0; k < inputs.length; k++) addParts(items, alone[k]!, inputs[k]!.path, inputs[k]!.range);
  bindingAtCorners(point, runs, inputs);
  return point;
}

/**
 * For a line item the inputs move in opposite ways (one raises it, another lowers it), the all-low and
 * all-high runs need not reach its ends: its range also takes the sum of each input's swing, alone.
 */
function sumOfSwings(items: Map<string, RangedLineItem>, alone: readonly Estimate[][]): void {
  const down = new Map<RangedLineItem, number>();
  const up = new Map<RangedLineItem, number>();
  const raises = new Map<RangedLineItem, number>(); // bit 1: some input raises it at its high end; bit 2: lowers
  for (const ends of alone) {
    const lo = new Map<RangedLineItem, number>();
    const hi = new Map<RangedLineItem, number>();
    eachPair(items, ends[0]!.items, (mine, theirs) => lo.set(mine, theirs.value));
    eachPair(items, ends[1]!.items, (mine, theirs) => hi.set(mine, theirs.value));
    for (const [mine, h] of hi) {
      const l = lo.get(mine) ?? mine.value;
      const v = mine.value;
      down.set(mine, (down.get(mine) ?? 0) + Math.min(0, l - v, h - v));
      up.set(mine, (up.get(mine) ?? 0) + Math.max(0, l - v, h - v));
      if (h !== l) raises.set(mine, (raises.get(mine) ?? 0) | (h > l ? 1 : 2));
    }
  }
  for (const [mine, dir] of raises) {
    if (dir !== 3) continue;
    mine.low = Math.min(mine.low, mine.value + down.get(mine)!);
    mine.high = Math.max(mine.high, mine.value + up.get(mine)!);
  }
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
