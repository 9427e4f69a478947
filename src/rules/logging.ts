// Logging of persistent messages: log data per transaction, log write rate against the measured
// ceilings, disk write volume with dual copies and mirroring, log and archive volume per day,
// zHyperWrite versus Metro Mirror, and archive log compression (z15).
import type { Rule, RuleContext } from "../engine/types.js";
import type { LookupResult } from "../model/registry.js";
import { carried, entryForRelease, fromLookups, num, putsPerTransaction, sizeLabel } from "./helpers.js";
import { STREAMING_LOG_FACTOR } from "./streaming.js";
import { LOG_CEILING_USES, logRateCeiling } from "./log-ceiling.js";
import { ZHW_USES, zHyperWrite } from "./zhyperwrite.js";

const V53_LOG_BYTES = "004.log-bytes-per-persistent-message";
const DISK = "001.log-disk-write-multiplier";
const ZHW_COST_SINGLE = "001.zhw-cost-increase-typical-single";
const ARCHIVE_COMPRESSION = "003.archive-compression-overhead";
const ARCHIVE_RECOVERY = "003.archive-recovery";

/** The entries logBytesPerTransaction reads: in the `uses` of every rule that calls it. */
export const LOG_VOLUME_USES: readonly string[] = [V53_LOG_BYTES, STREAMING_LOG_FACTOR];

export interface LogVolume {
  /** Bytes written to one copy of the active log per transaction. */
  bytesPerTxn: number;
  lower: boolean;
  lookups: LookupResult[];
  formula: string;
}

/** Log bytes per transaction: the message payload, plus the per-message overhead where known. */
export function logBytesPerTransaction(ctx: RuleContext): LogVolume {
  const { config, registry } = ctx;
  const w = config.workload;
  const puts = putsPerTransaction(w.pattern);
  const streamed = config.streamingQueues?.copies ?? 0;
  const lookups: LookupResult[] = [];
  let factor = 1;
  let streamText = "";
  if (streamed > 0) {
    const f = registry.figureValue(STREAMING_LOG_FACTOR);
    lookups.push(f);
    factor = f.value;
    streamText = ` x ${f.raw} (streaming queue)`;
  }
  const user = config.logging?.logOverheadPerMessage;
  if (user !== undefined) {
    return {
      bytesPerTxn: (w.messageSize + user) * puts * factor,
      lower: false,
      lookups,
      formula: `(${sizeLabel(w.messageSize)} + ${num(user)} bytes overhead, user-supplied) x ${puts} puts${streamText}`,
    };
  }
  if (config.mq.release === "5.3") {
    const shared = w.queues === "shared";
    const p = registry.parameter(V53_LOG_BYTES, shared ? "overheadQsg" : "overheadNonQsg");
    lookups.push(p);
    return {
      bytesPerTxn: (w.messageSize + p.value * 1024) * puts * factor,
      lower: false,
      lookups,
      formula: `(${sizeLabel(w.messageSize)} + ${p.raw}) x ${puts} puts${streamText}`,
    };
  }
  ctx.gap(
    "logging",
    `log overhead per persistent message for MQ ${config.mq.release}: only the V5.3 report gives a rule (message + 1.25KB); log figures count the message data only (a lower bound) unless you set logging.logOverheadPerMessage`,
  );
  return {
    bytesPerTxn: w.messageSize * puts * factor,
    lower: true,
    lookups,
    formula: `${sizeLabel(w.messageSize)} x ${puts} puts${streamText} (message data only)`,
  };
}

export const logging: Rule = {
  id: "logging",
  concern: "logging",
  description:
    "Log data, log rate against measured ceilings, disk writes, daily volumes, zHyperWrite, archive compression.",
  reads: ["workload.*", "logging.*", "streamingQueues.copies", "mq.release"],
  uses: [
    V53_LOG_BYTES,
    ...LOG_CEILING_USES,
    DISK,
    ...ZHW_USES,
    ARCHIVE_COMPRESSION,
    ARCHIVE_RECOVERY,
    STREAMING_LOG_FACTOR,
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
    const bound = vol.lower ? { low: vol.bytesPerTxn / 1024 } : {};
    ctx.item({
      id: "logging.bytes-per-transaction",
      concern: "logging",
      label: `log data per transaction, each log copy${vol.lower ? " (at least)" : ""}`,
      addressSpace: "qmgr",
      metric: "info",
      value: vol.bytesPerTxn / 1024,
      ...bound,
      unit: "KB",
      formula: vol.formula,
      inputs: { messageSize: { value: w.messageSize, unit: "bytes", from: "workload.messageSize" } },
      ...fromLookups(...vol.lookups),
      confidence: config.logging?.logOverheadPerMessage !== undefined ? "user-supplied" : "measured",
    });
    const copies = lg.dualLogs ? 2 : 1;
    const archives = lg.archiving ? (lg.dualArchives ? 2 : 1) : 0;
    const rate = w.rate;
    const mbPerTxn = vol.bytesPerTxn / 1048576;
    logRateCeiling(ctx, vol, archives);
    if (rate !== undefined) {
      const mbps = rate * mbPerTxn;
      ctx.item({
        id: "logging.log-write-rate",
        concern: "logging",
        label: `log write rate per copy at ${num(rate)}/s`,
        addressSpace: "qmgr",
        metric: "rate",
        value: mbps,
        ...(vol.lower ? { low: mbps } : {}),
        unit: "MB/s",
        formula: `${num(rate)}/s x ${num(mbPerTxn * 1024, 2)} KB / 1024`,
        inputs: { rate: { value: rate, unit: "per-second", from: "workload.rate" } },
        citations: [],
        confidence: "measured",
        flags: [],
      });
      ctx.item({
        id: "logging.active-log-per-day",
        concern: "logging",
        label: `active log data per day, ${copies} cop${copies === 1 ? "y" : "ies"}`,
        addressSpace: "qmgr",
        metric: "volume",
        value: (mbps * 86400 * copies) / 1024,
        unit: "GB/day",
        formula: `${num(mbps, 2)} MB/s x 86400 s x ${copies} / 1024`,
        inputs: { copies: { value: copies, unit: "count", from: "logging.dualLogs" } },
        citations: [],
        confidence: "measured",
        flags: [],
      });
      if (archives > 0) {
        ctx.item({
          id: "logging.archive-per-day",
          concern: "logging",
          label: `archive log data per day, ${archives} cop${archives === 1 ? "y" : "ies"}${lg.archiveCompression ? " (before compression)" : ""}`,
          addressSpace: "qmgr",
          metric: "volume",
          value: (mbps * 86400 * archives) / 1024,
          unit: "GB/day",
          formula: `${num(mbps, 2)} MB/s x 86400 s x ${archives} / 1024`,
          inputs: { archives: { value: archives, unit: "count", from: "logging.dualArchives" } },
          citations: [],
          confidence: "measured",
          flags: [],
        });
      }
      // The report's totals (2, 3, 4 or 6 MB per MB put) are active + archive + mirror copies; built from
      // those parts so that archiving off, or single archives with dual logs, come out right.
      const mirroring = lg.metroMirror ? "mirrored" : "none";
      const active = registry.lookup(DISK, { logCopies: copies, mirroring }, "activeLogMB");
      const archive = archives > 0 ? registry.lookup(DISK, { logCopies: archives, mirroring }, "archiveMB") : undefined;
      const mirror = lg.metroMirror ? registry.lookup(DISK, { logCopies: copies, mirroring }, "mirrorMB") : undefined;
      const perMB = active.value + (archive?.value ?? 0) + (mirror?.value ?? 0);
      ctx.item({
        id: "logging.disk-write-rate",
        concern: "logging",
        label: `data written to disk (active${archive ? ", archive" : ""}${mirror ? ", mirror" : ""})`,
        addressSpace: "qmgr",
        metric: "rate",
        value: mbps * perMB,
        unit: "MB/s",
        formula: `${num(mbps, 2)} MB/s logged x (${active.raw} active${archive ? ` + ${archive.raw} archive` : ""}${mirror ? ` + ${mirror.raw} mirror` : ""}) per MB put`,
        inputs: { diskPerMB: { value: perMB, unit: "MB", from: DISK } },
        ...fromLookups(...[active, archive, mirror].filter((x): x is LookupResult => x !== undefined)),
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
    if (lg.archiveCompression && archives > 0) {
      const rel = entryForRelease(ctx, ARCHIVE_COMPRESSION, "logging", "archive log compression");
      if (!rel) {
        ctx.gap("logging", `archive log compression for MQ ${config.mq.release}: measured on 9.1.4 (z15) only`);
        return;
      }
      const tcb = carried(
        registry.lookup(ARCHIVE_COMPRESSION, { messageSize: w.messageSize }, "qmgrTcbIncrease"),
        rel.carried,
      );
      ctx.item({
        id: "logging.archive-compression-cost",
        concern: "logging",
        label: `archive log compression: queue manager TCB for archiving, ${sizeLabel(w.messageSize)}`,
        addressSpace: "qmgr",
        metric: "cpu-pct",
        value: tcb.value,
        ...(tcb.low !== undefined || tcb.high !== undefined ? { low: tcb.low ?? 0, high: tcb.high ?? tcb.value } : {}),
        unit: "%",
        formula: `${tcb.raw} over uncompressed archives (the source's range for 0-80% compressible data)`,
        inputs: { messageSize: { value: w.messageSize, unit: "bytes", from: "workload.messageSize" } },
        ...fromLookups(tcb),
      });
      const peak = carried(
        registry.lookup(ARCHIVE_COMPRESSION, { messageSize: w.messageSize }, "peakLogThroughputIncrease"),
        rel.carried,
      );
      // Recovery reads the archives back: slower and dearer per MB when they are compressed.
      const recovery = (archiveCompression: "compressed" | "none", measure: "recoveryRate" | "costPerMB") =>
        carried(registry.lookup(ARCHIVE_RECOVERY, { archiveCompression }, measure), rel.carried);
      const recRate = recovery("compressed", "recoveryRate");
      const recRatePlain = recovery("none", "recoveryRate");
      const recCost = recovery("compressed", "costPerMB");
      const recCostPlain = recovery("none", "costPerMB");
      ctx.item({
        id: "logging.archive-recovery-rate",
        concern: "logging",
        label: "recovery from compressed archive logs: rate",
        addressSpace: "qmgr",
        metric: "info",
        value: recRate.value,
        unit: "MB/s",
        formula: `${recRate.raw} MB/s from compressed archives, against ${recRatePlain.raw} MB/s uncompressed`,
        inputs: {},
        ...fromLookups(recRate, recRatePlain),
      });
      ctx.item({
        id: "logging.archive-recovery-cost",
        concern: "logging",
        label: "recovery from compressed archive logs: CPU per MB",
        addressSpace: "qmgr",
        metric: "info",
        value: recCost.value,
        unit: "us/MB",
        formula: `${recCost.raw} us per MB from compressed archives, against ${recCostPlain.raw} uncompressed`,
        inputs: {},
        ...fromLookups(recCost, recCostPlain),
      });
      ctx.item({
        id: "logging.archive-compression-peak-rate",
        concern: "logging",
        label: "archive log compression: peak log throughput increase",
        addressSpace: "qmgr",
        metric: "info",
        value: peak.value,
        ...(peak.low !== undefined || peak.high !== undefined
          ? { low: peak.low ?? 0, high: peak.high ?? peak.value }
          : {}),
        unit: "%",
        formula: `${peak.raw} over uncompressed archives`,
        inputs: {},
        ...fromLookups(peak),
      });
    }
  },
};
