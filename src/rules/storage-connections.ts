// Queue manager storage per connection and CSA: initial CSA per queue manager, CSA per connection by
// connection type and SHARECNV, queue manager storage below the bar per connection (MQ 9.3 report).
import { DEFAULT_SHARECNV } from "../config/mq-defaults.js";
import type { Rule, RuleContext } from "../engine/types.js";
import type { LookupResult } from "../model/registry.js";
import { chooseRelease, fromLookups, num } from "./helpers.js";

const CSA_INITIAL = "000.csa-initial-per-qmgr";
const CSA_LIMIT = "000.csa-31bit-absolute-limit";
const OPEN_OBJECTS = "000.qmgr-storage-per-connection-open-objects-limit";
const CSA: Record<string, string> = {
  local: "000.csa-per-connection-local",
  mca: "000.csa-per-connection-mca",
  "svrconn-0": "000.csa-per-connection-svrconn-sharecnv0",
  "svrconn-1": "000.csa-per-connection-svrconn-sharecnv1",
  "svrconn-5": "000.csa-per-connection-svrconn-sharecnv5",
  "svrconn-10": "000.csa-per-connection-svrconn-sharecnv10",
};
const QMGR: Record<string, string> = {
  local: "000.qmgr-storage-per-connection-typical",
  "svrconn-1": "000.qmgr-storage-per-connection-svrconn-sharecnv1",
  "svrconn-1-shared": "000.qmgr-storage-per-connection-svrconn-sharecnv1-shared",
  "svrconn-10": "000.qmgr-storage-per-connection-svrconn-sharecnv10",
};

interface Group {
  name: string;
  key: string;
  connections: number;
}

function groups(ctx: RuleContext): Group[] {
  const out: Group[] = [];
  const local = ctx.config.storage?.localConnections;
  if (local) out.push({ name: "local connections", key: "local", connections: local });
  for (const ch of ctx.config.channels ?? []) {
    if (ch.type === "server-connection") {
      const sharecnv = ch.sharecnv ?? DEFAULT_SHARECNV;
      out.push({
        name: ch.name,
        key: `svrconn-${sharecnv}`,
        connections: ch.conversations ?? ch.count * Math.max(1, sharecnv),
      });
    } else out.push({ name: ch.name, key: "mca", connections: ch.count });
  }
  return out;
}

export const storageConnections: Rule = {
  id: "storage-connections",
  concern: "storage",
  description: "CSA and queue manager storage per connection, by connection type and SHARECNV.",
  reads: [
    "storage.localConnections",
    "channels[].type",
    "channels[].sharecnv",
    "channels[].conversations",
    "workload.queues",
  ],
  uses: [CSA_INITIAL, CSA_LIMIT, OPEN_OBJECTS, ...Object.values(CSA), ...Object.values(QMGR)],
  applies: (c) => Boolean(c.storage?.localConnections) || (c.channels?.length ?? 0) > 0,
  run(ctx) {
    const { registry } = ctx;
    const rel = chooseRelease(ctx, registry.figure(CSA_INITIAL).appliesTo.releases, "storage", "CSA per connection");
    if (!rel) {
      ctx.gap(
        "storage",
        `CSA and queue manager storage per connection are given for MQ 9.1-9.3 only; none for MQ ${ctx.config.mq.release}`,
      );
      return;
    }
    const initial = registry.figureValue(CSA_INITIAL);
    let csaKB = 0;
    const csaLookups: LookupResult[] = [initial];
    for (const g of groups(ctx)) {
      const csaId = CSA[g.key];
      if (!csaId) {
        ctx.gap("storage", `${g.name}: CSA per connection is not given for ${g.key.replace("svrconn-", "SHARECNV(")})`);
      } else {
        const r = registry.figureValue(csaId);
        csaKB += r.value * g.connections;
        csaLookups.push(r);
        ctx.item({
          id: `storage.csa-connections.${g.name}`,
          concern: "storage",
          label: `${g.name}: CSA for ${num(g.connections)} connection(s)`,
          addressSpace: "qmgr",
          metric: "storage",
          value: (r.value * g.connections) / 1024,
          unit: "MB",
          formula: `${r.raw} per connection x ${num(g.connections)} / 1024`,
          inputs: {
            perConnectionKB: { value: r.value, unit: "KB", from: csaId },
            connections: { value: g.connections, unit: "count", from: g.name },
          },
          ...fromLookups(r),
        });
      }
      const shared = ctx.config.workload.queues === "shared";
      const qKey = g.key === "svrconn-1" && shared ? "svrconn-1-shared" : g.key;
      const qId = QMGR[qKey];
      if (!qId) {
        ctx.gap(
          "storage",
          `${g.name}: queue manager storage per connection is not given for this connection type (${qKey})`,
        );
        continue;
      }
      const q = registry.figureValue(qId);
      const limit = registry.figureValue(OPEN_OBJECTS);
      ctx.item({
        id: `storage.qmgr-connections.${g.name}`,
        concern: "storage",
        label: `${g.name}: queue manager storage below the bar`,
        addressSpace: "qmgr",
        metric: "storage",
        value: (q.value * g.connections) / 1024,
        unit: "MB",
        formula: `${q.raw} per connection x ${num(g.connections)} / 1024 (holds for applications with up to ${limit.value} objects open)`,
        inputs: {
          perConnectionKB: { value: q.value, unit: "KB", from: qId },
          connections: { value: g.connections, unit: "count", from: g.name },
        },
        ...fromLookups(q, limit),
      });
    }
    const totalMB = initial.value + csaKB / 1024;
    const limit = registry.figureValue(CSA_LIMIT);
    ctx.item({
      id: "storage.csa-total",
      concern: "storage",
      label: "CSA: initial per queue manager plus connections",
      addressSpace: "qmgr",
      metric: "storage",
      value: totalMB,
      unit: "MB",
      formula: `${initial.raw} + ${num(csaKB, 2)} KB / 1024`,
      inputs: {
        initialMB: { value: initial.value, unit: "MB", from: CSA_INITIAL },
        connectionsKB: { value: csaKB, unit: "KB", from: "storage.csa-connections.*" },
      },
      ...fromLookups(...csaLookups),
    });
    if (totalMB > limit.value * 1024)
      ctx.warn("storage", `CSA of ${num(totalMB)} MB exceeds the 31-bit limit of ${limit.raw}`, [limit.citation]);
  },
};
