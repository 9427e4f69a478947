// TLS rule, checked against seed 003 (z15 report) lines 381-385 (secret key negotiation), seed 001
// (MQ 9.2 report) lines 1093, 1106-1120 (channel start by cipher), 1152 (aliases) and 1159 (stop), and
// seed 004 (V5.3 report) lines 708-716 (SSL cost = constant + coefficient x KB).
import { item } from "../helpers/items.js";
import { describe, expect, it } from "vitest";
import { estimate } from "../../src/api.js";

describe("tls rule", () => {
  it("renegotiates rate x size / SSLRKEYC times a second at 3.8 ms each on z15 (seed 003 line 384)", () => {
    const e = estimate({
      version: 1,
      workload: { rate: "1000/s", messageSize: "32KB" },
      channels: [{ name: "C1", type: "sender", tls: { cipher: "ECDHE_RSA_AES_256_CBC_SHA384", resetBytes: "1MB" } }],
    });
    // 1000 msgs/s x 32,768 bytes / 1,048,576 bytes = 31.25 negotiations per second
    expect(item(e, "tls.renegotiations.C1").value).toBeCloseTo((1000 * 32768) / 1048576, 9);
    // 31.25 x 3.8 ms x 1000 = 118,750 CPU us per second in the channel initiator
    const cpu = item(e, "tls.renegotiation-cpu.C1");
    expect(cpu.value).toBeCloseTo(31.25 * 3.8 * 1000, 6);
    expect(cpu.addressSpace).toBe("chin");
    expect(cpu.metric).toBe("cpu-per-second");
  });

  it("uses the z14 column, 4 ms, on z14 without LSPR scaling (seed 003 line 384)", () => {
    const e = estimate({
      version: 1,
      hardware: { generation: "z14", cpus: 3, rni: "average" },
      workload: { rate: "1000/s", messageSize: "32KB" },
      channels: [{ name: "C1", type: "sender", tls: { cipher: "ECDHE_RSA_AES_256_CBC_SHA384", resetBytes: "1MB" } }],
    });
    // 31.25 x 4 ms x 1000 = 125,000 us/s; TLS_RSA_WITH_AES_256_CBC_SHA256 would be 0.66 ms on z14 (line 382)
    expect(item(e, "tls.renegotiation-cpu.C1").value).toBeCloseTo(31.25 * 4 * 1000, 6);
    const rsa = estimate({
      version: 1,
      hardware: { generation: "z14" },
      workload: { rate: "500/s", messageSize: "4KB" },
      channels: [{ name: "R", type: "sender", tls: { cipher: "TLS_RSA_WITH_AES_256_CBC_SHA256", resetBytes: 32768 } }],
    });
    // 500 x 4096 / 32768 = 62.5 negotiations/s x 0.66 ms x 1000 = 41,250 us/s
    expect(item(rsa, "tls.renegotiation-cpu.R").value).toBeCloseTo(((500 * 4096) / 32768) * 0.66 * 1000, 6);
  });

  it("costs channel starts by cipher from the MQ 9.2 table (seed 001 lines 1110-1114, 1152)", () => {
    const e = estimate({
      version: 1,
      mq: { release: "9.2" },
      channels: [
        { name: "RSA", type: "sender", tls: { cipher: "TLS_RSA_WITH_AES_256_GCM_SHA384" }, startsPerSecond: 10 },
        { name: "T13", type: "sender", tls: { cipher: "TLS_AES_256_GCM_SHA384" }, startsPerSecond: 1 },
        { name: "ECDHE", type: "sender", tls: { cipher: "ECDHE_RSA_AES_256_CBC_SHA384" }, startsPerSecond: 2 },
        { name: "ALIAS", type: "sender", tls: { cipher: "ANY_TLS12" }, startsPerSecond: 1 },
      ],
    });
    // 009D TLS_RSA_WITH_AES_256_GCM_SHA384 2.31 ms (line 1110): 10 x 2.31 x 1000 = 23,100 us/s
    expect(item(e, "tls.channel-start.RSA").value).toBeCloseTo(10 * 2.31 * 1000, 6);
    expect(item(e, "tls.channel-start-rate.RSA").value).toBe(135.75);
    // 1302 TLS_AES_256_GCM_SHA384 3.34 ms (line 1108)
    expect(item(e, "tls.channel-start.T13").value).toBeCloseTo(3.34 * 1000, 6);
    // C028 TLS_ECDHE_RSA_WITH_AES_256_CBC_SHA384 3.91 ms (line 1114), the IANA name of ECDHE_RSA_AES_256_CBC_SHA384
    expect(item(e, "tls.channel-start.ECDHE").value).toBeCloseTo(2 * 3.91 * 1000, 6);
    // ANY_TLS12 negotiating TLS_RSA_WITH_AES_256_GCM_SHA384: 2.33 ms, 139/s (line 1152)
    expect(item(e, "tls.channel-start.ALIAS").value).toBeCloseTo(2.33 * 1000, 6);
  });

  it("widens the start rate by how far the two reports' rates differ per cipher, the start cost within run-to-run", () => {
    const e = estimate({
      version: 1,
      mq: { release: "9.2" },
      channels: [
        { name: "ECDHE", type: "sender", tls: { cipher: "ECDHE_RSA_AES_256_CBC_SHA384" }, startsPerSecond: 2 },
      ],
    });
    // 003 lines 450-452 (SYNCQ population stated) against 001 lines 1112-1114 (not stated): rates 174 /
    // 134.59, 103 / 92.86, 98 / 87.81; the worst, 174 / 134.59 - 1 = 29.28%, on 92.86 x (1 +/- 6%).
    const w = 174 / 134.59 - 1;
    const rate = item(e, "tls.channel-start-rate.ECDHE");
    expect(rate.low).toBeCloseTo(92.86 * 0.94 * (1 - w), 6);
    expect(rate.high).toBeCloseTo(92.86 * 1.06 * (1 + w), 6);
    expect(rate.spread.find((p) => p.reason === "condition")?.text).toContain("SYSTEM.CHANNEL.SYNCQ");
    // Costs: 2.30 / 2.21 - 1 = 4.07%, the worst of three, within the +/-6% between runs: counted once.
    const cost = item(e, "tls.channel-start.ECDHE");
    expect(cost.low).toBeCloseTo(2 * 3.91 * 0.94 * 1000, 6);
    expect(cost.spread.find((p) => p.reason === "condition")).toMatchObject({ low: 0, high: 0 });
  });

  it("costs channel stops at 920-940 us for TLS 1.2 and 940-960 us for TLS 1.3 (seed 001 line 1159)", () => {
    const e = estimate({
      version: 1,
      mq: { release: "9.2" },
      channels: [
        { name: "T12", type: "sender", tls: { cipher: "TLS_RSA_WITH_AES_256_CBC_SHA256" }, startsPerSecond: 10 },
        { name: "T13", type: "sender", tls: { cipher: "TLS_AES_128_GCM_SHA256" }, startsPerSecond: 10 },
      ],
    });
    // 10 stops/s x 920..940 us = 9,200..9,400 us/s, midpoint 9,300
    const s12 = item(e, "tls.channel-stop.T12");
    expect(s12.value).toBeCloseTo(10 * 930, 6);
    expect(s12.low).toBeCloseTo(10 * 920, 6);
    expect(s12.high).toBeCloseTo(10 * 940, 6);
    // 10 x 940..960 us
    const s13 = item(e, "tls.channel-stop.T13");
    expect(s13.low).toBeCloseTo(10 * 940, 6);
    expect(s13.high).toBeCloseTo(10 * 960, 6);
  });

  it("warns to use SSLRKEYC(0) with TLS 1.3 ciphers (seed 001 line 1093)", () => {
    const e = estimate({
      version: 1,
      mq: { release: "9.2" },
      workload: { rate: "100/s" },
      channels: [{ name: "C", type: "sender", tls: { cipher: "TLS_AES_256_GCM_SHA384", resetBytes: "1MB" } }],
    });
    expect(e.warnings.some((w) => w.concern === "tls" && w.message.includes("SSLRKEYC(0)"))).toBe(true);
    // no negotiation cost is measured for TLS 1.3 ciphers (seed 003 lines 381-385): a gap
    expect(e.items.some((i) => i.id === "tls.renegotiation-cpu.C")).toBe(false);
    expect(e.gaps.some((g) => g.concern === "tls" && g.message.includes("TLS_AES_256_GCM_SHA384"))).toBe(true);
  });

  it("applies the MQ 5.3 linear formula c + k x KB per message (seed 004 lines 708-716)", () => {
    const e = estimate({
      version: 1,
      mq: { release: "5.3" },
      hardware: { generation: "2064" },
      workload: { messageSize: "10KB" },
      channels: [
        { name: "S", type: "sender", tls: { cipher: "TRIPLE_DES_SHA_US" } },
        { name: "R", type: "receiver", tls: { cipher: "RC4_MD5_EXPORT" }, messageSize: "32KB" },
      ],
    });
    // TRIPLE_DES_SHA_US Put + Send: with CCF 0.2 + 0.14 x 10 = 1.6 ms; without 0.5 + 0.89 x 10 = 9.4 ms
    const s = item(e, "tls.v53-per-message.S");
    expect(s.low).toBeCloseTo((0.2 + 0.14 * 10) * 1000, 6);
    expect(s.high).toBeCloseTo((0.5 + 0.89 * 10) * 1000, 6);
    expect(s.value).toBeCloseTo(((1.6 + 9.4) / 2) * 1000, 6);
    // RC4_MD5_EXPORT Receive + Get: 0.2 + 0.105 x 32 = 3.56 ms
    expect(item(e, "tls.v53-per-message.R").value).toBeCloseTo((0.2 + 0.105 * 32) * 1000, 6);
  });

  // The 9.1 table is consulted only when the 9.2 table has no row for the cipher.
  it("at MQ 9.1 costs starts from the z15 report's own 9.1 table, not the 9.2 one carried back (003 lines 447-452)", () => {
    const e = estimate({
      version: 1,
      mq: { release: "9.1" },
      hardware: { generation: "z15" },
      channels: [{ name: "E", type: "sender", tls: { cipher: "ECDHE_RSA_AES_256_CBC_SHA384" }, startsPerSecond: 2 }],
    });
    // 003 line 451: "ECDHE_RSA_AES_256_CBC_SHA384	103	3.9": 2 x 3.9 x 1000 = 7,800 us/s (9.2's would be 3.91)
    const start = item(e, "tls.channel-start.E");
    expect(start.value).toBeCloseTo(2 * 3.9 * 1000, 6);
    expect(start.citations.map((c) => c.id)).toContain("003.tls-channel-start-z15");
    expect(start.confidence).toBe("measured");
    // The start cost is not carried; the stop cost is (only the 9.2 report measured stops, line 1159).
    const carried = e.warnings.filter((w) => w.concern === "tls" && w.message.includes("MQ 9.2 data"));
    expect(carried.map((w) => w.message.split(":")[0])).toEqual(["TLS channel stop cost"]);
  });

  it("does not warn about MQ 9.1 data when the MQ 9.2 table answers", () => {
    const e = estimate({
      version: 1,
      mq: { release: "9.2" },
      channels: [{ name: "C", type: "sender", tls: { cipher: "TLS_RSA_WITH_AES_256_GCM_SHA384" }, startsPerSecond: 1 }],
    });
    expect(e.warnings.filter((w) => w.concern === "tls" && w.message.includes("using MQ 9.1 data"))).toEqual([]);
  });

  // Issue #14, TLS.
  const ecdhe = { cipher: "ECDHE_RSA_AES_256_CBC_SHA384", resetBytes: "1MB" } as const;

  it("counts the bytes after compression: 003 line 289 'Message compression takes place before secret key negotiation'", () => {
    const at = (compressibility?: number) =>
      item(
        estimate({
          version: 1,
          workload: { pattern: "one-way", rate: "1000/s", messageSize: "32KB" },
          channels: [
            {
              name: "C",
              type: "sender",
              tls: ecdhe,
              ...(compressibility === undefined ? {} : { compression: "zlibfast" as const, compressibility }),
            },
          ],
        }),
        "tls.renegotiations.C",
      ).value;
    // uncompressed: 1000 x 32,768 / 1,048,576 = 31.25 a second
    expect(at()).toBeCloseTo(31.25, 9);
    // 75% compressible: 1000 x 8,192 / 1,048,576 = 7.8125 a second, "more messages can flow ... before
    // hitting the SSLRKEYC threshold" (line 289)
    expect(at(75)).toBeCloseTo((1000 * 32768 * 0.25) / 1048576, 9);
  });

  it("counts request and reply on a server-connection channel in request/reply; one direction on a sender (001 line 1187)", () => {
    // 001 line 1187: "how many messages would flow between key negotiations, taking into account that
    // the workload is a request / reply workload"; 003 line 396: "every 1MB that passes over the channel"
    const e = estimate({
      version: 1,
      workload: { pattern: "request-reply", rate: "1000/s", messageSize: "32KB" },
      channels: [
        { name: "CLIENTS", type: "server-connection", tls: ecdhe },
        { name: "TO.QM2", type: "sender", tls: ecdhe },
        { name: "GIVEN", type: "server-connection", rate: "500/s", tls: ecdhe },
      ],
    });
    const svrconn = item(e, "tls.renegotiations.CLIENTS");
    // 2 messages x 1000 transactions/s x 32,768 bytes / 1,048,576 = 62.5 a second
    expect(svrconn.value).toBeCloseTo((2 * 1000 * 32768) / 1048576, 9);
    expect(svrconn.inputs.rate!.value).toBe(2000);
    expect(svrconn.formula).toContain("request and the reply");
    // computed from the config by a stated formula, not measured
    expect(svrconn.confidence).toBe("arithmetic");
    expect(svrconn.citations.map((c) => c.id)).toContain("001.tls-key-renegotiation-cost-method");
    // a sender carries one direction: 1000 x 32,768 / 1,048,576 = 31.25
    expect(item(e, "tls.renegotiations.TO.QM2").value).toBeCloseTo(31.25, 9);
    // channels[].rate is messages on the channel already: 500 x 32,768 / 1,048,576 = 15.625
    expect(item(e, "tls.renegotiations.GIVEN").value).toBeCloseTo(15.625, 9);
  });

  it("scales the measured start rate by the factor that scales the start cost (LSPR z15 over z14)", () => {
    const e = estimate({
      version: 1,
      mq: { release: "9.2" },
      hardware: { generation: "z14", cpus: 3, rni: "average" },
      channels: [
        { name: "RSA", type: "sender", tls: { cipher: "TLS_RSA_WITH_AES_256_GCM_SHA384" }, startsPerSecond: 10 },
      ],
    });
    // 001 line 1110: 2.31 ms and 135.75 starts/s on z15. The cost on z14 is 2.31 ms x (1 + p); the
    // rate the same factor the other way, 135.75 / (1 + p), so cost x rate stays 2.31 x 135.75.
    const cost = item(e, "tls.channel-start.RSA");
    const rate = item(e, "tls.channel-start-rate.RSA");
    const factor = cost.value / (10 * 2.31 * 1000);
    expect(factor).toBeGreaterThan(1);
    expect(rate.value).toBeCloseTo(135.75 / factor, 9);
    expect(rate.formula).toContain("LSPR");
    // measured on z15 and asked on z15: as printed
    const z15 = estimate({
      version: 1,
      mq: { release: "9.2" },
      channels: [
        { name: "RSA", type: "sender", tls: { cipher: "TLS_RSA_WITH_AES_256_GCM_SHA384" }, startsPerSecond: 10 },
      ],
    });
    expect(item(z15, "tls.channel-start-rate.RSA").value).toBe(135.75);
  });

  it("names the nearest measured cipher and its cost as a range for an unmeasured one (003 lines 382-385)", () => {
    const e = estimate({
      version: 1,
      workload: { pattern: "one-way", rate: "1000/s", messageSize: "32KB" },
      channels: [{ name: "GCM", type: "sender", tls: { cipher: "ECDHE_RSA_AES_256_GCM_SHA384", resetBytes: "1MB" } }],
    });
    expect(e.items.some((i) => i.id === "tls.renegotiation-cpu.GCM")).toBe(false);
    const gap = e.gaps.find((g) => g.message.startsWith("GCM: the cost of one secret key negotiation"))!;
    // line 384: ECDHE_RSA_AES_256_CBC_SHA384 3.8 ms on z15; line 385: ECDHE_ECDSA_AES_256_CBC_SHA384 3.8
    expect(gap.message).toContain("Nearest measured: ECDHE_RSA_AES_256_CBC_SHA384, 3.8 ms each on z15");
    // 31.25 negotiations/s x 3.8 ms x 1000 = 118,750 us/s
    expect(gap.message).toContain("118,750 CPU us/s");
    const rsa = estimate({
      version: 1,
      workload: { pattern: "one-way", rate: "1000/s", messageSize: "32KB" },
      channels: [{ name: "R", type: "sender", tls: { cipher: "TLS_RSA_WITH_AES_256_GCM_SHA384", resetBytes: "1MB" } }],
    });
    // lines 382-383: the RSA key exchanges, 0.64 and 0.7 ms on z15: 31.25 x 0.64 x 1000 = 20,000 to 21,875
    const g = rsa.gaps.find((x) => x.message.startsWith("R: the cost"))!.message;
    expect(g).toContain("0.64 to 0.7 ms");
    expect(g).toContain("20,000 to 21,875 CPU us/s");
  });

  it("does not price a TLS 1.3 SSLRKEYC as a renegotiation (001 line 1171)", () => {
    // 001 line 1171: "the processing triggered by reaching the threshold ... does not perform key
    // re-negotiation. However ... there will be cost associated with a non-zero SSLRKEYC"
    const e = estimate({
      version: 1,
      workload: { pattern: "one-way", rate: "1000/s", messageSize: "32KB" },
      channels: [{ name: "T13", type: "sender", tls: { cipher: "TLS_AES_256_GCM_SHA384", resetBytes: "1MB" } }],
    });
    expect(item(e, "tls.renegotiations.T13").label).toContain("SSLRKEYC thresholds reached");
    expect(e.gaps.some((g) => g.message.includes("does not renegotiate the key at the SSLRKEYC threshold"))).toBe(true);
    expect(e.gaps.some((g) => g.message.includes("Nearest measured"))).toBe(false);
  });

  it("sizes V5.3 SSL channels in the EPVT: 210KB each, plus the message above 32KB (004 lines 728-736)", () => {
    const e = estimate({
      version: 1,
      mq: { release: "5.3" },
      hardware: { generation: "2064" },
      channels: [
        { name: "SMALL", type: "sender", count: 100, messageSize: "32KB", tls: { cipher: "RC4_MD5_EXPORT" } },
        { name: "BIG", type: "sender", count: 10, messageSize: "4000KB", tls: { cipher: "RC4_MD5_EXPORT" } },
      ],
    });
    // line 728: "approximately 210 KB ... (+ message length for messages of greater than 32KB)"
    expect(item(e, "tls.v53-epvt.SMALL").value).toBeCloseTo((100 * 210) / 1024, 9);
    expect(item(e, "tls.v53-epvt.BIG").value).toBeCloseTo((10 * (210 + 4000)) / 1024, 9);
    // line 736: 1600000 / (4000 + 210) = 380.05, "about 380"; the demand is 110 channels
    const max = item(e, "tls.v53-max-ssl-channels");
    expect(max.value).toBe(380);
    expect(e.headroom.find((h) => h.id === "tls.v53-max-ssl-channels")!.demand.value).toBe(110);
  });

  it("gives the z15 report's TLS gains over z14 on a z15 only (003 lines 413-414, 422-423, 429, 433)", () => {
    const on = (generation: "z15" | "z16", resetBytes: string) =>
      estimate({
        version: 1,
        hardware: { generation },
        workload: { rate: "100/s", messageSize: "32KB" },
        channels: [{ name: "C", type: "sender", tls: { cipher: "ECDHE_RSA_AES_256_CBC_SHA384", resetBytes } }],
      });
    // line 414 "ECDHE prefixed ciphers: 8% lower on z15"; line 423 "17% higher on z15"
    const rekey = on("z15", "1MB");
    expect(item(rekey, "tls.z15-vs-z14.C.tls-frequent-rekey-cost-change").value).toBe(-8);
    expect(item(rekey, "tls.z15-vs-z14.C.tls-frequent-rekey-rate-change").value).toBe(17);
    // line 429 "a reduction in transaction cost of up to 15%"; line 433 "up to 53% higher on z15"
    const none = on("z15", "0");
    expect(item(none, "tls.z15-vs-z14.C.tls-norekey-cost-reduction").value).toBe(-15);
    expect(item(none, "tls.z15-vs-z14.C.tls-norekey-rate-increase").value).toBe(53);
    expect(on("z16", "1MB").items.filter((i) => i.id.startsWith("tls.z15-vs-z14"))).toEqual([]);
  });
});
