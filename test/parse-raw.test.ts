import { describe, expect, it } from "vitest";
import { parseRaw } from "../src/model/parse-raw.js";

describe("printed values", () => {
  it("reads plain numbers, signs and thousands separators", () => {
    expect(parseRaw("232")).toEqual({ value: 232, qualifier: "exact" });
    expect(parseRaw("+19")).toEqual({ value: 19, qualifier: "exact" });
    expect(parseRaw("-8")).toEqual({ value: -8, qualifier: "exact" });
    expect(parseRaw("4,643")).toEqual({ value: 4643, qualifier: "exact" });
    expect(parseRaw("155 uS")).toEqual({ value: 155, qualifier: "exact" });
    expect(parseRaw("12%")).toEqual({ value: 12, qualifier: "exact" });
  });
  it("keeps bounds and ranges as printed", () => {
    expect(parseRaw("up to 42%")).toEqual({ value: 42, high: 42, qualifier: "upper" });
    expect(parseRaw("in excess of 575,000")).toEqual({ value: 575000, low: 575000, qualifier: "lower" });
    expect(parseRaw("8-13%")).toEqual({ value: 10.5, low: 8, high: 13, qualifier: "range" });
    expect(parseRaw("between 45 and 28%")).toEqual({ value: 36.5, low: 28, high: 45, qualifier: "range" });
    expect(parseRaw("920 to 940")).toEqual({ value: 930, low: 920, high: 940, qualifier: "range" });
    expect(parseRaw("approximately 6MB")).toEqual({ value: 6, qualifier: "approx" });
  });
  it("refuses what is not a plain figure", () => {
    expect(parseRaw("0.5 (cost per API) x 100")).toBeUndefined();
    expect(parseRaw("QLocal")).toBeUndefined();
  });
});
