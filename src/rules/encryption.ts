// z/OS data set encryption (MQ 9.2 report, ch.5): active and archive logs per MB logged (one encrypt
// per copy written, one decrypt when archiving reads an encrypted active log), page sets per page,
// and SMDS per 4KB page for messages offloaded to SMDS.
import { PAGE_BYTES } from "../config/mq-defaults.js";
import type { Rule } from "../engine/types.js";
import { carried, entryForRelease, fromLookups, mapItems, num, putsPerTransaction, sizeLabel } from "./helpers.js";
import { LOG_VOLUME_USES, logBytesPerTransaction } from "./logging.js";

const LOG = "001.dse-log-cost";
const PASSES = "001.dse-log-passes";
const PAGESET = "001.dse-pageset-io-costs";
const SMDS = "001.dse-smds-costs";
const SMDS_THRESHOLD = "000.smds-large-message-threshold";
const Z14 = "001.carry-dse-z14-z15";

export const encryption: Rule = {
  id: "encryption",
  concern: "encryption",
  description: "Data set encryption of active and archive logs, page sets and shared message data sets.",
  reads: ["encryption.*", "logging.*", "workload.*"],
  uses: [LOG, PASSES, PAGESET, SMDS, SMDS_THRESHOLD, ...LOG_VOLUME_USES],
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
      ctx = mapItems(ctx, (i) =>
        i.metric.startsWith("cpu")
          ? { ...i, measuredOn: ["z14", "z15"], citations: [...i.citations, registry.citation(registry.carry(Z14))] }
          : i,
      );
    }
    const w = config.workload;
    const rel = entryForRelease(ctx, LOG, "encryption", "data set encryption costs");
    if (!rel) {
      ctx.gap("encryption", `data set encryption costs for MQ ${config.mq.release}: measured on MQ 9.2 only`);
      return;
    }
    if (enc.logs) {
      if (!w.persistent) {
        ctx.warn("encryption", "log encryption costs follow log volume; non-persistent messages are not logged");
      } else {
        const lg = config.logging ?? { dualLogs: true, dualArchives: true, archiving: true };
        const copies = lg.dualLogs ? 2 : 1;
        const archives = lg.archiving ? (lg.dualArchives ? 2 : 1) : 0;
        const active = carried(registry.lookup(LOG, { logType: "active" }, "perMB"), rel.carried);
        const archive = carried(registry.lookup(LOG, { logType: "archive" }, "perMB"), rel.carried);
        const passes = registry.formula(PASSES);
        const vol = logBytesPerTransaction(ctx);
        const mb = vol.bytesPerTxn / 1048576;
        // Logs encrypted means both active and archive data sets: each active copy is encrypted on
        // write and one is decrypted for archiving; each archive copy is encrypted on write.
        const activePasses = copies + (archives > 0 ? 1 : 0);
        const perTxn = mb * (active.value * activePasses + archive.value * archives);
        ctx.item({
          id: "encryption.logs",
          concern: "encryption",
          label: `log encryption: ${activePasses} active and ${archives} archive passes per MB logged`,
          addressSpace: "qmgr",
          metric: "cpu-per-txn",
          value: perTxn,
          ...(vol.lower ? { low: perTxn } : {}),
          unit: "us",
          formula: `${num(mb * 1024, 2)} KB logged / 1024 x (${active.raw} us/MB x ${activePasses} + ${archive.raw} us/MB x ${archives}) (${passes.expression})`,
          inputs: {
            mbPerTxn: { value: mb, unit: "MB", from: "logging.bytes-per-transaction" },
            activePerMB: { value: active.value, unit: "us", from: LOG },
            archivePerMB: { value: archive.value, unit: "us", from: LOG },
          },
          ...fromLookups(active, archive, ...vol.lookups),
        });
      }
    }
    if (enc.pagesets) {
      const get = carried(registry.lookup(PAGESET, { ioType: "get" }, "perPage"), rel.carried);
      const write = carried(registry.lookup(PAGESET, { ioType: "write" }, "perPage"), rel.carried);
      ctx.item({
        id: "encryption.pageset-write-per-page",
        concern: "encryption",
        label: "page set encryption: per page written (deferred write)",
        addressSpace: "qmgr",
        metric: "info",
        value: write.value,
        unit: "us/page",
        formula: `${write.raw} us per page written; ${get.raw} us per page read`,
        inputs: {},
        ...fromLookups(write, get),
      });
      ctx.gap(
        "encryption",
        "page set encryption cost per transaction needs page set I/O rates (pages read and written per second, from your SMF 115 buffer manager or PSET data); the source gives the cost per page only",
      );
    }
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
      const put = carried(registry.lookup(SMDS, { operation: "mqput" }, "totalPerPage"), rel.carried);
      const getQ = carried(registry.lookup(SMDS, { operation: "mqget-local-smds" }, "qmgrPerPage"), rel.carried);
      const getA = carried(registry.lookup(SMDS, { operation: "mqget-local-smds" }, "appPerPage"), rel.carried);
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
      ctx.item({
        id: "encryption.smds-get",
        concern: "encryption",
        label: `SMDS encryption: MQGET from local SMDS (queue manager), ${pages} pages x ${puts}`,
        addressSpace: "qmgr",
        metric: "cpu-per-txn",
        value: getQ.value * pages * puts,
        unit: "us",
        formula: `${getQ.raw} per 4KB page x ${pages} pages x ${puts} gets; the application is ${getA.raw} lower per page`,
        inputs: { pages: { value: pages, unit: "count", from: "workload.messageSize" } },
        ...fromLookups(getQ, getA),
      });
      ctx.item({
        id: "encryption.smds-get-app",
        concern: "encryption",
        label: "SMDS encryption: MQGET, application address space (lower)",
        addressSpace: "app",
        metric: "cpu-per-txn",
        value: -Math.abs(getA.value) * pages * puts,
        unit: "us",
        formula: `-${getA.raw} per 4KB page x ${pages} pages x ${puts} gets`,
        inputs: {},
        ...fromLookups(getA),
      });
    }
  },
};
