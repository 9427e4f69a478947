// bench/cross-report.ts: figures two reports both measured, each predicted from the other report only.
// The committed bench/ACCURACY.md must be what the models give now (it is data, not timing).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { crossReport, renderAccuracy } from "../bench/cross-report.js";
import { loadModelDir } from "../src/model/loader.js";

const ROOT = join(import.meta.dirname, "..");
const res = crossReport(loadModelDir(join(ROOT, "models"), { displayRoot: ROOT }));
const find = (target: string, where: string, from: string) => {
  const c = res.cases.find((x) => x.target.entry === target && x.target.where === where && x.from.entry === from);
  if (!c) throw new Error(`no case ${target} ${where} from ${from}`);
  return c;
};

describe("accuracy against the reports themselves", () => {
  it("bench/ACCURACY.md is current (npx tsx bench/cross-report.ts rewrites it)", () => {
    expect(readFileSync(join(ROOT, "bench", "ACCURACY.md"), "utf8")).toBe(renderAccuracy(res));
  });

  it("predicts the 9.3 report's footprint from the 9.2 report's through the release carry (+/-6%)", () => {
    // 001 prints 91 KB at 1KB for MQ 9.2, 000 prints 90 KB for 9.3: 91 x (1 +/- 6%) = 85.54..96.46
    const c = find("000.chin-footprint-per-channel", "messageSize=1024; footprint", "001.chin-footprint-per-channel");
    expect(c.target.raw).toBe("90");
    expect(c.predicted!.value).toBe(91);
    expect(c.predicted!.low).toBeCloseTo(91 * 0.94, 8);
    expect(c.predicted!.high).toBeCloseTo(91 * 1.06, 8);
    expect(c.errorPct).toBeCloseTo(((91 - 90) / 90) * 100, 8);
    expect(c.contains).toBe(true);
  });

  it("uses the other report's own row where it measured the same release, with no carry", () => {
    const c = find(
      "000.chin-footprint-svrconn",
      "release=9.2, sharecnv=10, messageSize=65536; footprint",
      "001.chin-footprint-svrconn",
    );
    // 000 prints 383 KB, 001 prints 373 KB for the same release: a storage point, so a miss of 2.68%
    expect(c.target.raw).toBe("383");
    expect(c.predicted).toMatchObject({ value: 373, low: 373, high: 373 });
    expect(c.contains).toBe(false);
    expect(c.note).toContain("above the high end");
  });

  it("matches a figure to a table cell by subject and conditions ('approximately 4.9KB' both ways)", () => {
    const c = find("000.csa-per-connection-svrconn-sharecnv1", "", "001.csa-per-connection");
    // "approximately 4.9KB": half a unit of the last digit either way, 4.85..4.95
    expect(c.predicted!.low).toBeCloseTo(4.85, 8);
    expect(c.predicted!.high).toBeCloseTo(4.95, 8);
    expect(c.contains).toBe(true);
  });

  it("matches differently named tables by measure and cipher (IANA names as MQ CipherSpecs)", () => {
    const c = find(
      "003.tls-channel-start-z15",
      "cipher=ECDHE_RSA_AES_256_CBC_SHA384; channelStartCost",
      "001.tls-channel-start-by-cipher",
    );
    // 001 line 1114: TLS_ECDHE_RSA_WITH_AES_256_CBC_SHA384 starts at 3.91 ms; 003 line 451: 3.9 ms.
    // 3.91 x (1 +/- 6%) run-to-run = 3.6754..4.1446, which holds 3.9
    expect(c.from.raw).toBe("3.91");
    expect(c.predicted!.low).toBeCloseTo(3.91 * 0.94, 8);
    expect(c.predicted!.high).toBeCloseTo(3.91 * 1.06, 8);
    expect(c.contains).toBe(true);
    expect(c.matchedBy).toContain("test conditions differ");
  });

  it("sums up the cases it lists", () => {
    const predicted = res.cases.filter((c) => c.predicted);
    expect(res.summary.cases).toBe(res.cases.length);
    expect(res.summary.predicted).toBe(predicted.length);
    expect(res.summary.containsPct).toBeCloseTo(
      (predicted.filter((c) => c.contains).length / predicted.length) * 100,
      8,
    );
    // every case with no prediction says why
    for (const c of res.cases.filter((x) => !x.predicted)) expect(c.noPrediction).toBeTruthy();
  });
});
