// Channel initiator storage, checked against seed 000 (MQ 9.3 report) lines 336-361 and 369-371.
import { item } from "../helpers/items.js";
import { describe, expect, it } from "vitest";
import { estimate } from "../../src/api.js";

const base = {
  version: 1 as const,
  mq: { release: "9.3" as const },
  storage: { chin: { used: "120MB", free: "1346MB" } },
};

describe("storage-chin rule", () => {
  it("reproduces the report's 4,643 SHARECNV(1) 32KB clients (seed 000 line 361)", () => {
    const e = estimate({
      ...base,
      channels: [{ name: "CLIENTS", type: "server-connection", sharecnv: 1, messageSize: "32KB" }],
    });
    // floor(0.8 x 1466) = 1172; 1172 - 120 = 1052 MB; 1052 x 1024 / 232 = 4643.3
    expect(item(e, "storage.chin-capacity.CLIENTS").value).toBe(4643);
    expect(item(e, "storage.chin-capacity.CLIENTS").citations.map((c) => c.id)).toContain("000.chin-footprint-svrconn");
  });

  it("says MAXCHL bounds a message channel's count when its storage allows more (#28 item 7)", () => {
    // 000 line 330: "its maximum number of connected clients (either 9,999 or the value specified by
    // channel attributes like MAXCHL)"; MAXCHL counts channels of every type, default 200 on z/OS (IBM
    // MQ documentation, "MaxChannels (MQLONG)"). A sender at 4KB fits far more than 9,999 in 1,052 MB.
    const e = estimate({ ...base, workload: { messageSize: "4KB" }, channels: [{ name: "TO.HUB", type: "sender" }] });
    expect(item(e, "storage.chin-capacity.TO.HUB").value).toBeGreaterThan(9999);
    const w = e.warnings.find((x) => x.message.startsWith("TO.HUB: storage allows"))!;
    expect(w.message).toMatch(
      /but MAXCHL 200 \(MQ's default\) bounds the current channels of every definition together/,
    );
    expect(w.citations.map((c) => c.id)).toContain("000.chin-max-clients");
  });

  it("uses the 9.2 row for MQ 9.2: 1052 x 1024 / 233 = 4623 (seed 000 line 343)", () => {
    const e = estimate({
      ...base,
      mq: { release: "9.2" },
      channels: [{ name: "C", type: "server-connection", sharecnv: 1, messageSize: "32KB" }],
    });
    expect(item(e, "storage.chin-capacity.C").value).toBe(Math.floor((1052 * 1024) / 233));
  });

  it("counts SHARECNV(10) clients as ten per channel instance (seed 000 line 349)", () => {
    const e = estimate({
      ...base,
      channels: [{ name: "C", type: "server-connection", sharecnv: 10, messageSize: "64KB" }],
    });
    const channels = Math.floor((1052 * 1024) / 373);
    expect(item(e, "storage.chin-capacity.C").value).toBe(channels);
    expect(item(e, "storage.chin-clients.C").value).toBe(channels * 10);
  });

  it("sizes message channels from the per-channel table: 4MB is 1125 KB (seed 000 line 370)", () => {
    const e = estimate({ ...base, channels: [{ name: "TO.B", type: "sender", count: 10, messageSize: "4MB" }] });
    expect(item(e, "storage.chin-footprint.TO.B").value).toBeCloseTo((1125 * 10) / 1024, 9);
  });

  it("interpolates linearly in message size between measured sizes and says so", () => {
    const e = estimate({
      ...base,
      channels: [{ name: "C", type: "server-connection", sharecnv: 1, messageSize: 46341 }],
    });
    const i = item(e, "storage.chin-footprint.C");
    expect(i.confidence).toBe("interpolated");
    // DEFAULT_SCHEME is linear (bench/RESULTS.md, section 5): 46341 bytes is 41.4% of the way from
    // 32KB (232 KB) to 64KB (263 KB).
    expect(i.value * 1024).toBeCloseTo(232 + ((46341 - 32768) / 32768) * (263 - 232), 6);
  });

  it("gives a storage footprint the reports' +/-6% between runs, and the channels that fit from it", () => {
    const e = estimate({
      ...base,
      channels: [{ name: "CLIENTS", type: "server-connection", sharecnv: 1, messageSize: "32KB" }],
    });
    // 232 KB (seed 000 line 345) x (1 +/- 6%); the budget, 1052 MB, is the config's and the 80% guideline's.
    const fp = item(e, "storage.chin-footprint.CLIENTS");
    expect(fp.low).toBeCloseTo((232 * 0.94) / 1024, 9);
    expect(fp.high).toBeCloseTo((232 * 1.06) / 1024, 9);
    const budget = item(e, "storage.chin-budget");
    expect([budget.low, budget.high]).toEqual([1052, 1052]);
    // ... and so is its confidence: the user's storage figures, not the footprints' interpolation.
    const between = estimate({
      ...base,
      channels: [{ name: "CLIENTS", type: "server-connection", sharecnv: 1, messageSize: "20KB" }],
    });
    expect(item(between, "storage.chin-footprint.CLIENTS").confidence).toBe("interpolated");
    expect(item(between, "storage.chin-budget").confidence).toBe("user-supplied");
    // Fewer channels fit as the footprint grows: floor(1052 x 1024 / (232 x 1.06)) .. floor(... / (232 x 0.94))
    const fit = item(e, "storage.chin-capacity.CLIENTS");
    expect(fit.low).toBe(Math.floor((1052 * 1024) / (232 * 1.06)));
    expect(fit.high).toBe(Math.floor((1052 * 1024) / (232 * 0.94)));
  });

  it("adds the definitions' storage as bounds, not as a product of their ranges", () => {
    const e = estimate({
      ...base,
      channels: [
        { name: "A", type: "sender", count: 10, messageSize: "1KB" },
        { name: "B", type: "server-connection", sharecnv: 10, conversations: 100, messageSize: "64KB" },
      ],
    });
    // 10 x 90 KB (line 370) and 10 x 373 KB (line 347), each +/-6%: (900 + 3730) x 0.94 / 1024 at the low end.
    const total = item(e, "storage.chin-total");
    expect(total.value).toBeCloseTo(4630 / 1024, 9);
    expect(total.low).toBeCloseTo((4630 * 0.94) / 1024, 9);
    expect(total.high).toBeCloseTo((4630 * 1.06) / 1024, 9);
  });

  it("extrapolates the 9.2 report's message-channel footprint to MQ 9.1, warned, by the release spread", () => {
    const e = estimate({ ...base, mq: { release: "9.1" }, channels: [{ name: "S", type: "sender", count: 1 }] });
    // 001 line 391: 91 KB at 1KB for MQ 9.2. No statement covers storage across releases (000's carry
    // "holds for CPU cost and throughput; not a statement about storage"): one release step.
    const fp = item(e, "storage.chin-footprint.S");
    expect(fp.value).toBeCloseTo(91 / 1024, 12);
    expect(fp.confidence).toBe("extrapolated");
    const step = fp.spread.find((p) => p.reason === "release-extrapolation")!;
    expect(step.text).toContain("MQ 9.2's figure extrapolated 1 release step");
    expect(fp.high).toBeCloseTo((91 * 1.06 * (1 + step.high / 100)) / 1024, 9);
    expect(e.warnings.some((w) => w.message.includes("MQ 9.1 is not measured; MQ 9.2's figure is extrapolated"))).toBe(
      true,
    );
    // MQ 8.0 is outside the releases the storage tables print side by side: a gap, not a guess.
    const old = estimate({ ...base, mq: { release: "8.0" }, channels: [{ name: "S", type: "sender", count: 1 }] });
    expect(old.items.some((i) => i.id === "storage.chin-footprint.S")).toBe(false);
    expect(old.gaps.some((g) => g.message.includes("no message-channel footprint for MQ 8.0"))).toBe(true);
  });

  it("gives a gap, not a guess, for an unmeasured SHARECNV", () => {
    const e = estimate({ ...base, channels: [{ name: "C", type: "server-connection", sharecnv: 5 }] });
    expect(e.items.filter((i) => i.id.startsWith("storage.chin") && i.id.endsWith(".C"))).toEqual([]);
    expect(e.gaps.some((g) => g.message.includes("SHARECNV(5)"))).toBe(true);
  });

  it("gives the storage a message size adds per channel over 1KB messages (seed 000 line 371, seed 001 line 392)", () => {
    const over = (release: "9.2" | "9.3", messageSize: string) =>
      item(
        estimate({ ...base, mq: { release }, channels: [{ name: "TO.B", type: "sender", messageSize }] }),
        "storage.chin-size-overhead.TO.B",
      ).value;
    // 000 line 370: "90	100	109	1125"; line 371: "+10	+19	+1035"
    expect(over("9.3", "32KB")).toBe(100 - 90);
    expect(over("9.3", "64KB")).toBe(109 - 90);
    expect(over("9.3", "4MB")).toBe(1125 - 90);
    // 001 line 391: "91	100	109	1141"; line 392 prints +9, +19 and +1051 (the last two from unrounded footprints)
    expect(over("9.2", "32KB")).toBe(100 - 91);
    expect(over("9.2", "4MB")).toBe(1141 - 91);
    // none for 1KB messages (nothing is added), nor between the measured sizes (4KB is interpolated)
    for (const messageSize of ["1KB", "4KB"]) {
      const e = estimate({ ...base, channels: [{ name: "TO.B", type: "sender", messageSize }] });
      expect(e.items.some((i) => i.id === "storage.chin-size-overhead.TO.B")).toBe(false);
    }
  });
});
