// LOW..VALUE..HIGH (issue 31): a range whose point is not its middle, as calibrate writes a measured cost
// and its spread across statistics intervals (p10..VALUE..p90). A symmetric VALUE +/- DELTA could not
// hold a spread wider above the value than below without putting its low end below p10 (below 0 for a
// p90 more than twice the value); this form keeps both ends where they were measured.
import { describe, expect, it } from "vitest";
import { estimate } from "../src/api.js";
import { parseConfigText } from "../src/config/load.js";
import { JSON_RANGE_PATTERNS } from "../src/config/schema.js";
import { parseRange } from "../src/config/units.js";
import { rangeWritten } from "../src/smf/derive.js";
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

describe("LOW..VALUE..HIGH", () => {
  it("reads the point as written, the bare ends taking the high end's unit", () => {
    expect(parseRange("time", "578.6..744.1..1211us")).toEqual({ low: 578.6, value: 744.1, high: 1211 });
    // 0.5ms = 500us, 2ms = 2000us
    expect(parseRange("time", "0.5ms..0.6ms..2ms")).toEqual({ low: 500, value: 600, high: 2000 });
    // 4000/s..4500/s..6000/s
    expect(parseRange("rate", "4000..4500..6000/s")).toEqual({ low: 4000, value: 4500, high: 6000 });
    expect(parseRange("size", "1..2..8KB")).toEqual({ low: 1024, value: 2048, high: 8192 });
    // The point may be an end.
    expect(parseRange("time", "0..0..5us")).toEqual({ low: 0, value: 0, high: 5 });
  });

  it("refuses a point outside its ends, and mixed units, with the field and place", () => {
    expect(problems("baseline: { rate: 1/s, cost: { app: 5..50..30us } }\n")).toEqual([
      "4:37 baseline.cost.app: the value 50 is outside its ends 5..30us; write LOW..VALUE..HIGH, in that order",
    ]);
    expect(problems("baseline: { rate: 1/s, cost: { app: 5..2KB..30us } }\n")).toEqual([
      '4:37 baseline.cost.app: the value between the ends: mixed units: "2KB" is a size, and both ends must be a CPU time',
    ]);
    expect(problems("baseline: { rate: 1/s, cost: { app: 30..5..10us } }\n")[0]).toMatch(
      /the low end 30 is above the high end 10us/,
    );
  });

  it("is accepted by the JSON Schema's pattern, as the editor checks it", () => {
    const time = new RegExp(JSON_RANGE_PATTERNS.time);
    expect(time.test("578.6..744.1..1211us")).toBe(true);
    expect(time.test("578.6us .. 744.1us .. 1,211us")).toBe(true);
    expect(time.test("1..2..3..4us")).toBe(false);
    expect(new RegExp(JSON_RANGE_PATTERNS.rate).test("4000..4500..6000/s")).toBe(true);
  });

  it("calibrate writes p10..VALUE..p90, neither end moved: a spread wider above than the value keeps its high end", () => {
    // p10 5us, value 20us, p90 100us: VALUE +/- the farther end would be 20us +/- 80us, a low end of
    // -60us; capped at the value, 20us +/- 20us, a high end of 40us instead of the measured 100us.
    expect(rangeWritten(20, { p10: 5, p90: 100, intervals: 10 }, "us")).toBe("5..20..100us");
    // The value, a ratio of sums, may lie outside p10..p90: the range is widened to hold it.
    expect(rangeWritten(20, { p10: 25, p90: 100, intervals: 10 }, "us")).toBe("20..20..100us");
    // No spread (every interval the same): a point.
    expect(rangeWritten(20, { p10: 20, p90: 20, intervals: 3 }, "us")).toBeUndefined();
    const { config } = parseConfigText(HEAD + "baseline: { rate: 100/s, cost: { qmgr: 5..20..100us } }\n", "p.yaml");
    expect(config.baseline!.cost.qmgr).toBe(20);
    expect(config.ranges!["baseline.cost.qmgr"]).toEqual({ low: 5, value: 20, high: 100, written: "5..20..100us" });
  });

  it("the estimate takes the written ends as the baseline cost's interval", () => {
    const e = estimate({
      version: 1,
      mq: { release: "9.3" },
      hardware: { generation: "z15" },
      baseline: { rate: "100/s", cost: { qmgr: "5..20..100us" } },
      workload: { rate: "100/s" },
    });
    // One address space measured: the total is its 20us, 5us..100us.
    expect(e.totals.total).toEqual({ value: 20, low: 5, high: 100 });
  });
});
