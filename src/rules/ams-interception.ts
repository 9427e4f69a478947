// AMS interception on server-to-server channels (MQ 9.2 report, chapter 7): the channel initiator's
// adapter tasks (CHIADAPS) and dispatchers (CHIDISPS) as measured, the rates interception did not
// sustain or flattened at, and what two independently protected data islands add. The protect and
// unprotect costs themselves, wherever they run, are the ams rule's.
import type { LineItem, Rule, RuleContext } from "../engine/types.js";
import type { LookupResult } from "../model/registry.js";
import { interceptionSides } from "./ams.js";
import { conditionsOf, measuredUnder, type ConditionKey } from "./conditions.js";
import { comparedExcept, through, workedOut } from "./door.js";
import { chartsFor, entryForRelease, fromLookups, num, rangeOf, sizeLabel, type ReleaseCarry } from "./helpers.js";

const ADAPTER_USAGE = "001.ams-adapter-usage-inbound";
const SERIAL = "001.ams-channel-serial-rate";
const BP_RATE = "001.ams-bp-target-rate";
const BP_SHORT = "001.ams-bp-unsustainable-configs";
const PLATEAU = "001.ams-conf-interception-rate-plateau";
const VARY_DISPATCHERS = "001.ams-vary-dispatchers";
const VARY_ADAPTERS = "001.ams-vary-adapters";
const PEAK_DISPATCHERS = "001.ams-peak-dispatchers";
const LOCK_WAIT = "001.ams-adapter-local-lock-wait";
const ADAPTER_CPU = "001.ams-adapter-cpu-per-request";
const ADAPTER_WAIT = "001.ams-adapter-wait";
const CHIADAPS = "001.chiadaps-guidance";
const CHIADAPS_DEFAULT = "001.chiadaps-default";
const UNUSED_AT_PEAK = "001.ams-adapter-unused-at-peak";
const CRYPTO_LOAD = "001.ams-interception-crypto-load";
const ISLANDS_COST = "001.ams-two-islands-cost-increase";
const ISLANDS_COST_50 = "001.ams-two-islands-cost-increase-50-pairs";
const ISLANDS_RATE = "001.ams-two-islands-rate-drop-50-pairs";
const ISLANDS_CRYPTO = "001.ams-two-islands-crypto-load";

// The interception figures are compared on every condition but the machine: they were measured on z15,
// and the hardware rule fits the limits to the config's machine or labels them as z15's, and scales the
// CPU items (hardware.ts, scaleForHardware; the items say measuredOn z15).
const INTERCEPTION_COMPARED = comparedExcept("hardware");
// MQ's CHIADAPS default and the report's CHIADAPS guidance are settings, not measurements of a rate or a
// cost: the workload's persistence (their one condition, the runs') does not move them; the release does.
const SETTING_COMPARED: readonly ConditionKey[] = Object.freeze(["release"]);

type Policy = "none" | "integrity" | "privacy" | "confidentiality";

/** A figure the rule looked up, through the door: `what` names it in the warning when outside. */
type Look = (r: LookupResult, what?: string) => LookupResult;

/** The door for the rule's lookups: each compared on its own entry's conditions (`only`), carried as the release says. */
function lookThrough(ctx: RuleContext, carry: false | ReleaseCarry, only: readonly ConditionKey[]): Look {
  return (r, what = "AMS interception figure") =>
    through(ctx, r.citation.id, { value: r, carry, only, concern: "ams", what }).r;
}

export const amsInterception: Rule = {
  id: "ams-interception",
  concern: "ams",
  description:
    "AMS interception on channels: adapter time and the rate one channel can carry, CHIADAPS and CHIDISPS as measured, the rates not sustained, two data islands.",
  reads: ["ams.*", "channels[].*", "channelInitiator.*", "hardware.cpus", "workload.*"],
  uses: [
    ADAPTER_USAGE,
    SERIAL,
    BP_RATE,
    BP_SHORT,
    PLATEAU,
    VARY_DISPATCHERS,
    VARY_ADAPTERS,
    PEAK_DISPATCHERS,
    LOCK_WAIT,
    ADAPTER_CPU,
    ADAPTER_WAIT,
    CHIADAPS,
    CHIADAPS_DEFAULT,
    UNUSED_AT_PEAK,
    CRYPTO_LOAD,
    ISLANDS_COST,
    ISLANDS_COST_50,
    ISLANDS_RATE,
    ISLANDS_CRYPTO,
  ],
  applies: (c) => (c.channels ?? []).some((ch) => ch.amsInterception),
  run(ctx) {
    const { config, registry } = ctx;
    const policy = (config.ams?.policy ?? "none") as Policy;
    if (policy === "none") {
      ctx.warn(
        "ams",
        "AMS interception is set on a channel but ams.policy is none: with no policy on the queues the channel initiator has nothing to protect or remove; set ams.policy",
      );
      return;
    }
    const rel = entryForRelease(ctx, ADAPTER_USAGE, "ams", "AMS interception");
    if (!rel) return; // the ams rule says the AMS figures are the 9.2 report's
    const look = lookThrough(ctx, rel.carried, INTERCEPTION_COMPARED);
    const { inbound } = interceptionSides(config);

    if (inbound) inboundLimits(ctx, policy, look);
    if (policy === "confidentiality") plateau(ctx, look);
    else
      ctx.gap(
        "ams",
        `AMS interception with ${policy}: the rate at which the channel initiator's local lock flattens throughput was measured for Confidentiality with key reuse ${measuredUnder(registry, PLATEAU, "keyReuse")} only (001 line 1640)`,
        chartsFor(ctx, "ams", /scal/i),
      );
    const crypto = look(
      registry.figureValue(config.ams?.partnerInterception ? ISLANDS_CRYPTO : CRYPTO_LOAD),
      "AMS interception cryptographic load",
    );
    ctx.item({
      id: "ams.crypto-load",
      concern: "ams",
      label: "AMS interception: load on this LPAR's cryptographic processors, against end-to-end AMS, up to",
      metric: "info",
      value: crypto.value,
      unit: "times",
      formula: `"${crypto.raw}" (${config.ams?.partnerInterception ? "two data islands, 001 line 1729" : "001 line 1412"}): the protect and the unprotect both run on this LPAR`,
      inputs: {},
      ...fromLookups(crypto),
    });
    if (config.ams?.partnerInterception) islands(ctx, look);
    chinTasks(ctx, look, rel.carried);
  },
};

/**
 * Receiving channels protect each arriving message in an adapter, one message at a time per channel
 * (001 line 1418): the rate one channel can carry is bounded by the adapter time per message (001
 * lines 1362-1367); Integrity and Privacy did not sustain 10,000 2KB messages per second (line 1816).
 */
function inboundLimits(ctx: RuleContext, policy: Policy, look: Look): void {
  const { config, registry } = ctx;
  const w = config.workload;
  const receiving = (config.channels ?? []).filter(
    (ch) => ch.amsInterception && ["receiver", "requester", "cluster-receiver"].includes(ch.type),
  );
  const demandOf = () => {
    // Messages per second over one instance of the busiest receiving definition.
    let worst = { value: 0, from: "" };
    for (const ch of receiving) {
      const rate = ch.rate ?? w.rate;
      if (rate === undefined) continue;
      const per = rate / ch.count;
      if (per > worst.value)
        worst = {
          value: per,
          from: `${ch.rate !== undefined ? `channels ${ch.name} rate` : "workload.rate"} / ${ch.count} instance(s)`,
        };
    }
    return worst.value > 0 ? worst : undefined;
  };
  const demand = demandOf();
  const names = receiving.map((ch) => ch.name).join(", ");
  if (policy === "integrity") {
    ctx.gap(
      "ams",
      `AMS interception with Integrity: the adapter time per inbound message is in a lost chart (001 line 1831), so the rate one channel can carry is not given`,
      chartsFor(ctx, "ams", /adapter/i),
    );
  } else {
    // Only the Confidentiality row states a key reuse (the table's one value); the others hold for any
    // (the axis left out).
    const measuredReuse = Number(registry.table(ADAPTER_USAGE).axes.find((a) => a.name === "keyReuse")!.values[0]);
    const at = { amsPolicy: policy, keyReuse: measuredReuse };
    const elapsed = look(registry.lookup(ADAPTER_USAGE, at, "adapterElapsed"), "AMS adapter time per inbound message");
    const cpu = look(registry.lookup(ADAPTER_USAGE, at, "adapterCpu"), "AMS adapter time per inbound message");
    const keyReuse = config.ams?.keyReuse;
    const other = policy === "confidentiality" && keyReuse !== measuredReuse;
    const r = rangeOf((e) => 1e6 / e, elapsed);
    const item: LineItem = {
      id: "ams.channel-serial-rate",
      concern: "ams",
      label: `AMS interception: messages per second one receiving channel can protect (${names}), at most`,
      addressSpace: "chin",
      metric: "limit",
      limitOf: "transactions-per-second",
      value: r.value,
      low: r.low,
      high: r.high,
      unit: "msg/s",
      formula: `1,000,000 / ${elapsed.raw} us adapter elapsed per inbound message (${policy}${policy === "confidentiality" ? `, key reuse ${measuredReuse}` : ""}; adapter CPU ${cpu.raw} us of it): one message at a time per channel; the table does not state its message size`,
      inputs: { adapterElapsedUs: { value: elapsed.value, unit: "us", from: ADAPTER_USAGE } },
      ...fromLookups(elapsed, cpu),
      measuredOn: ["z15"],
      scalesWithCpu: false,
      ...(demand ? { demand } : {}),
    };
    item.citations.push(registry.citation(registry.get(SERIAL)));
    if (other) item.confidence = "extrapolated";
    ctx.item(item);
    if (other)
      ctx.warn(
        "ams",
        `AMS interception: the adapter time per inbound Confidentiality message was measured with key reuse ${measuredReuse} (001 line 1366); ${keyReuse === undefined ? "ams.keyReuse is not given" : `this config has ${String(keyReuse)}`}, and key reuse 1 waits far longer (001 line 1835)`,
        [elapsed.citation],
      );
  }
  if (policy === "integrity" || policy === "privacy") {
    const target = look(registry.figureValue(BP_RATE), "AMS interception rate not sustained");
    const short = look(registry.figureValue(BP_SHORT), "AMS interception rate not sustained");
    const size = measuredUnder(registry, BP_RATE, "messageSize");
    const item: LineItem = {
      id: "ams.inbound-not-sustained",
      concern: "ams",
      label: `AMS interception, ${policy}: ${sizeLabel(size)} messages per second one receiving channel did not sustain (${names})`,
      addressSpace: "chin",
      metric: "limit",
      limitOf: "transactions-per-second",
      value: target.value,
      // Not sustained: the rate reached was below the target, never above it.
      high: target.value,
      unit: "msg/s",
      formula: `"${short.raw}" configurations sustained the target of ${target.raw} ${sizeLabel(size)} messages per second: Integrity and Privacy fell short (001 line 1816); the rate they reached is in a lost chart, below this`,
      inputs: { target: { value: target.value, unit: "per-second", from: BP_RATE } },
      ...fromLookups(target, short),
      measuredOn: ["z15"],
      scalesWithCpu: false,
      ...(demand ? { demand } : {}),
    };
    // Another message size is the door's: extrapolated, widened (open: no throughput pair under two sizes)
    // and warned of by look.
    ctx.item(item);
  }
}

/** The Confidentiality interception plateau (local lock), narrowed for two data islands. */
function plateau(ctx: RuleContext, look: Look): void {
  const { config, registry } = ctx;
  const p = look(registry.figureValue(PLATEAU), "AMS interception plateau");
  const size = measuredUnder(registry, PLATEAU, "messageSize");
  const kr = measuredUnder(registry, PLATEAU, "keyReuse");
  const keyReuse = config.ams?.keyReuse;
  // The size and a key reuse given are the door's (look warns and widens); what it cannot compare is
  // said here: the pattern (no condition key) and a key reuse not given (the door assumes the runs').
  const outside = [
    keyReuse === undefined ? `key reuse not given (measured ${kr})` : "",
    config.workload.pattern !== "request-reply" ? `${config.workload.pattern} (measured request/reply)` : "",
  ].filter(Boolean);
  let low = p.low;
  let formula = `${p.raw} (request/reply, ${sizeLabel(size)}, Confidentiality key reuse ${kr}, requester side intercepted, 001 line 1640)`;
  const lookups = [p];
  if (config.ams?.partnerInterception) {
    const drop = look(registry.figureValue(ISLANDS_RATE), "AMS two data islands, rate drop");
    low = p.low * (1 + drop.value / 100);
    formula += `; two data islands: "${drop.raw}" lower (001 line 1773), so from ${num(low, 0)}`;
    lookups.push(drop);
  }
  const parts = fromLookups(...lookups);
  ctx.item({
    id: "ams.interception-ceiling",
    concern: "ams",
    label: "AMS interception: measured throughput plateau (channel initiator local lock)",
    addressSpace: "chin",
    metric: "limit",
    limitOf: "transactions-per-second",
    value: p.value,
    low,
    high: p.high,
    unit: "txn/s",
    formula,
    inputs: {},
    ...parts,
    confidence: outside.length ? "extrapolated" : parts.confidence,
    measuredOn: ["z15"],
    scalesWithCpu: false,
  });
  if (outside.length)
    ctx.warn("ams", `AMS interception plateau of ${p.raw}: measured with ${outside.join(", ")}: extrapolated`, [
      p.citation,
    ]);
}

/**
 * Two data islands: what the partner's interception adds over end-to-end AMS (001 lines 1751-1773),
 * measured with Confidentiality, key reuse 32, 32KB (lines 1729, 1735): another policy, key reuse or
 * size is extrapolated. The 90 us is both LPARs' (line 1753), "primarily the channel initiators";
 * LPAR B costs about what LPAR A does (line 1757): this queue manager's LPAR is charged its half, in
 * the channel initiator, and counted in the totals.
 */
function islands(ctx: RuleContext, look: Look): void {
  const { registry } = ctx;
  // One channel pair measured 90 us (line 1753); up to 50 pairs, 90 to 110 (line 1771).
  const cost = look(registry.figureValue(ISLANDS_COST), "AMS two data islands, added per transaction");
  const upTo50 = look(registry.figureValue(ISLANDS_COST_50), "AMS two data islands, added per transaction");
  // Two LPARs, each about the other's cost (line 1757).
  const lpars = 2;
  ctx.item({
    id: "ams.two-islands",
    concern: "ams",
    label: "AMS two data islands: added per transaction over end-to-end AMS, this LPAR's half",
    addressSpace: "chin",
    metric: "cpu-per-txn",
    value: cost.value / lpars,
    low: Math.min(cost.low, upTo50.low) / lpars,
    high: Math.max(cost.high, upTo50.high) / lpars,
    unit: "us",
    formula: `"${cost.raw}" with one channel pair (001 line 1753), "${upTo50.raw}" over ${String(conditionsOf(registry.get(ISLANDS_COST_50)).channelPairs)} channel pairs (line 1771), both LPARs together, / ${lpars}: the partner's LPAR costs about what this one does (line 1757), mostly in the channel initiators; measured with Confidentiality key reuse ${measuredUnder(registry, ISLANDS_COST, "keyReuse")}, ${sizeLabel(measuredUnder(registry, ISLANDS_COST, "messageSize"))} request/reply`,
    inputs: {},
    ...fromLookups(cost, upTo50),
  });
}

/** CHIADAPS and CHIDISPS: the guidance, the default, and what the report measured with each count. */
function chinTasks(ctx: RuleContext, look: Look, carry: false | ReleaseCarry): void {
  const { config, registry } = ctx;
  const chin = config.channelInitiator;
  const cpus = config.hardware.cpus;
  const unused = registry.figure(UNUSED_AT_PEAK);
  const cite = (id: string) => registry.citation(registry.get(id));
  let suggested: number | undefined;
  const setting = lookThrough(ctx, carry, SETTING_COMPARED);
  if (cpus !== undefined) {
    const p = (n: string) => setting(registry.parameter(CHIADAPS, n));
    const base = p("base");
    const baseCpus = p("baseCpus");
    const per = p("perCpu");
    const max = p("max");
    suggested = Math.min(max.value, base.value + per.value * Math.max(0, cpus - baseCpus.value));
    ctx.item({
      id: "ams.chiadaps",
      concern: "ams",
      label: `suggested CHIADAPS for ${cpus} processors`,
      addressSpace: "chin",
      metric: "info",
      value: suggested,
      unit: "adapters",
      formula: `min(${max.value}, ${base.value} + ${per.value} x max(0, ${cpus} - ${baseCpus.value}))`,
      inputs: { cpus: { value: cpus, unit: "count", from: "hardware.cpus" } },
      ...fromLookups(base, baseCpus, per, max),
    });
  }
  if (chin?.adapters === undefined) {
    const d = setting(registry.figureValue(CHIADAPS_DEFAULT));
    ctx.warn(
      "ams",
      `AMS interception: channelInitiator.adapters (CHIADAPS) is not given; MQ's ${d.raw} is assumed, and interception "may benefit from additional adapter tasks" (001 line 1540)${suggested !== undefined ? `: ${suggested} suggested for ${cpus} processors` : ""}`,
      [d.citation],
    );
  } else if (suggested !== undefined && chin.adapters < suggested) {
    ctx.warn(
      "ams",
      `AMS interception: channelInitiator.adapters (CHIADAPS) ${chin.adapters} is below the ${suggested} the MQ 9.2 report suggests for ${cpus} processors where the channel initiator serialises (001 line 1542); keep ${unused.v.raw} adapter unused at peak (line 1544)`,
      [cite(CHIADAPS), cite(UNUSED_AT_PEAK)],
    );
  }
  // The runs' conditions as the dispatcher table states them (001 lines 1440, 1468).
  const at = (key: string) => measuredUnder(registry, VARY_DISPATCHERS, key);
  const policy = String(registry.table(VARY_DISPATCHERS).appliesTo.conditions?.amsPolicy ?? "AMS");
  const measuredWith = `${policy[0]!.toUpperCase()}${policy.slice(1)} key reuse ${at("keyReuse")}, ${sizeLabel(at("messageSize"))} request/reply over ${at("channelPairs")} channel pairs`;
  if (chin?.dispatchers !== undefined) {
    const d = chin.dispatchers;
    const axis = registry.table(VARY_DISPATCHERS).axes[0]!.values.map(Number);
    const inRange = d >= axis[0]! && d <= axis[axis.length - 1]!;
    const runs = `AMS interception runs with ${d} dispatchers`;
    const peak = look(registry.figureValue(PEAK_DISPATCHERS), "AMS interception peak dispatcher count");
    if (inRange) {
      const rate = look(registry.lookup(VARY_DISPATCHERS, { chidisps: d }, "txnRate"), runs);
      const measuredElapsed = registry.lookup(VARY_DISPATCHERS, { chidisps: d }, "adapterElapsed");
      const elapsed = look(measuredElapsed, runs);
      ctx.item({
        id: "ams.chidisps-measured",
        concern: "ams",
        label: `AMS interception with ${d} dispatchers (${at("chiadaps")} adapters): transactions per second measured`,
        addressSpace: "chin",
        value: rate.value,
        // The measured rate's own range; the other lookups are cited, not factors of it.
        low: rate.low,
        high: rate.high,
        unit: "txn/s",
        formula: `${rate.raw} txn/s, adapter elapsed ${elapsed.raw} us per request (${measuredWith}, 001 lines 1477-1484); the peak was with ${peak.raw} (line 1488)`,
        inputs: { dispatchers: { value: d, unit: "count", from: "channelInitiator.dispatchers" } },
        ...fromLookups(rate, elapsed, peak),
        ...measuredPeak(ctx),
      });
      // Where the adapter's time goes: its CPU stays at 28 us per request whatever the dispatchers
      // (001 line 1486), so the rest of its elapsed time is wait, on the local lock (line 1488), by
      // the report's own subtraction (formula 001.ams-adapter-wait, line 1498).
      // The wait is the same runs' elapsed less their CPU: worked out as measured, then through the door
      // once (each widened on its own, the difference would reach below zero).
      const cpu = registry.figureValue(ADAPTER_CPU);
      const wait = look(
        workedOut(
          measuredElapsed,
          rangeOf((e, c) => e - c, measuredElapsed, cpu),
        ),
        runs,
      );
      const f = registry.formula(ADAPTER_WAIT);
      const parts = fromLookups(wait, cpu);
      ctx.item({
        id: "ams.adapter-wait",
        concern: "ams",
        label: `AMS interception with ${d} dispatchers (${at("chiadaps")} adapters): adapter wait per request, on the local lock`,
        addressSpace: "chin",
        metric: "info",
        value: wait.value,
        low: wait.low,
        high: wait.high,
        unit: "us",
        formula: `${f.expression}: ${elapsed.raw} - ${cpu.raw} (${measuredWith}, 001 lines 1484-1488)`,
        inputs: { dispatchers: { value: d, unit: "count", from: "channelInitiator.dispatchers" } },
        ...parts,
        citations: [...parts.citations, registry.citation(f)],
      });
    }
    if (d > (peak.high ?? peak.value)) {
      const wait = registry.figure(LOCK_WAIT);
      ctx.warn(
        "ams",
        `AMS interception: channelInitiator.dispatchers (CHIDISPS) ${d} is above the ${peak.raw} with which the report's interception peaked; more dispatchers made the adapters wait on the local lock (${wait.v.raw} per adapter call with ${measuredUnder(registry, LOCK_WAIT, "chidisps")}, 001 line 1488)`,
        [peak.citation, cite(LOCK_WAIT)],
      );
    }
  }
  if (chin?.adapters !== undefined) {
    const a = chin.adapters;
    const axis = registry.table(VARY_ADAPTERS).axes[0]!.values.map(Number);
    if (a >= axis[0]! && a <= axis[axis.length - 1]!) {
      const runs = `AMS interception runs with ${a} adapters`;
      const rate = look(registry.lookup(VARY_ADAPTERS, { chiadaps: a }, "txnRate"), runs);
      const busy = look(registry.lookup(VARY_ADAPTERS, { chiadaps: a }, "adapterBusy"), runs);
      ctx.item({
        id: "ams.chiadaps-measured",
        concern: "ams",
        label: `AMS interception with ${a} adapters (${measuredUnder(registry, VARY_ADAPTERS, "chidisps")} dispatchers): transactions per second measured`,
        addressSpace: "chin",
        value: rate.value,
        // The measured rate's own range; the other lookups are cited, not factors of it.
        low: rate.low,
        high: rate.high,
        unit: "txn/s",
        formula: `${rate.raw} txn/s with the adapters ${busy.raw}% busy (${measuredWith}, 001 lines 1511-1518)`,
        inputs: { adapters: { value: a, unit: "count", from: "channelInitiator.adapters" } },
        ...fromLookups(rate, busy),
        ...measuredPeak(ctx),
      });
    }
  }
}

/**
 * The rate a dispatcher or adapter count reached is that configuration's peak: the runs drove 50 channel
 * pairs as fast as they went (001 lines 1468-1488, 1509-1520), so with the config's CHIDISPS or
 * CHIADAPS it is a limit, as the plateau is, where the plateau's policy holds (Confidentiality; other
 * policies' rates are not measured: the plateau is a gap then, and the rate is shown, not a limit).
 * Another size or key reuse is extrapolated, as the plateau says.
 */
function measuredPeak(ctx: RuleContext): Pick<LineItem, "metric" | "limitOf" | "measuredOn" | "scalesWithCpu"> {
  if (ctx.config.ams?.policy !== "confidentiality") return { metric: "info" };
  // Measured with the table's conditions: the rate came through the door (look), which compared them,
  // widened it and made it extrapolated where the config is outside them.
  return {
    metric: "limit",
    limitOf: "transactions-per-second",
    measuredOn: ["z15"],
    // The local lock, not the processors, flattened it (001 line 1488).
    scalesWithCpu: false,
  };
}
