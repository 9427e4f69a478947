// SMF rule, checked against seed 000 (MQ 9.3 report) lines 479 (4 us per SMF write, 4-36 us),
// 485-488 (the 100 puts per second example: 3,000 / 4 / 16 us per minute) and 596 (341 queues and
// 84 bytes per queue in an SMF 115 subtype 216 record).
import { item } from "../helpers/items.js";
import { describe, expect, it } from "vitest";
import { estimate } from "../../src/api.js";

const example = (acct: string) =>
  estimate({
    version: 1,
    workload: { pattern: "one-way", rate: "100/s" },
    smf: { accountingClass3: true, apiCallsPerTransaction: 1, tasks: 1, accountingInterval: acct },
  });

describe("smf rule", () => {
  it("costs class(3) gathering at 0.5 us per API call (seed 000 line 487)", () => {
    const e = estimate({
      version: 1,
      workload: { pattern: "request-reply" },
      smf: { accountingClass3: true, apiCallsPerTransaction: 6 },
    });
    // 0.5 us x 6 calls = 3 us per transaction in the application
    expect(item(e, "smf.class3-gathering").value).toBeCloseTo(0.5 * 6, 9);
    expect(item(e, "smf.class3-gathering").addressSpace).toBe("app");
    // without smf.tasks, the SMF write cost is a gap
    expect(e.gaps.some((g) => g.concern === "smf" && g.message.includes("smf.tasks"))).toBe(true);
  });

  it("reproduces the report's 3,000 + 4 = 3,004 us per minute at ACCTIME 1.00 (seed 000 lines 487-488)", () => {
    // 0.5 (cost per API) x 100 (APIs / second) x 60 = 3,000 us; 4 us x 1 write per minute
    expect(item(example("1.00"), "smf.class3-cost-per-task-minute").value).toBeCloseTo(0.5 * 100 * 60 + 4 * 1, 9);
  });

  it("reproduces 3,000 + 16 = 3,016 us per minute at ACCTIME 0.15 (seed 000 lines 487-488)", () => {
    // 4 us x 4 writes per minute = 16 us
    const e = example("0.15");
    expect(item(e, "smf.class3-cost-per-task-minute").value).toBeCloseTo(0.5 * 100 * 60 + 4 * 4, 9);
    // as a rate: 4 us x 1 task / 15 s, up to 36 us per write with more queues (line 479)
    const w = item(e, "smf.class3-writes");
    expect(w.value).toBeCloseTo(4 / 15, 9);
    expect(w.high).toBeCloseTo(36 / 15, 9);
    expect(w.metric).toBe("cpu-per-second");
  });

  it("scales the SMF writes by tasks / ACCTIME (seed 000 line 479)", () => {
    const e = estimate({
      version: 1,
      smf: { accountingClass3: true, tasks: 200, accountingInterval: "0.30" },
    });
    // 200 tasks / 30 s x 4 us = 26.67 us/s; at most 200 / 30 x 36 = 240 us/s
    const w = item(e, "smf.class3-writes");
    expect(w.value).toBeCloseTo((200 / 30) * 4, 9);
    expect(w.high).toBeCloseTo((200 / 30) * 36, 9);
    expect(e.totals.backgroundCpuSecondsPerSecond.value).toBeCloseTo(((200 / 30) * 4) / 1e6, 15);
  });

  it("needs ceil(1000 / 341) = 3 queue statistics records for 1,000 queues (seed 000 line 596)", () => {
    const e = estimate({
      version: 1,
      smf: { statisticsClass5: true, queues: 1000, statisticsInterval: "1.00" },
    });
    expect(item(e, "smf.qstat-records").value).toBe(Math.ceil(1000 / 341));
    expect(item(e, "smf.qstat-records").value).toBe(3);
    // 84 bytes x 1,000 queues x 1,440 intervals a day / 1,048,576 = 115.36 MB/day
    expect(item(e, "smf.qstat-volume-per-day").value).toBeCloseTo((84 * 1000 * 1440) / 1048576, 9);
    // exactly 341 queues fit one record; 342 need two
    const rec = (queues: number) =>
      item(estimate({ version: 1, smf: { statisticsClass5: true, queues } }), "smf.qstat-records").value;
    expect(rec(341)).toBe(1);
    expect(rec(342)).toBe(2);
  });

  const warned = (e: ReturnType<typeof estimate>, text: string) =>
    e.warnings.some((w) => w.concern === "smf" && w.message.includes(text));

  it("takes ACCTIME from STATIME when it is not given: MQ's default -1 (seed 000 line 416)", () => {
    // "the ACCTIME attribute will default to a value of -1, which indicates that the STATIME value will
    // be used": 30 tasks writing every 30 s x 4 us = 4 us/s
    const e = estimate({ version: 1, smf: { accountingClass3: true, tasks: 30, statisticsInterval: "0.30" } });
    expect(item(e, "smf.class3-writes").value).toBeCloseTo((30 / 30) * 4, 9);
    expect(warned(e, "ACCTIME defaults to -1")).toBe(true);
  });

  it('writes "4 times the volume of SMF data" going from 1 minute to 15 seconds (seed 000 line 538)', () => {
    const e = estimate({
      version: 1,
      smf: {
        statisticsInterval: "0.15",
        accountingInterval: "0.15",
        current: { statisticsInterval: "1.00", volumePerDay: "2GB" },
      },
    });
    const f = item(e, "smf.volume-factor");
    expect(f.value).toBe(60 / 15);
    expect(f.confidence).toBe("arithmetic");
    expect(f.citations.map((c) => c.id)).toContain("000.smf-volume-statime-acctime-15s");
    expect(item(e, "smf.volume-per-day").value).toBeCloseTo(2 * 4, 9);
    // "logstreams allowed twice, while compressed logstreams allowed 7.6 times" (line 514)
    expect(warned(e, "logstreams sustained twice and compressed logstreams 7.6 times")).toBe(true);
    // statistics to 15 s, accounting left at 1 minute: statistics x4, accounting x1, a range
    const mixed = estimate({
      version: 1,
      smf: { statisticsInterval: "0.15", accountingInterval: "1.00", current: { statisticsInterval: "1.00" } },
    });
    expect(item(mixed, "smf.volume-factor")).toMatchObject({ value: 4, low: 1, high: 4 });
  });

  it('writes "4 times the number of SMF 116 records" for a long-running task at ACCTIME(0.15) (seed 000 line 481)', () => {
    const e = estimate({
      version: 1,
      smf: { accountingClass3: true, accountingInterval: "0.15", current: { accountingInterval: "1.00" } },
    });
    expect(item(e, "smf.class3-records-factor").value).toBe(4);
  });

  it('raises the class(3) cost by "0.4% overall" from ACCTIME(1.00) to ACCTIME(0.15) (seed 000 line 496)', () => {
    const e = estimate({
      version: 1,
      workload: { pattern: "one-way", rate: "100/s" },
      smf: {
        accountingClass3: true,
        apiCallsPerTransaction: 1,
        tasks: 1,
        accountingInterval: "0.15",
        current: { accountingInterval: "1.00" },
      },
    });
    // (3016 - 3004) / 3004 = 0.3995%
    expect(item(e, "smf.class3-cost-change").value).toBeCloseTo(((3016 - 3004) / 3004) * 100, 9);
  });

  it('adds "1-2%" to the channel initiator with class 4 statistics and accounting (seed 000 line 449)', () => {
    const e = estimate({ version: 1, smf: { channelInitiatorClass4: true } });
    expect(item(e, "smf.chin-class4")).toMatchObject({
      value: 1.5,
      low: 1,
      high: 2,
      addressSpace: "chin",
      metric: "cpu-pct",
    });
  });

  it("notes that queue statistics beat PCF from 4 queues (seed 000 line 600) and that STATIME was in minutes before 9.3 (line 401)", () => {
    const few = estimate({ version: 1, smf: { statisticsClass5: true, queues: 2 } });
    expect(warned(few, "more cost effective than PCF for 4 or more queues")).toBe(true);
    const old = estimate({ version: 1, mq: { release: "9.2" }, smf: { statisticsInterval: "0.15" } });
    expect(warned(old, "whole minutes (1 to 1440)")).toBe(true);
  });
});
