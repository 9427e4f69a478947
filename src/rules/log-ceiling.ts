// The log-rate ceiling: the peak MB/s per log copy the sources measured nearest the config (release,
// disk subsystem, log copies, message size, archiving), divided by the log data per transaction.
// 380 MB/s "in excess of" (MQ 9.3 report, DS8950F, 000 lines 1412, 1877), 250 MB/s (MQ 9.2 report,
// DS8870, 001 lines 2289, 2771), 282 MB/s at 4MB (z15 report, DS8870, 003 line 327), the single-log 4MB
// table by mirroring (001 lines 607-609, DS8870 line 502), and V5.3's 2,200 messages a second with 1KB
// (004 line 333). MB/s rises with message size (000 line 1199): below 1MB the peak is not reached.
import type { RuleContext } from "../engine/types.js";
import type { Citation, LookupResult } from "../model/registry.js";
import {
  assumedMessage,
  conditionsOf,
  rankCandidates,
  subjectOf,
  type ConditionKey,
  type Outside,
} from "./conditions.js";
import { through } from "./door.js";
import { entryForRelease, fromLookups, num, putsPerTransaction, sizeLabel } from "./helpers.js";
import { archiveCopies, logVolumeQuietly, volumeParts } from "./logging.js";
import { keptOrRun } from "../engine/rule-memo.js";

const PEAK_93 = "000.peak-log-rate-per-copy";
const PEAK_92 = "001.regression-peak-log-rate-per-copy";
const PEAK_Z15 = "003.archive-peak-rate-uncompressed";
const SINGLE_4MB = "001.zhw-4mb-cost-comparison";
const V53_DASD = "004.dasd-max-1kb-persistent-rate";
// The log task saturated writing 11 pages per I/O: 220 MB/s per copy (000 lines 1180-1187).
const SMALL_IO = "000.log-report-example-write-rate";
const SMALL_IO_PAGES = "000.log-report-example-pages-per-io";
// "disabling archiving improved the sustained log rate for the 4MB workload by up to 25%" (001 line 691).
const ARCHIVING_OFF = "001.log-rate-gain-archiving-disabled-4mb";
// "For messages of 1MB and larger, where the log task was already writing 100+ pages per I/O, the log
// task was already close to capacity" (000 line 1199): its condition is the size from which the peak holds.
const LARGE_FROM = "000.streaming-log-rate-increase-large";
// The peak-rate test's message sizes, "from 1KB to 4MB" (000 line 1402; the 9.2 report's test is the
// same, 001 line 2279), and its log stripes, "4 stripes" (000 line 1414).
const PEAK_SIZES = "000.log-rate-test-message-sizes";
const PEAK_STRIPES = "000.peak-log-rate-stripes";
// What all copies write at the peak: "more than 760 MB" (000 line 1412), "more than 500 MB" (001 line 2289).
const TOTAL_93 = "000.peak-log-rate-total";
const TOTAL_92 = "001.regression-peak-log-rate-total";
const TOTAL_FORMULA = "001.regression-total-log-rate";
// The 9.2 report's statistics extract of a saturated logger: 272MB/s per copy (001 line 470).
const SATURATED_92 = "001.logger-statistics-saturated";
// Archive log compression raised the peak log rate by message size (003 line 323), "up to 82%" (315).
const COMPRESSED_GAIN = "003.archive-compression-overhead";
const COMPRESSED_MOST = "003.archive-log-write-improvement";
const PREFORMAT_LOSS = "004.log-preformat-max-rate-loss";
const PREFORMAT_RESPONSE = "004.log-preformat-response-time";
const PREFORMAT_THROUGHPUT = "004.log-preformat-throughput";

export const LOG_CEILING_USES: readonly string[] = [
  PEAK_93,
  PEAK_92,
  PEAK_Z15,
  SINGLE_4MB,
  V53_DASD,
  SMALL_IO,
  SMALL_IO_PAGES,
  ARCHIVING_OFF,
  LARGE_FROM,
  PEAK_SIZES,
  PEAK_STRIPES,
  TOTAL_93,
  TOTAL_92,
  TOTAL_FORMULA,
  SATURATED_92,
  COMPRESSED_GAIN,
  COMPRESSED_MOST,
  PREFORMAT_LOSS,
  PREFORMAT_RESPONSE,
  PREFORMAT_THROUGHPUT,
];

// The conditions a log rate depends on. The CPUs and the machine are left out: a log task at its peak
// spends its time waiting for I/O, and the way to raise it is "more responsive DASD and faster links to
// the DASD" (000 line 1183); the ceiling is named as the measuring machine's (hardware.ts, fitLimit).
// Mirroring is a condition of every peak, scaled by the mirrored-to-unmirrored rate (mirrorFactor), and
// persistence holds (the logging rules run for persistent messages only).
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
// Lists kept as constants: the condition checks are memoised by them (conditions.ts).
const PEAKS: readonly string[] = [PEAK_93, PEAK_Z15, PEAK_92, SINGLE_4MB];
const PEAK_OPTIONS = { weights: WEIGHTS, only: COMPARED };
// V5.3's DASD maximum: compared on every condition but the machine, for the reason above (000 line 1183),
// and the queue type: it is the log DASD's, which private and shared queues' persistent messages are
// written to alike.
const V53_ONLY: readonly ConditionKey[] = ["release", "messageSize", "disk", "persistent"];
// The pre-format loss is a share of the log's maximum data rate lost to formatting on first write: the
// disk's work, compared on every condition but the machine (000 line 1183).
const PREFORMAT_ONLY: readonly ConditionKey[] = ["release", "persistent"];

/**
 * The log-rate ceiling as a transactions-per-second limit, from the figure measured nearest the config.
 * It reads no rate (its demand is left to the engine), so a command's memo replays it across a rate
 * sweep, where its rule, which reads the rate, runs at every point: ranking the peaks and taking the
 * chosen one through the door was some two fifths of that rule's time.
 */
export function logRateCeiling(ctx: RuleContext): void {
  keptOrRun(ctx, "log-rate-ceiling", ceiling);
}

function ceiling(ctx: RuleContext): void {
  const { config, registry } = ctx;
  if (config.mq.release === "5.3") return v53Ceiling(ctx);
  const w = config.workload;
  const vol = logVolumeQuietly(ctx);
  const archives = archiveCopies(config);
  const mbPerTxn = vol.bytesPerTxn / 1048576;
  const subject = subjectOf(config);
  // Compressed archives: the uncompressed figures are ranked, and the gain compression measured is
  // applied to them below (the z15 report measured it against the same workload uncompressed).
  const compressed = subject.archiveCompression === "on-chip" && archives > 0;
  const ranked = compressed ? { ...subject, archiveCompression: "none" } : subject;
  // The best-ranked figure whose release is the config's or carried to it by a source's statement.
  const best = rankCandidates(registry, PEAKS, ranked, PEAK_OPTIONS).find((c) =>
    c.check.outside.every((o) => o.key !== "release" || o.carry !== undefined),
  );
  const rel = best && entryForRelease(ctx, best.id, "logging", "peak log rate");
  if (!best || !rel) {
    ctx.gap("logging", `peak log rate for MQ ${config.mq.release}: the reports state it for 9.0 to 9.3 and V5.3`);
    return;
  }
  const mirroring = subject.mirroring as string;
  const what = "peak log rate";
  const regressionTest = best.id === PEAK_93 || best.id === PEAK_92;
  const notes: string[] = [];
  const parts: LookupResult[] = [];
  // Statements cited beside the lookups (their flags are another item's, or their value is not used).
  const cited: Citation[] = [];
  // Conditions outside that the figure's own conditions do not state.
  const also: Outside[] = [];
  if (regressionTest) {
    // The regression test's log stripes, stated beside the peak; the condition check compares them.
    const stripes = registry.figureValue(PEAK_STRIPES);
    notes.push(`measured with ${stripes.raw} per log`);
    // And its message sizes: beyond them the peak is extrapolated.
    const sizes = registry.figureValue(PEAK_SIZES);
    if (w.messageSize < sizes.low || w.messageSize > sizes.high) {
      also.push({
        key: "messageSize",
        measured: `messages ${sizes.raw}`,
        config: `${sizeLabel(w.messageSize)} messages`,
        measuredValue: w.messageSize < sizes.low ? sizes.low : sizes.high,
        configValue: w.messageSize,
      });
      parts.push(sizes);
    }
  }
  // Through the door: the release carried as chosen, the ranked conditions compared, and each one
  // outside widened by the sources' evidence for log rates or left open.
  const door = through(ctx, best.id, {
    ...(best.id === SINGLE_4MB ? { at: { mirroring }, measure: "logRate" } : {}),
    carry: rel.carried,
    subject: ranked,
    only: COMPARED,
    also,
  });
  const peak = door.r;
  const notOutside = door.check.outside.filter((o) => o.key !== "release");
  if (notOutside.length > 0)
    ctx.warn(
      "logging",
      `${what}: measured with ${notOutside.map((o) => o.measured).join(", ")}; this config has ${notOutside
        .map((o) => o.config)
        .join(", ")}, so the ceiling is extrapolated`,
      [peak.citation],
    );
  for (const a of door.check.assumed) ctx.warn("logging", assumedMessage(what, a), [peak.citation]);
  const lower = registry.get(best.id).type === "figure" && peak.raw.toLowerCase().includes("excess");
  parts.unshift(peak);
  let value = peak.value;
  let low = peak.value;
  let high = peak.value;
  // Below 1MB the log task writes fewer pages per I/O and saturates at a lower MB/s: the peak is then
  // the most it could reach, and the rate it saturated at with 11 pages per I/O the least.
  const large = Number(conditionsOf(registry.get(LARGE_FROM)).messageSizeMin);
  if (w.messageSize < large && best.id !== SINGLE_4MB) {
    const small = registry.figureValue(SMALL_IO);
    const pages = registry.figureValue(SMALL_IO_PAGES);
    parts.push(small, pages);
    low = Math.min(low, small.value);
    notes.push(
      `below ${sizeLabel(large)} the peak is not reached (fewer pages per I/O); the log task saturated at ${small.raw} per copy writing ${pages.raw} pages per I/O, the low end`,
    );
    ctx.warn(
      "logging",
      `peak log rate: MB/s rises with message size and the peak was reached with messages of ${sizeLabel(large)} and more; with ${sizeLabel(w.messageSize)} messages the ceiling is at most the peak, and may be as low as the ${small.raw} a saturated log task wrote with ${pages.raw} pages per I/O`,
      [small.citation, pages.citation],
    );
  }
  // Another figure that bounds a peak printed "in excess of" (then cited): without one the ceiling is open above.
  let boundedBy: string | undefined;
  if (best.id === PEAK_92) {
    // The same report's logger, saturated, wrote 272MB/s per copy (its log configuration not stated).
    const { r: saturated } = through(ctx, SATURATED_92, {
      at: {},
      measure: "logWriteRate",
      carry: rel.carried,
      only: COMPARED,
      concern: "logging",
      what: "saturated logger's write rate",
    });
    parts.push(saturated);
    high = Math.max(high, saturated.value);
    boundedBy = saturated.citation.id;
    notes.push(
      `the same report's statistics show a saturated logger writing ${saturated.raw} (log configuration not stated), the high end`,
    );
  }
  if (archives === 0 && w.messageSize >= large) {
    const gain = registry.figureValue(ARCHIVING_OFF);
    parts.push(gain);
    high = Math.max(high, peak.value * (1 + gain.value / 100));
    notes.push(`archiving off: "${gain.raw}" more at 4MB (001 line 691), the high end`);
  }
  if (compressed) {
    const r = compressionGain(ctx, w.messageSize);
    if (r) {
      parts.push(r.gain);
      cited.push(r.most.citation);
      value *= 1 + r.gain.value / 100;
      low = Math.min(low * (1 + r.gain.low / 100), value);
      high = Math.max(high, peak.value) * (1 + Math.min(r.gain.high, r.most.value) / 100);
      notes.push(
        `compressed archives: ${r.gain.raw} more at ${sizeLabel(w.messageSize)} (003 line 323; the middle taken), "${r.most.raw}" at most (line 315)`,
      );
    }
  }
  const first = firstUse(ctx);
  if (first) {
    parts.push(first.loss);
    low *= first.keep;
    notes.push(first.note);
  }
  // Mirroring is a condition of every peak: a peak measured without it is scaled by the rate the same
  // disk reached mirrored, relative to unmirrored, in the MQ 9.2 report's 4MB table (001 lines 607-609).
  const mirror = conditionsOf(registry.get(best.id)).mirroring === "none" ? mirrorFactor(ctx, mirroring) : undefined;
  if (mirror) {
    parts.push(mirror.mirrored, mirror.none);
    // The ratio as carried and widened (its conditions outside), cited beside the two rates.
    parts.push(mirror.factor);
    value *= mirror.factor.value;
    low *= mirror.factor.low;
    high *= mirror.factor.high;
    notes.push(mirror.note);
  }
  const tps = value / mbPerTxn;
  // MB per transaction at the volume's high end gives the ceiling's low end, and the reverse.
  // Message data only (no overhead the sources give for the release): the data per transaction has no
  // upper end, so the ceiling has no lower one.
  const lowK = vol.lower ? 0 : 1048576 / vol.high;
  const highK = 1048576 / vol.low;
  const entry = registry.get(best.id);
  const ceilingParts = volumeParts(vol, ...parts);
  const perCopyLow = Math.min(low, peak.low * (mirror?.factor.low ?? 1));
  // Another figure that bounds an "in excess of" peak closes its open end (cited); else it stays open.
  const perCopyHigh =
    boundedBy !== undefined && peak.high === Infinity ? high : Math.max(high, peak.high * (mirror?.factor.high ?? 1));
  // Two bounds pull apart here, and both hold: the range is open above because of the peak, and the
  // point is an upper estimate because the log data per transaction is a lower bound.
  if (lower)
    notes.push(
      perCopyHigh === Infinity
        ? `the range is open above because the peak is a lower bound ("${peak.raw}")`
        : `the peak is a lower bound ("${peak.raw}")`,
    );
  else if (perCopyHigh === Infinity)
    notes.push("the range is open above because the peak is used outside its measured conditions");
  if (vol.lower)
    notes.push(
      "the log data per transaction is a lower bound (message data only), so the point is an upper estimate of the ceiling and the range is open below (logging.logOverheadPerMessage bounds it)",
    );
  ctx.item({
    id: "logging.log-rate-ceiling",
    concern: "logging",
    label: "log rate ceiling at the measured peak per log copy",
    addressSpace: "qmgr",
    metric: "limit",
    limitOf: "transactions-per-second",
    value: tps,
    low: perCopyLow * lowK,
    high: perCopyHigh * highK,
    unit: "txn/s",
    formula: `${num(value)} MB/s per copy / ${num(mbPerTxn * 1024, 2)} KB per transaction${notes.length ? `; ${notes.join("; ")}` : ""}`,
    inputs: {
      peakMBps: { value, unit: "MB/s", from: best.id },
      kbPerTxn: { value: mbPerTxn * 1024, unit: "KB", from: "logging.bytes-per-transaction" },
    },
    measuredOn: [...entry.appliesTo.hardware],
    // Disk-bound: the logger waits on I/O, so a faster processor does not raise it.
    scalesWithCpu: false,
    demand: "workload.rate",
    ...ceilingParts,
    citations: [...ceilingParts.citations, ...cited],
  });
  allCopies(ctx, best.id, { value, low: perCopyLow, high: perCopyHigh }, parts);
}

/**
 * The data written to every active log copy at the peak: the per-copy rate x the copies, as the reports
 * put it ("i.e. there is more than 760 MB of data being written to IBM MQ log data sets per second",
 * 000 line 1412; "more than 500 MB", 001 line 2289).
 */
function allCopies(
  ctx: RuleContext,
  bestId: string,
  perCopy: { value: number; low: number; high: number },
  parts: LookupResult[],
): void {
  const { registry } = ctx;
  const copies = subjectOf(ctx.config).logCopies as number;
  const formula = registry.formula(TOTAL_FORMULA);
  const stated = copies === 2 && bestId === PEAK_93 ? TOTAL_93 : copies === 2 && bestId === PEAK_92 ? TOTAL_92 : "";
  const total = stated ? registry.figureValue(stated) : undefined;
  // The ceiling's flags are warned about once, on the ceiling.
  const looked = { ...fromLookups(...parts), flags: [] };
  ctx.item({
    id: "logging.log-rate-ceiling-all-copies",
    concern: "logging",
    label: `log write ceiling, ${copies === 2 ? "both copies together" : "one copy"} (data written to the active logs at the measured peak)`,
    addressSpace: "qmgr",
    metric: "info",
    value: perCopy.value * copies,
    low: perCopy.low * copies,
    high: perCopy.high * copies,
    unit: "MB/s",
    formula: `${num(perCopy.value)} MB/s per copy x ${copies} (${formula.expression})${total ? `; the report: "${total.raw}" of data written to the log data sets per second` : ""}`,
    inputs: { logCopies: { value: copies, unit: "count", from: "logging.dualLogs" } },
    ...looked,
    citations: [...looked.citations, registry.citation(formula), ...(total ? [total.citation] : [])],
  });
}

/**
 * The peak log rate with Metro Mirror (PPRC), or with zHyperWrite, relative to none: 368 or 386 MB/s
 * against 576 (001 lines 607-609, single logs, 4MB, DS8870, the logger fully utilised, line 613).
 * Elsewhere (other sizes, dual logs) the report gives the rates only as charts: the ratio is used there
 * widened for each condition outside, with a warning.
 */
function mirrorFactor(
  ctx: RuleContext,
  mirroring: string,
): { factor: LookupResult; mirrored: LookupResult; none: LookupResult; note: string } | undefined {
  if (mirroring === "none") return undefined;
  const { registry } = ctx;
  const rel = entryForRelease(ctx, SINGLE_4MB, "logging", "peak log rate with mirroring");
  if (!rel) return undefined;
  const mirrored = registry.lookup(SINGLE_4MB, { mirroring }, "logRate");
  const none = registry.lookup(SINGLE_4MB, { mirroring: "none" }, "logRate");
  const what = mirroring === "pprc" ? "Metro Mirror (PPRC)" : "Metro Mirror with zHyperWrite";
  // The ratio of two rates, through the door as a change: measured with 4MB messages
  // and single logs, it is widened where the config's size, log copies or disk are other (the report
  // gives the rates elsewhere only as charts), by the sources' evidence for a change or left open.
  // Each rate within the runs' tolerance: the ratio spans the quotients of their ends.
  const ratio = mirrored.value / none.value;
  const low = Math.min(ratio, mirrored.low / none.high);
  const high = Math.max(ratio, mirrored.high / none.low);
  const { r: factor } = through(ctx, SINGLE_4MB, {
    value: { ...mirrored, value: ratio, low, high, unit: "ratio", parts: [] },
    carry: rel.carried,
    only: COMPARED,
    concern: "logging",
    what: `peak log rate with ${what}: the rate mirrored over unmirrored (${mirrored.raw} / ${none.raw} MB/s; other sizes and log copies are charts only)`,
  });
  return {
    factor,
    mirrored,
    none,
    note: `${what}: x ${num(ratio, 3)}${rangeWords(factor, ratio)}, the rate mirrored over unmirrored (${mirrored.raw} / ${none.raw} MB/s, 4MB, single logs, 001 lines 607-609)`,
  };
}

/** A ratio's range in words, where it has one: " (0.5 to 0.8)", " (open below, to 0.8)", " (open on both sides)". */
function rangeWords(r: LookupResult, value: number): string {
  if (r.low === value && r.high === value) return "";
  const below = r.low <= 0;
  const above = r.high === Infinity;
  if (below && above) return " (open on both sides)";
  if (below) return ` (open below, to ${num(r.high, 3)})`;
  if (above) return ` (from ${num(r.low, 3)}, open above)`;
  return ` (${num(r.low, 3)} to ${num(r.high, 3)})`;
}

/** Archive log compression's gain in peak log throughput at this message size, and the most measured. */
function compressionGain(ctx: RuleContext, size: number): { gain: LookupResult; most: LookupResult } | undefined {
  const rel = entryForRelease(ctx, COMPRESSED_GAIN, "logging", "archive log compression");
  if (!rel) return undefined;
  // The same conditions as the peak's (COMPARED): a log rate's change, bound by the disk (000 line 1183).
  const what = "archive log compression's gain in peak log rate";
  return {
    gain: through(ctx, COMPRESSED_GAIN, {
      at: { messageSize: size },
      measure: "peakLogThroughputIncrease",
      carry: rel.carried,
      only: COMPARED,
      concern: "logging",
      what,
    }).r,
    most: through(ctx, COMPRESSED_MOST, { carry: rel.carried, only: COMPARED }).r,
  };
}

/** V5.3: 2,200 persistent 1KB messages a second was the maximum of the report's disk (004 line 333). */
function v53Ceiling(ctx: RuleContext): void {
  const { config, registry } = ctx;
  const what = "persistent message rate ceiling";
  const { r: max, check } = through(ctx, V53_DASD, { only: V53_ONLY });
  if (check.outside.length > 0) {
    ctx.warn(
      "logging",
      `${what}: measured with ${check.outside.map((o) => o.measured).join(", ")}; this config has ${check.outside.map((o) => o.config).join(", ")}, so the ceiling is extrapolated`,
      [max.citation],
    );
  }
  for (const a of check.assumed) ctx.warn("logging", assumedMessage(what, a));
  const puts = putsPerTransaction(config.workload.pattern);
  const first = firstUse(ctx);
  ctx.item({
    id: "logging.log-rate-ceiling",
    concern: "logging",
    label: "persistent message rate ceiling of the V5.3 report's disk",
    addressSpace: "qmgr",
    metric: "limit",
    limitOf: "transactions-per-second",
    value: max.value / puts,
    ...(first ? { low: (max.low / puts) * first.keep, high: max.high / puts } : {}),
    unit: "txn/s",
    formula: `${max.raw} messages a second, the maximum for the report's disk with 1KB messages / ${puts} put${puts === 1 ? "" : "s"} per transaction${first ? `; ${first.note}` : ""}`,
    inputs: { puts: { value: puts, unit: "count", from: "workload.pattern" } },
    measuredOn: [...registry.get(V53_DASD).appliesTo.hardware],
    scalesWithCpu: false,
    demand: "workload.rate",
    ...fromLookups(max, ...(first ? [first.loss] : [])),
  });
}

/**
 * Log data sets not pre-formatted (logging.preformatted: false): "Up to 50% of maximum data rate is lost
 * on first use of a log data set not so pre-formatted", with "an increase in response time of about
 * 33% with loss of about 25% in throughput through a single threaded application" (004 line 511). The
 * loss sets the ceiling's low end; measured on V5.3's disk, extrapolated (warned) to other releases.
 */
function firstUse(ctx: RuleContext): { loss: LookupResult; keep: number; note: string } | undefined {
  const { config, registry } = ctx;
  if (config.logging?.preformatted !== false) return undefined;
  const { r: loss } = through(ctx, PREFORMAT_LOSS, {
    only: PREFORMAT_ONLY,
    concern: "logging",
    what: "log data set pre-format loss",
  });
  const response = registry.figureValue(PREFORMAT_RESPONSE);
  const throughput = registry.figureValue(PREFORMAT_THROUGHPUT);
  ctx.warn(
    "logging",
    `logging.preformatted is false: on first use of each new log data set the queue manager formats it as it writes, losing "${loss.raw}" of the maximum log data rate; a single-threaded application saw response time "${response.raw}" longer and throughput "${throughput.raw}" lower. Pre-format new log data sets (CSQJUFMT) to avoid it`,
    [loss.citation, response.citation, throughput.citation],
  );
  return {
    loss,
    // "Up to 50%": the printed bound is the most lost (its run-to-run widening is not a larger loss).
    keep: 1 - loss.value / 100,
    note: `on first use of a log data set not pre-formatted "${loss.raw}" of the maximum data rate is lost, the low end`,
  };
}
