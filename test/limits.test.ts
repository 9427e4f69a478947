// Limits at the configured workload: CPU on the LPAR's engines (hardware.cpus, hardware.targetBusy),
// headroom of every limit, the bottleneck, findings for exceeded limits, and the machine every limit
// names (scaled or marked when it is not the config's).
import { describe, expect, it } from "vitest";
import { estimate } from "../src/api.js";
import { MACHINES, type ConfigInput } from "../src/config/schema.js";
import { item } from "./helpers/items.js";
import { run } from "./helpers/cli.js";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

// The payments-hub baseline of DESIGN.md: 45 + 120 + 30 + 20 = 215 us per transaction on the LPAR.
const hub: ConfigInput = {
  version: 1,
  hardware: { generation: "z15", cpus: 8, targetBusy: "80%" },
  baseline: { rate: "1500/s", cost: { qmgr: "45us", chin: "120us", app: "30us", tcpip: "20us" } },
  // Out of syncpoint: the 9.3 report's own peak (575,000/s, no message size stated) holds as measured.
  workload: { rate: "80000/s", syncpoint: false },
};

describe("CPU on the LPAR", () => {
  it("gives engines busy, the share of the LPAR and the CPU-bound rate at the target", () => {
    const e = estimate(hub);
    // 215 us x 80,000/s = 17.2 engines; of 8 CPs, 215%.
    expect(e.cpu.engines!.value).toBeCloseTo(17.2, 9);
    expect(e.cpu.lparPct!.value).toBeCloseTo(215, 9);
    expect(e.cpu.byAddressSpace.find((a) => a.addressSpace === "chin")!.lparPct!.value).toBeCloseTo(
      ((120 * 80000) / 1e6 / 8) * 100,
      9,
    );
    // 8 x 80% = 6.4 engines; 6.4e6 / 215 = 29,767.4/s.
    expect(e.cpu.maxRate!.value).toBeCloseTo(6.4e6 / 215, 6);
    const cpu = item(e, "capacity.cpu");
    expect(cpu.metric).toBe("limit");
    expect(cpu.label).toBe("CPU-bound rate, 8 CPs 80% busy");
    expect(cpu.measuredOn).toEqual(["z15"]);
    expect(e.bottleneck?.id).toBe("capacity.cpu");
    // A finding for the target exceeded, and one for the engines themselves; and the measured peak,
    // taken with 16 CPUs (000 line 1332), used with 8: extrapolated, and said.
    expect(e.warnings.map((w) => w.message)).toEqual([
      expect.stringMatching(/^measured peak, non-persistent out of syncpoint \(16 CPUs\): extrapolated/),
      expect.stringMatching(/^limit exceeded: CPU-bound rate, 8 CPs 80% busy: workload.rate asks 80,000 txn\/s/),
      expect.stringMatching(
        /^CPU demand exceeds the engines: 17.2 engines busy at 80,000\/s on 8 CPs \(215% of the LPAR\)/,
      ),
    ]);
  });

  it("measures the CPU limit against all the engines when no target is set, and says so", () => {
    const e = estimate({
      ...hub,
      hardware: { generation: "z15", cpus: 8 },
      workload: { rate: "30000/s", syncpoint: false },
    });
    expect(e.cpu.targetBusy).toBeNull();
    expect(e.cpu.limitBusyPct).toBe(100);
    expect(item(e, "capacity.cpu").value).toBeCloseTo(8e6 / 215, 6);
    expect(item(e, "capacity.cpu").label).toBe("CPU-bound rate, 8 CPs all busy (no target set)");
    // 30,000 x 215 us = 6.45 engines: within the 8. The one warning is the 16-CPU peak used with 8.
    expect(e.warnings.map((w) => w.message)).toEqual([
      expect.stringMatching(/^measured peak, non-persistent out of syncpoint \(16 CPUs\): extrapolated/),
    ]);
    expect(e.headroom.find((h) => h.id === "capacity.cpu")!.headroomPct.value).toBeCloseTo(
      (1 - 30000 / (8e6 / 215)) * 100,
      9,
    );
  });

  it("says in the label that without a baseline the CPU covers only the added items", () => {
    const e = estimate({
      version: 1,
      hardware: { generation: "z15", cpus: 2 },
      workload: { rate: "100/s" },
      smf: { accountingClass3: true, apiCallsPerTransaction: 4 },
    });
    expect(e.cpu.covers).toBe("added-only");
    expect(item(e, "capacity.cpu").label).toMatch(/added items only \(no baseline\)$/);
    expect(item(e, "capacity.cpu").confidence).toBe("extrapolated");
    // Without a baseline the base cost is unknown and could take any share of the CPs: the rate is an
    // upper bound, open below (low 0), however narrow the added items' own ranges are.
    expect(item(e, "capacity.cpu").low).toBe(0);
    expect(item(e, "capacity.cpu").high).toBeGreaterThanOrEqual(item(e, "capacity.cpu").value);
  });

  it("leaves coupling facility CPU off the LPAR's engines", () => {
    const e = estimate({
      ...hub,
      workload: { rate: "1000/s", queues: "shared" },
      baseline: { rate: "1500/s", cost: { qmgr: "45us", cf: "100us" } },
      sharedQueue: { cfProcessors: 2 },
    });
    // 45 us on the LPAR; the CF's 100 us run on CF processors.
    expect(e.cpu.engines!.value).toBeCloseTo((45 * 1000) / 1e6, 9);
    expect(e.cpu.byAddressSpace.map((a) => a.addressSpace)).not.toContain("cf");
  });

  it("has no CPU limit or share without hardware.cpus", () => {
    const e = estimate({ ...hub, hardware: { generation: "z15" } });
    expect(e.cpu.cpus).toBeNull();
    expect(e.cpu.lparPct).toBeNull();
    expect(e.items.find((i) => i.id === "capacity.cpu")).toBeUndefined();
  });
});

describe("storage of every channel definition together", () => {
  // The case: 5,000 SHARECNV(1) clients with 64KB messages need 5,000 x 263 KB (seed 000
  // line 346, MQ 9.3) = 1,284.2 MB; CSQX004I 150 MB used, 1,300 MB free gives floor(80% x 1,450) - 150
  // = 1,010 MB (000 lines 357-359).
  const overCommitted: ConfigInput = {
    version: 1,
    workload: { messageSize: "64KB" },
    storage: { chin: { used: "150MB", free: "1300MB" } },
    channels: [{ name: "APPS", type: "server-connection", sharecnv: 1, conversations: 5000 }],
  };

  it("finds an over-committed channel initiator", () => {
    const e = estimate(overCommitted);
    const budget = item(e, "storage.chin-budget");
    expect(budget.value).toBe(1010);
    const room = e.headroom.find((h) => h.id === "storage.chin-budget")!;
    expect(room.demand.value).toBeCloseTo((5000 * 263) / 1024, 9);
    expect(room.exceeded).toBe(true);
    expect(e.warnings.some((w) => w.message.startsWith("limit exceeded: CHIN storage budget"))).toBe(true);
    // floor(1,010 x 1024 / 263) = 3,932 fit; 5,000 configured: 1,068 too many.
    expect(item(e, "storage.chin-capacity.APPS").value).toBe(Math.floor((1010 * 1024) / 263));
    expect(item(e, "storage.chin-more.APPS").value).toBe(Math.floor((1010 * 1024) / 263) - 5000);
  });

  it("shares the budget: each definition's channels that fit are what the others leave", () => {
    const e = estimate({
      version: 1,
      mq: { release: "9.3" },
      workload: { messageSize: "32KB" },
      storage: { chin: { used: "120MB", free: "1346MB" } },
      channels: [
        { name: "CLIENTS", type: "server-connection", sharecnv: 1, count: 1000 },
        { name: "TO.B", type: "sender", count: 10, messageSize: "4MB" },
      ],
    });
    // 1,052 MB for channels (000 line 359); TO.B takes 10 x 1,125 KB (000 line 370).
    const toB = (10 * 1125) / 1024;
    expect(item(e, "storage.chin-capacity.CLIENTS").value).toBe(Math.floor(((1052 - toB) * 1024) / 232));
    expect(item(e, "storage.chin-more.CLIENTS").value).toBe(Math.floor(((1052 - toB) * 1024) / 232) - 1000);
    const clients = (1000 * 232) / 1024;
    expect(item(e, "storage.chin-capacity.TO.B").value).toBe(Math.floor(((1052 - clients) * 1024) / 1125));
    expect(item(e, "storage.chin-total").value).toBeCloseTo(toB + clients, 9);
  });

  it("exits 1 from validate --strict on the over-committed channel initiator, 0 without --strict", () => {
    const dir = mkdtempSync(join(tmpdir(), "mqzcap-limits-"));
    const file = join(dir, "over.json");
    writeFileSync(file, JSON.stringify(overCommitted));
    expect(run(["validate", file]).code).toBe(0);
    const strict = run(["validate", "--strict", file]);
    expect(strict.code).toBe(1);
    expect(strict.stderr).toContain("limit exceeded: CHIN storage budget");
    expect(run(["estimate", "--strict", file]).code).toBe(1);
  });
});

describe("the machine of every limit", () => {
  // A config that has a limit from each rule that emits one: CPU, log rate, AMS plateau, storage.
  const many = (generation: (typeof MACHINES)[number]): ConfigInput => ({
    version: 1,
    mq: { release: "9.3" },
    hardware: { generation, cpus: 16, rni: "average" },
    baseline: { rate: "1000/s", cost: { qmgr: "40us", chin: "60us", app: "30us" } },
    workload: { rate: "5000/s", persistent: true, messageSize: "32KB" },
    ams: { policy: "confidentiality", keyReuse: 32 },
    storage: { chin: { used: "120MB", free: "1346MB" } },
    channels: [
      { name: "TO.B", type: "sender", amsInterception: true },
      { name: "CLIENTS", type: "server-connection", sharecnv: 10, conversations: 100 },
    ],
  });

  it("names it, and scales or marks a limit measured on another machine", () => {
    for (const generation of MACHINES) {
      const e = estimate(many(generation));
      expect(e.limits.length).toBeGreaterThan(3);
      for (const l of e.limits) {
        const where = `${generation}: ${l.id}`;
        expect(l.measuredOn?.length, where).toBeGreaterThan(0);
        if (l.hardwareFit === "machine-independent")
          expect(
            [
              "storage.csa-limit",
              "storage.chin-max-channels",
              "storage.chin-active-channels",
              "capacity.cf-utilisation",
              "capacity.cf-processors",
            ],
            where,
          ).toContain(l.id);
        else if (l.measuredOn!.includes(generation)) expect(l.hardwareFit, where).toBe("same");
        else if (l.hardwareFit === "scaled") expect(l.formula, where).toMatch(/LSPR|hardware\.factor|gain over z14/);
        else {
          expect(l.hardwareFit, where).toBe("other-machine");
          const suffix = ` (${l.measuredOn!.join("/")} figure)`;
          expect(l.label.endsWith(suffix), where).toBe(true);
          const named = l.label.slice(0, -suffix.length);
          expect(
            e.gaps.some((g) => g.concern === "hardware" && g.message.includes(named)),
            where,
          ).toBe(true);
        }
      }
    }
  });
});
