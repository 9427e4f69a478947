// SMF statistics and accounting: class(3) accounting data gathering per API call and the cost of each
// SMF write (one per long-running task per ACCTIME), queue statistics records (MQ 9.3 report, ch.4-5).
import { DEFAULT_SMF_INTERVAL_SECONDS } from "../config/mq-defaults.js";
import type { Rule } from "../engine/types.js";
import { fromLookups, num } from "./helpers.js";

const GATHER = "000.class3-data-gathering-per-api";
const WRITE = "000.class3-smf-write-cost-2-4-queues";
const WRITE_RANGE = "000.class3-smf-write-cost-range";
const QSTAT = "000.qstat-smf-records";
const QSTAT_COST = "000.qstat-cost-thousand-queues";

export const smf: Rule = {
  id: "smf",
  concern: "smf",
  description: "Class(3) accounting gathering and SMF write costs; queue statistics record volume and cost.",
  reads: ["smf.*", "workload.rate", "workload.pattern"],
  uses: [GATHER, WRITE, WRITE_RANGE, QSTAT, QSTAT_COST],
  applies: (c) => c.smf !== undefined,
  run(ctx) {
    const { config, registry } = ctx;
    const s = config.smf!;
    if (config.mq.release !== "9.3") {
      ctx.warn(
        "smf",
        `SMF costs are from the MQ 9.3 report; MQ ${config.mq.release} before 9.3 measured STATIME in minutes and is not covered`,
      );
    }
    if (s.accountingClass3) {
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
      const acct = s.accountingInterval ?? DEFAULT_SMF_INTERVAL_SECONDS;
      const tasks = s.tasks ?? 0;
      const write = registry.figureValue(WRITE);
      const range = registry.figureValue(WRITE_RANGE);
      if (tasks > 0) {
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
            accountingInterval: {
              value: acct,
              unit: "seconds",
              from: s.accountingInterval !== undefined ? "smf.accountingInterval" : "default ACCTIME 30.00",
            },
          },
          ...fromLookups(write, range),
        });
        if (config.workload.rate !== undefined) {
          // The report's own example (T03): a task's class(3) cost per minute.
          const perTaskRate = config.workload.rate / tasks;
          const perMinute = gather.value * apis * perTaskRate * 60 + write.value * (60 / acct);
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
            ...fromLookups(gather, write),
          });
        }
      } else {
        ctx.gap("smf", "class(3) SMF write cost needs smf.tasks (long-running tasks writing a record every ACCTIME)");
      }
    }
    if (s.statisticsClass5) {
      const f = registry.formula(QSTAT);
      const perRecord = registry.parameter(QSTAT, "queuesPerRecord");
      const bytes = registry.parameter(QSTAT, "bytesPerQueue");
      const queues = s.queues ?? 0;
      const interval = s.statisticsInterval ?? DEFAULT_SMF_INTERVAL_SECONDS;
      if (queues === 0) {
        ctx.gap("smf", "queue statistics volume needs smf.queues (queues with STATQ enabled)");
        return;
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
  },
};
