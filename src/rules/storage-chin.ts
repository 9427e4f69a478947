// Channel initiator storage: the footprint of each channel definition, and how many channels (and
// clients) fit the free channel initiator storage under the reports' 80% guideline.
import { DEFAULT_MAXCHL, DEFAULT_SHARECNV, MAXCHL_MAX } from "../config/mq-defaults.js";
import { RELEASES } from "../config/schema.js";
import { keptOrBuilt } from "../engine/rule-memo.js";
import type { InputValue, Rule, RuleContext } from "../engine/types.js";
import type { ChannelConfig } from "../config/types.js";
import type { Citation, Confidence, LookupResult, Registry } from "../model/registry.js";
import { throughRegistry } from "./door.js";
import {
  axisNumbers,
  chooseRelease,
  fromLookups,
  num,
  rangeOf,
  sizeLabel,
  tableReleases,
  type ReleaseCarry,
} from "./helpers.js";

/**
 * Which report's figures serve the release: the 9.2 report's (001) for 9.0 to 9.2, whose table has
 * a row for each of them; the 9.3 report's (000) for 9.3 and, under a stated carry, for the rest.
 */
const BOOKS = {
  "93": {
    svrconn: "000.chin-footprint-svrconn",
    perChannel: "000.chin-footprint-per-channel",
    headroom: "000.chin-storage-headroom",
    maxClients: "000.chin-max-clients",
    formula: "000.chin-channel-capacity",
    perConversation: "000.sharecnv10-per-conversation",
  },
  "92": {
    svrconn: "001.chin-footprint-svrconn",
    perChannel: "001.chin-footprint-per-channel",
    headroom: "001.chin-storage-headroom",
    maxClients: "001.chin-max-clients",
    formula: "001.chin-channel-capacity",
    perConversation: "001.chin-footprint-per-conversation",
  },
} as const;
type Book = (typeof BOOKS)["93"] | (typeof BOOKS)["92"];

const BOOK_92_RELEASES: ReadonlySet<string> = new Set(["9.0", "9.1", "9.2"]);
const bookFor = (release: string): Book => (BOOK_92_RELEASES.has(release) ? BOOKS["92"] : BOOKS["93"]);
const PER_CHANNEL_TABLES: readonly string[] = [BOOKS["92"].perChannel, BOOKS["93"].perChannel];

/** A footprint per channel instance, and where it was read (sizeOverhead reads the 1KB one there too). */
interface Footprint {
  r: LookupResult;
  perInstance: number;
  from: FootprintTable;
  /** madeFrom's key, made on first use. */
  made?: string;
}

/** The table, release and SHARECNV (server-connection channels) a channel's footprint is read from. */
interface FootprintTable {
  table: string;
  release: string;
  carried: false | ReleaseCarry;
  sharecnv: number | undefined;
}

/**
 * Footprints read in one run of the rule, by table, release, SHARECNV and message size: channel
 * definitions of one type and size read the same one (1,000 senders read it 2,000 times a run).
 * Carried releases are read each time (their carry is an object, not a key).
 */
type Footprints = Map<string, Footprint>;

function footprint(
  ctx: RuleContext,
  book: Book,
  ch: ChannelConfig,
  size: number,
  seen: Footprints,
): Footprint | undefined {
  const { registry } = ctx;
  if (ch.type === "server-connection") {
    const SVRCONN = book.svrconn;
    const sharecnv = ch.sharecnv ?? DEFAULT_SHARECNV;
    const measured = axisNumbers(registry, SVRCONN, "sharecnv");
    if (!measured.includes(sharecnv)) {
      ctx.gap(
        "storage",
        `${ch.name}: SHARECNV(${sharecnv}) footprint is not measured (the reports give SHARECNV ${measured.join(", ")})`,
      );
      return undefined;
    }
    const rel = footprintRelease(ctx, ch, SVRCONN, "SVRCONN footprint");
    if (!rel) return undefined;
    return footprintIn(registry, { table: SVRCONN, release: rel.release, carried: rel.carried, sharecnv }, size, seen);
  }
  // The message-channel table of the release, or else of the nearest release measured (9.2's for 9.0
  // and 9.1): no statement covers storage across releases, so it is extrapolated (releaseChoice).
  const PER_CHANNEL = perChannelTable(registry, ctx.config.mq.release);
  const rel = footprintRelease(ctx, ch, PER_CHANNEL, "message-channel footprint");
  if (!rel) return undefined;
  return footprintIn(
    registry,
    { table: PER_CHANNEL, release: rel.release, carried: rel.carried, sharecnv: undefined },
    size,
    seen,
  );
}

function footprintIn(registry: Registry, from: FootprintTable, size: number, seen: Footprints): Footprint {
  const key = from.carried === false ? `${from.table}|${from.release}|${from.sharecnv}|${size}` : undefined;
  const known = key === undefined ? undefined : seen.get(key);
  if (known !== undefined) return known;
  const fp = readFootprint(registry, from, size);
  if (key !== undefined) seen.set(key, fp);
  return fp;
}

function readFootprint(registry: Registry, from: FootprintTable, size: number): Footprint {
  // Through the door: the release carried as chosen; the table's conditions are its axes (release,
  // SHARECNV, message size), looked up at the config's, so none is compared apart from them.
  const { r } = throughRegistry(
    registry,
    from.table,
    {},
    {
      ...(from.sharecnv !== undefined
        ? { at: { release: from.release, sharecnv: from.sharecnv, messageSize: size } }
        : { at: { messageSize: size }, measure: "footprint" }),
      carry: from.carried,
      only: [],
    },
  );
  return { r, perInstance: r.value, from };
}

/**
 * The release whose footprint table a channel takes (warned when carried), or a gap saying there is none.
 * Each written "NAME: finding", so that the engine writes one finding for all the definitions it names
 * (1,000 senders at MQ 9.1 gave 1,000 warnings, one per definition).
 */
function footprintRelease(ctx: RuleContext, ch: ChannelConfig, table: string, what: string) {
  const rel = chooseRelease(ctx, table, tableReleases(ctx.registry, table), "storage", `${ch.name}: ${what}`);
  if (!rel) ctx.gap("storage", `${ch.name}: no ${what} for MQ ${ctx.config.mq.release}`);
  return rel;
}

// The message-channel table for a release depends only on the registry and the release: chosen once.
const perChannelTables = new WeakMap<Registry, Map<string, string>>();

function perChannelTable(registry: Registry, release: string): string {
  let byRelease = perChannelTables.get(registry);
  if (!byRelease) perChannelTables.set(registry, (byRelease = new Map()));
  let id = byRelease.get(release);
  if (id === undefined)
    byRelease.set(release, (id = nearestTable(release, PER_CHANNEL_TABLES, (t) => tableReleases(registry, t))));
  return id;
}

/** Of tables measured for different releases, the one for `want`, or else the nearest (earlier on a tie). */
function nearestTable(want: string, ids: readonly string[], releasesOf: (id: string) => readonly string[]): string {
  const at = (r: string) => RELEASES.indexOf(r as (typeof RELEASES)[number]);
  const distance = (id: string) =>
    Math.min(...releasesOf(id).map((r) => Math.abs(at(r) - at(want)) * 2 + (at(r) > at(want) ? 1 : 0)));
  return [...ids].sort((a, b) => distance(a) - distance(b))[0]!;
}

const ONE_KB = 1024;

/**
 * The storage a channel instance holds for its message size over what it holds for 1KB messages: the
 * reports' own "Overhead of message size increase on 1KB messages" row (seed 000 line 371, seed 001
 * line 392), as the difference of the two footprints.
 */
function sizeOverhead(ctx: RuleContext, ch: ChannelConfig, size: number, at: Footprint, seen: Footprints): void {
  // From the table and release the footprint came from: choosing them again would only repeat its
  // warnings (each written once).
  const base = footprintIn(ctx.registry, at.from, ONE_KB, seen);
  // More storage for a larger message, never less: noise does not reverse the overhead (docs/ranges.md).
  const r = rangeOf((a, b) => Math.max(0, a - b), at.r, base.r);
  ctx.item({
    id: `storage.chin-size-overhead.${ch.name}`,
    concern: "storage",
    label: `${ch.name}: CHIN storage per channel instance that ${sizeLabel(size)} messages add over 1KB`,
    addressSpace: "chin",
    metric: "info",
    ...r,
    unit: "KB",
    formula: `${at.r.raw} KB at ${sizeLabel(size)} - ${base.r.raw} KB at 1KB`,
    inputs: { messageSize: { value: size, unit: "bytes", from: `channels.${ch.name}.messageSize` } },
    ...fromLookups(at.r, base.r),
  });
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
    "channelInitiator.maxChannels",
    "channelInitiator.activeChannels",
  ],
  uses: Object.values(BOOKS).flatMap((b) => Object.values(b)),
  applies: (c) => (c.channels?.length ?? 0) > 0,
  run(ctx) {
    const { config, registry } = ctx;
    const book = bookFor(config.mq.release);
    const HEADROOM = book.headroom;
    const defs: Def[] = [];
    const seen: Footprints = new Map();
    // The footprint is the same for every definition of one kind and size: chosen once. A lean
    // estimate drops the warnings and gaps that name each definition (engine/lean.ts); a full one
    // takes the first definition's for the others only where choosing it said nothing that names the
    // definition (a release measured, not carried: footprint() then writes no warning or gap), and
    // chooses it again for each definition otherwise.
    const byKind = new Map<string, Footprint | undefined>();
    for (const ch of config.channels ?? []) {
      const size = ch.messageSize ?? config.workload.messageSize;
      const kind = `${ch.type === "server-connection" ? (ch.sharecnv ?? DEFAULT_SHARECNV) : "-"}|${size}`;
      let fp: Footprint | undefined;
      if (byKind.has(kind)) fp = byKind.get(kind);
      else {
        fp = footprint(ctx, book, ch, size, seen);
        if (ctx.lean || (fp !== undefined && fp.from.carried === false)) byKind.set(kind, fp);
      }
      if (!fp) continue;
      const sharecnv = ch.type === "server-connection" ? (ch.sharecnv ?? DEFAULT_SHARECNV) : 0;
      const instances =
        ch.type === "server-connection" && ch.conversations !== undefined
          ? Math.ceil(ch.conversations / Math.max(1, sharecnv))
          : ch.count;
      const mb = (fp.perInstance * instances) / 1024;
      defs.push({ ch, fp, sharecnv, instances, mb, size });
      // A lean estimate keeps none of a definition's own items (lean.ts): only the sums below.
      if (ctx.lean) continue;
      // Kept from an earlier run in the command where nothing it is made of changed (a sensitivity
      // point moves one definition of 1,000): RuleContext.kept.
      const made = madeFrom(fp, size);
      if (made === undefined) footprintLines(ctx, ch, size, fp, instances, mb, seen);
      else
        keptOrBuilt(
          ctx,
          "footprint",
          ch.name,
          [made, ch.type, instances, ch.conversations !== undefined, ch.messageSize !== undefined],
          (c) => footprintLines(c, ch, size, fp, instances, mb, seen),
        );
    }
    channelLimits(ctx, book);
    if (defs.length === 0) return;
    // A sum adds bounds (docs/ranges.md): each definition's MB moves with its own footprint only.
    const total = sumOf(defs);
    const totalMB = total.value;
    if (!ctx.lean) {
      const all = fromLookups(...defs.map((d) => d.fp.r));
      ctx.item({
        id: "storage.chin-total",
        concern: "storage",
        label: "CHIN storage, all channel definitions",
        addressSpace: "chin",
        metric: "storage",
        ...total,
        unit: "MB",
        formula: defs.map((d) => `${num(d.mb, 2)} MB (${d.ch.name})`).join(" + "),
        inputs: {},
        ...all,
      });
    }
    const chin = config.storage?.chin;
    if (!chin) return;
    const headroom =
      chin.headroom !== undefined
        ? { value: chin.headroom, user: true }
        : { value: registry.figureValue(HEADROOM).value, user: false };
    const usedMB = chin.used / 1048576;
    const freeMB = chin.free / 1048576;
    // The report floors the storage limit (1466 x 80% = 1172.8 printed 1172MB) and the channel count.
    const limitMB = Math.floor((headroom.value / 100) * (usedMB + freeMB));
    // Already past the guideline at start: nothing is left for channels (never a negative budget).
    const availableMB = Math.max(0, limitMB - usedMB);
    const budgetText = `floor(${num(headroom.value)}% x (${num(usedMB, 2)} + ${num(freeMB, 2)}) MB) - ${num(usedMB, 2)} MB`;
    const budgetInputs = {
      usedMB: { value: usedMB, unit: "MB", from: "storage.chin.used" },
      freeMB: { value: freeMB, unit: "MB", from: "storage.chin.free" },
      headroom: { value: headroom.value, unit: "percent", from: headroom.user ? "storage.chin.headroom" : HEADROOM },
    };
    const headroomLookups = headroom.user ? [] : [registry.figureValue(HEADROOM)];
    const budgetParts = fromLookups(...headroomLookups, ...defs.map((d) => d.fp.r));
    // Cited for the demand they make; only the guideline is a lookup of the budget itself.
    budgetParts.lookups = headroomLookups;
    // The budget is the config's storage and the 80% guideline, exact; the footprints move the demand.
    const budget = { value: availableMB, low: availableMB, high: availableMB };
    // Its confidence is the budget's own: the used and free storage the user gives, and the
    // guideline; the footprints' (interpolated, say) belongs to the demand, not to the budget.
    budgetParts.confidence = userSupplied(fromLookups(...headroomLookups).confidence);
    // All channel definitions together against the one budget: the planner's over-commitment check.
    ctx.item({
      id: "storage.chin-budget",
      concern: "storage",
      label: `CHIN storage budget: ${num(headroom.value)}% of ${num(usedMB + freeMB)} MB - ${num(usedMB)} MB used`,
      addressSpace: "chin",
      metric: "limit",
      limitOf: "chin-storage-mb",
      ...budget,
      unit: "MB",
      formula: ctx.lean
        ? ""
        : `${budgetText} = ${num(availableMB, 2)} MB, against ${defs.length === 1 ? "the channel definition's" : `all ${defs.length} channel definitions'`} footprint of ${num(totalMB, 2)} MB`,
      inputs: budgetInputs,
      demand: {
        value: total.value,
        low: total.low,
        high: total.high,
        from: defs.length === 1 ? `CHIN storage of ${defs[0]!.ch.name}` : "CHIN storage of all channel definitions",
      },
      ...budgetParts,
    });
    // Each definition's channels that fit: limits without a demand, and info (lean.ts).
    if (ctx.lean) return;
    const cap = registry.figureValue(book.maxClients);
    const instancesTotal = (config.channels ?? []).reduce((sum, ch) => sum + instancesOf(ch), 0);
    // The report's own working (the formula entry), cited on every "channels that fit".
    const formula = registry.citation(registry.formula(book.formula));
    const maxChl = config.channelInitiator?.maxChannels ?? DEFAULT_MAXCHL;
    const shared: Shared = {
      availableMB,
      budgetText,
      budgetInputs,
      headroom,
      headroomLookups,
      cap,
      formula,
      instancesTotal,
      maxChl,
      maxChlGiven: config.channelInitiator?.maxChannels !== undefined,
      book,
    };
    // Everything of `shared` a definition's lines read, for RuleContext.kept (budgetText and the
    // budget's inputs are made of the used, free and headroom figures; the book names the entries).
    const sharedKey = `${availableMB}\u0000${chin.used}\u0000${chin.free}\u0000${headroom.value}\u0000${headroom.user}\u0000${instancesTotal}\u0000${maxChl}\u0000${shared.maxChlGiven}\u0000${book.formula}`;
    // Sums of the definitions before and after each: the others' sum per definition without summing
    // them all again (that was quadratic in channel definitions).
    const before = partialSums(defs);
    const after = partialSums([...defs].reverse()).reverse();
    for (const [k, d] of defs.entries()) {
      const { ch, fp, sharecnv, instances } = d;
      // What the other definitions take comes off the budget first: "channels that fit" is this
      // definition's share of what is left, not of the whole.
      const others = plus(before[k]!, after[k + 1]!);
      const made = madeFrom(fp, d.size);
      if (made === undefined) capacityLines(ctx, d, others, shared);
      else
        keptOrBuilt(
          ctx,
          "capacity",
          ch.name,
          [made, sharedKey, ch.type, sharecnv, instances, others.value, others.low, others.high],
          (c) => capacityLines(c, d, others, shared),
        );
    }
  },
};

/** The definitions' MB summed (each at its footprint's value, low and high), leaving out `except`. */
function sumOf(defs: readonly Def[], except?: Def): { value: number; low: number; high: number } {
  let value = 0;
  let low = 0;
  let high = 0;
  for (let k = 0; k < defs.length; k++) {
    const d = defs[k]!;
    if (d === except) continue;
    value += d.mb;
    low += (d.fp.r.low * d.instances) / 1024;
    high += (d.fp.r.high * d.instances) / 1024;
  }
  return { value, low, high };
}

/** out[k]: the sum of defs[0..k-1] (out[0] is zero, out[defs.length] all of them). */
function partialSums(defs: readonly Def[]): { value: number; low: number; high: number }[] {
  const out = [{ value: 0, low: 0, high: 0 }];
  for (const d of defs) {
    const p = out[out.length - 1]!;
    out.push({
      value: p.value + d.mb,
      low: p.low + (d.fp.r.low * d.instances) / 1024,
      high: p.high + (d.fp.r.high * d.instances) / 1024,
    });
  }
  return out;
}

const plus = (a: { value: number; low: number; high: number }, b: { value: number; low: number; high: number }) =>
  b.value === 0 && b.low === 0 && b.high === 0
    ? a
    : { value: a.value + b.value, low: a.low + b.low, high: a.high + b.high };

/** The inputs of a definition's channels that fit: the budget's, the others' storage, the footprint. */
function capacityInputs(
  budget: { usedMB: InputValue; freeMB: InputValue; headroom: InputValue },
  othersMB: number,
  fp: Def["fp"],
): Record<string, InputValue> {
  // Built key by key in the order a spread of the budget's would give (no copy of it per definition).
  const inputs: Record<string, InputValue> = {
    usedMB: budget.usedMB,
    freeMB: budget.freeMB,
    headroom: budget.headroom,
  };
  if (othersMB > 0) inputs.othersMB = { value: othersMB, unit: "MB", from: "storage.chin-footprint.*" };
  inputs.footprintKB = { value: fp.perInstance, unit: "KB", from: fp.r.citation.id };
  return inputs;
}

interface Def {
  ch: ChannelConfig;
  fp: Footprint;
  sharecnv: number;
  instances: number;
  mb: number;
  /** The message size its footprint is read at. */
  size: number;
}

const userSupplied = (c: Confidence): Confidence => (c === "measured" ? "user-supplied" : c);

/** A definition's channel instances: a server-connection's conversations over SHARECNV, else its count. */
function instancesOf(ch: ChannelConfig): number {
  const sharecnv = ch.type === "server-connection" ? (ch.sharecnv ?? DEFAULT_SHARECNV) : 0;
  return ch.type === "server-connection" && ch.conversations !== undefined
    ? Math.ceil(ch.conversations / Math.max(1, sharecnv))
    : ch.count;
}

/**
 * MAXCHL and ACTCHL against every channel definition's instances together: MAXCHL is the maximum of
 * channels that can be current, of every type, server-connection channels with connected clients
 * included; on z/OS 1 through 9,999, default 200 (IBM MQ documentation, "MaxChannels (MQLONG)"). The
 * reports' "either 9,999 or the value specified by channel attributes like MAXCHL" is cited beside it.
 * ACTCHL (ALTER QMGR ACTCHL) bounds the active ones: counted when the config gives it.
 */
function channelLimits(ctx: RuleContext, book: Book): void {
  const { config, registry } = ctx;
  const channels = config.channels ?? [];
  if (channels.length === 0) return;
  const cap = registry.figureValue(book.maxClients);
  const chin = config.channelInitiator;
  const instances = channels.reduce((sum, ch) => sum + instancesOf(ch), 0);
  const demandText =
    channels.length === 1
      ? `channel instances of ${channels[0]!.name}`
      : "channel instances of all channel definitions";
  // Every definition named: not in a lean estimate (its text is not read there).
  const terms = ctx.lean ? "" : channels.map((ch) => `${num(instancesOf(ch))} (${ch.name})`).join(" + ");
  const maxChl = chin?.maxChannels ?? DEFAULT_MAXCHL;
  if (chin?.maxChannels === undefined)
    ctx.warn(
      "storage",
      `channelInitiator.maxChannels (MAXCHL) is not given: MQ's default of ${num(DEFAULT_MAXCHL)} current channels is assumed (IBM MQ documentation, "MaxChannels (MQLONG)"); ${num(instances)} channel instance${instances === 1 ? " is" : "s are"} defined`,
    );
  ctx.item({
    id: "storage.chin-max-channels",
    concern: "storage",
    label: `current channels, every type: MAXCHL ${num(maxChl)}${chin?.maxChannels === undefined ? " (MQ's default, assumed)" : ""}`,
    addressSpace: "chin",
    metric: "limit",
    limitOf: "channels",
    value: maxChl,
    unit: "channels",
    formula: `MAXCHL ${num(maxChl)} (${chin?.maxChannels === undefined ? `not given: MQ's default` : "channelInitiator.maxChannels"}; 1 to ${num(MAXCHL_MAX)} on z/OS, the reports' "${cap.raw}"), server-connection instances included, against ${terms}`,
    inputs: {
      maxChannels: {
        value: maxChl,
        unit: "count",
        from: chin?.maxChannels === undefined ? "default" : "channelInitiator.maxChannels",
      },
    },
    demand: { value: instances, from: demandText },
    // A product attribute the site sets, the same on every machine.
    hardwareFit: "machine-independent",
    ...fromLookups(cap),
    ...(chin?.maxChannels !== undefined ? { confidence: "user-supplied" as const } : {}),
  });
  if (chin?.activeChannels === undefined) return;
  ctx.item({
    id: "storage.chin-active-channels",
    concern: "storage",
    label: `active channels, every type: ACTCHL ${num(chin.activeChannels)}`,
    addressSpace: "chin",
    metric: "limit",
    limitOf: "channels",
    value: chin.activeChannels,
    unit: "channels",
    formula: `ACTCHL ${num(chin.activeChannels)} (channelInitiator.activeChannels), against ${terms}, each taken as active`,
    inputs: { activeChannels: { value: chin.activeChannels, unit: "count", from: "channelInitiator.activeChannels" } },
    demand: { value: instances, from: demandText },
    hardwareFit: "machine-independent",
    citations: [],
    confidence: "user-supplied",
    flags: [],
  });
  if (chin.activeChannels > maxChl)
    ctx.warn(
      "storage",
      `channelInitiator.activeChannels (ACTCHL) ${num(chin.activeChannels)} is above MAXCHL ${num(maxChl)}: a channel must be current before it can be active, so at most ${num(maxChl)} are`,
    );
}

/** A definition's footprint line (and its message size's overhead over 1KB). */
function footprintLines(
  ctx: RuleContext,
  ch: ChannelConfig,
  size: number,
  fp: Footprint,
  instances: number,
  mb: number,
  seen: Footprints,
): void {
  const shown = fp.r.points ? `interpolated from ${fp.r.raw} KB` : `${fp.r.raw} KB`;
  ctx.item({
    id: `storage.chin-footprint.${ch.name}`,
    concern: "storage",
    label: `${ch.name}: CHIN storage, ${num(instances)} x ${ch.type} at ${sizeLabel(size)}`,
    addressSpace: "chin",
    metric: "storage",
    value: mb,
    unit: "MB",
    formula: `footprint per instance x instances / 1024 = ${num(fp.perInstance, 2)} KB (${shown}) x ${num(instances)} / 1024`,
    inputs: {
      footprintKB: { value: fp.perInstance, unit: "KB", from: fp.r.citation.id },
      instances: {
        value: instances,
        unit: "count",
        from:
          ch.conversations !== undefined ? `channels.${ch.name}.conversations / sharecnv` : `channels.${ch.name}.count`,
      },
      messageSize: {
        value: size,
        unit: "bytes",
        from: ch.messageSize !== undefined ? `channels.${ch.name}.messageSize` : "workload.messageSize",
      },
    },
    ...fromLookups(fp.r),
  });
  // Only at a measured size, as the tables print it: between sizes the interpolation's spread
  // would swamp the difference.
  if (size > ONE_KB && !fp.r.points) sizeOverhead(ctx, ch, size, fp, seen);
}

/** What every definition's "channels that fit" is made of besides its own figures: one per run. */
interface Shared {
  availableMB: number;
  budgetText: string;
  budgetInputs: { usedMB: InputValue; freeMB: InputValue; headroom: InputValue };
  headroom: { value: number; user: boolean };
  headroomLookups: LookupResult[];
  cap: LookupResult;
  formula: Citation;
  instancesTotal: number;
  maxChl: number;
  maxChlGiven: boolean;
  book: Book;
}

/** A definition's channels that fit what the others leave, its MAXCHL finding, and the more that fit. */
function capacityLines(
  ctx: RuleContext,
  d: Def,
  others: { value: number; low: number; high: number },
  s: Shared,
): void {
  const { ch, fp, sharecnv, instances } = d;
  const { availableMB, budgetText, budgetInputs, headroom, headroomLookups, cap, formula, instancesTotal, maxChl } = s;
  const othersMB = others.value;
  const leftMB = availableMB - othersMB;
  // Fewer as this footprint or the others' storage grows: the corners of both ranges (rangeOf).
  const fit = rangeOf((o, f) => Math.max(0, Math.floor(((availableMB - o) * 1024) / f)), others, fp.r);
  const channels = fit.value;
  const lookups = [fp.r, cap, ...headroomLookups];
  const parts = fromLookups(...lookups);
  parts.citations.push(formula);
  if (headroom.user) parts.confidence = userSupplied(parts.confidence);
  const othersText = othersMB > 0 ? ` - ${num(othersMB, 2)} MB for the other definitions` : "";
  ctx.item({
    id: `storage.chin-capacity.${ch.name}`,
    concern: "storage",
    label: `${ch.name}: channels that fit free CHIN storage${othersMB > 0 ? " the other definitions leave" : ""}`,
    addressSpace: "chin",
    metric: "limit",
    limitOf: "channels",
    ...fit,
    unit: "channels",
    formula:
      `floor((${budgetText}${othersText}) x 1024 / ${num(fp.perInstance, 2)} KB)` +
      ` = floor(${num(leftMB, 2)} MB x 1024 / ${num(fp.perInstance, 2)} KB) = ${num(channels)}`,
    inputs: capacityInputs(budgetInputs, othersMB, fp),
    ...parts,
  });
  // MAXCHL counts every type, server-connection instances included (IBM MQ documentation,
  // "MaxChannels (MQLONG)"): storage is not the only bound on a definition's channels.
  if (channels + (instancesTotal - instances) > maxChl) {
    ctx.warn(
      "storage",
      `${ch.name}: storage allows ${num(channels)} channels, but MAXCHL ${num(maxChl)}${!s.maxChlGiven ? " (MQ's default)" : ""} bounds the current channels of every definition together (the reports' "${cap.raw}" is the most it can be set to)`,
      [cap.citation],
    );
  }
  const more = channels - instances;
  ctx.item({
    id: `storage.chin-more.${ch.name}`,
    concern: "storage",
    label:
      more >= 0
        ? `${ch.name}: more channels that fit CHIN storage`
        : // The value stays signed (more that fit); the label says which way, so -551 does not read as "over by -551".
          `${ch.name}: more channels that fit CHIN storage: none, ${num(-more)} over`,
    addressSpace: "chin",
    metric: "info",
    value: more,
    low: fit.low - instances,
    high: fit.high - instances,
    unit: "channels",
    formula: `${num(channels)} that fit - ${num(instances)} configured${sharecnv > 0 ? ` (x SHARECNV(${sharecnv}) = ${num(more * sharecnv)} conversations)` : ""}`,
    inputs: {
      fit: { value: channels, unit: "count", from: `storage.chin-capacity.${ch.name}` },
      instances: { value: instances, unit: "count", from: `channels.${ch.name}` },
    },
    ...parts,
  });
  if (sharecnv > 0) {
    ctx.item({
      id: `storage.chin-clients.${ch.name}`,
      concern: "storage",
      label: `${ch.name}: conversations that fit, SHARECNV(${sharecnv})`,
      addressSpace: "chin",
      metric: "limit",
      limitOf: "connections",
      value: channels * sharecnv,
      low: fit.low * sharecnv,
      high: fit.high * sharecnv,
      unit: "conversations",
      formula: `channels x SHARECNV = ${num(channels)} x ${sharecnv}`,
      inputs: {
        channels: { value: channels, unit: "count", from: `storage.chin-capacity.${ch.name}` },
        sharecnv: { value: sharecnv, unit: "count", from: `channels.${ch.name}.sharecnv` },
      },
      ...parts,
      // SHARECNV(10) footprints were measured with 10 conversations on each channel instance.
      citations:
        sharecnv === 10
          ? [...parts.citations, ctx.registry.citation(ctx.registry.get(s.book.perConversation))]
          : parts.citations,
    });
  }
}

/**
 * What a definition's footprint is made of, as the run's footprints are keyed (the table, release,
 * SHARECNV and size: the registry is the same for every run that shares a RuleContext.kept); undefined
 * for a carried release, read each time.
 */
function madeFrom(fp: Footprint, size: number): string | undefined {
  const from = fp.from;
  if (from.carried !== false) return undefined;
  // Made once per footprint read (definitions of one kind and size share it).
  return (fp.made ??= `${from.table}|${from.release}|${from.sharecnv}|${size}`);
}
