// Logging of persistent messages: log data per transaction, log write rate against the measured
// ceilings, disk write volume with dual copies and mirroring, log and archive volume per day,
// zHyperWrite versus Metro Mirror, and archive log compression (z15).
import type { Rule, RuleContext } from "../engine/types.js";
import type { LookupResult } from "../model/registry.js";
import { entryForRelease, fromLookups, num, putsPerTransaction, sizeLabel } from "./helpers.js";
import { STREAMING_LOG_FACTOR } from "./streaming.js";
import { LOG_CEILING_USES, logRateCeiling } from "./log-ceiling.js";
import { ZHW_USES, zHyperWrite } from "./zhyperwrite.js";
import { ARCHIVE_USES, archiveLogs } from "./archive-compression.js";

const V53_LOG_BYTES = "004.log-bytes-per-persistent-message";
const DISK = "001.log-disk-write-multiplier";
const ZHW_COST_SINGLE = "001.zhw-cost-increase-typical-single";

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
  uses: [V53_LOG_BYTES, ...LOG_CEILING_USES, DISK, ...ZHW_USES, ...ARCHIVE_USES, STREAMING_LOG_FACTOR],
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
    // With COMPLOG the archives hold the compressed data: the share the user says compresses away.
    const kept =
      lg.archiveCompression && lg.archiveCompressibility !== undefined ? 1 - lg.archiveCompressibility / 100 : 1;
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
          label: `archive log data per day, ${archives} cop${archives === 1 ? "y" : "ies"}${lg.archiveCompression ? (kept < 1 ? ` (compressed ${num(lg.archiveCompressibility!)}%)` : " (before compression)") : ""}`,
          addressSpace: "qmgr",
          metric: "volume",
          value: (mbps * 86400 * archives * kept) / 1024,
          unit: "GB/day",
          formula: `${num(mbps, 2)} MB/s x 86400 s x ${archives}${kept < 1 ? ` x (1 - ${num(lg.archiveCompressibility!)}%)` : ""} / 1024`,
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
      const perMB = active.value + (archive?.value ?? 0) * kept + (mirror?.value ?? 0);
      ctx.item({
        id: "logging.disk-write-rate",
        concern: "logging",
        label: `data written to disk (active${archive ? ", archive" : ""}${mirror ? ", mirror" : ""})`,
        addressSpace: "qmgr",
        metric: "rate",
        value: mbps * perMB,
        unit: "MB/s",
        formula: `${num(mbps, 2)} MB/s logged x (${active.raw} active${archive ? ` + ${archive.raw} archive${kept < 1 ? ` x ${num(kept * 100)}% after compression` : ""}` : ""}${mirror ? ` + ${mirror.raw} mirror` : ""}) per MB put`,
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
    if (archives > 0) archiveLogs(ctx, mbPerTxn, vol.lower);
  },
};
