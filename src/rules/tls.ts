// TLS on channels: secret key renegotiation every SSLRKEYC bytes (negotiations per second from the
// channel's byte rate, CPU from the cost per negotiation), channel start and stop costs by cipher,
// and for MQ 5.3 the V5.3 report's per-message SSL cost formula.
import type { ChannelConfig } from "../config/types.js";
import { CIPHERS, ianaName, keyExchangeOf, tlsVersionOf } from "../config/ciphers.js";
import type { Rule, RuleContext } from "../engine/types.js";
import type { LookupResult, Registry } from "../model/registry.js";
import { bytesPerMessage, flowInputs, isCompressed, messageRate } from "./channel-flow.js";
import { pairSpread, widenForConditions, type PairSpread } from "./conditions.js";
import { comparedExcept, through } from "./door.js";
import {
  arithmetic,
  cellValues,
  chartsFor,
  entryForRelease,
  fromLookups,
  num,
  sizeLabel,
  type ReleaseCarry,
} from "./helpers.js";

const NEGOTIATION = "003.tls-secret-key-negotiation-cost";
const START_92 = "001.tls-channel-start-by-cipher";
const START_ALIAS = "001.tls-alias-channel-start";
const START_91 = "003.tls-channel-start-z15";
const STOP = "001.tls-channel-stop-cost";
const TLS13_RKEY = "001.tls13-sslrkeyc-recommendation";
const V53 = "004.ssl-cipher-linear-cpu-cost";

// Every TLS figure is compared on every condition but the machine: the negotiation cost is taken from
// the config's machine's column where the table has one (z14, z15), and the hardware rule scales the
// CPU items to another machine by the sources' factor (or says it cannot) and fits the start rate as a
// CPU-bound rate (hardware.ts, scaleForHardware): compared here too, it would be counted twice.
const TLS_COMPARED = comparedExcept("hardware");

/** A TLS figure through the door: carried from the release the rule chose, compared and widened. */
function tlsFigure(
  ctx: RuleContext,
  id: string,
  at: Record<string, string>,
  measure: string | undefined,
  carry: false | ReleaseCarry,
  what: string,
): LookupResult {
  return through(ctx, id, {
    at,
    ...(measure !== undefined ? { measure } : {}),
    carry,
    only: TLS_COMPARED,
    concern: "tls",
    what,
  }).r;
}

/** Whether some cell of the table is at this cipher. */
function hasCell(ctx: RuleContext, table: string, cipher: string): boolean {
  return cellValues(ctx.registry, table, "cipher").has(cipher);
}

const REKEY_BYTES = "003.tls-rekey-bytes";
const RENEGOTIATION_METHOD = "001.tls-key-renegotiation-cost-method";
const COMPRESSED = "001.compressed-size";

// The nearest measured cipher depends only on the registry's table and the cipher: found once.
const nearestByRegistry = new WeakMap<Registry, Map<string, { nearest: string; alike: readonly string[] }>>();

function nearestMeasured(
  registry: Registry,
  cipher: string,
  measured: readonly string[],
): { nearest: string; alike: readonly string[] } {
  let byCipher = nearestByRegistry.get(registry);
  if (!byCipher) nearestByRegistry.set(registry, (byCipher = new Map()));
  let found = byCipher.get(cipher);
  if (!found) {
    const n = nearestCiphers(cipher, measured);
    byCipher.set(cipher, (found = Object.freeze({ nearest: n.nearest, alike: n.alike })));
  }
  return found;
}

/** The measured cipher nearest an unmeasured one: same key exchange first, then the most name parts in common. */
function nearestCiphers(cipher: string, measured: readonly string[]): { nearest: string; alike: string[] } {
  const kx = (c: string) => {
    const k = keyExchangeOf(c);
    // TLS 1.3 agrees its keys by (EC)DHE: the nearest TLS 1.2 key exchange is ECDHE's.
    return k === "TLS1.3" ? "ECDHE" : k?.startsWith("ECDHE") ? "ECDHE" : k;
  };
  const parts = (c: string) => new Set(c.split("_"));
  const mine = parts(cipher);
  const score = (c: string) =>
    (keyExchangeOf(c) === keyExchangeOf(cipher) ? 100 : 0) +
    (kx(c) === kx(cipher) ? 50 : 0) +
    [...parts(c)].filter((x) => mine.has(x)).length;
  const ranked = [...measured].sort((a, b) => score(b) - score(a) || a.localeCompare(b));
  const nearest = ranked[0]!;
  const alike = measured.filter((c) => kx(c) === kx(nearest) && kx(c) === kx(cipher));
  return { nearest, alike: alike.length > 0 ? alike : [...measured] };
}

function renegotiation(ctx: RuleContext, ch: ChannelConfig): void {
  const { registry, config } = ctx;
  const tls = ch.tls!;
  const reset = tls.resetBytes ?? 0;
  if (reset === 0) return;
  const tls13 = tlsVersionOf(tls.cipher) === "1.3";
  if (tls13) {
    const rec = registry.figureValue(TLS13_RKEY);
    ctx.warn("tls", `${ch.name}: ${tls.cipher} is TLS 1.3; the MQ 9.2 report advises ${rec.raw} for TLS 1.3 ciphers`, [
      rec.citation,
    ]);
  }
  const flow = messageRate(ctx, ch);
  const size = ch.messageSize ?? config.workload.messageSize;
  if (flow === undefined) {
    ctx.gap(
      "tls",
      `${ch.name}: secret key renegotiations per second need a message rate (channels[].rate or workload.rate)`,
    );
    return;
  }
  const { rate } = flow;
  const sent = bytesPerMessage(ch, size);
  const perSecond = (rate * sent.bytes) / reset;
  const compressed = isCompressed(ch);
  // COMPMSG runs before the SSLRKEYC count.
  if (compressed) sent.text += ", compressed before the key is counted (003 line 289)";
  // Added to flowInputs' fresh object, not spread into a copy: a key added to a spread copy takes V8
  // (Node 20) a slow path of about a microsecond.
  const inputs = flowInputs(ch, flow, size);
  inputs.resetBytes = { value: reset, unit: "bytes", from: `channels.${ch.name}.tls.resetBytes` };
  ctx.item({
    id: `tls.renegotiations.${ch.name}`,
    concern: "tls",
    label: `${ch.name}: ${tls13 ? "SSLRKEYC thresholds reached" : "secret key renegotiations"} (SSLRKEYC ${sizeLabel(reset)})`,
    addressSpace: "chin",
    metric: "rate",
    value: perSecond,
    unit: "per second",
    formula: `${num(rate)} msgs/s${flow.why ? ` (${flow.why})` : ""} x ${sent.text} / ${num(reset)} bytes`,
    inputs,
    ...arithmetic(
      registry.figureValue(REKEY_BYTES).citation,
      registry.citation(registry.formula(RENEGOTIATION_METHOD)),
      ...(compressed ? [registry.citation(registry.formula(COMPRESSED))] : []),
    ),
  });
  const hw = config.hardware.generation === "z14" ? "z14" : "z15";
  const rel = entryForRelease(ctx, NEGOTIATION, "tls", "secret key negotiation cost");
  const measured = [...cellValues(registry, NEGOTIATION, "cipher")];
  if (tls13) {
    ctx.gap(
      "tls",
      `${ch.name}: ${tls.cipher} is TLS 1.3, which does not renegotiate the key at the SSLRKEYC threshold (001 line 1171), yet a non-zero SSLRKEYC still costs; the cost is given only as a chart, and the TLS 1.2 renegotiation costs do not apply`,
      chartsFor(ctx, "tls", /negotiat/i),
    );
    return;
  }
  if (!rel || !hasCell(ctx, NEGOTIATION, tls.cipher)) {
    const { nearest, alike } = nearestMeasured(registry, tls.cipher, measured);
    const at = (c: string) => registry.lookup(NEGOTIATION, { cipher: c, hardware: hw });
    const near = at(nearest);
    const ms = alike.map((c) => at(c).value);
    const lo = Math.min(...ms);
    const hi = Math.max(...ms);
    const us = (x: number) => num(perSecond * x * 1000, 0);
    ctx.gap(
      "tls",
      `${ch.name}: the cost of one secret key negotiation is measured for ${measured.join(", ")} only (MQ 9.1.4 on z14 and z15); not for ${tls.cipher}. Nearest measured: ${nearest}, ${near.raw} ms each on ${hw}${
        alike.length > 1 ? ` (${num(lo, 2)} to ${num(hi, 2)} ms for ${alike.join(", ")})` : ""
      }, which at ${num(perSecond, 3)} negotiations/s would be ${lo === hi ? us(near.value) : `${us(lo)} to ${us(hi)}`} CPU us/s in the channel initiator`,
      chartsFor(ctx, "tls", /negotiat/i),
    );
    return;
  }
  const cost = tlsFigure(
    ctx,
    NEGOTIATION,
    { cipher: tls.cipher, hardware: hw },
    undefined,
    rel.carried,
    "secret key negotiation cost",
  );
  ctx.item({
    id: `tls.renegotiation-cpu.${ch.name}`,
    concern: "tls",
    label: `${ch.name}: renegotiation CPU, ${num(cost.value, 2)} ms each (${hw})`,
    addressSpace: "chin",
    metric: "cpu-per-second",
    value: perSecond * cost.value * 1000,
    unit: "us/s",
    // The table's own words: a cost per negotiation "in MQ channel initiator address space", one
    // address space, measured between 2 queue managers on separate LPARs (003 lines 379, 389): this
    // queue manager runs one end of the channel, charged once.
    formula: `${num(perSecond, 3)} negotiations/s x ${cost.raw} CPU ms x 1000; per negotiation, "${registry.table(NEGOTIATION).caption.replace(/:$/, "")}" (one address space, as the caption says; measured between 2 queue managers on separate LPARs), this queue manager's end of ${ch.name} charged once`,
    inputs: { negotiationMs: { value: cost.value, unit: "ms", from: NEGOTIATION } },
    ...fromLookups(cost),
    measuredOn: [hw],
    // Negotiations follow the bytes sent: with the workload's rate, twice the rate is twice the CPU.
    ...(flow.from === "workload.rate" ? { growsWithRate: true } : {}),
  });
}

function startStop(ctx: RuleContext, ch: ChannelConfig): void {
  const { registry } = ctx;
  const tls = ch.tls!;
  const starts = ch.startsPerSecond;
  if (starts === undefined || starts === 0) return;
  let start: LookupResult | undefined;
  let rate: LookupResult | undefined;
  const info = CIPHERS[tls.cipher]!;
  // The figure measured at the config's release first: at MQ 9.1 the z15 report's own starts, not the
  // 9.2 report's carried back (entryForRelease warns of a carry, so the one not used is not asked).
  const measuredAt = (id: string) => registry.get(id).appliesTo.releases.includes(ctx.config.mq.release);
  const own91 =
    info.protocol !== "alias" && !measuredAt(START_92) && measuredAt(START_91) && hasCell(ctx, START_91, tls.cipher);
  const r92 = own91 ? undefined : entryForRelease(ctx, START_92, "tls", "TLS channel start cost");
  const r91 = () => entryForRelease(ctx, START_91, "tls", "TLS channel start cost");
  if (info.protocol === "alias" && r92) {
    const t = registry.table(START_ALIAS);
    const cell = t.cells.find((c) => c.at.alias === tls.cipher && c.measure === "startCost");
    if (cell) {
      const at = cell.at as Record<string, string>;
      start = tlsFigure(ctx, START_ALIAS, at, "startCost", r92.carried, "TLS channel start cost");
      rate = tlsFigure(ctx, START_ALIAS, at, "startRate", r92.carried, "TLS channel start rate");
    }
  } else if (r92 && hasCell(ctx, START_92, ianaName(tls.cipher))) {
    const at = { cipher: ianaName(tls.cipher), tlsVersion: tlsVersionOf(tls.cipher) ?? "1.2" };
    start = tlsFigure(ctx, START_92, at, "startCost", r92.carried, "TLS channel start cost");
    rate = tlsFigure(ctx, START_92, at, "startRate", r92.carried, "TLS channel start rate");
  } else if (hasCell(ctx, START_91, tls.cipher) && r91()) {
    const c91 = r91()!.carried;
    const at = { cipher: tls.cipher };
    start = tlsFigure(ctx, START_91, at, "channelStartCost", c91, "TLS channel start cost");
    rate = tlsFigure(ctx, START_91, at, "channelStartRate", c91, "TLS channel start rate");
  }
  if (start && rate) {
    // Measured where the SYNCQ population, which the start rate and cost vary with, differs or is not
    // stated: widened by how far the two reports' figures for the same cipher differ.
    start = startConditions(registry, start, "startCost");
    rate = startConditions(registry, rate, "startRate");
  }
  if (!start || !rate) {
    ctx.gap(
      "tls",
      `${ch.name}: TLS channel start cost is not measured for ${tls.cipher} in MQ ${ctx.config.mq.release}`,
    );
  } else {
    ctx.item({
      id: `tls.channel-start.${ch.name}`,
      concern: "tls",
      label: `${ch.name}: TLS channel starts, ${num(starts)}/s`,
      addressSpace: "chin",
      metric: "cpu-per-second",
      value: starts * start.value * 1000,
      unit: "us/s",
      formula: `${num(starts)} starts/s x ${start.raw} CPU ms x 1000`,
      inputs: {
        startsPerSecond: { value: starts, unit: "per-second", from: `channels.${ch.name}.startsPerSecond` },
        startMs: { value: start.value, unit: "ms", from: start.citation.id },
      },
      ...fromLookups(start),
    });
    ctx.item({
      id: `tls.channel-start-rate.${ch.name}`,
      concern: "tls",
      label: `${ch.name}: start rate measured for the cipher`,
      addressSpace: "chin",
      metric: "info",
      // Scaled to the machine by the factor that scales the start cost (the rate the other way).
      scalesWithCpu: true,
      value: rate.value,
      unit: "per second",
      formula: `measured start rate ${rate.raw}/s`,
      inputs: {},
      ...fromLookups(rate),
    });
    if (starts > rate.value)
      ctx.warn(
        "tls",
        `${ch.name}: ${num(starts)} TLS channel starts/s is above the ${rate.raw}/s the report measured`,
        [rate.citation],
      );
  }
  const version = tlsVersionOf(tls.cipher);
  const rStop = entryForRelease(ctx, STOP, "tls", "TLS channel stop cost");
  if (version && rStop) {
    const stop = tlsFigure(ctx, STOP, { tlsVersion: version }, undefined, rStop.carried, "TLS channel stop cost");
    ctx.item({
      id: `tls.channel-stop.${ch.name}`,
      concern: "tls",
      label: `${ch.name}: TLS ${version} channel stops, ${num(starts)}/s`,
      addressSpace: "chin",
      metric: "cpu-per-second",
      value: starts * stop.value,
      low: starts * (stop.low ?? stop.value),
      high: starts * (stop.high ?? stop.value),
      unit: "us/s",
      formula: `${num(starts)} stops/s x ${stop.raw}`,
      inputs: { stopUs: { value: stop.value, unit: "us", from: STOP } },
      ...fromLookups(stop),
    });
  }
}

const START_MEASURES = { startCost: "channelStartCost", startRate: "channelStartRate" } as const;

const startSpreads = new WeakMap<Registry, Map<string, Map<string, PairSpread | null>>>();

/**
 * How far the 9.2 report's and the z15 report's channel start figures differ for the ciphers both
 * measured (the z15 report measured with a stated SYNCQ population, the 9.2 report states none), for
 * one measure; `exceptCipher` (an MQ CipherSpec name) leaves that cipher's pair out, as the bench does
 * when it predicts that cipher's figure of one report from the other.
 */
export function startSpread(
  registry: Registry,
  measure: keyof typeof START_MEASURES,
  exceptCipher?: string,
): PairSpread | undefined {
  let byMeasure = startSpreads.get(registry);
  if (!byMeasure) startSpreads.set(registry, (byMeasure = new Map()));
  let byExcept = byMeasure.get(measure);
  if (!byExcept) byMeasure.set(measure, (byExcept = new Map()));
  const key = exceptCipher ?? "";
  let s = byExcept.get(key);
  if (s === undefined) {
    const pairs: [number, number][] = [];
    for (const c of registry.table(START_91).cells) {
      const cipher = String(c.at.cipher);
      if (c.measure !== START_MEASURES[measure] || c.v.value === null || cipher === exceptCipher) continue;
      const twin = registry
        .table(START_92)
        .cells.find((x) => x.measure === measure && x.at.cipher === ianaName(cipher) && x.v.value !== null);
      if (twin) pairs.push([twin.v.value!, c.v.value]);
    }
    byExcept.set(key, (s = pairSpread(pairs) ?? null));
  }
  return s ?? undefined;
}

// A widened start figure depends only on the kept lookup (and its registry's spread): made once, shared.
const startWidened = new WeakMap<LookupResult, LookupResult>();

function startConditions(registry: Registry, r: LookupResult, measure: keyof typeof START_MEASURES): LookupResult {
  let w = startWidened.get(r);
  if (!w) startWidened.set(r, (w = Object.freeze(widenStart(registry, r, measure))));
  return w;
}

function widenStart(registry: Registry, r: LookupResult, measure: keyof typeof START_MEASURES): LookupResult {
  const spread = startSpread(registry, measure);
  if (!spread) return r;
  return widenForConditions(
    r,
    spread,
    `channel start ${measure === "startCost" ? "cost" : "rate"} varies with the channels in SYSTEM.CHANNEL.SYNCQ, which the z15 report states for its measurement and the 9.2 report does not; the two reports' figures for the same cipher differ`,
    START_91,
  );
}

function v53PerMessage(ctx: RuleContext, ch: ChannelConfig): void {
  const { registry, config } = ctx;
  const tls = ch.tls!;
  const t = registry.table(V53);
  const rows = t.cells.filter((c) => c.at.cipher === tls.cipher);
  if (rows.length === 0) {
    ctx.gap("tls", `${ch.name}: the V5.3 SSL cost table covers ${t.axes[0]!.values.join(", ")}; not ${tls.cipher}`);
    return;
  }
  const kb = (ch.messageSize ?? config.workload.messageSize) / 1024;
  // A requester receives messages, as a receiver does; a server sends them, as a sender does.
  const action =
    ch.type === "receiver" || ch.type === "cluster-receiver" || ch.type === "requester" ? "receive-get" : "put-send";
  const cards = [...new Set(rows.map((c) => String(c.at.cryptoCard)))];
  const costs = cards.map((card) => {
    const c = registry.lookup(V53, { cipher: tls.cipher, cryptoCard: card, action }, "constantFactor");
    const k = registry.lookup(V53, { cipher: tls.cipher, cryptoCard: card, action }, "coefficientPerKB");
    return { card, c, k, ms: c.value + k.value * kb };
  });
  const values = costs.map((x) => x.ms * 1000);
  const mid = costs[0]!;
  ctx.item({
    id: `tls.v53-per-message.${ch.name}`,
    concern: "tls",
    label: `${ch.name}: SSL CPU per message at the ${action === "put-send" ? "sending" : "receiving"} end (V5.3)`,
    addressSpace: "chin",
    metric: "cpu-per-txn",
    value: values.reduce((a, b) => a + b, 0) / values.length,
    ...(values.length > 1 ? { low: Math.min(...values), high: Math.max(...values) } : {}),
    unit: "us",
    formula:
      costs
        .map((x) => `(${x.c.raw} + ${x.k.raw} x ${num(kb, 2)} KB) ms${cards.length > 1 ? ` ${x.card}` : ""}`)
        .join("; ") + " x 1000",
    inputs: { messageKB: { value: kb, unit: "KB", from: "messageSize" } },
    ...fromLookups(mid.c, mid.k, ...costs.slice(1).flatMap((x) => [x.c, x.k])),
  });
}

const EPVT_PER_CHANNEL = "004.ssl-channel-epvt-storage";
const EPVT_LARGE = "004.ssl-channel-large-message-threshold";
const EPVT_SIZE = "004.epvt-size-typical-max";
const SSL_MAX = "004.ssl-max-channels";
const REKEY_VS_Z14 = { cost: "003.tls-frequent-rekey-cost-change", rate: "003.tls-frequent-rekey-rate-change" };
const NOREKEY_VS_Z14 = { cost: "003.tls-norekey-cost-reduction", rate: "003.tls-norekey-rate-increase" };
const START_VS_Z14: Record<string, string> = {
  TLS_RSA: "003.channel-start-tls-rsa-vs-z14",
  ECDHE: "003.channel-start-ecdhe-vs-z14",
};

/** Channel instances of a definition: conversations over SHARECNV for clients, else its count. */
function instancesOf(ch: ChannelConfig): number {
  return ch.type === "server-connection" && ch.conversations !== undefined
    ? Math.ceil(ch.conversations / Math.max(1, ch.sharecnv ?? 10))
    : ch.count;
}

/**
 * MQ 5.3: every SSL channel takes about 210KB of the channel initiator's extended private region, plus
 * the message length above 32KB (004 line 728); the channels that fit are EPVT / (message KB + 210)
 * (lines 730-736).
 */
function v53Storage(ctx: RuleContext, list: readonly ChannelConfig[]): void {
  const { registry, config } = ctx;
  const per = registry.figureValue(EPVT_PER_CHANNEL);
  const large = registry.figureValue(EPVT_LARGE);
  let channels = 0;
  let biggestKB = 0;
  for (const ch of list) {
    const kb = (ch.messageSize ?? config.workload.messageSize) / 1024;
    const extra = kb > large.value ? kb : 0;
    const n = instancesOf(ch);
    channels += n;
    biggestKB = Math.max(biggestKB, extra);
    ctx.item({
      id: `tls.v53-epvt.${ch.name}`,
      concern: "tls",
      label: `${ch.name}: SSL channel storage in the channel initiator's EPVT, ${num(n)} channel(s) (V5.3)`,
      addressSpace: "chin",
      metric: "storage",
      value: (n * (per.value + extra)) / 1024,
      unit: "MB",
      formula: `${num(n)} x (${per.raw}${extra > 0 ? ` + ${num(kb, 1)} KB message, above ${large.raw}` : ""}) / 1024`,
      inputs: { channels: { value: n, unit: "count", from: `channels.${ch.name}` } },
      ...fromLookups(per),
    });
  }
  const epvt = registry.parameter(SSL_MAX, "epvtSizeExample");
  const size = registry.figureValue(EPVT_SIZE);
  const fit = epvt.value / (biggestKB + per.value);
  ctx.item({
    id: "tls.v53-max-ssl-channels",
    concern: "tls",
    label: `SSL channels that fit in an EPVT of ${size.raw} (V5.3)`,
    addressSpace: "chin",
    metric: "limit",
    limitOf: "channels",
    value: Math.floor(fit),
    unit: "channels",
    formula: `${epvt.raw} / (${biggestKB > 0 ? `${num(biggestKB, 1)} KB largest message + ` : ""}${per.raw}); EPVT "${size.raw}" at most, as the source says, on most systems`,
    inputs: {},
    demand: { value: channels, from: "SSL channel instances of all TLS channel definitions" },
    // Bound by the region's size, not the processor.
    hardwareFit: "machine-independent",
    ...fromLookups(epvt, per),
  });
}

/** The z15 report's TLS figures against z14, for a z15 config (32KB request/reply, one channel pair). */
function againstZ14(ctx: RuleContext, ch: ChannelConfig): void {
  const { registry } = ctx;
  const tls = ch.tls!;
  const kx = keyExchangeOf(tls.cipher);
  const family = kx === "RSA" ? "TLS_RSA" : kx?.startsWith("ECDHE") ? "ECDHE" : undefined;
  const show = (id: string, r: LookupResult, what: string, sign: number) =>
    ctx.item({
      id: `tls.z15-vs-z14.${ch.name}.${id.split(".")[1]}`,
      concern: "tls",
      label: `${ch.name}: ${what} on z15 against z14`,
      addressSpace: "chin",
      metric: "info",
      value: sign * r.value,
      unit: "%",
      formula: `"${r.raw}"`,
      inputs: {},
      ...fromLookups(r),
    });
  if ((tls.resetBytes ?? 0) > 0) {
    if (family) {
      show(
        REKEY_VS_Z14.cost,
        registry.lookup(REKEY_VS_Z14.cost, { cipherFamily: family }),
        "transaction cost with frequent renegotiation (32KB request/reply)",
        -1,
      );
      show(
        REKEY_VS_Z14.rate,
        registry.lookup(REKEY_VS_Z14.rate, { cipherFamily: family }),
        "transaction rate with frequent renegotiation (32KB request/reply)",
        1,
      );
    }
  } else {
    show(
      NOREKEY_VS_Z14.cost,
      registry.figureValue(NOREKEY_VS_Z14.cost),
      "transaction cost without renegotiation (32KB request/reply)",
      -1,
    );
    show(
      NOREKEY_VS_Z14.rate,
      registry.figureValue(NOREKEY_VS_Z14.rate),
      "transaction rate without renegotiation (32KB request/reply)",
      1,
    );
  }
  if (family && (ch.startsPerSecond ?? 0) > 0)
    show(
      START_VS_Z14[family]!,
      registry.figureValue(START_VS_Z14[family]!),
      "channel start improvement (the source does not say in rate or in cost)",
      1,
    );
}

export const tls: Rule = {
  id: "tls",
  concern: "tls",
  description: "TLS secret key renegotiation, channel start and stop, and (MQ 5.3) SSL cost per message.",
  reads: [
    "channels[].tls",
    "channels[].rate",
    "channels[].messageSize",
    "channels[].startsPerSecond",
    "channels[].type",
    "channels[].count",
    "channels[].sharecnv",
    "channels[].conversations",
    "channels[].compression",
    "channels[].compressibility",
    "workload.rate",
    "workload.pattern",
    "hardware.generation",
  ],
  uses: [
    NEGOTIATION,
    START_92,
    START_ALIAS,
    START_91,
    STOP,
    TLS13_RKEY,
    V53,
    REKEY_BYTES,
    RENEGOTIATION_METHOD,
    COMPRESSED,
    EPVT_PER_CHANNEL,
    EPVT_LARGE,
    EPVT_SIZE,
    SSL_MAX,
    ...Object.values(REKEY_VS_Z14),
    ...Object.values(NOREKEY_VS_Z14),
    ...Object.values(START_VS_Z14),
  ],
  applies: (c) => c.channels?.some((ch) => ch.tls !== undefined) === true,
  run(ctx) {
    if (ctx.config.mq.release === "5.3")
      v53Storage(
        ctx,
        (ctx.config.channels ?? []).filter((ch) => ch.tls !== undefined),
      );
    for (const ch of ctx.config.channels ?? []) {
      if (!ch.tls) continue;
      if (ctx.config.mq.release === "5.3") {
        v53PerMessage(ctx, ch);
        continue;
      }
      renegotiation(ctx, ch);
      startStop(ctx, ch);
      if (ctx.config.hardware.generation === "z15") againstZ14(ctx, ch);
      ctx.gap(
        "tls",
        `${ch.name}: TLS cost per message for MQ ${ctx.config.mq.release}: the reports give it only as charts; your baseline should be measured with TLS on, or add the difference yourself`,
        chartsFor(ctx, "tls", /^(?!.*ZLIB)(?=.*(SSL|TLS)).*cost/i),
      );
    }
  },
};
