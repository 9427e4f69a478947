// z/OS data set encryption (MQ 9.2 report, ch.5): active and archive logs per MB logged (one encrypt
// per copy written, one decrypt when archiving reads an encrypted active log) and per GB logged as the
// report's example puts it, page sets per page read or written (from the PSET report's counts), and
// SMDS per 4KB page for messages offloaded to SMDS (gets from SMDS buffers cost nothing extra).
import { PAGE_BYTES } from "../config/mq-defaults.js";
import type { Rule, RuleContext } from "../engine/types.js";
import type { Config } from "../config/schema.js";
import type { LookupResult } from "../model/registry.js";
import { comparedExcept, through } from "./door.js";
import {
  arithmetic,
  entryForRelease,
  fromLookups,
  mapItems,
  num,
  putsPerTransaction,
  rangeOf,
  sizeLabel,
  type ReleaseCarry,
} from "./helpers.js";
import { LOG_VOLUME_USES_AFTER_V53, logBytesPerTransaction, volumeParts } from "./logging.js";

const LOG = "001.dse-log-cost";
const PASSES = "001.dse-log-passes";
const PAGESET = "001.dse-pageset-io-costs";
const PAGESET_FROM_PSET = "001.dse-pageset-cost-from-pset";
const PAGESET_IO_TYPES = "001.pageset-io-types";
const BUFFERPOOL_OVERSIZE = "001.bufferpool-oversize";
const DSBUFS_EXPENSIVE = "001.smds-dsbufs-expensive";
const DSBUFS_NORMAL = "001.smds-dsbufs-normal";
const LOG_FORMULA = "001.dse-log-cost-formula";
const LOG_PER_GB = "001.dse-log-cost-per-gb-example";
const SMDS = "001.dse-smds-costs";
const SMDS_THRESHOLD = "000.smds-large-message-threshold";
const Z14 = "001.carry-dse-z14-z15";
// The per-MB costs are averages over message sizes (001 line 781); per 4KB page they ranged "between
// 0.25 to 1" (archive) and "between 0.6 to 0.9" microseconds (active), lines 782-783.
const ARCHIVE_RANGE = "001.dse-archive-log-cost-range";
const ACTIVE_RANGE = "001.dse-active-log-cost-range";
// The summary's per-page costs and what they apply to (001 lines 971-974), and the passes the report
// counts with dual logs and archives: "encrypting the data 4 times, plus decrypting the data once" (770).
const ARCHIVE_SUMMARY = "001.dse-archive-log-cost-summary";
const ACTIVE_SUMMARY = "001.dse-active-log-cost-summary";
const ENCRYPTS = "001.dse-log-encrypt-calls";
const DECRYPTS = "001.dse-log-decrypt-calls";
// The report's 1GB example (001 lines 787-796): cost per MB x 1024 MB x the factor (passes).
const GB_EXAMPLE = "001.dse-log-1gb-example-table";

// The costs are compared on every condition but the machine: the report measured on z15 and states the
// costs were similar on z14 (001.carry-dse-z14-z15, applied below), and the hardware rule scales CPU
// items to other machines by the sources' factor or says it cannot (hardware.ts, scaleForHardware).
const DSE_COMPARED = comparedExcept("hardware");
// The log costs are per MB logged, and MQ logs persistent messages only (IBM MQ documentation, "Message
// persistence"): a non-persistent config logs none of its messages, so persistence moves the MB logged
// (logging.ts), not the cost of one; the rule warns that non-persistent messages are not logged.
const LOG_COMPARED = comparedExcept("hardware", "persistent");

export const encryption: Rule = {
  id: "encryption",
  concern: "encryption",
  description: "Data set encryption of active and archive logs, page sets and shared message data sets.",
  reads: ["encryption.*", "logging.*", "workload.*"],
  uses: [
    LOG,
    PASSES,
    LOG_FORMULA,
    LOG_PER_GB,
    ARCHIVE_RANGE,
    ACTIVE_RANGE,
    ARCHIVE_SUMMARY,
    ACTIVE_SUMMARY,
    ENCRYPTS,
    DECRYPTS,
    GB_EXAMPLE,
    PAGESET,
    PAGESET_FROM_PSET,
    PAGESET_IO_TYPES,
    BUFFERPOOL_OVERSIZE,
    SMDS,
    SMDS_THRESHOLD,
    DSBUFS_EXPENSIVE,
    DSBUFS_NORMAL,
    // Data set encryption needs MQ 9.2: logBytesPerTransaction's V5.3 entries are not reached.
    ...LOG_VOLUME_USES_AFTER_V53,
  ],
  applies: (c) => Boolean(c.encryption && (c.encryption.logs || c.encryption.pagesets || c.encryption.smds)),
  run(context) {
    let ctx = context;
    const { config, registry } = ctx;
    const enc = config.encryption!;
    const hw = config.hardware.generation;
    if (hw === "z14" && config.hardware.factor === undefined) {
      // The report measured on z15 and states the costs were similar on z14 (AES on CPACF).
      const carry = registry.carry(Z14);
      ctx.warn(
        "encryption",
        `data set encryption costs measured on z15 are used for z14 under "${carry.quote.split(".")[0]}."`,
        [registry.citation(carry)],
      );
    } else if (hw === "z13" || hw === "2064") {
      ctx.warn("encryption", `data set encryption "${registry.carry(Z14).quote.split(". ").pop()}"`, [
        registry.citation(registry.carry(Z14)),
      ]);
    }
    const sameOnZ14 = hw === "z14" && config.hardware.factor === undefined;
    if (sameOnZ14) {
      // A copy, then the keys set: a spread copy given a key its source lacks ({...i, measuredOn}) takes
      // V8's slow path (about 3 us an item on Node 20, against 0.1 us this way).
      ctx = mapItems(ctx, (i) => {
        if (!i.metric.startsWith("cpu")) return i;
        const carriedItem = Object.assign({}, i);
        carriedItem.measuredOn = ["z14", "z15"];
        carriedItem.citations = [...i.citations, registry.citation(registry.carry(Z14))];
        return carriedItem;
      });
    }
    const w = config.workload;
    const rel = entryForRelease(ctx, LOG, "encryption", "data set encryption costs");
    if (!rel) {
      ctx.gap("encryption", `data set encryption costs for MQ ${config.mq.release}: measured on MQ 9.2 only`);
      return;
    }
    if (enc.logs) {
      const copies = logCopies(config);
      const active = dseLogCost(ctx, "active", rel.carried);
      const archive = dseLogCost(ctx, "archive", rel.carried);
      const passes = registry.formula(PASSES);
      const activePasses = copies.activeEncrypted ? copies.active + (copies.archives > 0 ? 1 : 0) : 0;
      const archivePasses = copies.archiveEncrypted ? copies.archives : 0;
      perGigabyte(ctx, active, archive, activePasses, archivePasses);
      if (!w.persistent) {
        ctx.warn("encryption", "log encryption costs follow log volume; non-persistent messages are not logged");
      } else {
        const vol = logBytesPerTransaction(ctx);
        const mb = vol.bytesPerTxn / 1048576;
        // Each encrypted active copy is encrypted on write and one is decrypted for archiving; each
        // encrypted archive copy is encrypted on write.
        const cost = (a: number, b: number, bytes: number) =>
          (bytes / 1048576) * (a * activePasses + b * archivePasses);
        const bytes = { value: vol.bytesPerTxn, low: vol.low, high: vol.high };
        const perTxn = cost(active.value, archive.value, vol.bytesPerTxn);
        const range = rangeOf(cost, active, archive, bytes);
        ctx.item({
          id: "encryption.logs",
          concern: "encryption",
          label: `log encryption: ${activePasses} active and ${archivePasses} archive passes per MB logged`,
          addressSpace: "qmgr",
          metric: "cpu-per-txn",
          value: perTxn,
          low: range.low,
          high: range.high,
          unit: "us",
          formula: `${num(mb * 1024, 2)} KB logged / 1024 x (${active.raw} us/MB x ${activePasses} + ${archive.raw} us/MB x ${archivePasses}) (${passes.expression})`,
          inputs: {
            mbPerTxn: { value: mb, unit: "MB", from: "logging.bytes-per-transaction" },
            activePerMB: { value: active.value, unit: "us", from: LOG },
            archivePerMB: { value: archive.value, unit: "us", from: LOG },
          },
          // The per-page ranges over message sizes are in active's and archive's range; cited here.
          ...volumeParts(vol, active, archive, registry.figureValue(ACTIVE_RANGE), registry.figureValue(ARCHIVE_RANGE)),
        });
      }
    }
    if (enc.pagesets) pagesets(ctx, rel.carried);
    if (enc.smds) {
      const threshold = registry.figureValue(SMDS_THRESHOLD);
      if (w.messageSize <= threshold.value * 1024) {
        ctx.item({
          id: "encryption.smds",
          concern: "encryption",
          label: `SMDS encryption: ${sizeLabel(w.messageSize)} messages stay in the CF structure (no SMDS I/O)`,
          addressSpace: "qmgr",
          metric: "info",
          value: 0,
          unit: "us",
          formula: `message size ${sizeLabel(w.messageSize)} is not above ${threshold.raw}`,
          inputs: {},
          ...fromLookups(threshold),
        });
        return;
      }
      const pages = Math.ceil(w.messageSize / PAGE_BYTES);
      const puts = putsPerTransaction(w.pattern);
      const put = through(ctx, SMDS, {
        at: { operation: "mqput" },
        measure: "totalPerPage",
        carry: rel.carried,
        only: DSE_COMPARED,
        concern: "encryption",
        what: "SMDS encryption cost",
      }).r;
      ctx.item({
        id: "encryption.smds-put",
        concern: "encryption",
        label: `SMDS encryption: MQPUT, ${pages} pages x ${puts} puts`,
        addressSpace: "app",
        metric: "cpu-per-txn",
        value: put.value * pages * puts,
        unit: "us",
        formula: `${put.raw} per 4KB page x ceil(${w.messageSize} / ${PAGE_BYTES}) = ${pages} pages x ${puts} puts`,
        inputs: { pages: { value: pages, unit: "count", from: "workload.messageSize" } },
        ...fromLookups(put),
      });
      smdsGets(ctx, pages, puts, rel.carried);
    }
  },
};

/**
 * Log copies and which logs are encrypted (encryption.logs: true is active and archive logs both,
 * "active" or "archive" one of them; archive logs alone are the MQ 8.0 support, 001 line 699).
 */
export function logCopies(config: Config): {
  active: number;
  archives: number;
  activeEncrypted: boolean;
  archiveEncrypted: boolean;
} {
  const lg = config.logging;
  const active = (lg?.dualLogs ?? true) ? 2 : 1;
  const archives = (lg?.archiving ?? true) ? ((lg?.dualArchives ?? true) ? 2 : 1) : 0;
  const logs = config.encryption?.logs ?? false;
  return {
    active,
    archives,
    activeEncrypted: logs === true || logs === "active",
    archiveEncrypted: logs === true || logs === "archive",
  };
}

/**
 * Data set encryption's CPU per MB of a log type (001.dse-log-cost, an average over message sizes, line
 * 781), carried to the release as chooseRelease says, with the range the report gives per 4KB page over
 * message sizes (lines 782-783) as its spread: the per-MB figure scaled by the range's ends over the
 * per-page average.
 */
export function dseLogCost(ctx: RuleContext, logType: "active" | "archive", how: boolean | ReleaseCarry): LookupResult {
  const { registry } = ctx;
  const perMB = through(ctx, LOG, {
    at: { logType },
    measure: "perMB",
    carry: how,
    only: LOG_COMPARED,
    concern: "encryption",
    what: "log encryption cost",
  }).r;
  const perPage = registry.lookup(LOG, { logType }, "perPage");
  const spread = registry.figureValue(logType === "active" ? ACTIVE_RANGE : ARCHIVE_RANGE);
  const low = (perMB.value * spread.low) / perPage.value;
  const high = (perMB.value * spread.high) / perPage.value;
  if (low >= perMB.low && high <= perMB.high) return perMB;
  const pct = (x: number) => ((x - perMB.value) / perMB.value) * 100;
  return {
    ...perMB,
    low: Math.min(perMB.low, low),
    high: Math.max(perMB.high, high),
    parts: [
      ...perMB.parts,
      {
        from: perMB.citation.id,
        reason: "condition",
        low: pct(Math.min(perMB.value, low)),
        high: pct(Math.max(perMB.value, high)),
        text: `an average over message sizes; per 4KB page the cost ranged ${spread.raw} around ${perPage.raw} (${spread.citation.id})`,
      },
    ],
  };
}

/**
 * The report's own way of putting it (seed 001 lines 785-798): the CPU added per GB logged, by log type
 * (cost per MB x 1024 MB x the passes), and the passes per page (4 encrypts + 1 decrypt with dual
 * logs and archives, line 770).
 */
function perGigabyte(
  ctx: RuleContext,
  active: LookupResult,
  archive: LookupResult,
  activePasses: number,
  archivePasses: number,
): void {
  const { registry } = ctx;
  const mbPerGB = registry.parameter(LOG_FORMULA, "mbPerGB");
  const passes = registry.formula(PASSES);
  const example = registry.figureValue(LOG_PER_GB);
  // The report's count with dual logs and archives, and its summary of what each per-page cost applies
  // to: "each 4KB page written" to an archive copy, "each 4KB page read / written" of an active log.
  const encrypts = registry.figureValue(ENCRYPTS);
  const decrypts = registry.figureValue(DECRYPTS);
  const archiveSummary = registry.figureValue(ARCHIVE_SUMMARY);
  const activeSummary = registry.figureValue(ACTIVE_SUMMARY);
  ctx.item({
    id: "encryption.log-passes",
    concern: "encryption",
    label: "log encryption: encrypt and decrypt passes per page logged",
    addressSpace: "qmgr",
    metric: "info",
    value: activePasses + archivePasses,
    unit: "passes",
    formula: `${activePasses} on the active logs (each copy written${activePasses > 0 && archivePasses > 0 ? ", one read for archiving" : ""}) + ${archivePasses} on the archive logs (${passes.expression}); with dual logs and archives all encrypted the report counts "${encrypts.raw}" encrypting plus "${decrypts.raw}" decrypting`,
    inputs: {},
    ...arithmetic(
      registry.citation(passes),
      encrypts.citation,
      decrypts.citation,
      activeSummary.citation,
      archiveSummary.citation,
    ),
  });
  const perLog = (id: string, what: "archive" | "active", r: LookupResult, n: number) => {
    // At the example's own passes (2 archive, 3 active), its printed cost beside the computed one.
    const factor = registry.lookup(GB_EXAMPLE, { logType: what }, "factor");
    const example = n === factor.value ? registry.lookup(GB_EXAMPLE, { logType: what }, "cost") : undefined;
    const looked = fromLookups(r, mbPerGB);
    ctx.item({
      id,
      concern: "encryption",
      label: `${what} log encryption per GB logged, ${n} pass(es)`,
      addressSpace: "qmgr",
      metric: "info",
      value: r.value * mbPerGB.value * n,
      unit: "us per GB",
      formula: `${r.raw} us/MB x ${mbPerGB.raw} MB x ${n}${example ? ` (the report's example, factor ${factor.raw}: "${example.raw}")` : ""}`,
      inputs: { passes: { value: n, unit: "count", from: PASSES } },
      ...looked,
      // The example is cited, not looked up as a value: it is the same arithmetic, printed rounded.
      citations: [...looked.citations, ...(example ? [example.citation] : [])],
    });
  };
  perLog("encryption.log-archive-per-gb", "archive", archive, archivePasses);
  perLog("encryption.log-active-per-gb", "active", active, activePasses);
  const perGB = (a: number, b: number) => (a * archivePasses + b * activePasses) * mbPerGB.value;
  const total = perGB(archive.value, active.value);
  const totalRange = rangeOf(perGB, archive, active);
  const looked = fromLookups(archive, active, mbPerGB);
  ctx.item({
    id: "encryption.log-per-gb",
    concern: "encryption",
    label: "log encryption: MSTR CPU added per GB logged",
    addressSpace: "qmgr",
    metric: "info",
    value: total,
    low: totalRange.low,
    high: totalRange.high,
    unit: "us per GB",
    formula: `(${num(archive.value)} x ${archivePasses} + ${num(active.value)} x ${activePasses}) us/MB x ${mbPerGB.raw} MB (the report's example: ${example.raw} with dual logs and archives)`,
    inputs: {},
    ...looked,
    // The example is cited, not looked up as a value: its printed 0.86 is truncated (flagged), and the
    // sum is computed here from the per-MB costs.
    citations: [...looked.citations, example.citation],
  });
}

/**
 * Page set encryption from the page set I/O (seed 001 lines 845-855): +0.7 us per page read (GET) and
 * per immediate write, +2.6 us per page of deferred write, applied to the PSET report's counts.
 */
function pagesets(ctx: RuleContext, isCarried: false | ReleaseCarry): void {
  const { config, registry } = ctx;
  const perPage = (ioType: string) =>
    through(ctx, PAGESET, {
      at: { ioType },
      measure: "perPage",
      carry: isCarried,
      only: DSE_COMPARED,
      concern: "encryption",
      what: "page set encryption cost",
    }).r;
  const get = perPage("get");
  const imw = perPage("imw");
  const write = perPage("write");
  const io = config.encryption?.pagesetIo;
  if (!io) {
    ctx.item({
      id: "encryption.pageset-write-per-page",
      concern: "encryption",
      label: "page set encryption: per page written (deferred write)",
      addressSpace: "qmgr",
      metric: "info",
      value: write.value,
      unit: "us/page",
      formula: `${write.raw} us per page written; ${get.raw} us per page read or written immediately`,
      inputs: {},
      ...fromLookups(write, get, imw),
    });
    ctx.gap(
      "encryption",
      "page set encryption cost needs the page set I/O (encryption.pagesetIo: pages read, written immediately and written, from your MQSMF PSET report); the source gives the cost per page only",
    );
    return;
  }
  const f = registry.formula(PAGESET_FROM_PSET);
  const per = io.interval !== undefined ? ` in ${num(io.interval)} s` : "";
  const kinds = [
    { id: "encryption.pageset-get", what: "pages read (GET)", pages: io.getPages, r: get, from: "getPages" },
    {
      id: "encryption.pageset-imw",
      what: "pages written immediately (IMW)",
      pages: io.immediateWritePages,
      r: imw,
      from: "immediateWritePages",
    },
    {
      id: "encryption.pageset-write",
      what: "pages written (deferred)",
      pages: io.writePages,
      r: write,
      from: "writePages",
    },
  ];
  let total = 0;
  for (const k of kinds) {
    total += k.pages * k.r.value;
    ctx.item({
      id: k.id,
      concern: "encryption",
      label: `page set encryption: ${num(k.pages)} ${k.what}${per}`,
      addressSpace: "qmgr",
      metric: "info",
      value: k.pages * k.r.value,
      unit: "us",
      formula: `${num(k.pages)} pages x ${k.r.raw} us (${f.expression})`,
      inputs: { pages: { value: k.pages, unit: "pages", from: `encryption.pagesetIo.${k.from}` } },
      ...fromLookups(k.r),
    });
  }
  if (io.interval !== undefined) {
    const seconds = io.interval;
    const rate = rangeOf(
      (g, m, wr) => (io.getPages * g + io.immediateWritePages * m + io.writePages * wr) / seconds,
      get,
      imw,
      write,
    );
    ctx.item({
      id: "encryption.pagesets",
      concern: "encryption",
      label: `page set encryption at the PSET report's I/O rate`,
      addressSpace: "qmgr",
      metric: "cpu-per-second",
      value: total / io.interval,
      low: rate.low,
      high: rate.high,
      unit: "us/s",
      formula: `${num(total)} us / ${num(io.interval)} s`,
      inputs: { interval: { value: io.interval, unit: "seconds", from: "encryption.pagesetIo.interval" } },
      ...fromLookups(get, imw, write),
    });
  }
  if (io.immediateWritePages > 0) {
    const trigger = registry.lookup(PAGESET_IO_TYPES, { ioType: "imw" }, "bufferPoolFullTrigger");
    const oversize = registry.figureValue(BUFFERPOOL_OVERSIZE);
    ctx.warn(
      "encryption",
      `immediate writes (IMW) happen when the buffer pool is ${trigger.raw}: it is too small for optimal performance; a buffer pool of ${oversize.raw} of its page set avoids them, their I/O and their encryption cost`,
      [trigger.citation, oversize.citation],
    );
  }
}

/**
 * MQGET of messages offloaded to SMDS: decryption when read from the data set, local or remote (seed
 * 001 lines 896-906); nothing extra when read from SMDS buffers (line 892). Where the config does not
 * say, the data set is assumed (the dearer case) and the range goes down to the buffers' nothing.
 */
function smdsGets(ctx: RuleContext, pages: number, puts: number, isCarried: false | ReleaseCarry): void {
  const { config, registry } = ctx;
  const from = config.encryption?.smdsGets;
  const noExtra = registry.lookup(SMDS, { operation: "mqget-local-smds" }, "totalPerPage");
  if (from === "buffers") {
    const many = registry.figureValue(DSBUFS_EXPENSIVE);
    const normal = registry.figureValue(DSBUFS_NORMAL);
    ctx.warn(
      "encryption",
      `gets from SMDS buffers avoid decryption, but do not raise DSBUFS far to get there: DSBUF(${many.raw}) made puts and gets significantly more expensive than DSBUF(${normal.raw})`,
      [many.citation],
    );
    ctx.item({
      id: "encryption.smds-get",
      concern: "encryption",
      label: "SMDS encryption: MQGET from SMDS buffers (no decryption)",
      addressSpace: "qmgr",
      metric: "cpu-per-txn",
      value: 0,
      unit: "us",
      formula: "messages got from SMDS buffers cost the same encrypted or not (enough DSBUFS)",
      inputs: { smdsGets: { value: "buffers", from: "encryption.smdsGets" } },
      ...fromLookups(noExtra),
      citations: [registry.citation(registry.get(SMDS), [[892, 892]])],
    });
    return;
  }
  const op = from === "remote" ? "mqget-remote-smds" : "mqget-local-smds";
  const where = from === "remote" ? "remote" : "local";
  if (from === undefined) {
    ctx.warn(
      "encryption",
      "encryption.smdsGets is not given: assumed the gets read the local SMDS data set; from SMDS buffers (enough DSBUFS) they cost nothing extra, the low end of the range",
      [registry.citation(registry.get(SMDS), [[892, 892]])],
    );
  }
  const perPage = (measure: string) =>
    through(ctx, SMDS, {
      at: { operation: op },
      measure,
      carry: isCarried,
      only: DSE_COMPARED,
      concern: "encryption",
      what: "SMDS encryption cost",
    }).r;
  const getQ = perPage("qmgrPerPage");
  const getA = perPage("appPerPage");
  const open = from === undefined;
  const q = getQ.value * pages * puts;
  const a = -Math.abs(getA.value) * pages * puts;
  ctx.item({
    id: "encryption.smds-get",
    concern: "encryption",
    label: `SMDS encryption: MQGET from ${where} SMDS (queue manager), ${pages} pages x ${puts}`,
    addressSpace: "qmgr",
    metric: "cpu-per-txn",
    value: q,
    ...(open ? { low: 0, high: q } : {}),
    unit: "us",
    formula: `${getQ.raw} per 4KB page x ${pages} pages x ${puts} gets; the application is ${getA.raw} lower per page`,
    inputs: {
      pages: { value: pages, unit: "count", from: "workload.messageSize" },
      smdsGets: { value: from ?? "local (assumed)", from: "encryption.smdsGets" },
    },
    ...fromLookups(getQ, getA),
  });
  ctx.item({
    id: "encryption.smds-get-app",
    concern: "encryption",
    label: "SMDS encryption: MQGET, application address space (lower)",
    addressSpace: "app",
    metric: "cpu-per-txn",
    value: a,
    ...(open ? { low: a, high: 0 } : {}),
    unit: "us",
    formula: `-${getA.raw} per 4KB page x ${pages} pages x ${puts} gets`,
    inputs: {},
    ...fromLookups(getA),
  });
}
