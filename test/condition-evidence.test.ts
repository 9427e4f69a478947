// How a figure used away from its measured conditions gets its range (#27): the sources' own evidence
// of how far that kind of figure moves under that kind of change (models/condition-evidence.yaml), or
// open on the side the change moves it; "in excess of" open above; the CPU-bound rate the same in the
// estimate and in capacity.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CONDITION_EVIDENCE_FILE, conditionEvidenceYaml, evidencePairs } from "../bench/condition-evidence.js";
import { capacity, estimate } from "../src/api.js";
import { evidenceFor, sizeBandOf } from "../src/model/evidence.js";
import { loadModelDir } from "../src/model/loader.js";
import type { LookupResult } from "../src/model/registry.js";
import { toJson } from "../src/report/json.js";
import { fmtRange } from "../src/report/text.js";
import { widen, type ConditionCheck } from "../src/rules/conditions.js";

const ROOT = join(import.meta.dirname, "..");
const data = loadModelDir(join(ROOT, "models"), { displayRoot: ROOT });
const evidence = data.conditionEvidence!;

/** A check with one condition outside, as checkConditions makes it. */
function outside(key: string, measured: string | number, config: string | number): ConditionCheck {
  return {
    id: "test",
    inside: false,
    outside: [
      {
        key: key as never,
        measured: String(measured),
        config: String(config),
        measuredValue: measured,
        configValue: config,
      },
    ],
    assumed: [],
    context: [],
    evidence,
  };
}

describe("models/condition-evidence.yaml", () => {
  it("is what the models give today (npx tsx scripts/condition-evidence.ts rewrites it)", () => {
    expect(readFileSync(join(ROOT, CONDITION_EVIDENCE_FILE), "utf8")).toBe(conditionEvidenceYaml(data));
  });

  it("pairs values of one quantity that differ in exactly one condition", () => {
    // 000 lines 336-347: the SVRCONN footprint table, "82" KB at 1KB and "99" at 10KB for MQ 9.1 (and
    // sharecnv 0): a message-size pair 10x apart, "up to 16x", ratio 99 / 82.
    const p = evidencePairs(data).find(
      (x) =>
        x.condition === "messageSize" &&
        x.entries.every((e) => e === "000.chin-footprint-svrconn") &&
        x.a.raw === "82" &&
        x.b.raw === "99",
    );
    expect(p).toBeDefined();
    expect(p!.band).toBe("up to 16x");
    expect(p!.ratio).toBeCloseTo(99 / 82, 12);
    expect(p!.upRatio).toBeCloseTo(99 / 82, 12);
  });

  it("takes the nearest wider band with pairs, and none where no pair of the kind exists", () => {
    expect(sizeBandOf(1024, 4096)).toBe("up to 4x");
    expect(sizeBandOf(4096, 1048576)).toBe("over 64x");
    const cpu4x = evidenceFor(evidence, "messageSize", "cpu", { measured: 2048, config: 4096 });
    expect(cpu4x?.band).toBe("up to 4x");
    // No throughput pair across message sizes: nothing to widen by, so a range is open.
    expect(evidenceFor(evidence, "messageSize", "throughput", { measured: 2048, config: 4096 })).toBeUndefined();
  });

  it("takes no row whose pairs all come from one table: one table's equal cells are not evidence of no movement", () => {
    // The file's persistent/cpu row: three pairs, all of one entry, each printed alike (pct 0).
    const row = evidence.rows.find((r) => r.condition === "persistent" && r.kind === "cpu");
    expect(row).toMatchObject({ entries: 1, pct: 0 });
    expect(evidenceFor(evidence, "persistent", "cpu")).toBeUndefined();
    // A row with pairs from two or more entries is taken.
    const many = evidence.rows.find((r) => r.entries >= 2 && r.band === undefined)!;
    expect(evidenceFor(evidence, many.condition, many.kind)).toBe(many);
  });
});

describe("widen: a figure used under another condition", () => {
  const fig = (raw: number, unit: string): LookupResult => ({
    value: raw,
    low: raw * 0.94,
    high: raw * 1.06,
    parts: [{ from: "x", reason: "run-to-run", low: -6, high: 6, text: "+/-6%", tolerance: 6 }],
    raw: String(raw),
    confidence: "measured",
    flags: [],
    citation: { id: "x", source: "000", title: "", section: "", lines: "", file: "" },
    unit,
  });

  it("widens by the evidence's p5..p95 on an ordered condition, in the direction of the change", () => {
    // CPU cost measured at 2KB, used at 4KB: the "up to 4x" CPU row's up.low and up.high.
    const row = evidenceFor(evidence, "messageSize", "cpu", { measured: 2048, config: 4096 })!;
    const w = widen(fig(100, "us"), outside("messageSize", 2048, 4096));
    expect(w.confidence).toBe("extrapolated");
    expect(w.low).toBeCloseTo(Math.min(94, 94 * (1 + row.up!.low / 100)), 9);
    expect(w.high).toBeCloseTo(106 * (1 + row.up!.high / 100), 9);
    // The other way (4KB to 2KB): the inverse factors.
    const back = widen(fig(100, "us"), outside("messageSize", 4096, 2048));
    expect(back.low).toBeCloseTo(94 / (1 + row.up!.high / 100), 9);
    expect(back.parts.at(-1)!.basis).toBe("models/condition-evidence.yaml");
  });

  it("is wider than run-to-run, never narrower, on a condition with evidence", () => {
    const w = widen(fig(100, "KB"), outside("sharecnv", 1, 10));
    expect(w.low).toBeLessThanOrEqual(94);
    expect(w.high).toBeGreaterThan(106);
  });

  it("opens a peak above for more CPUs and below for fewer; both ways where nothing says which", () => {
    // No CPU-count pair of throughput figures in the models: open on the side the change moves it.
    const more = widen(fig(510000, "per-second"), outside("cpus", 20, 32));
    expect([more.low, more.high]).toEqual([510000 * 0.94, Infinity]);
    const fewer = widen(fig(510000, "per-second"), outside("cpus", 20, 8));
    expect([fewer.low, fewer.high]).toEqual([0, 510000 * 1.06]);
    const size = widen(fig(510000, "per-second"), outside("messageSize", 2048, 4096));
    expect([size.low, size.high]).toEqual([0, Infinity]);
  });
});

describe("open ranges in the estimate", () => {
  it('keeps "in excess of" open above through the engine and says so in every format', () => {
    // 000 line 1412: "in excess of 380MB per second" per copy; 4 stripes, DS8950F, 4MB messages.
    const e = estimate({
      version: 1,
      workload: { pattern: "request-reply", persistent: true, messageSize: "4MB", rate: "10/s" },
      logging: { disk: { subsystem: "DS8950F", stripes: 4 } },
    });
    const c = e.items.find((i) => i.id === "logging.log-rate-ceiling-all-copies")!;
    expect(c.value).toBe(760);
    expect(c.high).toBe(Infinity);
    const json = JSON.parse(toJson(c)) as { high: unknown; open: unknown };
    expect([json.high, json.open]).toEqual([null, "above"]);
    expect(fmtRange(c, "MB/s")).toMatch(/^760 MB\/s \(≥ [\d,.]+\)$|^≥ 760 MB\/s$/);
  });

  it("gives the CPU-bound rate capacity gives at 100% busy, renegotiation CPU growing with the rate", () => {
    // examples/z14-to-z15.yaml: an ECDHE channel renegotiating every 1MB at workload.rate, 16 CPs. The
    // estimate held the renegotiation CPU at 6,000/s (99,509/s); capacity raises the rate, and the
    // renegotiations with it (91,565/s). Both must be the same answer.
    const file = join(ROOT, "examples", "z14-to-z15.yaml");
    const e = estimate(file);
    const cpu = e.limits.find((l) => l.id === "capacity.cpu")!;
    const c = capacity(file, { budgets: { cpuBusy: 100 }, curvePoints: 0 });
    const answer = c.answers.find((a) => a.target.path === "workload.rate")!;
    expect(answer.binding!.id).toBe("capacity.cpu");
    // capacity answers to 1 part in a million (RATE_PRECISION)
    expect(Math.abs(answer.max!.value - cpu.value) / cpu.value).toBeLessThan(1e-5);
  });
});
