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
});
