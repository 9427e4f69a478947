// The logging figures the rules read since #13 marked every logging entry: each test quotes the seed
// line it checks. Seeds: 000 (MQ 9.3 report), 001 (MQ 9.2 report), 003 (z15 report), 004 (V5.3 report).
import { describe, expect, it } from "vitest";
import { estimate } from "../../src/api.js";
import type { ConfigInput } from "../../src/config/schema.js";
import { item } from "../helpers/items.js";

const persistent = { persistent: true, pattern: "one-way" as const };
const warned = (e: ReturnType<typeof estimate>, re: RegExp) => e.warnings.some((w) => re.test(w.message));
const cites = (i: { citations: { id: string }[] }) => i.citations.map((c) => c.id);

describe("log-rate ceiling and the data written to the logs", () => {
  it("gives the data written to both log copies at the peak (000 line 1412, 001 line 2289)", () => {
    // 000 line 1412: "The peak log rate in excess of 380MB per second is for each copy of the dual logs,
    // i.e. there is more than 760 MB of data being written to IBM MQ log data sets per second."
    const v93 = estimate({
      version: 1,
      workload: { ...persistent, messageSize: "4MB" },
      logging: { disk: { subsystem: "DS8950F", stripes: 4 } },
    });
    const total = item(v93, "logging.log-rate-ceiling-all-copies");
    expect(total.value).toBe(380 * 2);
    expect(cites(total)).toContain("000.peak-log-rate-total");
    expect(total.formula).toContain('"more than 760 MB"');
    // 000 line 1414: "These logs are configured with 4 stripes."
    expect(item(v93, "logging.log-rate-ceiling").formula).toContain("measured with 4 stripes per log");
    // 001 line 2289: "in excess of 250MB per second ... more than 500 MB"; line 470, the same report's
    // saturated logger: "Log write rate 272MB/s per copy", the high end: 2 x 272 = 544.
    const v92 = estimate({
      version: 1,
      mq: { release: "9.2" },
      workload: { ...persistent, messageSize: "4MB" },
      logging: { disk: { subsystem: "DS8870", stripes: 4 } },
    });
    const total92 = item(v92, "logging.log-rate-ceiling-all-copies");
    expect([total92.value, total92.high]).toEqual([500, 544]);
    expect(cites(total92)).toEqual(
      expect.arrayContaining(["001.regression-peak-log-rate-total", "001.logger-statistics-saturated"]),
    );
    // 4MB a transaction: 250 MB/s / 4 MB = 62.5 transactions a second, up to 272 / 4 = 68
    const ceiling = item(v92, "logging.log-rate-ceiling");
    expect([ceiling.value, ceiling.high]).toEqual([250 / 4, 272 / 4]);
  });

  it("extrapolates the peak beyond the test's message sizes (000 line 1402)", () => {
    // "The remaining 2 tasks vary the size of their message from 1KB to 4MB."
    const e = estimate({ version: 1, workload: { ...persistent, messageSize: "8MB" } });
    expect(warned(e, /peak log rate: measured with messages from 1KB to 4MB; this config has 8MB messages/)).toBe(true);
    expect(item(e, "logging.log-rate-ceiling").confidence).toBe("extrapolated");
    const inside = estimate({ version: 1, workload: { ...persistent, messageSize: "4MB" } });
    expect(warned(inside, /measured with messages from 1KB to 4MB/)).toBe(false);
  });

  it("names the pages per I/O of the saturated log task below 1MB (000 lines 1178, 1187)", () => {
    // line 1178 "Pages written per I/O:    11"; line 1187 "11 pages written per I/O ... 220MB per second"
    const e = estimate({ version: 1, workload: { ...persistent, messageSize: "32KB" } });
    expect(warned(e, /as low as the 220MB\/s a saturated log task wrote with 11 pages per I\/O/)).toBe(true);
    expect(cites(item(e, "logging.log-rate-ceiling"))).toContain("000.log-report-example-pages-per-io");
  });

  it("raises the peak with compressed archives by the z15 report's gain, at most 82% (003 lines 315, 323)", () => {
    // line 323: "Increase in peak log throughput	1%	Up to 3%	32-65%	45-82%" (4KB, 32KB, 1MB, 4MB);
    // line 315: "improved by up to 82% in terms of log write rate"; line 327: "from 282MB/sec" uncompressed.
    const e = estimate({
      version: 1,
      mq: { release: "9.1" },
      hardware: { generation: "z15" },
      workload: { ...persistent, messageSize: "4MB" },
      logging: { archiveCompression: true, archiveCompressibility: "80%" },
    });
    const ceiling = item(e, "logging.log-rate-ceiling");
    // the middle of 45-82% taken: 282 x 1.635 MB/s / 4 MB; the high end 282 x 1.82 / 4
    expect(ceiling.value).toBeCloseTo((282 * 1.635) / 4, 6);
    expect(ceiling.high).toBeCloseTo((282 * 1.82) / 4, 6);
    expect(ceiling.low).toBeLessThanOrEqual((282 * 1.45) / 4);
    expect(cites(ceiling)).toEqual(
      expect.arrayContaining(["003.archive-compression-overhead", "003.archive-log-write-improvement"]),
    );
  });

  it("takes up to 50% off the ceiling's low end for log data sets not pre-formatted (004 line 511)", () => {
    // "Up to 50% of maximum data rate is lost on first use of a log data set not so pre-formatted on our
    // DASD subsystem. An increase in response time of about 33% with loss of about 25% in throughput
    // through a single threaded application was also observed."
    const workload = { ...persistent, messageSize: "4MB", rate: "10/s" };
    const plain = item(estimate({ version: 1, workload }), "logging.log-rate-ceiling");
    const e = estimate({ version: 1, workload, logging: { preformatted: false } });
    const ceiling = item(e, "logging.log-rate-ceiling");
    expect(ceiling.value).toBe(plain.value);
    expect(ceiling.low).toBeCloseTo(plain.low * 0.5, 9);
    expect(warned(e, /losing "Up to 50%" of the maximum log data rate.*"about 33%" longer.*"about 25%" lower/)).toBe(
      true,
    );
    // measured on V5.3: extrapolated to 9.3, and said
    expect(warned(e, /log data set pre-format loss: measured with MQ 5\.3; this config has MQ 9\.3/)).toBe(true);
    const preformatted = estimate({ version: 1, workload, logging: { preformatted: true } });
    expect(item(preformatted, "logging.log-rate-ceiling").low).toBe(plain.low);
  });
});

describe("active logs and dual log writes", () => {
  it("checks logging.activeLogs against 310 active logs (000 line 244)", () => {
    // "new queue managers have, by default, 64-bit log RBA and are capable of having up to 310 active logs"
    const config: ConfigInput = { version: 1, workload: { ...persistent }, logging: { activeLogs: 400 } };
    const e = estimate(config);
    const limit = item(e, "logging.active-logs-limit");
    expect([limit.value, limit.low, limit.high]).toEqual([310, 310, 310]);
    expect(limit.demand?.value).toBe(400);
    expect(e.headroom.find((h) => h.id === "logging.active-logs-limit")?.exceeded).toBe(true);
    // MQ 9.2: carried under the report's statement, marked, not widened (a product limit, not a run)
    const v92 = estimate({ ...config, mq: { release: "9.2" } });
    const carried = item(v92, "logging.active-logs-limit");
    expect([carried.value, carried.low, carried.high, carried.confidence]).toEqual([310, 310, 310, "carried-forward"]);
    // MQ 9.0: no source states it
    const v90 = estimate({ ...config, mq: { release: "9.0" } });
    expect(v90.items.some((i) => i.id === "logging.active-logs-limit")).toBe(false);
    expect(v90.gaps.some((g) => /the most active log data sets for MQ 9\.0/.test(g.message))).toBe(true);
  });

  it("says V5.3 dual logs are assumed written in parallel (004 lines 138, 478-480)", () => {
    // line 478: "Persistent message throughput can be improved by up to 30% with this change for 1KB
    // messages"; line 480: "all writes to dual logs are done in parallel if the primary log data set is
    // on write cached DASD"
    const e = estimate({
      version: 1,
      mq: { release: "5.3" },
      hardware: { generation: "2064" },
      workload: { ...persistent, messageSize: "1KB" },
    });
    expect(warned(e, /dual logs: assumed the primary active log is on write cached DASD.*"up to 30%"/)).toBe(true);
    const single = estimate({
      version: 1,
      mq: { release: "5.3" },
      hardware: { generation: "2064" },
      workload: { ...persistent, messageSize: "1KB" },
      logging: { dualLogs: false },
    });
    expect(warned(single, /write cached DASD/)).toBe(false);
  });
});

describe("log encryption", () => {
  const dse = estimate({
    version: 1,
    mq: { release: "9.2" },
    workload: { ...persistent, messageSize: "1MB", rate: "100/s" },
    encryption: { logs: true },
  });

  it("ranges the per-MB cost by the per-page range over message sizes (001 lines 775-776, 782-783)", () => {
    // line 775 archive "+0.6" per page, "+154" per MB; line 782 "Archive logs: range between 0.25 to 1
    // microseconds per 4KB page": 154 x 0.25 / 0.6 to 154 x 1 / 0.6 per MB, x 1024 MB x 2 passes
    const archive = item(dse, "encryption.log-archive-per-gb");
    expect(archive.value).toBe(154 * 1024 * 2);
    expect(archive.low).toBeCloseTo(((154 * 0.25) / 0.6) * 1024 * 2, 6);
    expect(archive.high).toBeCloseTo((154 / 0.6) * 1024 * 2, 6);
    // line 776 active "+0.7" per page, "+180" per MB; line 783 "between 0.6 to 0.9": 180 x 0.9 / 0.7 at
    // the high end; at the low end the run-to-run 6% (180 x 0.94) is below 180 x 0.6 / 0.7
    const active = item(dse, "encryption.log-active-per-gb");
    expect(active.high).toBeCloseTo(((180 * 0.9) / 0.7) * 1024 * 3, 6);
    expect(active.low).toBeCloseTo(((180 * 0.6) / 0.7) * 1024 * 3, 6);
    expect(cites(item(dse, "encryption.logs"))).toEqual(
      expect.arrayContaining(["001.dse-archive-log-cost-range", "001.dse-active-log-cost-range"]),
    );
  });

  it("cites the report's count of passes and its 1GB example (001 lines 770, 790-791, 971-972)", () => {
    // line 770: "encrypting the data 4 times, plus decrypting the data once"
    const passes = item(dse, "encryption.log-passes");
    expect(passes.value).toBe(5);
    expect(passes.formula).toContain('"4 times" encrypting plus "once" decrypting');
    expect(cites(passes)).toEqual(
      expect.arrayContaining([
        "001.dse-log-encrypt-calls",
        "001.dse-log-decrypt-calls",
        "001.dse-archive-log-cost-summary",
        "001.dse-active-log-cost-summary",
      ]),
    );
    // line 790: "Archive logs	154	1024	2	315 CPU milliseconds"
    expect(item(dse, "encryption.log-archive-per-gb").formula).toContain('factor 2: "315 CPU milliseconds"');
    expect(cites(item(dse, "encryption.log-active-per-gb"))).toContain("001.dse-log-1gb-example-table");
  });

  it("names the workload the CPU per MB was measured with (001 line 804)", () => {
    // "using 1MB persistent messages - the log rate achieved is 270 MB / second per log copy"
    expect(item(dse, "logging.qmgr-cpu-per-mb").formula).toContain(
      "measured with 1MB messages at 270 MB / second per log copy",
    );
  });
});

describe("zHyperWrite", () => {
  const zhw = (logging: Record<string, unknown>, messageSize: string) =>
    estimate({
      version: 1,
      mq: { release: "9.2" },
      workload: { ...persistent, messageSize },
      logging: { metroMirror: true, zHyperWrite: true, ...logging },
    });

  it("says the figures were measured at zero distance and for 2KB to 4MB (001 lines 498, 500)", () => {
    // line 500: "the mirrored DASD was at zero distance"; line 498: "message sizes from 2KB to 4MB"
    const e = zhw({}, "8MB");
    expect(warned(e, /mirrored disks at zero distance/)).toBe(true);
    expect(warned(e, /zHyperWrite: measured with messages of 2KB to 4MB; 8MB is outside/)).toBe(true);
    expect(warned(zhw({}, "32KB"), /2KB to 4MB/)).toBe(false);
  });

  it("warns of the disk cache saturating with large messages (001 lines 547, 565, 626, 632, 634, 640)", () => {
    // line 565: "the 2 MB and 4MB workloads do begin to see a small impact from saturating the disk
    // cache"; line 547: "6% of I/O impacted by Disk Fast Write Bypass"
    const single = zhw({ dualLogs: false, dualArchives: false }, "4MB");
    expect(warned(single, /messages of 2 MB and more began to saturate .* 6% of I\/O saw DFW bypass/)).toBe(true);
    expect(warned(zhw({ dualLogs: false, dualArchives: false }, "1MB"), /saturate/)).toBe(false);
    // line 626: "typically observed with 256KB messages or larger"; line 640: "NVS saturation in excess
    // of 20%"; line 634: "DFW Bypass exceed 80% of the total I/O rate"; line 632: "greater than 1%"
    const dual = zhw({}, "256KB");
    expect(
      warned(dual, /messages of 256KB and more saturated .*"in excess of 20%".*over 80% of I\/O.*"greater than 1%"/),
    ).toBe(true);
    expect(warned(zhw({}, "128KB"), /non-volatile storage/)).toBe(false);
  });

  it("cites the report's 15 microseconds and 4.9% beside the 4MB table's arithmetic (001 line 611)", () => {
    // "adds 15 CPU microseconds per MB to the PPRC configuration costs. This additional CPU is entirely
    // SRB time ... or 4.9% in the total SRB"
    const e = zhw({ dualLogs: false, dualArchives: false }, "4MB");
    const delta = item(e, "logging.zhyperwrite-cpu-per-mb");
    expect(delta.value).toBe(563 - 548);
    expect(cites(delta)).toContain("001.zhw-cost-delta-4mb");
    const srb = item(e, "logging.zhyperwrite-srb-increase");
    expect(srb.value).toBeCloseTo(((317 - 302) / 302) * 100, 9);
    expect(srb.formula).toContain('"4.9%"');
    expect(cites(srb)).toContain("001.zhw-srb-increase-4mb");
  });

  it("names the constrained rate and pages per I/O of the dual-log SRB comparison (001 lines 617-620)", () => {
    // line 617: "4MB messages running at a log rate of 75MB per second"; line 620: "dropped from 105
    // pages to 84 pages"
    const srb = item(zhw({}, "4MB"), "logging.zhyperwrite-srb-per-mb");
    expect(srb.label).toContain("at 75MB per second");
    expect(srb.formula).toContain("105 pages to 84 pages");
  });
});

describe("recovery from compressed archives", () => {
  it("cites the report's 38% and 1.6 times beside the ratios computed (003 lines 337-338)", () => {
    // line 337: "Recovery rate of the compressed archives is 38% of the uncompressed archives."
    // line 338: "Recovery cost per MB of archive logs is 1.6 times that of uncompressed archives."
    const e = estimate({
      version: 1,
      mq: { release: "9.1" },
      hardware: { generation: "z15" },
      workload: { ...persistent, messageSize: "4MB" },
      logging: { archiveCompression: true },
    });
    const rate = item(e, "logging.archive-recovery-rate-ratio");
    expect(rate.value).toBeCloseTo((40 / 106) * 100, 9);
    expect(rate.formula).toContain('"38%"');
    expect(cites(rate)).toContain("003.archive-recovery-rate-ratio");
    const cost = item(e, "logging.archive-recovery-cost-ratio");
    expect(cost.formula).toContain('"1.6 times"');
    expect(cites(cost)).toContain("003.archive-recovery-cost-ratio");
  });
});
