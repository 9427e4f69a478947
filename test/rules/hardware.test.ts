// Hardware rule and the engine's hardware scaling, checked against seed 003 (z15 report) lines 137-142
// (LSPR table of z15 over z14 and "between 11 and 16%"). The scaled figure is the class(3) data gathering
// cost of seed 000 (MQ 9.3 report, measured on z15) line 487: 0.5 us per API call.
import { item } from "../helpers/items.js";
import { describe, expect, it } from "vitest";
import { estimate } from "../../src/api.js";

// 4 API calls x 0.5 us = 2 us per transaction, measured on z15
const smf = { accountingClass3: true, apiCallsPerTransaction: 4 };

describe("hardware rule", () => {
  it("leaves z15-measured figures alone on z15", () => {
    const e = estimate({ version: 1, hardware: { generation: "z15" }, smf });
    expect(item(e, "smf.class3-gathering").value).toBeCloseTo(2, 9);
    expect(item(e, "smf.class3-gathering").confidence).toBe("measured");
    expect(e.gaps.filter((g) => g.concern === "hardware")).toEqual([]);
  });

  it("scales z15 figures to z14 by LSPR: 3 CPUs, average RNI, +13% (seed 003 line 138)", () => {
    const e = estimate({
      version: 1,
      hardware: { generation: "z14", cpus: 3, rni: "average" },
      baseline: { rate: "100/s", cost: { app: "10us" } },
      smf,
    });
    // z14 cost = z15 cost x (1 + 13%): 2 x 1.13 = 2.26 us
    const g = item(e, "smf.class3-gathering");
    expect(g.value).toBeCloseTo(2 * 1.13, 9);
    expect(g.confidence).toBe("carried-forward");
    expect(g.citations.map((c) => c.id)).toContain("003.lspr-z15-vs-z14");
    expect(item(e, "hardware.lspr-z15-over-z14").value).toBe(13);
    // into the totals: 10 + 2.26 us
    expect(e.totals.costPerTransaction.find((c) => c.addressSpace === "app")!.total!.value).toBeCloseTo(10 + 2.26, 9);
  });

  it("uses the table's row and column: 16 CPUs, high RNI, +16% (seed 003 line 139)", () => {
    const e = estimate({ version: 1, hardware: { generation: "z14", cpus: 16, rni: "high" }, smf });
    expect(item(e, "smf.class3-gathering").value).toBeCloseTo(2 * 1.16, 9);
  });

  it("uses the 11-16% range without CPUs and RNI (seed 003 line 142)", () => {
    const e = estimate({ version: 1, hardware: { generation: "z14" }, smf });
    const g = item(e, "smf.class3-gathering");
    // midpoint 13.5%: 2 x 1.135 = 2.27. The 2 us (0.5 us x 4 calls) varies +/-6% between runs (000
    // line 1296): 1.88 x 1.11 = 2.0868 to 2.12 x 1.16 = 2.4592.
    expect(g.value).toBeCloseTo(2 * 1.135, 9);
    expect(g.low).toBeCloseTo(2 * 0.94 * 1.11, 9);
    expect(g.high).toBeCloseTo(2 * 1.06 * 1.16, 9);
  });

  it("with CPUs and no RNI, assumes the class the report saw at that CPU count, ranged over the row (seed 003 lines 131-140)", () => {
    // line 133: "classified as low RNI when running on 3 CP's but average when running on 32 CP's";
    // line 131: the workloads "cover the entire range of Low, Average and High RNI".
    // 3 CPUs (line 138): low +11%, high +15%. 2 us x 1.11 = 2.22; range 2 x 0.94 x 1.11 to 2 x 1.06 x 1.15.
    const e3 = estimate({ version: 1, hardware: { generation: "z14", cpus: 3 }, smf });
    const g3 = item(e3, "smf.class3-gathering");
    expect(g3.value).toBeCloseTo(2 * 1.11, 9);
    expect(g3.low).toBeCloseTo(2 * 0.94 * 1.11, 9);
    expect(g3.high).toBeCloseTo(2 * 1.06 * 1.15, 9);
    expect(e3.warnings.some((w) => w.message.includes("hardware.rni not given: low RNI assumed for 3 CPUs"))).toBe(
      true,
    );
    // 32 CPUs (line 140): average +13%; low +12% to high +16%.
    const e32 = estimate({ version: 1, hardware: { generation: "z14", cpus: 32 }, smf });
    const l = item(e32, "hardware.lspr-z15-over-z14");
    expect([l.value, l.low, l.high]).toEqual([13, 12, 16]);
    expect(l.label).toContain("average RNI assumed");
    expect(e32.warnings.some((w) => w.message.includes("average RNI assumed for 32 CPUs"))).toBe(true);
  });

  it("gives z16 a gap, not a factor, when none is supplied", () => {
    const e = estimate({ version: 1, hardware: { generation: "z16" }, smf });
    expect(item(e, "smf.class3-gathering").value).toBeCloseTo(2, 9);
    const gap = e.gaps.find((g) => g.concern === "hardware");
    expect(gap?.message).toContain("measured on z15");
    expect(gap?.message).toContain("hardware.factor");
  });

  it("divides by a user-supplied hardware.factor on z16 and marks it user-supplied", () => {
    const e = estimate({ version: 1, hardware: { generation: "z16", factor: 1.25 }, smf });
    const g = item(e, "smf.class3-gathering");
    // 2 / 1.25 = 1.6 us
    expect(g.value).toBeCloseTo(2 / 1.25, 9);
    expect(g.confidence).toBe("user-supplied");
    expect(g.inputs.hardwareFactor?.value).toBe(1.25);
    expect(item(e, "hardware.factor").value).toBe(1.25);
    expect(e.gaps.filter((g2) => g2.concern === "hardware")).toEqual([]);
  });
});
