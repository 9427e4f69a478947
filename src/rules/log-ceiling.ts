// The log-rate ceiling: the peak MB/s per log copy the sources measured nearest the config (release,
// disk subsystem, log copies, message size, archiving), divided by the log data per transaction.
// 380 MB/s "in excess of" (MQ 9.3 report, DS8950F, 000 lines 1412, 1877), 250 MB/s (MQ 9.2 report,
// DS8870, 001 lines 2289, 2771), 282 MB/s at 4MB (z15 report, DS8870, 003 line 327), the single-log 4MB
// table by mirroring (001 lines 607-609, DS8870 line 502), and V5.3's 2,200 messages a second with 1KB
// (004 line 333). MB/s rises with message size (000 line 1199): below 1MB the peak is not reached.
import type { RuleContext } from "../engine/types.js";
import type { LookupResult } from "../model/registry.js";
import { assumedMessage, rankCandidates, subjectOf, widen, type ConditionKey } from "./conditions.js";
import { carried, entryForRelease, fromLookups, num, putsPerTransaction, sizeLabel } from "./helpers.js";
import { volumeParts, type LogVolume } from "./logging.js";

const PEAK_93 = "000.peak-log-rate-per-copy";
const PEAK_92 = "001.regression-peak-log-rate-per-copy";
const PEAK_Z15 = "003.archive-peak-rate-uncompressed";
const SINGLE_4MB = "001.zhw-4mb-cost-comparison";
const V53_DASD = "004.dasd-max-1kb-persistent-rate";
// The log task saturated writing 11 pages per I/O: 220 MB/s per copy (000 lines 1180-1187).
const SMALL_IO = "000.log-report-example-write-rate";
// "disabling archiving improved the sustained log rate for the 4MB workload by up to 25%" (001 line 691).
const ARCHIVING_OFF = "001.log-rate-gain-archiving-disabled-4mb";
// "For messages of 1MB and larger, where the log task was already writing 100+ pages per I/O, the log
// task was already close to capacity" (000 line 1199): the size from which the peak holds.
const LARGE = 1048576;

export const LOG_CEILING_USES: readonly string[] = [
  PEAK_93,
  PEAK_92,
  PEAK_Z15,
  SINGLE_4MB,
  V53_DASD,
  SMALL_IO,
  ARCHIVING_OFF,
];

// The conditions a log rate depends on. CPUs are left out: the log task waits on I/O (000 line 1185).
const COMPARED: readonly ConditionKey[] = [
  "release",
  "disk",
  "logCopies",
  "archiveCopies",
  "messageSize",
  "archiveCompression",
  "logStripes",
];
// The disk counts double: a figure of another release carried by a source's statement (within +/-6%,
// which halves its weight) on the config's disk is nearer than one of this release on another disk.
const WEIGHTS: Partial<Record<ConditionKey, number>> = { release: 2, disk: 2 };

/** The log-rate ceiling as a transactions-per-second limit, from the figure measured nearest the config. */
export function logRateCeiling(ctx: RuleContext, vol: LogVolume, archives: number): void {
  const { config, registry } = ctx;
  const w = config.workload;
  const mbPerTxn = vol.bytesPerTxn / 1048576;
  if (config.mq.release === "5.3") return v53Ceiling(ctx);
  const subject = subjectOf(config);
  // The best-ranked figure whose release is the config's or carried to it by a source's statement.
  const best = rankCandidates(registry, [PEAK_93, PEAK_Z15, PEAK_92, SINGLE_4MB], subject, {
    weights: WEIGHTS,
    only: COMPARED,
  }).find((c) => c.check.outside.every((o) => o.key !== "release" || o.carry !== undefined));
  const rel = best && entryForRelease(ctx, best.id, "logging", "peak log rate");
  if (!best || !rel) {
    ctx.gap("logging", `peak log rate for MQ ${config.mq.release}: the reports state it for 9.0 to 9.3 and V5.3`);
    return;
  }
  const mirroring = subject.mirroring as string;
  let peak: LookupResult = carried(
    best.id === SINGLE_4MB ? registry.lookup(SINGLE_4MB, { mirroring }, "logRate") : registry.figureValue(best.id),
    rel.carried,
  );
  const notOutside = best.check.outside.filter((o) => o.key !== "release");
  const what = "peak log rate";
  if (notOutside.length > 0) {
    const check = { ...best.check, outside: notOutside };
    peak = widen(peak, check);
    ctx.warn(
      "logging",
      `${what}: measured with ${notOutside.map((o) => o.measured).join(", ")}; this config has ${notOutside
        .map((o) => o.config)
        .join(", ")}, so the ceiling is extrapolated`,
      [peak.citation],
    );
  }
  for (const a of best.check.assumed) ctx.warn("logging", assumedMessage(what, a), [peak.citation]);
  const lower = registry.get(best.id).type === "figure" && peak.raw.toLowerCase().includes("excess");
  const parts: LookupResult[] = [peak];
  let low = peak.value;
  let high = peak.value;
  const notes: string[] = [];
  // Below 1MB the log task writes fewer pages per I/O and saturates at a lower MB/s: the peak is then
  // the most it could reach, and the rate it saturated at with 11 pages per I/O the least.
  if (w.messageSize < LARGE && best.id !== SINGLE_4MB) {
    const small = registry.figureValue(SMALL_IO);
    parts.push(small);
    low = Math.min(low, small.value);
    notes.push(
      `below ${sizeLabel(LARGE)} the peak is not reached (fewer pages per I/O); the log task saturated at ${small.raw} per copy writing 11 pages per I/O, the low end`,
    );
    ctx.warn(
      "logging",
      `peak log rate: MB/s rises with message size and the peak was reached with messages of ${sizeLabel(LARGE)} and more; with ${sizeLabel(w.messageSize)} messages the ceiling is at most the peak, and may be as low as the ${small.raw} a saturated log task wrote with 11 pages per I/O`,
      [small.citation],
    );
  } else if (lower) {
    notes.push(`the peak is a lower bound ("${peak.raw}"), so the ceiling is at least this`);
  }
  if (archives === 0 && w.messageSize >= LARGE) {
    const gain = registry.figureValue(ARCHIVING_OFF);
    parts.push(gain);
    high = Math.max(high, peak.value * (1 + gain.value / 100));
    notes.push(`archiving off: "${gain.raw}" more at 4MB (001 line 691), the high end`);
  }
  if (vol.lower)
    notes.push("the log data per transaction is a lower bound (message data only), so the ceiling is at most this");
  const tps = peak.value / mbPerTxn;
  // MB per transaction at the volume's high end gives the ceiling's low end, and the reverse.
  const lowK = 1048576 / vol.high;
  const highK = 1048576 / vol.low;
  const entry = registry.get(best.id);
  ctx.item({
    id: "logging.log-rate-ceiling",
    concern: "logging",
    label: "log rate ceiling at the measured peak per log copy",
    addressSpace: "qmgr",
    metric: "limit",
    limitOf: "transactions-per-second",
    value: tps,
    low: Math.min(low, peak.low) * lowK,
    high: Math.max(high, peak.high) * highK,
    unit: "txn/s",
    formula: `${num(peak.value)} MB/s per copy / ${num(mbPerTxn * 1024, 2)} KB per transaction${notes.length ? `; ${notes.join("; ")}` : ""}`,
    inputs: {
      peakMBps: { value: peak.value, unit: "MB/s", from: best.id },
      kbPerTxn: { value: mbPerTxn * 1024, unit: "KB", from: "logging.bytes-per-transaction" },
    },
    measuredOn: [...entry.appliesTo.hardware],
    // Disk-bound: the logger waits on I/O, so a faster processor does not raise it.
    scalesWithCpu: false,
    ...(w.rate !== undefined ? { demand: { value: w.rate, from: "workload.rate" } } : {}),
    ...volumeParts(vol, ...parts),
  });
}

/** V5.3: 2,200 persistent 1KB messages a second was the maximum of the report's disk (004 line 333). */
function v53Ceiling(ctx: RuleContext): void {
  const { config, registry } = ctx;
  const [best] = rankCandidates(registry, [V53_DASD], subjectOf(config), { only: ["messageSize", "disk"] });
  let max = registry.figureValue(V53_DASD);
  if (best!.check.outside.length > 0) {
    max = widen(max, best!.check);
    ctx.warn(
      "logging",
      `persistent message rate ceiling: measured with ${best!.check.outside.map((o) => o.measured).join(", ")}; this config has ${best!.check.outside.map((o) => o.config).join(", ")}, so the ceiling is extrapolated`,
      [max.citation],
    );
  }
  for (const a of best!.check.assumed) ctx.warn("logging", assumedMessage("persistent message rate ceiling", a));
  const puts = putsPerTransaction(config.workload.pattern);
  ctx.item({
    id: "logging.log-rate-ceiling",
    concern: "logging",
    label: "persistent message rate ceiling of the V5.3 report's disk",
    addressSpace: "qmgr",
    metric: "limit",
    limitOf: "transactions-per-second",
    value: max.value / puts,
    unit: "txn/s",
    formula: `${max.raw} messages a second, the maximum for the report's disk with 1KB messages / ${puts} put${puts === 1 ? "" : "s"} per transaction`,
    inputs: { puts: { value: puts, unit: "count", from: "workload.pattern" } },
    measuredOn: [...registry.get(V53_DASD).appliesTo.hardware],
    scalesWithCpu: false,
    ...(config.workload.rate !== undefined ? { demand: { value: config.workload.rate, from: "workload.rate" } } : {}),
    ...fromLookups(max),
  });
}
