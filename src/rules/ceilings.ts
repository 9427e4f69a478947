// Throughput ceilings the sources measured, as limits: the peak non-persistent request/reply rate one
// queue manager reached (by syncpoint, and the CPUs it took), the coupling facility utilisation the
// sources advise against passing, and the V5.3 shared-queue limits. Each names its conditions and its
// machine. Log-rate ceilings (logging), the AMS plateau and network limits (ams, channels) are made by
// their own rules; the engine turns every limit into headroom and the bottleneck.
import type { LineItem, Rule, RuleContext } from "../engine/types.js";
import type { Citation, LookupResult, Registry } from "../model/registry.js";
import { rankCandidates, subjectOf, type Candidate, type Subject } from "./conditions.js";
import { throughRegistry } from "./door.js";
import { fromLookups, num, putsPerTransaction, rangeOf } from "./helpers.js";
import { keptOrRun } from "../engine/rule-memo.js";

// Peak transactions per second (request/reply), non-persistent, private queues, one queue manager.
const OOS_TXN = [
  "000.np-out-sync-scalability-peak-tx",
  "001.regression-pq-np-oosp-scalability-peak-tps",
  "003.np-oos-z15-peak-txn",
];
const IS_TXN = ["003.np-is-z15-peak-txn"];
// The same runs in messages per second, for one-way transactions (one message each).
const MSGS: Record<string, string> = {
  "000.np-out-sync-scalability-peak-tx": "000.np-out-sync-scalability-peak-msgs",
  "001.regression-pq-np-oosp-scalability-peak-tps": "001.regression-pq-np-oosp-scalability-peak-msgs",
  "003.np-oos-z15-peak-txn": "003.np-oos-z15-peak-msgs",
  "003.np-is-z15-peak-txn": "003.np-is-z15-peak-msgs",
};
// The CPUs each peak took, where the source says so apart from the figure's own condition.
const OOS_CPUS = "003.np-oos-peak-cpus";
const IS_CPUS_Z15 = "003.np-is-z15-peak-cpus";
const IS_CPUS_Z14 = "003.np-is-z14-peak-cpus";
// The z15 peaks over the z14 ones, measured for these workloads (not LSPR).
const OOS_Z15_VS_Z14 = "003.np-oos-z15-vs-z14";
const IS_Z15_VS_Z14 = "003.np-is-z15-vs-z14";
const OOS_CHART = "003.chart-np-oos-rate-by-cpus";
const IS_CHART = "003.chart-np-is-rate-by-cpus";

const CF_GUIDE = "004.cf-utilization-guideline";
const CF_MORE = "002.cf-add-processors-threshold";
const CF_PER_MSG = "004.sq-cf-cpu-per-message";
const SQ_V53 = "004.sq-limits-v53";
const CFCC_12 = "004.sq-8-million-limit-removed-cfcc-level";

type Limit = Omit<LineItem, "concern" | "metric" | "flags" | "citations" | "confidence"> &
  Partial<Pick<LineItem, "flags" | "citations" | "confidence">>;

function limit(ctx: RuleContext, l: Limit, lookups: LookupResult[], more: Citation[] = []): void {
  const parts = fromLookups(...lookups);
  parts.citations.push(...more);
  ctx.item({ concern: "capacity", metric: "limit", ...parts, ...l });
}

// Which peak figure matches depends only on the registry, the release, syncpoint and message size:
// ranked once per combination (the ranking builds a subject and checks every candidate).
const PEAK_OPTIONS = { only: ["release", "messageSize"] as const };
// The conditions the peak is widened for: its release (a carry's tolerance), its message size and its
// CPUs (the sources' evidence, or open on the side the change moves it: more CPUs, open above; fewer,
// open below, where the CPU-bound rate is the other limit). The machine is fitted below from the
// report's own z14 runs.
const PEAK_WIDEN_ONLY = ["release", "messageSize", "cpus"] as const;
const bestPeaks = new WeakMap<Registry, Map<string, Candidate>>();

function bestPeak(registry: Registry, release: string, syncpoint: boolean, messageSize: number): Candidate {
  let byKey = bestPeaks.get(registry);
  if (!byKey) bestPeaks.set(registry, (byKey = new Map()));
  const key = `${release}|${syncpoint}|${messageSize}`;
  let best = byKey.get(key);
  if (!best) {
    if (byKey.size > 10000) byKey.clear(); // a long sweep over message sizes must not grow it without end
    // Release and message size are compared here; the machine is fitted below, CPUs said in the label.
    const subject: Subject = { release, messageSize };
    best = rankCandidates(registry, syncpoint ? IS_TXN : OOS_TXN, subject, PEAK_OPTIONS)[0]!;
    byKey.set(key, best);
  }
  return best;
}

/** The peak rate one queue manager reached for the workload, scaled to a z14 by the measured change. */
function scalabilityPeak(ctx: RuleContext): void {
  const { config, registry } = ctx;
  const w = config.workload;
  // Measured non-persistent on private queues only: the logging and shared-queue limits bind otherwise.
  if (w.persistent || w.queues !== "private") return;
  const best = bestPeak(registry, config.mq.release, w.syncpoint, w.messageSize);
  const release = best.check.outside.find((o) => o.key === "release");
  if (release && !release.carry) {
    ctx.gap(
      "capacity",
      `peak ${w.syncpoint ? "in-syncpoint" : "out-of-syncpoint"} non-persistent rate for MQ ${config.mq.release}: the sources measured it for ${release.measured} only, with no statement that it holds for ${config.mq.release}`,
    );
    return;
  }
  const oneWay = w.pattern === "one-way";
  const id = oneWay ? MSGS[best.id]! : best.id;
  // Widened for every condition outside (a carried release by the carry's tolerance, counted once with
  // run-to-run; message size and CPUs by the sources' evidence or open), listed in --explain.
  // The conditions are the request/reply figure's (best.id): the one-way peak was the same runs.
  const r = throughRegistry(registry, best.id, subjectOf(config), {
    value: registry.figureValue(id),
    only: PEAK_WIDEN_ONLY,
  }).r;
  const lookups: LookupResult[] = [r];
  const measuredCpus = Number(registry.get(best.id).type === "figure" ? registry.figure(best.id).condition?.cpus : NaN);
  const cpusId = w.syncpoint ? IS_CPUS_Z15 : OOS_CPUS;
  const notes: string[] = [];
  const outsideSize = best.check.outside.find((o) => o.key === "messageSize");
  let confidence = r.confidence;
  if (release?.carry) {
    confidence = "carried-forward";
    notes.push(`measured on ${release.measured}, which the source says stands for ${config.mq.release}`);
  }
  if (outsideSize) {
    confidence = "extrapolated";
    notes.push(`measured with ${outsideSize.measured} messages, used at ${outsideSize.config}`);
  }
  if (oneWay) {
    confidence = "extrapolated";
    notes.push("measured as request/reply; a one-way transaction is counted as one message of the peak message rate");
  }
  // The peak as printed, with its range (run to run, or "in excess of": no upper end invented).
  let range = { value: r.value, low: r.low, high: r.high };
  let fit: LineItem["hardwareFit"] | undefined;
  let cpus = measuredCpus;
  const gen = config.hardware.generation;
  if (gen === "z14") {
    // The report measured both machines: the z15 peak is this much above the z14's.
    const up = registry.figureValue(w.syncpoint ? IS_Z15_VS_Z14 : OOS_Z15_VS_Z14);
    lookups.push(up);
    // Divided by the gain: the quotient's range from both ranges (docs/ranges.md, rangeOf).
    range = rangeOf((p, g) => p / (1 + g / 100), range, up);
    notes.push(`the z15 figure / (1 + ${up.raw}), the z15 peak's measured gain over z14`);
    fit = "scaled";
    if (w.syncpoint) {
      const z14cpus = registry.figureValue(IS_CPUS_Z14);
      lookups.push(z14cpus);
      cpus = z14cpus.value;
    }
    if (confidence === "measured") confidence = "carried-forward";
  }
  if (best.id.startsWith("003.")) lookups.push(registry.figureValue(cpusId));
  const c = config.hardware.cpus;
  if (c !== undefined && Number.isFinite(cpus) && c < cpus) {
    notes.push(
      `with ${c} CPUs the peak is lower by an amount the source gives only as a chart; the CPU-bound rate says what ${c} CPUs allow`,
    );
    ctx.gap(
      "capacity",
      `peak non-persistent rate with ${c} CPUs: the source measured the peak with ${cpus} CPUs and gives the rate by CPU count only as a chart`,
      [w.syncpoint ? IS_CHART : OOS_CHART],
    );
  }
  const what = `${w.syncpoint ? "in" : "out of"} syncpoint`;
  const item: Limit = {
    id: "capacity.peak-rate",
    label: `measured peak, non-persistent ${what}${Number.isFinite(cpus) ? ` (${cpus} CPUs)` : ""}`,
    addressSpace: "total",
    limitOf: "transactions-per-second",
    value: range.value,
    low: range.low,
    high: range.high,
    unit: "txn/s",
    formula:
      `${r.raw} ${oneWay ? "messages" : "transactions"} per second on one queue manager, ${what}, private queues` +
      (Number.isFinite(cpus) ? `, with ${cpus} CPUs` : "") +
      (notes.length ? `; ${notes.join("; ")}` : ""),
    inputs: {
      peak: { value: r.value, unit: "per-second", from: id },
      ...(Number.isFinite(cpus) ? { cpus: { value: cpus, unit: "count", from: `${id} (condition)` } } : {}),
    },
    measuredOn: ["z15"],
    scalesWithCpu: true,
    confidence,
  };
  if (fit) item.hardwareFit = fit;
  const carry = release?.carry ? [registry.citation(release.carry)] : [];
  limit(ctx, item, lookups, carry);
}

/**
 * CF processor busy against the sources' guidance: under 50% normally (room for one CF to take over
 * another's work), and more CF processors above 60% where there are several. Needs the CF CPU per
 * transaction (baseline.cost.cf, or the V5.3 rule of thumb) and the CF processor count.
 */
function cfUtilisation(ctx: RuleContext): void {
  const { config, registry } = ctx;
  const procs = config.sharedQueue?.cfProcessors;
  if (config.workload.queues !== "shared" || procs === undefined) return;
  let cfUs = config.baseline?.cost.cf;
  const lookups: LookupResult[] = [];
  let from = "baseline.cost.cf";
  let on: string | undefined;
  if (cfUs === undefined && config.mq.release === "5.3") {
    const w = config.workload;
    const cf = registry.lookup(
      CF_PER_MSG,
      { persistent: String(w.persistent), messageSize: w.messageSize },
      "cfUsPerMessage",
    );
    cfUs = cf.value * putsPerTransaction(w.pattern);
    lookups.push(cf);
    from = `${CF_PER_MSG} x ${putsPerTransaction(w.pattern)} messages`;
    on = "2064";
  }
  if (cfUs === undefined || cfUs <= 0) return;
  const guides: [string, string][] = [[CF_GUIDE, "capacity.cf-utilisation"]];
  if (procs > 1) guides.push([CF_MORE, "capacity.cf-processors"]);
  for (const [gid, id] of guides) {
    const g = registry.figureValue(gid);
    // The guideline is exact; a CF cost from the V5.3 rule of thumb brings its range (a quotient).
    const cost = lookups[0]
      ? rangeOf((c) => c * putsPerTransaction(config.workload.pattern), lookups[0])
      : { value: cfUs, low: cfUs, high: cfUs };
    const rate = rangeOf((c) => ((g.value / 100) * procs * 1e6) / c, cost);
    const item: Limit = {
      id,
      label:
        gid === CF_GUIDE
          ? `CF utilisation under ${g.raw} (sysplex guideline), ${procs} CF processor${procs === 1 ? "" : "s"}`
          : `CF utilisation at ${g.raw}: add CF processors above it`,
      addressSpace: "cf",
      limitOf: "transactions-per-second",
      value: rate.value,
      low: rate.low,
      high: rate.high,
      unit: "txn/s",
      formula: `${g.raw} x ${procs} CF processors x 1,000,000 / ${num(cfUs, 2)} CF us per transaction (${from})`,
      inputs: {
        busy: { value: g.value, unit: "percent", from: gid },
        cfProcessors: { value: procs, unit: "count", from: "sharedQueue.cfProcessors" },
        cfUsPerTransaction: { value: cfUs, unit: "us", from },
      },
    };
    if (on) {
      // The CF cost is the V5.3 report's, measured on a 2064's CF: that machine's figure.
      item.measuredOn = [on];
      item.scalesWithCpu = true;
    } else {
      // A guideline as a share of the CF's processors, against the user's own CF cost.
      item.measuredOn = [config.hardware.generation];
      item.hardwareFit = "machine-independent";
      item.confidence = "user-supplied";
    }
    limit(ctx, item, [g, ...lookups]);
  }
}

/** V5.3 shared-queue limits: messages in one CF (before CFCC level 12) and the largest message. */
function sharedQueueV53(ctx: RuleContext): void {
  const { config, registry } = ctx;
  if (config.mq.release !== "5.3" || config.workload.queues !== "shared") return;
  const size = registry.lookup(SQ_V53, {}, "maxMessageSize");
  limit(
    ctx,
    {
      id: "capacity.sq-message-size",
      label: "largest shared queue message (V5.3, all headers but the MQMD)",
      limitOf: "message-bytes",
      value: size.value,
      unit: "bytes",
      formula: `${size.raw} bytes`,
      inputs: {},
      demand: { value: config.workload.messageSize, from: "workload.messageSize" },
      hardwareFit: "machine-independent",
    },
    [size],
  );
  const held = config.sharedQueue?.messagesOnQueue;
  if (held === undefined) return;
  const most = registry.lookup(SQ_V53, {}, "maxMessagesPerCf");
  const lifted = registry.figureValue(CFCC_12);
  limit(
    ctx,
    {
      id: "capacity.sq-messages-per-cf",
      label: `messages in one CF (V5.3; lifted from CF ${lifted.raw} on 64-bit hardware)`,
      addressSpace: "cf",
      limitOf: "messages",
      value: most.value,
      unit: "messages",
      formula: `${most.raw} messages per coupling facility, unless the CF runs microcode ${lifted.raw} or later on 64-bit hardware`,
      inputs: {},
      demand: { value: held, from: "sharedQueue.messagesOnQueue" },
      hardwareFit: "machine-independent",
    },
    [most, lifted],
  );
}

export const ceilings: Rule = {
  id: "ceilings",
  concern: "capacity",
  description:
    "Throughput ceilings the sources measured: the peak non-persistent rate of one queue manager and the CPUs it took, CF utilisation guidance, V5.3 shared-queue limits.",
  reads: [
    "workload.rate",
    "workload.persistent",
    "workload.syncpoint",
    "workload.queues",
    "workload.pattern",
    "workload.messageSize",
    "mq.release",
    "hardware.generation",
    "hardware.cpus",
    "baseline.cost.cf",
    "sharedQueue.cfProcessors",
    "sharedQueue.messagesOnQueue",
  ],
  uses: [
    ...OOS_TXN,
    ...IS_TXN,
    ...Object.values(MSGS),
    OOS_CPUS,
    IS_CPUS_Z15,
    IS_CPUS_Z14,
    OOS_Z15_VS_Z14,
    IS_Z15_VS_Z14,
    CF_GUIDE,
    CF_MORE,
    CF_PER_MSG,
    SQ_V53,
    CFCC_12,
  ],
  // A ceiling is held against a rate, or against the shared-queue settings it bounds.
  applies: (c) => c.workload.rate !== undefined || (c.mq.release === "5.3" && c.workload.queues === "shared"),
  run(ctx) {
    // The ceilings read no rate (the engine holds them against it): replayed across a rate sweep by a
    // command's memo, where this rule, which asks whether there is a rate, runs at every point.
    if (ctx.config.workload.rate !== undefined) keptOrRun(ctx, "rate-ceilings", rateCeilings);
    sharedQueueV53(ctx);
  },
};

/** The ceilings held against workload.rate. */
function rateCeilings(ctx: RuleContext): void {
  scalabilityPeak(ctx);
  cfUtilisation(ctx);
}
