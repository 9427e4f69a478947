// Runs the rules over a config and composes their line items into totals, limits, warnings and gaps.
// Ranges are carried through sums (low with low, high with high) so the answer shows its width.
import type { KeptItem, RuleMemo } from "./rule-memo.js";
import { FinishedItems } from "./finished-items.js";
import type { Config } from "../config/types.js";
import { ModelError, type Registry, type Citation } from "../model/registry.js";
import { InputError } from "../util/diagnostic.js";
import { ADDRESS_SPACES, type AddressSpace } from "../model/vocabulary.js";
import { RULES } from "../rules/index.js";
import type { Concern, GapItem, LineItem, NotedFinding, RangedLineItem, Rule, RuleContext, Warning } from "./types.js";
import { rangedIfFinite, rangedItem } from "./item-range.js";
import { leanKeeps } from "./lean.js";
import { widenByInputs } from "./input-corners.js";
import { openAbove } from "./open-range.js";
import { VERSION } from "../version.js";
import { formatNumber } from "../util/number-format.js";
import { baselineFactor, scaleForHardware } from "../rules/hardware.js";
import {
  addedInFull,
  baselineConfigOf,
  baselineMachine,
  concernEffects,
  costEffects,
  type AgainstBaseline,
  type CostEffect,
} from "./baseline-delta.js";
import {
  OFF_LPAR as OFF_LPAR_SPACES,
  bottleneckOf,
  cpuSummary,
  exceededWarnings,
  headrooms,
  type Bottleneck,
  type CpuSummary,
  type Headroom,
  type Range,
} from "./limits.js";

export type { Range, Headroom, CpuSummary, Bottleneck, AgainstBaseline };

export interface AddressSpaceCost {
  addressSpace: AddressSpace;
  /** The measured baseline cost, scaled to this machine where it was measured on another. */
  baseline: Range | null;
  added: Range;
  percent: Range;
  total: Range | null;
  unit: "us";
}

export interface Estimate {
  format: "mqzcap/estimate@1";
  mqzcap: string;
  name: string | null;
  config: Config;
  basis: { release: string; hardware: string; notes: string[] };
  totals: {
    costPerTransaction: AddressSpaceCost[];
    total: Range | null;
    added: Range;
    rate: number | null;
    cpuSecondsPerSecond: Range | null;
    engines: Range | null;
    backgroundCpuSecondsPerSecond: Range;
  };
  limits: RangedLineItem[];
  /** The limit that binds first (least headroom), with its headroom; null when there is no limit. */
  bottleneck: Bottleneck | null;
  storage: RangedLineItem[];
  items: RangedLineItem[];
  warnings: Warning[];
  gaps: GapItem[];
  needsBaseline: string[];
  /** Each limit with a demand: the limit, what the config asks of it, headroom, exceeded or not. */
  headroom: Headroom[];
  /** CPU on the LPAR's engines (hardware.cpus): busy engines, share of the LPAR, the CPU-bound rate. */
  cpu: CpuSummary;
  /**
   * With a baseline: each concern's cost for the plan and for the configuration the baseline was
   * measured on (baseline.measuredWith), and the difference the totals add (baseline-delta.ts).
   */
  againstBaseline?: AgainstBaseline;
}

const CONCERN_ORDER: Concern[] = [
  "workload",
  "hardware",
  "logging",
  "encryption",
  "tls",
  "ams",
  "channels",
  "streaming",
  "smf",
  "storage",
  "shared-queue",
  "capacity",
];

const CONCERN_RANK = new Map(CONCERN_ORDER.map((c, k) => [c, k]));
const rank = (c: Concern) => CONCERN_RANK.get(c) ?? -1;

// Every range the engine makes comes from rangeOf: one object shape, so that reading and adding
// ranges stays on V8's fast path (ranges of several shapes made the totals a sixth of an estimate).
const rangeOf = (value: number, low: number, high: number): Range => ({ value, low, high });
const add = (a: Range, b: Range): Range => rangeOf(a.value + b.value, a.low + b.low, a.high + b.high);
const scale = (a: Range, k: number): Range => rangeOf(a.value * k, a.low * k, a.high * k);
const zero = (): Range => rangeOf(0, 0, 0);
/** x times y, where nothing times an open end (Infinity) is nothing, not NaN. */
const times = (x: number, y: number) => (x === 0 || y === 0 ? 0 : x * y);
/** The product of two ranges, whatever their signs (an open end stays open). */
const mul = (a: Range, b: Range): Range => {
  const p1 = times(a.low, b.low);
  const p2 = times(a.low, b.high);
  const p3 = times(a.high, b.low);
  const p4 = times(a.high, b.high);
  return rangeOf(a.value * b.value, Math.min(p1, p2, p3, p4), Math.max(p1, p2, p3, p4));
};
const addInto = (sum: Range, b: Range): void => {
  sum.value += b.value;
  sum.low += b.low;
  sum.high += b.high;
};
const ZERO = zero();

/** A message "NAME: finding" split at its first ": " (channel "" where it has none). */
interface Split {
  channel: string;
  finding: string;
}

/**
 * Each message's split, kept across estimates: a sensitivity of 1,000 channel definitions replays the
 * same messages (the same strings) at each of its hundred points, and slicing each again, and hashing
 * the slices, was a tenth of a point. Bounded (a live page runs for hours): emptied when full; a
 * sensitivity of 1,000 senders writes some 16,000 distinct messages.
 */
const SPLITS = new Map<string, Split>();
const SPLITS_LIMIT = 20_000;

function splitOf(message: string): Split {
  let s = SPLITS.get(message);
  if (s === undefined) {
    if (SPLITS.size >= SPLITS_LIMIT) SPLITS.clear();
    const colon = message.indexOf(": ");
    s =
      colon < 0
        ? { channel: "", finding: message }
        : { channel: message.slice(0, colon), finding: message.slice(colon + 2) };
    SPLITS.set(message, s);
  }
  return s;
}

/**
 * Rules write a finding about one channel as "NAME: finding". The same finding about several channels
 * (2,000 clients over four definitions) is one message that names them all: "A, B, C: finding".
 */
class ChannelFindings {
  /** concern, then finding -> the entry it was first written as and the channels named so far. */
  private readonly seen = new Map<Concern, Map<string, Finding>>();
  /** Entries named more channels since their message was last written (settle() writes it once). */
  private readonly dirty = new Set<Finding>();

  /**
   * Names `channel` in the finding written before and gives true, or gives false where the finding is
   * new: the caller then writes its entry and adds it (no closure per call: a sensitivity of 1,000
   * definitions writes some thousands of findings at each point, nearly all of them named before).
   */
  named(concern: Concern, finding: string, channel: string): boolean {
    const prior = this.seen.get(concern)?.get(finding);
    if (prior === undefined) return false;
    // The message is joined once, at settle(): joined at every channel it was quadratic in channels.
    if (!prior.channels.has(channel)) {
      prior.channels.add(channel);
      this.dirty.add(prior);
    }
    return true;
  }

  /** A new finding's entry, naming `channel` (after named() gave false). */
  add(concern: Concern, finding: string, channel: string, entry: FindingEntry): void {
    let byFinding = this.seen.get(concern);
    if (byFinding === undefined) this.seen.set(concern, (byFinding = new Map()));
    byFinding.set(finding, { entry, channels: new Set([channel]), finding });
  }

  /**
   * Writes each finding's message with the channels it names: the first NAMED_IN_MESSAGE and how many
   * more, every one of them then in the entry's `channels` (300 senders at MQ 9.0 made a gap of 300
   * names, 17 lines of a table).
   */
  settle(): void {
    for (const d of this.dirty) {
      const names = [...d.channels];
      if (names.length <= NAMED_IN_MESSAGE) d.entry.message = `${names.join(", ")}: ${d.finding}`;
      else {
        const more = names.length - NAMED_IN_MESSAGE;
        d.entry.message = `${names.slice(0, NAMED_IN_MESSAGE).join(", ")} and ${more} more: ${d.finding}`;
        d.entry.channels = names;
      }
    }
    this.dirty.clear();
  }
}

/** The channel definitions a finding's message names; past them it says how many more (ChannelFindings.settle). */
export const NAMED_IN_MESSAGE = 10;

/** A warning or gap as ChannelFindings writes it. */
type FindingEntry = Pick<Warning, "message" | "channels">;

interface Finding {
  entry: FindingEntry;
  channels: Set<string>;
  finding: string;
}

/**
 * What the rules of one estimate write to. A class, not an object of closures: one shape and no
 * closures to make per estimate.
 */
class RuleRun implements RuleContext {
  readonly items: RangedLineItem[] = [];
  readonly warnings: Warning[] = [];
  readonly gaps: GapItem[] = [];

  /** The config's channel names, made on first use (only a config with two or more channels needs them). */
  private names: ReadonlySet<string> | undefined = undefined;
  /** One warning and one gap per distinct finding, naming every channel it applies to (made on first use). */
  private warned: ChannelFindings | undefined = undefined;
  private gapped: ChannelFindings | undefined = undefined;

  constructor(
    readonly config: Config,
    readonly registry: Registry,
    readonly lean: boolean = false,
    /** A command's memo runs the rules: an item may be replayed, so its range is kept (item-range.ts). */
    private readonly memoized: boolean = false,
    /** Finished items shared with the command's other estimates (finished-items.ts), where it allows it. */
    private readonly finished: FinishedItems | undefined = undefined,
  ) {}

  /**
   * The channel a message is about ("NAME: finding") and the finding, or undefined when it names none;
   * with fewer than two channels every message is written as it is, without reading it (most estimates).
   */
  private channelOf(message: string, noted: NotedFinding | undefined): Split | undefined {
    const channels = this.config.channels;
    if (channels === undefined || channels.length < 2) return undefined;
    const names = (this.names ??= new Set(channels.map((c) => c.name)));
    if (names.size < 2) return undefined;
    // A replayed message keeps its split on the memo's record of it: no lookup by its text.
    if (noted !== undefined) {
      const split = (noted.split ??= splitOf(message));
      return names.has(split.channel) ? split : undefined;
    }
    // Else the text before its first ": ", looked up among the names before the whole message is
    // (hashing every message's text to find its kept split was a twentieth of an estimate of a
    // config with channels; most messages name none).
    const colon = message.indexOf(": ");
    if (colon <= 0 || !names.has(message.slice(0, colon))) return undefined;
    return splitOf(message);
  }

  item(i: LineItem, record?: KeptItem): void {
    // A demand the rule left to the engine: the configured rate, or none (types.ts, LineItem.demand).
    // Made anew: not shared.
    if (i.demand === "workload.rate") {
      i = withRate(i, this.config.workload.rate);
      record = undefined;
    }
    if (this.lean && !leanKeeps(i)) return;
    const finished = record !== undefined ? this.finished : undefined;
    if (finished !== undefined) {
      const shared = finished.get(record!);
      if (shared !== undefined) {
        this.items.push(shared);
        return;
      }
    }
    // No number that is not finite reaches a report (JSON would print null, a table "-" as if none):
    // the rare miss goes to notFinite. Each item's low and high from its lookups' ranges, or the
    // rule's own (item-range.ts).
    const ranged = rangedIfFinite(i, this.memoized);
    if (ranged !== undefined) {
      this.items.push(ranged);
      if (finished !== undefined) finished.made1(record!, ranged);
    } else this.notFinite(i);
  }

  /** An item whose value or bounds are not finite: left out, and said so. */
  private notFinite(i: LineItem): void {
    const finite = [i.value, i.low ?? 0, i.high ?? 0].every((n) => Number.isFinite(n));
    if (finite)
      this.items.push(rangedItem(i)); // the sum overflowed, the numbers did not
    else this.warn(i.concern, `${i.label}: left out, its value is not a finite number (an input far out of range)`);
  }

  warn(concern: Concern, message: string, citations: Citation[] = [], noted?: NotedFinding): void {
    if (this.lean) return;
    const list = this.warnings;
    for (let k = 0; k < list.length; k++) if (list[k]!.concern === concern && list[k]!.message === message) return;
    const split = this.channelOf(message, noted);
    if (split === undefined) list.push({ concern, message, citations });
    else {
      const findings = (this.warned ??= new ChannelFindings());
      if (!findings.named(concern, split.finding, split.channel)) {
        const w = { concern, message, citations };
        list.push(w);
        findings.add(concern, split.finding, split.channel, w);
      }
    }
  }

  gap(concern: Concern, message: string, chartIds: readonly string[] = [], noted?: NotedFinding): void {
    if (this.lean) return;
    const list = this.gaps;
    for (let k = 0; k < list.length; k++) if (list[k]!.concern === concern && list[k]!.message === message) return;
    const split = this.channelOf(message, noted);
    if (split === undefined) list.push(this.newGap(concern, message, chartIds));
    else {
      const findings = (this.gapped ??= new ChannelFindings());
      if (!findings.named(concern, split.finding, split.channel)) {
        const g = this.newGap(concern, message, chartIds);
        list.push(g);
        findings.add(concern, split.finding, split.channel, g);
      }
    }
  }

  /** Once the items are fitted to the machine: those fitted in a way that fitting again keeps are shareable. */
  finish(): void {
    this.finished?.settle();
  }

  /** The findings about several channels, written with every channel's name. */
  settle(): void {
    this.warned?.settle();
    this.gapped?.settle();
  }

  private newGap(concern: Concern, message: string, chartIds: readonly string[]): GapItem {
    const charts: GapItem["charts"] = [];
    for (let k = 0; k < chartIds.length; k++) {
      const chart = gapChart(this.registry, chartIds[k]!);
      if (chart) charts.push(chart);
    }
    return { concern, message, charts };
  }
}

/** The item with its demand the configured rate (the key where the rule put it), or none without a rate. */
function withRate(i: LineItem, rate: number | undefined): LineItem {
  return { ...i, demand: rate === undefined ? undefined : { value: rate, from: "workload.rate" } };
}

export function runRules(
  config: Config,
  registry: Registry,
  rules: readonly Rule[] = RULES,
  memo?: RuleMemo,
  lean = false,
  finished?: FinishedItems,
) {
  const ctx = new RuleRun(config, registry, lean, memo !== undefined, finished);
  for (const rule of rules) {
    if (!rule.applies(config)) continue;
    try {
      if (memo) memo.run(rule, ctx);
      else rule.run(ctx);
    } catch (err) {
      // The loader checks a --models entry against the shipped one it replaces; one that still does not
      // fit a rule is the user's data, not a bug: exit 2, naming the rule.
      if (!(err instanceof ModelError) || !registry.overlaid) throw err;
      throw new InputError([
        {
          file: "model data",
          message: `the ${rule.id} rule cannot use your model data: ${err.message}`,
          severity: "error",
          suggestion: "compare your entry with the shipped one: mqzcap models show ID",
        },
      ]);
    }
  }
  const { items, warnings, gaps } = ctx;
  scaleForHardware(items, ctx);
  ctx.finish();
  const scale = baselineFactor(ctx);
  ctx.settle();
  const warn = (concern: Concern, message: string, citations?: Citation[]) => {
    ctx.warn(concern, message, citations);
    ctx.settle();
  };
  return { items, warnings, gaps, baselineScale: scale, warn };
}

type GapChart = GapItem["charts"][number];
// A gap's chart (id, caption, citation) depends only on the registry's entry: made once, frozen, shared
// (null kept for an id the models lack: the gap names no chart then).
const gapCharts = new WeakMap<Registry, Map<string, GapChart | null>>();

function gapChart(registry: Registry, id: string): GapChart | null {
  let charts = gapCharts.get(registry);
  if (!charts) gapCharts.set(registry, (charts = new Map()));
  let chart = charts.get(id);
  if (chart === undefined) {
    if (registry.has(id)) {
      const g = registry.gap(id);
      chart = Object.freeze({ id, caption: g.caption, citation: registry.citation(g) });
    } else chart = null;
    charts.set(id, chart);
  }
  return chart;
}

/**
 * Groups items by concern, each in the order its rule emitted them (Array.sort is stable): a reader
 * sees a rule's lines in the order they build on each other. Rules run in concern order, so items
 * are mostly in order already, and sorting (which copies the array) is skipped then.
 */
function sortByConcern(items: RangedLineItem[]): void {
  // A rule's items share one concern (the same string): its rank is looked up only when it changes.
  let concern = items[0]?.concern;
  let r = concern === undefined ? 0 : rank(concern);
  for (let k = 1; k < items.length; k++) {
    const c = items[k]!.concern;
    if (c === concern) continue;
    const rc = rank(c);
    if (rc < r) {
      items.sort((a, b) => rank(a.concern) - rank(b.concern));
      return;
    }
    concern = c;
    r = rc;
  }
}

/** A sum to hand out in the estimate: never the shared ZERO itself. */
const own = (r: Range): Range => (r === ZERO ? zero() : r);

/** What the totals need from the line items, gathered in one pass (sums in item order, as before). */
interface ItemSums {
  // Maps rather than objects keyed by address space: objects given keys in varying orders take
  // many shapes, and reading them by a variable key is slow.
  perTxn: Map<AddressSpace, Range>;
  pct: Map<AddressSpace, Range>;
  background: Range;
  /** The part of background CPU that grows in proportion to workload.rate (us/s at the configured rate). */
  withRate: Range;
  /** Background CPU by address space ("none" for an item that names none). */
  backgroundBy: Map<string, Range>;
  limits: RangedLineItem[];
  storage: RangedLineItem[];
}

function sumItems(items: readonly RangedLineItem[], effects: readonly CostEffect[]): ItemSums {
  const sums: ItemSums = {
    perTxn: new Map(),
    pct: new Map(),
    background: zero(),
    withRate: zero(),
    backgroundBy: new Map(),
    limits: [],
    storage: [],
  };
  // CPU from the cost effects (the plan's items, less the baseline configuration's where there is one).
  for (const i of effects) {
    const as = i.addressSpace;
    if (i.metric === "cpu-per-txn" && as) accumulate(sumOf(sums.perTxn, as), i);
    else if (i.metric === "cpu-pct" && as) accumulate(sumOf(sums.pct, as), i);
    else if (i.metric === "cpu-per-second") {
      accumulate(sums.background, i);
      if (i.growsWithRate === true && (i.addressSpace === undefined || !OFF_LPAR_SPACES.has(i.addressSpace)))
        accumulate(sums.withRate, i);
      accumulate(sumOf(sums.backgroundBy as Map<AddressSpace, Range>, (as ?? "none") as AddressSpace), i);
    }
  }
  // Absolute items from the plan.
  for (const i of items) {
    if (i.metric === "limit") sums.limits.push(i);
    else if (i.metric === "storage") sums.storage.push(i);
  }
  return sums;
}

function sumOf(sums: Map<AddressSpace, Range>, as: AddressSpace): Range {
  let sum = sums.get(as);
  if (!sum) sums.set(as, (sum = zero()));
  return sum;
}

/** Adds an item's value and its range to a sum. */
function accumulate(sum: Range, i: Range): void {
  sum.value += i.value;
  sum.low += i.low;
  sum.high += i.high;
}

/** The labels of the cpu-pct items of an address space, for a message that asks for a baseline. */
function pctLabels(items: readonly LineItem[], as: AddressSpace): string {
  return items
    .filter((i) => i.metric === "cpu-pct" && i.addressSpace === as)
    .map((i) => i.label)
    .join("; ");
}

/**
 * The estimate of a config. `memo` (a command's RuleMemo: a sweep's, a sensitivity's) replays the runs
 * of rules whose inputs are as they were in an earlier estimate of the same command (rule-memo.ts).
 * `lean`: a search's point, whose headroom, limits, CPU and totals are the full estimate's, and nothing
 * else is there (lean.ts: no other items, no warnings, no gaps). A config with ranged inputs is
 * estimated in full (the corners widen every item).
 */
export function estimateWith(
  config: Config,
  registry: Registry,
  rules: readonly Rule[] = RULES,
  memo?: RuleMemo,
  lean = false,
): Estimate {
  // A point's items may be the command's finished ones (finished-items.ts), not a config with ranged
  // inputs, whose point's items are widened in place (nor its corners).
  const finished =
    memo?.shareFinished && config.ranges === undefined ? new FinishedItems(config.hardware.generation) : undefined;
  const point = estimatePoint(config, registry, rules, memo, lean && config.ranges === undefined, finished);
  // Inputs written as ranges: the estimate at every corner of them too (input-corners.ts).
  if (config.ranges === undefined) return point;
  return widenByInputs(point, config, (c) => estimatePoint(c, registry, rules, memo));
}

/** The estimate at the config's values (a ranged input at its point; baseline cost ranges as intervals). */
function estimatePoint(
  config: Config,
  registry: Registry,
  rules: readonly Rule[],
  memo: RuleMemo | undefined,
  lean = false,
  finished?: FinishedItems,
): Estimate {
  const { items, warnings, gaps, baselineScale, warn } = runRules(config, registry, rules, memo, lean, finished);
  sortByConcern(items);
  // An entry a rule has already warned about as used outside its conditions ("measured with 1MB; this
  // config has 4KB, so the figure is extrapolated") needs no second, generic warning on each item
  // computed from it: the rule's names the condition, the generic one only repeats it.
  // The cited entries so warned, by concern (no key string per citation). Only a warning that cites an
  // entry an extrapolated item of its concern cites can matter: the others are not read (a message is
  // a string built of parts, and searching it copies it whole).
  const extrapolated = new Map<Concern, Set<string>>();
  for (let k = 0; k < items.length; k++) {
    const i = items[k]!;
    if (i.confidence !== "extrapolated") continue;
    let ids = extrapolated.get(i.concern);
    if (!ids) extrapolated.set(i.concern, (ids = new Set()));
    for (const c of i.citations) ids.add(c.id);
  }
  const warnedOutside = new Map<Concern, Set<string>>();
  if (extrapolated.size > 0)
    for (let k = 0; k < warnings.length; k++) {
      const w = warnings[k]!;
      if (!citesAny(w.citations, extrapolated.get(w.concern)) || !w.message.includes("extrapolated")) continue;
      let ids = warnedOutside.get(w.concern);
      if (!ids) warnedOutside.set(w.concern, (ids = new Set()));
      for (const c of w.citations) ids.add(c.id);
    }
  // Through warn: the same note on several channels' items is one warning naming them all.
  for (let k = 0; k < items.length; k++) {
    const i = items[k]!;
    if (i.confidence === "extrapolated" && !citesAny(i.citations, warnedOutside.get(i.concern)))
      warn(i.concern, `${i.label}: extrapolated outside what the source measured (${i.formula})`, i.citations);
    for (const f of i.flags)
      warn(i.concern, `${i.label}: the source value is flagged (${f.code}): ${f.reason}`, i.citations);
  }
  const baseline = config.baseline;
  const rate = config.workload.rate ?? null;
  const needsBaseline: string[] = [];
  const costs: AddressSpaceCost[] = [];
  // Running sums, added to in place: made here, handed out once.
  let total: Range | null = baseline ? zero() : null;
  let addedAll = zero();
  // The baseline-scaling item added below is "info": it counts in none of these.
  // The configuration the baseline was measured on, priced by the same rules: the totals add the
  // difference (baseline-delta.ts). Without measuredWith, the baseline is taken to hold no feature.
  const baseConfig = baseline ? baselineConfigOf(config) : undefined;
  // Through the command's memo too: the baseline's configuration is the same at every point of a sweep
  // that varies a setting it does not hold, and its rules are replayed rather than run again.
  const baseRun = baseConfig ? runRules(baseConfig, registry, rules, memo) : undefined;
  const effects = costEffects(items, baseRun?.items);
  const sums = sumItems(items, effects);
  let against: AgainstBaseline | undefined;
  if (baseline) {
    against = {
      measuredWith: baseRun !== undefined,
      effects: concernEffects(items, baseRun?.items, effects, rank),
    };
    if (baseRun) {
      // What the baseline's configuration could not be priced for is a gap of the difference too.
      const said = (list: readonly { concern: Concern; message: string }[], c: Concern, m: string) =>
        list.some((x) => x.concern === c && x.message === m);
      for (const g of baseRun.gaps)
        if (!said(gaps, g.concern, g.message)) gaps.push({ ...g, message: `baseline.measuredWith: ${g.message}` });
      for (const w of baseRun.warnings)
        if (!said(warnings, w.concern, w.message)) warn(w.concern, `baseline.measuredWith: ${w.message}`, w.citations);
    } else {
      const added = addedInFull(against.effects);
      if (added.length > 0)
        needsBaseline.push(
          `baseline.measuredWith is not given: the baseline is taken to hold none of the configured features, so each is added in full (${added.join(", ")}); give the configuration it was measured on to add only what differs`,
        );
    }
    if (baseline.hardware !== undefined)
      warn(
        "hardware",
        baseline.measuredWith?.hardware
          ? `baseline.hardware ${baseline.hardware} is the old spelling of baseline.measuredWith.hardware.generation, which is given (${baselineMachine(config)}) and used`
          : `baseline.hardware ${baseline.hardware} is read as baseline.measuredWith.hardware.generation (its old spelling)`,
      );
  }
  // A baseline measured on another machine is scaled to this one (LSPR z14/z15, or the user's factor),
  // the factor's spread and a baseline written as a range both in its range.
  const baseOf = (as: string): Range | null => {
    const measured = baseline ? ((baseline.cost as Record<string, number | undefined>)[as] ?? null) : null;
    if (measured === null) return null;
    const written = config.ranges?.[`baseline.cost.${as}`];
    let b = written ? rangeOf(measured, written.low, written.high) : rangeOf(measured, measured, measured);
    // A part of the address space's CPU only (MQ SMF's channel initiator tasks): open above.
    if (baseline?.coverage?.[as as keyof NonNullable<typeof baseline.coverage>] === "lower-bound") b = openAbove(b);
    return baselineScale ? mul(b, rangeOf(baselineScale.k, baselineScale.kLow, baselineScale.kHigh)) : b;
  };
  for (const as of ADDRESS_SPACES) {
    if (as === "total" || as === "lpar") continue;
    const added = sums.perTxn.get(as) ?? ZERO;
    const pct = sums.pct.get(as) ?? ZERO;
    const base = baseOf(as);
    if (pct.value !== 0 && base === null) {
      needsBaseline.push(`${as}: ${pctLabels(items, as)} (a % change needs baseline.cost.${as})`);
    }
    if (base === null && added.value === 0 && pct.value === 0) continue;
    // Percentages multiply the baseline; absolute microseconds add to it. With a baseline that leaves
    // this address space out, its added microseconds still count (on an unmeasured base of zero).
    const fromPct = base !== null ? scale(mul(pct, base), 1 / 100) : ZERO;
    // The machine's effect on the measured cost, against the baseline's configuration (said, not added:
    // the scaled cost is the baseline's).
    if (against && baselineScale && base !== null) {
      const measured = (baseline!.cost as Record<string, number | undefined>)[as]!;
      const written = config.ranges?.[`baseline.cost.${as}`];
      const m = written ? rangeOf(measured, written.low, written.high) : rangeOf(measured, measured, measured);
      const d = mul(m, rangeOf(baselineScale.k - 1, baselineScale.kLow - 1, baselineScale.kHigh - 1));
      against.effects.push({
        concern: "hardware",
        addressSpace: as,
        metric: "cpu-per-txn",
        unit: "us",
        plan: base,
        baseline: m,
        added: d,
      });
    }
    if (baseline && base === null && added.value !== 0) {
      needsBaseline.push(
        `${as}: baseline.cost.${as} is not given; the total counts only the ${added.value.toFixed(1)} us the sources add`,
      );
    }
    const addedHere = add(added, fromPct);
    // A % effect against the baseline's configuration, in microseconds on this measured cost.
    if (against && base !== null)
      for (const x of against.effects)
        if (x.metric === "cpu-pct" && x.addressSpace === as) x.addedUs = scale(mul(x.added, base), 1 / 100);
    // (base + added) + fromPct, as sums of ranges would add them, in one range.
    let asTotal =
      base !== null
        ? rangeOf(
            base.value + added.value + fromPct.value,
            base.low + added.low + fromPct.low,
            base.high + added.high + fromPct.high,
          )
        : baseline
          ? added
          : null;
    // The CPU an address space uses is never below nothing. Summed as if independent, a saving's low
    // end and costs whose ranges are open below (figures shown unscaled on a newer machine) can reach
    // under zero, though they move together with the machine.
    if (asTotal && asTotal.value >= 0 && asTotal.low < 0) asTotal = rangeOf(asTotal.value, 0, asTotal.high);
    costs.push({
      addressSpace: as,
      baseline: base,
      added: addedHere,
      percent: own(pct),
      total: asTotal && own(asTotal),
      unit: "us",
    });
    addInto(addedAll, addedHere);
    if (total && asTotal) addInto(total, asTotal);
  }
  if (against) against.effects.sort((a, b) => rank(a.concern) - rank(b.concern));
  // A % change of the whole transaction (e.g. shared versus private queues) multiplies the sum of
  // the baseline costs.
  const totalPct = sums.pct.get("total") ?? zero();
  if (totalPct.value !== 0) {
    // RMF MVS busy (the source of such percentages) counts z/OS CPU, not CF processors.
    let sumBase: Range | null = null;
    if (baseline) {
      sumBase = zero();
      for (const as of Object.keys(baseline.cost)) {
        const b = as === "cf" ? null : baseOf(as);
        if (b) addInto(sumBase, b);
      }
    }
    if (sumBase === null) {
      needsBaseline.push(
        `all address spaces: ${pctLabels(items, "total")} (a % of the whole transaction needs baseline.cost)`,
      );
    } else {
      const d = scale(mul(totalPct, sumBase), 1 / 100);
      if (against)
        for (const x of against.effects)
          if (x.metric === "cpu-pct" && x.addressSpace === "total") x.addedUs = scale(mul(x.added, sumBase), 1 / 100);
      costs.push({ addressSpace: "total", baseline: sumBase, added: d, percent: totalPct, total: null, unit: "us" });
      addedAll = add(addedAll, d);
      if (total) total = add(total, d);
    }
  }
  if (baselineScale && baseline) {
    const scaling: LineItem = {
      id: "hardware.baseline-scaling",
      concern: "hardware",
      label: `baseline measured on ${baselineMachine(config)} scaled to ${config.hardware.generation}`,
      metric: "info",
      value: baselineScale.k,
      ...(baselineScale.kLow !== baselineScale.kHigh ? { low: baselineScale.kLow, high: baselineScale.kHigh } : {}),
      unit: "x",
      formula: `baseline cost ${baselineScale.how}`,
      inputs: {
        measuredOn: {
          value: baselineMachine(config)!,
          from: baseline.measuredWith?.hardware ? "baseline.measuredWith.hardware.generation" : "baseline.hardware",
        },
      },
      citations: baselineScale.citations,
      confidence: baselineScale.user ? "user-supplied" : "carried-forward",
      flags: [],
    };
    items.push(rangedItem(scaling));
  }
  const background = sums.background;
  const perTxn = total ?? addedAll;
  // With no cost of any kind (no baseline, no cost items) there is no CPU to give, rather than zero.
  const anyCost = costs.length > 0 || background.value !== 0;
  const cpu = rate !== null && anyCost ? add(scale(perTxn, rate / 1e6), scale(background, 1e-6)) : null;
  // The CPU the LPAR's engines allow: per address space, the total where there is a baseline, else
  // what this config adds; a % of the whole transaction ("total") counts on the LPAR too.
  const lpar = cpuSummary({
    config,
    rate,
    perTxn: costs.map((c) => ({ addressSpace: c.addressSpace, cost: c.total ?? c.added })),
    background: sums.backgroundBy,
    backgroundWithRate: sums.withRate,
    hasBaseline: baseline !== undefined,
    notCounted: baseline ? baselineNotCounted(config) : undefined,
  });
  const limits = sums.limits;
  if (lpar.limit) {
    const cpuLimit = rangedItem(lpar.limit);
    items.push(cpuLimit);
    limits.push(cpuLimit);
  }
  const rooms = headrooms(limits, rate);
  const bottleneck = bottleneckOf(limits, rooms);
  for (const w of exceededWarnings(limits, rooms)) warnings.push(w);
  const busy = lpar.summary;
  // Said once: the CPU limit's own finding says it when the limit is all the engines.
  const saidByLimit = lpar.limit !== null && busy.targetBusy === null;
  if (!saidByLimit && busy.engines && busy.cpus !== null && busy.engines.value > busy.cpus) {
    warnings.push({
      concern: "capacity",
      message: `CPU demand exceeds the engines: ${fmtN(busy.engines.value, 2)} engines busy at ${fmtN(rate!, 0)}/s on ${busy.cpus} CP${busy.cpus === 1 ? "" : "s"} (${fmtN(busy.lparPct!.value, 0)}% of the LPAR)${baseline ? "" : ", counting only the items this config adds (no baseline)"}`,
      citations: [],
    });
  }
  if (busy.notCounted) needsBaseline.push(`CPU total and CPU-bound rate: ${notCountedText(busy.notCounted)}`);
  if (!baseline) {
    needsBaseline.push(
      "total cost per transaction: the reports give base transaction costs only as charts; supply baseline.cost (your SMF cost per transaction by address space) to get totals",
    );
  }
  return {
    format: "mqzcap/estimate@1",
    mqzcap: VERSION,
    name: config.name ?? null,
    config,
    basis: { release: config.mq.release, hardware: config.hardware.generation, notes: [] },
    totals: {
      costPerTransaction: costs,
      total,
      added: addedAll,
      rate,
      cpuSecondsPerSecond: cpu,
      engines: cpu,
      backgroundCpuSecondsPerSecond: scale(background, 1e-6),
    },
    limits,
    bottleneck,
    storage: sums.storage,
    items,
    warnings,
    gaps,
    needsBaseline,
    headroom: rooms,
    cpu: busy,
    ...(against ? { againstBaseline: against } : {}),
  };
}

/**
 * The LPAR address spaces a baseline leaves out or gives only in part: the queue manager's and the
 * application's always count; the channel initiator's and TCP/IP's where the plan has channels.
 */
function baselineNotCounted(config: Config): CpuSummary["notCounted"] {
  const b = config.baseline!;
  const cost = b.cost as Record<string, number | undefined>;
  const channels = (config.channels?.length ?? 0) > 0;
  const wanted: AddressSpace[] = channels ? ["qmgr", "chin", "app", "tcpip"] : ["qmgr", "app"];
  const missing = wanted.filter((as) => cost[as] === undefined);
  const partial = (["qmgr", "chin", "app", "tcpip"] as const).filter(
    (as) => cost[as] !== undefined && b.coverage?.[as] === "lower-bound",
  );
  return missing.length + partial.length > 0 ? { missing, partial } : undefined;
}

/** What the CPU figures leave out, in words. */
export function notCountedText(n: NonNullable<CpuSummary["notCounted"]>): string {
  const parts: string[] = [];
  if (n.missing.length) parts.push(`${n.missing.join(", ")} not counted (not in baseline.cost)`);
  if (n.partial.length)
    parts.push(
      `${n.partial.join(", ")} a lower bound (baseline.coverage: a part of the address space's CPU, open above)`,
    );
  return `${parts.join("; ")}: the CPU is above the figure and the rate the engines allow below it; give the address spaces' CPU (SMF 30 / RMF; calibrate --asid-cpu)`;
}

/** Whether any of the citations is of an entry in `ids`. */
function citesAny(citations: readonly Citation[], ids: ReadonlySet<string> | undefined): boolean {
  if (ids === undefined) return false;
  for (let k = 0; k < citations.length; k++) if (ids.has(citations[k]!.id)) return true;
  return false;
}

function fmtN(n: number, digits: number): string {
  return formatNumber(n, Number.isInteger(n) ? 0 : digits);
}
