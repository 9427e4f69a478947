// SMF statistics and accounting (MQ 9.3 report, ch.4-5): class(3) accounting data gathering per API
// call and the cost of each SMF write (one per long-running task per ACCTIME), channel initiator class 4
// trace, queue statistics records, and what a change of STATIME or ACCTIME does to SMF volume, to the
// SMF 116 records of a long-running task and to its class(3) cost.
import { DEFAULT_SMF_INTERVAL_SECONDS } from "../config/mq-defaults.js";
import type { Rule, RuleContext } from "../engine/types.js";
import { arithmetic, fromLookups, num, rangeOf } from "./helpers.js";

const GATHER = "000.class3-data-gathering-per-api";
const WRITE = "000.class3-smf-write-cost-2-4-queues";
const WRITE_RANGE = "000.class3-smf-write-cost-range";
const QSTAT = "000.qstat-smf-records";
const QSTAT_COST = "000.qstat-cost-thousand-queues";
const QSTAT_PCF = "000.qstat-vs-pcf-break-even";
const ACCTIME_DEFAULT = "000.acctime-default";
const PRE_93_INTERVAL = "000.statime-range-pre93";
const CLASS4 = "000.chin-class4-trace-cost";
const VOLUME = "000.smf-volume-interval-scaling";
const VOLUME_EXAMPLE = "000.smf-volume-statime-acctime-15s";
const CLASS3_VOLUME = "000.smf-class3-volume-long-running";
const RECORDS = "000.class3-records-acctime-15s";
const RECORD_POINTS = "000.class3-records-written-points";
const COST_FORMULA = "000.class3-accounting-cost-per-minute";
const LOGSTREAM = "000.smf-logstream-rate-factor";
const COMPRESSED_LOGSTREAM = "000.smf-compressed-logstream-rate-factor";

/** The intervals in seconds: ACCTIME left out is MQ's default -1, the STATIME (seed 000 line 416). */
function intervals(ctx: RuleContext): { stat: number; acct: number; acctFrom: string } {
  const s = ctx.config.smf!;
  const stat = s.statisticsInterval ?? DEFAULT_SMF_INTERVAL_SECONDS;
  if (s.accountingInterval !== undefined)
    return { stat, acct: s.accountingInterval, acctFrom: "smf.accountingInterval" };
  return {
    stat,
    acct: stat,
    acctFrom:
      s.statisticsInterval !== undefined
        ? "smf.statisticsInterval (ACCTIME -1: the STATIME)"
        : "default STATIME 30.00 (ACCTIME -1: the STATIME)",
  };
}

/** Class(3) cost per task per minute: gathering plus SMF writes every ACCTIME (formula 000.class3-accounting-cost-per-minute). */
function class3PerMinute(gatherUs: number, apis: number, ratePerTask: number, writeUs: number, acct: number): number {
  return gatherUs * apis * ratePerTask * 60 + writeUs * (60 / acct);
}

function class3(ctx: RuleContext): void {
  const { config, registry } = ctx;
  const s = config.smf!;
  const gather = registry.figureValue(GATHER);
  const apis = s.apiCallsPerTransaction ?? (config.workload.pattern === "request-reply" ? 4 : 1);
  ctx.item({
    id: "smf.class3-gathering",
    concern: "smf",
    label: `class(3) accounting data gathering, ${num(apis)} API calls per transaction`,
    addressSpace: "app",
    metric: "cpu-per-txn",
    value: gather.value * apis,
    unit: "us",
    formula: `${gather.raw} us per API call x ${num(apis)} calls`,
    inputs: {
      perApiUs: { value: gather.value, unit: "us", from: GATHER },
      apiCalls: {
        value: apis,
        unit: "count",
        from:
          s.apiCallsPerTransaction !== undefined
            ? "smf.apiCallsPerTransaction"
            : "default: MQGET, MQPUT, MQCMIT x2 for request-reply",
      },
    },
    ...fromLookups(gather),
  });
  const { acct, acctFrom } = intervals(ctx);
  const tasks = s.tasks ?? 0;
  const write = registry.figureValue(WRITE);
  const range = registry.figureValue(WRITE_RANGE);
  const acctInput = { value: acct, unit: "seconds", from: acctFrom };
  if (tasks <= 0) {
    ctx.gap("smf", "class(3) SMF write cost needs smf.tasks (long-running tasks writing a record every ACCTIME)");
    return;
  }
  const writesPerSecond = tasks / acct;
  ctx.item({
    id: "smf.class3-writes",
    concern: "smf",
    label: `class(3) SMF writes, ${num(tasks)} long-running task(s) every ${num(acct)} s`,
    addressSpace: "qmgr",
    metric: "cpu-per-second",
    value: write.value * writesPerSecond,
    low: write.value * writesPerSecond,
    high: (range.high ?? write.value) * writesPerSecond,
    unit: "us/s",
    formula: `${write.raw} per write (${range.raw} with more queues) x ${num(tasks)} tasks / ${num(acct)} s`,
    inputs: {
      writeUs: { value: write.value, unit: "us", from: WRITE },
      tasks: { value: tasks, unit: "count", from: "smf.tasks" },
      accountingInterval: acctInput,
    },
    ...fromLookups(write, range),
  });
  const rate = config.workload.rate;
  if (rate === undefined) return;
  // The report's own example (T03): a task's class(3) cost per minute.
  const perTaskRate = rate / tasks;
  const perMinute = class3PerMinute(gather.value, apis, perTaskRate, write.value, acct);
  // A sum of the two costs: its range from theirs at the corners, not as a product of both.
  const minuteRange = rangeOf((g, wr) => class3PerMinute(g, apis, perTaskRate, wr, acct), gather, write);
  ctx.item({
    id: "smf.class3-cost-per-task-minute",
    concern: "smf",
    label: "class(3) accounting cost per task per minute",
    addressSpace: "app",
    metric: "info",
    value: perMinute,
    unit: "us/min",
    formula: `${gather.raw} x ${num(apis)} x ${num(perTaskRate)}/s x 60 + ${write.raw} x 60 / ${num(acct)} s`,
    inputs: { ratePerTask: { value: perTaskRate, unit: "per-second", from: "workload.rate / smf.tasks" } },
    low: minuteRange.low,
    high: minuteRange.high,
    ...fromLookups(gather, write),
  });
  const current = s.current?.accountingInterval ?? s.current?.statisticsInterval;
  if (current === undefined || current === acct) return;
  const before = class3PerMinute(gather.value, apis, perTaskRate, write.value, current);
  const change = (g: number, wr: number) => {
    const b = class3PerMinute(g, apis, perTaskRate, wr, current);
    return ((class3PerMinute(g, apis, perTaskRate, wr, acct) - b) / b) * 100;
  };
  const changeRange = rangeOf(change, gather, write);
  ctx.item({
    id: "smf.class3-cost-change",
    concern: "smf",
    label: `class(3) accounting cost per task, ACCTIME ${num(current)} s -> ${num(acct)} s`,
    addressSpace: "app",
    metric: "info",
    value: ((perMinute - before) / before) * 100,
    unit: "%",
    formula: `(${num(perMinute)} - ${num(before)}) / ${num(before)} us per minute (${registry.formula(COST_FORMULA).expression})`,
    inputs: {
      currentAccountingInterval: {
        value: current,
        unit: "seconds",
        from:
          s.current?.accountingInterval !== undefined
            ? "smf.current.accountingInterval"
            : "smf.current.statisticsInterval",
      },
      accountingInterval: acctInput,
    },
    low: changeRange.low,
    high: changeRange.high,
    ...fromLookups(gather, write),
  });
}

/** What a change of STATIME and ACCTIME does to the SMF data written (seed 000 lines 528-542). */
function intervalChange(ctx: RuleContext): void {
  const { config, registry } = ctx;
  const s = config.smf!;
  const cur = s.current;
  if (!cur || (cur.statisticsInterval === undefined && cur.accountingInterval === undefined)) return;
  const { stat, acct } = intervals(ctx);
  const curStat = cur.statisticsInterval ?? stat;
  const curAcct = cur.accountingInterval ?? cur.statisticsInterval ?? acct;
  const statRatio = curStat / stat;
  const acctRatio = curAcct / acct;
  const example = registry.figureValue(VOLUME_EXAMPLE);
  const f = registry.formula(VOLUME);
  // Statistics data (all classes) follow STATIME; accounting class(4) and class(3) of long-running tasks
  // follow ACCTIME; class(1) and short-lived class(3) do not change (lines 531-536).
  const low = Math.min(statRatio, acctRatio);
  const high = Math.max(statRatio, acctRatio);
  const withMix = low !== high;
  ctx.item({
    id: "smf.volume-factor",
    concern: "smf",
    label: `MQ SMF data volume, STATIME ${num(curStat)} s -> ${num(stat)} s, ACCTIME ${num(curAcct)} s -> ${num(acct)} s`,
    metric: "info",
    value: high,
    ...(withMix ? { low, high } : {}),
    unit: "x",
    formula: withMix
      ? `statistics ${num(curStat)} / ${num(stat)} = ${num(statRatio, 3)}; accounting ${num(curAcct)} / ${num(acct)} = ${num(acctRatio, 3)} (${f.expression})`
      : `${num(curStat)} / ${num(stat)} s (${f.expression}); "generally" so: class(1) and short-lived class(3) data do not change`,
    inputs: {
      currentStatisticsInterval: { value: curStat, unit: "seconds", from: "smf.current.statisticsInterval" },
      statisticsInterval: { value: stat, unit: "seconds", from: "smf.statisticsInterval" },
    },
    ...arithmetic(example.citation, registry.citation(f)),
  });
  const volume = cur.volumePerDay;
  if (volume !== undefined) {
    const gb = volume / 1073741824;
    ctx.item({
      id: "smf.volume-per-day",
      concern: "smf",
      label: "MQ SMF data per day after the interval change",
      metric: "volume",
      value: gb * high,
      ...(withMix ? { low: gb * low, high: gb * high } : {}),
      unit: "GB/day",
      formula: `${num(gb, 3)} GB/day today x ${withMix ? `${num(low, 3)} .. ${num(high, 3)}` : num(high, 3)}`,
      inputs: { volumePerDay: { value: volume, unit: "bytes", from: "smf.current.volumePerDay" } },
      ...arithmetic(example.citation, registry.citation(f)),
    });
  }
  if (high > 1) {
    const ls = registry.figureValue(LOGSTREAM);
    const cls = registry.figureValue(COMPRESSED_LOGSTREAM);
    ctx.warn(
      "smf",
      `MQ writes SMF data up to ${num(high, 3)} times as fast: the SMF destination must keep pace (CSQW133E reports lost data); logstreams sustained ${ls.raw} and compressed logstreams ${cls.raw} the rate of SMF data sets (MP16)`,
      [ls.citation, cls.citation],
    );
  }
  if (s.accountingClass3 && acctRatio !== 1) {
    const records = registry.figureValue(RECORDS);
    const points = registry.figureValue(RECORD_POINTS);
    const volumeLong = registry.figureValue(CLASS3_VOLUME);
    ctx.item({
      id: "smf.class3-records-factor",
      concern: "smf",
      label: `SMF 116 class(3) records of a long-running task, ACCTIME ${num(curAcct)} s -> ${num(acct)} s`,
      metric: "info",
      value: acctRatio,
      unit: "x",
      formula: `${num(curAcct)} / ${num(acct)} s: one record at the end of each ACCTIME interval the task spans (short-lived tasks write one at end of task either way)`,
      inputs: {
        currentAccountingInterval: { value: curAcct, unit: "seconds", from: "smf.current.accountingInterval" },
        accountingInterval: { value: acct, unit: "seconds", from: "smf.accountingInterval" },
      },
      ...arithmetic(records.citation, points.citation, volumeLong.citation),
    });
  }
}

function queueStatistics(ctx: RuleContext): void {
  const { config, registry } = ctx;
  const s = config.smf!;
  const f = registry.formula(QSTAT);
  const perRecord = registry.parameter(QSTAT, "queuesPerRecord");
  const bytes = registry.parameter(QSTAT, "bytesPerQueue");
  const queues = s.queues ?? 0;
  const { stat: interval } = intervals(ctx);
  if (queues === 0) {
    ctx.gap("smf", "queue statistics volume needs smf.queues (queues with STATQ enabled)");
    return;
  }
  const pcf = registry.figureValue(QSTAT_PCF);
  if (queues < pcf.value) {
    ctx.warn(
      "smf",
      `queue statistics for ${num(queues)} queue(s): the report found them more cost effective than PCF for ${pcf.raw}`,
      [pcf.citation],
    );
  }
  const records = Math.ceil(queues / perRecord.value);
  ctx.item({
    id: "smf.qstat-records",
    concern: "smf",
    label: `queue statistics: SMF 115 subtype 216 records per ${num(interval)} s interval`,
    addressSpace: "qmgr",
    metric: "volume",
    value: records,
    unit: "records",
    formula: `ceil(${num(queues)} queues / ${perRecord.raw} per record) (${f.expression})`,
    inputs: { queues: { value: queues, unit: "count", from: "smf.queues" } },
    ...fromLookups(perRecord),
  });
  ctx.item({
    id: "smf.qstat-volume-per-day",
    concern: "smf",
    label: "queue statistics data per day (queue data only, record headers not given)",
    addressSpace: "qmgr",
    metric: "volume",
    value: (queues * bytes.value * (86400 / interval)) / 1048576,
    unit: "MB/day",
    formula: `${num(queues)} queues x ${bytes.raw} x 86400 / ${num(interval)} s / 1048576`,
    inputs: {
      queues: { value: queues, unit: "count", from: "smf.queues" },
      interval: { value: interval, unit: "seconds", from: "smf.statisticsInterval" },
    },
    ...fromLookups(bytes),
  });
  const cost = registry.figureValue(QSTAT_COST);
  // "tens of microseconds" for a thousand queues, per interval: scaled linearly by queue count.
  const k = queues / 1000 / interval;
  ctx.item({
    id: "smf.qstat-cost",
    concern: "smf",
    label: "queue statistics collection",
    addressSpace: "qmgr",
    metric: "cpu-per-second",
    value: cost.value * k,
    low: (cost.low ?? cost.value) * k,
    high: (cost.high ?? cost.value) * k,
    unit: "us/s",
    formula: `"${cost.raw}" per interval for 1000 queues x ${num(queues)}/1000 / ${num(interval)} s (linear in queues: an assumption)`,
    inputs: { queues: { value: queues, unit: "count", from: "smf.queues" } },
    ...fromLookups(cost),
  });
}

export const smf: Rule = {
  id: "smf",
  concern: "smf",
  description:
    "Class(3) accounting gathering and SMF write costs; channel initiator class 4; queue statistics; what an interval change does to SMF volume and class(3) cost.",
  reads: ["smf.*", "workload.rate", "workload.pattern", "mq.release"],
  uses: [
    GATHER,
    WRITE,
    WRITE_RANGE,
    QSTAT,
    QSTAT_COST,
    QSTAT_PCF,
    ACCTIME_DEFAULT,
    PRE_93_INTERVAL,
    CLASS4,
    VOLUME,
    VOLUME_EXAMPLE,
    CLASS3_VOLUME,
    RECORDS,
    RECORD_POINTS,
    COST_FORMULA,
    LOGSTREAM,
    COMPRESSED_LOGSTREAM,
  ],
  applies: (c) => c.smf !== undefined,
  run(ctx) {
    const { config, registry } = ctx;
    const s = config.smf!;
    if (config.mq.release !== "9.3") {
      // Before 9.3 the intervals are whole minutes, 1 to 1440 (seed 000 line 401).
      const pre = registry.figureValue(PRE_93_INTERVAL);
      const seconds = [
        s.statisticsInterval,
        s.accountingInterval,
        s.current?.statisticsInterval,
        s.current?.accountingInterval,
      ];
      if (seconds.some((v) => v !== undefined && v % 60 !== 0)) {
        ctx.warn(
          "smf",
          `before MQ 9.3, STATIME and ACCTIME are whole minutes (${pre.raw}); an interval in seconds needs 9.3`,
          [pre.citation],
        );
      }
      ctx.warn("smf", `SMF costs are from the MQ 9.3 report; MQ ${config.mq.release} is not measured`);
    }
    if (s.accountingInterval === undefined && (s.accountingClass3 || s.channelInitiatorClass4)) {
      const d = registry.figureValue(ACCTIME_DEFAULT);
      ctx.warn(
        "smf",
        `smf.accountingInterval is not given: ACCTIME defaults to ${d.raw}, the STATIME (${num(intervals(ctx).stat)} s)`,
        [d.citation],
      );
    }
    if (s.accountingClass3) class3(ctx);
    if (s.channelInitiatorClass4) {
      const r = registry.figureValue(CLASS4);
      ctx.item({
        id: "smf.chin-class4",
        concern: "smf",
        label: "channel initiator statistics and accounting (class 4)",
        addressSpace: "chin",
        metric: "cpu-pct",
        value: r.value,
        ...(r.low !== undefined || r.high !== undefined ? { low: r.low ?? r.value, high: r.high ?? r.value } : {}),
        unit: "%",
        formula: `"may only add ${r.raw}" to the channel initiator's cost (midpoint of the range)`,
        inputs: {},
        ...fromLookups(r),
      });
    }
    intervalChange(ctx);
    if (s.statisticsClass5) queueStatistics(ctx);
  },
};
