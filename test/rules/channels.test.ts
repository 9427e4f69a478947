// Channels rule, checked against seed 001 (MQ 9.2 report) lines 1963-1965 and 1991 (fasp.io against
// TCP/IP), 2061-2071 (streaming with and without packet loss) and 2437 (compressed size), seed 002 line
// 235 (data rate), and seed 003 (z15 report) lines 221 (1KB hardware compression
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
    // From the config alone by the formula the report states: arithmetic, the formula cited.
    expect(item(e, "channels.compressed-size.C").confidence).toBe("arithmetic");
    expect(item(e, "channels.compressed-size.C").citations.length).toBe(1);
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

  // Issue #14, channels and compression.
  const small = {
    name: "S",
    type: "sender",
    compression: "zlibfast",
    compressibility: 60,
    messageSize: "2KB",
  } as const;
  const inflateWarning = (generation: "z14" | "z15" | "z16") =>
    estimate({ version: 1, hardware: { generation }, channels: [small] }).warnings.filter((w) =>
      w.message.startsWith("S: 2KB messages 60% compressible cross the channel as"),
    );

  it("inflates a 2KB message compressed below 1KB in software on every machine (003 lines 221, 223)", () => {
    // 003 line 221: "the threshold for performing compression in hardware on z15 has been lowered to
    // 1KB"; line 223: "MQ will fall back to software ... when the message falls below the inflate /
    // deflate thresholds". 2KB x (1 - 60%) = 0.8KB crosses the channel.
    const z15 = inflateWarning("z15");
    expect(z15).toHaveLength(1);
    expect(z15[0]!.message).toContain("below the 1KB threshold for hardware compression on z15");
    expect(z15[0]!.message).toContain("inflates them in software");
    // z16: the z15 threshold, said to be assumed
    expect(inflateWarning("z16")[0]!.message).toContain("the z15 threshold is assumed");
    // z14: line 252 puts its inflate threshold between 32KB x 20% = 6.4KB and 32KB x 40% = 12.8KB
    const z14 = inflateWarning("z14");
    expect(z14).toHaveLength(1);
    expect(z14[0]!.message).toContain("6.4KB to 12.8KB compressed");
    expect(z14[0]!.message).toContain("are inflated in software");
    // 32KB at 50% crosses as 16KB: in hardware everywhere
    const big = estimate({
      version: 1,
      hardware: { generation: "z14" },
      channels: [{ ...small, compressibility: 50, messageSize: "32KB" }],
    });
    expect(big.warnings.some((w) => w.message.includes("inflate"))).toBe(false);
    // "zEDC on z14 or earlier" (line 223)
    expect(big.warnings.some((w) => w.message.includes("only with zEDC Express"))).toBe(true);
  });

  it("shows z15-against-z14 compression figures on a z15 only (003 lines 227, 262)", () => {
    const on = (generation: "z15" | "z16") =>
      estimate({
        version: 1,
        hardware: { generation },
        channels: [{ name: "C", type: "sender", compression: "zlibfast", compressibility: 80, messageSize: "32KB" }],
      });
    // line 227 "a decrease in transaction cost of up to 42% when compared with the equivalent workload on z14"
    expect(item(on("z15"), "channels.zlibfast-z15.C").value).toBe(-42);
    // line 262 "The z15 results throughput is 65 to 90% higher than the z14 equivalent"
    const rate = item(on("z15"), "channels.zlibfast-z15-rate.C");
    expect([rate.low, rate.high]).toEqual([65, 90]);
    const z16 = on("z16");
    expect(z16.items.filter((i) => i.label.includes("z14"))).toEqual([]);
    expect(z16.warnings.filter((w) => w.message.includes("z14"))).toEqual([]);
    // with TLS: line 285 "z15 costs are up to 35% lower", line 297 "20 to 60% higher"
    const tls = estimate({
      version: 1,
      channels: [
        {
          name: "T",
          type: "sender",
          compression: "zlibfast",
          compressibility: 80,
          tls: { cipher: "ECDHE_RSA_AES_256_CBC_SHA384", resetBytes: "1MB" },
        },
      ],
    });
    expect(item(tls, "channels.zlibfast-z15.T").value).toBe(-35);
    expect(item(tls, "channels.zlibfast-z15-rate.T").high).toBe(60);
  });

  it("shows the sysplex comparisons only at the sizes measured (002 lines 205, 249, 282-285)", () => {
    // 002 line 282: "A rule of thumb for the particular set of measurements using 2KB messages"
    const at = (messageSize: string) => estimate({ version: 1, workload: { transport: "shared-queue", messageSize } });
    const mb4 = at("4MB");
    expect(mb4.items.filter((i) => i.id.startsWith("channels.sysplex."))).toEqual([]);
    // line 249: "the shared queue measurements were lowest cost due to the use of shared message data sets"
    expect(mb4.warnings.some((w) => w.message.includes("lowest cost") && w.message.includes("002 line 249"))).toBe(
      true,
    );
    // 32KB was not measured: a gap naming the sizes that were (line 205: "64KB and 4MB")
    const kb32 = at("32KB");
    expect(kb32.items.filter((i) => i.id.startsWith("channels.sysplex."))).toEqual([]);
    expect(kb32.gaps.some((g) => g.message.includes("2KB, 64KB, 4MB messages only"))).toBe(true);
    // channels at 4MB: "approximately 80% of the total cost in the MQ channel initiator and TCP/IP" (line 252)
    const ch4 = estimate({ version: 1, workload: { transport: "channels", messageSize: "4MB" } });
    expect(item(ch4, "channels.sysplex.chin-tcpip-share-4mb").value).toBe(80);
    expect(ch4.items.some((i) => i.id === "channels.sysplex.cost-growth-tcp")).toBe(false);
    // SMC-D at 64KB: "SMC-D achieved 30% more throughput than the peak SMC-R measurement"
    const smcd = estimate({
      version: 1,
      channels: [{ name: "D", type: "sender", transport: "smc-d", messageSize: "64KB" }],
    });
    expect(item(smcd, "channels.smc-d.D.smcd-vs-smcr-rate-64kb").value).toBe(30);
    expect(smcd.items.some((i) => i.id === "channels.smc-d.D.cost-growth-smc-d")).toBe(false);
  });

  it("keeps fasp.io gains to the sizes and the 1Gb/s network measured (001 lines 1928, 1991, 2029, 2111)", () => {
    const e = estimate({
      version: 1,
      mq: { release: "9.2" },
      workload: { pattern: "one-way" },
      channels: [
        { name: "BIG", type: "sender", transport: "fasp", networkProfile: "N3", messageSize: "4MB" },
        { name: "MID", type: "sender", transport: "fasp", networkProfile: "N3", messageSize: "1MB", rate: "200/s" },
      ],
    });
    // 1MB streaming N3 is 22.4x (line 1991); 4MB was not measured: not carried
    expect(e.items.some((i) => i.id === "channels.fasp.BIG")).toBe(false);
    expect(e.gaps.some((g) => g.message.startsWith("BIG:") && g.message.includes("1MB: 22.4x"))).toBe(true);
    // line 1928 "All communication is limited to 1Gb / sec."
    expect(item(e, "channels.fasp.MID").formula).toContain("limited to 1Gb / sec");
    // 200 x 1MB a second = 200 x 1,048,576 x 8 bits = 1.68 Gb/s, above the 1Gb/s measured
    expect(e.warnings.some((w) => w.message.startsWith("MID: 1.68 Gb/s"))).toBe(true);
    // A request/reply client channel carries the request and the reply: 2,000/s x 2 x 32KB =
    // 4,000 x 32,768 x 8 bits = 1.05 Gb/s, over the 1Gb/s although one direction (0.52 Gb/s) is not.
    const svrconn = estimate({
      version: 1,
      mq: { release: "9.2" },
      workload: { pattern: "request-reply", messageSize: "32KB", rate: "2000/s" },
      channels: [{ name: "CLI", type: "server-connection", transport: "fasp", networkProfile: "N4" }],
    });
    expect(svrconn.warnings.some((w) => w.message.startsWith("CLI: 1.05 Gb/s"))).toBe(true);
    // request/responder is measured at 32KB only (line 2029): not carried to 1MB
    const rr = estimate({
      version: 1,
      mq: { release: "9.2" },
      channels: [{ name: "RR", type: "sender", transport: "fasp", networkProfile: "N4", messageSize: "1MB" }],
    });
    expect(rr.items.some((i) => i.id === "channels.fasp.RR")).toBe(false);
    // line 2111: "Messages between 64KB and 100KB achieved a transaction rate 12-20% higher in the TCP/IP configuration"
    const n1 = estimate({
      version: 1,
      mq: { release: "9.2" },
      channels: [{ name: "N1", type: "sender", transport: "fasp", networkProfile: "N1", messageSize: "80KB" }],
    });
    const tcp = item(n1, "channels.fasp.N1");
    expect([tcp.low, tcp.high]).toEqual([12, 20]);
    expect(tcp.label).toContain("TCP/IP transaction rate above fasp.io");
  });
});

describe("channels rule: data rate and packet loss at 50ms", () => {
  it("turns messages per second into MB/s as the sysplex blog does (002 line 235)", () => {
    // 002 line 235: "over 21,000 transactions per second, which equates to approximately 1350 MB/second
    // outbound and 1350 MB/second inbound": one 64KB request each way per transaction.
    const e = estimate({
      version: 1,
      mq: { release: "8.0" },
      hardware: { generation: "z13" },
      workload: { pattern: "request-reply", persistent: false, messageSize: "64KB", rate: "21000/s" },
      channels: [
        { name: "OUT", type: "sender", transport: "smc-d" },
        { name: "CLIENTS", type: "server-connection" },
        { name: "ZIP", type: "sender", compression: "zlibfast", compressibility: "75%" },
      ],
    });
    const out = item(e, "channels.data-rate.OUT");
    expect(out.value).toBeCloseTo((21000 * 64) / 1024, 9); // 1312.5 MB/s, MB = 1024KB
    expect(Math.abs(out.value - 1350) / 1350).toBeLessThan(0.03);
    expect(out.confidence).toBe("arithmetic");
    expect(out.citations.map((c) => c.id)).toContain("002.channel-data-rate");
    // a server-connection channel carries the request and the reply
    expect(item(e, "channels.data-rate.CLIENTS").value).toBeCloseTo((2 * 21000 * 64) / 1024, 9);
    expect(item(e, "channels.data-rate.CLIENTS").label).toContain("both directions");
    // 64KB x (1 - 75%) = 16KB crosses the channel
    expect(item(e, "channels.data-rate.ZIP").value).toBeCloseTo((21000 * 16) / 1024, 9);
    // no rate, no data rate
    const none = estimate({ version: 1, channels: [{ name: "C", type: "sender" }] });
    expect(none.items.some((i) => i.id === "channels.data-rate.C")).toBe(false);
  });

  const stream = (transport: "tcp" | "fasp", networkProfile: "N4" | "N5", messageSize: string, over = {}) =>
    estimate({
      version: 1,
      mq: { release: "9.2" },
      hardware: { generation: "z15" },
      workload: { pattern: "one-way", persistent: true, messageSize },
      channels: [{ name: "W", type: "sender", transport, networkProfile, ...over }],
    });

  it("gives one channel's streaming throughput on N4 and N5 as measured (001 lines 2061-2071)", () => {
    // line 2070: "TCP/IP throughput increased from 0.81 MB/second to 5.56 MB/second"
    expect(item(stream("tcp", "N4", "1MB"), "channels.wan-throughput.W").value).toBe(0.81);
    expect(item(stream("tcp", "N5", "1MB"), "channels.wan-throughput.W").value).toBe(5.56);
    // line 2062: "fasp.io throughput increased from 6.7 MB/second to 11.56 MB/second"
    const fasp = stream("fasp", "N4", "10KB");
    expect(item(fasp, "channels.wan-throughput.W").value).toBe(6.7);
    expect(item(fasp, "channels.wan-throughput.W").confidence).toBe("measured");
    expect(item(fasp, "channels.wan-throughput.W").label).toContain("N4 (50ms, 0.5% packet loss)");
  });

  it("gives what removing 0.5% packet loss at 50ms gains, as the report prints it (001 lines 2061, 2070)", () => {
    // line 2061: "from 0.57 MB/second to 2.19 MB/second - an increase of 3.8x or 1.6 MB/second"
    const small = stream("tcp", "N4", "10KB");
    expect(item(small, "channels.loss-free-ratio.W").value).toBeCloseTo(2.19 / 0.57, 9);
    expect(item(small, "channels.loss-free-gain.W").value).toBeCloseTo(2.19 - 0.57, 9);
    // line 2070: "from 0.81 MB/second to 5.56 MB/second - an increase of 6.8x or 4.75 MB/second"
    // the same items on N5: the comparison is between the two profiles, whichever the channel is on
    const big = stream("tcp", "N5", "1MB");
    expect(item(big, "channels.loss-free-ratio.W").value).toBeCloseTo(5.56 / 0.81, 9);
    expect(item(big, "channels.loss-free-gain.W").value).toBeCloseTo(5.56 - 0.81, 9);
  });

  it("gives fasp.io against TCP/IP on N5 as the quotient of the two zero-loss runs (001 lines 2061-2062)", () => {
    const e = stream("fasp", "N5", "10KB");
    // 11.56 MB/s fasp.io (line 2062) over 2.19 MB/s TCP/IP (line 2061)
    expect(item(e, "channels.fasp.W").value).toBeCloseTo(11.56 / 2.19, 9);
    expect(e.gaps.some((g) => g.message.includes("not measured for streaming on profile N5"))).toBe(false);
  });

  it("keeps to what the zero-loss runs measured: streaming, 10KB to 1MB, 9.2 on z15 (001 lines 2053-2071)", () => {
    const rr = estimate({
      version: 1,
      mq: { release: "9.2" },
      workload: { pattern: "request-reply", messageSize: "32KB" },
      channels: [{ name: "W", type: "sender", transport: "tcp", networkProfile: "N4" }],
    });
    expect(rr.items.some((i) => i.id === "channels.wan-throughput.W")).toBe(false);
    expect(rr.gaps.some((g) => g.message.startsWith("W:") && g.message.includes("measured streaming only"))).toBe(true);
    const huge = stream("tcp", "N4", "4MB");
    expect(huge.items.some((i) => i.id === "channels.loss-free-ratio.W")).toBe(false);
    expect(huge.gaps.some((g) => g.message.includes("measured at 10KB and 1MB only"))).toBe(true);
    // between the sizes: interpolated
    expect(item(stream("tcp", "N4", "100KB"), "channels.wan-throughput.W").confidence).toBe("interpolated");
    // another machine: extrapolated, with a warning naming it
    const z16 = estimate({
      version: 1,
      mq: { release: "9.2" },
      hardware: { generation: "z16" },
      workload: { pattern: "one-way", persistent: true, messageSize: "1MB" },
      channels: [{ name: "W", type: "sender", transport: "tcp", networkProfile: "N4" }],
    });
    expect(item(z16, "channels.wan-throughput.W").confidence).toBe("extrapolated");
    expect(z16.warnings.some((w) => w.message.includes("measured with z15; this config has z16"))).toBe(true);
    // other profiles have no zero-loss figures
    expect(stream("tcp", "N4", "1MB").items.some((i) => i.id.startsWith("channels.wan-throughput"))).toBe(true);
    const n3 = estimate({
      version: 1,
      mq: { release: "9.2" },
      workload: { pattern: "one-way", messageSize: "1MB" },
      channels: [{ name: "W", type: "sender", transport: "tcp", networkProfile: "N3" }],
    });
    expect(n3.items.some((i) => i.id === "channels.wan-throughput.W")).toBe(false);
  });

  it("warns when a channel instance must carry more than one channel streamed there (001 line 2070)", () => {
    // 10 x 1MB a second = 10 MB/s on one instance, above the 0.81 MB/s TCP/IP streamed on N4
    expect(
      stream("tcp", "N4", "1MB", { rate: "10/s" }).warnings.some((w) =>
        w.message.startsWith("W: 10 MB/s per channel instance is more than the 0.81 MB/s"),
      ),
    ).toBe(true);
    // over 20 instances, 0.5 MB/s each: within it
    expect(
      stream("tcp", "N4", "1MB", { rate: "10/s", count: 20 }).warnings.some((w) =>
        w.message.includes("per channel instance is more than"),
      ),
    ).toBe(false);
  });
});

describe("findings on several channels", () => {
  it("are one warning or gap that names every channel", () => {
    // four definitions of the same kind: one gap for the COMPMSG CPU, naming all four
    const channels = ["A", "B", "C", "D"].map((name) => ({
      name,
      type: "sender" as const,
      compression: "zlibfast" as const,
      compressibility: 60,
      messageSize: "2KB",
    }));
    const e = estimate({ version: 1, channels });
    const cpu = e.gaps.filter((g) => g.message.includes("CPU cost of COMPMSG(ZLIBFAST)"));
    expect(cpu.map((g) => g.message.split(":")[0])).toEqual(["A, B, C, D"]);
    const inflate = e.warnings.filter((w) => w.message.includes("inflates them in software"));
    expect(inflate.map((w) => w.message.split(":")[0])).toEqual(["A, B, C, D"]);
    // a finding that differs keeps its own line
    const mixed = estimate({ version: 1, channels: [channels[0]!, { ...channels[1]!, messageSize: "512" }] });
    expect(mixed.warnings.filter((w) => w.message.includes("software")).map((w) => w.message.split(":")[0])).toEqual([
      "A",
      "B",
    ]);
  });
});
