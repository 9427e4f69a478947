import { describe, expect, it } from "vitest";
import { parseInterval, parsePercent, parseRate, parseSize, parseTime } from "../src/config/units.js";

describe("config units", () => {
  it("reads sizes with KB = 1024 bytes and MB = 1024 KB", () => {
    expect(parseSize("32KB")).toBe(32 * 1024);
    expect(parseSize("4MB")).toBe(4 * 1024 * 1024);
    expect(parseSize("32768")).toBe(32768);
    expect(parseSize(1000)).toBe(1000);
    expect(parseSize("1.5KB")).toBe(1536);
    expect(parseSize("32 kb")).toBe(32768);
    expect(parseSize("32XB")).toBeUndefined();
    // 003 line 275 sets SSLRKEYC(1MB); line 396 writes the same as "SSLRKEYC(1048576)".
    expect(parseSize("1MB")).toBe(1048576);
  });
  it("reads percentages, rates and times", () => {
    expect(parsePercent("60%")).toBe(60);
    expect(parsePercent("60")).toBeUndefined();
    expect(parseRate("2000/s")).toBe(2000);
    expect(parseRate("120/min")).toBe(2);
    expect(parseTime("45us")).toBe(45);
    expect(parseTime("1.5ms")).toBe(1500);
  });
  it("reads microseconds written with the micro sign, Greek mu or capital Mu (the pattern's /i matches all three)", () => {
    // These gave NaN before (Greek mu has its own code point), which the config then accepted as a cost.
    expect(parseTime("12\u00b5s")).toBe(12);
    expect(parseTime("12\u03bcs")).toBe(12);
    expect(parseTime("0.4\u039cs")).toBe(0.4);
  });
  it("reads digits grouped in threes with commas (2,000/s), and only whole groups", () => {
    expect(parseRate("2,000/s")).toBe(2000);
    expect(parseSize("1,048,576")).toBe(1048576);
    expect(parseSize("1,024 KB")).toBe(1048576);
    expect(parseTime("1,500us")).toBe(1500);
    // "2,5" could be a European 2.5: refused, as are groups that are not threes.
    for (const bad of ["2,5", "2,00/s", ",000/s", "2000,000/s", "1,000,00"]) {
      expect(parseRate(bad), bad).toBeUndefined();
      expect(parseSize(bad), bad).toBeUndefined();
    }
    expect(parsePercent("1,000%")).toBeUndefined();
  });
  it("reads MQ's MMMM.SS intervals: 1.00 is a minute, 0.15 is fifteen seconds", () => {
    expect(parseInterval("1.00")).toBe(60);
    expect(parseInterval("0.15")).toBe(15);
    expect(parseInterval("30.00")).toBe(1800);
    expect(parseInterval("0.75")).toBeUndefined();
    expect(parseInterval("15")).toBeUndefined();
  });
});
