// AMS interception rule, checked against seed 001 (MQ 9.2 report, chapter 7): adapter usage (lines
// 1362-1367), channels in series (1418), the dispatcher and adapter tables (1477-1484, 1511-1518),
// CHIADAPS guidance (1538-1544), the plateau (1640), two data islands (1753-1773) and the business
// partner streaming rates (1795, 1816).
import { item } from "../helpers/items.js";
import { describe, expect, it } from "vitest";
import { estimate } from "../../src/api.js";
import type { ConfigInput } from "../../src/config/schema.js";

const partner = (
  policy: "integrity" | "privacy" | "confidentiality",
  over: Partial<ConfigInput> = {},
): ConfigInput => ({
  version: 1,
  mq: { release: "9.2" },
  workload: { messageSize: "2KB", pattern: "one-way", rate: "10000/s" },
  ams: { policy },
  channels: [{ name: "FROM.BP", type: "receiver", amsInterception: true }],
  ...over,
});

describe("ams-interception rule", () => {
  it("Integrity and Privacy did not sustain 10,000 2KB messages per second (001 line 1816)", () => {
    for (const policy of ["integrity", "privacy"] as const) {
      const l = item(estimate(partner(policy)), "ams.inbound-not-sustained");
      // line 1795: "10,000 2KB non-persistent messages per second"
      expect(l.value).toBe(10000);
      expect(l.high).toBe(10000);
      expect(l.metric).toBe("limit");
      expect(l.formula).toContain("2 of the 7");
    }
    // Confidentiality sustained it: no such limit
    expect(estimate(partner("confidentiality")).items.some((i) => i.id === "ams.inbound-not-sustained")).toBe(false);
  });

  it("one channel protects one message at a time (line 1418): at most 1,000,000 / adapter elapsed per second", () => {
    // line 1367: Privacy "338" us elapsed per adapter request
    const privacy = estimate(partner("privacy"));
    const l = item(privacy, "ams.channel-serial-rate");
    expect(l.value).toBeCloseTo(1e6 / 338, 6);
    expect(privacy.bottleneck?.id).toBe("ams.channel-serial-rate");
    // line 1366: Confidentiality with key reuse 32 "18"
    const conf = estimate(partner("confidentiality", { ams: { policy: "confidentiality", keyReuse: 32 } }));
    expect(item(conf, "ams.channel-serial-rate").value).toBeCloseTo(1e6 / 18, 6);
    expect(item(conf, "ams.channel-serial-rate").confidence).not.toBe("extrapolated");
  });

  it("CHIDISPS: the measured rate with that many dispatchers, and a warning above the 2-4 that peaked (lines 1484, 1488)", () => {
    const ten = estimate(partner("confidentiality", { channelInitiator: { dispatchers: 10 } }));
    // line 1484: "10	17354	401	188	98"
    expect(item(ten, "ams.chidisps-measured").value).toBe(17354);
    expect(ten.warnings.some((w) => w.message.includes("CHIDISPS) 10 is above the 2-4 dispatcher tasks"))).toBe(true);
    const three = estimate(partner("confidentiality", { channelInitiator: { dispatchers: 3 } }));
    // line 1479: "3	18433	398	91	51"
    expect(item(three, "ams.chidisps-measured").value).toBe(18433);
    expect(three.warnings.some((w) => w.message.includes("CHIDISPS"))).toBe(false);
  });

  it("CHIADAPS: the measured rate with that many adapters (line 1514), and the default 8 said when not given (line 1538)", () => {
    const four = estimate(partner("confidentiality", { channelInitiator: { adapters: 4 } }));
    // line 1514: "4	17633	394	76	100"
    expect(item(four, "ams.chiadaps-measured").value).toBe(17633);
    const none = estimate(partner("confidentiality"));
    expect(none.warnings.some((w) => w.message.includes("default 8 adapter tasks"))).toBe(true);
  });

  it("CHIADAPS below the guidance for the processors is warned (line 1542)", () => {
    const e = estimate(partner("confidentiality", { hardware: { cpus: 8 }, channelInitiator: { adapters: 30 } }));
    // 30 + 8 x (8 - 4) = 62
    expect(item(e, "ams.chiadaps").value).toBe(62);
    expect(e.warnings.some((w) => w.message.includes("CHIADAPS) 30 is below the 62"))).toBe(true);
  });

  it("two data islands: the plateau reaches down 12% (line 1773) and 90 to 110 us more per transaction (line 1771)", () => {
    const e = estimate({
      version: 1,
      mq: { release: "9.2" },
      workload: { messageSize: "32KB", pattern: "request-reply", rate: "15000/s" },
      ams: { policy: "confidentiality", keyReuse: 32, partnerInterception: true },
      channels: [
        { name: "TO.B", type: "sender", amsInterception: true },
        { name: "FROM.B", type: "receiver", amsInterception: true },
      ],
    });
    const p = item(e, "ams.interception-ceiling");
    // line 1640: "flattening out at 18,500 transactions per second"
    expect(p.value).toBe(18500);
    expect(p.low).toBeLessThanOrEqual(18500 * (1 - 0.12) + 1e-6);
    const islands = item(e, "ams.two-islands");
    // line 1753: "the additional cost amounts to 90 CPU microseconds" with one pair; "90 to 110" up to 50;
    // both LPARs together, LPAR B about LPAR A (line 1757): this LPAR's half, 45 (to 55).
    expect(islands.value).toBe(90 / 2);
    expect(islands.low).toBeLessThanOrEqual(90 / 2);
    expect(islands.high).toBe(110 / 2);
    // "load on the cryptographic processors may double" (lines 1412, 1729)
    expect(item(e, "ams.crypto-load").value).toBe(2);
  });

  it("interception with no policy is said, not priced", () => {
    const e = estimate({
      version: 1,
      mq: { release: "9.2" },
      channels: [{ name: "TO.B", type: "sender", amsInterception: true }],
    });
    expect(e.items.some((i) => i.concern === "ams")).toBe(false);
    expect(e.warnings.some((w) => w.message.includes("ams.policy is none"))).toBe(true);
  });
  it("the adapter's wait per request with that many dispatchers: elapsed - 28 CPU us (lines 1484-1488)", () => {
    // line 1486: "the average CPU time per adapter request remains constant at 28 CPU microseconds"
    // line 1484 (10 dispatchers): adapter elapsed 188; line 1488: "spending approximately 160
    // microseconds per adapter call waiting for local lock"
    const ten = item(
      estimate(partner("confidentiality", { channelInitiator: { dispatchers: 10 } })),
      "ams.adapter-wait",
    );
    expect(ten.value).toBe(188 - 28);
    expect(ten.citations.map((c) => c.id)).toContain("001.ams-adapter-wait");
    // line 1477 (1 dispatcher): elapsed 48, so 20 us of wait
    const one = item(
      estimate(partner("confidentiality", { channelInitiator: { dispatchers: 1 } })),
      "ams.adapter-wait",
    );
    expect(one.value).toBe(48 - 28);
    // no dispatchers given, no measured row to read
    expect(estimate(partner("confidentiality")).items.some((i) => i.id === "ams.adapter-wait")).toBe(false);
  });
});
