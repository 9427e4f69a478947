// Config inputs written as ranges (#16 point 1, docs/ranges.md "Inputs"): "rate: 4000..6000/s",
// "messageSize: 2KB..8KB", "baseline.cost.qmgr: 30us +/-10%". The field holds the point, the range is
// kept under config.ranges, and the estimate is run at the ranges' ends. Expected values are the
// arithmetic shown beside them.
import { describe, expect, it } from "vitest";
import { estimate } from "../src/api.js";
import { parseConfigText } from "../src/config/load.js";
import { parseRange } from "../src/config/units.js";
import { MAX_RANGED_INPUTS } from "../src/engine/input-corners.js";
import { InputError } from "../src/util/diagnostic.js";

const HEAD = 'version: 1\nmq: { release: "9.3" }\nhardware: { generation: z15 }\n';

function problems(yaml: string): string[] {
  try {
    parseConfigText(HEAD + yaml, "plan.yaml");
  } catch (err) {
    if (err instanceof InputError) return err.diagnostics.map((d) => `${d.line}:${d.col} ${d.message}`);
    throw err;
  }
  return [];
}

describe("ranges written in a config", () => {
  it("read LOW..HIGH with its point in the middle, and VALUE +/- DELTA with its point as written", () => {
    const { config } = parseConfigText(
      HEAD +
        "baseline: { rate: 3000/s, cost: { qmgr: 30us ±10%, app: 25..35us, chin: 40us +/- 5us } }\n" +
        "workload: { rate: 4000..6000/s, messageSize: 2KB..8KB }\n" +
        "channels:\n  - { name: TO.HUB, type: sender, rate: '1,000/s +-10%', messageSize: 512B..4MB }\n",
      "plan.yaml",
    );
    // (4000 + 6000) / 2 = 5000; (2048 + 8192) / 2 = 5120 bytes.
    expect(config.workload.rate).toBe(5000);
    expect(config.workload.messageSize).toBe(5120);
    expect(config.baseline!.cost.qmgr).toBe(30);
    // (25 + 35) / 2 = 30.
    expect(config.baseline!.cost.app).toBe(30);
    expect(config.ranges).toEqual({
      "workload.rate": { low: 4000, value: 5000, high: 6000, written: "4000..6000/s" },
      "workload.messageSize": { low: 2048, value: 5120, high: 8192, written: "2KB..8KB" },
      // 30 x 0.9 = 27, 30 x 1.1 = 33.
      "baseline.cost.qmgr": { low: 30 * 0.9, value: 30, high: 30 * 1.1, written: "30us ±10%" },
      "baseline.cost.app": { low: 25, value: 30, high: 35, written: "25..35us" },
      "baseline.cost.chin": { low: 35, value: 40, high: 45, written: "40us +/- 5us" },
      // 1000 x 0.9 = 900, 1000 x 1.1 = 1100.
      "channels.TO.HUB.rate": { low: 1000 * 0.9, value: 1000, high: 1000 * 1.1, written: "1,000/s +-10%" },
      // 512 bytes to 4 x 1048576; the middle (512 + 4194304) / 2 = 2097408.
      "channels.TO.HUB.messageSize": { low: 512, value: 2097408, high: 4194304, written: "512B..4MB" },
    });
  });

  it("take the high end's unit for a bare low end: 2..8KB is 2KB..8KB, 4000..6000/s is 4000/s..6000/s", () => {
    expect(parseRange("size", "2..8KB")).toEqual({ low: 2048, value: 5120, high: 8192 });
    const perMin = parseRange("rate", "4000..6000/min") as { low: number; value: number; high: number };
    // 4000/60, (4000/60 + 6000/60) / 2 = 5000/60, 6000/60 per second.
    expect(perMin.low).toBeCloseTo(4000 / 60, 12);
    expect(perMin.value).toBeCloseTo(5000 / 60, 12);
    expect(perMin.high).toBeCloseTo(6000 / 60, 12);
    expect(parseRange("time", "1.2ms +/- 0.1")).toEqual({ low: 1100, value: 1200, high: 1300 });
    // A single value is not a range.
    expect(parseRange("rate", "2000/s")).toBeUndefined();
  });

  it("refuse malformed ranges with the field, the place and what to write", () => {
    expect(problems("workload: { rate: 6000..4000/s }\n")).toEqual([
      "4:19 workload.rate: the low end 6000 is above the high end 4000/s; write LOW..HIGH, the smaller first",
    ]);
    expect(problems("workload: { messageSize: 2KB..8us }\n")).toEqual([
      '4:26 workload.messageSize: the high end: mixed units: "8us" is a CPU time, and both ends must be a size',
    ]);
    expect(problems("workload: { rate: 4000..6000 }\n")).toEqual([
      '4:19 workload.rate: the high end: "6000" has no unit: write one after it, as in 6000/s',
    ]);
    // 30 x (1 - 1.5) = -15us: below zero.
    expect(problems("baseline: { rate: 1/s, cost: { qmgr: 30us ±150% } }\n")).toEqual([
      "4:38 baseline.cost.qmgr: the low end: -15us is out of range: expected a CPU time such as 45us or 1.2ms",
    ]);
    // 200MB = 209715200 bytes, above MQ's 100MB.
    expect(problems("workload: { messageSize: 1KB..200MB }\n")).toEqual([
      "4:26 workload.messageSize: the high end: 209715200 bytes is outside 1..104857600 bytes",
    ]);
    // A field that takes one value says so.
    expect(problems("baseline: { rate: 4000..6000/s, cost: { qmgr: 30us } }\n")[0]).toMatch(
      /^4:19 baseline\.rate: takes one value, not a range/,
    );
  });
});

const RANGED = {
  version: 1,
  mq: { release: "9.3" },
  hardware: { generation: "z15" },
  baseline: { rate: "5000/s", cost: { qmgr: "100us", app: "30us ±10%" } },
  workload: { pattern: "request-reply", rate: "4000..6000/s" },
};

describe("estimates over ranged inputs", () => {
  it("carry a rate range into the messages per second and the CPU at the rate", () => {
    const e = estimate(RANGED);
    const msgs = e.items.find((i) => i.id === "workload.messages-per-second")!;
    // Request-reply puts and gets 2 messages per transaction: 2 x 5000, 2 x 4000, 2 x 6000.
    expect([msgs.value, msgs.low, msgs.high]).toEqual([10000, 8000, 12000]);
    // --explain: the rate's part moves this line by 4000/5000 - 1 = -20% and 6000/5000 - 1 = +20%.
    const part = msgs.spread.find((p) => p.reason === "input")!;
    expect(part.from).toBe("workload.rate");
    expect(part.low).toBeCloseTo(-20, 9);
    expect(part.high).toBeCloseTo(20, 9);
    // Cost per transaction 100 + 30 (27..33) us; CPU = cost x rate: 130 x 5000 / 1e6 = 0.65,
    // 127 x 4000 / 1e6 = 0.508, 133 x 6000 / 1e6 = 0.798.
    const cpu = e.totals.cpuSecondsPerSecond!;
    expect(cpu.value).toBeCloseTo(0.65, 12);
    expect(cpu.low).toBeCloseTo(0.508, 12);
    expect(cpu.high).toBeCloseTo(0.798, 12);
    expect(e.totals.total).toEqual({ value: 130, low: 127, high: 133 });
  });

  it("evaluate the rules at both ends of a message-size range (costs are not linear in size)", () => {
    const plan = (messageSize: string) => ({
      version: 1,
      mq: { release: "9.3" },
      hardware: { generation: "z15" },
      workload: { pattern: "request-reply", messageSize },
      storage: { chin: { used: "120MB", free: "1346MB" } },
      channels: [{ name: "CLIENTS", type: "server-connection", sharecnv: 1 }],
    });
    const ranged = estimate(plan("2KB..64KB"));
    // The point is the middle: (2048 + 65536) / 2 = 33792 bytes = 33KB.
    const at = [estimate(plan("2KB")), estimate(plan("33KB")), estimate(plan("64KB"))];
    const item = (e: (typeof at)[number]) => e.items.find((i) => i.id === "storage.chin-capacity.CLIENTS");
    expect(item(ranged), "channels that fit the CHIN storage").toBeDefined();
    const ends = at.map((e) => item(e)!);
    // The envelope of the three estimates' ranges, and the point's value.
    expect(item(ranged)!.value).toBe(ends[1]!.value);
    expect(item(ranged)!.low).toBe(Math.min(...ends.map((i) => i.low)));
    expect(item(ranged)!.high).toBe(Math.max(...ends.map((i) => i.high)));
    // Channels fit fall as messages grow: the 2KB end is the high one, the 64KB end the low one.
    expect(ends[0]!.value).toBeGreaterThan(ends[2]!.value);
  });

  it("give byte-identical JSON for the same config", () => {
    expect(JSON.stringify(estimate(RANGED))).toBe(JSON.stringify(estimate(RANGED)));
  });

  it(`refuse more than ${MAX_RANGED_INPUTS} cornered inputs, naming them`, () => {
    // workload.rate and each channel's rate and message size: 1 + 6 x 2 = 13.
    const channels = Array.from({ length: 6 }, (_, k) => ({
      name: `C${k}`,
      type: "sender",
      rate: "100..200/s",
      messageSize: "1KB..2KB",
    }));
    expect(() => estimate({ ...RANGED, channels })).toThrow(/13 inputs are written as ranges .*at most 10/);
  });
});
