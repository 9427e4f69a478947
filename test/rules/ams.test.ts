// AMS rule, checked against seed 001 (MQ 9.2 report, chapter 7) and seed 003 (z15 report, AMS tables).
// Each expected value is quoted from the seed or computed from quoted figures in the test.
import { item } from "../helpers/items.js";
import { describe, expect, it } from "vitest";
import { estimate } from "../../src/api.js";
import type { ConfigInput } from "../../src/config/schema.js";

const base = (over: Partial<ConfigInput>): ConfigInput => ({
  version: 1,
  mq: { release: "9.2" },
  workload: { messageSize: "2KB", pattern: "one-way" },
  ...over,
});
const found = (e: ReturnType<typeof estimate>, id: string) => e.items.find((i) => i.id === id);

describe("ams rule: each side priced where it runs", () => {
  it("local request/reply, Confidentiality at 2KB: protect and unprotect both on z/OS (001 lines 1853, 1859)", () => {
    const e = estimate(
      base({
        workload: { messageSize: "2KB", pattern: "request-reply" },
        ams: { policy: "confidentiality", keyReuse: 32 },
      }),
    );
    // 001 line 1853: "the cost of AMS Confidentiality protection being applied ... to a 2KB message is 7 CPU microseconds"
    // 001 line 1859: "Confidentiality added 4.5 CPU microseconds per MQGET"; a request and a reply: 2 of each
    expect(item(e, "ams.protect.app").value).toBeCloseTo(2 * 7, 9);
    expect(item(e, "ams.unprotect.app").value).toBeCloseTo(2 * 4.5, 9);
    expect(item(e, "ams.protect.app").addressSpace).toBe("app");
    // the protect was measured in the channel initiator: used for MQPUT, it is said to be extrapolated
    expect(item(e, "ams.protect.app").confidence).toBe("extrapolated");
    expect(e.totals.added.value).toBeCloseTo(2 * 7 + 2 * 4.5, 9);
  });

  it("interception on a receiving channel: the channel initiator protects, the getter unprotects (001 lines 1853-1859)", () => {
    const e = estimate(
      base({
        ams: { policy: "confidentiality" },
        channels: [{ name: "FROM.BP", type: "receiver", amsInterception: true }],
      }),
    );
    const protect = item(e, "ams.protect.chin");
    expect(protect.value).toBe(7);
    expect(protect.addressSpace).toBe("chin");
    expect(item(e, "ams.unprotect.app").value).toBe(4.5);
    expect(found(e, "ams.protect.app")).toBeUndefined();
    expect(found(e, "ams.unprotect.chin")).toBeUndefined();
  });

  it("interception on a sending channel: the application protects, the channel initiator unprotects", () => {
    const e = estimate(
      base({
        ams: { policy: "confidentiality" },
        channels: [{ name: "TO.B", type: "sender", amsInterception: true }],
      }),
    );
    expect(item(e, "ams.protect.app").value).toBe(7);
    expect(item(e, "ams.unprotect.chin").value).toBe(4.5);
    expect(item(e, "ams.unprotect.chin").confidence).toBe("extrapolated");
  });

  it("Integrity at 2KB: 11.5 us per MQGET (001 line 1857); the protect, not given, is a gap", () => {
    const e = estimate(base({ ams: { policy: "integrity" } }));
    expect(item(e, "ams.unprotect.app").value).toBe(11.5);
    expect(e.gaps.some((g) => g.concern === "ams" && g.message.startsWith("AMS integrity protect"))).toBe(true);
    const rr = estimate(
      base({ workload: { messageSize: "2KB", pattern: "request-reply" }, ams: { policy: "integrity" } }),
    );
    expect(item(rr, "ams.unprotect.app").value).toBe(2 * 11.5);
  });
});

describe("ams rule: Privacy", () => {
  it("at 32KB the range runs from the suspect +70 us to the measured 4 times (001 lines 1675, 1677)", () => {
    const e = estimate(
      base({ workload: { messageSize: "32KB", pattern: "request-reply" }, ams: { policy: "privacy" } }),
    );
    const i = item(e, "ams.protect-unprotect");
    // 001 line 1611: "+135 microseconds, which for this workload equates to a 70% increase": the
    // unprotected transaction costs 135 / 0.70; line 1675: "increase the transaction cost 4 times":
    // 3 x 135 / 0.70 more per transaction
    expect(i.value).toBeCloseTo(3 * (135 / 0.7), 6);
    // line 1677: "+70 microseconds for protect and unprotect", twice in a request/reply
    expect(i.low).toBeLessThanOrEqual(2 * 70);
    expect(i.high).toBeGreaterThanOrEqual(3 * (135 / 0.7));
    expect(i.flags.some((f) => f.code === "suspect")).toBe(true);
    // line 1675: "reduce the transaction rate to 30% of the unprotected rate"
    expect(item(e, "ams.rate-effect").value).toBe(30);
  });
});

describe("ams rule: key reuse and message size", () => {
  it("key reuse not given: warned, priced at the measured 32 with the spread up to Privacy's (001 lines 1807-1810)", () => {
    const e = estimate(
      base({ workload: { messageSize: "32KB", pattern: "request-reply" }, ams: { policy: "confidentiality" } }),
    );
    const i = item(e, "ams.protect-unprotect");
    // 001 line 1615: "a uni-directional flow would cost of the order of 68 CPU microseconds", twice
    expect(i.value).toBe(2 * 68);
    expect(i.high).toBeCloseTo(3 * (135 / 0.7), 6);
    expect(i.confidence).toBe("extrapolated");
    expect(i.flags.some((f) => f.code === "suspect")).toBe(false);
    const w = e.warnings.find((x) => x.message.includes("ams.keyReuse is not given"));
    expect(w?.message).toContain("1, 32, 64, unlimited");
    // with key reuse 32 given: the measured figure and no spread toward Privacy
    const kr32 = estimate(
      base({
        workload: { messageSize: "32KB", pattern: "request-reply" },
        ams: { policy: "confidentiality", keyReuse: 32 },
      }),
    );
    // "of the order of 68" is approximate, so it has a range of its own, well short of Privacy's
    expect(item(kr32, "ams.protect-unprotect").high).toBeLessThan(2 * 68 * 1.1);
    expect(kr32.warnings.some((x) => x.message.includes("keyReuse"))).toBe(false);
  });

  it("a 2KB one-way message under interception is priced with the 2KB figures, not the 32KB request/reply 135 us", () => {
    const e = estimate(
      base({
        ams: { policy: "confidentiality" },
        channels: [{ name: "TO.B", type: "sender", amsInterception: true }],
      }),
    );
    expect(e.items.filter((i) => i.concern === "ams" && i.metric === "cpu-per-txn").map((i) => i.value)).toEqual([
      7, 4.5,
    ]);
    expect(e.items.some((i) => i.citations.some((c) => c.id === "001.ams-conf-kr32-txn-cost-increase"))).toBe(false);
  });

  it("32KB Confidentiality key reuse 32, requester side intercepted both ways: 135 us per transaction (001 line 1611)", () => {
    const e = estimate(
      base({
        workload: { messageSize: "32KB", pattern: "request-reply", rate: "20000/s" },
        ams: { policy: "confidentiality", keyReuse: 32 },
        channels: [
          { name: "TO.B", type: "sender", amsInterception: true },
          { name: "FROM.B", type: "receiver", amsInterception: true },
        ],
      }),
    );
    const i = item(e, "ams.protect-unprotect");
    expect(i.value).toBe(135);
    expect(i.confidence).toBe("measured");
    // line 1617: "the transaction rate dropping by 16%": 84% of the unprotected rate
    expect(item(e, "ams.rate-effect").value).toBe(100 - 16);
  });

  it("a size between the measured ones is extrapolated from the nearer, with a warning", () => {
    const e = estimate(base({ workload: { messageSize: "4KB", pattern: "one-way" }, ams: { policy: "integrity" } }));
    expect(item(e, "ams.unprotect.app").value).toBe(11.5);
    expect(item(e, "ams.unprotect.app").confidence).toBe("extrapolated");
    expect(e.warnings.some((w) => w.message.startsWith("AMS integrity at 4KB"))).toBe(true);
  });
});

describe("ams rule: z14", () => {
  it("scales by the z15 report's AMS cost change, not LSPR (seed 003 line 491)", () => {
    const e = estimate(
      base({ hardware: { generation: "z14", cpus: 3, rni: "average" }, ams: { policy: "integrity" } }),
    );
    // "Small ... Integrity -8": z15 = z14 x (1 - 8%), so z14 = 11.5 / 0.92 us
    expect(item(e, "ams.unprotect.app").value).toBeCloseTo(11.5 / 0.92, 9);
    expect(e.items.some((i) => i.id === "hardware.lspr-z15-over-z14")).toBe(false);
  });

  it("at 32KB keeps the range between the 2KB and 64KB changes (003 lines 491-492), not one point", () => {
    const e = estimate(
      base({
        hardware: { generation: "z14" },
        workload: { messageSize: "32KB", pattern: "one-way" },
        ams: { policy: "confidentiality", keyReuse: 32 },
      }),
    );
    const i = item(e, "ams.protect-unprotect");
    // Confidential: Small -12, Medium -8.8: 68 / 0.88 and 68 / 0.912 bound the z14 cost
    expect(i.high).toBeGreaterThanOrEqual(68 / 0.88 - 1e-9);
    expect(i.low).toBeLessThanOrEqual(68 / 0.912 + 1e-9);
  });

  it("an extrapolated figure stays extrapolated on z14 (its warning does not disappear)", () => {
    const e = estimate(
      base({
        hardware: { generation: "z14" },
        workload: { messageSize: "4KB", pattern: "one-way" },
        ams: { policy: "integrity" },
      }),
    );
    expect(item(e, "ams.unprotect.app").confidence).toBe("extrapolated");
  });
});

describe("ams rule: key reuse", () => {
  it("avoids 1 - 1/keyReuse of the asymmetric key operations (000 line 1807, 001 line 2701)", () => {
    const at = (keyReuse: number | "unlimited") =>
      estimate(base({ ams: { policy: "confidentiality", keyReuse } })).items.find(
        (i) => i.id === "ams.key-reuse-avoided",
      );
    // "when putting 10 encrypted messages ... In this example 90% of the asymmetric key operations can be avoided"
    expect(at(10)!.value).toBeCloseTo(90, 9);
    expect(at(10)!.confidence).toBe("arithmetic");
    expect(at(10)!.citations.map((c) => c.id)).toEqual(
      expect.arrayContaining(["000.ams-key-reuse-avoided-10-messages", "001.ams-key-reuse-asymmetric-saving"]),
    );
    // key reuse 32, as the chapter 7 runs: 31 of every 32 avoided
    expect(at(32)!.value).toBeCloseTo((31 / 32) * 100, 9);
    // key reuse 1 reuses nothing
    expect(at(1)!.value).toBe(0);
    // unlimited has no count of messages per key to divide by
    expect(at("unlimited")).toBeUndefined();
  });
});
