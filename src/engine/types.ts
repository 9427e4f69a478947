// What rules produce and what the engine composes from it.
import type { Kept, KeptItem } from "./rule-memo.js";
import type { Config } from "../config/types.js";
import type { Citation, Confidence, LookupResult, Registry } from "../model/registry.js";
import type { RangePart } from "../model/ranges.js";
import type { AddressSpace } from "../model/vocabulary.js";

export type Concern =
  | "workload"
  | "logging"
  | "encryption"
  | "tls"
  | "ams"
  | "channels"
  | "streaming"
  | "smf"
  | "storage"
  | "shared-queue"
  | "hardware"
  | "capacity";

/**
 * cpu-per-txn: CPU microseconds added per transaction in an address space.
 * cpu-pct: a percentage change to an address space's per-transaction cost (needs a baseline).
 * cpu-per-second: CPU microseconds per second not tied to transactions (SMF writes, renegotiations).
 * storage, limit, volume, info: reported as they are.
 */
export type Metric = "cpu-per-txn" | "cpu-pct" | "cpu-per-second" | "storage" | "limit" | "volume" | "rate" | "info";

export interface InputValue {
  value: number | string | boolean;
  unit?: string;
  /** Where the input came from: a config path, a model id, or "default". */
  from: string;
}

/**
 * A line item as a rule emits it. low and high are the rule's own bounds, when it sets them (the
 * escape hatch for a formula that is not a product of its lookups; see rangeOf in rules/helpers.ts);
 * otherwise the engine derives them from `lookups` (docs/ranges.md). In an estimate every item has
 * both, and `spread` (RangedLineItem).
 */
export interface LineItem {
  id: string;
  concern: Concern;
  label: string;
  addressSpace?: AddressSpace;
  metric: Metric;
  value: number;
  low?: number;
  high?: number;
  unit: string;
  /** The formula in words and with the numbers put in. */
  formula: string;
  inputs: Record<string, InputValue>;
  citations: Citation[];
  confidence: Confidence;
  flags: { code: string; reason: string; entry?: string }[];
  /**
   * Machines the figure holds for, when a rule has applied a hardware carry itself. The engine fills it
   * for every limit (from the cited entries when the rule gave none): a limit always names its machine.
   */
  measuredOn?: string[];
  /** For limits: what the limit is expressed in, to name the bottleneck. */
  limitOf?: LimitOf;
  /**
   * For limits: what the config asks of the limit, in the limit's unit. The engine fills it with
   * workload.rate for a transactions-per-second limit that has none; a limit without one has no headroom.
   * "workload.rate": the configured rate, filled by the engine (none without a rate), so that a rule
   * whose limit does not otherwise depend on the rate does not read it, and a command's memo replays
   * the limit across a rate sweep (rule-memo.ts).
   */
  demand?: Demand | "workload.rate";
  /**
   * For limits: how the figure stands to the config's machine. same: measured there (or the user's
   * own figure); scaled: carried to it by a factor a source gives (or hardware.factor); other-machine:
   * shown as the measuring machine's figure, for want of a factor (a gap says so); machine-independent:
   * not a measurement of any machine (an architecture or product limit, a guideline as a share, the
   * user's own budget), said by the rule that makes it. Set by the engine unless the rule sets it.
   */
  hardwareFit?: "same" | "scaled" | "other-machine" | "machine-independent";
  /**
   * For limits, and for rates shown beside a cost (info items): bound by CPU speed, so it scales with the machine's capacity (the LSPR
   * z14/z15 table or hardware.factor) where the rule has not scaled it itself. Limits of disks,
   * storage, locks or networks do not (they stay the measuring machine's, marked).
   */
  scalesWithCpu?: boolean;
  /**
   * For CPU per second: in proportion to workload.rate (derived from it, as a channel's renegotiations
   * are), so the CPU-bound rate counts it per transaction rather than holding it at the configured rate.
   */
  growsWithRate?: boolean;
  /**
   * The model lookups the value is proportional to (fromLookups sets them): the engine gives the item
   * their ranges. Read by the engine only; an estimate's items do not carry it.
   */
  lookups?: readonly LookupResult[];
  /** Why low and high are where they are: one part per lookup's reason, carry, input range or rule. */
  spread?: readonly RangePart[];
}

/** What a limit is expressed in. */
export type LimitOf =
  | "transactions-per-second"
  | "channels"
  | "connections"
  | "log-mb-per-second"
  | "chin-storage-mb"
  | "csa-mb"
  | "below-bar-mb"
  | "messages"
  | "message-bytes"
  | "log-data-sets";

/** What a config asks of a limit: a value (with its range) in the limit's unit, and where it comes from. */
export interface Demand {
  value: number;
  low?: number;
  high?: number;
  /** In words: "workload.rate", "CHIN storage of all channel definitions". */
  from: string;
}

/** A line item of an estimate: low and high always set, and the parts that explain them. */
export type RangedLineItem = Omit<LineItem, "lookups" | "demand"> & {
  low: number;
  high: number;
  spread: readonly RangePart[];
  demand?: Demand;
};

export interface Warning {
  concern: Concern;
  message: string;
  citations: Citation[];
  /** Every channel definition the finding is about, where there are more than its message names (engine.ts NAMED_IN_MESSAGE). */
  channels?: string[];
}

export interface GapItem {
  concern: Concern;
  message: string;
  /** Every channel definition the finding is about, where there are more than its message names (engine.ts NAMED_IN_MESSAGE). */
  channels?: string[];
  /** Model gap entries (charts whose numbers are lost) that would answer it. */
  charts: { id: string; caption: string; citation: Citation }[];
}

/**
 * A warning or gap as a command's memo keeps it (rule-memo.ts): the engine keeps on it the message split
 * at its channel name ("NAME: finding"), so that a replayed message is not split again at every point
 * (a sensitivity of 1,000 channel definitions replays their findings at each of its points).
 */
export interface NotedFinding {
  split?: { channel: string; finding: string };
}

export interface RuleContext {
  config: Config;
  registry: Registry;
  /**
   * Emit a line item. `kept` is the memo's record of it where a command's memo replays or records it
   * (rule-memo.ts): the engine may keep its finished copy there (finished-items.ts). Rules pass none.
   */
  item(item: LineItem, kept?: KeptItem): void;
  /** `noted`: the memo's record of the warning where it replays or records it (as `kept`). Rules pass none. */
  warn(concern: Concern, message: string, citations?: Citation[], noted?: NotedFinding): void;
  gap(concern: Concern, message: string, chartIds?: readonly string[], noted?: NotedFinding): void;
  /**
   * Set for a search's points, which read the limits' headroom and the CPU only (capacity's): the
   * engine keeps only the items leanKeeps() names and drops warnings and gaps. A rule may skip building
   * what is dropped (an item's text, a per-definition info line), never what is kept.
   */
  readonly lean?: boolean;
  /**
   * Within a command (a RuleMemo's: sensitivity, sweep, capacity), what the rule's previous run emitted
   * for a part of the config, by what that part was made from: a rule may replay it where nothing it
   * was made from changed (keptOrBuilt in rule-memo.ts). Absent outside a command.
   */
  readonly kept?: Kept;
}

export interface Rule {
  id: string;
  concern: Concern;
  description: string;
  /** Config paths the rule reads. */
  reads: string[];
  /** Model entry ids the rule may use. */
  uses: string[];
  /** Figures whose quoted sentence the rule prints (the live page keeps only these quotes). */
  quotes?: readonly string[];
  /** True when the config touches this concern at all. */
  applies(config: Config): boolean;
  run(ctx: RuleContext): void;
}
