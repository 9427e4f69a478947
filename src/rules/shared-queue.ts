// Shared queues and the coupling facility: CF CPU per message and the shared-versus-private uplift
// (V5.3 report, measured on 2064), CF utilisation against the sources' guidance (more CF processors
// above 60% busy; keep CF utilisation under 50%), the SMDS offload threshold, and structure sizing.
import type { Rule } from "../engine/types.js";
import { chartsFor, fromLookups, num, sizeLabel } from "./helpers.js";

const CF_PER_MSG = "004.sq-cf-cpu-per-message";
const UPLIFT = "004.sq-vs-private-cpu-uplift";
const ADD_CF = "002.cf-add-processors-threshold";
const CF_MAX = "004.cf-utilization-guideline";
const SMDS = "000.smds-large-message-threshold";
const SIZING = "004.app-structure-size";
const READ_BACK = "004.log-backward-read-rate";

export const sharedQueue: Rule = {
  id: "shared-queue",
  concern: "shared-queue",
  description:
    "CF cost per message, shared versus private cost, CF utilisation guidance, SMDS offload, structure size.",
  reads: [
    "workload.queues",
    "workload.persistent",
    "workload.messageSize",
    "workload.rate",
    "baseline.cost.cf",
    "sharedQueue.*",
  ],
  uses: [READ_BACK, CF_PER_MSG, UPLIFT, ADD_CF, CF_MAX, SMDS, SIZING],
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
      // The same formula read the other way: messages that fit a structure of a given size.
      const structure = config.sharedQueue?.structureSize;
      if (structure !== undefined) {
        const boundary = registry.parameter(SIZING, "elementBoundary");
        const minElement = registry.parameter(SIZING, "minElementSize");
        const overhead = registry.parameter(SIZING, "overhead");
        const mqmd = minElement.value - registry.parameter(SIZING, "mqmdFreeSizeAtMinElement").value;
        const element = Math.max(Math.ceil((w.messageSize + mqmd) / boundary.value) * boundary.value, minElement.value);
        ctx.item({
          id: "shared-queue.structure-capacity",
          concern: "shared-queue",
          label: `messages a ${sizeLabel(structure)} application structure holds`,
          addressSpace: "cf",
          metric: "limit",
          value: Math.floor(structure / (element * (1 + overhead.value / 100))),
          unit: "messages",
          formula: `floor(${structure} / (max(ceil((${w.messageSize} + ${mqmd} MQMD) / ${boundary.raw}) x ${boundary.raw}, ${minElement.raw}) x (1 + ${overhead.raw})))`,
          inputs: {
            structureSize: { value: structure, unit: "bytes", from: "sharedQueue.structureSize" },
            elementBytes: { value: element, unit: "bytes", from: SIZING },
          },
          ...fromLookups(boundary, minElement, overhead),
        });
      }
      const held = config.sharedQueue?.messagesOnQueue;
      if (held !== undefined) {
        const f = registry.formula(SIZING);
        const boundary = registry.parameter(SIZING, "elementBoundary");
        const minElement = registry.parameter(SIZING, "minElementSize");
        const overhead = registry.parameter(SIZING, "overhead");
        const minMB = registry.parameter(SIZING, "minStructureSize");
        // The formula's size includes all headers: the MQMD is 1536 - 1212 = 324 bytes (both printed).
        const mqmdFree = registry.parameter(SIZING, "mqmdFreeSizeAtMinElement");
        const mqmd = minElement.value - mqmdFree.value;
        const element = Math.max(Math.ceil((w.messageSize + mqmd) / boundary.value) * boundary.value, minElement.value);
        const bytes = element * held * (1 + overhead.value / 100);
        const mb = Math.max(bytes / 1048576, minMB.value);
        ctx.item({
          id: "shared-queue.structure-size",
          concern: "shared-queue",
          label: `CF application structure INITSIZE for ${num(held)} messages`,
          addressSpace: "cf",
          metric: "storage",
          value: mb,
          unit: "MB",
          formula: `max(ceil((${w.messageSize} + ${mqmd} MQMD) / ${boundary.raw}) x ${boundary.raw}, ${minElement.raw}) x ${num(held)} x (1 + ${overhead.raw}), at least ${minMB.raw} (${f.expression})`,
          inputs: {
            messagesOnQueue: { value: held, unit: "count", from: "sharedQueue.messagesOnQueue" },
            elementBytes: { value: element, unit: "bytes", from: SIZING },
          },
          ...fromLookups(boundary, minElement, overhead, minMB),
        });
      }
      const backupMB = config.sharedQueue?.backupIntervalMB;
      if (backupMB !== undefined) {
        const read = registry.figureValue(READ_BACK);
        ctx.item({
          id: "shared-queue.recovery-replay",
          concern: "shared-queue",
          label: `structure recovery: reading back ${backupMB} MB of log logged since the last backup`,
          addressSpace: "qmgr",
          metric: "info",
          value: backupMB / read.value / 60,
          unit: "minutes",
          formula: `${backupMB} MB / ${read.raw} (backward log read rate) / 60`,
          inputs: { backupIntervalMB: { value: backupMB, unit: "MB", from: "sharedQueue.backupIntervalMB" } },
          ...fromLookups(read),
        });
      }
    } else {
      ctx.gap(
        "shared-queue",
        `shared queue CPU and CF cost for MQ ${config.mq.release}: the MQ 9.x reports give them only as charts; supply baseline.cost.cf from your RMF CF activity report`,
        chartsFor(ctx, "shared-queue", /cost|CPU/i),
      );
      if (config.sharedQueue?.messagesOnQueue !== undefined) {
        ctx.gap(
          "shared-queue",
          "CF structure sizing: only the V5.3 report gives a sizing formula (CFCC levels 9-12); no later source restates it",
        );
      }
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
