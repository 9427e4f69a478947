// Queue manager (MSTR) CPU per MB logged for the configured logging: the MQ 9.2 report's workload
// measurement with dual logs (1MB messages: 992 us/MB without archiving, 1,576 with it, and with data
// set encryption of the archive and/or active logs, 001 lines 816-820) and its 4MB table with single
// logs and archives (none, PPRC, zHyperWrite: 550, 548, 563 us/MB, 001 lines 603-609). A configuration
// the sources did not measure takes the nearest with a warning that names what differs.
import type { Rule, RuleContext } from "../engine/types.js";
import type { LookupResult } from "../model/registry.js";
import { conditionsOf, type ConditionKey } from "./conditions.js";
import { through } from "./door.js";
import { dseLogCost, logCopies } from "./encryption.js";
import { entryForRelease, fromLookups, num, rangeOf, sizeLabel, type ReleaseCarry } from "./helpers.js";
import { LOG_VOLUME_USES_AFTER_V53, logBytesPerTransaction, volumeParts } from "./logging.js";

const STACK = "001.dse-log-workload-cost-stack";
// Nothing of the entry's own compared: a condition its conditions do not name is passed as `also`.
const NONE: readonly ConditionKey[] = [];
const SINGLE = "001.zhw-4mb-cost-comparison";
const DSE = "001.dse-log-cost";
// The per-page ranges over message sizes that widen the per-MB encryption costs (dseLogCost).
const DSE_RANGES = ["001.dse-active-log-cost-range", "001.dse-archive-log-cost-range"];
// The workload the stack was measured with: "1MB persistent messages - the log rate achieved is 270 MB /
// second per log copy" (001 line 804).
const STACK_SIZE = "001.dse-workload-message-size";
const STACK_RATE = "001.dse-workload-log-rate";

type StackRow = "dual-logs" | "plus-archiving" | "plus-dse-archives" | "plus-dse-active" | "dse-active-only";

/** The workload stack's row for dual logs: archiving on or off, and which logs are encrypted. */
function stackRow(archiving: boolean, activeEnc: boolean, archiveEnc: boolean): StackRow | undefined {
  if (!archiving) return activeEnc || archiveEnc ? undefined : "dual-logs";
  if (activeEnc) return archiveEnc ? "plus-dse-active" : "dse-active-only";
  return archiveEnc ? "plus-dse-archives" : "plus-archiving";
}

/**
 * The terms each configuration's cost adds up from, as the report's notes state them (001 lines
 * 816-820): 992, then "added an additional 584 ... for a total of 1576", "a further 341", "a further
 * 649", and "992 + 584 + 411 + 238" for encrypted active logs alone. The printed totals are the
 * worked examples' answers, so the cost is summed from the terms, not read from them.
 */
const STACK_TERMS: Readonly<Record<StackRow, readonly (readonly [StackRow, string])[]>> = {
  "dual-logs": [["dual-logs", "total"]],
  "plus-archiving": [
    ["dual-logs", "total"],
    ["plus-archiving", "increment"],
  ],
  "plus-dse-archives": [
    ["dual-logs", "total"],
    ["plus-archiving", "increment"],
    ["plus-dse-archives", "increment"],
  ],
  "plus-dse-active": [
    ["dual-logs", "total"],
    ["plus-archiving", "increment"],
    ["plus-dse-archives", "increment"],
    ["plus-dse-active", "increment"],
  ],
  "dse-active-only": [
    ["dual-logs", "total"],
    ["plus-archiving", "increment"],
    ["dse-active-only", "increment"],
    ["dse-active-only", "increment2"],
  ],
};

/**
 * A configuration's cost per MB as the sum of its terms (sums add bounds), with the terms for citing:
 * as measured, for the door to carry and widen once.
 */
function stackCost(ctx: RuleContext, row: StackRow): LookupResult {
  const terms = STACK_TERMS[row].map(([config, measure]) => ctx.registry.lookup(STACK, { config }, measure));
  if (terms.length === 1) return terms[0]!;
  let value = 0;
  let low = 0;
  let high = 0;
  for (const t of terms) {
    value += t.value;
    low += t.low;
    high += t.high;
  }
  const first = terms[0]!;
  return {
    ...first,
    value,
    low,
    high,
    raw: terms.map((t) => num(t.value, 0)).join(" + "),
    flags: terms.flatMap((t) => t.flags),
    parts: terms.flatMap((t) => t.parts),
  };
}

export const loggingCpu: Rule = {
  id: "logging-cpu",
  concern: "logging",
  description: "Queue manager CPU per MB logged and per MB archived, by log copies, archiving and log encryption.",
  reads: ["workload.*", "logging.*", "encryption.logs", "streamingQueues.copies", "mq.release"],
  // MQ 5.3 has no figure here, so logBytesPerTransaction's V5.3 entries are not reached.
  uses: [STACK, SINGLE, DSE, ...DSE_RANGES, STACK_SIZE, STACK_RATE, ...LOG_VOLUME_USES_AFTER_V53],
  applies: (c) => c.workload.persistent,
  run(ctx) {
    const { config, registry } = ctx;
    const lg = config.logging;
    const copies = logCopies(config);
    const dual = copies.active === 2;
    const id = dual ? STACK : SINGLE;
    const rel = entryForRelease(ctx, id, "logging", "queue manager CPU per MB logged");
    if (!rel) {
      ctx.gap(
        "logging",
        `queue manager CPU per MB logged for MQ ${config.mq.release}: measured on MQ 9.2 only (the MQ 9.2 report)`,
      );
      return;
    }
    const mirroring = lg?.metroMirror ? (lg.zHyperWrite ? "zhyperwrite" : "pprc") : "none";
    const notes: string[] = [];
    let base: LookupResult;
    let dse: DsePasses | undefined;
    const archiving = copies.archives > 0;
    // Single archives: the stack's archiving rows were measured with dual archives (001 line 817's
    // configuration), which their conditions do not name; single archives lie between no archiving
    // (992) and dual archives.
    let between: { low: number; high: number; off: LookupResult } | undefined;
    if (dual) {
      const row = stackRow(archiving, copies.activeEncrypted, copies.archiveEncrypted);
      // Encrypted logs without archiving were not measured in the workload: the no-archiving figure plus
      // the per-MB table's encryption passes (001.dse-log-cost-formula, without the archive read).
      base = stackCost(ctx, row ?? "dual-logs");
      if (!row) dse = dsePasses(ctx, copies, rel.carried);
      if (archiving && copies.archives !== 2) {
        const off = stackCost(ctx, "dual-logs");
        between = { low: off.value, high: base.value, off };
      }
    } else {
      base = registry.lookup(SINGLE, { mirroring }, "cpuPerMB");
      if (copies.activeEncrypted || copies.archiveEncrypted) dse = dsePasses(ctx, copies, rel.carried);
    }
    if (between) {
      // The span first, as for any candidates' spread; the evidence for the rest widens it below.
      base = through(ctx, id, {
        value: base,
        only: NONE,
        also: [
          {
            key: "archiveCopies",
            measured: "dual archives",
            config: "single archives",
            measuredValue: 2,
            configValue: 1,
          },
        ],
        spread: { low: between.low, high: between.high },
      }).r;
      notes.push("measured with dual archives; single archives lie between no archiving and dual");
      ctx.warn(
        "logging",
        `queue manager CPU per MB logged: measured with dual archives (and with archiving off, ${between.off.raw}); this config has single archives, so the figure is extrapolated, ranging down to the no-archiving figure`,
        [base.citation],
      );
    }
    // Through the door, every condition compared: the release carried as chosen above, and the message
    // size, log copies, archives and machine (this per-MB cost is shown, not scaled by the hardware
    // rule) widened where the config is outside them.
    base = through(ctx, id, {
      value: base,
      carry: rel.carried,
      concern: "logging",
      what: "queue manager CPU per MB logged",
    }).r;
    const parts = dse ? [base, dse.active, dse.archive, ...dse.ranges] : [base];
    const perMB = (b: number, act = 0, arc = 0) => b + (dse ? act * dse.activePasses + arc * dse.archivePasses : 0);
    const r = dse
      ? rangeOf(perMB, base, dse.active, dse.archive)
      : { value: base.value, low: base.low, high: base.high };
    const stackSize = registry.figureValue(STACK_SIZE);
    const stackRate = registry.figureValue(STACK_RATE);
    const what = dual
      ? `dual logs, ${archiving ? "archiving" : "no archiving"}, measured with ${stackSize.raw} messages at ${stackRate.raw} per log copy`
      : `single logs and archives, ${mirroring === "none" ? "no mirroring" : mirroring === "pprc" ? "Metro Mirror (PPRC)" : "zHyperWrite"}, measured with ${sizeLabel(Number(conditionsOf(registry.get(SINGLE)).messageSize))} messages at the peak log rate`;
    const formula =
      `${num(base.value, 0)} us per MB logged (${what})` +
      (dse
        ? ` + ${num(dse.active.value, 0)} us/MB x ${dse.activePasses} active + ${num(dse.archive.value, 0)} us/MB x ${dse.archivePasses} archive encryption passes (the per-MB table; the workload measured no encrypted logs with this configuration)`
        : "") +
      (notes.length ? `; ${notes.join("; ")}` : "");
    ctx.item({
      id: "logging.qmgr-cpu-per-mb",
      concern: "logging",
      label: "queue manager CPU per MB logged, for this log configuration",
      addressSpace: "qmgr",
      metric: "info",
      value: r.value,
      low: r.low,
      high: r.high,
      unit: "us/MB",
      formula,
      inputs: {
        logCopies: { value: copies.active, unit: "count", from: "logging.dualLogs" },
        archiveCopies: { value: copies.archives, unit: "count", from: "logging.archiving" },
      },
      ...fromLookups(...parts),
    });
    if (dual && archiving) archivingItem(ctx, copies.archiveEncrypted, rel.carried);
    // Per transaction: the log data per transaction (each copy) at that cost. A measured baseline's
    // queue manager cost already holds it, so it is shown, not added.
    const vol = logBytesPerTransaction(ctx);
    const mb = vol.bytesPerTxn / 1048576;
    ctx.item({
      id: "logging.qmgr-cpu",
      concern: "logging",
      label: `queue manager CPU for logging per transaction${vol.lower ? " (at least)" : ""} (inside a measured baseline's qmgr cost)`,
      addressSpace: "qmgr",
      metric: "info",
      value: r.value * mb,
      low: (r.low * vol.low) / 1048576,
      high: (r.high * vol.high) / 1048576,
      unit: "us",
      formula: `${num(r.value)} us/MB x ${num(mb * 1024, 2)} KB logged / 1024`,
      inputs: { mbPerTxn: { value: mb, unit: "MB", from: "logging.bytes-per-transaction" } },
      ...volumeParts(vol, ...parts),
    });
  },
};

interface DsePasses {
  active: LookupResult;
  archive: LookupResult;
  ranges: LookupResult[];
  activePasses: number;
  archivePasses: number;
}

/** The per-MB table's encryption costs and the passes of this configuration (001.dse-log-cost-formula). */
function dsePasses(ctx: RuleContext, copies: ReturnType<typeof logCopies>, how: false | ReleaseCarry): DsePasses {
  return {
    active: dseLogCost(ctx, "active", how),
    archive: dseLogCost(ctx, "archive", how),
    // In active's and archive's range already; cited.
    ranges: DSE_RANGES.map((id) => ctx.registry.figureValue(id)),
    activePasses: copies.activeEncrypted ? copies.active + (copies.archives > 0 ? 1 : 0) : 0,
    archivePasses: copies.archiveEncrypted ? copies.archives : 0,
  };
}

/** The CPU archiving adds per MB (dual logs): 584 us/MB, with the encryption increments where configured. */
function archivingItem(ctx: RuleContext, archiveEnc: boolean, how: false | ReleaseCarry): void {
  // Each increment through the door, every condition compared (its message size and machine, as the
  // per-MB cost above; warned there).
  const inc = (config: StackRow, measure: "increment" | "increment2" = "increment") =>
    through(ctx, STACK, { at: { config }, measure, carry: how }).r;
  const archiving = inc("plus-archiving");
  // Archive encryption adds 341 us/MB; active-log encryption's 649 includes the read and decrypt for
  // archiving (001 line 819), which is not separated from the active copies' encryption, so it is not
  // counted here.
  const parts = archiveEnc ? [archiving, inc("plus-dse-archives")] : [archiving];
  const value = parts.reduce((s, p) => s + p.value, 0);
  ctx.item({
    id: "logging.qmgr-cpu-archiving-per-mb",
    concern: "logging",
    label: "queue manager CPU per MB archived (dual logs and archives)",
    addressSpace: "qmgr",
    metric: "info",
    value,
    low: parts.reduce((s, p) => s + p.low, 0),
    high: parts.reduce((s, p) => s + p.high, 0),
    unit: "us/MB",
    formula:
      parts.map((p) => `${num(p.value, 0)} us/MB`).join(" + ") +
      (parts.length > 1 ? " (archiving, then archive log encryption)" : " (archiving)"),
    inputs: {},
    ...fromLookups(...parts),
  });
}
