// Logging of persistent messages: log data per transaction, log write rate against the measured
// ceilings, disk write volume with dual copies and mirroring, log and archive volume per day,
// zHyperWrite versus Metro Mirror, and archive log compression (z15).
import type { Config } from "../config/types.js";
import type { Concern, LineItem, Rule, RuleContext } from "../engine/types.js";
import type { Citation, Confidence, LookupResult, Registry } from "../model/registry.js";
import { through } from "./door.js";
import { entryForRelease, fromLookups, num, putsPerTransaction, rangeOf, sizeLabel, weaker } from "./helpers.js";
import { STREAMING_LOG_FACTOR } from "./streaming.js";
import { LOG_CEILING_USES, logRateCeiling } from "./log-ceiling.js";
import { ZHW_USES, zHyperWrite } from "./zhyperwrite.js";
import { ARCHIVE_USES, archiveLogs } from "./archive-compression.js";
import { keptOrRun } from "../engine/rule-memo.js";

const V53_LOG_BYTES = "004.log-bytes-per-persistent-message";
// The larger log records of a queue manager in a QSG, by message size (004 lines 494-500): "an increase
// in archive log media requirement for a given workload of the order of the above percentages".
const QSG_LOG_INCREASE = "004.qsg-log-overhead-private-persistent-rate";
// "two messages completely processed (that is created with MQPUT and consumed with MQGET) for each
// request/reply transaction" (004 line 355).
const MESSAGES_PER_TXN = "004.sq-request-reply-messages-per-transaction";
const DISK = "001.log-disk-write-multiplier";
const DISK_FORMULA = "001.log-disk-write-volume";
const ZHW_COST_SINGLE = "001.zhw-cost-increase-typical-single";
// "capable of having up to 310 active logs" (000 line 244).
const ACTIVE_LOGS_MAX = "000.active-logs-max";
// V5.3 (and V5.2 with PTF PQ54967) writes dual logs in parallel "if the primary log data set is on
// write cached DASD": up to 30% more throughput with 1KB messages (004 lines 138, 478-480).
const DUAL_PARALLEL = "004.dual-logging-throughput-1kb";
const DUAL_PARALLEL_HIGHLIGHT = "004.dual-logging-throughput-highlight";

/**
 * The entries logBytesPerTransaction reads for MQ 9.x: in the `uses` of a rule that calls it only for
 * those releases (log encryption, logging CPU).
 */
export const LOG_VOLUME_USES_AFTER_V53: readonly string[] = [V53_LOG_BYTES, MESSAGES_PER_TXN, STREAMING_LOG_FACTOR];

/** The entries logBytesPerTransaction reads: in the `uses` of every rule that calls it for MQ 5.3 too. */
export const LOG_VOLUME_USES: readonly string[] = [...LOG_VOLUME_USES_AFTER_V53, QSG_LOG_INCREASE];

export interface LogVolume {
  /** Bytes written to one copy of the active log per transaction. */
  bytesPerTxn: number;
  /** Its range, in bytes. */
  low: number;
  high: number;
  /** Message data only (no source gives the overhead for the release): the value is a lower bound. */
  lower: boolean;
  /** Model figures in it (the overhead, the QSG increase, the streaming factor). */
  lookups: LookupResult[];
  /** Statements that justify the formula, cited; no value of theirs is in it. */
  statements: Citation[];
  confidence: Confidence;
  formula: string;
}

const ONE = { value: 1, low: 1, high: 1 };

/**
 * Log bytes per transaction, each copy: (message + overhead per message) x messages per transaction
 * (x 2 with streaming queues). The overhead is the V5.3 report's, the only one the sources give
 * (+1.25KB, +1.5KB in a QSG, 004 lines 502-505), with the QSG increase by message size (004 line 500)
 * as its range; or the user's own; or, for a release no source gives one for (no statement carries
 * V5.3 logging forward), none: message data only, a lower bound, said in a warning.
 */
export function logBytesPerTransaction(ctx: RuleContext): LogVolume {
  // Four rules ask for it in an estimate, and it depends on a few config values only: kept per registry
  // by them (frozen, shared), with the warnings it gave, which are written again each time.
  const { config, registry } = ctx;
  const w = config.workload;
  let node = volumes.get(registry);
  if (!node) volumes.set(registry, (node = new Map()));
  if (volumeCount >= VOLUME_LIMIT) {
    node.clear();
    volumeCount = 0;
  }
  node = step(step(step(step(step(node, config.mq.release), w.messageSize), w.pattern), w.queues), streams(config));
  let kept = node.get(config.logging?.logOverheadPerMessage) as KeptVolume | undefined;
  if (!kept) {
    const warnings: KeptVolume["warnings"] = [];
    const recorder: RuleContext = {
      config,
      registry,
      item: () => {
        throw new Error("logBytesPerTransaction makes no line items");
      },
      warn: (concern, message, citations = []) => void warnings.push({ concern, message, citations }),
      gap: () => {
        throw new Error("logBytesPerTransaction reports no gaps");
      },
    };
    // Frozen; its lists are shared too, and only read (not frozen: array builtins take a slow path
    // on frozen arrays).
    const vol = Object.freeze(volumeUncached(recorder));
    // The entries it read, read again on each use (as a tracing registry counts a rule's reads): those
    // its figures, statements and warnings cite.
    const reads = new Set<string>();
    for (const r of vol.lookups) reads.add(r.citation.id);
    for (const c of vol.statements) reads.add(c.id);
    for (const w of warnings) for (const c of w.citations) reads.add(c.id);
    kept = { vol, warnings, reads: [...reads] };
    node.set(config.logging?.logOverheadPerMessage, kept);
    volumeCount++;
  } else for (const id of kept.reads) registry.get(id);
  for (const k of kept.warnings) ctx.warn(k.concern, k.message, k.citations.slice());
  return kept.vol;
}

/**
 * The log volume again, without its warnings (the rule that asks has given them): for a part of the
 * rule that a command's memo replays by what it read (the log-rate ceiling), which reads it itself.
 */
export function logVolumeQuietly(ctx: RuleContext): LogVolume {
  return logBytesPerTransaction({
    config: ctx.config,
    registry: ctx.registry,
    item: (i) => ctx.item(i),
    warn: () => undefined,
    gap: (concern, message, chartIds) => ctx.gap(concern, message, chartIds),
  });
}

/** Archive log copies: none with archiving off, else one or two (the defaults: dual archives, archiving on). */
export function archiveCopies(config: Config): number {
  const lg = config.logging;
  if (lg === undefined) return 2;
  return lg.archiving ? (lg.dualArchives ? 2 : 1) : 0;
}

interface KeptVolume {
  vol: LogVolume;
  warnings: { concern: Concern; message: string; citations: Citation[] }[];
  reads: string[];
}

/** Volumes kept per registry before the memo starts afresh (an engineering bound, not a figure). */
const VOLUME_LIMIT = 5000;
let volumeCount = 0;
const volumes = new WeakMap<Registry, Map<unknown, unknown>>();

/** Whether the config has streaming queues (the volume doubles with them). */
const streams = (config: Config) => (config.streamingQueues?.copies ?? 0) > 0;

function step(map: Map<unknown, unknown>, key: unknown): Map<unknown, unknown> {
  let next = map.get(key) as Map<unknown, unknown> | undefined;
  if (!next) map.set(key, (next = new Map()));
  return next;
}

function volumeUncached(ctx: RuleContext): LogVolume {
  const { config, registry } = ctx;
  const w = config.workload;
  const size = w.messageSize;
  const puts = putsPerTransaction(w.pattern);
  const lookups: LookupResult[] = [];
  const rule = registry.formula(V53_LOG_BYTES);
  const statements: Citation[] = [registry.citation(rule)];
  let factor: { value: number; low: number; high: number } = ONE;
  let streamText = "";
  if (streams(config)) {
    const f = registry.figureValue(STREAMING_LOG_FACTOR);
    lookups.push(f);
    factor = f;
    streamText = ` x ${f.raw} (streaming queue)`;
  }
  let putsText = `${puts} put`;
  if (puts === 2) {
    const two = registry.figureValue(MESSAGES_PER_TXN);
    statements.push(two.citation);
    putsText = `2 puts ("${two.raw}" per request/reply transaction)`;
  }
  const perTxn = (f: number, overheadKB: number) => (size + overheadKB * 1024) * puts * f;
  const volume = (
    r: { value: number; low: number; high: number },
    confidence: Confidence,
    formula: string,
    lower = false,
  ): LogVolume => ({ bytesPerTxn: r.value, low: r.low, high: r.high, lower, lookups, statements, confidence, formula });
  const user = config.logging?.logOverheadPerMessage;
  if (user !== undefined) {
    const r = rangeOf((f) => perTxn(f, user / 1024), factor);
    return volume(
      r,
      weaker(fromLookups(...lookups).confidence, "user-supplied"),
      `(${sizeLabel(size)} + ${num(user)} bytes overhead, user-supplied) x ${putsText}${streamText}`,
    );
  }
  const shared = w.queues === "shared";
  if (config.mq.release === "5.3") {
    const own = registry.parameter(V53_LOG_BYTES, shared ? "overheadQsg" : "overheadNonQsg");
    const qsg = registry.lookup(QSG_LOG_INCREASE, { messageSize: size }, "maxRateReduction");
    lookups.push(own);
    const r = rangeOf(perTxn, factor, own);
    const formula = `(${sizeLabel(size)} + ${own.raw}) x ${putsText}${streamText}`;
    if (!shared) {
      const inQsg = registry.parameter(V53_LOG_BYTES, "overheadQsg");
      ctx.warn(
        "logging",
        `log data per persistent message: workload.queues is private, so the queue manager is taken to be outside a queue-sharing group (message + ${own.raw}); in a QSG every log record is larger (message + ${inQsg.raw}), and the maximum persistent rate of private queues is ${qsg.raw} lower with ${sizeLabel(size)} messages`,
        [registry.citation(rule), qsg.citation],
      );
      return volume(r, fromLookups(...lookups).confidence, formula);
    }
    // In a QSG: the rule's +1.5KB, and the table's increase over a queue manager outside one, by
    // message size, as the range. The table measured private queues; the larger headers are on "all
    // log records of every queue manager in that QSG" (004 line 496), so the queue type does not move it.
    const outside = registry.parameter(V53_LOG_BYTES, "overheadNonQsg");
    lookups.push(qsg);
    const t = rangeOf((f, o, pct) => perTxn(f, o) * (1 + pct / 100), factor, outside, qsg);
    return volume(
      { value: r.value, low: Math.min(r.low, t.low), high: Math.max(r.high, t.high) },
      fromLookups(...lookups).confidence,
      `${formula}; the range takes in (${sizeLabel(size)} + ${outside.raw}) x (1 + ${qsg.raw}), the QSG's larger log records by message size`,
    );
  }
  const v53 = registry.parameter(V53_LOG_BYTES, shared ? "overheadQsg" : "overheadNonQsg");
  ctx.warn(
    "logging",
    `log data per persistent message for MQ ${config.mq.release}: only the V5.3 report gives an overhead beyond the message (message + ${v53.raw}${shared ? " in a QSG" : ""}, ${pctText((v53.value * 1024 * 100) / size)} more at ${sizeLabel(size)}), and no source carries it to later releases; log figures count the message data only (a lower bound) unless you set logging.logOverheadPerMessage`,
    [registry.citation(rule)],
  );
  return volume(
    rangeOf((f) => perTxn(f, 0), factor),
    lookups.length ? fromLookups(...lookups).confidence : "arithmetic",
    `${sizeLabel(size)} x ${putsText}${streamText} (message data only)`,
    true,
  );
}

/** A percentage with two decimals below 1% (0.03% at 4MB), one above. */
function pctText(pct: number): string {
  return `${num(pct, pct < 1 ? 2 : 1)}%`;
}

/**
 * The parts of a line item made from the log volume and, beside it, other lookups: their citations
 * and the volume's statements, the weakest confidence, flags, and the lookups.
 */
export function volumeParts(
  vol: LogVolume,
  ...results: LookupResult[]
): Pick<LineItem, "citations" | "confidence" | "flags" | "lookups"> {
  if (results.length === 0) {
    // The volume's own parts: made once per kept volume, handed out with lists of the item's own.
    let own = volumeOwnParts.get(vol);
    if (!own) volumeOwnParts.set(vol, (own = volumePartsOf(vol, results)));
    return {
      citations: own.citations.slice(),
      confidence: own.confidence,
      flags: own.flags.slice(),
      lookups: own.lookups,
    };
  }
  return volumePartsOf(vol, results);
}

const volumeOwnParts = new WeakMap<LogVolume, Pick<LineItem, "citations" | "confidence" | "flags" | "lookups">>();

function volumePartsOf(
  vol: LogVolume,
  results: LookupResult[],
): Pick<LineItem, "citations" | "confidence" | "flags" | "lookups"> {
  const parts = fromLookups(...results, ...vol.lookups);
  const citations = [...parts.citations];
  for (const s of vol.statements) if (!citations.some((c) => c.id === s.id)) citations.push(s);
  return { ...parts, citations, confidence: weaker(results.length ? parts.confidence : "arithmetic", vol.confidence) };
}

export const logging: Rule = {
  id: "logging",
  concern: "logging",
  description:
    "Log data, log rate against measured ceilings, disk writes, daily volumes, zHyperWrite, archive compression.",
  reads: ["workload.*", "logging.*", "streamingQueues.copies", "mq.release"],
  uses: [
    ...LOG_VOLUME_USES,
    ...LOG_CEILING_USES,
    DISK,
    DISK_FORMULA,
    ACTIVE_LOGS_MAX,
    DUAL_PARALLEL,
    DUAL_PARALLEL_HIGHLIGHT,
    ...ZHW_USES,
    ...ARCHIVE_USES,
  ],
  applies: (c) => c.workload.persistent || c.logging !== undefined,
  run(ctx) {
    const { config, registry } = ctx;
    const w = config.workload;
    if (!w.persistent) {
      ctx.warn(
        "logging",
        "workload.persistent is false: non-persistent messages are not logged, so the logging settings do not change the estimate",
      );
      return;
    }
    const lg = config.logging ?? {
      dualLogs: true,
      dualArchives: true,
      archiving: true,
      zHyperWrite: false,
      metroMirror: false,
      archiveCompression: false,
    };
    const vol = logBytesPerTransaction(ctx);
    // Message data only (no source gives the overhead for the release): a lower bound, open above.
    const volHigh = vol.lower ? Infinity : vol.high;
    ctx.item({
      id: "logging.bytes-per-transaction",
      concern: "logging",
      label: `log data per transaction, each log copy${vol.lower ? " (at least)" : ""}`,
      addressSpace: "qmgr",
      metric: "info",
      value: vol.bytesPerTxn / 1024,
      low: vol.low / 1024,
      high: volHigh / 1024,
      unit: "KB",
      formula: vol.formula,
      inputs: { messageSize: { value: w.messageSize, unit: "bytes", from: "workload.messageSize" } },
      ...volumeParts(vol),
    });
    const copies = lg.dualLogs ? 2 : 1;
    const archives = archiveCopies(config);
    const rate = w.rate;
    const mbPerTxn = vol.bytesPerTxn / 1048576;
    logRateCeiling(ctx);
    if (lg.activeLogs !== undefined) activeLogs(ctx, lg.activeLogs);
    if (config.mq.release === "5.3" && copies === 2) dualLogWrites(ctx);
    // With COMPLOG the archives hold the compressed data: the share the user says compresses away.
    const kept =
      lg.archiveCompression && lg.archiveCompressibility !== undefined ? 1 - lg.archiveCompressibility / 100 : 1;
    if (rate !== undefined) {
      const mbps = rate * mbPerTxn;
      // Each of these is the log volume times config numbers: its range is the volume's.
      const lowK = vol.low / vol.bytesPerTxn;
      const highK = volHigh / vol.bytesPerTxn;
      const ranged = (value: number) => ({ value, low: value * lowK, high: value * highK });
      ctx.item({
        id: "logging.log-write-rate",
        concern: "logging",
        label: `log write rate per copy at ${num(rate)}/s${vol.lower ? " (at least)" : ""}`,
        addressSpace: "qmgr",
        metric: "rate",
        ...ranged(mbps),
        unit: "MB/s",
        formula: `${num(rate)}/s x ${num(mbPerTxn * 1024, 2)} KB / 1024`,
        inputs: { rate: { value: rate, unit: "per-second", from: "workload.rate" } },
        ...volumeParts(vol),
      });
      // A day at the configured rate for workload.hoursPerDay, or held for all 24 hours (said so).
      const hours = config.workload.hoursPerDay;
      const seconds = (hours ?? 24) * 3600;
      const day =
        hours === undefined
          ? `at ${num(rate)}/s held for 24 hours`
          : `${num(hours, 2)} hour${hours === 1 ? "" : "s"} at ${num(rate)}/s`;
      const hoursInput = {
        value: hours ?? 24,
        unit: "hours",
        from: hours === undefined ? "default" : "workload.hoursPerDay",
      };
      ctx.item({
        id: "logging.active-log-per-day",
        concern: "logging",
        label: `active log data per day, ${day}, ${copies} cop${copies === 1 ? "y" : "ies"}${vol.lower ? " (at least)" : ""}`,
        addressSpace: "qmgr",
        metric: "volume",
        ...ranged((mbps * seconds * copies) / 1024),
        unit: "GB/day",
        formula: `${num(mbps, 2)} MB/s x ${num(seconds)} s (${num(hours ?? 24, 2)} hours) x ${copies} / 1024`,
        inputs: { copies: { value: copies, unit: "count", from: "logging.dualLogs" }, hours: hoursInput },
        ...volumeParts(vol),
      });
      if (archives > 0) {
        ctx.item({
          id: "logging.archive-per-day",
          concern: "logging",
          label: `archive log data per day, ${day}, ${archives} cop${archives === 1 ? "y" : "ies"}${lg.archiveCompression ? (lg.archiveCompressibility !== undefined ? ` (compressed, ${num(lg.archiveCompressibility)}% saved)` : " (before compression)") : ""}${vol.lower ? " (at least)" : ""}`,
          addressSpace: "qmgr",
          metric: "volume",
          ...ranged((mbps * seconds * archives * kept) / 1024),
          unit: "GB/day",
          formula: `${num(mbps, 2)} MB/s x ${num(seconds)} s (${num(hours ?? 24, 2)} hours) x ${archives}${kept < 1 ? ` x (1 - ${num(lg.archiveCompressibility!)}%)` : ""} / 1024`,
          inputs: {
            archives: { value: archives, unit: "count", from: "logging.dualArchives" },
            hours: hoursInput,
            ...(kept < 1
              ? {
                  compressibility: {
                    value: lg.archiveCompressibility!,
                    unit: "percent",
                    from: "logging.archiveCompressibility",
                  },
                }
              : {}),
          },
          ...volumeParts(vol),
          ...(lg.archiveCompression && lg.archiveCompressibility !== undefined
            ? { confidence: weaker(volumeParts(vol).confidence, "user-supplied") }
            : {}),
        });
      }
      // The report's totals (2, 3, 4 or 6 MB per MB put) are active + archive + mirror copies; built from
      // those parts so that archiving off, or single archives with dual logs, come out right.
      const mirroring = lg.metroMirror ? "mirrored" : "none";
      const active = registry.lookup(DISK, { logCopies: copies, mirroring }, "activeLogMB");
      const archive = archives > 0 ? registry.lookup(DISK, { logCopies: archives, mirroring }, "archiveMB") : undefined;
      const mirror = lg.metroMirror ? registry.lookup(DISK, { logCopies: copies, mirroring }, "mirrorMB") : undefined;
      const perMB = active.value + (archive?.value ?? 0) * kept + (mirror?.value ?? 0);
      const rule = registry.formula(DISK_FORMULA);
      const disk = volumeParts(vol, ...[active, archive, mirror].filter((x): x is LookupResult => x !== undefined));
      ctx.item({
        id: "logging.disk-write-rate",
        concern: "logging",
        label: `data written to disk (active${archive ? ", archive" : ""}${mirror ? ", mirror" : ""})`,
        addressSpace: "qmgr",
        metric: "rate",
        ...ranged(mbps * perMB),
        unit: "MB/s",
        formula: `${num(mbps, 2)} MB/s logged x (${active.raw} active${archive ? ` + ${archive.raw} archive${kept < 1 ? ` x ${num(kept * 100)}% after compression` : ""}` : ""}${mirror ? ` + ${mirror.raw} mirror` : ""}) per MB put (${rule.expression})`,
        inputs: { diskPerMB: { value: perMB, unit: "MB", from: DISK } },
        ...disk,
        citations: [...disk.citations, registry.citation(rule)],
      });
    }
    if (lg.zHyperWrite) {
      if (!lg.metroMirror) {
        ctx.warn(
          "logging",
          "zHyperWrite replicates active log writes under Metro Mirror; logging.metroMirror is false, so it has no effect here",
        );
      } else {
        const rel = entryForRelease(ctx, ZHW_COST_SINGLE, "logging", "zHyperWrite cost");
        if (rel) {
          zHyperWrite(ctx, copies, archives, rel.carried);
        } else ctx.gap("logging", `zHyperWrite for MQ ${config.mq.release}: measured for 9.2 only`);
      }
    }
    // Read no rate either: replayed across a rate sweep, as the ceiling is.
    if (archives > 0) keptOrRun(ctx, "archive-logs", archivesPart);
  },
};

/** Recovery from archives and archive compression, from the volume read again (a memo's part). */
const archivesPart = (ctx: RuleContext) => archiveLogs(ctx, logVolumeQuietly(ctx));

/** The active log data sets of each copy against the most a queue manager can have (000 line 244). */
function activeLogs(ctx: RuleContext, count: number): void {
  const { config, registry } = ctx;
  const rel = entryForRelease(ctx, ACTIVE_LOGS_MAX, "logging", "active log data sets");
  if (!rel) {
    ctx.gap(
      "logging",
      `the most active log data sets for MQ ${config.mq.release}: the sources state it for MQ ${registry.get(ACTIVE_LOGS_MAX).appliesTo.releases.join(", ")} only ("${registry.figureValue(ACTIVE_LOGS_MAX).raw}", 64-bit log RBA)`,
    );
    return;
  }
  // A product limit, not a measurement: carried to the release as stated, never widened by a tolerance.
  const { r: most } = through(ctx, ACTIVE_LOGS_MAX, { carry: rel.carried !== false, only: [] });
  ctx.item({
    id: "logging.active-logs-limit",
    concern: "logging",
    label: "active log data sets per log copy, the most a queue manager can have (64-bit log RBA)",
    addressSpace: "qmgr",
    metric: "limit",
    limitOf: "log-data-sets",
    value: most.value,
    unit: "data sets",
    formula: `"${most.raw}" active logs for a queue manager with 64-bit log RBA, the default for new queue managers`,
    inputs: { activeLogs: { value: count, unit: "count", from: "logging.activeLogs" } },
    demand: { value: count, from: "logging.activeLogs" },
    hardwareFit: "machine-independent",
    scalesWithCpu: false,
    ...fromLookups(most),
  });
}

/**
 * V5.3 with dual logs: the writes to both copies go in parallel only when the primary log is on write
 * cached DASD, which the config cannot say; assumed, and said, with what series writes cost.
 */
function dualLogWrites(ctx: RuleContext): void {
  const { registry } = ctx;
  const gain = registry.figureValue(DUAL_PARALLEL);
  const highlight = registry.figureValue(DUAL_PARALLEL_HIGHLIGHT);
  ctx.warn(
    "logging",
    `dual logs: assumed the primary active log is on write cached DASD, so both copies are written in parallel; writing them in parallel (V5.3, or V5.2 with PTF PQ54967) improved persistent throughput with 1KB messages by "${gain.raw}" over writing in series ("${highlight.raw}" in the report's highlights), though the maximum log data rate is not significantly changed. MP1B's QJSTSERW counts serial writes`,
    [gain.citation, highlight.citation],
  );
}
