// Data set encryption rule, checked against seed 001 (MQ 9.2 report): the log table at lines 774-776,
// the "1GB example" at lines 787-798, SMDS costs at lines 888-906, the z14 statement at line 994, and
// seed 000 (MQ 9.3 report) line 1434 for the 63KB SMDS threshold.
import { item } from "../helpers/items.js";
import { describe, expect, it } from "vitest";
import { estimate } from "../../src/api.js";

describe("encryption rule", () => {
  it("costs dual logs, dual archives, archiving at (180 x 3 + 154 x 2) us per MB logged (seed 001 lines 774-776)", () => {
    const e = estimate({
      version: 1,
      mq: { release: "9.2" },
      workload: { persistent: true, messageSize: "1MB", pattern: "one-way" },
      encryption: { logs: true },
    });
    // 1 MB logged per transaction; active: 2 copies encrypted + 1 decrypted for archiving = 3 passes,
    // archive: 2 copies = 2 passes (seed 001 line 769: "a total of 5 encrypt/decrypt calls")
    const i = item(e, "encryption.logs");
    expect(i.value).toBeCloseTo(180 * 3 + 154 * 2, 9);
    expect(i.addressSpace).toBe("qmgr");
    expect(i.metric).toBe("cpu-per-txn");
    expect(i.inputs.activePerMB!.value).toBe(180);
    expect(i.inputs.archivePerMB!.value).toBe(154);
  });

  it("reproduces the report's 1GB example, about 0.86 CPU seconds (seed 001 lines 789-798)", () => {
    const e = estimate({
      version: 1,
      mq: { release: "9.2" },
      workload: { persistent: true, messageSize: "1MB", pattern: "one-way" },
      encryption: { logs: true },
    });
    const i = item(e, "encryption.logs");
    // 1024 transactions of 1 MB log 1 GB.
    // Archive row: 154 x 1024 x 2 = 315,392 us, printed "315 CPU milliseconds" (line 790).
    expect((i.inputs.archivePerMB!.value as number) * 1024 * 2).toBeCloseTo(315392, 6);
    // Active row: 180 x 1024 x 3 = 552,960 us, printed "550 CPU milliseconds" (line 791).
    expect(((i.inputs.activePerMB!.value as number) * 1024 * 3) / 1000).toBeCloseTo(550, -1);
    // Together 848 us x 1024 = 868,352 us = 0.868 s; the report says "approximately 0.86 CPU seconds".
    const seconds = (i.value * 1024) / 1e6;
    expect(seconds).toBeCloseTo(0.868352, 9);
    expect(Math.abs(seconds - 0.86) / 0.86).toBeLessThan(0.01);
  });

  it("counts fewer passes with single logs and archives: 180 x 2 + 154 x 1 per MB", () => {
    const e = estimate({
      version: 1,
      mq: { release: "9.2" },
      workload: { persistent: true, messageSize: "32KB", pattern: "request-reply" },
      logging: { dualLogs: false, dualArchives: false },
      encryption: { logs: true },
    });
    // 2 x 32 KB = 64 KB = 1/16 MB per transaction; (180 x 2 + 154) / 16 = 514 / 16 = 32.125 us
    expect(item(e, "encryption.logs").value).toBeCloseTo((180 * 2 + 154) / 16, 9);
    // no archiving: 180 x 2 / 16 = 22.5 us (two active copies written, none read back)
    const noArchive = estimate({
      version: 1,
      mq: { release: "9.2" },
      workload: { persistent: true, messageSize: "32KB", pattern: "request-reply" },
      logging: { dualLogs: true, archiving: false },
      encryption: { logs: true },
    });
    expect(item(noArchive, "encryption.logs").value).toBeCloseTo((180 * 2) / 16, 9);
  });

  it("costs SMDS encryption at 0.7 us per 4KB page for a 100KB shared-queue message (seed 001 lines 888, 898-900)", () => {
    const e = estimate({
      version: 1,
      mq: { release: "9.2" },
      workload: { queues: "shared", messageSize: "100KB", pattern: "one-way" },
      encryption: { smds: true },
    });
    // 100KB = 102,400 bytes = 25 pages of 4KB, above the 63KB SMDS threshold
    // MQPUT: "approximately 0.7 CPU microseconds per 4KB page" (line 888): 0.7 x 25 = 17.5 us
    expect(item(e, "encryption.smds-put").value).toBeCloseTo(0.7 * 25, 9);
    // MQGET from local SMDS: +0.8 us per page in the queue manager, -0.1 us in the application (line 900)
    expect(item(e, "encryption.smds-get").value).toBeCloseTo(0.8 * 25, 9);
    expect(item(e, "encryption.smds-get-app").value).toBeCloseTo(-0.1 * 25, 9);
    // net of the get: (0.8 - 0.1) x 25 = 0.7 x 25 = 17.5 us, the "approximately 0.7" of line 898
    const get = item(e, "encryption.smds-get").value + item(e, "encryption.smds-get-app").value;
    expect(get).toBeCloseTo(0.7 * 25, 9);
    // the application address space: put 17.5 - 2.5 = 15 us
    expect(e.totals.costPerTransaction.find((c) => c.addressSpace === "app")!.added.value).toBeCloseTo(15, 9);
  });

  it("adds nothing for SMDS when messages are not above 63KB (seed 000 line 1434)", () => {
    const e = estimate({
      version: 1,
      mq: { release: "9.2" },
      workload: { queues: "shared", messageSize: "32KB", pattern: "one-way" },
      encryption: { smds: true },
    });
    expect(item(e, "encryption.smds").value).toBe(0);
    expect(e.items.some((i) => i.id === "encryption.smds-put")).toBe(false);
  });

  it("uses the z15 costs unchanged on z14, not LSPR-scaled (seed 001 line 994)", () => {
    const e = estimate({
      version: 1,
      mq: { release: "9.2" },
      hardware: { generation: "z14", cpus: 3, rni: "average" },
      workload: { persistent: true, messageSize: "1MB", pattern: "one-way" },
      encryption: { logs: true },
    });
    expect(item(e, "encryption.logs").value).toBeCloseTo(848, 9);
    expect(item(e, "encryption.logs").citations.map((c) => c.id)).toContain("001.carry-dse-z14-z15");
    expect(e.warnings.some((w) => w.concern === "encryption" && /similar on z14 and z15/.test(w.message))).toBe(true);
  });

  const v92 = { version: 1 as const, mq: { release: "9.2" as const } };
  const warned = (e: ReturnType<typeof estimate>, text: string) =>
    e.warnings.some((w) => w.concern === "encryption" && w.message.includes(text));

  it("puts the log cost per GB logged as the report's example does: 315,392 + 552,960 us (seed 001 lines 787-798)", () => {
    const e = estimate({ ...v92, workload: { persistent: true }, encryption: { logs: true } });
    // "a total of 5 encrypt/decrypt calls for each page logged" (line 770)
    const passes = item(e, "encryption.log-passes");
    expect(passes.value).toBe(5);
    expect(passes.confidence).toBe("arithmetic");
    // Archive: 154 x 1024 x 2 ("315 CPU milliseconds"); active: 180 x 1024 x 3 ("550 CPU milliseconds")
    expect(item(e, "encryption.log-archive-per-gb").value).toBe(154 * 1024 * 2);
    expect(item(e, "encryption.log-active-per-gb").value).toBe(180 * 1024 * 3);
    // "approximately 0.86 CPU seconds" (0.868 exactly)
    expect(item(e, "encryption.log-per-gb").value).toBe(154 * 1024 * 2 + 180 * 1024 * 3);
    // single logs, single archives: 1 write + 1 read for archiving, 1 archive write
    const single = estimate({
      ...v92,
      workload: { persistent: true },
      logging: { dualLogs: false, dualArchives: false },
      encryption: { logs: true },
    });
    expect(item(single, "encryption.log-passes").value).toBe(2 + 1);
  });

  it("costs page set encryption from the PSET counts: 0.7, 7,124 us and 7.59 CPU seconds (seed 001 lines 851-855)", () => {
    const e = estimate({
      ...v92,
      encryption: {
        pagesets: true,
        pagesetIo: { getPages: 1, immediateWritePages: 10177, writePages: 2918219, interval: "30.00" },
      },
    });
    // "GET: 1 request for an additional 0.7 microseconds"
    expect(item(e, "encryption.pageset-get").value).toBeCloseTo(0.7, 9);
    // "IMW: 10,177 requests for 10,177 pages - an additional cost of 7124 CPU microseconds"
    expect(item(e, "encryption.pageset-imw").value).toBeCloseTo(10177 * 0.7, 6);
    // "WRITE: 182,403 requests for 2,918,219 pages - ... an additional 7.59 CPU seconds"
    expect(item(e, "encryption.pageset-write").value).toBeCloseTo(2918219 * 2.6, 3);
    // over the 30 minutes the counts cover
    const total = 0.7 + 10177 * 0.7 + 2918219 * 2.6;
    expect(item(e, "encryption.pagesets")).toMatchObject({ metric: "cpu-per-second" });
    expect(item(e, "encryption.pagesets").value).toBeCloseTo(total / 1800, 6);
    // IMWs "occur when the buffer pool reaches 95% full" (line 842); a buffer pool at 105% of the page
    // set avoids them (line 999)
    expect(warned(e, "95% full")).toBe(true);
    expect(warned(e, "105%")).toBe(true);
    // without the counts the cost per transaction is a gap
    const none = estimate({ ...v92, encryption: { pagesets: true } });
    expect(none.gaps.some((g) => g.message.includes("encryption.pagesetIo"))).toBe(true);
  });

  it("charges nothing for gets from SMDS buffers (seed 001 line 892) and 0.9 us per page from a remote SMDS (line 906)", () => {
    const smds = (smdsGets?: "buffers" | "local" | "remote") =>
      estimate({
        ...v92,
        workload: { queues: "shared", messageSize: "1MB", pattern: "one-way" },
        encryption: { smds: true, ...(smdsGets ? { smdsGets } : {}) },
      });
    // "the cost of the MQGET remains the same regardless of whether the data set is encrypted"
    const buffers = smds("buffers");
    expect(item(buffers, "encryption.smds-get").value).toBe(0);
    expect(buffers.items.some((i) => i.id === "encryption.smds-get-app")).toBe(false);
    // "DSBUF(3000) were significantly more expensive than ... DSBUF(10-200)" (line 894)
    expect(warned(buffers, "DSBUF(3000)")).toBe(true);
    // 1MB = 256 pages: remote "approximately 0.9 CPU microseconds per 4KB page in SRB usage"
    expect(item(smds("remote"), "encryption.smds-get").value).toBeCloseTo(0.9 * 256, 9);
    // not given: the local data set is assumed, with the buffers' nothing as the low end
    const open = smds();
    expect(item(open, "encryption.smds-get")).toMatchObject({ low: 0 });
    expect(item(open, "encryption.smds-get").value).toBeCloseTo(0.8 * 256, 9);
    expect(warned(open, "encryption.smdsGets is not given")).toBe(true);
  });
});
