// Measured throughput ceilings, checked against the seeds: the peak non-persistent rates of one queue
// manager (003 lines 188 and 200, 000 lines 1332-1334, 001 lines 2204-2206), the CF utilisation
// guidance (004 line 187, 002 line 177) and the V5.3 shared-queue limits (004 lines 163-164).
import { describe, expect, it } from "vitest";
import { estimate } from "../../src/api.js";
import type { ConfigInput } from "../../src/config/schema.js";
import { item } from "../helpers/items.js";

const np = (over: { release?: string; generation?: string; cpus?: number; factor?: number } = {}, workload = {}) =>
  estimate({
    version: 1,
    mq: { release: (over.release ?? "9.1") as "9.1" },
    hardware: {
      generation: (over.generation ?? "z15") as "z15",
      ...(over.cpus !== undefined ? { cpus: over.cpus } : {}),
      ...(over.factor !== undefined ? { factor: over.factor } : {}),
    },
    workload: { rate: "1000/s", messageSize: "2KB", syncpoint: false, ...workload },
  } as ConfigInput);

describe("ceilings rule: peak non-persistent rate of one queue manager", () => {
  it('gives the z15 out-of-syncpoint peak, "761,000 transactions/second" with 20 CPUs (003 line 188)', () => {
    const e = np();
    const peak = item(e, "capacity.peak-rate");
    expect(peak.value).toBe(761000);
    expect(peak.label).toBe("measured peak, non-persistent out of syncpoint (20 CPUs)");
    expect(peak.confidence).toBe("measured");
    expect(peak.measuredOn).toEqual(["z15"]);
    expect(peak.hardwareFit).toBe("same");
    expect(peak.citations.map((c) => c.id)).toEqual(["003.np-oos-z15-peak-txn", "003.np-oos-peak-cpus"]);
  });

  it("lists the release carry in the range of a peak carried to another release (000.release-carry-91-92-to-93)", () => {
    // In syncpoint, 9.3 has no peak of its own: the z15 report's 9.1 figure stands, "within +/-6%", which
    // the run-to-run +/-6% already spans, so the carry is listed and counted once (docs/ranges.md).
    const peak = item(np({ release: "9.3" }, { syncpoint: true }), "capacity.peak-rate");
    expect(peak.confidence).toBe("carried-forward");
    const carry = peak.spread.find((p) => p.reason === "release-carry")!;
    expect(carry.basis).toBe("000.release-carry-91-92-to-93");
    expect([carry.low, carry.high]).toEqual([0, 0]);
    expect([peak.low, peak.high]).toEqual([255000 * 0.94, 255000 * 1.06]);
  });

  it('takes MQ 9.3\'s own figure for 9.3, "in excess of 575,000" with 16 CPUs (000 line 1332)', () => {
    const peak = item(np({ release: "9.3" }), "capacity.peak-rate");
    expect(peak.value).toBe(575000);
    expect(peak.low).toBe(575000);
    expect(peak.label).toContain("(16 CPUs)");
    expect(peak.citations[0]!.id).toBe("000.np-out-sync-scalability-peak-tx");
    // and the 9.2 report's for 9.2 (001 line 2204)
    expect(item(np({ release: "9.2" }), "capacity.peak-rate").citations[0]!.id).toBe(
      "001.regression-pq-np-oosp-scalability-peak-tps",
    );
  });

  it('carries the in-syncpoint peak, "up to 255,000" (003 line 200), to 9.3 under the 9.3 report\'s statement', () => {
    const peak = item(np({ release: "9.3" }, { syncpoint: true }), "capacity.peak-rate");
    expect(peak.value).toBe(255000);
    expect(peak.confidence).toBe("carried-forward");
    expect(peak.citations.some((c) => c.id.startsWith("000.release-carry"))).toBe(true);
  });

  it("scales to z14 by the measured z15 gains, 19% out of syncpoint and 12% in it, with 32 CPUs (003 lines 188, 200)", () => {
    const oos = item(np({ generation: "z14" }), "capacity.peak-rate");
    expect(oos.value).toBeCloseTo(761000 / 1.19, 6);
    expect(oos.hardwareFit).toBe("scaled");
    expect(oos.measuredOn).toEqual(["z15"]);
    const is = item(np({ generation: "z14" }, { syncpoint: true }), "capacity.peak-rate");
    expect(is.value).toBeCloseTo(255000 / 1.12, 6);
    expect(is.label).toContain("(32 CPUs)");
  });

  it("marks a z16 config's peak as the z15's, or scales it by hardware.factor", () => {
    const e = np({ generation: "z16" });
    const peak = item(e, "capacity.peak-rate");
    expect(peak.value).toBe(761000);
    expect(peak.hardwareFit).toBe("other-machine");
    expect(peak.label).toMatch(/\(z15 figure\)$/);
    expect(e.gaps.some((g) => g.message.includes("measured peak, non-persistent out of syncpoint"))).toBe(true);
    const f = item(np({ generation: "z16", factor: 1.1 }), "capacity.peak-rate");
    expect(f.value).toBeCloseTo(761000 * 1.1, 6);
    expect(f.hardwareFit).toBe("scaled");
  });

  it("names the lost chart of rate by CPUs when the config has fewer CPUs than the peak took", () => {
    const e = np({ cpus: 8 });
    expect(e.gaps.find((g) => g.message.startsWith("peak non-persistent rate with 8 CPUs"))!.charts[0]!.id).toBe(
      "003.chart-np-oos-rate-by-cpus",
    );
    expect(np({ cpus: 32 }).gaps.some((g) => g.message.includes("CPUs: the source measured"))).toBe(false);
  });

  it("is extrapolated outside the measured 2KB, and for one-way takes the message rate (1.52 million, line 188)", () => {
    // In syncpoint only the z15 report measured it, at 2KB (carried to 9.3 under the 9.3 report's statement).
    const big = item(np({ release: "9.3" }, { messageSize: "32KB", syncpoint: true }), "capacity.peak-rate");
    expect(big.confidence).toBe("extrapolated");
    expect(big.formula).toContain("measured with 2KB messages, used at 32KB");
    const oneWay = item(np({}, { pattern: "one-way" }), "capacity.peak-rate");
    expect(oneWay.citations[0]!.id).toBe("003.np-oos-z15-peak-msgs");
    expect(oneWay.value).toBe(1520000);
    expect(oneWay.confidence).toBe("extrapolated");
  });

  it("has no peak for persistent messages or shared queues, and a gap for a release no statement reaches", () => {
    expect(np({}, { persistent: true }).items.find((i) => i.id === "capacity.peak-rate")).toBeUndefined();
    expect(np({}, { queues: "shared" }).items.find((i) => i.id === "capacity.peak-rate")).toBeUndefined();
    const old = np({ release: "8.0" });
    expect(old.items.find((i) => i.id === "capacity.peak-rate")).toBeUndefined();
    expect(old.gaps.some((g) => g.message.startsWith("peak out-of-syncpoint non-persistent rate for MQ 8.0"))).toBe(
      true,
    );
  });
});

describe("ceilings rule: V5.3 shared queues", () => {
  const v53 = (messageSize: string, messagesOnQueue?: number) =>
    estimate({
      version: 1,
      mq: { release: "5.3" },
      hardware: { generation: "2064" },
      workload: { queues: "shared", messageSize },
      ...(messagesOnQueue !== undefined ? { sharedQueue: { messagesOnQueue } } : {}),
    });

  it('holds the message size to "64512 bytes including all headers other than MQMD" (004 line 163)', () => {
    const ok = v53("63KB");
    expect(item(ok, "capacity.sq-message-size").value).toBe(64512);
    expect(ok.headroom.find((h) => h.id === "capacity.sq-message-size")!.exceeded).toBe(false);
    const big = v53("64KB");
    expect(big.headroom.find((h) => h.id === "capacity.sq-message-size")!.exceeded).toBe(true);
  });

  it('holds messages in one CF to "8 million" unless CFCC level 12 (004 line 164)', () => {
    const e = v53("1KB", 9000000);
    const l = item(e, "capacity.sq-messages-per-cf");
    expect(l.value).toBe(8000000);
    expect(l.label).toContain("level 12");
    expect(e.headroom.find((h) => h.id === "capacity.sq-messages-per-cf")!.exceeded).toBe(true);
  });
});
