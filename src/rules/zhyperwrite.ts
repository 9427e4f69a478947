// zHyperWrite against Metro Mirror (PPRC) for the active logs, by message size and log copies (MQ 9.2
// report, ch.4): the queue manager CPU change (7.5% single, 6% dual, 12% at most at 32KB, 2.7% at 4MB),
// the 4MB table's CPU and SRB per MB, the SRB per MB at a constrained rate with dual logs, and the
// effects on the log rate, the commit time and the I/O time at every size the sources give.
import type { RuleContext } from "../engine/types.js";
import type { LookupResult } from "../model/registry.js";
import { fromLookups, num, sizeLabel, type ReleaseCarry } from "./helpers.js";
import { measuredUnder, type ConditionKey } from "./conditions.js";
import { through, type ThroughDoor } from "./door.js";

const COST_DUAL = "001.zhw-cost-increase-typical-dual";
const COST_SINGLE = "001.zhw-cost-increase-typical-single";
const COST_MAX_32KB = "001.zhw-cost-increase-max-32kb";
const COST_TOTAL_4MB = "001.zhw-cost-increase-total-4mb";
const TABLE_4MB = "001.zhw-4mb-cost-comparison";
const SRB_PPRC = "001.pprc-srb-per-mb-constrained";
const SRB_ZHW = "001.zhw-srb-per-mb-constrained";
const SRB_MAX = "001.zhw-srb-increase-max";
const RATE_SINGLE = "001.zhw-log-rate-ratio-small";
const RATE_DUAL = "001.zhw-log-rate-ratio-dual-small";
const RATE_DUAL_PEAK = "001.zhw-log-rate-gain-dual-peak";
const RATE_256KB = "001.zhw-log-rate-gain-256kb";
const RATE_MAX = "001.zhw-summary-log-rate";
const COMMIT_SMALL = "001.zhw-commit-time-fraction-small";
const COMMIT_4MB = "001.zhw-commit-time-reduction-4mb";
const COMMIT_NO_ARCHIVE = "001.zhw-commit-time-reduction-no-archive";
const COMMIT_MAX = "001.zhw-summary-commit-time";
const IO_SMALL = "001.zhw-io-time-fraction-small";
const IO_LARGE = "001.zhw-io-time-reduction-large";
const IO_DUAL = "001.zhw-io-time-reduction-dual";
const IO_MAX = "001.zhw-summary-io-time";
// The 4MB table's difference as the report states it: "adds 15 CPU microseconds per MB ... entirely SRB
// time", "4.9% in the total SRB" (001 line 611).
const DELTA_4MB = "001.zhw-cost-delta-4mb";
const SRB_INCREASE_4MB = "001.zhw-srb-increase-4mb";
// The constrained-rate comparison: "4MB messages running at a log rate of 75MB per second on dual logs
// and dual archives", data per I/O "dropped from 105 pages to 84 pages" (001 lines 617-620).
const CONSTRAINED_RATE = "001.zhw-constrained-log-rate";
const PAGES_PPRC = "001.pages-per-io-pprc-constrained";
const PAGES_ZHW = "001.pages-per-io-zhw-constrained";
// The test: messages "from 2KB to 4MB" (001 line 498), mirrored disks "at zero distance" (line 500).
const TEST_SIZES = "001.zhw-test-message-sizes";
const TEST_DISTANCE = "001.zhw-test-distance";
// The disk subsystem under load: with single logs "the 2 MB and 4MB workloads do begin to see a small
// impact from saturating the disk cache" (line 565), 6% of I/O in DFW bypass at 4MB (547); with dual
// logs NVS saturated from 256KB (626), "in excess of 20%" (640), DFW bypass often above 80% of I/O (634)
// and "in excess of 100%" at 4MB (640); RMF's DFW bypass over the I/O rate above 1% means NVS saturation (632).
const CACHE_SINGLE = "001.disk-cache-saturation-single";
const DFW_SINGLE_4MB = "001.dfw-bypass-share-4mb-single";
const NVS_DUAL = "001.nvs-saturation-message-size-dual";
const NVS_OBSERVED = "001.nvs-saturation-observed-dual";
const DFW_DUAL = "001.dfw-bypass-observed-dual";
const DFW_DUAL_4MB = "001.dfw-bypass-observed-4mb-dual";
const DFW_THRESHOLD = "001.dfw-bypass-saturation-threshold";

export const ZHW_USES: readonly string[] = [
  COST_DUAL,
  COST_SINGLE,
  COST_MAX_32KB,
  COST_TOTAL_4MB,
  TABLE_4MB,
  SRB_PPRC,
  SRB_ZHW,
  SRB_MAX,
  RATE_SINGLE,
  RATE_DUAL,
  RATE_DUAL_PEAK,
  RATE_256KB,
  RATE_MAX,
  COMMIT_SMALL,
  COMMIT_4MB,
  COMMIT_NO_ARCHIVE,
  COMMIT_MAX,
  IO_SMALL,
  IO_LARGE,
  IO_DUAL,
  IO_MAX,
  DELTA_4MB,
  SRB_INCREASE_4MB,
  CONSTRAINED_RATE,
  PAGES_PPRC,
  PAGES_ZHW,
  TEST_SIZES,
  TEST_DISTANCE,
  CACHE_SINGLE,
  DFW_SINGLE_4MB,
  NVS_DUAL,
  NVS_OBSERVED,
  DFW_DUAL,
  DFW_DUAL_4MB,
  DFW_THRESHOLD,
];

// Every figure goes through the door (src/rules/door.ts). A figure the rule takes as the config's value is
// compared on the release (carried as chosen), persistence, log copies, archive copies and disk. Left
// out: the message size (the rule takes each figure at the size it was measured at, and the others as the
// range over the sizes the sources measured), the mirroring (each figure is one side of the comparison
// of zHyperWrite with PPRC, chosen by the rule), and for a change, a ratio, a time or a log rate the
// machine and its CPUs: a change is between two costs of the same runs, which a machine moves together
// (the hardware rule scales every CPU figure by one factor, hardware.ts), and log rates and I/O times
// are the disk's, raised by "more responsive DASD and faster links to the DASD" (000 line 1183).
const RELATIVE: readonly ConditionKey[] = ["release", "persistent", "logCopies", "archiveCopies", "disk"];
// A CPU cost per MB is the machine's own, and shown, not scaled by the hardware rule: compared on the
// machine and its CPUs as well.
const ABSOLUTE: readonly ConditionKey[] = [...RELATIVE, "hardware", "cpus"];
// A figure the rule takes as an end of a range over message sizes, or cites beside its arithmetic:
// carried, and compared on nothing else (the figure it bounds is compared).
const NONE: readonly ConditionKey[] = [];

/** A figure as the config's value, through the door; `as` replaces the looked-up value (a ratio, a difference). */
type Door = (id: string, what: string, only?: readonly ConditionKey[], as?: LookupResult) => ThroughDoor;
/** A figure as a range's end or a citation: carried only. */
type Fig = (id: string) => LookupResult;

/**
 * The end of a range a figure gives: its value where the door left it inside its conditions (a one-sided
 * "less than 50%" is bounded on its open side by another figure the rule cites), else its widened end.
 */
function end(d: ThroughDoor, side: "low" | "high"): number {
  return d.check.outside.some((o) => o.carry === undefined) ? d.r[side] : d.r.value;
}

/** The zHyperWrite items for a config with zHyperWrite under Metro Mirror, release already chosen. */
export function zHyperWrite(ctx: RuleContext, copies: number, archives: number, how: false | ReleaseCarry): void {
  const size = ctx.config.workload.messageSize;
  const door: Door = (id, what, only = RELATIVE, as) =>
    through(ctx, id, {
      carry: how,
      only,
      ...(as ? { value: as } : {}),
      concern: "logging",
      what: `zHyperWrite: ${what}`,
    });
  const fig: Fig = (id) => through(ctx, id, { carry: how, only: NONE }).r;
  testConditions(ctx, size);
  diskSaturation(ctx, copies, size);
  cost(ctx, copies, door, fig);
  // Each figure at the size it was measured at, as its model entry states.
  const at = (id: string, key = "messageSize") => measuredUnder(ctx.registry, id, key);
  if (size === at(TABLE_4MB) && copies === 1) fourMegabyteTable(ctx, door, fig);
  if (size === at(SRB_ZHW) && copies === 2) constrainedSrb(ctx, door, fig);
  logRate(ctx, copies, door, fig);
  commitTime(ctx, archives, door, fig);
  ioTime(ctx, copies, door, fig);
}

/** What every zHyperWrite figure was measured under that the config cannot say or may not match. */
function testConditions(ctx: RuleContext, size: number): void {
  const { registry } = ctx;
  const sizes = registry.figureValue(TEST_SIZES);
  if (size < sizes.low || size > sizes.high)
    ctx.warn(
      "logging",
      `zHyperWrite: measured with messages of ${sizes.raw}; ${sizeLabel(size)} is outside, so its figures are those of the nearest size measured`,
      [sizes.citation],
    );
  const distance = registry.figureValue(TEST_DISTANCE);
  ctx.warn(
    "logging",
    `zHyperWrite: every figure was measured with the mirrored disks at ${distance.raw}; the benefits reduce as the replication distance grows, and the sources give no figure for distance`,
    [distance.citation],
  );
}

/** The disk subsystem's cache under the report's heavier loads, where the zHyperWrite gains fade. */
function diskSaturation(ctx: RuleContext, copies: number, size: number): void {
  const { registry } = ctx;
  const threshold = registry.figureValue(DFW_THRESHOLD);
  const rmf = `; RMF showing DFW bypass over the total I/O rate "${threshold.raw}" indicates NVS saturation`;
  if (copies === 1) {
    const from = registry.figureValue(CACHE_SINGLE);
    if (size < from.value) return;
    const at4mb = registry.figureValue(DFW_SINGLE_4MB);
    ctx.warn(
      "logging",
      `zHyperWrite: with single logs, messages of ${from.raw} and more began to saturate the test disk subsystem's cache (with 4MB messages ${at4mb.raw} of I/O saw DFW bypass)${rmf}`,
      [from.citation, at4mb.citation, threshold.citation],
    );
    return;
  }
  const from = registry.figureValue(NVS_DUAL);
  if (size < from.value) return;
  const observed = registry.figureValue(NVS_OBSERVED);
  const dfw = registry.figureValue(DFW_DUAL);
  const at4mb = registry.figureValue(DFW_DUAL_4MB);
  const at4mbSize = measuredUnder(registry, DFW_DUAL_4MB, "messageSize");
  ctx.warn(
    "logging",
    `zHyperWrite: with dual logs and archives, messages of ${from.raw} and more saturated the test disk subsystem's non-volatile storage (NVS saturation "${observed.raw}", DFW bypass commonly over ${dfw.raw} of I/O${size >= at4mbSize ? `, "${at4mb.raw}" of requests with ${sizeLabel(at4mbSize)}` : ""}), bringing zHyperWrite's I/O times close to PPRC's${rmf}`,
    [
      from.citation,
      observed.citation,
      dfw.citation,
      ...(size >= at4mbSize ? [at4mb.citation] : []),
      threshold.citation,
    ],
  );
}

/** The queue manager CPU change, a % of its cost per MB, with the spread over message sizes as the range. */
function cost(ctx: RuleContext, copies: number, door: Door, fig: Fig): void {
  const size = ctx.config.workload.messageSize;
  const max = fig(COST_MAX_32KB);
  const at4mb = fig(COST_TOTAL_4MB);
  // Each typical figure is a percentage of the queue manager's cost with PPRC and the same log copies:
  // "In a dual active/archive log configuration, the increase is more typically 6%" (001 line 597). A
  // dual-log queue manager's cost per MB is larger, so 6% of it is no cheaper than 7.5% of a single-log
  // one: the two percentages have different bases and are not compared. Measured sizes take their own
  // figure: 12% at 32KB (001 line 595), 2.7% at 4MB (611), both measured with single logs and archives
  // (the chapter's configuration, 001 line 490), so with dual logs they are the range, not the value.
  const measuredSingle =
    size === measuredUnder(ctx.registry, COST_MAX_32KB, "messageSize")
      ? COST_MAX_32KB
      : size === measuredUnder(ctx.registry, COST_TOTAL_4MB, "messageSize")
        ? COST_TOTAL_4MB
        : undefined;
  const exactId = copies !== 1 ? undefined : measuredSingle;
  const d = door(exactId ?? (copies === 2 ? COST_DUAL : COST_SINGLE), "queue manager CPU change over PPRC");
  const used = d.r;
  const exact = exactId !== undefined ? used : undefined;
  ctx.item({
    id: "logging.zhyperwrite-cost",
    concern: "logging",
    label: "zHyperWrite: queue manager cost per MB logged, over Metro Mirror (PPRC)",
    addressSpace: "qmgr",
    metric: "cpu-pct",
    value: used.value,
    // An increase at every size the sources measured, the least 2.7% at 4MB (001 line 611): zHyperWrite
    // adds SRB work over PPRC, so a range the door opened below stops at no change, not at a saving.
    low: Math.max(0, Math.min(used.low, at4mb.value)),
    high: Math.max(used.high, max.value),
    unit: "%",
    formula: `${
      exact
        ? `${exact.raw} measured with ${sizeLabel(size)} messages`
        : copies === 2
          ? `${used.raw} of the queue manager cost, "more typically" with dual logs and archives (001 line 597), relative to dual logs with PPRC alone`
          : `${used.raw} of the queue manager cost, relative to single logs with PPRC alone`
    }; over message sizes the sources give ${at4mb.raw} (4MB) to ${max.raw} (32KB, the most), the range`,
    inputs: { copies: { value: copies, unit: "count", from: "logging.dualLogs" } },
    ...fromLookups(
      ...(exact ? [used, ...[at4mb, max].filter((r) => r.citation.id !== used.citation.id)] : [used, at4mb, max]),
    ),
  });
}

/** The 4MB table (single logs): CPU and SRB per MB of zHyperWrite over PPRC (001 lines 603-611). */
function fourMegabyteTable(ctx: RuleContext, door: Door, fig: Fig): void {
  const { registry } = ctx;
  // The cells as measured; their differences go through the door below, as the values the items show.
  const cell = (mirroring: string, measure: string) => registry.lookup(TABLE_4MB, { mirroring }, measure);
  const zCpu = cell("zhyperwrite", "cpuPerMB");
  const pCpu = cell("pprc", "cpuPerMB");
  const zSrb = cell("zhyperwrite", "srbPerMB");
  const pSrb = cell("pprc", "srbPerMB");
  const delta = zCpu.value - pCpu.value;
  const srbDelta = zSrb.value - pSrb.value;
  const cpuPct = (delta / pCpu.value) * 100;
  const srbPct = (srbDelta / pSrb.value) * 100;
  // A difference of two cells of the same runs is the report's own figure ("adds 15 CPU microseconds per
  // MB"): exact where the config is inside the table's conditions, widened where it is outside (the
  // widened result is a lookup of the item, for its parts and confidence; its bounds are the item's).
  const exact = (r: LookupResult, value: number, unit: string): LookupResult => ({
    ...r,
    value,
    low: value,
    high: value,
    unit,
    parts: [],
  });
  // An increase of one run over another, each within the runs' tolerance: it spans the ends' quotients,
  // and stops at none, the report saying zHyperWrite adds CPU at every size it measured (001 line 611).
  const increase = (z: LookupResult, p: LookupResult, value: number): LookupResult => ({
    ...z,
    value,
    low: Math.max(0, Math.min(value, (z.low / p.high - 1) * 100)),
    high: Math.max(value, (z.high / p.low - 1) * 100),
    unit: "percent",
    parts: [],
  });
  const what = "the 4MB table (single logs)";
  const dCpu = door(TABLE_4MB, `${what}: CPU per MB over PPRC`, ABSOLUTE, exact(zCpu, delta, "us")).r;
  const dCpuPct = door(TABLE_4MB, `${what}: CPU increase`, RELATIVE, increase(zCpu, pCpu, cpuPct)).r;
  const dSrbPct = door(TABLE_4MB, `${what}: SRB increase`, RELATIVE, increase(zSrb, pSrb, srbPct)).r;
  // The report's own statement of the difference and of the SRB increase, cited beside the arithmetic.
  const stated = fig(DELTA_4MB);
  const statedSrb = fig(SRB_INCREASE_4MB);
  // The shared fields after the id (a spread first and new keys after it is V8's slow path: ~10 us an item).
  const common = { concern: "logging" as const, addressSpace: "qmgr" as const, metric: "info" as const, inputs: {} };
  ctx.item({
    id: "logging.zhyperwrite-cpu-per-mb",
    ...common,
    label: "zHyperWrite: queue manager CPU added per MB logged over PPRC (4MB messages, single logs)",
    value: delta,
    low: dCpu.low,
    high: dCpu.high,
    unit: "us/MB",
    formula: `${zCpu.raw} - ${pCpu.raw} us per MB (zHyperWrite - PPRC, the 4MB table); SRB ${zSrb.raw} - ${pSrb.raw} = ${num(srbDelta, 0)}, so all of it is SRB (the report: "${stated.raw}" per MB, "entirely SRB time")`,
    ...withCitations(fromLookups(zCpu, pCpu, zSrb, pSrb, dCpu), stated.citation),
  });
  ctx.item({
    id: "logging.zhyperwrite-cpu-increase",
    ...common,
    label: "zHyperWrite: increase in the queue manager CPU per MB (4MB messages, single logs)",
    value: cpuPct,
    low: dCpuPct.low,
    high: dCpuPct.high,
    unit: "%",
    formula: `${num(delta, 0)} / ${pCpu.raw} us per MB (PPRC) x 100`,
    ...fromLookups(zCpu, pCpu, dCpuPct),
  });
  ctx.item({
    id: "logging.zhyperwrite-srb-increase",
    ...common,
    label: "zHyperWrite: increase in the queue manager SRB per MB (4MB messages, single logs)",
    value: srbPct,
    low: dSrbPct.low,
    high: dSrbPct.high,
    unit: "%",
    formula: `${num(srbDelta, 0)} / ${pSrb.raw} us SRB per MB (PPRC) x 100 (the report prints "${statedSrb.raw}", truncated)`,
    ...withCitations(fromLookups(zSrb, pSrb, dSrbPct), statedSrb.citation),
  });
}

/** Dual logs, 4MB, both logging 75 MB/s: SRB per MB 0.44 ms with zHyperWrite against 0.4 with PPRC (001 lines 617-622). */
function constrainedSrb(ctx: RuleContext, door: Door, fig: Fig): void {
  const z = door(SRB_ZHW, "SRB per MB at a constrained log rate", ABSOLUTE).r;
  const p = fig(SRB_PPRC);
  const max = fig(SRB_MAX);
  const rate = fig(CONSTRAINED_RATE);
  const pagesPprc = fig(PAGES_PPRC);
  const pagesZhw = fig(PAGES_ZHW);
  ctx.item({
    id: "logging.zhyperwrite-srb-per-mb",
    concern: "logging",
    label: `zHyperWrite: queue manager SRB per MB logged (4MB, dual logs, at ${rate.raw})`,
    addressSpace: "qmgr",
    metric: "info",
    value: z.value,
    low: Math.min(z.low, p.value),
    high: Math.max(z.high, p.value * (1 + max.value / 100)),
    unit: "us/MB",
    formula: `${z.raw} per MB with zHyperWrite against ${p.raw} with PPRC (fewer pages per I/O, ${pagesPprc.raw} to ${pagesZhw.raw}); SRB increases were "${max.raw}", the high end`,
    inputs: {},
    ...withCitations(fromLookups(z, p, max), rate.citation, pagesPprc.citation, pagesZhw.citation),
  });
}

/** The peak log rate with zHyperWrite relative to PPRC, by message size and log copies. */
function logRate(ctx: RuleContext, copies: number, door: Door, fig: Fig): void {
  const { registry } = ctx;
  const size = ctx.config.workload.messageSize;
  const max = fig(RATE_MAX);
  const at = (id: string, key = "messageSize") => measuredUnder(registry, id, key);
  const what = "peak log rate relative to PPRC";
  const ratio = (id: string) => {
    const r = door(id, what).r;
    ctx.item({
      id: "logging.zhyperwrite-log-rate",
      concern: "logging",
      label: `zHyperWrite: peak log rate relative to PPRC (${copies === 2 ? "dual" : "single"} logs, ${sizeLabel(size)})`,
      addressSpace: "qmgr",
      metric: "info",
      value: r.value,
      low: r.low,
      high: Math.max(r.high, max.value),
      unit: "x",
      formula: `"${r.raw}" the PPRC rate; "${max.raw}" at best, the high end`,
      inputs: {},
      ...fromLookups(r, max),
    });
  };
  const gain = (id: string) => {
    const g = door(id, "log rate gained over PPRC").r;
    ctx.item({
      id: "logging.zhyperwrite-log-rate-gain",
      concern: "logging",
      label: `zHyperWrite: log rate gained over PPRC (${copies === 2 ? "dual" : "single"} logs, ${sizeLabel(size)})`,
      addressSpace: "qmgr",
      metric: "info",
      value: g.value,
      low: g.low,
      high: g.high,
      unit: "MB/s",
      formula: `"${g.raw}" more than PPRC`,
      inputs: {},
      ...fromLookups(g),
    });
  };
  if (copies === 1) {
    if (size <= at(RATE_SINGLE, "messageSizeMax")) return ratio(RATE_SINGLE);
    if (size === at(RATE_256KB)) return gain(RATE_256KB);
    // Above 128KB: the 4MB table's rates (386 / 368 MB/s) at the low end, double at the high end.
    // The 4MB table's two rates, as measured; their ratio through the door, the value shown.
    const z = registry.lookup(TABLE_4MB, { mirroring: "zhyperwrite" }, "logRate");
    const p = registry.lookup(TABLE_4MB, { mirroring: "pprc" }, "logRate");
    const two = fig(RATE_SINGLE);
    const ratioAt4mb = z.value / p.value;
    // Two rates of two runs, each within the runs' tolerance: their ratio spans the ends' quotients.
    const d = door(TABLE_4MB, what, RELATIVE, {
      ...z,
      value: ratioAt4mb,
      low: Math.min(ratioAt4mb, z.low / p.high),
      high: Math.max(ratioAt4mb, z.high / p.low),
      unit: "ratio",
      parts: [],
    });
    const at4mb = d.r.value;
    ctx.item({
      id: "logging.zhyperwrite-log-rate",
      concern: "logging",
      label: `zHyperWrite: peak log rate relative to PPRC (single logs, ${sizeLabel(size)})`,
      addressSpace: "qmgr",
      metric: "info",
      value: at4mb,
      low: d.r.low,
      high: Math.max(d.r.high, size === at(TABLE_4MB) ? at4mb : two.value),
      unit: "x",
      formula:
        size === at(TABLE_4MB)
          ? `${z.raw} / ${p.raw} MB/s (zHyperWrite / PPRC, the 4MB table)`
          : `between ${z.raw} / ${p.raw} MB/s at 4MB (the value taken) and "${two.raw}" up to 128KB; the sizes between are charts only`,
      inputs: {},
      ...fromLookups(z, p, two, d.r),
    });
    return;
  }
  if (size <= at(RATE_DUAL, "messageSizeMax")) return ratio(RATE_DUAL);
  if (size <= at(RATE_DUAL_PEAK, "messageSizeMax")) return gain(RATE_DUAL_PEAK);
  ctx.gap(
    "logging",
    `zHyperWrite's log rate with dual logs above 256KB: the MQ 9.2 report's disk cache (NVS) saturated, bringing zHyperWrite's I/O times close to PPRC's, and the rates are given only as a chart`,
    ["001.gap-zhw-log-rate-dual"],
  );
}

/** The commit elapsed time with zHyperWrite as a share of PPRC's, by message size. */
function commitTime(ctx: RuleContext, archives: number, door: Door, fig: Fig): void {
  const size = ctx.config.workload.messageSize;
  const what = "commit elapsed time against PPRC";
  const max = fig(COMMIT_MAX);
  const floor = 100 - max.value;
  let value: number;
  let low = floor;
  let high: number;
  let formula: string;
  const parts = [max];
  if (size <= measuredUnder(ctx.registry, COMMIT_SMALL, "messageSizeMax")) {
    const d = door(COMMIT_SMALL, what);
    const small = d.r;
    value = small.value;
    high = end(d, "high");
    low = Math.min(low, end(d, "low"));
    formula = `"${small.raw}" of the PPRC commit time up to 128KB; "${max.raw}" less at best, the low end`;
    parts.push(small);
  } else {
    // Above 128KB the saving shrinks to 4% at 4MB (001 line 547); sizes between are charts only.
    const small = fig(COMMIT_SMALL);
    const d = door(COMMIT_4MB, what);
    const at4mb = d.r;
    value = 100 - at4mb.value;
    // "4% less" is a point measured between two runs: its own range (run-to-run, or widened), not 96-96.
    high = 100 - at4mb.low;
    const is4mb = size === measuredUnder(ctx.registry, COMMIT_4MB, "messageSize");
    low = Math.min(is4mb ? value : small.value, 100 - at4mb.high);
    formula = is4mb
      ? `${at4mb.raw} less than PPRC at 4MB`
      : `between "${small.raw}" (up to 128KB) and ${at4mb.raw} less (4MB, the value taken)`;
    parts.push(small, at4mb);
    if (archives === 0) {
      const n = door(COMMIT_NO_ARCHIVE, `${what}, archiving off`);
      const noArchive = n.r;
      value = Math.min(value, 100 - noArchive.value);
      // "a minimum of 12%" lower: the share is at most this; where the figure is widened, its least saving.
      high = Math.min(high, Math.max(value, 100 - end(n, "low")));
      formula += `; with archiving off "${noArchive.raw}" lower`;
      parts.push(noArchive);
    }
  }
  ctx.item({
    id: "logging.zhyperwrite-commit-time",
    concern: "logging",
    label: "zHyperWrite: commit elapsed time as a share of PPRC's (at most)",
    addressSpace: "app",
    metric: "info",
    value,
    // A share of a time is not below nothing, however far a widened end reaches.
    low: Math.max(0, Math.min(low, value)),
    high,
    unit: "%",
    formula,
    inputs: {},
    ...fromLookups(...parts),
  });
}

/** The active log I/O time with zHyperWrite as a share of PPRC's, by message size and log copies. */
function ioTime(ctx: RuleContext, copies: number, door: Door, fig: Fig): void {
  const size = ctx.config.workload.messageSize;
  const what = "active log I/O time against PPRC";
  const max = fig(IO_MAX);
  const floor = 100 - max.value;
  let value: number;
  let low = floor;
  let high: number;
  let formula: string;
  let used: LookupResult;
  const extra: LookupResult[] = [];
  if (copies === 2 && size <= measuredUnder(ctx.registry, IO_DUAL, "messageSizeMax")) {
    // "between 32% and 60% less time per I/O" (001 line 646)
    used = door(IO_DUAL, what).r;
    value = 100 - used.value;
    low = 100 - used.high;
    high = 100 - used.low;
    formula = `"${used.raw}" less time per I/O than PPRC, dual logs up to 128KB`;
  } else if (size <= measuredUnder(ctx.registry, IO_SMALL, "messageSizeMax")) {
    const d = door(IO_SMALL, what);
    used = d.r;
    value = used.value;
    high = end(d, "high");
    low = Math.min(low, end(d, "low"));
    formula = `"${used.raw}" of the PPRC I/O time up to 96KB; "${max.raw}" less at best, the low end`;
  } else {
    const d = door(IO_LARGE, what);
    used = d.r;
    const small = fig(IO_SMALL);
    value = 100 - used.value;
    high = 100 - end(d, "low");
    low = Math.min(small.value, 100 - end(d, "high"));
    formula = `"${used.raw}" less than PPRC above 96KB (the value taken), "${small.raw}" of it up to 96KB the low end`;
    extra.push(small);
  }
  ctx.item({
    id: "logging.zhyperwrite-io-time",
    concern: "logging",
    label: "zHyperWrite: active log I/O time as a share of PPRC's (at most)",
    addressSpace: "qmgr",
    metric: "info",
    value,
    // A share of a time is not below nothing, however far a widened end reaches.
    low: Math.max(0, Math.min(low, value)),
    high,
    unit: "%",
    formula,
    inputs: {},
    ...fromLookups(used, max, ...extra),
  });
}

/** Line-item parts with statements cited beside the lookups (figures whose values are not in the item). */
function withCitations<T extends { citations: LookupResult["citation"][] }>(
  parts: T,
  ...more: LookupResult["citation"][]
): T {
  const citations = [...parts.citations];
  for (const c of more) if (!citations.some((x) => x.id === c.id)) citations.push(c);
  return { ...parts, citations };
}
