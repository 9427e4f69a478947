// Channel initiator storage: the footprint of each channel definition, and how many channels (and
// clients) fit the free channel initiator storage under the reports' 80% guideline.
import { DEFAULT_SHARECNV } from "../config/mq-defaults.js";
import type { Rule, RuleContext } from "../engine/types.js";
import type { ChannelConfig } from "../config/types.generated.js";
import type { LookupResult } from "../model/registry.js";
import { axisNumbers, carried, chooseRelease, fromLookups, num, sizeLabel, tableReleases } from "./helpers.js";

const SVRCONN = "000.chin-footprint-svrconn";
const PER_CHANNEL = "000.chin-footprint-per-channel";
const HEADROOM = "000.chin-storage-headroom";
const MAX_CLIENTS = "000.chin-max-clients";

function footprint(
  ctx: RuleContext,
  ch: ChannelConfig,
  size: number,
): { r: LookupResult; perInstance: number } | undefined {
  const { registry } = ctx;
  if (ch.type === "server-connection") {
    const sharecnv = ch.sharecnv ?? DEFAULT_SHARECNV;
    const measured = axisNumbers(registry, SVRCONN, "sharecnv");
    if (!measured.includes(sharecnv)) {
      ctx.gap(
        "storage",
        `channel ${ch.name}: SHARECNV(${sharecnv}) footprint is not measured (the reports give SHARECNV ${measured.join(", ")})`,
      );
      return undefined;
    }
    const rel = chooseRelease(ctx, tableReleases(registry, SVRCONN), "storage", `SVRCONN footprint for ${ch.name}`);
    if (!rel) {
      ctx.gap("storage", `channel ${ch.name}: no SVRCONN footprint for MQ ${ctx.config.mq.release}`);
      return undefined;
    }
    const r = carried(registry.lookup(SVRCONN, { release: rel.release, sharecnv, messageSize: size }), rel.carried);
    return { r, perInstance: r.value };
  }
  const rel = chooseRelease(ctx, tableReleases(registry, PER_CHANNEL), "storage", `channel footprint for ${ch.name}`);
  if (!rel) {
    ctx.gap("storage", `channel ${ch.name}: no message-channel footprint for MQ ${ctx.config.mq.release}`);
    return undefined;
  }
  const r = carried(registry.lookup(PER_CHANNEL, { messageSize: size }, "footprint"), rel.carried);
  return { r, perInstance: r.value };
}

export const storageChin: Rule = {
  id: "storage-chin",
  concern: "storage",
  description: "Channel initiator storage per channel, and the channels that fit the free storage.",
  reads: [
    "channels[].type",
    "channels[].sharecnv",
    "channels[].messageSize",
    "channels[].conversations",
    "channels[].count",
    "storage.chin",
    "mq.release",
  ],
  uses: [SVRCONN, PER_CHANNEL, HEADROOM, MAX_CLIENTS],
  applies: (c) => (c.channels?.length ?? 0) > 0,
  run(ctx) {
    const { config, registry } = ctx;
    for (const ch of config.channels ?? []) {
      const size = ch.messageSize ?? config.workload.messageSize;
      const fp = footprint(ctx, ch, size);
      if (!fp) continue;
      const sharecnv = ch.type === "server-connection" ? (ch.sharecnv ?? DEFAULT_SHARECNV) : 0;
      const instances =
        ch.type === "server-connection" && ch.conversations !== undefined
          ? Math.ceil(ch.conversations / Math.max(1, sharecnv))
          : ch.count;
      const base = fromLookups(fp.r);
      const shown = fp.r.points ? `interpolated from ${fp.r.raw} KB` : `${fp.r.raw} KB`;
      ctx.item({
        id: `storage.chin-footprint.${ch.name}`,
        concern: "storage",
        label: `${ch.name}: CHIN storage, ${num(instances)} x ${ch.type} at ${sizeLabel(size)}`,
        addressSpace: "chin",
        metric: "storage",
        value: (fp.perInstance * instances) / 1024,
        unit: "MB",
        formula: `footprint per instance x instances / 1024 = ${num(fp.perInstance, 2)} KB (${shown}) x ${num(instances)} / 1024`,
        inputs: {
          footprintKB: { value: fp.perInstance, unit: "KB", from: fp.r.citation.id },
          instances: {
            value: instances,
            unit: "count",
            from:
              ch.conversations !== undefined
                ? `channels.${ch.name}.conversations / sharecnv`
                : `channels.${ch.name}.count`,
          },
          messageSize: {
            value: size,
            unit: "bytes",
            from: ch.messageSize !== undefined ? `channels.${ch.name}.messageSize` : "workload.messageSize",
          },
        },
        ...base,
      });
      const chin = config.storage?.chin;
      if (!chin) continue;
      const headroom =
        chin.headroom !== undefined
          ? { value: chin.headroom, user: true }
          : { value: registry.figureValue(HEADROOM).value, user: false };
      const usedMB = chin.used / 1048576;
      const freeMB = chin.free / 1048576;
      // The report floors the storage limit (1466 x 80% = 1172.8 printed 1172MB) and the channel count.
      const limitMB = Math.floor((headroom.value / 100) * (usedMB + freeMB));
      const availableMB = limitMB - usedMB;
      const channels = Math.max(0, Math.floor((availableMB * 1024) / fp.perInstance));
      const cap = registry.figureValue(MAX_CLIENTS);
      const lookups = [fp.r, cap, ...(headroom.user ? [] : [registry.figureValue(HEADROOM)])];
      const parts = fromLookups(...lookups);
      if (headroom.user) parts.confidence = parts.confidence === "measured" ? "user-supplied" : parts.confidence;
      ctx.item({
        id: `storage.chin-capacity.${ch.name}`,
        concern: "storage",
        label: `${ch.name}: channels that fit free CHIN storage`,
        addressSpace: "chin",
        metric: "limit",
        limitOf: "channels",
        value: channels,
        unit: "channels",
        formula:
          `floor((floor(${num(headroom.value)}% x (${num(usedMB, 2)} + ${num(freeMB, 2)}) MB) - ${num(usedMB, 2)} MB) x 1024 / ${num(fp.perInstance, 2)} KB)` +
          ` = floor(${num(availableMB, 2)} MB x 1024 / ${num(fp.perInstance, 2)} KB) = ${num(channels)}`,
        inputs: {
          usedMB: { value: usedMB, unit: "MB", from: "storage.chin.used" },
          freeMB: { value: freeMB, unit: "MB", from: "storage.chin.free" },
          headroom: {
            value: headroom.value,
            unit: "percent",
            from: headroom.user ? "storage.chin.headroom" : HEADROOM,
          },
          footprintKB: { value: fp.perInstance, unit: "KB", from: fp.r.citation.id },
        },
        ...parts,
      });
      if (channels > cap.value) {
        ctx.warn(
          "storage",
          `${ch.name}: storage allows ${num(channels)} channels, above the channel initiator's limit of ${cap.raw} (or MAXCHL)`,
          [cap.citation],
        );
      }
      if (sharecnv > 0) {
        ctx.item({
          id: `storage.chin-clients.${ch.name}`,
          concern: "storage",
          label: `${ch.name}: conversations that fit, SHARECNV(${sharecnv})`,
          addressSpace: "chin",
          metric: "limit",
          limitOf: "connections",
          value: channels * sharecnv,
          unit: "conversations",
          formula: `channels x SHARECNV = ${num(channels)} x ${sharecnv}`,
          inputs: {
            channels: { value: channels, unit: "count", from: `storage.chin-capacity.${ch.name}` },
            sharecnv: { value: sharecnv, unit: "count", from: `channels.${ch.name}.sharecnv` },
          },
          ...parts,
        });
      }
    }
  },
};
