// The range layer (src/model/ranges.ts, the registry's lookups, src/engine/item-range.ts and the
// helpers rules use): every lookup carries low and high, and each line item gets its range from its
// lookups without arithmetic in the rule. Expected values come from the seed text, quoted.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { estimate } from "../src/api.js";
import { rangedItem } from "../src/engine/item-range.js";
import type { LineItem } from "../src/engine/types.js";
import { loadModelDir } from "../src/model/loader.js";
import { shippedRegistry } from "../src/model/models.js";
import { printedPrecision, valueRange, widenBy } from "../src/model/ranges.js";
import { DEFAULT_SCHEME, type LookupResult } from "../src/model/registry.js";
import { carried, fromLookups, rangeOf, releaseChoice, type ReleaseCarry } from "../src/rules/helpers.js";
import { leaveOneOut } from "../bench/accuracy.js";
import { INTERPOLATION_ERROR_FILE, interpolationErrorYaml } from "../bench/interpolation-error.js";
import { ROOT } from "./helpers/cli.js";

const registry = shippedRegistry();
const NEGOTIATION = "003.tls-secret-key-negotiation-cost";

describe("lookup ranges", () => {
  it("take each source's run-to-run tolerance from the figure sources.yaml names", () => {
    // 000 line 1296 and 001 line 2167: "a tolerance of +/-6% is regarded as acceptable variation between runs"
    expect(registry.runToRun("000")).toEqual({ pct: 6, figure: "000.regression-run-tolerance" });
    expect(registry.runToRun("001")).toEqual({ pct: 6, figure: "001.regression-run-tolerance" });
    // The z15 report states none: the 9.3 report's stands for it (sources.yaml says why).
    expect(registry.runToRun("003")).toEqual({ pct: 6, figure: "000.regression-run-tolerance" });
  });

  it("widen a measured CPU cost by +/-6% between runs (003 line 384: ECDHE 3.8 ms on z15)", () => {
    const r = registry.lookup(NEGOTIATION, { cipher: "ECDHE_RSA_AES_256_CBC_SHA384", hardware: "z15" });
    expect(r.value).toBe(3.8);
    expect(r.low).toBeCloseTo(3.8 * 0.94, 12);
    expect(r.high).toBeCloseTo(3.8 * 1.06, 12);
    expect(r.parts.map((p) => [p.from, p.reason, p.basis])).toEqual([
      [NEGOTIATION, "run-to-run", "000.regression-run-tolerance"],
    ]);
  });

  it("keep a printed range as printed (000 line 479: 'between 4 and 36 microseconds')", () => {
    const r = registry.figureValue("000.class3-smf-write-cost-range");
    expect([r.low, r.high]).toEqual([4, 36]);
    expect(r.parts.map((p) => p.reason)).toEqual(["printed-range"]);
  });

  it("open an 'up to' change down to no change (003: zlibfast 'up to 42%'), with the flagged 43% inside", () => {
    // L156 "up to 42%"; the cost chart's notes (L250) say 43%: both readings are inside the range.
    const r = registry.figureValue("003.zlibfast-cost-reduction");
    expect([r.value, r.low, r.high]).toEqual([42, 0, 43]);
    expect(r.parts.map((p) => p.reason)).toEqual(["upper-bound", "flagged"]);
  });

  it("keep limits and guidelines exact: 'up to' 9,999 channels is a limit, 80% a guideline", () => {
    const max = registry.figureValue("000.chin-max-clients");
    expect([max.low, max.high]).toEqual([9999, 9999]);
    const headroom = registry.figureValue("000.chin-storage-headroom");
    expect([headroom.low, headroom.high]).toEqual([80, 80]);
    // Storage that is a limit or a setting, not a footprint measured: "2GB" of 31-bit CSA (000 line 262),
    // the CSQ_ADMIN structure's default 10000KB (004).
    for (const id of ["000.csa-31bit-absolute-limit", "004.csq-admin-default-size"]) {
      const r = registry.figureValue(id);
      expect([r.low, r.high], id).toEqual([r.value, r.value]);
    }
  });

  it("widen a measured storage footprint by +/-6% between runs (000 line 345: SHARECNV(1) 32KB 232 KB)", () => {
    const r = registry.lookup("000.chin-footprint-svrconn", { release: "9.3", sharecnv: 1, messageSize: 32768 });
    expect(r.value).toBe(232);
    expect(r.low).toBeCloseTo(232 * 0.94, 9);
    expect(r.high).toBeCloseTo(232 * 1.06, 9);
    expect(r.parts.map((p) => [p.reason, p.basis])).toEqual([["run-to-run", "000.regression-run-tolerance"]]);
  });

  it("give a difference the source computed the difference of its operands' ranges", () => {
    // 000 lines 370-371: footprint 100 KB at 32KB, 90 KB at 1KB, overhead "+10". Each +/-6%:
    // 94..106 less 84.6..95.4 = -1.4..21.4, held at 0 (noise does not reverse an overhead).
    const r = registry.lookup("000.chin-footprint-per-channel", { messageSize: 32768 }, "overheadOver1KB");
    expect(r.value).toBe(10);
    expect(r.low).toBe(0);
    expect(r.high).toBeCloseTo(106 - 84.6, 9);
    expect(r.parts.map((p) => p.reason)).toEqual(["derived"]);
    // 000 line 317: "the storage is 29.5KB, giving an additional shared queue overhead of 5.5KB" over 24KB:
    // 29.5 x 0.94 - 24 x 1.06 = 2.29; 29.5 x 1.06 - 24 x 0.94 = 8.71
    const sq = registry.figureValue("000.qmgr-storage-shared-queue-overhead");
    expect(sq.low).toBeCloseTo(2.29, 9);
    expect(sq.high).toBeCloseTo(8.71, 9);
  });

  it("keep 'in excess of' as a lower bound with no upper end (000: 'in excess of 380MB per second')", () => {
    const r = registry.figureValue("000.peak-log-rate-per-copy");
    // No upper end is given, so none is claimed: the range is open above (DESIGN.md, "Ranges").
    expect([r.value, r.low, r.high]).toEqual([380, 380, Infinity]);
    expect(r.parts.map((p) => p.reason)).toEqual(["lower-bound"]);
  });

  it("read 'approximately' as half a unit of the last digit, and measured storage with run-to-run", () => {
    // 000: "approximately 6MB" of CSA per queue manager: 5.5 to 6.5 MB, then +/-6% between runs, as a
    // storage footprint the report measured: 5.5 x 0.94 = 5.17, 6.5 x 1.06 = 6.89
    const r = registry.figureValue("000.csa-initial-per-qmgr");
    expect(r.low).toBeCloseTo(5.17, 12);
    expect(r.high).toBeCloseTo(6.89, 12);
    expect(r.parts.map((p) => p.reason)).toEqual(["approximate", "run-to-run"]);
    expect(printedPrecision("approximately 4.9KB")).toBeCloseTo(0.05 / 4.9, 12);
    expect(printedPrecision("approximately 6,000")).toBeCloseTo(500 / 6000, 12);
    expect(printedPrecision("twice")).toBeUndefined();
  });

  it("widen a change in percent on its ratio, never across zero", () => {
    // A 7.5% change between runs that vary +/-6%: 1.075 x 0.94 = 1.0105, 1.075 x 1.06 = 1.1395.
    const v = { raw: "7.5%", value: 7.5, qualifier: "exact" as const, kind: "prose" as const, lines: [], flags: [] };
    const kind = { from: "x", unit: "percent", relative: true, runToRun: { pct: 6, figure: "f" } };
    const r = valueRange(v, kind);
    expect(r.low).toBeCloseTo(1.05, 9);
    expect(r.high).toBeCloseTo(13.95, 9);
    // 2%: 1.02 x 0.94 = 0.9588 would be a saving; held at 0.
    expect(widenBy(2, 2, 6, true)[0]).toBe(0);
    expect(widenBy(2, 2, 6, true)[1]).toBeCloseTo(8.12, 9);
  });

  it("widen an interpolated lookup by its table's leave-one-out error", () => {
    // 000.chin-footprint-per-channel at 4KB lies between the 1KB and 32KB columns; the table's three
    // leave-one-out predictions (models/interpolation-error.yaml) are too few for a p90: their worst.
    const loo = registry.data.interpolationErrors!.tables.find((t) => t.table === "000.chin-footprint-per-channel")!;
    expect(loo.stats.n).toBe(3);
    const r = registry.lookup("000.chin-footprint-per-channel", { messageSize: 4096 }, "footprint");
    expect(r.confidence).toBe("interpolated");
    // Each leave-one-out prediction crossed two segments (1KB..64KB, 32KB..4MB); the lookup crosses
    // one, 1KB..32KB: the worst error per unit of span (natural log of the sizes' ratio) times
    // ln(32768 / 1024). Each measured end is +/-6% between runs (linear between them, so the value's
    // too), then that error.
    const pct = loo.stats.perSpan!.max * Math.log(32768 / 1024);
    expect(pct).toBeLessThan(loo.stats.max);
    expect(r.low).toBeCloseTo(r.value * 0.94 * (1 - pct / 100), 9);
    expect(r.high).toBeCloseTo(r.value * 1.06 * (1 + pct / 100), 9);
    expect(r.parts.at(-1)!.reason).toBe("interpolation");
    expect(r.parts.at(-1)!.text).toContain("per doubling of messageSize over 5 doubling(s)");
  });

  it("take a span's error from its own length: the leave-one-out errors over the spans they crossed", () => {
    // 000.chin-footprint-per-channel's three predictions (footprint at 32KB and 64KB, the overhead over
    // 1KB at 64KB), recomputed from its cells: each |interpolated - printed| / printed, linear in bytes
    // (the registry's scheme), over ln(right / left neighbour).
    const t = registry.table("000.chin-footprint-per-channel");
    const rates = ["footprint", "overheadOver1KB"].flatMap((m) => {
      const pts = t.cells
        .filter((c) => c.measure === m)
        .map((c) => ({ x: Number(c.at.messageSize), y: c.v.value! }))
        .sort((a, b) => a.x - b.x);
      return pts.slice(1, -1).map((p, k) => {
        const [a, b] = [pts[k]!, pts[k + 2]!];
        const predicted = a.y + ((p.x - a.x) / (b.x - a.x)) * (b.y - a.y);
        return ((Math.abs(predicted - p.y) / p.y) * 100) / Math.log(b.x / a.x);
      });
    });
    expect(rates).toHaveLength(3);
    const loo = registry.data.interpolationErrors!.tables.find((x) => x.table === "000.chin-footprint-per-channel")!;
    expect(loo.stats.perSpan!.max).toBeCloseTo(Math.max(...rates), 2);
  });

  it("widen a lookup between unflagged points by the predictions made from unflagged neighbours only", () => {
    // 000.streaming-shared-mqput-cost-by-size flags 64KB's baseline (suspect) and the 51.9 printed at
    // both 32KB and 64KB (duplicate); predictions made from those are the flags' error, as a flagged
    // point's own is. 3KB lies between 2KB (7.3) and 4KB (9), neither flagged; 48KB between 32KB and
    // the suspect 64KB.
    const id = "000.streaming-shared-mqput-cost-by-size";
    const loo = registry.data.interpolationErrors!.tables.find((x) => x.table === id)!;
    expect(loo.unflagged!.n).toBeGreaterThanOrEqual(5);
    expect(loo.unflagged!.perSpan!.p90).toBeLessThan(loo.stats.perSpan!.p90);
    const clean = registry.lookup(id, { messageSize: 3072 }, "putCpuBaseline");
    expect(clean.parts.at(-1)!.low).toBeCloseTo(-loo.unflagged!.perSpan!.p90 * Math.log(2), 9);
    const flagged = registry.lookup(id, { messageSize: 49152 }, "putCpuBaseline");
    expect(flagged.parts.at(-1)!.low).toBeCloseTo(-loo.stats.perSpan!.p90 * Math.log(2), 9);
  });

  it("bound an extrapolation by the edge's own value where the sources' figures of its kind all move one way", () => {
    // 000.streaming-private-mqput-cost-by-size: the baseline MQPUT costs 4.5 us at 2KB, 5 at 4KB (000
    // lines 861-862); at 1KB the trend, linear in bytes, gives 4.5 - 0.5 x 1024 / 2048 = 4.25 us. The CPU
    // costs the sources print at two message sizes up to 4x apart are higher at the larger from p5 to p95
    // (models/condition-evidence.yaml, up: +12% to +161%): 1KB costs no more than 2KB does, so the top of
    // the range is 2KB's own, 4.5 x 1.06, not widened by the extrapolation error; the bottom is.
    const r = registry.lookup("000.streaming-private-mqput-cost-by-size", { messageSize: 1024 }, "putCpuBaseline");
    expect(r.confidence).toBe("extrapolated");
    expect(r.value).toBeCloseTo(4.25, 9);
    expect(r.high).toBeCloseTo(4.5 * 1.06, 9);
    expect(r.low).toBeLessThan(4.25 * 0.94);
    expect(r.parts.at(-1)!.text).toContain("the edge's value bounds it above");
  });

  it("widen an extrapolated lookup more for each segment beyond the measured span", () => {
    // 4MB is the top column; 16MB is two log-scale segments of 1MB..4MB beyond it.
    const inside = registry.lookup("000.chin-footprint-per-channel", { messageSize: 2 * 1048576 }, "footprint");
    const beyond = registry.lookup("000.chin-footprint-per-channel", { messageSize: 64 * 1048576 }, "footprint");
    expect(beyond.confidence).toBe("extrapolated");
    const width = (r: LookupResult) => (r.high - r.low) / r.value;
    expect(width(beyond)).toBeGreaterThan(width(inside));
  });

  it("count a release carry's +/-6% once with the tolerance between runs it rests on", () => {
    const r = registry.lookup(NEGOTIATION, { cipher: "ECDHE_RSA_AES_256_CBC_SHA384", hardware: "z15" });
    const carry = registry.carry("000.release-carry-91-92-to-93");
    const how: ReleaseCarry = { release: "9.1", carry, quote: "", tolerance: 6 };
    const c = carried(r, how);
    expect(c.confidence).toBe("carried-forward");
    expect([c.low, c.high]).toEqual([r.low, r.high]);
    expect(c.parts.at(-1)).toMatchObject({ reason: "release-carry", basis: carry.id, low: 0, high: 0 });
    // The same result for the same carry: kept, not made again.
    expect(carried(r, how)).toBe(c);
    // A limit carried stays exact: the carry lets it stand, no tolerance between runs applies to it.
    const max = registry.figureValue("000.chin-max-clients");
    const cm = carried(max, how);
    expect([cm.low, cm.high]).toEqual([9999, 9999]);
    expect(cm.parts.at(-1)!.text).toContain("exact");
    // A carry wider than the tolerance between runs widens by it: +/-10% on a +/-6% figure.
    const wide = carried(r, { ...how, tolerance: 10 });
    expect(wide.low).toBeCloseTo(r.low * 0.9, 12);
    expect(wide.high).toBeCloseTo(r.high * 1.1, 12);
  });
});

describe("line item ranges", () => {
  const item = (over: Partial<LineItem>): LineItem => ({
    id: "t.x",
    concern: "tls",
    label: "x",
    metric: "cpu-per-second",
    value: 0,
    unit: "us/s",
    formula: "",
    inputs: {},
    citations: [],
    confidence: "measured",
    flags: [],
    ...over,
  });
  const negotiation = registry.lookup(NEGOTIATION, { cipher: "ECDHE_RSA_AES_256_CBC_SHA384", hardware: "z15" });

  it("follow their lookups as a product does, with each lookup's parts", () => {
    // 10 negotiations a second x 3.8 ms x 1000: 38,000 us/s, +/-6% with the cost per negotiation.
    const i = rangedItem(item({ value: 10 * negotiation.value * 1000, ...fromLookups(negotiation) }));
    expect(i.low).toBeCloseTo(38000 * 0.94, 6);
    expect(i.high).toBeCloseTo(38000 * 1.06, 6);
    expect(i.spread).toEqual([...negotiation.parts]);
    expect("lookups" in i).toBe(false);
  });

  it("multiply the factors of several lookups (a product of two +/-6% figures: 0.94^2 to 1.06^2)", () => {
    const i = rangedItem(item({ value: 100, ...fromLookups(negotiation, negotiation) }));
    expect(i.low).toBeCloseTo(100 * 0.94 * 0.94, 9);
    expect(i.high).toBeCloseTo(100 * 1.06 * 1.06, 9);
  });

  it("keep bounds the rule sets (the escape hatch), and say the rule set them", () => {
    const i = rangedItem(item({ value: 100, low: 90, high: 130, ...fromLookups(negotiation) }));
    expect([i.low, i.high]).toEqual([90, 130]);
    expect(i.spread.at(-1)).toMatchObject({ from: "t.x", reason: "rule", low: -10, high: 30 });
  });

  it("rangeOf evaluates a quotient at the corners: channels that fit fall as the footprint grows", () => {
    // 1,052 MB x 1024 / 232 KB (000 line 361) = 4,643 channels; a +/-6% footprint gives 1,052 x 1024 /
    // (232 x 1.06) to 1,052 x 1024 / (232 x 0.94).
    const fp = { value: 232, low: 232 * 0.94, high: 232 * 1.06 };
    const r = rangeOf((f) => (1052 * 1024) / f, fp);
    expect(r.value).toBeCloseTo(4643.3, 1);
    expect(r.low).toBeCloseTo((1052 * 1024) / (232 * 1.06), 9);
    expect(r.high).toBeCloseTo((1052 * 1024) / (232 * 0.94), 9);
  });

  it("appear on every item, total and limit of an estimate", () => {
    const e = estimate(join(ROOT, "examples", "tls12-before.yaml"));
    for (const i of e.items) {
      expect(i.low).toBeLessThanOrEqual(i.value);
      expect(i.high).toBeGreaterThanOrEqual(i.value);
    }
    const reneg = e.items.find((i) => i.id === "tls.renegotiation-cpu.TO.PARTNER")!;
    // 62.5 negotiations/s x 3.8 ms x 1000 = 237,500 us/s, +/-6% (9.1 data carried to 9.3, counted once)
    expect(reneg.value).toBeCloseTo(237500, 6);
    expect(reneg.low).toBeCloseTo(237500 * 0.94, 6);
    expect(reneg.high).toBeCloseTo(237500 * 1.06, 6);
    expect(e.totals.cpuSecondsPerSecond!.low).toBeLessThan(e.totals.cpuSecondsPerSecond!.value);
  });
});

describe("models/interpolation-error.yaml", () => {
  it("is what the bench's leave-one-out test gives on the models today (npx tsx scripts/interpolation-error.ts)", () => {
    const data = loadModelDir(join(ROOT, "models"), { displayRoot: ROOT });
    const expected = interpolationErrorYaml(leaveOneOut(data, DEFAULT_SCHEME), DEFAULT_SCHEME);
    expect(readFileSync(join(ROOT, INTERPOLATION_ERROR_FILE), "utf8")).toBe(expected);
  });
});

describe("carries and other releases (helpers.releaseChoice)", () => {
  it("carry a CPU figure under a statement of regression, never a storage figure", () => {
    // 000 line 252: "CPU costs and throughput are not significantly difference in version 9.3 ... compared
    // with versions 9.1 and 9.2"; the carry's notes: "not a statement about storage".
    const tls = registry.get(NEGOTIATION);
    expect(registry.carryFor("release", "9.1", "9.3", tls)?.id).toBe("000.release-carry-91-92-to-93");
    const svrconn = registry.get("001.chin-footprint-svrconn");
    expect(registry.carryFor("release", "9.2", "9.3", svrconn)).toBeUndefined();
    // A statement about lost charts carries no looked-up value.
    expect(registry.carry("001.regression-carry-trace").covers).toBe("charts");
  });

  it("every carry's named entries exist", () => {
    for (const c of registry.entriesOf("carry"))
      if (Array.isArray(c.covers))
        for (const id of c.covers) expect(registry.has(id), `${c.id} covers ${id}`).toBe(true);
  });

  it("extrapolate storage to a release it was not measured for, by the sources' release-to-release spread", () => {
    // The 9.2 report's message-channel footprints (001 lines 390-392) are MQ 9.2's; for MQ 9.1, one step.
    const steps = registry.storageReleaseSteps();
    const xs = steps.map((s) => s.pct).sort((a, b) => a - b);
    // p90 of the steps, interpolated between neighbours: (n - 1) x 0.9
    const pos = (xs.length - 1) * 0.9;
    const p90 = xs[Math.floor(pos)]! + (xs[Math.ceil(pos)]! - xs[Math.floor(pos)]!) * (pos - Math.floor(pos));
    expect(registry.storageReleaseSpread()!.pct).toBeCloseTo(p90, 12);
    // Flagged cells are left out: 001's MQ 9.0 SHARECNV(10) 32KB "656" (flagged suspect) makes no step.
    expect(steps.some((s) => s.table === "001.chin-footprint-svrconn" && s.pct > 80)).toBe(false);
    const PER = "001.chin-footprint-per-channel";
    const choice = releaseChoice(registry, PER, ["9.2"], "9.1");
    expect(choice?.release).toBe("9.2");
    const how = choice!.carried as ReleaseCarry;
    expect(how.carry).toBeUndefined();
    expect(how.steps).toBe(1);
    expect(how.tolerance).toBeCloseTo(p90, 12);
    const fp = registry.lookup(PER, { messageSize: 1024 }, "footprint");
    const c = carried(fp, how);
    expect(c.confidence).toBe("extrapolated");
    expect(c.low).toBeCloseTo(fp.low * (1 - p90 / 100), 9);
    // Two steps (MQ 9.0 from 9.2): the spread compounded, (1 + p90)^2 - 1.
    const two = releaseChoice(registry, PER, ["9.2"], "9.0")!.carried as ReleaseCarry;
    expect(two.tolerance).toBeCloseTo(((1 + p90 / 100) ** 2 - 1) * 100, 9);
    // Outside the releases the storage tables print side by side (9.0 to 9.3): a gap.
    expect(releaseChoice(registry, PER, ["9.2"], "8.0")).toBeUndefined();
    // The bench leaves the predicted table's own steps out.
    const without = registry.storageReleaseSpread("001.chin-footprint-svrconn")!;
    expect(without.n).toBe(steps.filter((s) => s.table !== "001.chin-footprint-svrconn").length);
  });

  it("give a carry that states no tolerance a width from where it comes from", () => {
    // 004 line 125: "Version 5 Release 3.1 has no significant performance differences versus V5.3": no
    // tolerance stated; the V5.3 report's run-to-run tolerance (sources.yaml: the 9.3 report's +/-6%).
    const cpu = releaseChoice(registry, "004.log-backward-read-rate", ["5.3"], "5.3.1")!.carried as ReleaseCarry;
    expect(cpu.carry?.id).toBe("004.carry-v53-to-v531");
    expect(cpu.tolerance).toBe(6);
    expect(cpu.basis).toContain("run-to-run");
    // 001 line 301: "CSA usage has seen little change in the following releases: v9.0, v9.1 and v9.2": a
    // storage statement with no tolerance takes the sources' storage release spread per step.
    const csa = releaseChoice(registry, "001.csa-per-connection", ["9.2"], "9.1")!.carried as ReleaseCarry;
    expect(csa.carry?.id).toBe("001.carry-csa-per-connection");
    expect(csa.tolerance).toBeCloseTo(registry.storageReleaseSpread()!.pct, 12);
  });
});
