// Archive log compression (CSQ6LOGP COMPLOG) and recovery from archives (z15 report, 003 lines 303-338).
// The cost is in the archive process: "increased costs in queue manager TCB relating to the archive
// process" (003 line 319), "the cost of archiving increase by 14%" (line 325), so the percentage applies
// to the CPU archiving takes per MB (001 line 817: 584 us/MB), not to the whole queue manager. The
// compressibility the user gives shrinks the archive volume and the archive disk writes. On z14 and
// earlier the compression is zEDC (003 line 208), which the sources give no figures for.
import type { RuleContext } from "../engine/types.js";
import type { LookupResult } from "../model/registry.js";
import { subjectOf, type ConditionKey } from "./conditions.js";
import { through } from "./door.js";
import { entryForRelease, fromLookups, num, sizeLabel } from "./helpers.js";
import { volumeParts, type LogVolume } from "./logging.js";

const OVERHEAD = "003.archive-compression-overhead";
const RECOVERY = "003.archive-recovery";
const WORST = "003.archive-worst-case-cost";
const PEAK_PLAIN = "003.archive-peak-rate-uncompressed";
const PEAK_COMPRESSED = "003.archive-peak-rate-compressed";
const MEASURED_RANGE = "003.archive-compressibility-range";
// The report's own ratios: "38% of the uncompressed archives", "1.6 times" (003 lines 337-338).
const RATE_RATIO = "003.archive-recovery-rate-ratio";
const COST_RATIO = "003.archive-recovery-cost-ratio";
// The CPU archiving adds per MB logged, dual logs and archives (MQ 9.2 report).
const STACK = "001.dse-log-workload-cost-stack";

export const ARCHIVE_USES: readonly string[] = [
  OVERHEAD,
  RECOVERY,
  WORST,
  PEAK_PLAIN,
  PEAK_COMPRESSED,
  MEASURED_RANGE,
  RATE_RATIO,
  COST_RATIO,
  STACK,
];

const ON_CHIP = new Set(["z15", "z16", "z17"]);
// The CPU per MB archived is compared on every condition but the machine (see its use).
const STACK_ONLY: readonly ConditionKey[] = ["release", "persistent", "messageSize", "logCopies"];
const MB4 = 4194304;

/** Recovery from archives, compressed or not, and archive compression's cost, rate and volume. */
export function archiveLogs(ctx: RuleContext, vol: LogVolume): void {
  const mbPerTxn = vol.bytesPerTxn / 1048576;
  const lower = vol.lower;
  const { config, registry } = ctx;
  const lg = config.logging;
  const compressed = lg?.archiveCompression === true;
  const rel = entryForRelease(ctx, RECOVERY, "logging", "archive log recovery");
  if (!rel) {
    if (compressed)
      ctx.gap("logging", `archive log compression for MQ ${config.mq.release}: measured on MQ 9.1.4 (z15) only`);
    return;
  }
  // Every figure through the door, every condition compared: measured on z15 with dual logs and dual
  // archives (003 line 313), each is widened for a config outside them (a z14's recovery, single logs).
  const recovery = (archiveCompression: "compressed" | "none", measure: "recoveryRate" | "costPerMB") =>
    through(ctx, RECOVERY, {
      at: { archiveCompression },
      measure,
      carry: rel.carried,
      // One warning for the table: its rate and cost share their conditions.
      ...(measure === "recoveryRate" && archiveCompression === (compressed ? "compressed" : "none")
        ? { concern: "logging" as const, what: "recovery from archive logs (rate and CPU per MB)" }
        : {}),
    }).r;
  // zEDC-compressed archives (z14 and earlier) were not measured: the on-chip recovery figures are not
  // theirs, and the gap below says so.
  const zedc = compressed && !ON_CHIP.has(config.hardware.generation);
  if (!zedc) recoveryItems(ctx, compressed, recovery);
  if (!compressed) return;
  if (zedc) {
    ctx.gap(
      "logging",
      `archive log compression on ${config.hardware.generation} uses zEDC Express (003 line 208); the sources measured only the z15 on-chip accelerator, and point to the z14 report and a blog for zEDC (003 line 311): no cost, rate or recovery figures`,
    );
    return;
  }
  const size = config.workload.messageSize;
  const c = lg?.archiveCompressibility;
  const range = registry.figureValue(MEASURED_RANGE);
  const what = "archive log compression";
  // "the cost of archiving increase by 14%, which was for an incompressible message payload of 4MB" (325)
  const tcb =
    size === MB4 && c === 0
      ? through(ctx, WORST, { carry: rel.carried, concern: "logging", what: `${what}: archive process CPU increase` }).r
      : through(ctx, OVERHEAD, {
          at: { messageSize: size },
          measure: "qmgrTcbIncrease",
          carry: rel.carried,
          concern: "logging",
          what: `${what}: archive process CPU increase`,
        }).r;
  // The MQ 9.2 report's CPU per MB archived (1MB messages, dual logs): its own release carry and
  // conditions, compared by the door. The machine is left out: the item is a CPU cost per transaction,
  // which the hardware rule scales to the config's machine (hardware.ts, scaleForHardware).
  const archiving = through(ctx, STACK, {
    at: { config: "plus-archiving" },
    measure: "increment",
    only: STACK_ONLY,
    concern: "logging",
    what: "CPU per MB archived",
  }).r;
  // An increase, never a saving: "increased costs in queue manager TCB relating to the archive process",
  // 0% to 14% at every size measured (003 lines 319-325). A range the door opened below stops at no change.
  const tcbLow = Math.max(0, tcb.low);
  ctx.item({
    id: "logging.archive-compression-cost",
    concern: "logging",
    label: `archive log compression: increase in the archive process's CPU, ${sizeLabel(size)}`,
    addressSpace: "qmgr",
    metric: "info",
    value: tcb.value,
    low: tcbLow,
    high: tcb.high,
    unit: "%",
    formula: `${tcb.raw} over uncompressed archives (the source's range for ${range.raw} compressible data)`,
    inputs: { messageSize: { value: size, unit: "bytes", from: "workload.messageSize" } },
    ...fromLookups(tcb, range),
  });
  const perTxn = (pct: number, perMB: number) => (mbPerTxn * perMB * pct) / 100;
  ctx.item({
    id: "logging.archive-compression-cpu",
    concern: "logging",
    label: `archive log compression: queue manager CPU per transaction${lower ? " (at least)" : ""}`,
    addressSpace: "qmgr",
    metric: "cpu-per-txn",
    value: perTxn(tcb.value, archiving.value),
    low: (perTxn(tcbLow, archiving.low) * vol.low) / vol.bytesPerTxn,
    high: (perTxn(tcb.high, archiving.high) * vol.high) / vol.bytesPerTxn,
    unit: "us",
    formula: `${num(tcb.value)}% x ${archiving.raw} per MB archived (the archive process, MQ 9.2 report, dual logs) x ${num(mbPerTxn * 1024, 2)} KB logged / 1024`,
    inputs: { mbPerTxn: { value: mbPerTxn, unit: "MB", from: "logging.bytes-per-transaction" } },
    ...volumeParts(vol, tcb, archiving),
  });
  // Peak log throughput: at 4MB and 80% compressible the report's own rates (282 -> 520 MB/s, line 327).
  if (size === MB4 && c === 80) {
    const plain = registry.figureValue(PEAK_PLAIN);
    const comp = registry.figureValue(PEAK_COMPRESSED);
    // The change between the two runs, through the door as a change: the pair's conditions are the
    // uncompressed run's (disk, mirroring, size, compressibility) with compression the change measured.
    const change = (comp.value / plain.value - 1) * 100;
    const { r: gain } = through(ctx, PEAK_PLAIN, {
      value: { ...comp, value: change, low: change, high: change, unit: "percent" },
      carry: rel.carried,
      subject: { ...subjectOf(config), archiveCompression: "none" },
      concern: "logging",
      what: `${what}: peak log throughput increase`,
    });
    ctx.item({
      id: "logging.archive-compression-peak-rate",
      concern: "logging",
      label: "archive log compression: peak log throughput increase (4MB, 80% compressible)",
      addressSpace: "qmgr",
      metric: "info",
      value: gain.value,
      low: gain.low,
      high: gain.high,
      unit: "%",
      formula: `${comp.raw} / ${plain.raw} per log - 1`,
      inputs: {},
      ...fromLookups(plain, gain),
    });
  } else {
    const { r: peak } = through(ctx, OVERHEAD, {
      at: { messageSize: size },
      measure: "peakLogThroughputIncrease",
      carry: rel.carried,
      concern: "logging",
      what: `${what}: peak log throughput increase`,
    });
    ctx.item({
      id: "logging.archive-compression-peak-rate",
      concern: "logging",
      label: "archive log compression: peak log throughput increase",
      addressSpace: "qmgr",
      metric: "info",
      value: peak.value,
      low: peak.low,
      high: peak.high,
      unit: "%",
      formula: `${peak.raw} over uncompressed archives`,
      inputs: {},
      ...fromLookups(peak),
    });
  }
  if (c !== undefined && (c < range.low || c > range.high)) {
    ctx.warn(
      "logging",
      `archive log compression: measured with ${range.raw} compressible messages; logging.archiveCompressibility is ${c}%, so the figures are extrapolated`,
      [range.citation],
    );
  } else if (c === undefined) {
    ctx.warn(
      "logging",
      `archive log compression: logging.archiveCompressibility is not given; the figures span ${range.raw} compressible data and the archive volume is shown uncompressed`,
      [range.citation],
    );
  }
}

function recoveryItems(
  ctx: RuleContext,
  compressed: boolean,
  recovery: (a: "compressed" | "none", m: "recoveryRate" | "costPerMB") => LookupResult,
): void {
  const rate = recovery(compressed ? "compressed" : "none", "recoveryRate");
  const cost = recovery(compressed ? "compressed" : "none", "costPerMB");
  const plainRate = recovery("none", "recoveryRate");
  const plainCost = recovery("none", "costPerMB");
  const what = compressed ? "compressed" : "uncompressed";
  ctx.item({
    id: "logging.archive-recovery-rate",
    concern: "logging",
    label: `recovery from ${what} archive logs: rate`,
    addressSpace: "qmgr",
    metric: "info",
    value: rate.value,
    unit: "MB/s",
    formula: compressed
      ? `${rate.raw} MB/s from compressed archives, against ${plainRate.raw} MB/s uncompressed`
      : `${rate.raw} MB/s from uncompressed archives`,
    inputs: {},
    ...fromLookups(...(compressed ? [rate, plainRate] : [rate])),
  });
  ctx.item({
    id: "logging.archive-recovery-cost",
    concern: "logging",
    label: `recovery from ${what} archive logs: CPU per MB`,
    addressSpace: "qmgr",
    metric: "info",
    value: cost.value,
    unit: "us/MB",
    formula: compressed
      ? `${cost.raw} us per MB from compressed archives, against ${plainCost.raw} uncompressed`
      : `${cost.raw} us per MB from uncompressed archives`,
    inputs: {},
    ...fromLookups(...(compressed ? [cost, plainCost] : [cost])),
  });
  if (!compressed) return;
  const { registry } = ctx;
  // Cited beside the arithmetic, not used as values: they are its results, printed rounded.
  const rateRatio = registry.figureValue(RATE_RATIO);
  const costRatio = registry.figureValue(COST_RATIO);
  const rateParts = fromLookups(rate, plainRate);
  const costParts = fromLookups(cost, plainCost);
  ctx.item({
    id: "logging.archive-recovery-rate-ratio",
    concern: "logging",
    label: "recovery from compressed archives: rate as a share of uncompressed",
    addressSpace: "qmgr",
    metric: "info",
    value: (rate.value / plainRate.value) * 100,
    low: (rate.low / plainRate.high) * 100,
    high: (rate.high / plainRate.low) * 100,
    unit: "%",
    formula: `${rate.raw} / ${plainRate.raw} MB/s (the report: "${rateRatio.raw}")`,
    inputs: {},
    ...rateParts,
    citations: [...rateParts.citations, rateRatio.citation],
  });
  ctx.item({
    id: "logging.archive-recovery-cost-ratio",
    concern: "logging",
    label: "recovery from compressed archives: CPU per MB relative to uncompressed",
    addressSpace: "qmgr",
    metric: "info",
    value: cost.value / plainCost.value,
    low: cost.low / plainCost.high,
    high: cost.high / plainCost.low,
    unit: "x",
    formula: `${cost.raw} / ${plainCost.raw} us per MB (the report: "${costRatio.raw}")`,
    inputs: {},
    ...costParts,
    citations: [...costParts.citations, costRatio.citation],
  });
}
