// Chart axis numbers followed the process's locale (1,0 under de_DE, Arabic-Indic digits under ar_EG)
// while every other output prints en-US numbers. The same chart must come out byte for byte the same
// under any locale. Needs dist/ (npx tsx scripts/build.ts --no-types).
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { chartJsConfig, estimateChart } from "../../src/report/chart-spec.js";
import { estimate } from "../../src/api.js";
import { ROOT, run } from "../helpers/cli.js";

const dir = mkdtempSync(join(tmpdir(), "mqzcap-locale-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("chart numbers do not follow the locale", () => {
  it("the same SVG under C, de_DE and ar_EG (Arabic-Indic digits would change every tick)", () => {
    const bytes = ["C", "de_DE.UTF-8", "ar_EG.UTF-8"].map((loc) => {
      const out = join(dir, `chart-${loc}.svg`);
      const r = run(["chart", join(ROOT, "examples", "z14-to-z15.yaml"), "--out", out], {
        env: { LC_ALL: loc, LANG: loc },
      });
      expect(r.code, `${loc}: ${r.stderr}`).toBe(0);
      return readFileSync(out);
    });
    expect(bytes[1]!.equals(bytes[0]!)).toBe(true);
    expect(bytes[2]!.equals(bytes[0]!)).toBe(true);
  });

  it("the Chart.js configuration (PNG, SVG and the HTML report's charts) names en-US", () => {
    const spec = estimateChart(estimate(join(ROOT, "examples", "z14-to-z15.yaml")));
    expect((chartJsConfig(spec).options as { locale?: string }).locale).toBe("en-US");
  });
});
