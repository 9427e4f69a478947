// A figure holds under the conditions it was measured: release, machine, message size, persistence,
// queue type, log copies, disk, CPUs... (DESIGN.md, "Conditions"). This module compares an entry's
// measured conditions with a config, picks the best-matching entry among candidates, and widens a
// figure used outside its conditions (extrapolated, a warning naming the condition, a range that comes
// from what the sources measured under the other conditions, or from a carry's stated tolerance).
//
// Rules do not call these themselves: they ask the door (door.ts `through`) for a figure, and the door
// applies the release carry, checkConditions, widen and the warnings, every time. bestMatch picks which
// candidate entry to ask for (test/rules/conditions.test.ts shows the pieces one by one).
//
// The vocabulary (models/README.md, "Conditions"): CONFIG_CONDITIONS are compared with the config;
// TEST_CONDITIONS describe how a measurement was run and have no config counterpart (they are listed,
// never compared). A test keeps every condition key of the models in one of the two lists.
import type { Config } from "../config/types.js";
import { formatSize } from "../config/units.js";
import { runToRunOf, widenBy, type RangePart } from "../model/ranges.js";
import {
  evidenceFactors,
  evidenceFor,
  noEvidenceWords,
  quantityKindOf,
  type ConditionEvidence,
  type QuantityKind,
} from "../model/evidence.js";
import { ModelError, type LookupResult, type Registry } from "../model/registry.js";
import type { CarryEntry, ModelEntry } from "../model/types.js";
import { RELEASES } from "../config/schema.js";
import { releaseChoice } from "./helpers.js";

type Scalar = string | number | boolean;

/**
 * Condition keys a config can be compared on, each with the config path a planner sets for it (named in
 * the warning when the config leaves it out). messageSizeMin, messageSizeMax (inclusive) and
 * messageSizeAbove (exclusive) bound the same config value as messageSize.
 */
export const CONFIG_CONDITIONS = {
  release: "mq.release",
  hardware: "hardware.generation",
  messageSize: "workload.messageSize",
  messageSizeMin: "workload.messageSize",
  messageSizeMax: "workload.messageSize",
  messageSizeAbove: "workload.messageSize",
  persistent: "workload.persistent",
  syncpoint: "workload.syncpoint",
  queueType: "workload.queues",
  logCopies: "logging.dualLogs",
  archiveCopies: "logging.archiving",
  zHyperWrite: "logging.zHyperWrite",
  mirroring: "logging.metroMirror",
  archiveCompression: "logging.archiveCompression",
  disk: "logging.disk.subsystem",
  logStripes: "logging.disk.stripes",
  cpus: "hardware.cpus",
  rni: "hardware.rni",
  transport: "channels[].transport",
  channelType: "channels[].type",
  sharecnv: "channels[].sharecnv",
  cipher: "channels[].tls.cipher",
  tlsVersion: "channels[].tls.cipher",
  sslrkeyc: "channels[].tls.resetBytes",
  compression: "channels[].compression",
  compressibility: "channels[].compressibility",
  amsPolicy: "ams.policy",
  keyReuse: "ams.keyReuse",
  streamQueue: "streamingQueues.copies",
  streamQos: "streamingQueues.quality",
} as const;

export type ConditionKey = keyof typeof CONFIG_CONDITIONS;

/**
 * Condition keys that describe how a measurement was run and that no config field matches: shown as
 * "measured with" context, never compared. New keys are added here (or to CONFIG_CONDITIONS) on purpose.
 */
export const TEST_CONDITIONS: readonly string[] = [
  "accountingClass",
  "achievedBatchSize",
  "acctime",
  "acctimeFrom",
  "acctimeTo",
  "amsTopology",
  "api",
  "applicationStructures",
  "batchSize",
  "bind",
  "capexpryMinutes",
  "cf",
  "cfAccess",
  "cfccLevel",
  "cfLevel",
  "cfLink",
  "cfProcessors",
  "channelPairs",
  "channels",
  "chiadaps",
  "chidisps",
  "chinitTrace",
  "cipherFamily",
  "complexTriggering",
  "configuration",
  "connectionType",
  "conversationsPerInstance",
  "copies",
  "costSource",
  "crlChecking",
  "crossLpar",
  "cryptoCard",
  "csqAdminSize",
  "curshcnv",
  "depth",
  "dfwDelays",
  "direction",
  "epvtSize",
  "event",
  "example",
  "expand",
  "expirySet",
  "expryint",
  "getters",
  "globalTrace",
  "icsfFmid",
  "imsBridge",
  "imsCommitMode",
  "includesCf",
  "indexedQueue",
  "ioSubsystemConstrained",
  "keyReuseSetting",
  "logPagesPerIO",
  "logPreformatted",
  "logRateMBs",
  "logRateMBsPerCopy",
  "loggerTaskBusy",
  "lpar",
  "maxMessageSizeKB",
  "meaning",
  "messageExitsPerChannel",
  "messageSizeClass",
  "messages",
  "mirrorDistanceKm",
  "mode",
  "network",
  "networkProfile",
  "offload",
  "openFrequency",
  "openTarget",
  "pages",
  "pagesPerIo",
  "parameter",
  "peak",
  "processing",
  "putRate",
  "putters",
  "qindxbld",
  "qsgMember",
  "queueManagers",
  "queuePairs",
  "queues",
  "queuesAccessed",
  "receiveTimeout",
  "recoveryTargetMinutes",
  "requesterSyncpoint",
  "requesters",
  "requestersPerQmgr",
  "residency",
  "servers",
  "serversPerQmgr",
  "setting",
  "smds",
  "smfDestination",
  "statimeFrom",
  "statimeTo",
  "statisticsClass",
  "streamTarget",
  "structurePlacement",
  "structureSize",
  "subtype",
  "syncqChannelPairs",
  "targetRate",
  "taskDuration",
  "threads",
  "tls",
  "trace",
  "traceDestination",
  "workload",
  "xbatchsz",
  "zhpf",
  "ziipOffload",
];

/**
 * The config as the conditions see it. A key that is present with a value is compared; present and
 * undefined, the config could give it and did not (the measured value is assumed, with a warning);
 * absent, it does not apply to what is being looked up (a channel's cipher for a logging figure) and is
 * not compared.
 */
export type Subject = Partial<Record<ConditionKey, Scalar | undefined>>;

const ARCHIVE_ON_CHIP = new Set(["z15", "z16", "z17"]);

/**
 * The config's values under the condition keys: the workload, logging, machine and AMS settings.
 * Channel conditions (transport, cipher, sharecnv...) differ per channel: a rule adds them with `extra`.
 */
export function subjectOf(config: Config, extra: Subject = NO_EXTRA): Subject {
  const w = config.workload;
  const lg = config.logging;
  const dual = lg?.dualLogs ?? true;
  const archiving = lg?.archiving ?? true;
  const mirror = lg?.metroMirror ?? false;
  const zhw = mirror && (lg?.zHyperWrite ?? false);
  const s: Subject = {
    release: config.mq.release,
    hardware: config.hardware.generation,
    messageSize: w.messageSize,
    persistent: w.persistent,
    syncpoint: w.syncpoint,
    queueType: w.queues,
    logCopies: dual ? 2 : 1,
    archiveCopies: archiving ? ((lg?.dualArchives ?? true) ? 2 : 1) : 0,
    zHyperWrite: zhw,
    mirroring: zhw ? "zhyperwrite" : mirror ? "pprc" : "none",
    archiveCompression: lg?.archiveCompression
      ? ARCHIVE_ON_CHIP.has(config.hardware.generation)
        ? "on-chip"
        : "zedc"
      : "none",
    disk: lg?.disk?.subsystem,
    logStripes: lg?.disk?.stripes,
    cpus: config.hardware.cpus,
    rni: config.hardware.rni,
    amsPolicy: config.ams?.policy ?? "none",
    streamQueue: (config.streamingQueues?.copies ?? 0) > 0,
  };
  if (config.ams?.policy === "confidentiality") s.keyReuse = config.ams.keyReuse;
  if (config.streamingQueues) s.streamQos = config.streamingQueues.quality === "must-duplicate" ? "mustdup" : "bestef";
  if (lg?.archiveCompression) s.compressibility = lg.archiveCompressibility;
  return extra === NO_EXTRA ? s : { ...s, ...extra };
}

const NO_EXTRA: Subject = Object.freeze({});

/** A condition the figure was measured under that the config does not meet. */
export interface Outside {
  key: ConditionKey;
  /** As measured, in words: "dual logs", "DS8950F", "32KB", "MQ 9.1, 9.2, 9.3". */
  measured: string;
  /** The config's value, in words. */
  config: string;
  /** For the release: a carry statement that lets the figure stand for the config's release. */
  carry?: CarryEntry;
  /** The carry's width in percent either way (stated, or where it states none, helpers.releaseChoice's). */
  tolerance?: number;
  /** Where the width comes from, when the carry does not state it. */
  basis?: string;
  /** The values compared (a size, a count, a machine), for the evidence's size band and the change's direction. */
  measuredValue?: Scalar;
  configValue?: Scalar;
}

/** A condition the config leaves open: the figure's measured value is assumed. */
export interface Assumed {
  key: ConditionKey;
  measured: string;
  /** The config field that would settle it. */
  path: string;
}

export interface ConditionCheck {
  /** The entry checked. */
  id: string;
  /** True when every condition the config can be compared on holds (carried releases aside). */
  inside: boolean;
  outside: Outside[];
  assumed: Assumed[];
  /** Test conditions of the entry, in words ("requesters 5"), for a "measured with" note. */
  context: string[];
  /** The sources' evidence of how far a figure moves under a changed condition (the registry's). */
  evidence?: ConditionEvidence;
}

/** An entry's measured conditions: its appliesTo conditions, with a figure's own condition over them. */
export function conditionsOf(entry: ModelEntry): Readonly<Record<string, Scalar>> {
  // Kept per entry (frozen): rules and the ranking ask for it in every estimate.
  let c = conditionsByEntry.get(entry);
  if (!c) {
    const applies = entry.appliesTo.conditions ?? {};
    conditionsByEntry.set(
      entry,
      (c = Object.freeze(entry.type === "figure" ? { ...applies, ...entry.condition } : { ...applies })),
    );
  }
  return c;
}

const conditionsByEntry = new WeakMap<ModelEntry, Readonly<Record<string, Scalar>>>();

/**
 * A number from the conditions a model entry was measured under (message size, key reuse, a size
 * bound): a rule's thresholds are the sources' own, read here rather than typed into the rule.
 */
export function measuredUnder(registry: Registry, id: string, key: string): number {
  const v = conditionsOf(registry.get(id))[key];
  if (typeof v !== "number") throw new ModelError(`${id} does not state the ${key} it was measured at`);
  return v;
}

const isConfigKey = (k: string): k is ConditionKey => Object.prototype.hasOwnProperty.call(CONFIG_CONDITIONS, k);

/** Disk subsystems compare without case, spaces or hyphens: "DS8950F" = "ds8950f", "ESS 2105-E20" = "ESS2105E20". */
const diskKey = (v: Scalar) =>
  String(v)
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, "");

/** Words for a condition value, as a planner reads it in a warning. */
export function describe(key: ConditionKey, v: Scalar): string {
  switch (key) {
    case "release":
      return `MQ ${String(v)}`;
    case "messageSize":
      return typeof v === "number" ? formatSize(v) : String(v);
    case "messageSizeMin":
      return `messages of ${typeof v === "number" ? formatSize(v) : String(v)} and more`;
    case "messageSizeMax":
      return `messages up to ${typeof v === "number" ? formatSize(v) : String(v)}`;
    case "messageSizeAbove":
      return `messages over ${typeof v === "number" ? formatSize(v) : String(v)}`;
    case "persistent":
      return v ? "persistent messages" : "non-persistent messages";
    case "syncpoint":
      return v ? "in syncpoint" : "out of syncpoint";
    case "queueType":
      return `${String(v)} queues`;
    case "logCopies":
      return Number(v) === 2 ? "dual logs" : "single logs";
    case "archiveCopies":
      return Number(v) === 0 ? "archiving off" : Number(v) === 2 ? "dual archives" : "single archives";
    case "zHyperWrite":
      return v ? "zHyperWrite" : "no zHyperWrite";
    case "mirroring":
      return v === "none" ? "no mirroring" : v === "pprc" ? "Metro Mirror (PPRC)" : "Metro Mirror with zHyperWrite";
    case "archiveCompression":
      return v === "none"
        ? "uncompressed archives"
        : v === "zedc"
          ? "zEDC archive compression"
          : "on-chip archive compression";
    case "logStripes":
      return `${String(v)} log stripes`;
    case "cpus":
      return `${String(v)} CPUs`;
    case "rni":
      return `${String(v)} RNI`;
    case "compressibility":
      return `${String(v)}% compressible`;
    case "streamQueue":
      return v ? "a streaming queue" : "no streaming queue";
    default:
      return String(v);
  }
}

/** Whether the config's value meets one measured condition. */
function meets(key: ConditionKey, measured: Scalar, value: Scalar): boolean {
  if (key === "disk") return diskKey(measured) === diskKey(value);
  const n = typeof value === "number" ? value : Number.NaN;
  if (key === "messageSizeMin") return n >= Number(measured);
  if (key === "messageSizeMax") return n <= Number(measured);
  if (key === "messageSizeAbove") return n > Number(measured);
  // "2-4", "1-50": a measured range of a count.
  if (typeof measured === "string" && typeof value === "number") {
    const m = /^(\d+)-(\d+)$/.exec(measured);
    if (m) return value >= Number(m[1]) && value <= Number(m[2]);
  }
  return String(measured) === String(value);
}

const RELEASE_ORDER: readonly string[] = RELEASES;
const SIZE_BOUNDS = new Set<ConditionKey>(["messageSizeMin", "messageSizeMax", "messageSizeAbove"]);

/**
 * Compares an entry's measured conditions with the subject. `only`, when given, limits the comparison
 * to those keys, release and machine included (a rule that knows a condition does not change the figure
 * leaves it out and says why in a comment: a CPU figure leaves out the machine, which the hardware rule
 * scales by a factor the sources give).
 */
export function checkConditions(
  registry: Registry,
  id: string,
  subject: Subject,
  only?: readonly ConditionKey[],
): ConditionCheck {
  // Kept per registry by the subject's values under the keys the check reads (frozen, shared): rules
  // check the same entries against configs that differ in little else in every estimate.
  const entry = registry.get(id);
  const plan = checkPlan(memoOf(registry), entry, only);
  const leaf = memoLeaf(registry, plan, subject);
  let check = leaf.get(RESULT) as ConditionCheck | undefined;
  if (!check) leaf.set(RESULT, (check = freezeCheck(checkUncached(registry, entry, subject, only))));
  return check;
}

function checkUncached(
  registry: Registry,
  entry: ModelEntry,
  subject: Subject,
  only: readonly ConditionKey[] | undefined,
): ConditionCheck {
  const id = entry.id;
  const outside: Outside[] = [];
  const assumed: Assumed[] = [];
  const context: string[] = [];
  const compared = (k: ConditionKey) => !only || only.includes(k);
  const release = subject.release;
  if (compared("release") && typeof release === "string" && !entry.appliesTo.releases.includes(release)) {
    // The same choice the rules make (helpers.releaseChoice): a carry that covers this entry.
    const how = releaseChoice(registry, id, entry.appliesTo.releases, release)?.carried;
    const o: Outside = {
      key: "release",
      measured: describe("release", entry.appliesTo.releases.join(", ")),
      config: describe("release", release),
    };
    if (how && how.carry) {
      o.carry = how.carry;
      if (how.tolerance !== undefined) o.tolerance = how.tolerance;
      if (how.basis !== undefined) o.basis = how.basis;
    }
    outside.push(o);
  }
  const hardware = subject.hardware;
  if (
    compared("hardware") &&
    typeof hardware === "string" &&
    !(entry.appliesTo.hardware as readonly string[]).includes(hardware)
  ) {
    outside.push({
      key: "hardware",
      measured: entry.appliesTo.hardware.join(", "),
      config: hardware,
      measuredValue: entry.appliesTo.hardware.join(","),
      configValue: hardware,
    });
  }
  for (const [key, measured] of Object.entries(conditionsOf(entry))) {
    if (!isConfigKey(key)) {
      context.push(`${key} ${String(measured)}`);
      continue;
    }
    if (!compared(key)) continue;
    // messageSizeMin, messageSizeMax and messageSizeAbove bound the subject's messageSize.
    const from: ConditionKey = SIZE_BOUNDS.has(key) ? "messageSize" : key;
    if (!(from in subject)) continue;
    const value = subject[from];
    if (value === undefined) {
      assumed.push({ key, measured: describe(key, measured), path: CONFIG_CONDITIONS[key] });
      continue;
    }
    if (!meets(key, measured, value))
      outside.push({
        key,
        measured: describe(key, measured),
        config: describe(key, value),
        measuredValue: measured,
        configValue: value,
      });
  }
  const inside = outside.every((o) => o.carry !== undefined);
  const evidence = registry.data?.conditionEvidence;
  return evidence ? { id, inside, outside, assumed, context, evidence } : { id, inside, outside, assumed, context };
}

export interface Candidate {
  id: string;
  check: ConditionCheck;
  /** Lower is better: the weighted count of conditions outside, then of conditions assumed. */
  score: number;
}

export interface MatchOptions {
  /** How much a condition outside counts (default 1; a carried release counts half its weight). */
  weights?: Partial<Record<ConditionKey, number>>;
  only?: readonly ConditionKey[];
}

/**
 * The candidates ranked by how well their measured conditions match the subject, best first: fewest
 * (weighted) conditions outside, then fewest assumed, then the nearest message size, then the nearest
 * release, then the order given. Every candidate is returned, with its check, so that a rule can use
 * the others as the spread of a figure used outside its conditions.
 */
export function rankCandidates(
  registry: Registry,
  ids: readonly string[],
  subject: Subject,
  options: MatchOptions = {},
): readonly Candidate[] {
  // Kept as checkConditions' results are: by the candidates, the options and the subject's values
  // under every key a check of a candidate reads (and the message size and release it ranks by).
  const memo = memoOf(registry);
  const plan = rankPlan(memo, registry, ids, options);
  const leaf = memoLeaf(registry, plan, subject);
  let ranked = leaf.get(RESULT) as readonly Candidate[] | undefined;
  if (!ranked) {
    // Candidates frozen; the list shared and only read (not frozen: see freezeCheck).
    ranked = rankUncached(registry, ids, subject, options).map((c) => Object.freeze(c));
    leaf.set(RESULT, ranked);
  } else for (let k = 0; k < ids.length; k++) registry.get(ids[k]!); // as a ranking reads them (tracing registries count reads)
  return ranked;
}

function rankUncached(
  registry: Registry,
  ids: readonly string[],
  subject: Subject,
  options: MatchOptions,
): Candidate[] {
  const weight = (k: ConditionKey) => options.weights?.[k] ?? 1;
  const size = typeof subject.messageSize === "number" ? subject.messageSize : undefined;
  const release = typeof subject.release === "string" ? RELEASE_ORDER.indexOf(subject.release) : -1;
  const ranked = ids.map((id, order) => {
    const check = checkConditions(registry, id, subject, options.only);
    const score =
      check.outside.reduce((s, o) => s + (o.carry ? weight(o.key) / 2 : weight(o.key)), 0) + check.assumed.length / 100;
    const entry = registry.get(id);
    const measuredSize = conditionsOf(entry).messageSize;
    const sizeDistance =
      size !== undefined && typeof measuredSize === "number" ? Math.abs(Math.log(size / measuredSize)) : 0;
    const releaseDistance =
      release < 0 ? 0 : Math.min(...entry.appliesTo.releases.map((r) => Math.abs(RELEASE_ORDER.indexOf(r) - release)));
    return { candidate: { id, check, score }, sizeDistance, releaseDistance, order };
  });
  ranked.sort(
    (a, b) =>
      a.candidate.score - b.candidate.score ||
      a.sizeDistance - b.sizeDistance ||
      a.releaseDistance - b.releaseDistance ||
      a.order - b.order,
  );
  return ranked.map((r) => r.candidate);
}

/** The best-matching candidate (rankCandidates' first). */
export function bestMatch(
  registry: Registry,
  ids: readonly string[],
  subject: Subject,
  options: MatchOptions = {},
): Candidate {
  const [best] = rankCandidates(registry, ids, subject, options);
  if (!best) throw new Error("bestMatch needs at least one candidate");
  return best;
}

/** The range the sources' figures span: the lowest low and the highest high of the results. */
export function spreadOf(...results: readonly LookupResult[]): { low: number; high: number } {
  let low = Infinity;
  let high = -Infinity;
  for (const r of results) {
    low = Math.min(low, r.low ?? r.value, r.value);
    high = Math.max(high, r.high ?? r.value, r.value);
  }
  return { low, high };
}

/**
 * A figure used outside its measured conditions: confidence extrapolated (carried-forward when only the
 * release is outside and a carry states it may stand), and the range widened to take in `spread`, the
 * values the sources measured under the other conditions (spreadOf of the candidates), and a carried
 * release's stated tolerance. With no spread, each other condition outside widens it by the sources'
 * evidence for that kind of change (models/condition-evidence.yaml), or, with none, leaves it open on
 * the side the change moves it: a width is never invented, and never understated (DESIGN.md, "Ranges").
 * A copy: lookup results are shared.
 */
export function widen(r: LookupResult, check: ConditionCheck, spread?: { low: number; high: number }): LookupResult {
  if (check.outside.length === 0) return r;
  const carriedOnly = check.outside.every((o) => o.carry !== undefined);
  const confidence = carriedOnly ? (r.confidence === "measured" ? "carried-forward" : r.confidence) : "extrapolated";
  let low = r.low;
  let high = r.high;
  const parts: RangePart[] = [...r.parts];
  const pct = (x: number) => (r.value === 0 ? 0 : ((x - r.value) / Math.abs(r.value)) * 100);
  if (spread && (spread.low < low || spread.high > high)) {
    low = Math.min(low, spread.low);
    high = Math.max(high, spread.high);
    parts.push({
      from: r.citation.id,
      reason: "condition",
      low: pct(Math.min(r.value, spread.low)),
      high: pct(Math.max(r.value, spread.high)),
      text: `measured under other conditions; the sources' figures under the others span ${spread.low} to ${spread.high}`,
    });
  }
  // A carry's tolerance is the reports' run-to-run tolerance: counted once with it, and not at all on a
  // change (a percentage or ratio between two costs, which a release moves together): ranges.ts, helpers.ts.
  const between = runToRunOf(r.parts);
  const change = r.unit === "percent" || r.unit === "ratio";
  for (const o of check.outside) {
    if (!o.carry || o.tolerance === undefined) continue;
    const tol = o.tolerance;
    const t = { low: 1 - tol / 100, high: 1 + tol / 100 };
    const counted = change || between >= tol - 1e-9;
    if (!counted) {
      low = Math.min(low, r.value * t.low);
      high = Math.max(high, r.value * t.high);
    }
    parts.push({
      from: r.citation.id,
      reason: "release-carry",
      low: counted ? 0 : -tol,
      high: counted ? 0 : tol,
      text: `carried under the source's statement, within +/-${tol}%${o.basis ? ` (${o.basis})` : ""}${counted ? ", counted once with the range already given" : ""}`,
      basis: o.carry.id,
      tolerance: tol,
    });
  }
  // A condition outside with no carry: the sources' own evidence of how far that kind of figure moves
  // under that kind of change, or, with none, the range open on the side the change moves it (both
  // sides where nothing says which way). Never the run-to-run width alone (DESIGN.md, "Ranges").
  // A spread from the rule's candidates is the sources' own word on how far this figure moves under the
  // conditions they differ in: it stands for the evidence.
  const kind = spread ? undefined : kindOfResult(r);
  if (kind !== undefined) {
    for (const o of check.outside) {
      if (o.carry) continue;
      const moved = byEvidence(r, o, kind, check.evidence, low, high);
      low = moved.low;
      high = moved.high;
      parts.push(moved.part);
    }
  }
  return { ...r, confidence, low, high, parts };
}

/** The kind of quantity a looked-up value is, for the evidence; undefined for counts and settings. */
function kindOfResult(r: LookupResult): QuantityKind | undefined {
  const relative = r.unit === "percent" || r.unit === "ratio";
  return quantityKindOf(r.unit, relative, true);
}

const GENERATIONS = ["2064", "z13", "z14", "z15", "z16", "z17"];

/**
 * Which way a change of condition moves a quantity, where the change says: more CPUs or a newer machine
 * raise a throughput or log-rate peak and (a newer machine) lower a CPU cost; 0 where nothing says.
 */
export function directionOf(o: Outside, kind: QuantityKind): -1 | 0 | 1 {
  let up: boolean | undefined;
  if (o.key === "cpus" && typeof o.configValue === "number") {
    const measured = Number(String(o.measuredValue).split("-").pop());
    if (Number.isFinite(measured)) up = o.configValue > measured;
  } else if (o.key === "hardware" && typeof o.configValue === "string") {
    const to = GENERATIONS.indexOf(o.configValue);
    const from = String(o.measuredValue ?? "")
      .split(",")
      .map((g) => GENERATIONS.indexOf(g))
      .filter((g) => g >= 0);
    if (to >= 0 && from.length > 0) {
      if (to > Math.max(...from)) up = true;
      else if (to < Math.min(...from)) up = false;
    }
  }
  if (up === undefined) return 0;
  if (kind === "throughput" || kind === "log-rate") return up ? 1 : -1;
  if (kind === "cpu" && o.key === "hardware") return up ? -1 : 1;
  return 0;
}

/** The lowest a value of this unit can take: no change at all for a ratio or a percentage, else zero. */
function floorOf(r: LookupResult): number {
  return r.unit === "percent" ? -100 : 0;
}

/**
 * The range of a figure used under one condition it was not measured under: widened by the sources'
 * evidence for that condition and kind of quantity (models/condition-evidence.yaml), or open.
 */
function byEvidence(
  r: LookupResult,
  o: Outside,
  kind: QuantityKind,
  evidence: ConditionEvidence | undefined,
  low: number,
  high: number,
): { low: number; high: number; part: RangePart } {
  const key = SIZE_BOUNDS.has(o.key) ? "messageSize" : o.key;
  const sizes =
    key === "messageSize" && typeof o.measuredValue === "number" && typeof o.configValue === "number"
      ? { measured: o.measuredValue, config: o.configValue }
      : undefined;
  const row = evidenceFor(evidence, key, kind, sizes);
  const what = `${KIND_WORDS[kind]} measured with ${o.measured}, used with ${o.config}`;
  const pct = (x: number) => (r.value === 0 ? 0 : ((x - r.value) / Math.abs(r.value)) * 100);
  const percent = r.unit === "percent";
  if (row) {
    // As factors on the value (a change in percent on its ratio 1 + v/100): for an ordered condition,
    // the way the sources' values move from the smaller setting to the larger (or back); otherwise the
    // p90 of how far apart they are, either way.
    const way = orderedWay(o);
    const [fl, fh] = evidenceFactors(row, way);
    const [a, b] = percent ? [(100 + low) * fl - 100, (100 + high) * fh - 100] : [low * fl, high * fh];
    const nl = Math.min(low, a);
    const nh = Math.max(high, b);
    const band = row.band ? ` ${row.band} apart` : "";
    return {
      low: nl,
      high: nh,
      part: {
        from: r.citation.id,
        reason: "condition",
        low: pct(nl),
        high: pct(nh),
        text:
          row.up && way !== 0
            ? `${what}: the sources' own ${CONDITION_WORDS[key] ?? key} changes${band} move ${KIND_WORDS[kind]} from the smaller setting to the larger by ${signed(row.up.low)}% to ${signed(row.up.high)}% (${row.n >= 5 && row.how === "p90" ? "p5 to p95" : "least to most"} of ${row.n} pairs from ${row.entries} entries${row.whole ? `: ${row.whole}` : ""})${way < 0 ? ", taken back here" : ""}`
            : `${what}: the sources' own ${CONDITION_WORDS[key] ?? key} changes${band} move ${KIND_WORDS[kind]} by up to ${row.pct}% either way (${row.how} of ${row.n} pairs from ${row.entries} entries${row.whole ? `: ${row.whole}` : ""})`,
        basis: "models/condition-evidence.yaml",
        tolerance: row.pct,
      },
    };
  }
  const dir = directionOf(o, kind);
  const nl = dir > 0 ? low : Math.min(low, floorOf(r));
  const nh = dir < 0 ? high : Infinity;
  const side = dir > 0 ? "open above" : dir < 0 ? "open below" : "open on both sides";
  return {
    low: nl,
    high: nh,
    part: {
      from: r.citation.id,
      reason: "condition",
      low: pct(nl),
      high: nh === Infinity ? Infinity : pct(nh),
      text: `${what}: ${noEvidenceWords(evidence, key, kind, { what: kind === "change" ? "change" : KIND_WORDS[kind], condition: CONDITION_WORDS[key] ?? key }, sizes)}, so the range is ${side}`,
      basis: "models/condition-evidence.yaml",
      open: dir > 0 ? "above" : dir < 0 ? "below" : "both",
    },
  };
}

const signed = (x: number) => (x > 0 ? `+${x}` : String(x));

/** For a condition with an order: +1 where the config's setting is the larger, -1 the smaller, 0 otherwise. */
function orderedWay(o: Outside): -1 | 0 | 1 {
  const n = (v: Scalar | undefined) =>
    typeof v === "number" ? v : typeof v === "string" && v !== "" ? Number(v) : NaN;
  const m = n(o.measuredValue);
  const c = n(o.configValue);
  if (!Number.isFinite(m) || !Number.isFinite(c) || m === c) return 0;
  return c > m ? 1 : -1;
}

const KIND_WORDS: Record<QuantityKind, string> = {
  cpu: "CPU cost",
  throughput: "throughput",
  "log-rate": "log rate",
  storage: "storage",
  elapsed: "elapsed time",
  change: "a change",
};

const CONDITION_WORDS: Partial<Record<string, string>> = {
  messageSize: "message size",
  hardware: "machine",
  cpus: "CPU count",
  logCopies: "log copies",
  archiveCopies: "archive copies",
  amsPolicy: "AMS policy",
  queueType: "queue type",
  streamQos: "streaming quality of service",
  streamQueue: "streaming queue",
  channelType: "channel type",
  archiveCompression: "archive compression",
  keyReuse: "key reuse",
  sslrkeyc: "SSLRKEYC",
  tlsVersion: "TLS version",
};

/**
 * The warning for a figure used outside its conditions, naming each: "peak log rate: measured with dual
 * logs on DS8950F; this config has single logs on DS8870 (extrapolated)". A carried release is named with
 * its carry's statement by the rule (chooseRelease), not here.
 */
export function outsideMessage(what: string, check: ConditionCheck): string {
  const out = check.outside.filter((o) => !o.carry);
  if (out.length === 0) return `${what}: measured under this config's conditions`;
  return `${what}: measured with ${out.map((o) => o.measured).join(", ")}; this config has ${out
    .map((o) => o.config)
    .join(", ")}, so the figure is extrapolated`;
}

/** The warning for a condition the config leaves open: "logging.disk.subsystem is not given: assumed DS8950F, as measured". */
export function assumedMessage(what: string, a: Assumed): string {
  return `${what}: ${a.path} is not given; assumed ${a.measured}, as measured`;
}

/** How far two sources' measurements of the same quantity, made under different test conditions, disagree. */
export interface PairSpread {
  /** In percent either way: the p90 of the pairs' (larger / smaller - 1) over five or more, the worst of fewer. */
  pct: number;
  n: number;
  how: string;
}

/**
 * The spread between two sources' measurements of the same cells under different test conditions (the
 * same cipher's channel start on two machines set up differently): for each pair, larger / smaller - 1,
 * in percent; the p90 over five or more pairs, the worst over fewer (as the interpolation error).
 * Undefined without pairs.
 */
export function pairSpread(pairs: readonly (readonly [number, number])[]): PairSpread | undefined {
  const xs = pairs
    .filter(([a, b]) => a > 0 && b > 0)
    .map(([a, b]) => (Math.max(a, b) / Math.min(a, b) - 1) * 100)
    .sort((a, b) => a - b);
  if (xs.length === 0) return undefined;
  if (xs.length < 5) return { pct: xs[xs.length - 1]!, n: xs.length, how: `worst of ${xs.length} pairs` };
  const pos = (xs.length - 1) * 0.9;
  const lo = Math.floor(pos);
  const pct = xs[lo]! + (xs[Math.ceil(pos)]! - xs[lo]!) * (pos - lo);
  return { pct, n: xs.length, how: `p90 of ${xs.length} pairs` };
}

/**
 * A figure used where a test condition it varies with may not hold (the sources measured it under
 * conditions a config cannot state): its range widened by the spread the sources show between their
 * measurements under the different conditions, or, where that spread is no wider than the tolerance
 * between runs already in the range, marked and counted once (that spread is what runs vary by). A copy.
 */
export function widenForConditions(r: LookupResult, spread: PairSpread, text: string, basis: string): LookupResult {
  const between = runToRunOf(r.parts);
  const pct = spread.pct;
  const t = Math.round(pct * 10) / 10;
  const counted = pct <= between + 1e-9;
  const part: RangePart = {
    from: r.citation.id,
    reason: "condition",
    low: counted ? 0 : -pct,
    high: counted ? 0 : pct,
    text: `${text}: +/-${t}%, the ${spread.how}${counted ? ", within the tolerance between runs, counted once" : ""}`,
    basis,
    tolerance: pct,
  };
  if (counted) return { ...r, parts: [...r.parts, part] };
  const [low, high] = widenBy(r.low, r.high, pct, r.unit === "percent");
  return { ...r, low, high, parts: [...r.parts, part] };
}

// ---- The memo of checks and rankings, per registry ----------------------------------------------

/** Where a memo path ends: the result is kept under this key of the last map. */
const RESULT = Symbol("result");
/** A subject key that is absent (not compared), apart from one present and undefined (assumed). */
const ABSENT = Symbol("absent");
/** Map nodes kept per registry before the memo starts afresh (an engineering bound, not a figure). */
const MEMO_LIMIT = 100000;

/** The subject keys a check or a ranking reads, in order, and its memo by their values. */
interface Plan {
  keys: readonly (keyof Subject)[];
  root: Map<unknown, unknown>;
}

interface Memo {
  /** By entry id, then by `only` (by identity, and by content for a list made per call). */
  checks: Map<string, { byOnly: WeakMap<object, Plan>; byText: Map<string, Plan> }>;
  /** By candidate ids, then options.only, then options.weights (each by identity). */
  ranks: WeakMap<readonly string[], WeakMap<object, WeakMap<object, Plan>>>;
  results: number;
}

const memos = new WeakMap<Registry, Memo>();
const NO_ONLY: readonly ConditionKey[] = Object.freeze([]);
const NO_WEIGHTS: Partial<Record<ConditionKey, number>> = Object.freeze({});

function memoOf(registry: Registry): Memo {
  let m = memos.get(registry);
  if (!m) memos.set(registry, (m = { checks: new Map(), ranks: new WeakMap(), results: 0 }));
  return m;
}

/** The subject keys checkConditions reads for an entry: release, machine, and its config conditions. */
function checkKeys(entry: ModelEntry, only: readonly ConditionKey[] | undefined): (keyof Subject)[] {
  const compared = (k: ConditionKey) => !only || only.includes(k);
  const keys: (keyof Subject)[] = [];
  if (compared("release")) keys.push("release");
  if (compared("hardware")) keys.push("hardware");
  for (const key of Object.keys(conditionsOf(entry))) {
    if (!isConfigKey(key) || !compared(key)) continue;
    const from: ConditionKey = SIZE_BOUNDS.has(key) ? "messageSize" : key;
    if (!keys.includes(from)) keys.push(from);
  }
  return keys;
}

function checkPlan(memo: Memo, entry: ModelEntry, only: readonly ConditionKey[] | undefined): Plan {
  let byEntry = memo.checks.get(entry.id);
  if (!byEntry) memo.checks.set(entry.id, (byEntry = { byOnly: new WeakMap(), byText: new Map() }));
  const o = only ?? NO_ONLY;
  let plan = byEntry.byOnly.get(o);
  if (!plan) {
    const text = only ? only.join(",") : "*";
    plan = byEntry.byText.get(text);
    if (!plan) byEntry.byText.set(text, (plan = { keys: sizeLast(checkKeys(entry, only)), root: new Map() }));
    byEntry.byOnly.set(o, plan);
  }
  return plan;
}

function rankPlan(memo: Memo, registry: Registry, ids: readonly string[], options: MatchOptions): Plan {
  let byOnly = memo.ranks.get(ids);
  if (!byOnly) memo.ranks.set(ids, (byOnly = new WeakMap()));
  const only = options.only ?? NO_ONLY;
  let byWeights = byOnly.get(only);
  if (!byWeights) byOnly.set(only, (byWeights = new WeakMap()));
  const weights = options.weights ?? NO_WEIGHTS;
  let plan = byWeights.get(weights);
  if (!plan) {
    // The ranking reads the message size and the release beside every check's keys.
    const keys: (keyof Subject)[] = ["release"];
    for (const id of ids)
      for (const k of checkKeys(registry.get(id), options.only)) if (!keys.includes(k)) keys.push(k);
    byWeights.set(weights, (plan = { keys: sizeLast([...keys, "messageSize"]), root: new Map() }));
  }
  return plan;
}

/**
 * The keys with the message size, once, last: the size takes the most values, and a memo path that
 * branches on it last makes the fewest maps.
 */
function sizeLast(keys: readonly (keyof Subject)[]): (keyof Subject)[] {
  const out: (keyof Subject)[] = keys.filter((k) => k !== "messageSize");
  if (keys.includes("messageSize")) out.push("messageSize");
  return out;
}

/** The memo's map for the subject's values under the plan's keys (made on the way). */
function memoLeaf(registry: Registry, plan: Plan, subject: Subject): Map<unknown, unknown> {
  const memo = memoOf(registry);
  if (memo.results >= MEMO_LIMIT) {
    // Bounded: a long sweep over many message sizes must not grow it without end.
    memos.delete(registry);
    return memoLeaf(registry, plan, subject);
  }
  let node = plan.root;
  const keys = plan.keys;
  for (let k = 0; k < keys.length; k++) {
    const key = keys[k]!;
    const v = key in subject ? subject[key] : ABSENT;
    let next = node.get(v) as Map<unknown, unknown> | undefined;
    if (!next) {
      node.set(v, (next = new Map()));
      memo.results++;
    }
    node = next;
  }
  return node;
}

/**
 * A kept check, frozen (its lists are shared too, and only read; they are not frozen, as array builtins
 * such as filter, every and find take a slow path on frozen arrays).
 */
function freezeCheck(c: ConditionCheck): ConditionCheck {
  for (const o of c.outside) Object.freeze(o);
  for (const a of c.assumed) Object.freeze(a);
  return Object.freeze(c);
}
