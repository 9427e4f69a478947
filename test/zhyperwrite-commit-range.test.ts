// zHyperWrite's commit time at 4MB: "in the worst case at 4MB messages, the average commit time is still
// 4% less than the PPRC configuration" (001 line 547). A saving of 4% between two runs, each within the
// reports' run-to-run tolerance, is not exact: the share of PPRC's time keeps the figure's own range.
import { describe, expect, it } from "vitest";
import { estimate } from "../src/api.js";
import { item } from "./helpers/items.js";

describe("zHyperWrite commit time at 4MB, single logs and archives (inside the figure's conditions)", () => {
  it("is 96% of PPRC's, with the 4%'s run-to-run range, not 96 to 96", () => {
    const e = estimate({
      version: 1,
      mq: { release: "9.3" },
      workload: { rate: "100/s", persistent: true, messageSize: "4MB" },
      logging: { zHyperWrite: true, metroMirror: true, dualLogs: false, dualArchives: false },
    });
    const i = item(e, "logging.zhyperwrite-commit-time");
    expect(i.value).toBe(96);
    // A change's run-to-run is on its ratio: 1.04 x 1.06 = 1.1024, a saving of 10.24% at most: 89.76%.
    expect(i.low).toBeCloseTo(100 - (1.04 * 1.06 - 1) * 100, 9);
    expect(i.high).toBeGreaterThan(i.value);
  });
});
