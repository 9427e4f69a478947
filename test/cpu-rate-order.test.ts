// The CPU-bound rate's range holds its value even where the costs are near the smallest doubles (a
// generated config found by the property test under test:full: targetBusy 2.5e-322, 1e-323 API calls).
import { describe, expect, it } from "vitest";
import { estimate } from "../src/api.js";

describe("the CPU-bound rate's range", () => {
  it("holds its value at the extremes of the config's numbers", () => {
    const e = estimate({
      version: 1,
      mq: { release: "5.3" },
      hardware: { generation: "z16", cpus: 1, targetBusy: 2.5e-322, factor: 0.01 },
      workload: { pattern: "request-reply", persistent: false, messageSize: 1, queues: "shared" },
      smf: { accountingClass3: true, apiCallsPerTransaction: 1e-323 },
    });
    const r = e.cpu.maxRate;
    if (r) {
      expect(r.low).toBeLessThanOrEqual(r.value);
      expect(r.value).toBeLessThanOrEqual(r.high);
    }
  });
});
