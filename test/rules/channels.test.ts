// Channels rule, checked against seed 001 (MQ 9.2 report) lines 1963-1965 and 1991 (fasp.io against
// TCP/IP) and 2437 (compressed size), and seed 003 (z15 report) lines 221 (1KB hardware compression
// threshold), 227 (up to 42%) and 252 (z14 software inflate between 60 and 80% compressible).
import { item } from "../helpers/items.js";
import { describe, expect, it } from "vitest";
import { estimate } from "../../src/api.js";

describe("channels rule", () => {
  it("sends 32KB x (1 - 80%) = 6.4KB for an 80% compressible message (seed 001 line 2437)", () => {
    const e = estimate({
      version: 1,
      workload: { messageSize: "32KB" },
      channels: [{ name: "C", type: "sender", compression: "zlibfast", compressibility: "80%" }],
    });
    const sent = item(e, "channels.compressed-size.C").value;
    expect(sent).toBeCloseTo(32 * (1 - 0.8), 9);
    // the report: "would reduce to approximately 6.5KB"
    expect(Math.abs(sent - 6.5) / 6.5).toBeLessThan(0.02);
  });

  it("asks for compressibility rather than guessing, and gives the compression CPU as a gap", () => {
    const e = estimate({
      version: 1,
      workload: { messageSize: "32KB" },
      channels: [{ name: "C", type: "sender", compression: "zlibhigh" }],
    });
    expect(e.items.some((i) => i.id === "channels.compressed-size.C")).toBe(false);
    expect(e.gaps.some((g) => g.message.includes("set channels[].compressibility"))).toBe(true);
    expect(e.gaps.some((g) => g.message.includes("CPU cost of COMPMSG(ZLIBHIGH)"))).toBe(true);
  });

  it("warns that messages below 1KB compress in software on z15 (seed 003 line 221)", () => {
    const e = estimate({
      version: 1,
      hardware: { generation: "z15" },
      channels: [
        { name: "SMALL", type: "sender", compression: "zlibfast", compressibility: 50, messageSize: 512 },
        { name: "BIG", type: "sender", compression: "zlibfast", compressibility: 50, messageSize: "32KB" },
      ],
    });
    const threshold = e.warnings.filter((w) => w.message.includes("threshold for hardware compression"));
    expect(threshold.map((w) => w.message.split(":")[0])).toEqual(["SMALL"]);
    expect(threshold[0]!.message).toContain("1KB");
    // "a decrease in transaction cost of up to 42% when compared with ... z14" (line 227)
    expect(item(e, "channels.zlibfast-z15.BIG").value).toBe(-42);
  });

  it("warns about software inflate on z14 between 60 and 80% compressible (seed 003 line 252)", () => {
    const at = (compressibility: number) =>
      estimate({
        version: 1,
        hardware: { generation: "z14" },
        channels: [{ name: "C", type: "sender", compression: "zlibfast", compressibility, messageSize: "32KB" }],
      }).warnings.some((w) => w.message.includes("too small to inflate in hardware"));
    expect(at(70)).toBe(true);
    expect(at(60)).toBe(true);
    expect(at(80)).toBe(true);
    expect(at(50)).toBe(false);
  });

  it("gives fasp.io 11.75x TCP/IP for 10KB streaming on N4 and 4.8x on N3 (seed 001 lines 1964-1965)", () => {
    const e = estimate({
      version: 1,
      mq: { release: "9.2" },
      workload: { pattern: "one-way", messageSize: "10KB" },
      channels: [
        { name: "N4", type: "sender", transport: "fasp", networkProfile: "N4" },
        { name: "N3", type: "sender", transport: "fasp", networkProfile: "N3" },
        { name: "BIG", type: "sender", transport: "fasp", networkProfile: "N3", messageSize: "1MB" },
      ],
    });
    expect(item(e, "channels.fasp.N4").value).toBe(11.75);
    expect(item(e, "channels.fasp.N3").value).toBe(4.8);
    // 1MB streaming on N3: 22.4x (line 1991)
    expect(item(e, "channels.fasp.BIG").value).toBe(22.4);
  });

  it("gives a gap for fasp.io without a network profile", () => {
    const e = estimate({
      version: 1,
      mq: { release: "9.2" },
      channels: [{ name: "F", type: "sender", transport: "fasp" }],
    });
    expect(e.items.some((i) => i.id === "channels.fasp.F")).toBe(false);
    expect(e.gaps.some((g) => g.message.includes("networkProfile"))).toBe(true);
  });

  it("compares shared queues with MCA channels as the sysplex blog does: +30% cost with the CF, 1.4 us XCF (seed 002 lines 116, 125, 285)", () => {
    const e = estimate({ version: 1, workload: { transport: "shared-queue", messageSize: "2KB" } });
    const v = (id: string) => e.items.find((i) => i.id === id)?.value;
    expect(v("channels.sysplex.sq-cost-vs-mca-2kb")).toBe(30);
    expect(v("channels.sysplex.xcf-cost-sq-2kb")).toBe(1.4);
    expect(v("channels.sysplex.sq-qmgr-cost-vs-mca")).toBe(5);
    // information only: nothing is added to the transaction
    expect(e.totals.added.value).toBe(0);
    expect(e.warnings.some((w) => w.message.includes("MQ V8 on z13"))).toBe(true);
  });
});
