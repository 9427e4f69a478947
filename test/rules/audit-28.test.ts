// Issue #28: rules that used the wrong figure or the wrong arithmetic. Each test quotes the seed line
// (or shows the arithmetic) that makes the right answer right.
import { describe, expect, it } from "vitest";
import { estimate } from "../../src/api.js";
import { item } from "../helpers/items.js";

describe("log-rate ceiling and mirroring (#28 item 1)", () => {
  // 001 lines 605-609, "Table: Comparing costs of 4MB workload": Baseline 576, PPRC 368, zHyperWrite 386
  // MB/s. The 9.2 regression peak is "in excess of 250MB per second ... for each copy of the dual logs"
  // (001 line 2289); with 1MB request-reply messages a transaction logs 2 x 1024 KB = 2,048 KB, so the
  // unmirrored ceiling is 250 x 1024 / 2048 = 125 txn/s.
  const run = (logging: Record<string, unknown>) =>
    item(
      estimate({
        version: 1,
        mq: { release: "9.2" },
        workload: { persistent: true, messageSize: "1MB", pattern: "request-reply", rate: "50/s" },
        logging: { dualLogs: true, disk: { subsystem: "DS8870" }, ...logging },
      }),
      "logging.log-rate-ceiling",
    );
  it("scales the unmirrored peak by the rate the 4MB table measured mirrored", () => {
    expect(run({}).value).toBeCloseTo(125, 9);
    // PPRC: 125 x 368 / 576 = 79.86
    const pprc = run({ metroMirror: true });
    expect(pprc.value).toBeCloseTo((125 * 368) / 576, 9);
    expect(pprc.citations.map((c) => c.id)).toContain("001.zhw-4mb-cost-comparison");
    // zHyperWrite: 125 x 386 / 576 = 83.77
    expect(run({ metroMirror: true, zHyperWrite: true }).value).toBeCloseTo((125 * 386) / 576, 9);
  });
});
