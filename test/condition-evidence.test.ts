// How a figure used away from its measured conditions gets its range (#27): the sources' own evidence
// of how far that kind of figure moves under that kind of change (models/condition-evidence.yaml), or
// open on the side the change moves it; "in excess of" open above; the CPU-bound rate the same in the
// estimate and in capacity.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  CONDITION_EVIDENCE_FILE,
  conditionEvidenceYaml,
  evidencePairs,
  evidenceRows,
  type EvidencePair,
} from "../bench/condition-evidence.js";
import { capacity, estimate } from "../src/api.js";
import { evidenceFor, noEvidenceWords, sizeBandOf, spreadTaken } from "../src/model/evidence.js";
import { loadModelDir } from "../src/model/loader.js";
import type { LookupResult } from "../src/model/registry.js";
import { renderCsv } from "../src/report/csv.js";
import { toJson } from "../src/report/json.js";
import { renderMarkdown } from "../src/report/markdown.js";
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

  it("counts a measurement its report states twice once, and leaves it out whole when either statement is left out", () => {
    // 000 line 869: "the overhead of streaming queues grows from 5 to 37 microseconds when increasing
    // messages from 2KB to 128KB"; line 879: "configuring a streaming queue added 37.4 microseconds to
    // the MQPUT" (the same 128KB private-queue run, the prose rounding the table's 37.4 once).
    const twice = ["000.streaming-private-overhead-128kb", "000.streaming-private-128kb-overhead"];
    const queueType = (without?: Set<string>) =>
      evidencePairs(data, without).filter(
        (p) =>
          p.condition === "queueType" &&
          p.kind === "cpu" &&
          p.entries.includes("000.streaming-shared-overhead-128kb") &&
          p.entries.some((e) => twice.includes(e)),
      );
    // One pair (shared 128KB against private 128KB), not one per statement.
    expect(queueType()).toHaveLength(1);
    // Either statement left out (as the accuracy bench leaves out a case's own entries): no pair is made
    // from the other, which would predict the case from its own restatement.
    for (const e of twice) expect(queueType(new Set([e]))).toHaveLength(0);
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

  it("shows a peak measured with more CPUs open below, not bounded by 0, in every format", () => {
    // 003 (the z15 report): the non-persistent in-syncpoint peak, 510,000 messages/s with 20 CPUs;
    // examples/ams-interception-partner.yaml has 6. No CPU-count pair of throughput figures exists, so
    // the peak is open below (fewer CPUs), and above by run-to-run only: 510,000 x 1.06 = 540,600.
    const e = estimate(join(ROOT, "examples", "ams-interception-partner.yaml"));
    const peak = e.limits.find((l) => l.id === "capacity.peak-rate")!;
    expect(peak.value).toBe(510000);
    expect(peak.high).toBeCloseTo(510000 * 1.06, 6);
    // The floor stays the number the engine adds up with (a total's low end is its other terms')...
    expect(peak.low).toBe(0);
    // ...and every format shows the end as open, not as a bound of 0 that no source gives.
    expect(fmtRange(peak, peak.unit)).toBe("510,000 txn/s (≤ 540,600)");
    const json = JSON.parse(toJson(peak)) as { low: unknown; open: unknown };
    expect([json.low, json.open]).toEqual([null, "below"]);
    const csvRow = renderCsv(e)
      .split("\r\n")
      .find((l) => l.startsWith("limit,capacity.peak-rate,"))!;
    expect(csvRow).toContain(",510000,-Infinity,540600,");
    expect(renderMarkdown(e)).toContain("| 510,000 (≤ 540,600) | txn/s |");
    // A sum is not open below where its other terms bound it: a part open below with the item's low
    // above its floor shows the low.
    const bounded = { ...peak, low: 1000 };
    expect(fmtRange(bounded, bounded.unit)).toBe("510,000 txn/s (1,000–540,600)");
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

describe("evidence that does not predict its own held-out tables is not taken (spreadTaken)", () => {
  // Pairs of one condition and kind from tables (entries) E1..E4; each pair is held out against the pairs
  // that share no entry with it. A pair's ratio r is the larger value over the smaller.
  const pair = (ratio: number, e1: string, e2 = e1): EvidencePair =>
    ({ condition: "transport", kind: "change", ratio, entries: [e1, e2] }) as EvidencePair;

  it("keeps a row whose tables agree, and drops one where a table moves unlike the rest", () => {
    // Four tables, each moving by 10%: every pair held out sits at the others' worst (10%): 4 of 4 inside.
    const agree = evidenceRows([pair(1.1, "E1"), pair(1.1, "E2"), pair(1.1, "E3"), pair(1.1, "E4")])[0]!;
    expect(agree.heldOut).toEqual({ tested: 4, inside: 4, insideWhole: 4 });
    expect(spreadTaken(agree)).toBe("usual");
    // E4 moves by 100%: held out, it is outside the others' worst (10%); the other three are inside
    // (the rest's worst includes E4's 100%): 3 of 4, under 90% of 4 (3.6).
    const unlike = evidenceRows([pair(1.1, "E1"), pair(1.1, "E2"), pair(1.1, "E3"), pair(2, "E4")])[0]!;
    expect(unlike.heldOut).toEqual({ tested: 4, inside: 3, insideWhole: 3 });
    expect(spreadTaken(unlike)).toBe("none");
    const evidence = { generatedBy: "test", rows: [unlike] };
    expect(evidenceFor(evidence, "transport", "change")).toBeUndefined();
    expect(noEvidenceWords(evidence, "transport", "change", { what: "change", condition: "transport" })).toBe(
      "the sources' pairs of change figures measured under two values of transport (4 pairs from 4 entries) do not predict one another: each held out, 3 of 4 fall inside the others' whole spread",
    );
  });

  it("takes the whole spread where the p90 holds too few of its own pairs held out but the worst holds enough", () => {
    // Ten tables, moving by 1%, 2%, ... 10%, one pair each. The p90 (linear between order statistics,
    // as bench/lib/stats quantile): of nine values, at position 0.9 * 8 = 7.2. Held out:
    //   10%: the others 1..9%, p90 8 + 0.2 * (9 - 8) = 8.2%, worst 9%: outside both;
    //    9%: the others 1..8%, 10%, p90 8 + 0.2 * (10 - 8) = 8.4%: outside; worst 10%: inside;
    //    8% and below: the others' p90 is at least 9.2%: inside both.
    // So 8 of 10 inside the p90 (under 9), 9 of 10 inside the worst.
    const pairs = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((p) => pair(1 + p / 100, `E${p}`));
    const row = evidenceRows(pairs)[0]!;
    expect(row.heldOut).toEqual({ tested: 10, inside: 8, insideWhole: 9 });
    expect(spreadTaken(row)).toBe("whole");
    const taken = evidenceFor({ generatedBy: "test", rows: [row] }, "transport", "change")!;
    // The worst of the ten, 10%, in place of their p90 (9 + 0.1 * (10 - 9) = 9.1%).
    expect(row.pct).toBeCloseTo(9.1, 6);
    expect(taken.pct).toBeCloseTo(10, 6);
    expect(taken.how).toBe("worst");
    expect(taken.whole).toBe("their p90 held 8 of 10 of their own pairs, each held out against the others");
  });

  it("the committed evidence drops the message-size change row whose tables disagree (001.fasp-throughput-vs-tcp)", () => {
    // 001.fasp-throughput-vs-tcp moves 4.8x -> 22.4x between 10KB and 1MB; the other tables' changes over
    // 64x apart move by far less: held out, its pairs fall outside the others' spread.
    const row = evidence.rows.find(
      (r) => r.condition === "messageSize" && r.band === "over 64x" && r.kind === "change",
    )!;
    expect(row.heldOut!.insideWhole).toBeLessThan(0.9 * row.heldOut!.tested);
    expect(evidenceFor(evidence, "messageSize", "change", { measured: 10240, config: 1048576 })).toBeUndefined();
  });
});
