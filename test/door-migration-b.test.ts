// The door migration of archive-compression, log-ceiling, logging-cpu and zhyperwrite (issue #27): a
// figure used outside the conditions it was measured under is widened beyond the run-to-run tolerance on
// the side of the change, or left open, and the line item's parts say why. The evidence rows are read
// from models/condition-evidence.yaml and the arithmetic is shown here.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { estimate } from "../src/api.js";
import type { ConfigInput } from "../src/config/schema.js";
import { loadModels } from "../src/model/load-models.js";
import { item } from "./helpers/items.js";

const evidence = loadModels().data.conditionEvidence!.rows;
const row = (condition: string, kind: string, band?: string) => {
  const r = evidence.find(
    (x) => x.condition === condition && x.kind === kind && (band === undefined || x.band === band),
  );
  if (!r) throw new Error(`no evidence row ${condition} ${kind} ${band ?? ""}`);
  return r;
};
const run = (over: object) =>
  estimate({
    version: 1,
    mq: { release: "9.2" },
    hardware: { generation: "z15" },
    workload: { pattern: "one-way", persistent: true, messageSize: "1MB", rate: "27/s" },
    logging: {},
    ...over,
  } as ConfigInput);
const conditionParts = (e: ReturnType<typeof run>, id: string) =>
  (item(e, id).spread ?? []).filter((p) => p.reason === "condition");
// The reports' run-to-run tolerance, "within +/-6%" (seed 001 line 2167).
const RUN_TO_RUN = 0.06;

describe("door migration (archive compression, log ceiling, logging CPU, zHyperWrite)", () => {
  it("logging-cpu: the CPU per MB archived, measured with 1MB messages, widens below at 256KB by the size evidence", () => {
    // 001 line 817: "Enabling archiving added an additional 584 CPU microseconds per MB" (1MB messages).
    const at1mb = item(run({}), "logging.qmgr-cpu-archiving-per-mb");
    expect(at1mb.low).toBeCloseTo(584 * (1 - RUN_TO_RUN), 9);
    expect(at1mb.high).toBeCloseTo(584 * (1 + RUN_TO_RUN), 9);
    const e = run({ workload: { pattern: "one-way", persistent: true, messageSize: "256KB", rate: "27/s" } });
    const i = item(e, "logging.qmgr-cpu-archiving-per-mb");
    expect(i.value).toBe(584);
    // 1MB over 256KB is 4x: the "up to 4x" CPU row; smaller messages take its p95 rise back.
    const r = row("messageSize", "cpu", "up to 4x");
    expect(i.low).toBeCloseTo((584 * (1 - RUN_TO_RUN)) / (1 + r.up!.high / 100), 9);
    expect(i.low).toBeLessThan(584 * (1 - RUN_TO_RUN));
    expect(i.confidence).toBe("extrapolated");
    const [part] = conditionParts(e, "logging.qmgr-cpu-archiving-per-mb");
    expect(part!.text).toContain("measured with 1MB, used with 256KB");
    expect(part!.basis).toBe("models/condition-evidence.yaml");
  });

  it("logging-cpu: the z15 CPU per MB logged is open above on a z14 (an older machine)", () => {
    // Shown, not scaled by the hardware rule (an info item), so the machine is compared: 992 + 584, each
    // +/-6%. The machine row of the evidence holds pairs of one table only (the TLS negotiation costs on
    // z14 and z15), which is not evidence (MIN_EVIDENCE_ENTRIES): open on the side an older machine moves
    // a CPU cost, above.
    expect(row("hardware", "cpu").entries).toBe(1);
    const e = run({ hardware: { generation: "z14" } });
    const i = item(e, "logging.qmgr-cpu-per-mb");
    expect(i.value).toBe(992 + 584);
    expect(i.low).toBeCloseTo(1576 * (1 - RUN_TO_RUN), 9);
    expect(i.high).toBe(Infinity);
    expect(conditionParts(e, "logging.qmgr-cpu-per-mb")[0]!.text).toContain("measured with z15, used with z14");
  });

  it("archive-compression: the z15 archive recovery rate is open below on a z14 (an older machine)", () => {
    // 003 line 333: "Recovery rate (MB/sec) 106" (uncompressed archives, z15).
    const z15 = item(run({}), "logging.archive-recovery-rate");
    expect(z15.low).toBeCloseTo(106 * (1 - RUN_TO_RUN), 9);
    const e = run({ hardware: { generation: "z14" } });
    const i = item(e, "logging.archive-recovery-rate");
    expect(i.value).toBe(106);
    // The sources hold no pair of log rates on two machines: open on the side an older machine moves it.
    expect(i.low).toBe(0);
    expect(i.high).toBeCloseTo(106 * (1 + RUN_TO_RUN), 9);
    expect(conditionParts(e, "logging.archive-recovery-rate")[0]!.text).toContain("open below");
  });

  it("archive-compression: the archive process's CPU increase, measured with dual logs, is open with single logs", () => {
    // 003 line 323: "Increase in QM TCB over uncompressed measurement ... 8-13%" at 1MB (dual logs, line 313).
    const dual = item(
      run({ logging: { archiveCompression: true, archiveCompressibility: 50 } }),
      "logging.archive-compression-cost",
    );
    expect([dual.low, dual.high]).toEqual([8, 13]);
    const e = run({ logging: { archiveCompression: true, archiveCompressibility: 50, dualLogs: false } });
    const i = item(e, "logging.archive-compression-cost");
    expect(i.value).toBe((8 + 13) / 2);
    expect(i.high).toBe(Infinity);
    expect(conditionParts(e, "logging.archive-compression-cost")[0]!.text).toContain("used with single logs");
  });

  it("log-ceiling: the mirrored-over-unmirrored ratio, measured with single logs, opens the dual-log ceiling below", () => {
    // 001 lines 607-609: 368 MB/s with PPRC against 576 unmirrored, single logs, 4MB. Unmirrored, the
    // 9.3 report's "in excess of 380MB per second" bounds the ceiling below (000 line 1412).
    const four = { pattern: "one-way", persistent: true, messageSize: "4MB", rate: "27/s" };
    // The overhead per message given as none, so that the data per transaction bounds the ceiling below.
    const plain = item(run({ workload: four, logging: { logOverheadPerMessage: 0 } }), "logging.log-rate-ceiling");
    expect(plain.low).toBeGreaterThan(0);
    const e = run({ workload: four, logging: { metroMirror: true, logOverheadPerMessage: 0 } });
    const i = item(e, "logging.log-rate-ceiling");
    expect(i.value).toBeCloseTo((plain.value * 368) / 576, 9);
    expect(i.low).toBe(0);
    const texts = conditionParts(e, "logging.log-rate-ceiling").map((p) => p.text);
    expect(texts.some((t) => t.includes("measured with single logs, used with dual logs"))).toBe(true);
    expect(i.formula).toContain("open on both sides");
  });

  it("log-ceiling: says the range is open because of the peak, and the point an upper estimate because of the log data", () => {
    // At 9.3 with 4KB messages the log data per transaction is the message data only (a lower bound).
    const e = estimate({
      version: 1,
      mq: { release: "9.3" },
      hardware: { generation: "z15" },
      workload: { pattern: "one-way", persistent: true, messageSize: "4KB", rate: "27/s" },
    } as ConfigInput);
    const i = item(e, "logging.log-rate-ceiling");
    expect(i.high).toBe(Infinity);
    expect(i.formula).toContain("the range is open above because the peak is a lower bound");
    expect(i.formula).toContain("so the point is an upper estimate of the ceiling");
    expect(i.formula).not.toContain("the ceiling is at most this");
  });

  it("zhyperwrite: the commit time share, measured with single logs and archives, is open with dual logs", () => {
    // 001 line 545: "less than 50% of the PPRC Metro Mirror configuration" (the chapter's single logs).
    const size = { pattern: "one-way", persistent: true, messageSize: "10KB", rate: "27/s" };
    const mirror = { metroMirror: true, zHyperWrite: true };
    const single = item(
      run({ workload: size, logging: { ...mirror, dualLogs: false, dualArchives: false } }),
      "logging.zhyperwrite-commit-time",
    );
    expect([single.value, single.high]).toEqual([50, 50]);
    const e = run({ workload: size, logging: mirror });
    const i = item(e, "logging.zhyperwrite-commit-time");
    expect(i.value).toBe(50);
    expect(i.high).toBe(Infinity);
    expect(i.confidence).toBe("extrapolated");
    const texts = conditionParts(e, "logging.zhyperwrite-commit-time").map((p) => p.text);
    expect(texts.some((t) => t.includes("measured with single logs, used with dual logs"))).toBe(true);
  });

  it("the four rules call no widen, carried or checkConditions of their own (the door does)", () => {
    for (const f of ["archive-compression", "log-ceiling", "logging-cpu", "zhyperwrite"]) {
      const text = readFileSync(fileURLToPath(new URL(`../src/rules/${f}.ts`, import.meta.url)), "utf8");
      expect(text, f).not.toMatch(/\b(?:widen|carried|checkConditions)\(/);
    }
  });
});
