// mqzcap capacity: the largest rate, channel count or client conversations that fits every limit,
// agreeing with the estimate (at the answer nothing is exceeded, just above it the binding limit is).
import { describe, expect, it } from "vitest";
import { capacity, estimate } from "../src/api.js";
import type { ConfigInput } from "../src/config/schema.js";
import type { CapacityAnswer } from "../src/engine/capacity.js";
import { renderCapacityTable } from "../src/report/capacity.js";
import { run } from "./helpers/cli.js";

// 45 + 120 + 30 + 20 = 215 us per transaction on the LPAR (DESIGN.md's payments hub).
const hub: ConfigInput = {
  version: 1,
  mq: { release: "9.3" },
  hardware: { generation: "z15", cpus: 8, targetBusy: "80%" },
  baseline: { rate: "1500/s", cost: { qmgr: "45us", chin: "120us", app: "30us", tcpip: "20us" } },
  workload: { rate: "6000/s", syncpoint: false },
};

const answer = (r: ReturnType<typeof capacity>, path: string): CapacityAnswer =>
  r.answers.find((a) => a.target.path === path)!;
const exceeded = (input: ConfigInput) =>
  estimate(input)
    .headroom.filter((h) => h.exceeded)
    .map((h) => h.id);

describe("capacity: the rate", () => {
  it("is the CPU-bound rate at the target busy, with the next limit and how far above it", () => {
    const a = answer(capacity(hub), "workload.rate");
    // 8 CPs x 80% = 6.4 engines; 6.4e6 us / 215 us = 29,767.4/s
    // Found to the 1/s it is printed in (#30): the largest whole rate within the limit.
    expect(a.max!.value).toBe(Math.floor(6.4e6 / 215));
    expect(a.max!.value).toBeLessThanOrEqual(6.4e6 / 215);
    expect(a.binding!.id).toBe("capacity.cpu");
    // next: MQ 9.3's measured out-of-syncpoint peak, "in excess of 575,000" (seed 000 line 1332)
    expect(a.next!.id).toBe("capacity.peak-rate");
    expect(a.next!.at!.value / 575000).toBeCloseTo(1, 5);
    expect(a.next!.times).toBeCloseTo(575000 / Math.floor(6.4e6 / 215), 4); // the next over the first as found
    expect(a.headroom).toBeCloseTo(a.max!.value - 6000, 6);
    expect(a.summary).toMatch(/^workload.rate up to 29,767\/s, 23,767\/s above the configured 6,000: CPU-bound rate/);
  });

  it("prints the same whole rate in the table as in the summary: the fraction is cut, not rounded up", () => {
    // 8 CPs x 75% = 6 engines; 6e6 us / 215 us = 27,906.98/s: 27,906 fits, 27,907 does not.
    const busy75 = { ...hub, hardware: { generation: "z15", cpus: 8, targetBusy: "75%" } } as ConfigInput;
    const a = answer(capacity(busy75), "workload.rate");
    expect(a.summary).toMatch(/^workload.rate up to 27,906\/s/);
    // Its range is open below: the 16-CPU peak (000 line 1332) used with 8 CPUs and 1KB messages has no
    // lower bound in the sources, and is named under "open".
    expect(renderCapacityTable(capacity(busy75), { color: false })).toContain("workload.rate up to 27,906/s (");
  });

  it("agrees with the estimate: nothing exceeded at the answer, the binding limit 1% above it", () => {
    const a = answer(capacity(hub), "workload.rate");
    const at = (rate: number) => exceeded({ ...hub, workload: { rate, syncpoint: false } });
    expect(at(a.max!.value)).toEqual([]);
    expect(at(a.max!.value * 1.01)).toEqual(["capacity.cpu"]);
  });

  it("takes budgets from the command line's options: --cpu-busy 70%", () => {
    const a = answer(capacity(hub, { budgets: { cpuBusy: 70 } }), "workload.rate");
    // Found to the 1/s it is printed in (#30): the largest whole rate within the limit.
    expect(a.max!.value).toBe(Math.floor(5.6e6 / 215));
    const cli = run(["capacity", "examples/how-far-order-entry.yaml", "--cpu-busy", "70%", "-f", "json"]);
    expect(cli.code, cli.stderr).toBe(0);
    const r = JSON.parse(cli.stdout) as ReturnType<typeof capacity>;
    expect(r.budgets).toEqual({ cpuBusy: 70 });
    // 8 CPs x 70% over 62 + 95 + 40 + 18 = 215 us on the LPAR (the CF's 30 us are not on it)
    // Found to the 1/s it is printed in (#30): the largest whole rate within the limit.
    expect(r.answers[0]!.max!.value).toBe(Math.floor(5.6e6 / 215));
  });

  it("says when the CPU the engines allow is not counted, and why", () => {
    const { baseline: _b, ...noBaseline } = hub;
    void _b;
    // No hardware.cpus: no share of an LPAR to bound the rate.
    const noCpus = answer(capacity({ ...hub, hardware: { generation: "z15" } }), "workload.rate");
    expect(noCpus.notCounted).toEqual([expect.stringMatching(/^CPU: hardware.cpus is not given/)]);
    expect(noCpus.summary).toMatch(/; not counted: CPU: hardware.cpus is not given/);
    // 8 CPs but no cost per transaction (no baseline, nothing added per transaction).
    const noCost = answer(capacity(noBaseline), "workload.rate");
    expect(noCost.binding?.id).not.toBe("capacity.cpu");
    expect(noCost.notCounted).toEqual([expect.stringMatching(/^CPU: no CPU cost per transaction is known/)]);
    // AMS privacy adds microseconds per transaction: a CPU limit exists, counting those alone.
    const added = answer(capacity({ ...noBaseline, ams: { policy: "privacy" } }), "workload.rate");
    expect(added.limits.map((l) => l.id)).toContain("capacity.cpu");
    expect(added.notCounted).toEqual([expect.stringMatching(/^CPU: counted for what this config adds only/)]);
    // With the baseline nothing is left out; the channel counts never have a CPU note.
    const full = capacity({ ...hub, channels: [{ name: "TO.HUB", type: "sender" }] });
    expect(full.answers.map((a) => a.notCounted)).toEqual([[], []]);
    const text = renderCapacityTable(capacity(noBaseline), { color: false });
    expect(text).toContain("! not counted: CPU: no CPU cost per transaction is known");
  });

  it("says no limit binds when nothing bounds the rate, and lists limits exceeded at any rate", () => {
    const free = answer(capacity({ version: 1, workload: { queues: "shared", rate: "100/s" } }), "workload.rate");
    expect(free.max).toBeNull();
    expect(free.summary).toMatch(/no limit binds up to 100,000,000\/s/);
    // 5,000 SHARECNV(1) clients at 64KB need 1,284 MB against 1,010 MB (test/limits.test.ts)
    const over = answer(
      capacity({
        ...hub,
        workload: { rate: "6000/s", syncpoint: false, messageSize: "64KB" },
        storage: { chin: { used: "150MB", free: "1300MB" } },
        // MAXCHL at its most (MQ's default, 200, would bind first)
        channelInitiator: { maxChannels: 9999 },
        channels: [{ name: "APPS", type: "server-connection", sharecnv: 1, conversations: 5000 }],
      }),
      "workload.rate",
    );
    expect(over.alwaysExceeded).toContain("storage.chin-budget");
    expect(over.binding!.id).toBe("capacity.cpu");
  });

  it("gives the rate as a range where the binding limit has one", () => {
    // zHyperWrite's cost is a range ("more typically 6%", at most 12%): the CPU-bound rate is one too.
    const r = capacity("examples/zhyperwrite-log-encryption.yaml");
    const a = answer(r, "workload.rate");
    const b = a.limits.find((l) => l.id === "capacity.cpu")!;
    expect(b.at!.high).toBeGreaterThan(b.at!.value);
    const e = estimate("examples/zhyperwrite-log-encryption.yaml");
    const cpu = e.limits.find((l) => l.id === "capacity.cpu")!;
    // each end of the binding rate is that end of the limit (the cheapest figures bind last), to the precision
    expect(b.at!.high / cpu.high!).toBeCloseTo(1, 4);
    expect(b.at!.low / (cpu.low ?? cpu.value)).toBeCloseTo(1, 4);
  });
});

describe("capacity: channels and conversations", () => {
  it("finds the report's 4,643 SHARECNV(1) clients for the quickstart (seed 000 line 361)", () => {
    const a = answer(capacity("examples/quickstart.yaml"), "channels.CLIENTS.conversations");
    expect(a.max!.value).toBe(4643);
    expect(a.binding!.id).toBe("storage.chin-budget");
    expect(a.headroom).toBe(4642);
    // the next limit: MAXCHL, which the quickstart sets to its most, 9,999 (line 330)
    expect(a.next!.id).toBe("storage.chin-max-channels");
    expect(a.next!.at!.value).toBe(9999);
  });

  it("counts what the other definitions take: the 5,000-client case fits 3,932", () => {
    const a = answer(
      capacity({
        version: 1,
        workload: { messageSize: "64KB" },
        storage: { chin: { used: "150MB", free: "1300MB" } },
        // MAXCHL at its most (MQ's default, 200, would bind first)
        channelInitiator: { maxChannels: 9999 },
        channels: [{ name: "APPS", type: "server-connection", sharecnv: 1, conversations: 5000 }],
      }),
      "channels.APPS.conversations",
    );
    // floor(1,010 x 1024 / 263) = 3,932; 5,000 configured is 1,068 over
    expect(a.max!.value).toBe(Math.floor((1010 * 1024) / 263));
    expect(a.headroom).toBe(Math.floor((1010 * 1024) / 263) - 5000);
  });
});

describe("mqzcap capacity (CLI)", () => {
  it("writes every format, and a chart", () => {
    for (const f of ["table", "md", "csv", "html"]) {
      const r = run(["capacity", "examples/quickstart.yaml", "-f", f]);
      expect(r.code, `${f}: ${r.stderr}`).toBe(0);
      expect(r.stdout).toContain(f === "csv" ? "channels.CLIENTS.conversations,conversations,1,0" : "4,643");
    }
  });

  it("refuses a bad budget, an unknown target and half a CHIN budget, with exit 2", () => {
    const bad = run(["capacity", "examples/quickstart.yaml", "--cpu-busy", "170%"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('"170%" is not a percentage');
    const target = run(["capacity", "examples/quickstart.yaml", "--for", "channels.NOPE.count"]);
    expect(target.code).toBe(2);
    expect(target.stderr).toContain("use workload.rate, channels.CLIENTS.conversations");
    const half = run(["capacity", "examples/z14-to-z15.yaml", "--chin-free", "1346MB"]);
    expect(half.code).toBe(2);
    expect(half.stderr).toContain("--chin-used and --chin-free");
  });
});
