// Streaming queues rule, checked against seed 000 (MQ 9.3 report) lines 862-867 (private queue MQPUT,
// table T06), 937-942 (shared queue MQPUT), 1070 (MUSTDUP) and 1166 (persistent log volume doubles).
import { item } from "../helpers/items.js";
import { describe, expect, it } from "vitest";
import { estimate } from "../../src/api.js";

describe("streaming rule", () => {
  it("adds 26.6 - 13 = 13.6 us per private 32KB MQPUT, not the printed 13.3 (seed 000 line 866)", () => {
    const e = estimate({
      version: 1,
      hardware: { generation: "z16" },
      workload: { messageSize: "32KB" },
      streamingQueues: { copies: 1 },
    });
    const i = item(e, "streaming.mqput");
    expect(i.value).toBeCloseTo(26.6 - 13, 9);
    expect(i.addressSpace).toBe("app");
    // measured on z16: no gap for a z16 config
    expect(e.gaps.filter((g) => g.concern === "hardware")).toEqual([]);
  });

  it("adds 15.5 - 7.3 = 8.2 us per shared 2KB MQPUT (seed 000 line 937), per streamed queue", () => {
    const e = estimate({
      version: 1,
      hardware: { generation: "z16" },
      workload: { messageSize: "2KB", queues: "shared" },
      streamingQueues: { copies: 2 },
    });
    // 2 streamed puts: 2 x 8.2 = 16.4 us
    expect(item(e, "streaming.mqput").value).toBeCloseTo(2 * (15.5 - 7.3), 9);
    // private 128KB: 73.4 - 36 = 37.4 (line 867)
    const big = estimate({
      version: 1,
      hardware: { generation: "z16" },
      workload: { messageSize: "128KB" },
      streamingQueues: { copies: 1 },
    });
    expect(item(big, "streaming.mqput").value).toBeCloseTo(73.4 - 36, 9);
  });

  it("adds 1-2 us per put for STRMQOS(MUSTDUP) (seed 000 line 1070)", () => {
    const e = estimate({
      version: 1,
      hardware: { generation: "z16" },
      workload: { messageSize: "2KB" },
      streamingQueues: { copies: 2, quality: "must-duplicate" },
    });
    const m = item(e, "streaming.mustdup");
    // 2 puts x 1..2 us = 2..4 us, midpoint 3
    expect(m.low).toBeCloseTo(2 * 1, 9);
    expect(m.high).toBeCloseTo(2 * 2, 9);
    expect(m.value).toBeCloseTo(2 * 1.5, 9);
    const best = estimate({
      version: 1,
      hardware: { generation: "z16" },
      workload: { messageSize: "2KB" },
      streamingQueues: { copies: 2, quality: "best-effort" },
    });
    expect(best.items.some((i) => i.id === "streaming.mustdup")).toBe(false);
  });

  it("doubles the log data for persistent messages (seed 000 line 1166)", () => {
    const streamed = estimate({
      version: 1,
      hardware: { generation: "z16" },
      workload: { messageSize: "2KB", pattern: "one-way", persistent: true },
      streamingQueues: { copies: 1 },
    });
    // 2 KB x 1 put x 2 ("twice the amount of data being logged") = 4 KB
    expect(item(streamed, "logging.bytes-per-transaction").value).toBeCloseTo(2 * 2, 9);
    // and the log ceiling halves: 380 x 1024 / 4 = 97,280 against 194,560 without streaming
    expect(item(streamed, "logging.log-rate-ceiling").value).toBeCloseTo((380 * 1024) / 4, 6);
    expect(streamed.warnings.some((w) => w.concern === "streaming" && w.message.includes("twice"))).toBe(true);
    const plain = estimate({
      version: 1,
      hardware: { generation: "z16" },
      workload: { messageSize: "2KB", pattern: "one-way", persistent: true },
    });
    expect(item(plain, "logging.bytes-per-transaction").value).toBeCloseTo(2, 9);
  });

  it("costs MQOPEN of a private queue with STREAMQ at 2 - 1 = 1 us (seed 000 lines 837-839) and expiry at 4-7 us per message (seed 000 line 1109)", () => {
    const e = estimate({
      version: 1,
      hardware: { generation: "z16" },
      workload: { pattern: "one-way", queues: "private", messageSize: "2KB" },
      streamingQueues: { copies: 1, opensPerTransaction: 3, expiredPerSecond: 200 },
    });
    const open = e.items.find((i) => i.id === "streaming.mqopen")!;
    expect(open.value).toBe((2 - 1) * 3);
    const expiry = e.items.find((i) => i.id === "streaming.expiry")!;
    // 200 messages/s x 4 us (in buffers) .. 7 us (from the page set)
    expect(expiry).toMatchObject({ value: 800, low: 800, high: 1400, metric: "cpu-per-second" });
  });
});
