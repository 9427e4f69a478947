// Logging rule, checked against seed 000 (MQ 9.3 report) line 1412, seed 001 (MQ 9.2 report) lines 557-560,
// 597, 651-657 and 2289, seed 003 (z15 report) line 322 and seed 004 (V5.3 report) line 504.
import { item } from "../helpers/items.js";
import { describe, expect, it } from "vitest";
import { estimate } from "../../src/api.js";

describe("logging rule", () => {
  it("divides the 380 MB/s per copy peak by the KB logged per transaction (seed 000 line 1412)", () => {
    // The overhead per message given as none: the data per transaction is then the message's, bounded
    // (left out, it is a lower bound and the ceiling is open below: test/log-volume-open.test.ts).
    const e = estimate({
      version: 1,
      workload: { persistent: true, messageSize: "32KB", pattern: "one-way", rate: "1000/s" },
      logging: { logOverheadPerMessage: 0 },
    });
    // 380 MB/s x 1024 KB/MB / 32 KB per transaction = 12,160 transactions per second
    const ceiling = item(e, "logging.log-rate-ceiling");
    expect(ceiling.value).toBeCloseTo((380 * 1024) / 32, 9);
    expect(ceiling.metric).toBe("limit");
    expect(ceiling.citations.map((c) => c.id)).toContain("000.peak-log-rate-per-copy");
    // "in excess of": a lower bound on the peak, but the peak is reached with 1MB and larger messages
    // (000 line 1199); with 32KB the low end is the 220 MB/s a saturated log task wrote with 11 pages per
    // I/O (000 line 1187): 220 x 1024 / 32 = 7,040
    expect(ceiling.low).toBeCloseTo(7040, 9);
    expect(e.bottleneck?.id).toBe("logging.log-rate-ceiling");
  });

  it("uses the MQ 9.2 report's peak of 250 MB/s per copy for MQ 9.0 (seed 001 line 2289)", () => {
    // The MQ 9.2 report (DS8870) states "in excess of 250MB per second" for 9.0-9.2; the MQ 9.3 report's
    // regression appendix (seed 000 line 1412, measured on 9.1-9.3) states "in excess of 380MB", so for
    // 9.1 and 9.2 the rule takes the larger of the two lower bounds; 9.0 has only the 250.
    // (Fixed in src/rules/logging.ts: the rule took the 380 carried from 9.1 even for 9.0, where the
    // 250 is measured; a figure measured for the release now comes before a carried one.)
    const e = estimate({
      version: 1,
      mq: { release: "9.0" },
      hardware: { generation: "z15" },
      workload: { persistent: true, messageSize: "32KB", pattern: "request-reply" },
    });
    // request-reply: 2 x 32 KB = 64 KB per transaction; 250 x 1024 / 64 = 4,000 transactions per second
    expect(item(e, "logging.bytes-per-transaction").value).toBe(64);
    expect(item(e, "logging.log-rate-ceiling").value).toBeCloseTo((250 * 1024) / 64, 9);
    expect(item(e, "logging.log-rate-ceiling").citations.map((c) => c.id)).toContain(
      "001.regression-peak-log-rate-per-copy",
    );
    // MQ 9.2: 380 x 1024 / 64 = 6,080
    const v92 = estimate({
      version: 1,
      mq: { release: "9.2" },
      workload: { persistent: true, messageSize: "32KB", pattern: "request-reply" },
    });
    expect(item(v92, "logging.log-rate-ceiling").value).toBeCloseTo((380 * 1024) / 64, 9);
  });

  it("writes 4 MB to disk per MB put with dual logs and archives, 6 MB with mirroring (seed 001 lines 651-657)", () => {
    const workload = { persistent: true, messageSize: "32KB", pattern: "one-way" as const, rate: "1000/s" };
    // 1000/s x 32 KB / 1024 = 31.25 MB/s logged per copy
    const plain = estimate({ version: 1, workload });
    expect(item(plain, "logging.log-write-rate").value).toBeCloseTo(31.25, 9);
    // "2 MB to active log ... 2 MB to archives": 31.25 x 4 = 125 MB/s
    expect(item(plain, "logging.disk-write-rate").value).toBeCloseTo(31.25 * 4, 9);
    // "... 2 MB to the mirrored logs": 31.25 x 6 = 187.5 MB/s
    const mirrored = estimate({ version: 1, workload, logging: { metroMirror: true } });
    expect(item(mirrored, "logging.disk-write-rate").value).toBeCloseTo(31.25 * 6, 9);
  });

  it("writes 2 MB per MB put with single logs and archives, 3 MB with mirroring (seed 001 lines 557-560)", () => {
    const workload = { persistent: true, messageSize: "32KB", pattern: "one-way" as const, rate: "1000/s" };
    const single = estimate({ version: 1, workload, logging: { dualLogs: false, dualArchives: false } });
    expect(item(single, "logging.disk-write-rate").value).toBeCloseTo(31.25 * 2, 9);
    const mirrored = estimate({
      version: 1,
      workload,
      logging: { dualLogs: false, dualArchives: false, metroMirror: true },
    });
    expect(item(mirrored, "logging.disk-write-rate").value).toBeCloseTo(31.25 * 3, 9);
    // active and archive volume per day: 31.25 MB/s x 86400 s x 1 copy / 1024 = 2,636.7 GB/day each
    expect(item(single, "logging.active-log-per-day").value).toBeCloseTo((31.25 * 86400) / 1024, 6);
    expect(item(single, "logging.archive-per-day").value).toBeCloseTo((31.25 * 86400) / 1024, 6);
  });

  // With archiving off (CSQ6LOGP OFFLOAD=NO) the "2 MB to archives" part (seed 001 line 656) goes:
  // dual logs, no archiving, no mirroring writes only the two active copies, 31.25 MB/s x 2 = 62.5 MB/s.
  it("writes only the active copies to disk when archiving is off (seed 001 lines 654-656)", () => {
    const e = estimate({
      version: 1,
      workload: { persistent: true, messageSize: "32KB", pattern: "one-way", rate: "1000/s" },
      logging: { archiving: false },
    });
    expect(item(e, "logging.disk-write-rate").value).toBeCloseTo(31.25 * 2, 9);
  });

  it("adds zHyperWrite's 7.5% (single logs) to the queue manager baseline, and 6% with dual logs (seed 001 line 597)", () => {
    const dual = estimate({
      version: 1,
      workload: { persistent: true, messageSize: "16KB", pattern: "one-way" },
      baseline: { rate: "1000/s", cost: { qmgr: "100us" } },
      logging: { zHyperWrite: true, metroMirror: true },
    });
    // Line 597: "typically the order of 7.5%" with single logs; "In a dual active/archive log
    // configuration, the increase is more typically 6%", each a percentage of the queue manager's cost
    // with PPRC and the same logs (different bases, so not compared). (#28 item 4: dual logs took 7.5%.)
    // The range holds the sources' spread over message sizes, 12% at 32KB (line 595) and 2.7% at 4MB
    // (line 611).
    const z = item(dual, "logging.zhyperwrite-cost");
    expect(z.value).toBe(6);
    expect(z.low).toBeLessThanOrEqual(2.7);
    expect(z.high).toBeGreaterThanOrEqual(12);
    expect(z.citations.map((c) => c.id).sort()).toEqual([
      "001.zhw-cost-increase-max-32kb",
      "001.zhw-cost-increase-total-4mb",
      "001.zhw-cost-increase-typical-dual",
    ]);
    // 100 us x (1 + 6%) = 106 us
    const qmgr = dual.totals.costPerTransaction.find((c) => c.addressSpace === "qmgr")!;
    expect(qmgr.total!.value).toBeCloseTo(106, 9);
    // 32KB's 12% (line 595) was measured with single logs: dual logs keep their own 6%.
    const dual32 = estimate({
      version: 1,
      workload: { persistent: true, messageSize: "32KB", pattern: "one-way" },
      baseline: { rate: "1000/s", cost: { qmgr: "100us" } },
      logging: { zHyperWrite: true, metroMirror: true },
    });
    expect(item(dual32, "logging.zhyperwrite-cost").value).toBe(6);
    const singleAt = (messageSize: string) =>
      estimate({
        version: 1,
        workload: { persistent: true, messageSize, pattern: "one-way" },
        baseline: { rate: "1000/s", cost: { qmgr: "100us" } },
        logging: { zHyperWrite: true, metroMirror: true, dualLogs: false, dualArchives: false },
      });
    // 001 line 595: "the maximum increase is using a 32KB workload, zHyperWrite is 12% more expensive"
    // (single logs, as the chapter measured): 32KB takes its own figure.
    expect(item(singleAt("32KB"), "logging.zhyperwrite-cost").value).toBe(12);
    const single = singleAt("10KB");
    // Single logs: "7.5%" printed approximately (7.45% to 7.55%, half a unit of the last digit), a change
    // between runs that vary +/-6% (001 line 2167), taken on its ratio: 1.0745 x 0.94 = 1.01003 and
    // 1.0755 x 1.06 = 1.14003. Carried to 9.3 under a statement whose +/-6% is that same tolerance.
    const zs = item(single, "logging.zhyperwrite-cost");
    expect(zs.value).toBe(7.5);
    expect(zs.low).toBeCloseTo(107.45 * 0.94 - 100, 9);
    expect(zs.high).toBeCloseTo(107.55 * 1.06 - 100, 9);
    // 100 us x (1 + 7.5%) = 107.5 us
    expect(single.totals.costPerTransaction.find((c) => c.addressSpace === "qmgr")!.total!.value).toBeCloseTo(107.5, 9);
  });

  it("has zHyperWrite change nothing without Metro Mirror, and says so", () => {
    const e = estimate({
      version: 1,
      workload: { persistent: true, messageSize: "32KB" },
      logging: { zHyperWrite: true },
    });
    expect(e.items.some((i) => i.id === "logging.zhyperwrite-cost")).toBe(false);
    expect(e.warnings.some((w) => w.concern === "logging" && /Metro Mirror/.test(w.message))).toBe(true);
  });

  it('adds "Up to 5%" to the archive process for archive compression at 32KB (seed 003 lines 319-322)', () => {
    const e = estimate({
      version: 1,
      workload: { persistent: true, messageSize: "32KB", pattern: "one-way" },
      baseline: { rate: "1000/s", cost: { qmgr: "200us" } },
      logging: { archiveCompression: true },
    });
    const c = item(e, "logging.archive-compression-cost");
    // "Up to 5%": 0% to 5%
    expect(c.value).toBe(5);
    expect(c.low).toBe(0);
    expect(c.high).toBe(5);
    // Line 319: "increased costs in queue manager TCB relating to the archive process": a share of what
    // archiving costs per MB (001 line 817: "an additional 584 CPU microseconds per MB"), not of the
    // whole queue manager: 5% x 584 us/MB x 32 KB / 1024 = 0.9125 us per transaction.
    const cpu = item(e, "logging.archive-compression-cpu");
    expect(cpu.value).toBeCloseTo((0.05 * 584 * 32) / 1024, 9);
    const qmgr = e.totals.costPerTransaction.find((x) => x.addressSpace === "qmgr")!;
    expect(qmgr.total!.value).toBeCloseTo(200 + (0.05 * 584 * 32) / 1024, 9);
    // "8-13%" at 1MB
    const big = estimate({
      version: 1,
      workload: { persistent: true, messageSize: "1MB", pattern: "one-way" },
      logging: { archiveCompression: true },
    });
    expect(item(big, "logging.archive-compression-cost").low).toBe(8);
    expect(item(big, "logging.archive-compression-cost").high).toBe(13);
  });

  it("adds the V5.3 report's 1.25KB per persistent message for MQ 5.3 (seed 004 line 504)", () => {
    const e = estimate({
      version: 1,
      mq: { release: "5.3" },
      hardware: { generation: "2064" },
      workload: { persistent: true, messageSize: 1000, pattern: "request-reply", rate: "100/s" },
    });
    // (1000 bytes + 1.25 x 1024 bytes) x 2 puts = 4560 bytes = 4.453125 KB
    expect(item(e, "logging.bytes-per-transaction").value).toBeCloseTo(((1000 + 1.25 * 1024) * 2) / 1024, 9);
    // MQ 5.3's ceiling is the report's disk maximum in messages (004 line 333: "2,200 is the maximum
    // for this DASD with 1KB msgs"), measured with 1KB: 1000 bytes is outside, and said.
    expect(item(e, "logging.log-rate-ceiling").value).toBe(2200 / 2);
    expect(
      e.warnings.some((w) => /measured with 1KB; this config has 1000 bytes|measured with 1KB/.test(w.message)),
    ).toBe(true);
  });

  it("adds 1.5KB in a QSG, ranged by the QSG's larger log records by message size (seed 004 lines 500, 505)", () => {
    const e = estimate({
      version: 1,
      mq: { release: "5.3" },
      hardware: { generation: "2064" },
      workload: { persistent: true, messageSize: "1KB", pattern: "one-way", queues: "shared" },
    });
    const bytes = item(e, "logging.bytes-per-transaction");
    // line 505: "Message length plus 1.5KB for queue managers in a QSG": 1KB + 1.5KB = 2.5KB
    expect(bytes.value).toBeCloseTo(2.5, 9);
    // line 500: "7% for 1000 byte messages", "an increase in archive log media requirement ... of the
    // order of the above percentages": (1KB + 1.25KB) x 1.07 = 2.4075KB lies in the range
    expect(bytes.low).toBeLessThanOrEqual(2.25 * 1.07);
    expect(bytes.high).toBeGreaterThanOrEqual(2.5);
    expect(bytes.citations.map((c) => c.id)).toContain("004.qsg-log-overhead-private-persistent-rate");
  });

  it("says a V5.3 queue manager on private queues is taken to be outside a QSG (seed 004 lines 504-505)", () => {
    const e = estimate({
      version: 1,
      mq: { release: "5.3" },
      hardware: { generation: "2064" },
      workload: { persistent: true, messageSize: "1KB", pattern: "one-way" },
    });
    // line 504: "Message length plus 1.25KB for non QSG queue managers"
    expect(item(e, "logging.bytes-per-transaction").value).toBeCloseTo(2.25, 9);
    expect(e.warnings.some((w) => /outside a queue-sharing group \(message \+ 1\.25KB\)/.test(w.message))).toBe(true);
  });

  it("counts the message data only for MQ 9.x, as arithmetic citing the statements it rests on (seed 004 lines 355, 502-505)", () => {
    const e = estimate({
      version: 1,
      mq: { release: "9.3" },
      workload: { persistent: true, messageSize: "32KB", pattern: "request-reply", rate: "1000/s" },
    });
    const bytes = item(e, "logging.bytes-per-transaction");
    // 32KB x 2 messages: line 355 "two messages completely processed ... for each request/reply transaction"
    expect(bytes.value).toBe(64);
    // Message data only, a lower bound: open above.
    expect([bytes.low, bytes.high]).toEqual([64, Infinity]);
    expect(bytes.confidence).toBe("arithmetic");
    expect(bytes.label).toMatch(/at least/);
    expect(bytes.citations.map((c) => c.id)).toEqual([
      "004.log-bytes-per-persistent-message",
      "004.sq-request-reply-messages-per-transaction",
    ]);
    // The V5.3 overhead is not carried: a warning with what it would add, 1.25KB / 32KB = 3.9%
    expect(
      e.warnings.some((w) =>
        /for MQ 9\.3: only the V5\.3 report gives an overhead beyond the message \(message \+ 1\.25KB, 3\.9% more at 32KB\)/.test(
          w.message,
        ),
      ),
    ).toBe(true);
    // The rate and daily volumes are the same arithmetic on the config: 1000/s x 64KB / 1024 = 62.5 MB/s
    const rate = item(e, "logging.log-write-rate");
    expect(rate.value).toBeCloseTo(62.5, 9);
    expect(rate.confidence).toBe("arithmetic");
    expect(item(e, "logging.active-log-per-day").confidence).toBe("arithmetic");
    // A user's own overhead: user-supplied.
    const own = estimate({
      version: 1,
      workload: { persistent: true, messageSize: "32KB", pattern: "one-way" },
      logging: { logOverheadPerMessage: "1KB" },
    });
    expect(item(own, "logging.bytes-per-transaction").value).toBe(33);
    expect(item(own, "logging.bytes-per-transaction").confidence).toBe("user-supplied");
  });

  it("reports recovery from compressed archives: 40 MB/s and 1451 us per MB, against 106 and 930 (seed 003 lines 334-338)", () => {
    const e = estimate({
      version: 1,
      mq: { release: "9.1" },
      workload: { persistent: true, messageSize: "32KB", rate: "1000/s" },
      logging: { archiveCompression: true },
    });
    expect(item(e, "logging.archive-recovery-rate").value).toBe(40);
    expect(item(e, "logging.archive-recovery-cost").value).toBe(1451);
    // line 337: "38% of the uncompressed archives" = 40 / 106; line 338: "1.6 times" = 1451 / 930
    expect(item(e, "logging.archive-recovery-rate-ratio").value).toBeCloseTo((40 / 106) * 100, 9);
    expect(item(e, "logging.archive-recovery-cost-ratio").value).toBeCloseTo(1451 / 930, 9);
    // Uncompressed archives have their recovery figures too: 106 MB/s and 930 us per MB (line 334-335)
    const plain = estimate({
      version: 1,
      mq: { release: "9.1" },
      workload: { persistent: true, messageSize: "32KB", rate: "1000/s" },
    });
    expect(item(plain, "logging.archive-recovery-rate").value).toBe(106);
    expect(item(plain, "logging.archive-recovery-cost").value).toBe(930);
  });

  it("keeps an interpolated figure marked interpolated when it is also carried from another release", () => {
    // Archive compression was measured on MQ 9.1 (seed 003) at some message sizes; 20KB on MQ 9.3 is both
    // interpolated and carried. The weaker of the two is shown; the carry is stated as a warning.
    const e = estimate({
      version: 1,
      mq: { release: "9.3" },
      hardware: { generation: "z15" },
      workload: { persistent: true, messageSize: "20KB", rate: "100/s" },
      logging: { archiveCompression: true },
    });
    expect(item(e, "logging.archive-compression-cost").confidence).toBe("interpolated");
    expect(e.warnings.some((w) => w.message.includes("MQ 9.3 is not measured; MQ 9.1 data is used"))).toBe(true);
    // Measured cells carried from 9.1 are marked carried-forward.
    expect(item(e, "logging.archive-recovery-rate").confidence).toBe("carried-forward");
  });
});

describe("log-rate ceiling: the peak measured nearest the config's release, disk and message size", () => {
  const four = { persistent: true, messageSize: "4MB", pattern: "one-way" as const, rate: "50/s" };
  const ceiling = (config: object) => item(estimate({ version: 1, ...config } as never), "logging.log-rate-ceiling");

  it("takes 380 MB/s on a DS8950F (000 lines 1412, 1877) and 282 MB/s on a DS8870 at 4MB (003 lines 327, 534)", () => {
    // 000 line 1412: "in excess of 380MB per second"; 4MB one-way = 4,096 KB: 380 x 1024 / 4096 = 95
    const ds8950 = ceiling({ workload: four, logging: { disk: { subsystem: "DS8950F", stripes: 4 } } });
    expect(ds8950.value).toBeCloseTo((380 * 1024) / 4096, 9);
    expect(ds8950.measuredOn).toEqual(["z15"]);
    expect(ds8950.scalesWithCpu).toBe(false);
    expect(ds8950.demand?.value).toBe(50);
    // 003 line 327: "increased from 282MB/sec" (uncompressed archives, 4MB, DS8870 per line 534)
    const ds8870 = ceiling({ workload: four, logging: { disk: { subsystem: "DS8870" } } });
    expect(ds8870.value).toBeCloseTo((282 * 1024) / 4096, 9);
    expect(ds8870.citations.map((c) => c.id)).toContain("003.archive-peak-rate-uncompressed");
  });

  it("takes 250 MB/s for MQ 9.2 on a DS8870 (001 lines 2289, 2771)", () => {
    const i = ceiling({
      mq: { release: "9.2" },
      workload: { ...four, messageSize: "1MB" },
      logging: { disk: { subsystem: "DS8870", stripes: 4 } },
    });
    // "in excess of 250MB per second": 250 x 1024 / 1024 = 250 transactions per second
    expect(i.value).toBeCloseTo(250, 9);
  });

  it("takes the single-log 4MB table's rate under Metro Mirror (001 line 608: PPRC 368 MB/s)", () => {
    const i = ceiling({
      mq: { release: "9.2" },
      workload: four,
      logging: { dualLogs: false, dualArchives: false, metroMirror: true, disk: { subsystem: "DS8870" } },
    });
    expect(i.value).toBeCloseTo((368 * 1024) / 4096, 9);
  });

  it("ranges down to the 220 MB/s a saturated log task wrote with 11 pages per I/O for small messages (000 lines 1187, 1199)", () => {
    // The overhead per message given as none, so that the data per transaction bounds the ceiling.
    const e = estimate({
      version: 1,
      workload: { ...four, messageSize: "32KB" },
      logging: { logOverheadPerMessage: 0 },
    });
    const i = item(e, "logging.log-rate-ceiling");
    expect(i.value).toBeCloseTo((380 * 1024) / 32, 9);
    expect(i.low).toBeCloseTo((220 * 1024) / 32, 9);
    expect(e.warnings.some((w) => /MB\/s rises with message size/.test(w.message))).toBe(true);
    // The disk is not given: the measured one is assumed, and said.
    expect(e.warnings.some((w) => /logging.disk.subsystem is not given; assumed DS8950F/.test(w.message))).toBe(true);
  });

  it('widens the high end by "up to 25%" with archiving off at 4MB (001 line 691)', () => {
    const i = ceiling({ workload: four, logging: { archiving: false, disk: { subsystem: "DS8950F", stripes: 4 } } });
    expect(i.value).toBeCloseTo(95, 9);
    // 000 line 1412: "in excess of 380MB per second" per copy: the peak has no upper end, and up to 25%
    // more on top of a figure with no upper end has none either: the ceiling is open above, and says
    // the 25% in its formula.
    expect(i.high).toBe(Infinity);
    expect(i.formula).toContain("archiving off");
  });

  it("takes V5.3's 2,200 1KB messages a second on its disk (004 line 333)", () => {
    const i = ceiling({
      mq: { release: "5.3" },
      hardware: { generation: "2064" },
      workload: { persistent: true, messageSize: "1KB", pattern: "request-reply" },
    });
    // "2,200 is the maximum for this DASD with 1KB msgs": request-reply puts 2 messages, 1,100 txn/s
    expect(i.value).toBe(1100);
  });
});

describe("zHyperWrite by message size (seed 001 chapter 4)", () => {
  const at = (messageSize: string, logging: object = {}) =>
    estimate({
      version: 1,
      mq: { release: "9.2" },
      workload: { persistent: true, messageSize, pattern: "one-way" },
      logging: { metroMirror: true, zHyperWrite: true, dualLogs: false, dualArchives: false, ...logging },
    } as never);

  it("gives the 4MB table's CPU and SRB per MB over PPRC (001 lines 607-611)", () => {
    const e = at("4MB");
    // "adds 15 CPU microseconds per MB": 563 - 548
    expect(item(e, "logging.zhyperwrite-cpu-per-mb").value).toBe(563 - 548);
    // "an increase of 2.7% of the total MQ MSTR CPU": 15 / 548 = 2.74%
    expect(item(e, "logging.zhyperwrite-cpu-increase").value).toBeCloseTo((15 / 548) * 100, 9);
    // "or 4.9% in the total SRB": 15 / 302 = 4.97% (the report truncates)
    expect(item(e, "logging.zhyperwrite-srb-increase").value).toBeCloseTo((15 / 302) * 100, 9);
    // 2.7% at 4MB is the cost change itself there
    expect(item(e, "logging.zhyperwrite-cost").value).toBe(2.7);
    // Log rate at 4MB: 386 / 368 MB/s; commit time "still 4% less than the PPRC configuration" (line 547)
    expect(item(e, "logging.zhyperwrite-log-rate").value).toBeCloseTo(386 / 368, 9);
    expect(item(e, "logging.zhyperwrite-commit-time").value).toBe(96);
  });

  it("gives the SRB per MB at 75 MB/s with dual logs: 0.44 against 0.4 CPU milliseconds (001 lines 617-622)", () => {
    const srb = item(at("4MB", { dualLogs: true, dualArchives: true }), "logging.zhyperwrite-srb-per-mb");
    expect(srb.value).toBe(440);
    // "MQ MSTR SRB costs increase up to 22%" over PPRC's 400: 488 at the high end
    expect(srb.high).toBeCloseTo(400 * 1.22, 9);
  });

  it("doubles the log rate up to 128KB single (line 575) and 64KB dual (line 673); +50-60 MB/s at 64-256KB dual", () => {
    expect(item(at("128KB"), "logging.zhyperwrite-log-rate").value).toBe(2);
    expect(item(at("64KB", { dualLogs: true, dualArchives: true }), "logging.zhyperwrite-log-rate").value).toBe(2);
    // "up to 2.4 times" (line 689) is the high end
    expect(item(at("64KB"), "logging.zhyperwrite-log-rate").high).toBeGreaterThanOrEqual(2.4);
    const gain = item(at("128KB", { dualLogs: true, dualArchives: true }), "logging.zhyperwrite-log-rate-gain");
    expect([gain.low, gain.high]).toEqual([50, 60]);
    // 256KB single: "an additional 100 MB / second logged" (line 577)
    expect(item(at("256KB"), "logging.zhyperwrite-log-rate-gain").value).toBe(100);
    // Dual logs above 256KB: NVS saturated; the rates are a chart only, a gap
    const big = at("1MB", { dualLogs: true, dualArchives: true });
    expect(big.gaps.some((g) => /dual logs above 256KB/.test(g.message))).toBe(true);
  });

  it("gives commit time under 50% of PPRC up to 128KB (line 545), and 12% lower at least with archiving off (547)", () => {
    const small = item(at("32KB"), "logging.zhyperwrite-commit-time");
    expect(small.value).toBe(50);
    // "Reduce the elapsed time from an MQ commit by up to 60%" (line 687): 40% at best
    expect(small.low).toBe(40);
    expect(item(at("1MB", { archiving: false }), "logging.zhyperwrite-commit-time").value).toBe(88);
  });

  it("gives I/O time under 60% of PPRC up to 96KB (line 529), at least 4% less above (531), 32-60% less dual (646)", () => {
    expect(item(at("64KB"), "logging.zhyperwrite-io-time").value).toBe(60);
    expect(item(at("1MB"), "logging.zhyperwrite-io-time").value).toBe(96);
    const dual = item(at("64KB", { dualLogs: true, dualArchives: true }), "logging.zhyperwrite-io-time");
    expect([dual.low, dual.high]).toEqual([40, 68]);
  });
});

describe("archive log compression: compressibility, the worst case, zEDC (seed 003 lines 208, 311-327)", () => {
  const run = (generation: string, messageSize: string, archiveCompressibility?: number) =>
    estimate({
      version: 1,
      mq: { release: "9.1" },
      hardware: { generation },
      workload: { persistent: true, messageSize, pattern: "one-way", rate: "10/s" },
      logging: {
        archiveCompression: true,
        ...(archiveCompressibility === undefined ? {} : { archiveCompressibility }),
      },
    } as never);

  it("shrinks the archive volume and disk writes by the compressibility given", () => {
    const e = run("z15", "1MB", 60);
    // 10/s x 1 MB = 10 MB/s; 2 archives x 86400 s x (1 - 60%) / 1024 = 675 GB/day
    expect(item(e, "logging.archive-per-day").value).toBeCloseTo((10 * 86400 * 2 * 0.4) / 1024, 9);
    // disk: 2 active + 2 archive x 40% = 2.8 MB per MB logged (001 lines 651-657 without compression: 4)
    expect(item(e, "logging.disk-write-rate").value).toBeCloseTo(10 * (2 + 2 * 0.4), 9);
  });

  it('takes "the cost of archiving increase by 14%" for incompressible 4MB (line 325) and 282 -> 520 MB/s at 80% (line 327)', () => {
    expect(item(run("z15", "4MB", 0), "logging.archive-compression-cost").value).toBe(14);
    // 520 / 282 - 1 = 84.4% (the report prints "up to 82%", line 315: the source's own inconsistency)
    expect(item(run("z15", "4MB", 80), "logging.archive-compression-peak-rate").value).toBeCloseTo(
      (520 / 282 - 1) * 100,
      9,
    );
  });

  it("accepts zEDC on z14 (line 208) and says the sources give no figures for it", () => {
    const e = run("z14", "1MB", 50);
    expect(e.items.some((i) => i.id === "logging.archive-compression-cost")).toBe(false);
    expect(e.gaps.some((g) => /zEDC Express/.test(g.message))).toBe(true);
    // the volume still shrinks by the compressibility given: 10 x 86400 x 2 x 50% / 1024
    expect(item(e, "logging.archive-per-day").value).toBeCloseTo((10 * 86400 * 2 * 0.5) / 1024, 9);
    // and the recovery figures, measured from archives the on-chip accelerator compressed (003 lines
    // 329-335), are not shown for zEDC archives
    expect(e.items.some((i) => i.id.startsWith("logging.archive-recovery"))).toBe(false);
  });
});
