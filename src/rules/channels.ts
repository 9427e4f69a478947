// Channels: message compression (bytes on the wire from compressibility, the z15 hardware threshold,
// z14 software inflate), transports between queue managers (SMC-R, SMC-D against TCP/IP, from the
// 2017 sysplex blog), and the Aspera fasp.io gateway's throughput against TCP/IP by network profile.
import type { ChannelConfig } from "../config/types.js";
import type { Rule, RuleContext } from "../engine/types.js";
import { chartsFor, fromLookups, num, sizeLabel } from "./helpers.js";

const COMPRESSED = "001.compressed-size";
const HW_THRESHOLD = "003.z15-hw-compression-threshold";
const Z14_INFLATE = "003.zlibfast-z14-software-inflate";
const Z15_COST = "003.zlibfast-cost-reduction";
const SMC: Record<string, string[]> = {
  "smc-d": ["002.smcd-vs-smcr-rate-64kb", "002.smcd-vs-smcr-rate-4mb", "002.cost-growth-smc-d"],
  "smc-r": ["002.cost-growth-smc-r"],
};
const FASP = "001.fasp-throughput-vs-tcp";
/** The 2017 sysplex blog's comparisons of ways to move messages, against MCA channels (MQ V8, z13, 2KB). */
const SYSPLEX: Record<string, string[]> = {
  igq: ["002.igq-cost-vs-mca-2kb", "002.cost-growth-igq"],
  "shared-queue": ["002.sq-cost-vs-mca-2kb", "002.sq-qmgr-cost-vs-mca", "002.xcf-cost-sq-2kb", "002.cost-growth-sq"],
  channels: ["002.cost-growth-tcp"],
};

// The pattern naming a compression's charts, made once per compression rather than per channel.
const compressionPatterns = new Map<string, RegExp>();
function compressionCharts(compression: string): RegExp {
  let re = compressionPatterns.get(compression);
  if (!re) compressionPatterns.set(compression, (re = new RegExp(compression, "i")));
  return re;
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
      citations: [registry.citation(f)],
      confidence: "measured",
      flags: [],
    });
  }
  const gen = config.hardware.generation;
  if (ch.compression === "zlibfast" && (gen === "z15" || gen === "z16" || gen === "z17")) {
    const t = registry.figureValue(HW_THRESHOLD);
    if (size < t.value)
      ctx.warn(
        "channels",
        `${ch.name}: ${sizeLabel(size)} messages are below the ${t.raw} threshold for hardware compression on z15; they compress in software`,
        [t.citation],
      );
    const z = registry.figureValue(Z15_COST);
    ctx.item({
      id: `channels.zlibfast-z15.${ch.name}`,
      concern: "channels",
      label: `${ch.name}: ZLIBFAST on z15 on-chip compression, cost change against z14 (at best)`,
      metric: "info",
      value: -z.value,
      unit: "%",
      formula: `"${z.raw}" lower transaction cost than z14 (highly compressible 32KB messages)`,
      inputs: {},
      ...fromLookups(z),
    });
  }
  if (ch.compression === "zlibfast" && gen === "z14" && ch.compressibility !== undefined) {
    const r = registry.figureValue(Z14_INFLATE);
    if (ch.compressibility >= (r.low ?? r.value) && ch.compressibility <= (r.high ?? r.value)) {
      ctx.warn(
        "channels",
        `${ch.name}: on z14, messages ${r.raw} compressible were too small to inflate in hardware and cost markedly more`,
        [r.citation],
      );
    }
  }
  ctx.gap(
    "channels",
    `${ch.name}: CPU cost of COMPMSG(${ch.compression.toUpperCase()}): the reports give it only as charts`,
    chartsFor(ctx, "channels", compressionCharts(ch.compression)),
  );
}

function transport(ctx: RuleContext, ch: ChannelConfig, size: number): void {
  const { registry, config } = ctx;
  const ids = SMC[ch.transport];
  if (ids) {
    for (const id of ids) {
      const r = registry.figureValue(id);
      const cond = registry.figure(id).condition;
      if (cond.messageSize !== undefined && Number(cond.messageSize) !== size) continue;
      ctx.item({
        id: `channels.${ch.transport}.${ch.name}.${id.split(".")[1]}`,
        concern: "channels",
        label: `${ch.name}: ${registry.figure(id).subject.replace(/-/g, " ")} (${ch.transport.toUpperCase()}, MQ V8 on z13)`,
        metric: "info",
        value: r.value,
        unit: "%",
        formula: `"${registry.figure(id).quote}" relative to ${registry.figure(id).relativeTo ?? "TCP/IP"}`,
        inputs: {},
        ...fromLookups(r),
        confidence: "carried-forward",
      });
    }
    if (config.mq.release !== "8.0") {
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
    const t = registry.table(FASP);
    const workload = config.workload.pattern === "one-way" ? "streaming" : "request-responder";
    const cells = t.cells.filter((c) => c.at.workload === workload && c.at.networkProfile === ch.networkProfile);
    if (cells.length === 0) {
      ctx.gap(
        "channels",
        `${ch.name}: fasp.io against TCP/IP is not measured for ${workload} on profile ${ch.networkProfile}`,
      );
      return;
    }
    // The table is sparse: a size on the axis may be missing from this profile's row (32KB is measured
    // for request-responder only), and a lookup at it would find no cell.
    const measuredSizes = cells.map((c) => Number(c.at.messageSize));
    const onAxis = t.axes.find((a) => a.name === "messageSize")!.values.map(Number);
    if (onAxis.includes(size) && !measuredSizes.includes(size)) {
      ctx.gap(
        "channels",
        `${ch.name}: fasp.io against TCP/IP is not measured at ${sizeLabel(size)} for ${workload} on profile ${ch.networkProfile} (measured at ${measuredSizes.map(sizeLabel).join(", ")})`,
      );
      return;
    }
    const r = ctx.registry.lookup(FASP, { workload, networkProfile: ch.networkProfile, messageSize: size });
    ctx.item({
      id: `channels.fasp.${ch.name}`,
      concern: "channels",
      label: `${ch.name}: fasp.io throughput against TCP/IP, ${workload}, ${ch.networkProfile}`,
      metric: "info",
      value: r.value,
      unit: "x",
      formula: r.points ? `interpolated from ${r.raw}` : `${r.raw}`,
      inputs: { networkProfile: { value: ch.networkProfile, from: `channels.${ch.name}.networkProfile` } },
      ...fromLookups(r),
    });
  }
}

function sysplexTransport(ctx: RuleContext, how: string): void {
  const { registry } = ctx;
  for (const id of SYSPLEX[how] ?? []) {
    const f = registry.figure(id);
    const r = registry.figureValue(id);
    ctx.item({
      id: `channels.sysplex.${id.split(".")[1]}`,
      concern: "channels",
      label: `${how}: ${f.subject.replace(/-/g, " ")}${f.relativeTo ? ` vs ${f.relativeTo}` : ""} (MQ V8, z13, 2KB)`,
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
  if (ctx.config.mq.release !== "8.0") {
    ctx.warn(
      "channels",
      `the ${how} comparisons come from a 2017 blog measured on MQ V8 on z13 with 2KB messages; they are shown for information and do not change the estimate`,
    );
  }
}

export const channels: Rule = {
  id: "channels",
  concern: "channels",
  description: "Channel compression, transports (SMC-R, SMC-D), and the fasp.io gateway.",
  reads: [
    "channels[].compression",
    "channels[].compressibility",
    "channels[].transport",
    "channels[].networkProfile",
    "hardware.generation",
  ],
  uses: [
    COMPRESSED,
    HW_THRESHOLD,
    Z14_INFLATE,
    Z15_COST,
    FASP,
    ...Object.values(SMC).flat(),
    ...Object.values(SYSPLEX).flat(),
  ],
  applies: (c) => (c.channels?.length ?? 0) > 0 || c.workload.transport !== undefined,
  run(ctx) {
    const how = ctx.config.workload.transport;
    if (how) sysplexTransport(ctx, how);
    for (const ch of ctx.config.channels ?? []) {
      const size = ch.messageSize ?? ctx.config.workload.messageSize;
      if (ch.compression !== "none") compression(ctx, ch, size);
      transport(ctx, ch, size);
    }
  },
};
