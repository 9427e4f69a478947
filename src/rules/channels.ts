// Channels: message compression (bytes on the wire from compressibility, the z15 hardware threshold,
// z14 software inflate), transports between queue managers (SMC-R, SMC-D against TCP/IP, from the
// 2017 sysplex blog), and the Aspera fasp.io gateway's throughput against TCP/IP by network profile.
import type { ChannelConfig } from "../config/types.js";
import type { Rule, RuleContext } from "../engine/types.js";
import type { LookupResult } from "../model/registry.js";
import { bytesPerMessage, flowInputs, isCompressed, messageRate } from "./channel-flow.js";
import { subjectOf, type ConditionKey } from "./conditions.js";
import { through } from "./door.js";
import { keptOrBuilt } from "../engine/rule-memo.js";
import { arithmetic, axisNumbers, chartsFor, fromLookups, num, rangeOf, sizeLabel } from "./helpers.js";

// The conditions the streaming runs are compared on (a constant: the checks are memoised by it, conditions.ts).
const ZERO_LOSS_ONLY: readonly ConditionKey[] = ["release", "hardware", "persistent"];

const COMPRESSED = "001.compressed-size";
const HW_THRESHOLD = "003.z15-hw-compression-threshold";
const Z14_INFLATE = "003.zlibfast-z14-software-inflate";
const Z15_COST = "003.zlibfast-cost-reduction";
const Z15_RATE = "003.zlibfast-rate-increase-range";
const Z15_TLS_COST = "003.zlibfast-tls-cost-reduction";
const Z15_TLS_RATE = "003.zlibfast-tls-rate-increase-range";
const TEST_SIZE = "003.zlibfast-test-message-size";
const SMC: Record<string, string[]> = {
  "smc-d": [
    "002.cost-growth-smc-d",
    "002.smcd-vs-smcr-rate-64kb",
    "002.smcd-peak-rate-64kb",
    "002.smcd-outbound-64kb",
    "002.smcd-inbound-64kb",
    "002.smcd-vs-smcr-rate-4mb",
    "002.smcd-vs-others-rate-4mb",
    "002.smcd-outbound-4mb",
    "002.smcd-inbound-4mb",
  ],
  "smc-r": ["002.cost-growth-smc-r", "002.smcr-vs-sq-volume-64kb"],
};
const FASP = "001.fasp-throughput-vs-tcp";
/**
 * The 2017 sysplex blog's comparisons of ways to move messages (MQ V8, z13), each measured at one
 * message size (its condition): shown only for a config at that size.
 */
const SYSPLEX: Record<string, string[]> = {
  igq: ["002.igq-cost-vs-mca-2kb", "002.cost-growth-igq", "002.igq-rate-drop-2kb", "002.app-share-non-sq"],
  "shared-queue": [
    "002.sq-cost-vs-mca-2kb",
    "002.sq-qmgr-cost-vs-mca",
    "002.xcf-cost-sq-2kb",
    "002.cost-growth-sq",
    "002.app-share-sq",
  ],
  channels: ["002.cost-growth-tcp", "002.app-share-non-sq", "002.chin-tcpip-share-4mb", "002.chin-dispatcher-share"],
};
/** The sizes the blog reports besides 2KB (002 line 205: "measurements are reported for 64KB and 4MB messages"). */
const SYSPLEX_SIZES = ["002.msg-size-64kb", "002.msg-size-4mb"];
const FASP_NETWORK = "001.fasp-bandwidth-limit";
const FASP_BATCH = "001.fasp-streaming-batch-size";
const FASP_RR_N1 = ["001.fasp-rr-small-msgs-n1", "001.fasp-rr-medium-msgs-n1"];
/** One channel's streaming throughput with and without packet loss at 50ms, TCP/IP and fasp.io (001 lines 2053-2071). */
const ZERO_LOSS = "001.fasp-zero-loss-throughput";
const PROFILES = "001.fasp-network-profiles";
const DATA_RATE = "002.channel-data-rate";
/** The transports the zero-loss runs measured, as the report names them. */
const WAN_TRANSPORTS: Record<string, string> = { tcp: "TCP/IP", fasp: "fasp.io" };

/** The message sizes the blog measured: 2KB (the rules of thumb) and the two it reports beside it. */
function sysplexSizes(ctx: RuleContext): number[] {
  const sizes = new Set<number>([Number(ctx.registry.figure("002.sq-cost-vs-mca-2kb").condition.messageSize)]);
  for (const id of SYSPLEX_SIZES) sizes.add(ctx.registry.figureValue(id).value);
  return [...sizes].sort((a, b) => a - b);
}

/** A blog figure as an information item: its quote, its size, MQ V8 on z13. */
function blogItem(ctx: RuleContext, id: string, itemId: string, label: string): void {
  const f = ctx.registry.figure(id);
  const r = ctx.registry.figureValue(id);
  ctx.item({
    id: itemId,
    concern: "channels",
    label: `${label}${f.subject.replace(/-/g, " ")}${f.relativeTo ? ` vs ${f.relativeTo}` : ""} (MQ V8, z13, ${sizeLabel(Number(f.condition.messageSize))})`,
    ...(f.addressSpace ? { addressSpace: f.addressSpace } : {}),
    metric: "info",
    value: r.value,
    unit: f.unit === "percent" ? "%" : f.unit,
    formula: `"${f.quote}"`,
    inputs: {},
    ...fromLookups(r),
    confidence: "carried-forward",
  });
}

// The pattern naming a compression's charts, made once per compression rather than per channel.
const compressionPatterns = new Map<string, RegExp>();
function compressionCharts(compression: string): RegExp {
  let re = compressionPatterns.get(compression);
  if (!re) compressionPatterns.set(compression, (re = new RegExp(compression, "i")));
  return re;
}

const ON_CHIP = new Set(["z15", "z16", "z17"]);

/**
 * Where ZLIBFAST deflates and inflates: in hardware (on-chip from z15, zEDC on z14 and earlier) or in
 * software, which MQ falls back to "when the message falls below the inflate / deflate thresholds, or
 * when hardware (zEDC on z14 or earlier) is not available" (003 line 223). The sender deflates the
 * message as put; the receiver inflates what crossed the channel, so a 2KB message that compresses
 * below 1KB is inflated in software even on z15.
 */
function hardwarePath(ctx: RuleContext, ch: ChannelConfig, size: number): void {
  const { registry, config } = ctx;
  const gen = config.hardware.generation;
  const sent = ch.compressibility === undefined ? undefined : size * (1 - ch.compressibility / 100);
  if (ON_CHIP.has(gen)) {
    const t = registry.figureValue(HW_THRESHOLD);
    // Measured on z15; z16 and later compress on chip too, but the sources say nothing of them.
    const where =
      gen === "z15" ? "on z15" : `on z15 (the sources do not describe ${gen}; the z15 threshold is assumed)`;
    if (size < t.value)
      ctx.warn(
        "channels",
        `${ch.name}: ${sizeLabel(size)} messages are below the ${t.raw} threshold for hardware compression ${where}; they are deflated and inflated in software`,
        [t.citation],
      );
    else if (sent !== undefined && sent < t.value)
      ctx.warn(
        "channels",
        `${ch.name}: ${sizeLabel(size)} messages ${num(ch.compressibility!)}% compressible cross the channel as ${sizeLabel(Math.round(sent))}, below the ${t.raw} threshold for hardware compression ${where}; the receiving end inflates them in software`,
        [t.citation],
      );
    return;
  }
  // z14 and earlier: zEDC Express, whose thresholds are not printed. The z14 chart notes place the
  // inflate threshold between the compressed sizes of the 32KB test message at 80% and 60% compressible.
  const r = registry.figureValue(Z14_INFLATE);
  const test = registry.figureValue(TEST_SIZE);
  const below = test.value * (1 - (r.high ?? r.value) / 100);
  const above = test.value * (1 - (r.low ?? r.value) / 100);
  const machine = gen === "z14" ? "" : ` (measured on z14; the sources say nothing of ${gen})`;
  if (sent !== undefined && sent <= above) {
    const certain = sent <= below;
    ctx.warn(
      "channels",
      `${ch.name}: ${sizeLabel(size)} messages ${num(ch.compressibility!)}% compressible cross the channel as ${sizeLabel(Math.round(sent))}; on z14, ${test.raw} messages ${r.raw} compressible (${sizeLabel(Math.round(below))} to ${sizeLabel(Math.round(above))} compressed) were too small to inflate in hardware and cost markedly more${machine}: these ${certain ? "are inflated" : "may be inflated"} in software`,
      [r.citation, test.citation],
    );
  }
  ctx.warn(
    "channels",
    `${ch.name}: on ${gen}, ZLIBFAST compresses in hardware only with zEDC Express; without it MQ compresses in software (003 line 223)`,
    [r.citation],
  );
}

/** The z15 report's ZLIBFAST comparisons with z14 (32KB request/reply), for a z15 config only. */
function againstZ14(ctx: RuleContext, ch: ChannelConfig, size: number): void {
  const { registry } = ctx;
  const [costId, rateId] = ch.tls ? [Z15_TLS_COST, Z15_TLS_RATE] : [Z15_COST, Z15_RATE];
  const test = registry.figureValue(TEST_SIZE);
  const at = size === test.value ? "" : `, measured at ${test.raw}`;
  const tls = ch.tls ? " with TLS and SSLRKEYC(1MB)" : "";
  const z = registry.figureValue(costId);
  ctx.item({
    id: `channels.zlibfast-z15.${ch.name}`,
    concern: "channels",
    label: `${ch.name}: ZLIBFAST on z15 on-chip compression${tls}, cost change against z14 (at best${at})`,
    metric: "info",
    value: -z.value,
    unit: "%",
    formula: `"${z.raw}" lower transaction cost than z14 (more compressible ${test.raw} messages the most)`,
    inputs: {},
    ...fromLookups(z),
  });
  const r = registry.figureValue(rateId);
  ctx.item({
    id: `channels.zlibfast-z15-rate.${ch.name}`,
    concern: "channels",
    label: `${ch.name}: ZLIBFAST on z15${tls}, transaction rate against z14${at}`,
    metric: "info",
    value: r.value,
    unit: "%",
    formula: `"${r.raw}" higher than z14 across the compressibilities measured`,
    inputs: {},
    ...fromLookups(r),
  });
}

function compression(ctx: RuleContext, ch: ChannelConfig, size: number): void {
  const { registry, config } = ctx;
  const f = registry.formula(COMPRESSED);
  if (ch.compressibility === undefined) {
    ctx.gap(
      "channels",
      `${ch.name}: COMPMSG(${ch.compression.toUpperCase()}) saves bytes only in proportion to compressibility; set channels[].compressibility`,
    );
  } else {
    const sent = size * (1 - ch.compressibility / 100);
    ctx.item({
      id: `channels.compressed-size.${ch.name}`,
      concern: "channels",
      label: `${ch.name}: bytes sent per ${sizeLabel(size)} message, ${num(ch.compressibility)}% compressible`,
      metric: "info",
      value: sent / 1024,
      unit: "KB",
      formula: `${f.expression}: ${sizeLabel(size)} x (1 - ${num(ch.compressibility)}%)`,
      inputs: {
        compressibility: { value: ch.compressibility, unit: "percent", from: `channels.${ch.name}.compressibility` },
      },
      // Config inputs alone, by the source's formula: arithmetic.
      ...arithmetic(registry.citation(f)),
    });
  }
  const gen = config.hardware.generation;
  if (ch.compression === "zlibfast") {
    hardwarePath(ctx, ch, size);
    if (gen === "z15") againstZ14(ctx, ch, size);
  }
  ctx.gap(
    "channels",
    `${ch.name}: CPU cost of COMPMSG(${ch.compression.toUpperCase()}): the reports give it only as charts`,
    chartsFor(ctx, "channels", compressionCharts(ch.compression)),
  );
}

function transport(ctx: RuleContext, ch: ChannelConfig, size: number, mbs: number | undefined): void {
  const { registry, config } = ctx;
  const ids = SMC[ch.transport];
  if (ids) {
    let shown = 0;
    for (const id of ids) {
      if (Number(registry.figure(id).condition.messageSize) !== size) continue;
      shown++;
      blogItem(
        ctx,
        id,
        `channels.${ch.transport}.${ch.name}.${id.split(".")[1]}`,
        `${ch.name}: ${ch.transport.toUpperCase()} `,
      );
    }
    if (shown === 0)
      ctx.gap(
        "channels",
        `${ch.name}: the ${ch.transport.toUpperCase()} comparisons of the 2017 sysplex blog were measured with ${sysplexSizes(ctx).map(sizeLabel).join(", ")} messages only; none is shown for ${sizeLabel(size)}`,
      );
    else if (config.mq.release !== "8.0") {
      ctx.warn(
        "channels",
        `${ch.name}: the ${ch.transport.toUpperCase()} comparisons come from a 2017 blog measured on MQ V8 on z13; they are shown for information and do not change the estimate`,
      );
    }
  }
  if (ch.transport === "fasp") {
    if (!ch.networkProfile) {
      ctx.gap(
        "channels",
        `${ch.name}: fasp.io throughput against TCP/IP depends on latency and loss; set channels[].networkProfile (N1-N4)`,
      );
      return;
    }
    fasp(ctx, ch, size);
  }
  if (ch.networkProfile && ch.transport in WAN_TRANSPORTS) packetLoss(ctx, ch, size, mbs);
}

/**
 * fasp.io against TCP/IP on the same profile, at the sizes measured: the figure at a measured size, or
 * interpolated between two sizes of the same workload and profile; not carried to sizes beyond them
 * (a 1MB ratio is not a 4MB one). Every run had its traffic limited to 1Gb/s (001 line 1928): the
 * ratios are for a network of that bandwidth.
 */
function fasp(ctx: RuleContext, ch: ChannelConfig, size: number): void {
  const { registry, config } = ctx;
  const t = registry.table(FASP);
  const workload = config.workload.pattern === "one-way" ? "streaming" : "request-responder";
  const net = registry.figureValue(FASP_NETWORK);
  const bound = `measured with all traffic limited to ${net.raw} (001 line 1928)`;
  const cells = t.cells.filter((c) => c.at.workload === workload && c.at.networkProfile === ch.networkProfile);
  const sizes = [...new Set(cells.map((c) => Number(c.at.messageSize)))].sort((x, y) => x - y);
  // What crosses the network: both directions of a request/reply client channel, after COMPMSG.
  const flow = messageRate(ctx, ch);
  const byteRate = flow ? flow.rate * bytesPerMessage(ch, size).bytes : undefined;
  // Gb/s to bytes per second: 10^9 bits / 8.
  if (byteRate !== undefined && byteRate * 8 > net.value * 1e9)
    ctx.warn(
      "channels",
      `${ch.name}: ${num((byteRate * 8) / 1e9, 2)} Gb/s over the channel is more than the ${net.raw} network the fasp.io comparisons were measured on; the gains are not measured there`,
      [net.citation],
    );
  if (workload === "request-responder" && ch.networkProfile === "N1") {
    // N1 (5ms) is measured by size range (001 lines 2109-2111): fasp.io slower than TCP/IP.
    for (const id of FASP_RR_N1) {
      const f = registry.figure(id);
      const min = f.condition.messageSizeMin === undefined ? 0 : Number(f.condition.messageSizeMin);
      const max = Number(f.condition.messageSizeMax);
      if (size < min || size > max) continue;
      const r = registry.figureValue(id);
      ctx.item({
        id: `channels.fasp.${ch.name}`,
        concern: "channels",
        label: id.endsWith("small-msgs-n1")
          ? `${ch.name}: fasp.io transaction rate against TCP/IP, ${workload}, N1`
          : `${ch.name}: TCP/IP transaction rate above fasp.io, ${workload}, N1`,
        metric: "info",
        value: r.value,
        unit: "%",
        formula: `"${f.quote}"; ${bound}`,
        inputs: { networkProfile: { value: "N1", from: `channels.${ch.name}.networkProfile` } },
        ...fromLookups(r),
      });
      return;
    }
  }
  if (sizes.length === 0) {
    // Streaming on N5: the zero-loss runs measured both transports, and packetLoss gives the quotient.
    const zeroLoss = registry
      .table(ZERO_LOSS)
      .axes.find((a) => a.name === "networkProfile")!
      .values.map(String);
    if (workload === "streaming" && zeroLoss.includes(ch.networkProfile!)) return;
    ctx.gap(
      "channels",
      `${ch.name}: fasp.io against TCP/IP is not measured for ${workload} on profile ${ch.networkProfile}`,
    );
    return;
  }
  if (size < sizes[0]! || size > sizes[sizes.length - 1]!) {
    const near = size < sizes[0]! ? sizes[0]! : sizes[sizes.length - 1]!;
    const r = registry.lookup(FASP, { workload, networkProfile: ch.networkProfile!, messageSize: near });
    ctx.gap(
      "channels",
      `${ch.name}: fasp.io against TCP/IP for ${workload} on profile ${ch.networkProfile} is measured at ${sizes.map(sizeLabel).join(", ")} only (${sizeLabel(near)}: ${r.raw}, ${bound}); not carried to ${sizeLabel(size)}`,
    );
    return;
  }
  const r = registry.lookup(FASP, { workload, networkProfile: ch.networkProfile!, messageSize: size });
  ctx.item({
    id: `channels.fasp.${ch.name}`,
    concern: "channels",
    label: `${ch.name}: fasp.io throughput against TCP/IP, ${workload}, ${ch.networkProfile}`,
    metric: "info",
    value: r.value,
    unit: "x",
    formula: `${r.points ? `interpolated from ${r.raw}` : r.raw}; ${bound}`,
    inputs: { networkProfile: { value: ch.networkProfile!, from: `channels.${ch.name}.networkProfile` } },
    ...fromLookups(r),
  });
}

/**
 * The data that crosses the channel each second: messages per second times the bytes of each after
 * compression, the arithmetic by which the sysplex blog turns 21,000 64KB transactions per second into
 * "approximately 1350 MB/second outbound and 1350 MB/second inbound" (002 line 235). A planner sets it
 * against the network's bandwidth and the throughput the sources measured on one channel.
 */
function dataRate(ctx: RuleContext, ch: ChannelConfig, size: number): number | undefined {
  const flow = messageRate(ctx, ch);
  if (flow === undefined) return undefined;
  const sent = bytesPerMessage(ch, size);
  const compressed = isCompressed(ch);
  const mbs = (flow.rate * sent.bytes) / (1024 * 1024);
  // Kept from an earlier run in the command where everything the line is made of is the same
  // (RuleContext.kept: a sensitivity point moves one definition of 1,000): the flow, what is sent, the
  // count its label names, and where its inputs come from (flowInputs).
  keptOrBuilt(
    ctx,
    "data-rate",
    ch.name,
    [
      flow.rate,
      flow.from,
      flow.perTxn,
      flow.why,
      sent.bytes,
      sent.text,
      compressed,
      ch.compressibility,
      ch.count,
      size,
      ch.messageSize !== undefined,
    ],
    (c) => dataRateLine(c, ch, size, flow, sent, compressed, mbs),
  );
  return mbs;
}

/** The data over the channel, MB/s, as a line. */
function dataRateLine(
  ctx: RuleContext,
  ch: ChannelConfig,
  size: number,
  flow: NonNullable<ReturnType<typeof messageRate>>,
  sent: ReturnType<typeof bytesPerMessage>,
  compressed: boolean,
  mbs: number,
): void {
  const { registry } = ctx;
  const both = flow.perTxn === 2;
  ctx.item({
    id: `channels.data-rate.${ch.name}`,
    concern: "channels",
    label: `${ch.name}: data over the channel${both ? ", both directions together" : ""}${ch.count > 1 ? `, all ${ch.count} instances` : ""}`,
    metric: "rate",
    value: mbs,
    unit: "MB/s",
    formula: `${num(flow.rate)} msgs/s${flow.why ? ` (${flow.why})` : ""} x ${sent.text} / 1MB`,
    inputs: flowInputs(ch, flow, size),
    ...arithmetic(
      registry.citation(registry.formula(DATA_RATE)),
      ...(compressed ? [registry.citation(registry.formula(COMPRESSED))] : []),
    ),
  });
}

/** A network profile in the report's words: "N4 (50ms, 0.5% packet loss)". */
function profileWords(ctx: RuleContext, profile: string): string {
  const latency = ctx.registry.lookup(PROFILES, { networkProfile: profile }, "latency");
  const loss = ctx.registry.lookup(PROFILES, { networkProfile: profile }, "packetLoss");
  return `${profile} (${latency.raw}, ${loss.raw})`;
}

/**
 * One channel streaming over the two 50ms profiles, with 0.5% packet loss (N4) and without (N5): the
 * throughput the report measured for TCP/IP and fasp.io at 10KB and 1MB (001 lines 2061-2071), and
 * what removing the loss gives. Measured streaming persistent messages over one channel with BATCHSZ
 * 200 (001 line 1956) on a network limited to 1Gb/s (line 1928), MQ 9.2 on z15: sizes between 10KB and
 * 1MB are interpolated, others are a gap; another release, machine or non-persistent messages are
 * extrapolated with a warning.
 */
function packetLoss(ctx: RuleContext, ch: ChannelConfig, size: number, mbs: number | undefined): void {
  const { registry, config } = ctx;
  const profile = ch.networkProfile!;
  const t = registry.table(ZERO_LOSS);
  const profiles = t.axes.find((a) => a.name === "networkProfile")!.values.map(String);
  if (!profiles.includes(profile)) return;
  const lossOf = (p: string) => registry.lookup(PROFILES, { networkProfile: p }, "packetLoss").value;
  const lossy = profiles.find((p) => lossOf(p) > 0)!;
  const clean = profiles.find((p) => lossOf(p) === 0)!;
  const how = WAN_TRANSPORTS[ch.transport]!;
  const pair = `${profileWords(ctx, lossy)} and ${profileWords(ctx, clean)}`;
  if (config.workload.pattern !== "one-way") {
    ctx.gap(
      "channels",
      `${ch.name}: one channel's ${how} throughput on ${pair} was measured streaming only (001 lines 2053-2071); this config is ${config.workload.pattern}`,
      chartsFor(ctx, "channels", /zero loss/i),
    );
    return;
  }
  const sizes = axisNumbers(registry, ZERO_LOSS, "messageSize");
  if (size < sizes[0]! || size > sizes[sizes.length - 1]!) {
    ctx.gap(
      "channels",
      `${ch.name}: one channel's ${how} streaming throughput on ${pair} was measured at ${sizes.map(sizeLabel).join(" and ")} only (001 lines 2061-2071); not carried to ${sizeLabel(size)}`,
    );
    return;
  }
  // The network sets these rates more than the machine or the release does, but nothing measured
  // says so: outside the runs' conditions the figures are extrapolated.
  const subject = subjectOf(config, { messageSize: size });
  const at = (p: string, transport: string = ch.transport): LookupResult =>
    through(ctx, ZERO_LOSS, {
      at: { transport, messageSize: size, networkProfile: p },
      subject,
      only: ZERO_LOSS_ONLY,
      ...(p === profile && transport === ch.transport
        ? { concern: "channels" as const, what: `${ch.name}: ${how} streaming throughput on ${profile}` }
        : {}),
    }).r;
  const mine = at(profile);
  const withLoss = at(lossy);
  const without = at(clean);
  // The runs' conditions as the report states them: its batch size and its network (001 lines 1928, 1956).
  const batch = registry.figureValue(FASP_BATCH);
  const net = registry.figureValue(FASP_NETWORK);
  const measuredWith = `one channel, persistent messages, ${batch.raw}, ${net.raw} network (001 lines ${net.citation.lines}, ${batch.citation.lines})`;
  const interpolated = (r: LookupResult) =>
    r.points ? `interpolated from ${r.points.map((x) => x.raw).join(" and ")}` : r.raw;
  const inputs = { networkProfile: { value: profile, from: `channels.${ch.name}.networkProfile` } };
  ctx.item({
    id: `channels.wan-throughput.${ch.name}`,
    concern: "channels",
    label: `${ch.name}: one channel's ${how} throughput streaming ${sizeLabel(size)} on ${profileWords(ctx, profile)}, as measured`,
    metric: "info",
    value: mine.value,
    unit: "MB/s",
    formula: `${interpolated(mine)}; ${measuredWith}`,
    inputs,
    ...fromLookups(mine),
  });
  const ratio = rangeOf((a, b) => a / b, without, withLoss);
  ctx.item({
    id: `channels.loss-free-ratio.${ch.name}`,
    concern: "channels",
    label: `${ch.name}: ${how} streaming throughput without packet loss (${clean}) against 0.5% loss (${lossy}) at the same latency`,
    metric: "info",
    ...ratio,
    unit: "x",
    formula: `${clean} ${interpolated(without)} / ${lossy} ${interpolated(withLoss)}`,
    inputs,
    ...fromLookups(without, withLoss),
  });
  const gain = rangeOf((a, b) => a - b, without, withLoss);
  ctx.item({
    id: `channels.loss-free-gain.${ch.name}`,
    concern: "channels",
    label: `${ch.name}: ${how} streaming throughput gained without packet loss (${clean} against ${lossy})`,
    metric: "info",
    ...gain,
    unit: "MB/s",
    formula: `${clean} ${interpolated(without)} - ${lossy} ${interpolated(withLoss)}`,
    inputs,
    ...fromLookups(without, withLoss),
  });
  // fasp.io against TCP/IP where the ratio table has no cell (N5): the quotient of the two runs.
  const ratioTable = registry
    .table(FASP)
    .cells.some((c) => c.at.workload === "streaming" && c.at.networkProfile === profile);
  if (ch.transport === "fasp" && !ratioTable) {
    const tcp = at(profile, "tcp");
    const vsTcp = rangeOf((a, b) => a / b, mine, tcp);
    ctx.item({
      id: `channels.fasp.${ch.name}`,
      concern: "channels",
      label: `${ch.name}: fasp.io throughput against TCP/IP, streaming, ${profile}`,
      metric: "info",
      ...vsTcp,
      unit: "x",
      formula: `fasp.io ${interpolated(mine)} / TCP/IP ${interpolated(tcp)}; ${measuredWith}`,
      inputs,
      ...fromLookups(mine, tcp),
    });
  }
  if (mbs !== undefined && mbs / ch.count > mine.value)
    ctx.warn(
      "channels",
      `${ch.name}: ${num(mbs / ch.count, 2)} MB/s per channel instance is more than the ${num(mine.value, 2)} MB/s one ${how} channel streamed on ${profileWords(ctx, profile)} (${measuredWith}); expect messages to back up on the transmission queue, or spread them over more channels`,
      [mine.citation],
    );
}

function sysplexTransport(ctx: RuleContext, how: string): void {
  const size = ctx.config.workload.messageSize;
  let shown = 0;
  for (const id of SYSPLEX[how] ?? []) {
    if (Number(ctx.registry.figure(id).condition.messageSize) !== size) continue;
    shown++;
    blogItem(ctx, id, `channels.sysplex.${id.split(".")[1]}`, `${how}: `);
  }
  if (how === "shared-queue" && size === ctx.registry.figureValue("002.msg-size-4mb").value)
    // Qualitative (no figure): the 4MB costs and rates are charts only.
    ctx.warn(
      "channels",
      `shared queue: with 4MB messages the sysplex blog measured shared queues as the lowest cost of its five configurations, because the data is read from shared message data sets rather than sent over the network, which loads the disk and "does not necessarily give the best performance" (002 line 249); its 4MB costs and rates are charts only`,
    );
  if (shown === 0) {
    ctx.gap(
      "channels",
      `${how}: the 2017 sysplex blog's comparisons were measured with ${sysplexSizes(ctx).map(sizeLabel).join(", ")} messages only (its rules of thumb at 2KB); none is shown for ${sizeLabel(size)}`,
    );
    return;
  }
  if (ctx.config.mq.release !== "8.0") {
    ctx.warn(
      "channels",
      `the ${how} comparisons come from a 2017 blog measured on MQ V8 on z13 with ${sizeLabel(size)} messages; they are shown for information and do not change the estimate`,
    );
  }
}

export const channels: Rule = {
  quotes: [...Object.values(SMC).flat(), ...Object.values(SYSPLEX).flat(), ...FASP_RR_N1],
  id: "channels",
  concern: "channels",
  description: "Channel compression, transports (SMC-R, SMC-D), and the fasp.io gateway.",
  reads: [
    "channels[].compression",
    "channels[].compressibility",
    "channels[].transport",
    "channels[].networkProfile",
    "channels[].tls",
    "channels[].messageSize",
    "channels[].rate",
    "channels[].count",
    "workload.*",
    "hardware.generation",
  ],
  uses: [
    COMPRESSED,
    HW_THRESHOLD,
    Z14_INFLATE,
    Z15_COST,
    Z15_RATE,
    Z15_TLS_COST,
    Z15_TLS_RATE,
    TEST_SIZE,
    FASP,
    ...Object.values(SMC).flat(),
    ...new Set(Object.values(SYSPLEX).flat()),
    ...SYSPLEX_SIZES,
    FASP_NETWORK,
    FASP_BATCH,
    ...FASP_RR_N1,
    ZERO_LOSS,
    PROFILES,
    DATA_RATE,
  ],
  applies: (c) => (c.channels?.length ?? 0) > 0 || c.workload.transport !== undefined,
  run(ctx) {
    // Its items are information and rates, which a lean estimate does not keep (engine/lean.ts), and
    // its findings are warnings and gaps: nothing to do for a search's point.
    if (ctx.lean) return;
    const how = ctx.config.workload.transport;
    if (how) sysplexTransport(ctx, how);
    for (const ch of ctx.config.channels ?? []) {
      const size = ch.messageSize ?? ctx.config.workload.messageSize;
      if (ch.compression !== "none") compression(ctx, ch, size);
      transport(ctx, ch, size, dataRate(ctx, ch, size));
    }
  },
};
