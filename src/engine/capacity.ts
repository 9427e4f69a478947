// Reverse mode: how far a config can go. For the transaction rate, and for each channel definition's
// channel count or client conversations, the largest value at which no limit of the estimate is
// exceeded, which limit binds first, and how far above it the next one binds. Solved by the engine's
// own estimate, searching each limit's binding point (monotone in the value searched: a limit is met
// below it and exceeded above), so the answer agrees with `estimate` by construction: at the answer
// nothing is exceeded, and just above it the binding limit is.
import { withoutRange } from "./input-corners.js";
import type { Config } from "../config/types.js";
import { DEFAULT_SHARECNV } from "../config/mq-defaults.js";
import type { Registry } from "../model/registry.js";
import { InputError } from "../util/diagnostic.js";
import { formatNumber } from "../util/number-format.js";
import { estimateWith, notCountedText, type Estimate, type Range } from "./engine.js";
import { RuleMemo } from "./rule-memo.js";

/** What a config's capacity is searched over. */
export interface CapacityTarget {
  /** The config path: workload.rate, channels.NAME.count or channels.NAME.conversations. */
  path: string;
  /** What one unit of it is: "txn/s", "channels", "conversations". */
  unit: string;
  /** The config's value, or null when it gives none (no workload.rate). */
  configured: number | null;
  /** Integer counts, or a continuous rate. */
  integer: boolean;
  /** The search range's ends. */
  min: number;
  max: number;
}

/** Budgets that replace the config's for the solve (the command line's --cpu-busy, --chin-free...). */
export interface Budgets {
  /** hardware.targetBusy, percent. */
  cpuBusy?: number;
  /** hardware.cpus. */
  cpus?: number;
  /** storage.chin.used and .free, bytes. */
  chinUsed?: number;
  chinFree?: number;
  /** storage.csa.available, bytes. */
  csaAvailable?: number;
  /** storage.belowTheBar.available, bytes. */
  belowBarAvailable?: number;
}

/**
 * What each budget may be, for the command line and the library alike (the library took cpus: -3 and
 * cpuBusy: 500): the flag that sets it, what it must be, and the test. Sizes in bytes; the config's
 * own fields have the same bounds (config/schema.ts).
 */
export const BUDGET_RULES: Record<keyof Budgets, { flag: string; expected: string; ok: (n: number) => boolean }> = {
  cpuBusy: {
    flag: "--cpu-busy",
    expected: "a percentage above 0% and at most 100%, such as 70%",
    ok: (n) => n > 0 && n <= 100,
  },
  cpus: {
    flag: "--cpus",
    expected: "a count of processors from 1 to 200",
    ok: (n) => Number.isInteger(n) && n >= 1 && n <= 200,
  },
  chinUsed: {
    flag: "--chin-used",
    expected: "a size from 0 bytes to 2GB, such as 1346MB",
    ok: (n) => n >= 0 && n <= 2 ** 31,
  },
  chinFree: {
    flag: "--chin-free",
    expected: "a size from 1 bytes to 2GB, such as 1346MB",
    ok: (n) => n >= 1 && n <= 2 ** 31,
  },
  csaAvailable: {
    flag: "--csa-available",
    expected: "a size from 1 bytes to 2GB, such as 1346MB",
    ok: (n) => n >= 1 && n <= 2 ** 31,
  },
  belowBarAvailable: {
    flag: "--below-bar-available",
    expected: "a size from 1 bytes to 2GB, such as 1346MB",
    ok: (n) => n >= 1 && n <= 2 ** 31,
  },
};

/** Refuses a budget outside its bounds (InputError). `where` names it: the flag, or budgets.KEY. */
export function checkBudget(key: keyof Budgets, value: unknown, shown: string, where: string): number {
  const rule = BUDGET_RULES[key];
  if (typeof value !== "number" || !Number.isFinite(value) || !rule.ok(value))
    throw new InputError([{ file: where, message: `"${shown}" is not ${rule.expected}`, severity: "error" }]);
  return value;
}

/** The library's budgets checked as the command line's are (numbers: percent, count, bytes). */
function checkedBudgets(b: unknown): Budgets {
  if (b === undefined) return {};
  if (b === null || typeof b !== "object" || Array.isArray(b))
    throw new InputError([
      { file: "options.budgets", message: "expected an object such as { cpuBusy: 70 }", severity: "error" },
    ]);
  const out: Budgets = {};
  for (const [key, value] of Object.entries(b)) {
    if (value === undefined) continue;
    if (!(key in BUDGET_RULES))
      throw new InputError([
        {
          file: `options.budgets.${key}`,
          message: `unknown budget "${key}"`,
          severity: "error",
          suggestion: `use ${Object.keys(BUDGET_RULES).join(", ")}`,
        },
      ]);
    out[key as keyof Budgets] = checkBudget(key as keyof Budgets, value, String(value), `options.budgets.${key}`);
  }
  return out;
}

/** One limit's binding point: the largest value of the target at which it is not exceeded. */
export interface Binding {
  id: string;
  label: string;
  unit: string;
  /**
   * The largest value at which the limit holds (value: its point figure; low and high: its range,
   * the limit's low end against the demand's high end and the reverse). null: see `status`.
   */
  at: Range | null;
  /** binds: within the search range; never: not up to the range's end; always: exceeded at its start. */
  status: "binds" | "never" | "always";
}

export interface CapacityAnswer {
  target: CapacityTarget;
  /**
   * The largest value at which no limit is exceeded (limits exceeded whatever the value are left out,
   * and listed in `alwaysExceeded`); null when no limit binds up to the search range's end.
   */
  max: Range | null;
  /**
   * The step `max` is found to: the unit the reports print it in (a rate of 100/s or more to 1/s, 10/s
   * to 0.1/s, 1/s to 0.01/s, less to 0.001/s; counts exact, 0). `max` is the largest multiple of it at
   * which no limit is exceeded.
   */
  precision: number;
  /** The limit that binds first, and the next one with how many times higher it binds. */
  binding: Binding | null;
  next: (Binding & { times: number }) | null;
  /** Every limit in the order it binds; those that never bind, then those always exceeded, last. */
  limits: Binding[];
  /** Limits exceeded at every value of the target: the config cannot fit by changing it alone. */
  alwaysExceeded: string[];
  /**
   * Limits the answer does not count, each with why and what to give: for the rate, the CPU the
   * engines allow when the config has no hardware.cpus, no CPU cost per transaction (no baseline and
   * nothing added per transaction), or only what the config adds (no baseline). An answer with one
   * is an upper bound the CPU may well be below.
   */
  notCounted: string[];
  /**
   * Limits whose range is open on a side (the sources give no bound there: DESIGN.md, "Ranges"), each
   * in words: the answer's range is open on that side too, or bound only by the other limits.
   */
  open: string[];
  /** max - configured: how many more fit (negative: over by that much); null without either. */
  headroom: number | null;
  /** In words: the answer as a planner reads it. */
  summary: string;
}

export interface CapacityCurve {
  path: string;
  unit: string;
  x: number[];
  /** Per limit, the share of it the demand takes at each x, percent (null where it has no demand). */
  series: { id: string; label: string; usedPct: (number | null)[] }[];
}

export interface CapacityResult {
  format: "mqzcap/capacity@1";
  name: string | null;
  basis: { release: string; hardware: string };
  /** The budgets the solve used, where they came from the command line rather than the config. */
  budgets: Budgets;
  answers: CapacityAnswer[];
  /** Where the config has more channel definitions than are solved for by default: how many, and how to ask. */
  unsolved?: string;
  /** Demand against each limit as the first target grows (for the chart). */
  curve: CapacityCurve | null;
  /** The estimate at the config as given (with the budgets), as `estimate` prints it. */
  estimate: Estimate;
}

const RATE_MAX = 1e8; // the config's largest rate (config/schema.ts)
const RATE_MIN = 1e-3;
const COUNT_MAX = 100000; // channels[].count
const CONVERSATIONS_MAX = 1000000; // channels[].conversations

/** The config with the command line's budgets in place. */
export function withBudgets(config: Config, b: Budgets): Config {
  const out: Config = { ...config, hardware: { ...config.hardware } };
  if (b.cpuBusy !== undefined) out.hardware.targetBusy = b.cpuBusy;
  if (b.cpus !== undefined) out.hardware.cpus = b.cpus;
  if (
    b.chinUsed !== undefined ||
    b.chinFree !== undefined ||
    b.csaAvailable !== undefined ||
    b.belowBarAvailable !== undefined
  ) {
    const storage = { ...(config.storage ?? {}) };
    if (b.chinUsed !== undefined || b.chinFree !== undefined) {
      const used = b.chinUsed ?? storage.chin?.used;
      const free = b.chinFree ?? storage.chin?.free;
      if (used === undefined || free === undefined)
        throw new InputError([
          {
            file: b.chinFree !== undefined ? "--chin-free" : "--chin-used",
            message:
              "the channel initiator budget needs both the storage in use and the storage free at start (CSQX004I)",
            severity: "error",
            suggestion: "give --chin-used and --chin-free, or storage.chin.used and .free in the config",
          },
        ]);
      storage.chin = { ...(storage.chin ?? {}), used, free };
    }
    if (b.csaAvailable !== undefined) storage.csa = { available: b.csaAvailable };
    if (b.belowBarAvailable !== undefined) storage.belowTheBar = { available: b.belowBarAvailable };
    out.storage = storage as Config["storage"];
  }
  return out;
}

/** The targets a config has: the rate, and each channel definition's channels or conversations. */
export function targetsOf(config: Config): CapacityTarget[] {
  const out: CapacityTarget[] = [
    {
      path: "workload.rate",
      unit: "txn/s",
      configured: config.workload.rate ?? null,
      integer: false,
      min: RATE_MIN,
      max: RATE_MAX,
    },
  ];
  for (const ch of config.channels ?? []) {
    if (ch.type === "server-connection") {
      const sharecnv = ch.sharecnv ?? DEFAULT_SHARECNV;
      out.push({
        path: `channels.${ch.name}.conversations`,
        unit: "conversations",
        configured: ch.conversations ?? ch.count * Math.max(1, sharecnv),
        integer: true,
        min: 1,
        max: CONVERSATIONS_MAX,
      });
    } else {
      out.push({
        path: `channels.${ch.name}.count`,
        unit: "channels",
        configured: ch.count,
        integer: true,
        min: 1,
        max: COUNT_MAX,
      });
    }
  }
  return out;
}

/** The config with the target set to v (a range written for it no longer applies: input-corners.ts). */
function setTarget(config: Config, t: CapacityTarget, v: number): Config {
  config = withoutRange(config, t.path);
  if (t.path === "workload.rate") return { ...config, workload: { ...config.workload, rate: v } };
  const name = t.path.slice("channels.".length, t.path.lastIndexOf("."));
  const field = t.path.slice(t.path.lastIndexOf(".") + 1);
  return {
    ...config,
    channels: (config.channels ?? []).map((ch) => (ch.name === name ? { ...ch, [field]: v } : ch)),
  };
}

/** A limit's headroom at one value: its point, and its range's ends (percent; negative is exceeded). */
type Rooms = Map<string, { label: string; unit: string; v: number; low: number; high: number }>;

export interface CapacityOptions {
  budgets?: Budgets;
  /** Config paths to solve for (targetsOf names them); default every one. */
  for?: readonly string[];
  /** Points on the curve (the chart); default 25, 0 for none. */
  curvePoints?: number;
  /** Called after each answer is solved, with how many of how many are done (progress). */
  onProgress?: (done: number, total: number) => void;
}

/**
 * Channel definitions solved for when --for names none: the first ones in the config. Each answer is a
 * search of some tens of estimates, each as long as the config: every definition of 1,000 made capacity
 * quadratic in channels (200 senders took 53 s). The rest are named with --for.
 */
export const MAX_DEFAULT_CHANNEL_TARGETS = 10;

/** How far a config can go: see the module comment. */
export function capacityOf(input: Config, registry: Registry, opts: CapacityOptions = {}): CapacityResult {
  const budgets = checkedBudgets(opts.budgets);
  const config = withBudgets(input, budgets);
  const all = targetsOf(config);
  const channelTargets = all.length - 1;
  const unsolved = opts.for?.length ? 0 : Math.max(0, channelTargets - MAX_DEFAULT_CHANNEL_TARGETS);
  const wanted = opts.for?.length ? opts.for : all.slice(0, all.length - unsolved).map((t) => t.path);
  const targets = wanted.map((p) => {
    const t = all.find((x) => x.path === p);
    if (!t)
      throw new InputError([
        {
          file: "--for",
          message: `"${p}" is not something to solve for in this config`,
          severity: "error",
          suggestion: `use ${all.map((x) => x.path).join(", ")}`,
        },
      ]);
    return t;
  });
  // Every estimate of the search differs from the config in its target alone: rules that do not read
  // it are replayed, not run (rule-memo.ts).
  const memo = new RuleMemo();
  const estimate = estimateWith(config, registry, undefined, memo);
  const answers = targets.map((t, k) => {
    const a = solve(config, registry, t, notCountedOf(t, estimate), memo);
    opts.onProgress?.(k + 1, targets.length);
    return a;
  });
  const first = targets[0];
  const curve =
    first && (opts.curvePoints ?? 25) > 0
      ? curveOf(config, registry, first, answers[0]!, opts.curvePoints ?? 25, memo)
      : null;
  return {
    format: "mqzcap/capacity@1",
    name: config.name ?? null,
    basis: { release: config.mq.release, hardware: config.hardware.generation },
    budgets,
    answers,
    ...(unsolved > 0
      ? {
          unsolved: `${unsolved} more channel definition${unsolved === 1 ? "" : "s"} not solved for (the first ${MAX_DEFAULT_CHANNEL_TARGETS} are): name one with --for channels.NAME.count (or .conversations)`,
        }
      : {}),
    curve,
    estimate,
  };
}

/**
 * What the answer for a target leaves out. Only the rate has such a limit: the CPU the engines allow
 * is a limit of the rate alone, and exists only with hardware.cpus and a CPU cost per transaction.
 */
function notCountedOf(t: CapacityTarget, e: Estimate): string[] {
  if (t.path !== "workload.rate") return [];
  const cpu = e.cpu;
  if (cpu.cpus === null)
    return [
      "CPU: hardware.cpus is not given, so the rate the LPAR's engines allow is not a limit here (set hardware.cpus, or --cpus)",
    ];
  if (cpu.maxRate === null)
    return [
      "CPU: no CPU cost per transaction is known (no baseline.cost, and nothing this config adds is per transaction), so the rate the engines allow is not counted: give baseline.cost (mqzcap calibrate makes it from SMF data)",
    ];
  if (cpu.covers === "added-only")
    return [
      "CPU: counted for what this config adds only (no baseline.cost), so the rate the engines allow is above the real one: give baseline.cost (mqzcap calibrate makes it from SMF data)",
    ];
  if (cpu.notCounted) return [`CPU: ${notCountedText(cpu.notCounted)}`];
  return [];
}

function roomsOf(e: Estimate): Rooms {
  const rooms: Rooms = new Map();
  for (const h of e.headroom)
    rooms.set(h.id, {
      label: h.label,
      unit: h.unit,
      v: h.headroomPct.value,
      low: h.headroomPct.low,
      high: h.headroomPct.high,
    });
  return rooms;
}

function solve(
  config: Config,
  registry: Registry,
  t: CapacityTarget,
  notCounted: string[],
  rules: RuleMemo,
): CapacityAnswer {
  const memo = new Map<number, Rooms>();
  const at = (v: number): Rooms => {
    let r = memo.get(v);
    // Lean: the search reads the headroom alone (lean.ts).
    if (!r) memo.set(v, (r = roomsOf(estimateWith(setTarget(config, t, v), registry, undefined, rules, true))));
    return r;
  };
  // The limits there are: those with a demand at either end of the range, or at the configured value.
  const probes = [t.min, t.max, ...(t.configured !== null ? [t.configured] : [])];
  const ids = new Map<string, { label: string; unit: string }>();
  for (const p of probes) for (const [id, r] of at(p)) if (!ids.has(id)) ids.set(id, { label: r.label, unit: r.unit });
  const limits: Binding[] = [];
  for (const [id, { label, unit }] of ids) {
    const over = (pick: "v" | "low" | "high") => (v: number) => {
      const r = at(v).get(id);
      return r !== undefined && r[pick] < 0;
    };
    // The headroom itself, for the search's linear guesses (a limit's demand is mostly linear in its target).
    const room = (pick: "v" | "low" | "high") => (v: number) => at(v).get(id)?.[pick];
    const point = over("v");
    if (point(t.min)) {
      limits.push({ id, label, unit, at: null, status: "always" });
      continue;
    }
    if (!point(t.max)) {
      limits.push({ id, label, unit, at: null, status: "never" });
      continue;
    }
    const value = largestWithin(t, point, room("v"));
    // The range: the limit's low end binds first (pessimistic), its high end last. Where the limit has
    // no range at the answer and a step above it (low and high equal the value at both), its ends bind
    // where the value does: no search of their own. A high end that binds nowhere up to the largest
    // value the config allows is open (a limit printed "in excess of", or one the sources give no
    // upper end for): no value is claimed for it.
    const step = t.integer ? 1 : printedStep(value);
    const above = clean(value + step);
    const flat = (pick: "low" | "high") => {
      const a = at(value).get(id);
      const b = at(above).get(id);
      return a !== undefined && b !== undefined && a[pick] === a.v && b[pick] === b.v;
    };
    const low = over("low")(t.min) ? t.min : flat("low") ? value : largestWithin(t, over("low"), room("low"));
    const high = !over("high")(t.max) ? Infinity : flat("high") ? value : largestWithin(t, over("high"), room("high"));
    limits.push({
      id,
      label,
      unit,
      at: { value, low: Math.min(low, value), high: Math.max(high, value) },
      status: "binds",
    });
  }
  const binds = limits.filter((l) => l.status === "binds").sort((a, b) => a.at!.value - b.at!.value);
  const ordered = [
    ...binds,
    ...limits.filter((l) => l.status === "never"),
    ...limits.filter((l) => l.status === "always"),
  ];
  const binding = binds[0] ?? null;
  const second = binds[1];
  const max = binding
    ? {
        value: binding.at!.value,
        low: Math.min(...binds.map((b) => b.at!.low)),
        high: Math.min(...binds.map((b) => b.at!.high)),
      }
    : null;
  const always = limits.filter((l) => l.status === "always").map((l) => l.id);
  const headroom =
    max && t.configured !== null ? (t.integer ? max.value - t.configured : max.value - t.configured) : null;
  const answer: CapacityAnswer = {
    target: t,
    max,
    precision: t.integer ? 0 : max ? printedStep(max.value) : printedStep(t.max),
    binding,
    next: second ? { ...second, times: second.at!.value / binding!.at!.value } : null,
    limits: ordered,
    alwaysExceeded: always,
    notCounted,
    open: openOf(t, binds),
    headroom,
    summary: "",
  };
  answer.summary = summaryOf(answer, limits);
  return answer;
}

/**
 * The unit a rate is printed to (fmtN): 1/s from 100/s, 0.1/s from 10/s, 0.01/s from 1/s, 0.001/s from
 * 0.1/s; below that three significant digits (a step never more than 1% of the rate).
 */
function printedStep(x: number): number {
  if (x >= 100) return 1;
  if (x >= 10) return 0.1;
  if (x >= 1) return 0.01;
  if (x >= 0.1) return 0.001;
  return 10 ** (Math.floor(Math.log10(Math.max(x, 1e-300))) - 2);
}

/** A sum or product of steps without its binary residue (0.1 steps stay 12.3, not 12.300000000000001). */
const clean = (x: number) => Number(x.toPrecision(12));

/** The largest multiple of `step` at or below x. */
const gridFloor = (x: number, step: number) => clean(Math.floor(x / step + 1e-9) * step);

/**
 * The largest value of the target at which `exceeded` is false, given that it is false at t.min and
 * true at t.max, to the step it is printed in (a count exactly): bracketed from the configured value
 * outwards; then guessed where the headroom, linear between the bracket's ends, reaches zero, and the
 * guess checked at it and one step above (a limit's demand is mostly linear in its target, so most
 * answers take two estimates here); else halved. Stops at the printed step, not finer: a finer answer
 * would print the same.
 */
function largestWithin(
  t: CapacityTarget,
  exceeded: (v: number) => boolean,
  room?: (v: number) => number | undefined,
): number {
  let lo = t.min;
  let hi = t.max;
  // Bracket near the configured value first: most answers are within a few doublings of it.
  const start = Math.min(Math.max(t.configured ?? (t.integer ? 1 : 1000), t.min), t.max);
  const stepAt = (x: number) => (t.integer ? 1 : printedStep(x));
  const snap = (x: number) => (t.integer ? Math.floor(x) : gridFloor(x, printedStep(x)));
  const up = (x: number) => clean(x + stepAt(x));
  // Where the headroom falls linearly from the target's least value through the configured one (a
  // demand in proportion to the target), it reaches zero at one point: tried, with the grid point above
  // it, before any bracketing.
  const r0 = room?.(t.min);
  const r1 = start > t.min && !exceeded(start) ? room?.(start) : undefined;
  // Where the configured value is the least (a channel count of 1), the line runs from it to the
  // range's end, which the search has estimated already (exceeded there): without it the bracket
  // doubled from 1 to 100,000, some 17 estimates per limit.
  const rMax = start === t.min ? room?.(t.max) : undefined;
  const guess =
    r0 !== undefined && r1 !== undefined && r0 > r1 && r1 >= 0
      ? snap(start + ((start - t.min) * r1) / (r0 - r1))
      : r0 !== undefined && rMax !== undefined && r0 >= 0 && rMax < 0 && Number.isFinite(rMax)
        ? snap(t.min + ((t.max - t.min) * r0) / (r0 - rMax))
        : NaN;
  if (guess > start && up(guess) < t.max) {
    if (exceeded(guess)) hi = guess;
    else if (exceeded(up(guess))) return guess;
    else lo = up(guess);
    if (lo === t.min) lo = start;
  } else if (exceeded(start)) {
    hi = start;
    for (let x = start; ;) {
      x = t.integer ? Math.floor(x / 2) : x / 2;
      if (x <= t.min) break;
      if (exceeded(x)) hi = x;
      else {
        lo = x;
        break;
      }
    }
  } else {
    lo = start;
    for (let x = start; ;) {
      x = x * 2;
      if (x >= t.max) break;
      if (exceeded(x)) {
        hi = x;
        break;
      }
      lo = x;
    }
  }
  // From here lo and hi are points of the grid the answer is printed on (the bracket's are: the
  // configured value and its doublings, or the target's ends). Each round tries a linear guess, checked
  // at its grid point and the one above, then a halving; it ends when no grid point is left between.
  if (!t.integer) lo = snap(lo);
  for (let k = 0; k < 200 && up(lo) < hi; k++) {
    const rLo = k % 2 === 0 && room ? room(lo) : undefined;
    const rHi = rLo !== undefined && room ? room(hi) : undefined;
    const linear = rLo !== undefined && rHi !== undefined && rLo >= 0 && rHi < 0;
    let g = snap(linear ? lo + ((hi - lo) * rLo) / (rLo - rHi) : (lo + hi) / 2);
    if (g <= lo) g = up(lo);
    if (g >= hi) g = snap((lo + hi) / 2);
    if (g <= lo) break;
    if (exceeded(g)) {
      hi = g;
      continue;
    }
    lo = g;
    if (!linear) continue;
    const next = up(g);
    if (next >= hi) break;
    if (exceeded(next)) break; // lo is the answer: the grid point above it is exceeded
    lo = next;
  }
  return lo;
}

/** The binding limits whose range is open: low at the smallest value, or high bound nowhere. */
function openOf(t: CapacityTarget, binds: readonly Binding[]): string[] {
  const out: string[] = [];
  for (const b of binds) {
    const below = b.at!.low <= t.min;
    const above = b.at!.high === Infinity;
    if (!below && !above) continue;
    const side = below && above ? "on both sides" : below ? "below" : "above";
    // The CPU-bound rate is open below where the baseline leaves cost out (see "not counted"), not for
    // want of a source.
    const why =
      b.id === "capacity.cpu" && below && !above
        ? "the CPU the baseline does not count could take any share of the CPs"
        : `the sources give no bound ${below && above ? "on either side" : below ? "below" : "above"} for this config's conditions; mqzcap estimate --explain says why`;
    out.push(`${b.label}: open ${side} (${why})`);
  }
  return out;
}

const fmtN = (n: number, integer: boolean) =>
  integer || n >= 100 ? formatNumber(Math.floor(n), 0) : formatNumber(n, n >= 10 ? 1 : n >= 1 ? 2 : 3);

function summaryOf(a: CapacityAnswer, limits: Binding[]): string {
  const t = a.target;
  const unit = t.unit === "txn/s" ? "/s" : ` ${t.unit}`;
  const always = limits.filter((l) => l.status === "always").map((l) => l.label);
  const also = always.length ? `; exceeded whatever the ${t.path}: ${always.join("; ")}` : "";
  const left =
    (a.notCounted.length ? `; not counted: ${a.notCounted.join("; ")}` : "") +
    (a.open.length ? `; open: ${a.open.join("; ")}` : "");
  if (!a.max || !a.binding) return `${t.path}: no limit binds up to ${fmtN(t.max, t.integer)}${unit}${also}${left}`;
  const conf =
    t.configured === null
      ? ""
      : a.max.value >= t.configured
        ? `, ${fmtN(a.max.value - t.configured, t.integer)}${unit} above the configured ${fmtN(t.configured, t.integer)}`
        : `, ${fmtN(t.configured - a.max.value, t.integer)}${unit} below the configured ${fmtN(t.configured, t.integer)}`;
  const next = a.next ? `; next ${a.next.label}, ${a.next.times.toFixed(2)}x higher` : "";
  return `${t.path} up to ${fmtN(a.max.value, t.integer)}${unit}${conf}: ${a.binding.label} binds first${next}${also}${left}`;
}

/** Demand against each limit, as a share of it, as the target grows from its start to past the binding. */
function curveOf(
  config: Config,
  registry: Registry,
  t: CapacityTarget,
  a: CapacityAnswer,
  points: number,
  memo: RuleMemo,
): CapacityCurve {
  // To half again past the first binding point, or just past the next where that is within twice it.
  const end = a.max
    ? Math.min(t.max, a.next && a.next.at!.value <= a.max.value * 2 ? a.next.at!.value * 1.1 : a.max.value * 1.5)
    : Math.min(t.max, Math.max(t.configured ?? 1, 1) * 2);
  const x: number[] = [];
  for (let k = 1; k <= points; k++) {
    const v = (end * k) / points;
    x.push(t.integer ? Math.max(1, Math.round(v)) : v);
  }
  const series = new Map<string, { id: string; label: string; usedPct: (number | null)[] }>();
  x.forEach((v, k) => {
    for (const h of estimateWith(setTarget(config, t, v), registry, undefined, memo, true).headroom) {
      let s = series.get(h.id);
      if (!s)
        series.set(h.id, (s = { id: h.id, label: h.label, usedPct: new Array<number | null>(x.length).fill(null) }));
      s.usedPct[k] = 100 - h.headroomPct.value;
    }
  });
  return { path: t.path, unit: t.unit, x, series: [...series.values()] };
}
