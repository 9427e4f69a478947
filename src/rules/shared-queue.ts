// Shared queues and the coupling facility: CF CPU per message and the shared-versus-private uplift
// with its increase per extra queue manager (V5.3 report, measured on 2064), CF utilisation against
// the sources' guidance (more CF processors above 60% busy; keep CF utilisation under 50%), and the
// SMDS offload threshold. CF structures (size, backup, recovery, expiry scan): cf-structure.ts.
import type { Rule } from "../engine/types.js";
import { chartsFor, fromLookups, num, sizeLabel } from "./helpers.js";

const CF_PER_MSG = "004.sq-cf-cpu-per-message";
const UPLIFT = "004.sq-vs-private-cpu-uplift";
const ADD_CF = "002.cf-add-processors-threshold";
const CF_MAX = "004.cf-utilization-guideline";
const SMDS = "000.smds-large-message-threshold";

export const sharedQueue: Rule = {
  id: "shared-queue",
  concern: "shared-queue",
  description:
    "CF cost per message, shared versus private cost and per extra queue manager, CF utilisation guidance, SMDS offload.",
  reads: [
    "workload.queues",
    "workload.persistent",
    "workload.messageSize",
    "workload.rate",
    "baseline.cost.cf",
    "sharedQueue.*",
  ],
  uses: [CF_PER_MSG, UPLIFT, ADD_CF, CF_MAX, SMDS],
  applies: (c) => c.workload.queues === "shared",
  run(ctx) {
    const { config, registry } = ctx;
    const w = config.workload;
    const msgs = w.pattern === "request-reply" ? 2 : 1;
    const smds = registry.figureValue(SMDS);
    if (w.messageSize > smds.value * 1024) {
      ctx.item({
        id: "shared-queue.smds-offload",
        concern: "shared-queue",
        label: `${sizeLabel(w.messageSize)} messages are held in SMDS, not in the CF structure`,
        addressSpace: "cf",
        metric: "info",
        value: smds.value,
        unit: "KB",
        formula: `message size ${sizeLabel(w.messageSize)} > ${smds.raw}`,
        inputs: { messageSize: { value: w.messageSize, unit: "bytes", from: "workload.messageSize" } },
        ...fromLookups(smds),
      });
    }
    if (config.mq.release === "5.3") {
      const at = { persistent: String(w.persistent), messageSize: w.messageSize };
      const cf = registry.lookup(CF_PER_MSG, at, "cfUsPerMessage");
      ctx.item({
        id: "shared-queue.cf-cpu",
        concern: "shared-queue",
        label: `CF CPU, ${msgs} message(s) per transaction (CFP links)`,
        addressSpace: "cf",
        metric: "cpu-per-txn",
        value: cf.value * msgs,
        unit: "us",
        formula: `${cf.raw} CF us per message x ${msgs}`,
        inputs: { cfUsPerMessage: { value: cf.value, unit: "cf-us", from: CF_PER_MSG } },
        ...fromLookups(cf),
      });
      const up = registry.lookup(UPLIFT, at, "cpuIncrease");
      const qmgrs = config.sharedQueue?.queueManagers;
      if (qmgrs !== undefined && qmgrs > 1) {
        // "Each extra queue manager increases the CPU cost by about 9%" (seed 004 line 377): whether the
        // increases add or compound is not stated, so adding is the value and compounding the high end.
        const per = registry.lookup(UPLIFT, at, "cpuIncreasePerExtraQmgr");
        const extra = qmgrs - 1;
        const added = per.value * extra;
        const compound = (p: number) => ((1 + p / 100) ** extra - 1) * 100;
        const compounded = compound(per.value);
        ctx.item({
          id: "shared-queue.uplift-per-qmgr",
          concern: "shared-queue",
          label: `${extra} extra queue manager(s) sharing the queues`,
          addressSpace: "total",
          metric: "cpu-pct",
          value: added,
          low: per.low * extra,
          high: Math.max(per.high * extra, compound(per.high)),
          unit: "%",
          formula: `${per.raw} per extra queue manager x ${extra} (added; ${num(compounded, 2)}% if the increases compound, which the source does not say)`,
          inputs: { queueManagers: { value: qmgrs, unit: "count", from: "sharedQueue.queueManagers" } },
          ...fromLookups(per),
        });
      }
      ctx.item({
        id: "shared-queue.uplift",
        concern: "shared-queue",
        label: "shared queue cost over best-case private queue",
        addressSpace: "total",
        metric: "cpu-pct",
        value: up.value,
        unit: "%",
        formula: `${up.raw} of the whole transaction's z/OS CPU (RMF MVS busy)`,
        inputs: { persistent: { value: w.persistent, from: "workload.persistent" } },
        ...fromLookups(up),
      });
      // The percentage is of the private-queue cost at the same message size, which the source says
      // falls as messages grow while that cost rises: a baseline measured at another size misapplies it.
      if (config.baseline) {
        ctx.warn(
          "shared-queue",
          `shared queue uplift ${up.raw} is a share of the private-queue cost at ${sizeLabel(w.messageSize)}: baseline.cost must be measured at that size (the share falls as messages grow while that cost rises)`,
          [up.citation],
        );
      }
    } else {
      // The 9.x reports chart these costs; a baseline measured on the shared queues supplies them. Ask
      // only for the part the baseline lacks (it asked for baseline.cost.cf when it was given).
      const cost = config.baseline?.cost;
      const hasCf = cost?.cf !== undefined;
      const hasZos = cost?.qmgr !== undefined || cost?.app !== undefined;
      const missing = hasCf
        ? hasZos
          ? undefined
          : `shared queue z/OS CPU for MQ ${config.mq.release}: the MQ 9.x reports give it only as charts; baseline.cost has the CF cost but not the queue manager's or application's: supply baseline.cost.qmgr and app measured on the shared queues`
        : `shared queue CPU and CF cost for MQ ${config.mq.release}: the MQ 9.x reports give them only as charts; supply baseline.cost.cf from your RMF CF activity report`;
      if (missing) ctx.gap("shared-queue", missing, chartsFor(ctx, "shared-queue", /cost|CPU/i));
    }
    const cfUs = config.baseline?.cost.cf;
    const procs = config.sharedQueue?.cfProcessors;
    if (cfUs !== undefined && procs !== undefined && w.rate !== undefined) {
      const busy = ((w.rate * cfUs) / (procs * 1e6)) * 100;
      const add = registry.figureValue(ADD_CF);
      const max = registry.figureValue(CF_MAX);
      ctx.item({
        id: "shared-queue.cf-busy",
        concern: "shared-queue",
        label: `CF utilisation at ${num(w.rate)}/s on ${procs} CF processor(s)`,
        addressSpace: "cf",
        metric: "info",
        value: busy,
        unit: "%",
        formula: `${num(w.rate)}/s x ${num(cfUs)} CF us / (${procs} x 1,000,000) x 100`,
        inputs: {
          cfUs: { value: cfUs, unit: "us", from: "baseline.cost.cf" },
          cfProcessors: { value: procs, unit: "count", from: "sharedQueue.cfProcessors" },
        },
        ...fromLookups(add, max),
        confidence: "user-supplied",
      });
      // Over the guidance is a finding of the limits the ceilings rule makes from the same figures.
    }
  },
};
