// Ranges shown everywhere (#16 point 2): diff and compare say whether a change is larger than the
// uncertainty of both sides, charts carry error bars and bands, sweeps carry each output's range.
// Expected values are the arithmetic shown beside them.
import { describe, expect, it } from "vitest";
import { estimate } from "../src/api.js";
import { compare } from "../src/engine/compare.js";
import { diff } from "../src/engine/diff.js";
import { sweep } from "../src/engine/sweep.js";
import { shippedRegistry } from "../src/model/models.js";
import { chartJsConfig, estimateChart, sweepChart } from "../src/report/chart-spec.js";
import { RANGES_PLUGIN_SOURCE } from "../src/report/chart-ranges.js";
import { renderCompareCsv, renderDiffCsv, renderSweepCsv } from "../src/report/csv.js";
import { renderCompareHtml, renderHtml } from "../src/report/html.js";
import { renderCompareMarkdown, renderDiffMarkdown, renderMarkdown } from "../src/report/markdown.js";
import { renderCompareTable, renderDiffTable, renderSweepTable } from "../src/report/table.js";
import { fmtRange } from "../src/report/text.js";

/** A plan whose whole cost per transaction is qmgr 100us plus an application cost written as given. */
const plan = (app: string) => ({
  version: 1,
  name: `app ${app}`,
  mq: { release: "9.3" },
  hardware: { generation: "z15" },
  baseline: { rate: "5000/s", cost: { qmgr: "100us", app } },
  workload: { pattern: "request-reply", rate: "5000/s" },
});
// 100 + 30 = 130us, 100 + 27 = 127 to 100 + 33 = 133.
const A = estimate(plan("30us ±10%"));
// 100 + 31 = 131us, 100 + 27.9 = 127.9 to 100 + 34.1 = 134.1: overlaps A's 127..133.
const B = estimate(plan("31us ±10%"));
// 100 + 60 = 160us, 100 + 54 = 154 to 100 + 66 = 166: above A's 133.
const C = estimate(plan("60us ±10%"));

describe("diff and compare against the noise", () => {
  it("diff calls a change within the noise when the two ranges overlap, beyond it when they do not", () => {
    const within = diff(A, B).lines.find((l) => l.key === "total.cost")!;
    expect([within.before, within.after]).toEqual([130, 131]);
    expect(within.beforeLow).toBeCloseTo(127, 9);
    expect(within.afterHigh).toBeCloseTo(134.1, 9);
    expect(within.noise).toBe("within");
    const beyond = diff(A, C).lines.find((l) => l.key === "total.cost")!;
    expect([beyond.afterLow, beyond.afterHigh].map((x) => Number(x!.toFixed(9)))).toEqual([154, 166]);
    expect(beyond.noise).toBe("beyond");
  });

  it("diff reports say so: the table marks ~ and explains it, Markdown has a noise column, CSV the ranges", () => {
    const d = diff(A, B);
    const table = renderDiffTable(d, { color: false });
    expect(table).toMatch(/\+0\.769% ~/); // (131 - 130) / 130 = 0.769%
    expect(table).toContain("~ within the noise: the change is smaller than the uncertainty of both sides");
    const md = renderDiffMarkdown(d);
    expect(md).toContain("| line | unit | before | after | change | change % | noise | status |");
    expect(md).toContain("| 130 (127–133) | 131 (128–134) |");
    expect(md).toContain("within the noise");
    const csv = renderDiffCsv(d).split("\r\n");
    expect(csv[0]).toBe(
      "key,label,kind,unit,before,after,delta,percent,status,beforeLow,beforeHigh,afterLow,afterHigh,noise",
    );
    expect(csv.find((r) => r.startsWith("total.cost,"))).toMatch(/,127,133,127\.9,134\.1,within$/);
  });

  it("compare gives each value's range and its verdict against the first scenario", () => {
    const r = compare(
      [
        { file: "a.yaml", estimate: A },
        { file: "c.yaml", estimate: C },
        { file: "b.yaml", estimate: B },
      ],
      ["cost.total"],
    );
    expect(r.values["cost.total"]).toEqual([130, 160, 131]);
    expect(r.noise["cost.total"]).toEqual([null, "beyond", "within"]);
    const [a, c] = r.ranges["cost.total"]!;
    expect([a!.low, a!.high]).toEqual([127, 133]);
    expect([c!.low, c!.high].map((x) => Number(x.toFixed(9)))).toEqual([154, 166]);
  });

  const abc = compare(
    [
      { file: "a.yaml", estimate: A },
      { file: "c.yaml", estimate: C },
      { file: "b.yaml", estimate: B },
    ],
    ["cost.total"],
  );

  it("compare CSV appends each scenario's low and high, then each later one's verdict, after the old columns", () => {
    const csv = renderCompareCsv(abc).split("\r\n");
    // The columns a reader had come first, unchanged.
    expect(csv[0]).toBe(
      "output,unit,app 30us ±10%,app 60us ±10%,app 31us ±10%," +
        "app 30us ±10% low,app 30us ±10% high,app 60us ±10% low,app 60us ±10% high,app 31us ±10% low,app 31us ±10% high," +
        "app 60us ±10% noise,app 31us ±10% noise",
    );
    // 130 (127..133), 160 (154..166): beyond; 131 (127.9..134.1): within.
    expect(csv[1]).toBe("cost.total,us,130,160,131,127,133,154,166,127.9,134.1,beyond,within");
    // Rows with no range (gaps, warnings, bottleneck) leave the appended columns empty.
    expect(csv.find((r) => r.startsWith("gaps,"))).toMatch(/^gaps,,\d+,\d+,\d+,,,,,,,,$/);
  });

  it("compare's table, Markdown and HTML print each value with its range and mark ~ within the noise", () => {
    const table = renderCompareTable(abc, { color: false });
    expect(table).toContain("130 (127–133)");
    expect(table).toContain("160 (154–166)");
    expect(table).toContain("131 (128–134) ~");
    expect(table).toContain("~ within the noise of the first scenario");
    const md = renderCompareMarkdown(abc);
    expect(md).toMatch(/\| 130 \(127–133\) \| 160 \(154–166\) \| 131 \(128–134\) \\?~ \|/);
    const html = renderCompareHtml(abc);
    expect(html).toContain("131 (128–134) ~");
    expect(html).toContain("within the noise of the first scenario");
  });
});

describe("charts and sweeps carry ranges", () => {
  it("an estimate chart puts the total's range on the top of each stack", () => {
    const spec = estimateChart(A);
    expect(spec.labels).toEqual(["queue manager", "application"]);
    const top = spec.datasets.at(-1)!;
    // qmgr 100us exact; app 27..33us (no added cost: the total is the baseline).
    expect(top.ranges).toEqual([
      [100, 100],
      [27, 33],
    ]);
    const config = chartJsConfig(spec);
    expect(config.data.datasets.at(-1)!.mqzcapRanges).toEqual(top.ranges);
    // The axis reaches the highest range end: 100.
    expect((config.options.scales as { y: { suggestedMax?: number } }).y.suggestedMax).toBe(100);
  });

  it("a sweep point carries each output's range, and its chart a band", () => {
    const r = sweep(plan("30us ±10%"), [{ path: "workload.rate", values: [4000, 6000] }], shippedRegistry(), ["cpu"]);
    // CPU = cost x rate: 127 x 4000 / 1e6 = 0.508 to 133 x 4000 / 1e6 = 0.532; at 6000: 0.762 to 0.798.
    const ends = r.points.map((p) => p.ranges.cpu!.map((x) => Number(x.toFixed(9))));
    expect(ends).toEqual([
      [0.508, 0.532],
      [0.762, 0.798],
    ]);
    const spec = sweepChart(
      r.points.map((p) => ({ x: String(p.inputs["workload.rate"]), values: p.outputs, ranges: p.ranges })),
      { title: "t", xLabel: "x", yLabel: "y" },
    );
    expect(spec.datasets[0]!.ranges).toEqual(r.points.map((p) => p.ranges.cpu));
  });

  it("a sweep's CSV appends each output's low and high after the columns it had; the table puts them in the cell", () => {
    const r = sweep(plan("30us ±10%"), [{ path: "workload.rate", values: [4000, 6000] }], shippedRegistry(), ["cpu"]);
    const csv = renderSweepCsv(r).split("\r\n");
    expect(csv[0]).toBe("workload.rate,cpu,cpu low,cpu high");
    // 130 x 4000 / 1e6 = 0.52 (0.508..0.532); 130 x 6000 / 1e6 = 0.78 (0.762..0.798).
    expect(csv.slice(1, 3)).toEqual(["4000,0.52,0.508,0.532", "6000,0.78,0.762,0.798"]);
    const [names, units, ...rows] = renderSweepTable(r).trimEnd().split("\n");
    expect(names!.trim().split(/\s+/)).toEqual(["workload.rate", "cpu"]);
    expect(units!.trim().split(/\s{2,}/)).toEqual(["CPU s/s"]);
    // As the estimate prints a range: the value, then its ends in brackets.
    expect(rows.map((row) => row.trim().split(/\s{2,}/))).toEqual([
      ["4000", "0.52 (0.508–0.532)"],
      ["6000", "0.78 (0.762–0.798)"],
    ]);
  });

  it("the ranges plugin is one self-contained object, the same text for Node and the browser", () => {
    const plugin = new Function(`return ${RANGES_PLUGIN_SOURCE};`)() as { id: string; afterDatasetsDraw: unknown };
    expect(plugin.id).toBe("mqzcapRanges");
    expect(typeof plugin.afterDatasetsDraw).toBe("function");
  });
});

describe("a range in the text table", () => {
  it("prints the value at the ends' digits when the ends need more than the value's", () => {
    // 0.00478 MB rounds to "0.005" at fmt's three places, outside 0.00474..0.00483: all three get
    // three significant digits instead.
    expect(fmtRange({ value: 0.00478, low: 0.00474, high: 0.00483 }, "MB")).toBe("0.00478 MB (0.00474–0.00483)");
    // Below 0.1 all three take three significant digits: fmt's three places would print 0.005 (0.004–0.005).
    expect(fmtRange({ value: 0.00479, low: 0.0045, high: 0.00508 }, "MB")).toBe("0.00479 MB (0.0045–0.00508)");
    // One of a counted unit is singular.
    expect(fmtRange({ value: 1, low: 1, high: 1 }, "channels")).toBe("1 channel");
    expect(fmtRange({ value: 2, low: 2, high: 2 }, "channels")).toBe("2 channels");
    // 140 (128..155) needs no more digits than the value's.
    expect(fmtRange({ value: 140, low: 128, high: 155 }, "us")).toBe("140 us (128–155)");
  });
});

describe("the CPU line of the HTML and Markdown reports", () => {
  it("gives the CPU at the rate once, with its range: CPU seconds per second are the engines busy", () => {
    // A: 130us (127..133) x 5000/s = 0.65 CPU s/s (0.635..0.665).
    for (const text of [renderHtml(A), renderMarkdown(A)]) {
      const line = text.split("\n").find((l) => l.includes("CPU s/s"))!;
      expect(line).toContain("0.65 CPU s/s (0.635–0.665) (engines busy)");
      expect(line.split("0.65").length - 1).toBe(1);
    }
  });
});

describe("a negative range in the text table", () => {
  it("joins its ends with 'to', not a dash beside a minus sign", () => {
    expect(fmtRange({ value: -551, low: -803, high: -267 }, "channels")).toBe("-551 channels (-803 to -267)");
  });
});
