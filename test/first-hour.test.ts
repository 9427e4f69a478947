// A planner's first hour with the reports (issue #19): --out takes the format from its extension,
// the table fits the terminal, the CSV carries the headline numbers, and --explain puts each limit's
// working under it.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "csv-parse/sync";
import { afterAll, describe, expect, it } from "vitest";
import { estimate } from "../src/api.js";
import { outputFormat, reportWidth } from "../src/cli/out-format.js";
import { FORMATS } from "../src/cli/main.js";
import { diff } from "../src/engine/diff.js";
import { renderCapacityTable } from "../src/report/capacity.js";
import { capacity } from "../src/api.js";
import { ITEM_COLUMNS, renderCsv } from "../src/report/csv.js";
import { renderDiffTable, renderTable } from "../src/report/table.js";
import { CLI, ROOT, run } from "./helpers/cli.js";

const dir = mkdtempSync(join(tmpdir(), "mqzcap-first-hour-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const example = (name: string) => estimate(join(ROOT, "examples", name));
const widest = (text: string) => Math.max(...text.split("\n").map((l) => [...l].length));

describe("--out takes the format from its extension when --format is not given", () => {
  it("chooses by extension, --format first, the table for others and for standard output", () => {
    expect(outputFormat(undefined, "report.html", FORMATS)).toBe("html");
    expect(outputFormat(undefined, "REPORT.HTM", FORMATS)).toBe("html");
    expect(outputFormat(undefined, "r.md", FORMATS)).toBe("md");
    expect(outputFormat(undefined, "r.csv", FORMATS)).toBe("csv");
    expect(outputFormat(undefined, "r.json", FORMATS)).toBe("json");
    expect(outputFormat(undefined, "r.txt", FORMATS)).toBe("table");
    expect(outputFormat(undefined, "r.out", FORMATS)).toBe("table");
    expect(outputFormat(undefined, undefined, FORMATS)).toBe("table");
    expect(outputFormat(undefined, "-", FORMATS)).toBe("table");
    expect(outputFormat("json", "report.html", FORMATS)).toBe("json");
    expect(() => outputFormat(undefined, "s.html", ["table", "json", "csv"])).toThrow(/does not write html/);
  });

  it("writes HTML, Markdown, CSV and JSON files for estimate, diff, compare, sweep and capacity", () => {
    const q = "examples/quickstart.yaml";
    const z = "examples/z14-to-z15.yaml";
    const runs: [string, string[], string, RegExp][] = [
      ["estimate", ["estimate", q], "e.html", /^<!doctype html>/i],
      ["estimate", ["estimate", q], "e.md", /^# mqzcap estimate/],
      ["estimate", ["estimate", q], "e.csv", /^section,id,concern,label/],
      ["estimate", ["estimate", q], "e.json", /^\{\n {2}"format": "mqzcap\/estimate@1"/],
      ["estimate", ["estimate", q], "e.txt", /^mqzcap estimate: quickstart/],
      [
        "diff",
        ["diff", "examples/tls12-before.yaml", "examples/tls13-renegotiation.yaml"],
        "d.html",
        /^<!doctype html>/i,
      ],
      ["compare", ["compare", q, z], "c.csv", /^output,unit,/],
      ["sweep", ["sweep", q, "--vary", "workload.messageSize=1KB,32KB"], "s.csv", /^workload\.messageSize,/],
      ["sweep", ["sweep", q, "--vary", "workload.messageSize=1KB,32KB"], "s.json", /^\{/],
      ["sweep", ["sweep", q, "--vary", "workload.messageSize=1KB,32KB"], "s.html", /^<!doctype html>/],
      ["capacity", ["capacity", "examples/how-far-order-entry.yaml"], "k.md", /^# mqzcap capacity/],
    ];
    for (const [what, args, file, head] of runs) {
      const r = run([...args, "--out", join(dir, file)]);
      // (compare and sweep CSV send their notes to standard error: CSV is data only)
      expect(r.stderr, `${what} ${file}`).not.toMatch(/error/);
      expect(r.code, `${what} ${file}`).toBe(0);
      expect(readFileSync(join(dir, file), "utf8"), `${what} ${file}`).toMatch(head);
    }
    // An extension the command does not write is refused before anything is written.
    const bad = run(["sweep", q, "--vary", "workload.messageSize=1KB,32KB", "--out", join(dir, "s.md")]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("does not write md");
  });
});

describe("table width", () => {
  it("is the terminal's (at least 80) on a terminal, else 100", () => {
    expect(reportWidth(false, 200)).toBe(100);
    expect(reportWidth(true, 120)).toBe(120);
    expect(reportWidth(true, 60)).toBe(80);
    expect(reportWidth(true, undefined)).toBe(100);
    expect(reportWidth(true, 0)).toBe(100);
  });

  it("lays every table out within 80 columns when asked, and within 100 by default", () => {
    for (const name of ["z14-to-z15.yaml", "quickstart.yaml", "how-far-order-entry.yaml"]) {
      const e = example(name);
      for (const explain of [false, true]) {
        expect(widest(renderTable(e, { explain, width: 80 })), `${name} ${explain}`).toBeLessThanOrEqual(80);
        expect(widest(renderTable(e, { explain })), `${name} ${explain}`).toBeLessThanOrEqual(100);
      }
    }
    const d = diff(example("tls12-before.yaml"), example("tls13-renegotiation.yaml"));
    expect(widest(renderDiffTable(d, { color: false, width: 80 }))).toBeLessThanOrEqual(80);
    const k = capacity(join(ROOT, "examples", "how-far-order-entry.yaml"));
    expect(widest(renderCapacityTable(k, { color: false, width: 80 }))).toBeLessThanOrEqual(80);
    // Wider than 100, the rules span the width.
    expect(renderTable(example("quickstart.yaml"), { width: 140 })).toContain("─".repeat(140));
  });

  it("fits an 80-column terminal (run under script(1), where there is one)", () => {
    const probe = spawnSync("script", ["--version"], { encoding: "utf8" });
    if (probe.status !== 0) return; // no script(1): the unit tests above stand
    const r = spawnSync(
      "script",
      ["-qec", `stty cols 80 rows 50; "${process.execPath}" "${CLI}" estimate examples/z14-to-z15.yaml`, "/dev/null"],
      { cwd: ROOT, encoding: "utf8", env: { ...process.env, NO_COLOR: "1" } },
    );
    expect(r.status).toBe(0);
    const lines = r.stdout.replace(/\r/g, "").split("\n");
    expect(lines).toContain("─".repeat(80));
    expect(Math.max(...lines.map((l) => [...l].length))).toBeLessThanOrEqual(80);
    // Written to a pipe, the same estimate is 100 columns.
    expect(run(["estimate", "examples/z14-to-z15.yaml"]).stdout).toContain("─".repeat(100));
  });
});

describe("--explain", () => {
  const e = example("z14-to-z15.yaml");
  const plain = renderTable(e, {});
  const explained = renderTable(e, { explain: true });

  it("puts each limit's working under that limit, not in a section at the end", () => {
    expect(explained).not.toContain("Limits explained");
    const lines = explained.split("\n");
    const limits = lines.indexOf("Limits");
    const next = lines.findIndex((l, k) => k > limits && /^─+$/.test(l));
    const section = lines.slice(limits, next);
    // Every limit of the estimate has its formula inside the Limits section.
    expect(section.filter((l) => l.startsWith("      formula: ")).length).toBe(e.limits.length);
    // A limit's formula comes after its own line and before the next limit's (the peak's, followed by
    // the CPU-bound rate; MAXCHL's, #28, comes first).
    const first = section.findIndex((l) => l.startsWith("  measured peak"));
    const second = section.findIndex((l) => l.startsWith("  CPU-bound rate"));
    const formula = section.findIndex((l, k) => k > first && l.startsWith("      formula: "));
    expect(first).toBeGreaterThan(0);
    expect(formula).toBeGreaterThan(first);
    expect(formula).toBeLessThan(second);
  });

  it("says --explain shows formulas only when it is off", () => {
    expect(plain).toContain("--explain shows formulas");
    expect(explained).not.toContain("--explain shows formulas");
  });
});

describe("CSV", () => {
  const e = example("z14-to-z15.yaml");
  // csv-parse refuses a record whose field count differs from the header's.
  const rows = parse(renderCsv(e)) as string[][];
  const col = (name: (typeof ITEM_COLUMNS)[number]) => ITEM_COLUMNS.indexOf(name);
  const section = (s: string) => rows.filter((r) => r[0] === s);

  it("has a section column: line items, then totals, CPU, headroom, bottleneck, warnings and gaps", () => {
    expect(rows[0]![0]).toBe("section");
    expect(section("item").length + section("limit").length + section("storage").length).toBe(e.items.length);
    expect(section("limit").length).toBe(e.limits.length);
    expect(section("storage").length).toBe(e.storage.length);
    expect(section("headroom").length).toBe(e.headroom.length);
    expect(section("bottleneck").length).toBe(1);
    expect(section("warning").length).toBe(e.warnings.length);
    expect(section("gap").length).toBe(e.gaps.length + e.needsBaseline.length);
  });

  it("gives the headline numbers the table leads with", () => {
    const value = (id: string) => Number(rows.find((r) => r[col("id")] === id)?.[col("value")]);
    // The z14-to-z15 example's measured baseline (examples/z14-to-z15.yaml): qmgr 38us on z14, scaled
    // by the LSPR ratio the table shows (0.877 x): the baseline row is that product, and total = baseline + added.
    const qm = e.totals.costPerTransaction.find((a) => a.addressSpace === "qmgr")!;
    expect(value("total.cost.qmgr.baseline")).toBeCloseTo(qm.baseline!.value, 3);
    expect(value("total.cost.qmgr")).toBeCloseTo(value("total.cost.qmgr.baseline") + value("total.cost.qmgr.added"), 3);
    expect(value("total.cost")).toBeCloseTo(e.totals.total!.value, 3);
    // CPU seconds per second = total cost per transaction (us) x rate / 1e6, plus the background CPU.
    const cpu = value("cpu.seconds-per-second");
    expect(cpu).toBeCloseTo((e.totals.total!.value * 6000) / 1e6 + value("cpu.background"), 2);
    // On 16 CPs: the share of the LPAR busy is the CPU seconds per second over 16.
    expect(value("cpu.lpar")).toBeCloseTo((cpu / 16) * 100, 1);
    expect(rows.find((r) => r[0] === "bottleneck")![col("unit")]).toBe("%");
  });

  it("keeps every row as wide as the header, and neutralises a formula in a name", () => {
    for (const r of rows) expect(r.length).toBe(ITEM_COLUMNS.length);
    const evil = estimate({ version: 1, name: "x", channels: [{ name: "=HYPERLINK(1)", type: "sender" }] });
    const cells = (parse(renderCsv(evil)) as string[][]).flat();
    expect(cells.some((c) => c.startsWith("="))).toBe(false);
    expect(cells.some((c) => c.startsWith("'=HYPERLINK(1)"))).toBe(true);
  });
});
