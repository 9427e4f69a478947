// CF structures for shared queues: application structure size (the V5.3 report's formula, the only one
// the sources have, carried to later releases with a warning and the range its own chart readings
// give), CSQ_ADMIN entries per queue manager, the backup interval that meets a recovery time target,
// the time to replay the log since the last backup, backup CPU, and the CF CPU of the expiry task's
// scan of every shared queue.
import type { LineItem, Rule, RuleContext } from "../engine/types.js";
import { subjectOf, type ConditionKey } from "./conditions.js";
import { standIn, through } from "./door.js";
import { parseSize } from "../config/units.js";
import { withConfidence, type LookupResult, type Registry } from "../model/registry.js";
import { fromLookups, num, perRegistry, putsPerTransaction, rangeOf, sizeLabel } from "./helpers.js";
import { LOG_VOLUME_USES, logBytesPerTransaction, volumeParts } from "./logging.js";

// The conditions each figure is compared on (constants: the checks are memoised by them, conditions.ts).
// The read rate is the disk's: the machine (a 9672 for V5.3) is not compared.
const READ_BACK_ONLY: readonly ConditionKey[] = ["release", "disk"];
const BACKUP_ONLY: readonly ConditionKey[] = ["release", "hardware", "messageSize"];
const RESTORE_ONLY: readonly ConditionKey[] = ["release", "disk", "messageSize"];
const EXPIRY_ONLY: readonly ConditionKey[] = ["release", "hardware"];

const SIZING = "004.app-structure-size";
/** The V5.3 chart readings the formula is checked against (seed 004 line 248). */
const READINGS = [
  "004.app-structure-messages-63kb-64mb",
  "004.app-structure-messages-16kb-1gb",
  "004.app-structure-messages-small-halfgb",
];
const MIN_SIZE = "004.app-structure-min-size";
const SMDS = "000.smds-large-message-threshold";
const ADMIN = "004.csq-admin-qmgr-capacity";
const ADMIN_PER_QMGR = "004.csq-admin-entries-per-qmgr";
const BACKUP = "004.sq-backup-interval";
const READ_BACK = "004.log-backward-read-rate";
const ARCHIVE_RECOVERY = "003.archive-recovery";
const RESTORE = "004.sq-fuzzy-backup-restore-time";
const BACKUP_CPU = "004.sq-backup-cpu-100k-1kb";
const EXPIRY_SCAN = "000.streaming-shared-expiry-cf-cpu";
const EXPIRY_SCAN_REQUESTS = "000.streaming-shared-expiry-scan-requests";
const EXPRYINT_MIN = "004.expryint-minimum";
const EXPIRY_QMGR_CPU = "004.expiry-scan-cpu-per-shared-queue";
const EXPIRY_QMGR_FORMULA = "004.expiry-scan-cpu";
const AUTOALTER = "004.autoalter-more-messages-below-size";

/** Messages the V5.3 restore and backup CPU figures were measured with (seed 004 lines 309, 324). */
const measuredMessages = (ctx: RuleContext, id: string) => Number(ctx.registry.figure(id).condition.messages);

interface Element {
  /** Bytes of CF storage one message takes before the 25%: whole 256-byte elements, at least 1536. */
  bytes: number;
  mqmd: number;
  overhead: LookupResult;
  lookups: LookupResult[];
  formula: string;
}

/** The formula's storage per message (seed 004 lines 226-231): its size includes all headers. */
function element(r: Registry, messageSize: number): Element {
  const boundary = r.parameter(SIZING, "elementBoundary");
  const minElement = r.parameter(SIZING, "minElementSize");
  const overhead = r.parameter(SIZING, "overhead");
  // The charts' message size excludes the MQMD: 1536 - 1212 = 324 bytes (both printed, line 248).
  const mqmdFree = r.parameter(SIZING, "mqmdFreeSizeAtMinElement");
  const mqmd = minElement.value - mqmdFree.value;
  const bytes = Math.max(Math.ceil((messageSize + mqmd) / boundary.value) * boundary.value, minElement.value);
  return {
    bytes,
    mqmd,
    overhead,
    lookups: [boundary, minElement, overhead, mqmdFree],
    formula: `max(ceil((${messageSize} + ${mqmd} MQMD) / ${boundary.raw}) x ${boundary.raw}, ${minElement.raw})`,
  };
}

/**
 * How far the formula's answers stand from the V5.3 report's own chart readings: the lowest ratio of a
 * reading to what the formula gives at the reading's size (750 of 825 at 63KB in 64MB: 0.91). The
 * formula holds more messages than the charts show, which count the CF's own control storage.
 */
function chartSpread(ctx: RuleContext): { ratio: number; lookups: readonly LookupResult[] } {
  return chartSpreadKept(ctx.registry);
}

// Depends on the registry alone: worked out once (three element sizes, figure reads) and shared.
const chartSpreadKept = perRegistry(chartSpreadOf);

function chartSpreadOf(registry: Registry): { ratio: number; lookups: readonly LookupResult[] } {
  let ratio = 1;
  const lookups: LookupResult[] = [];
  for (const id of READINGS) {
    const f = registry.figure(id);
    const reading = registry.figureValue(id);
    const size = Number(f.condition.messageSize ?? f.condition.messageSizeMax);
    const structure = parseSize(String(f.condition.structureSize));
    if (!Number.isFinite(size) || structure === undefined) continue;
    const e = element(registry, size);
    const formula = Math.floor(structure / (e.bytes * (1 + e.overhead.value / 100)));
    ratio = Math.min(ratio, reading.value / formula);
    lookups.push(reading);
  }
  return { ratio, lookups };
}

/** Structure sizing for the config's release: measured for V5.3, carried to later releases with a warning. */
function sizingConfidence(ctx: RuleContext, warned: { done: boolean }): LineItem["confidence"] | undefined {
  if (ctx.config.mq.release === "5.3") return undefined;
  if (!warned.done) {
    warned.done = true;
    const min = ctx.registry.figure(MIN_SIZE);
    ctx.warn(
      "shared-queue",
      `CF structure sizing: the only formula in the sources is the V5.3 report's, carried to MQ ${ctx.config.mq.release} as a lower bound on size ("${min.quote}"); the range is the V5.3 charts' readings against the formula`,
      [ctx.registry.citation(ctx.registry.get(SIZING)), ctx.registry.citation(min)],
    );
  }
  return "carried-forward";
}

function sizing(ctx: RuleContext): void {
  const { config, registry } = ctx;
  const sq = config.sharedQueue;
  const held = sq?.messagesOnQueue;
  const structure = sq?.structureSize;
  if (held === undefined && structure === undefined) return;
  const size = config.workload.messageSize;
  const smds = registry.figureValue(SMDS);
  if (config.mq.release !== "5.3" && size > smds.value * 1024) {
    ctx.gap(
      "shared-queue",
      `CF structure sizing for ${sizeLabel(size)} messages: messages over ${smds.raw} are offloaded to SMDS and the structure holds only a pointer to each; the sources' one sizing formula (V5.3, for messages held whole in the structure) gives no size for that`,
    );
    return;
  }
  const e = element(ctx.registry, size);
  const spread = chartSpread(ctx);
  const alter = registry.figureValue(AUTOALTER);
  if (size < alter.value) {
    ctx.warn(
      "shared-queue",
      `for messages ${alter.raw}, system-initiated alter (ALLOWAUTOALT(YES)) can fit "considerably more messages" in the same structure by adjusting its ENTRY to ELEMENT ratio: the sizing formula is conservative here`,
      [alter.citation],
    );
  }
  const warned = { done: false };
  const k = 1 + e.overhead.value / 100;
  if (held !== undefined) {
    const minMB = registry.parameter(SIZING, "minStructureSize");
    const mb = (e.bytes * held * k) / 1048576;
    const value = Math.max(mb, minMB.value);
    const high = Math.max(mb / spread.ratio, minMB.value);
    const confidence = sizingConfidence(ctx, warned);
    const looked = fromLookups(...e.lookups, minMB, ...spread.lookups);
    ctx.item({
      id: "shared-queue.structure-size",
      concern: "shared-queue",
      label: `CF application structure INITSIZE for ${num(held)} messages`,
      addressSpace: "cf",
      metric: "storage",
      value,
      ...(high !== value ? { low: value, high } : {}),
      unit: "MB",
      formula: `${e.formula} x ${num(held)} x (1 + ${e.overhead.raw}), at least ${minMB.raw} (${registry.formula(SIZING).expression}); up to / ${num(spread.ratio, 3)}, the V5.3 charts' lowest reading against the formula`,
      inputs: {
        messagesOnQueue: { value: held, unit: "count", from: "sharedQueue.messagesOnQueue" },
        elementBytes: { value: e.bytes, unit: "bytes", from: SIZING },
      },
      ...looked,
      ...(confidence ? { confidence } : {}),
    });
  }
  if (structure !== undefined) {
    const minMB = registry.figureValue(MIN_SIZE);
    const value = Math.floor(structure / (e.bytes * k));
    const low = Math.floor(value * spread.ratio);
    const confidence = sizingConfidence(ctx, warned);
    ctx.item({
      id: "shared-queue.structure-capacity",
      concern: "shared-queue",
      label: `messages a ${sizeLabel(structure)} application structure holds`,
      addressSpace: "cf",
      metric: "limit",
      limitOf: "messages",
      value,
      ...(low !== value ? { low, high: value } : {}),
      unit: "messages",
      formula: `floor(${structure} / (${e.formula} x (1 + ${e.overhead.raw}))); down to x ${num(spread.ratio, 3)}, the V5.3 charts' lowest reading against the formula`,
      inputs: {
        structureSize: { value: structure, unit: "bytes", from: "sharedQueue.structureSize" },
        elementBytes: { value: e.bytes, unit: "bytes", from: SIZING },
      },
      // Bytes over bytes per message: a sizing formula, not a measurement of a machine.
      hardwareFit: "machine-independent",
      // The messages the config says the structure holds: the limit's headroom.
      ...(held !== undefined ? { demand: { value: held, from: "sharedQueue.messagesOnQueue" } } : {}),
      ...fromLookups(...e.lookups, ...spread.lookups),
      ...(confidence ? { confidence } : {}),
    });
    const small = registry.parameter(SIZING, "smallStructureThreshold");
    if (structure < minMB.value * 1048576 || structure < small.value * 1048576) {
      ctx.warn(
        "shared-queue",
        `a ${sizeLabel(structure)} application structure is below the ${minMB.raw} the V5.3 report recommends; below ${small.raw} the ${e.overhead.raw} allowance "can be much greater"`,
        [minMB.citation, small.citation],
      );
    }
  }
}

function admin(ctx: RuleContext): void {
  const { registry } = ctx;
  const sq = ctx.config.sharedQueue;
  const qmgrs = sq?.queueManagers;
  const entsmax = sq?.adminStructureEntries;
  const per = registry.figureValue(ADMIN_PER_QMGR);
  if (qmgrs !== undefined) {
    ctx.item({
      id: "shared-queue.admin-entries",
      concern: "shared-queue",
      label: `CSQ_ADMIN entries to allow for ${qmgrs} queue manager(s)`,
      addressSpace: "cf",
      metric: "info",
      value: per.value * qmgrs,
      unit: "entries",
      formula: `${per.raw} per queue manager x ${qmgrs}`,
      inputs: { queueManagers: { value: qmgrs, unit: "count", from: "sharedQueue.queueManagers" } },
      ...fromLookups(per),
    });
  }
  if (entsmax !== undefined) {
    const p = registry.parameter(ADMIN, "entriesPerQmgr");
    const capacity = Math.floor(entsmax / p.value);
    ctx.item({
      id: "shared-queue.admin-capacity",
      concern: "shared-queue",
      label: `queue managers a CSQ_ADMIN structure with ENTSMAX(${entsmax}) supports`,
      addressSpace: "cf",
      metric: "info",
      value: capacity,
      unit: "queue managers",
      formula: `floor(${entsmax} / ${p.raw}) (${registry.formula(ADMIN).expression})`,
      inputs: { entsmax: { value: entsmax, unit: "count", from: "sharedQueue.adminStructureEntries" } },
      ...fromLookups(p),
    });
    if (qmgrs !== undefined && qmgrs > capacity) {
      ctx.warn(
        "shared-queue",
        `CSQ_ADMIN with ENTSMAX(${entsmax}) supports ${capacity} queue managers at ${p.raw} each; the QSG has ${qmgrs}: enlarge the structure`,
        [registry.citation(registry.get(ADMIN))],
      );
    }
  }
}

/**
 * The rate at which the log is read back in recovery: the V5.3 report's backward read of the active
 * log for MQ 5.3; for later releases, which measure no backward read, the z15 report's rate of
 * recovery from archive logs, extrapolated with a warning.
 */
function readBackRate(ctx: RuleContext): LookupResult {
  const { config, registry } = ctx;
  // The read rate is the disk's: the machine (a 9672 for V5.3) is not compared.
  const subject = subjectOf(config);
  if (config.mq.release === "5.3")
    return through(ctx, READ_BACK, {
      subject,
      only: READ_BACK_ONLY,
      concern: "shared-queue",
      what: "log read-back rate",
    }).r;
  const compressed = config.logging?.archiveCompression === true;
  const r = registry.lookup(
    ARCHIVE_RECOVERY,
    { archiveCompression: compressed ? "compressed" : "none" },
    "recoveryRate",
  );
  const v53 = registry.figure(READ_BACK);
  const archive = registry.get(ARCHIVE_RECOVERY).appliesTo;
  ctx.warn(
    "shared-queue",
    `log read-back rate for CF structure recovery: the sources measure the backward read of the active log only for MQ ${v53.appliesTo.releases.join(", ")} (${v53.v.raw}, disk ${String(v53.condition.disk)}); the rate of recovery from ${compressed ? "compressed" : "uncompressed"} archive logs (${r.raw} MB/sec, MQ ${archive.releases.join(", ")}, ${archive.hardware.join(", ")}) is used`,
    [r.citation, registry.figureValue(READ_BACK).citation],
  );
  // Another quantity stands in for the backward read: the range spans the one backward read the
  // sources measured ("about 3MB/sec", 004 line 326) and the archive recovery rate used.
  const backward = registry.figureValue(READ_BACK);
  const spread = { low: Math.min(backward.low, r.low), high: Math.max(backward.high, r.high) };
  return withConfidence(standIn(r, spread, READ_BACK), "extrapolated");
}

function backup(ctx: RuleContext): void {
  const { config, registry } = ctx;
  const sq = config.sharedQueue;
  const w = config.workload;
  const backupMB = sq?.backupIntervalMB;
  const target = sq?.recoveryTargetMinutes;
  const held = sq?.messagesOnQueue;
  if (backupMB === undefined && target === undefined && held === undefined) return;
  if (!w.persistent) {
    if (backupMB !== undefined || target !== undefined)
      ctx.warn(
        "shared-queue",
        "CF structure backup and recovery concern persistent messages; workload.persistent is false",
      );
    return;
  }
  if (held !== undefined) {
    const n = measuredMessages(ctx, BACKUP_CPU);
    const { r } = through(ctx, BACKUP_CPU, {
      only: BACKUP_ONLY,
      concern: "shared-queue",
      what: "CF structure backup CPU",
    });
    const k = held / n;
    ctx.item({
      id: "shared-queue.backup-cpu",
      concern: "shared-queue",
      label: `CPU to back up ${num(held)} messages (BACKUP CFSTRUCT)`,
      addressSpace: "qmgr",
      metric: "info",
      value: r.value * k,
      low: 0,
      high: (r.high ?? r.value) * k,
      unit: "CPU seconds",
      formula: `${r.raw} per ${num(n)} messages x ${num(held)} / ${num(n)} (an upper bound, scaled by messages)`,
      inputs: { messagesOnQueue: { value: held, unit: "count", from: "sharedQueue.messagesOnQueue" } },
      ...fromLookups(r),
    });
  }
  if (backupMB === undefined && target === undefined) return;
  const read = readBackRate(ctx);
  if (backupMB !== undefined) {
    ctx.item({
      id: "shared-queue.recovery-replay",
      concern: "shared-queue",
      label: `structure recovery: reading back ${num(backupMB)} MB of log logged since the last backup`,
      addressSpace: "qmgr",
      metric: "info",
      ...rangeOf((rd) => backupMB / rd / 60, read),
      unit: "minutes",
      formula: `${num(backupMB)} MB / ${read.raw} MB/s (log read-back rate) / 60`,
      inputs: { backupIntervalMB: { value: backupMB, unit: "MB", from: "sharedQueue.backupIntervalMB" } },
      ...fromLookups(read),
    });
  }
  if (target === undefined) return;
  if (w.rate === undefined) {
    ctx.gap("shared-queue", "CF structure backup interval needs workload.rate (the busiest queue manager's rate)");
    return;
  }
  // Restore of the fuzzy backup: the measured time for the measured messages, scaled by the messages
  // held. It was measured on the V5.3 example system: compared on release, disk and message size.
  const { r: restore } = through(ctx, RESTORE, {
    only: RESTORE_ONLY,
    concern: "shared-queue",
    what: "CF structure restore time",
  });
  const restoreN = measuredMessages(ctx, RESTORE);
  let restoreSeconds = restore.value;
  let restoreText = `${restore.raw} (as measured, for ${num(restoreN)} messages)`;
  if (held !== undefined) {
    restoreSeconds = (restore.value * held) / restoreN;
    restoreText = `${restore.raw} x ${num(held)} / ${num(restoreN)} messages`;
  } else {
    ctx.warn(
      "shared-queue",
      `CF structure backup interval: sharedQueue.messagesOnQueue is not given; assumed the restore takes ${restore.raw}, as measured for ${num(restoreN)} messages`,
      [restore.citation],
    );
  }
  const replaySeconds = target * 60 - restoreSeconds;
  if (replaySeconds <= 0) {
    ctx.warn(
      "shared-queue",
      `restoring the structure backup alone (${num(restoreSeconds)} s) takes longer than the ${num(target)}-minute recovery target`,
      [restore.citation],
    );
    return;
  }
  const vol = logBytesPerTransaction(ctx);
  const logMBps = (w.rate * vol.bytesPerTxn) / 1048576;
  const readableMB = read.value * replaySeconds;
  const scale = held !== undefined ? held / restoreN : 1;
  // A quotient and a difference: the range at the corners of the read rate and the restore time.
  const bytes = { value: vol.bytesPerTxn, low: vol.low, high: vol.high };
  const interval = rangeOf(
    (rd, rs, b) => (rd * (target * 60 - rs * scale)) / ((logMBps * b) / vol.bytesPerTxn) / 60,
    read,
    restore,
    bytes,
  );
  const f = registry.formula(BACKUP);
  const msgs = w.rate * putsPerTransaction(w.pattern);
  ctx.item({
    id: "shared-queue.backup-interval",
    concern: "shared-queue",
    label: `CF structure backup interval for a ${num(target)}-minute recovery target at ${num(msgs)} messages/s`,
    addressSpace: "qmgr",
    metric: "info",
    ...interval,
    unit: "minutes",
    formula: `${read.raw} MB/s x (${num(target)} min x 60 - ${restoreText} = ${num(replaySeconds)} s) = ${num(readableMB)} MB readable; / (${num(w.rate)}/s x ${num(vol.bytesPerTxn / 1024, 2)} KB logged = ${num(logMBps, 3)} MB/s) / 60${vol.lower ? "; at most: the log data per message is a lower bound (no overhead given)" : ""}`,
    inputs: {
      recoveryTargetMinutes: { value: target, unit: "minutes", from: "sharedQueue.recoveryTargetMinutes" },
      rate: { value: w.rate, unit: "per-second", from: "workload.rate" },
      logMBps: { value: logMBps, unit: "MB/s", from: "logging.bytes-per-transaction" },
    },
    ...volumeParts(vol, read, restore),
  });
  // Seed 004 line 318: the rule of thumb (back up at least as often as the recovery target) holds
  // only while the busiest log is written no faster than it can be read back.
  if (logMBps > read.value) {
    ctx.warn(
      "shared-queue",
      `the busiest log is written at ${num(logMBps, 2)} MB/s, faster than it can be read back (${read.raw} MB/s): back up the structure more often than the recovery target`,
      [registry.citation(f)],
    );
  }
}

function expiryScan(ctx: RuleContext): void {
  const { registry } = ctx;
  const sq = ctx.config.sharedQueue;
  const interval = sq?.expiryInterval;
  if (interval === undefined || interval === 0) return;
  const min = registry.figureValue(EXPRYINT_MIN);
  if (interval < min.value) {
    ctx.warn("shared-queue", `EXPRYINT(${interval}): the minimum non-zero EXPRYINT is ${min.raw}`, [min.citation]);
  }
  expiryScanQmgr(ctx, interval);
  const depth = sq?.messagesOnQueue;
  if (depth === undefined) {
    ctx.gap(
      "shared-queue",
      `CF cost of the expiry scan every ${num(interval)} s: it reads every message on every shared queue; set sharedQueue.messagesOnQueue`,
    );
    return;
  }
  // Synchronous CF requests per message scanned: the measured requests over the measured depth (line 1123).
  const perRequest = registry.parameter(EXPIRY_SCAN, "avgScanRequest");
  const requests = registry.figureValue(EXPIRY_SCAN_REQUESTS);
  const measuredDepth = Number(registry.figure(EXPIRY_SCAN_REQUESTS).condition.depth);
  const perMessage = requests.value / measuredDepth;
  const perScan = depth * perMessage * perRequest.value;
  ctx.item({
    id: "shared-queue.expiry-scan-cf",
    concern: "shared-queue",
    label: `CF CPU of one expiry scan of ${num(depth)} shared-queue messages`,
    addressSpace: "cf",
    metric: "info",
    value: perScan,
    unit: "us",
    formula: `${num(depth)} messages x ${num(perMessage)} request each (${requests.raw} for ${num(measuredDepth)} messages) x ${perRequest.raw} (${registry.formula(EXPIRY_SCAN).expression})`,
    inputs: { messagesOnQueue: { value: depth, unit: "count", from: "sharedQueue.messagesOnQueue" } },
    ...fromLookups(perRequest, requests),
  });
  ctx.item({
    id: "shared-queue.expiry-scan-cf-rate",
    concern: "shared-queue",
    label: `CF CPU of the expiry scan every ${num(interval)} s (EXPRYINT)`,
    addressSpace: "cf",
    metric: "info",
    value: perScan / interval,
    unit: "CF us/s",
    formula: `${num(perScan)} us per scan / ${num(interval)} s`,
    inputs: { expiryInterval: { value: interval, unit: "seconds", from: "sharedQueue.expiryInterval" } },
    ...fromLookups(perRequest, requests),
  });
}

/**
 * The queue manager's CPU for the scan: "of order 1 CPUmillisec (9672-X27) for each shared queue
 * defined" each EXPRYINT, plus browsing and deleting, which the report does not quantify (seed 004
 * line 809). Measured on MQ 5.3 on a 9672: elsewhere extrapolated, with the warning naming both.
 */
function expiryScanQmgr(ctx: RuleContext, interval: number): void {
  const { registry, config } = ctx;
  const queues = config.sharedQueue?.queues;
  if (queues === undefined) {
    ctx.gap(
      "shared-queue",
      `queue manager CPU of the expiry scan every ${num(interval)} s: about 1 CPU millisecond per shared queue defined (MQ 5.3); set sharedQueue.queues`,
    );
    return;
  }
  const { r } = through(ctx, EXPIRY_QMGR_CPU, {
    only: EXPIRY_ONLY,
    concern: "shared-queue",
    what: "expiry scan CPU per shared queue",
  });
  const cpu = r;
  ctx.warn(
    "shared-queue",
    "the expiry scan's queue manager CPU leaves out the time to browse each shared queue and delete expired messages, which the report does not quantify",
    [cpu.citation],
  );
  const expression = registry.formula(EXPIRY_QMGR_FORMULA).expression;
  const inputs = { queues: { value: queues, unit: "count", from: "sharedQueue.queues" } };
  ctx.item({
    id: "shared-queue.expiry-scan-qmgr",
    concern: "shared-queue",
    label: `queue manager CPU of one expiry scan of ${num(queues)} shared queues`,
    addressSpace: "qmgr",
    metric: "info",
    value: r.value * queues,
    unit: "CPU ms",
    formula: `${num(queues)} shared queues x ${cpu.raw} each (${expression}; browse and delete not included)`,
    inputs,
    ...fromLookups(r),
  });
  ctx.item({
    id: "shared-queue.expiry-scan-qmgr-rate",
    concern: "shared-queue",
    label: `queue manager CPU of the expiry scan every ${num(interval)} s (EXPRYINT)`,
    addressSpace: "qmgr",
    metric: "info",
    value: (r.value * queues * 1000) / interval,
    unit: "CPU us/s",
    formula: `${num(queues)} x ${cpu.raw} x 1000 us/ms / ${num(interval)} s`,
    // Key by key, not a spread of inputs: a key added to a spread copy takes V8 (Node 20) a slow path.
    inputs: {
      queues: inputs.queues,
      expiryInterval: { value: interval, unit: "seconds", from: "sharedQueue.expiryInterval" },
    },
    ...fromLookups(r),
  });
}

export const cfStructure: Rule = {
  quotes: [MIN_SIZE],
  id: "cf-structure",
  concern: "shared-queue",
  description:
    "CF application structure size, CSQ_ADMIN entries, backup interval for a recovery target, recovery replay, backup CPU, the expiry scan.",
  reads: [
    "sharedQueue.*",
    "workload.messageSize",
    "workload.persistent",
    "workload.rate",
    "workload.pattern",
    "logging.archiveCompression",
    "logging.disk",
  ],
  uses: [
    SIZING,
    ...READINGS,
    MIN_SIZE,
    SMDS,
    ADMIN,
    ADMIN_PER_QMGR,
    BACKUP,
    READ_BACK,
    ARCHIVE_RECOVERY,
    RESTORE,
    BACKUP_CPU,
    EXPIRY_SCAN,
    EXPIRY_SCAN_REQUESTS,
    EXPRYINT_MIN,
    EXPIRY_QMGR_CPU,
    EXPIRY_QMGR_FORMULA,
    AUTOALTER,
    ...LOG_VOLUME_USES,
  ],
  applies: (c) => c.workload.queues === "shared" && c.sharedQueue !== undefined,
  run(ctx) {
    sizing(ctx);
    admin(ctx);
    backup(ctx);
    expiryScan(ctx);
  },
};
