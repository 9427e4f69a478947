// Queue manager CPU per MB logged, checked against seed 001 (MQ 9.2 report) lines 816-820 (the
// workload's chart notes, dual logs, 1MB messages) and lines 603-609 (the 4MB table, single logs).
import { describe, expect, it } from "vitest";
import { estimate } from "../../src/api.js";
import type { ConfigInput } from "../../src/config/schema.js";
import { parseConfigText } from "../../src/config/load.js";
import { item } from "../helpers/items.js";

const workload = { pattern: "one-way", persistent: true, messageSize: "1MB", rate: "270/s" } as const;
const run = (logging: object, logs: boolean | "active" | "archive" = false) =>
  estimate({ version: 1, mq: { release: "9.2" }, workload, logging, encryption: { logs } } as ConfigInput);

describe("logging-cpu rule", () => {
  it("takes the dual-log workload's CPU per MB by archiving and encryption (seed 001 lines 816-820)", () => {
    // 001 line 816: "when configured with dual logs was 992 CPU microseconds" (no archiving)
    expect(item(run({ archiving: false }), "logging.qmgr-cpu-per-mb").value).toBe(992);
    // line 817: "Enabling archiving added an additional 584 CPU microseconds per MB, for a total of 1576"
    const archiving = run({});
    expect(item(archiving, "logging.qmgr-cpu-per-mb").value).toBe(992 + 584);
    expect(item(archiving, "logging.qmgr-cpu-archiving-per-mb").value).toBe(584);
    // line 818: "Applying data set encryption to the archives added a further 341 ... total of 1917"
    expect(item(run({}, "archive"), "logging.qmgr-cpu-per-mb").value).toBe(1576 + 341);
    expect(item(run({}, "archive"), "logging.qmgr-cpu-archiving-per-mb").value).toBe(584 + 341);
    // line 819: "a further 649 CPU microseconds would be added, giving a total of 2566"
    expect(item(run({}, true), "logging.qmgr-cpu-per-mb").value).toBe(1917 + 649);
    // line 820: "applied only to active logging but archiving is still enabled ... 992 + 584 + 411 + 238"
    expect(item(run({}, "active"), "logging.qmgr-cpu-per-mb").value).toBe(992 + 584 + 411 + 238);
  });

  it("gives the CPU per transaction as CPU per MB x MB logged, shown and not added to the total", () => {
    const e = run({});
    const perTxn = item(e, "logging.qmgr-cpu");
    // one-way, 1MB messages, message data only (a lower bound at 9.2): 1,576 us/MB x 1 MB
    expect(perTxn.value).toBeCloseTo(1576, 9);
    expect(perTxn.metric).toBe("info");
    // The MB logged is a lower bound, but the cost per MB still varies between runs: "within +/-6%"
    // (the run-to-run tolerance, seed 001 line 2167), so the low end is 1,576 x 0.94 x 1 MB.
    expect(perTxn.low).toBeCloseTo(1576 * 0.94, 9);
    expect(perTxn.high).toBeCloseTo(1576 * 1.06, 9);
  });

  it("takes the single-log 4MB table by mirroring (seed 001 lines 607-609)", () => {
    const four = { ...workload, messageSize: "4MB" };
    const single = (extra: object) =>
      estimate({
        version: 1,
        mq: { release: "9.2" },
        workload: four,
        logging: { dualLogs: false, dualArchives: false, ...extra },
      } as ConfigInput);
    // "Baseline 576 550 305", "PPRC 368 548 302", "zHyperWrite 386 563 317"
    expect(item(single({}), "logging.qmgr-cpu-per-mb").value).toBe(550);
    expect(item(single({ metroMirror: true }), "logging.qmgr-cpu-per-mb").value).toBe(548);
    expect(item(single({ metroMirror: true, zHyperWrite: true }), "logging.qmgr-cpu-per-mb").value).toBe(563);
    expect(item(single({}), "logging.qmgr-cpu-per-mb").confidence).toBe("measured");
  });

  it("adds the per-MB table's encryption passes where the workload measured no such configuration", () => {
    // Dual logs, archiving off, encrypted active logs: 992 + 180 x 2 copies (001 lines 776, 816)
    const e = run({ archiving: false }, "active");
    expect(item(e, "logging.qmgr-cpu-per-mb").value).toBe(992 + 180 * 2);
  });

  it("warns and ranges down to the no-archiving figure with single archives (measured with dual)", () => {
    const e = run({ dualArchives: false });
    const i = item(e, "logging.qmgr-cpu-per-mb");
    expect(i.value).toBe(1576);
    expect(i.low).toBeLessThanOrEqual(992);
    expect(i.confidence).toBe("extrapolated");
    expect(e.warnings.some((w) => /measured with dual archives/.test(w.message))).toBe(true);
  });

  it("warns that a figure measured with 1MB messages is extrapolated to 32KB", () => {
    const e = estimate({
      version: 1,
      mq: { release: "9.2" },
      workload: { ...workload, messageSize: "32KB" },
    } as ConfigInput);
    expect(item(e, "logging.qmgr-cpu-per-mb").confidence).toBe("extrapolated");
    expect(e.warnings.some((w) => /CPU per MB logged: measured with 1MB; this config has 32KB/.test(w.message))).toBe(
      true,
    );
  });

  it('accepts encryption.logs "archive" on MQ 8.0 (archive logs only, seed 001 line 699) and refuses "active"', () => {
    const text = (logs: string) =>
      `version: 1\nmq: { release: "8.0" }\nworkload: { persistent: true }\nencryption: { logs: ${logs} }\n`;
    expect(parseConfigText(text('"archive"'), "plan.yaml").config.encryption?.logs).toBe("archive");
    expect(() => parseConfigText(text('"active"'), "plan.yaml")).toThrow(/needs MQ 9.2 or later/);
  });
});
