// Queue manager storage per connection and CSA: initial CSA per queue manager, CSA per connection by
// connection type and SHARECNV, queue manager storage below the bar per connection (with the shared
// queue overhead), each summed over every connection, and checked against the CSA and below-the-bar
// storage the config says the queue manager has (CSA otherwise only against the 2GB absolute limit).
// MQ 9.3 takes the 9.3 report's figures (000); MQ 9.0 to 9.2 the 9.2 report's (001), which differ a
// little ("approximately 15KB" against 16KB, 29.8KB against 29.5KB).
import { DEFAULT_SHARECNV } from "../config/mq-defaults.js";
import { keptOrBuilt } from "../engine/rule-memo.js";
import type { LineItem, Rule, RuleContext } from "../engine/types.js";
import type { Confidence, LookupResult } from "../model/registry.js";
import { chooseRelease, fromLookups, num, rangeOf } from "./helpers.js";

const CSA_INITIAL = "000.csa-initial-per-qmgr";
const CSA_INITIAL_92 = "001.csa-initial-per-qmgr";
const CSA_LIMIT = "000.csa-31bit-absolute-limit";
const CSA_LIMIT_92 = "001.csa-absolute-limit";
const OPEN_OBJECTS = "000.qmgr-storage-per-connection-open-objects-limit";
const OPEN_OBJECTS_92 = "001.connection-storage-open-objects";
const CSA: Record<string, string> = {
  local: "000.csa-per-connection-local",
  mca: "000.csa-per-connection-mca",
  "svrconn-0": "000.csa-per-connection-svrconn-sharecnv0",
  "svrconn-1": "000.csa-per-connection-svrconn-sharecnv1",
  "svrconn-5": "000.csa-per-connection-svrconn-sharecnv5",
  "svrconn-10": "000.csa-per-connection-svrconn-sharecnv10",
};
const CSA_92 = "001.csa-per-connection";
const QMGR: Record<string, string> = {
  local: "000.qmgr-storage-per-connection-typical",
  "svrconn-1": "000.qmgr-storage-per-connection-svrconn-sharecnv1",
  "svrconn-1-shared": "000.qmgr-storage-per-connection-svrconn-sharecnv1-shared",
  "svrconn-10": "000.qmgr-storage-per-connection-svrconn-sharecnv10",
};
const QMGR_92 = "001.qmgr-storage-per-connection";
/** The 9.2 report's connection cases (table 001.qmgr-storage-per-connection). */
const CASE_92: Record<string, { case: string; sharecnv: number; queueType: string }> = {
  local: { case: "typical", sharecnv: 1, queueType: "private" },
  "svrconn-1": { case: "sharecnv1", sharecnv: 1, queueType: "private" },
  "svrconn-1-shared": { case: "sharecnv1-shared-queue", sharecnv: 1, queueType: "shared" },
  "svrconn-10": { case: "sharecnv10-curshcnv10", sharecnv: 10, queueType: "private" },
};
const SQ_OVERHEAD = "000.qmgr-storage-shared-queue-overhead";

interface Bounds {
  value: number;
  low: number;
  high: number;
}

/** Adds n of a ranged value to a running interval sum. */
function addTo(sum: Bounds, x: Bounds, n: number): void {
  sum.value += x.value * n;
  sum.low += x.low * n;
  sum.high += x.high * n;
}

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

/** Which report's figures serve the release: the 9.3 report's for 9.3, the 9.2 report's for 9.0-9.2. */
type Book = "93" | "92";

function csaPerConnection(ctx: RuleContext, book: Book, key: string): LookupResult | undefined {
  if (book === "93") return CSA[key] ? ctx.registry.figureValue(CSA[key]) : undefined;
  const at =
    key === "local"
      ? { channelType: "local", sharecnv: 0 }
      : key === "mca"
        ? { channelType: "message-channel", sharecnv: 0 }
        : { channelType: "server-connection", sharecnv: Number(key.slice("svrconn-".length)) };
  if (at.channelType === "server-connection" && ![0, 1, 5, 10].includes(at.sharecnv)) return undefined;
  return ctx.registry.lookup(CSA_92, at, "csaPerConnection");
}

/**
 * Queue manager storage below the bar per connection. Shared queues: the SHARECNV(1) figure measured
 * with them; for other connections, their private-queue figure plus the shared-queue overhead measured
 * on SHARECNV(1) (extrapolated, so warned). Undefined where the sources give no figure.
 */
function belowBarPerConnection(
  ctx: RuleContext,
  book: Book,
  key: string,
  shared: boolean,
): { r: LookupResult[]; kb: number; formula: string; confidence?: Confidence } | undefined {
  const one = (k: string): LookupResult | undefined => {
    if (book === "93") return QMGR[k] ? ctx.registry.figureValue(QMGR[k]) : undefined;
    const at = CASE_92[k];
    return at ? ctx.registry.lookup(QMGR_92, at, "perConnection") : undefined;
  };
  if (shared && key === "svrconn-1") {
    const r = one("svrconn-1-shared")!;
    return { r: [r], kb: r.value, formula: `${r.raw} per connection (SHARECNV(1) to shared queues)` };
  }
  const base = one(key);
  if (!base) return undefined;
  if (!shared) return { r: [base], kb: base.value, formula: `${base.raw} per connection` };
  const over =
    book === "93"
      ? ctx.registry.figureValue(SQ_OVERHEAD)
      : ctx.registry.lookup(QMGR_92, CASE_92["svrconn-1-shared"]!, "sharedQueueOverhead");
  return {
    r: [base, over],
    kb: base.value + over.value,
    formula: `${base.raw} per connection + ${over.raw} shared queue overhead (measured for SHARECNV(1) connections only)`,
    confidence: "extrapolated",
  };
}

/**
 * What shared queues add to a SHARECNV(1) connection's queue manager storage: the connection to shared
 * queues less the one to private queues, as the reports put it ("the storage is 29.5KB, giving an
 * additional shared queue overhead of 5.5KB" over 24KB, seed 000 lines 315-317; 29.8 and 5.8KB, seed
 * 001 lines 336-338).
 */
function sharedQueueOverhead(ctx: RuleContext, book: Book): void {
  const { registry } = ctx;
  const [shared, priv] =
    book === "93"
      ? [registry.figureValue(QMGR["svrconn-1-shared"]!), registry.figureValue(QMGR["svrconn-1"]!)]
      : [
          registry.lookup(QMGR_92, CASE_92["svrconn-1-shared"]!, "perConnection"),
          registry.lookup(QMGR_92, CASE_92["svrconn-1"]!, "perConnection"),
        ];
  ctx.item({
    id: "storage.shared-queue-overhead-per-connection",
    concern: "storage",
    label: "queue manager storage shared queues add to a SHARECNV(1) connection",
    addressSpace: "qmgr",
    metric: "info",
    // Noise does not reverse the overhead (docs/ranges.md): never below zero.
    ...rangeOf((a, b) => Math.max(0, a - b), shared, priv),
    unit: "KB",
    formula: `${shared.raw} (SHARECNV(1) to shared queues) - ${priv.raw} (SHARECNV(1) to private queues)`,
    inputs: { queues: { value: "shared", from: "workload.queues" } },
    ...fromLookups(shared, priv),
  });
}

export const storageConnections: Rule = {
  id: "storage-connections",
  concern: "storage",
  description:
    "CSA and queue manager storage per connection, by connection type and SHARECNV, summed and checked against the storage the queue manager has.",
  reads: [
    "storage.localConnections",
    "storage.csa.available",
    "storage.belowTheBar.available",
    "channels[].type",
    "channels[].sharecnv",
    "channels[].conversations",
    "workload.queues",
  ],
  uses: [
    CSA_INITIAL,
    CSA_INITIAL_92,
    CSA_LIMIT,
    CSA_LIMIT_92,
    OPEN_OBJECTS,
    OPEN_OBJECTS_92,
    SQ_OVERHEAD,
    CSA_92,
    QMGR_92,
    ...Object.values(CSA),
    ...Object.values(QMGR),
  ],
  applies: (c) => Boolean(c.storage?.localConnections) || (c.channels?.length ?? 0) > 0,
  run(ctx) {
    const { registry, config } = ctx;
    const release = config.mq.release;
    const book: Book | undefined =
      release === "9.3"
        ? "93"
        : registry.get(CSA_INITIAL_92).appliesTo.releases.includes(release)
          ? "92"
          : chooseRelease(
                ctx,
                CSA_INITIAL,
                registry.figure(CSA_INITIAL).appliesTo.releases,
                "storage",
                "CSA per connection",
              )
            ? "93"
            : undefined;
    if (!book) {
      ctx.gap(
        "storage",
        `CSA and queue manager storage per connection are given for MQ 9.0-9.3 only; none for MQ ${release}`,
      );
      return;
    }
    const initial = registry.figureValue(book === "93" ? CSA_INITIAL : CSA_INITIAL_92);
    const openObjects = registry.figureValue(book === "93" ? OPEN_OBJECTS : OPEN_OBJECTS_92);
    const shared = config.workload.queues === "shared";
    if (shared) sharedQueueOverhead(ctx, book);
    // Sums as intervals (docs/ranges.md: a sum adds bounds), in KB.
    const csaKB = { value: 0, low: 0, high: 0 };
    const csaLookups: LookupResult[] = [initial];
    const belowKB = { value: 0, low: 0, high: 0 };
    const belowLookups: LookupResult[] = [];
    let belowConfidence: Confidence = "measured";
    const perGroup: { g: Group; csaKB?: Bounds; belowKB?: Bounds }[] = [];
    // Per connection type, read once a run: definitions of one type read the same figures (1,000
    // senders read them 1,000 times).
    const csaOf = new Map<string, ReturnType<typeof csaPerConnection>>();
    const belowOf = new Map<string, ReturnType<typeof belowBarPerConnection>>();
    for (const g of groups(ctx)) {
      const row: (typeof perGroup)[number] = { g };
      perGroup.push(row);
      let r = csaOf.get(g.key);
      if (r === undefined && !csaOf.has(g.key)) csaOf.set(g.key, (r = csaPerConnection(ctx, book, g.key)));
      if (r) {
        addTo(csaKB, r, g.connections);
        csaLookups.push(r);
        row.csaKB = { value: r.value, low: r.low, high: r.high };
      }
      let q = belowOf.get(g.key);
      if (q === undefined && !belowOf.has(g.key))
        belowOf.set(g.key, (q = belowBarPerConnection(ctx, book, g.key, shared)));
      if (q) {
        // Per connection: the sum of its parts (a figure, or a figure plus the shared-queue overhead).
        const per = { value: 0, low: 0, high: 0 };
        for (const x of q.r) addTo(per, x, 1);
        addTo(belowKB, per, g.connections);
        belowLookups.push(...q.r);
        row.belowKB = per;
        if (q.confidence) belowConfidence = q.confidence;
      }
      // A definition's storage is not kept in a lean estimate (engine/lean.ts), nor its gaps: its sums
      // are. Kept from an earlier run in the command where its figures and connections are the same
      // (RuleContext.kept: a sensitivity point moves one definition of 1,000).
      if (ctx.lean) continue;
      const figures = { r, q, openObjects };
      keptOrBuilt(ctx, "connections", g.name, [book, shared, g.key, g.connections], (c) =>
        connectionLines(c, g, figures, shared),
      );
    }
    const total: Bounds = {
      value: initial.value + csaKB.value / 1024,
      low: initial.low + csaKB.low / 1024,
      high: initial.high + csaKB.high / 1024,
    };
    if (!ctx.lean)
      ctx.item({
        id: "storage.csa-total",
        concern: "storage",
        label: "CSA: initial per queue manager plus connections",
        addressSpace: "qmgr",
        metric: "storage",
        ...total,
        unit: "MB",
        formula: `${initial.raw} + ${num(csaKB.value, 2)} KB / 1024`,
        inputs: {
          initialMB: { value: initial.value, unit: "MB", from: initial.citation.id },
          connectionsKB: { value: csaKB.value, unit: "KB", from: "storage.csa-connections.*" },
        },
        ...fromLookups(...csaLookups),
      });
    const below: Bounds = { value: belowKB.value / 1024, low: belowKB.low / 1024, high: belowKB.high / 1024 };
    if (belowLookups.length && !ctx.lean) {
      const parts = fromLookups(...belowLookups, openObjects);
      if (belowConfidence !== "measured") parts.confidence = belowConfidence;
      ctx.item({
        id: "storage.below-bar-total",
        concern: "storage",
        label: "queue manager storage below the bar, all connections",
        addressSpace: "qmgr",
        metric: "storage",
        ...below,
        unit: "MB",
        formula: `${num(belowKB.value, 2)} KB / 1024, the connections of every definition together`,
        inputs: { connectionsKB: { value: belowKB.value, unit: "KB", from: "storage.qmgr-connections.*" } },
        ...parts,
      });
    }
    csaBudget(ctx, book, total, csaLookups, perGroup);
    belowBarBudget(ctx, below, belowLookups, perGroup);
  },
};

/**
 * CSA of the queue manager against what it really has (storage.csa.available): the 2GB is an
 * absolute limit of 31-bit storage that MVS, site settings and 31-bit buffer pools all take from
 * (000 lines 262-268). Without the config's figure, CSA is held against the 2GB alone, and a gap says so.
 */
function csaBudget(
  ctx: RuleContext,
  book: Book,
  total: Bounds,
  lookups: LookupResult[],
  perGroup: { g: Group; csaKB?: Bounds }[],
): void {
  const available = ctx.config.storage?.csa?.available;
  const limit = ctx.registry.figureValue(book === "93" ? CSA_LIMIT : CSA_LIMIT_92);
  const totalMB = total.value;
  // Key by key, not a spread of total: a key added to a spread copy takes V8 (Node 20) a slow path of
  // about a microsecond (most of this function's time).
  const demand = {
    value: total.value,
    low: total.low,
    high: total.high,
    from: "CSA of the queue manager and every connection",
  };
  if (available === undefined) {
    // Held against the 2GB always; shown (with the gap that says it is not what the queue manager has)
    // where the config asks about storage, or where the 2GB itself is exceeded.
    if (!ctx.config.storage && totalMB <= limit.value * 1024) return;
    ctx.item({
      id: "storage.csa-limit",
      concern: "storage",
      label: `CSA against the 31-bit absolute limit (${limit.raw}; the queue manager has less)`,
      addressSpace: "qmgr",
      metric: "limit",
      limitOf: "csa-mb",
      value: limit.value * 1024,
      unit: "MB",
      formula: `${limit.raw} x 1024, an upper bound: MVS uses some and sites may set the limit lower (storage.csa.available gives what this queue manager has)`,
      inputs: {},
      demand,
      // The 31-bit addressing limit, the same on every machine.
      hardwareFit: "machine-independent",
      ...fromLookups(limit),
    });
    ctx.gap(
      "storage",
      `CSA is checked only against the 2GB absolute limit: the queue manager really has less (MVS, site limits and 31-bit buffer pools take part of it); set storage.csa.available to check against what it has`,
    );
    return;
  }
  const mb = available / 1048576;
  ctx.item({
    id: "storage.csa-budget",
    concern: "storage",
    label: `CSA this queue manager has (storage.csa.available, ${num(mb)} MB)`,
    addressSpace: "qmgr",
    metric: "limit",
    limitOf: "csa-mb",
    value: mb,
    unit: "MB",
    formula: `${num(mb, 2)} MB (user-supplied), within the ${limit.raw} absolute limit`,
    inputs: { availableMB: { value: mb, unit: "MB", from: "storage.csa.available" } },
    demand,
    // The user's own figure for their machine.
    measuredOn: [ctx.config.hardware.generation],
    hardwareFit: "same",
    citations: [limit.citation],
    confidence: "user-supplied",
    flags: [],
  });
  moreThatFit(
    ctx,
    "csa",
    "CSA",
    mb,
    total,
    perGroup.map((p) => ({ g: p.g, kb: p.csaKB })),
    lookups,
  );
}

/** Queue manager storage below the bar of every connection against storage.belowTheBar.available. */
function belowBarBudget(
  ctx: RuleContext,
  below: Bounds,
  lookups: LookupResult[],
  perGroup: { g: Group; belowKB?: Bounds }[],
): void {
  const available = ctx.config.storage?.belowTheBar?.available;
  if (available === undefined || lookups.length === 0) return;
  const mb = available / 1048576;
  ctx.item({
    id: "storage.below-bar-budget",
    concern: "storage",
    label: `queue manager storage below the bar for connections (storage.belowTheBar.available, ${num(mb)} MB)`,
    addressSpace: "qmgr",
    metric: "limit",
    limitOf: "below-bar-mb",
    value: mb,
    unit: "MB",
    formula: `${num(mb, 2)} MB (user-supplied)`,
    inputs: { availableMB: { value: mb, unit: "MB", from: "storage.belowTheBar.available" } },
    demand: {
      value: below.value,
      low: below.low,
      high: below.high,
      from: "queue manager storage below the bar of every connection",
    },
    citations: [],
    confidence: "user-supplied",
    flags: [],
  });
  moreThatFit(
    ctx,
    "below-bar",
    "queue manager storage below the bar",
    mb,
    below,
    perGroup.map((p) => ({ g: p.g, kb: p.belowKB })),
    lookups,
  );
}

/**
 * For each definition, how many more of its connections the storage left holds (negative: over): the
 * storage the queue manager has less what every connection takes, over this definition's per connection,
 * with the range from both (rangeOf: the count falls as either grows).
 */
function moreThatFit(
  ctx: RuleContext,
  key: string,
  what: string,
  availableMB: number,
  used: Bounds,
  perGroup: { g: Group; kb?: Bounds }[],
  lookups: LookupResult[],
): void {
  // Information on each definition: not in a lean estimate (engine/lean.ts).
  if (ctx.lean) return;
  const leftMB = availableMB - used.value;
  for (const { g, kb: per } of perGroup) {
    if (per === undefined || per.value <= 0) continue;
    const kb = per.value;
    const range = rangeOf((u, k) => Math.floor(((availableMB - u) * 1024) / k), used, per);
    const more = range.value;
    const parts: Pick<LineItem, "citations" | "confidence" | "flags"> = fromLookups(...lookups);
    parts.confidence = "user-supplied";
    ctx.item({
      id: `storage.${key}-more.${g.name}`,
      concern: "storage",
      label:
        more >= 0
          ? `${g.name}: more connections that fit the ${what} left`
          : `${g.name}: connections over the ${what} the queue manager has`,
      addressSpace: "qmgr",
      metric: "info",
      ...range,
      unit: "connections",
      formula: `floor(${num(leftMB, 2)} MB left x 1024 / ${num(kb, 2)} KB per connection)`,
      inputs: {
        leftMB: { value: leftMB, unit: "MB", from: `storage.${key}` },
        perConnectionKB: { value: kb, unit: "KB", from: g.name },
      },
      ...parts,
    });
  }
}

/** A connection group's CSA and below-the-bar lines, or the gaps where the sources give no figure. */
function connectionLines(
  ctx: RuleContext,
  g: Group,
  {
    r,
    q,
    openObjects,
  }: { r: LookupResult | undefined; q: ReturnType<typeof belowBarPerConnection>; openObjects: LookupResult },
  shared: boolean,
): void {
  if (!r) {
    ctx.gap("storage", `${g.name}: CSA per connection is not given for ${g.key.replace("svrconn-", "SHARECNV(")})`);
  } else {
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
        perConnectionKB: { value: r.value, unit: "KB", from: r.citation.id },
        connections: { value: g.connections, unit: "count", from: g.name },
      },
      ...fromLookups(r),
    });
  }
  if (!q) {
    ctx.gap(
      "storage",
      `${g.name}: queue manager storage per connection is not given for this connection type (${g.key}${shared ? ", shared queues" : ""})`,
    );
    return;
  }
  const per = { value: 0, low: 0, high: 0 };
  for (const x of q.r) addTo(per, x, 1);
  const parts = fromLookups(...q.r, openObjects);
  if (q.confidence) parts.confidence = q.confidence;
  ctx.item({
    id: `storage.qmgr-connections.${g.name}`,
    concern: "storage",
    label: `${g.name}: queue manager storage below the bar`,
    addressSpace: "qmgr",
    metric: "storage",
    value: (q.kb * g.connections) / 1024,
    low: (per.low * g.connections) / 1024,
    high: (per.high * g.connections) / 1024,
    unit: "MB",
    formula: `${q.formula} x ${num(g.connections)} / 1024 (holds for applications with up to ${openObjects.value} objects open)`,
    inputs: {
      perConnectionKB: { value: q.kb, unit: "KB", from: q.r.map((x) => x.citation.id).join(" + ") },
      connections: { value: g.connections, unit: "count", from: g.name },
      ...(shared ? { queues: { value: "shared", from: "workload.queues" } } : {}),
    },
    ...parts,
  });
}
