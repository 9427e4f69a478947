// The terminal table: sections named as a planner names them, and long labels wrapped, never cut.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { estimate } from "../src/api.js";
import { diff } from "../src/engine/diff.js";
import { renderDiffTable, renderSweepTable, renderTable } from "../src/report/table.js";
import { mergeCitations } from "../src/report/text.js";
import { sweep } from "../src/engine/sweep.js";
import { loadModelDir } from "../src/model/loader.js";
import { Registry } from "../src/model/registry.js";
import { parseDocument } from "yaml";
import { ROOT } from "./helpers/cli.js";

const example = (name: string) => estimate(join(ROOT, "examples", name));

describe("terminal table", () => {
  const text = renderTable(example("z14-to-z15.yaml"), { color: false, explain: false });
  const lines = text.split("\n");

  it("heads the sections with names (TLS, SMF, Storage, Hardware), not concern ids", () => {
    for (const heading of ["TLS", "SMF", "Storage", "Hardware"]) expect(lines).toContain(heading);
    for (const id of ["tls", "smf", "storage", "hardware"]) expect(lines).not.toContain(id);
  });

  it("wraps a label too long for its column under itself, keeping every word, within 100 columns", () => {
    // The SMF items' labels are 55 and 59 characters: longer than the 51-column label.
    const at = lines.findIndex((l) => l.includes("class(3) SMF writes, 40 long-running task(s)"));
    expect(at).toBeGreaterThan(0);
    expect(lines[at]).toMatch(/2\.67 us\/s/); // the value stays on the label's first line
    expect(`${lines[at]!.slice(0, 54).trim()} ${lines[at + 1]!.trim()}`).toBe(
      "class(3) SMF writes, 40 long-running task(s) every 60 s",
    );
    expect(lines[at + 1]).toMatch(/^ {4}\S/); // continuation indented under the label
    expect(text).not.toContain("…");
    for (const l of lines) expect(l.length).toBeLessThanOrEqual(100);
  });

  it("wraps long labels in a diff the same way", () => {
    const before = example("tls12-before.yaml");
    const after = example("tls13-renegotiation.yaml");
    const out = renderDiffTable(diff(before, after), { color: false });
    expect(out).not.toContain("…");
    expect(out).toContain("FROM.PARTNER: renegotiation CPU, 3.8 ms each");
    expect(out).toMatch(/\n {2}\(z15\) \(us\/s\)\n/);
    for (const l of out.split("\n")) expect(l.length).toBeLessThanOrEqual(100);
  });

  it("prints what the golden file keeps for the example", () => {
    expect(text).toBe(readFileSync(join(ROOT, "examples/golden/z14-to-z15.txt"), "utf8"));
  });
});

describe("sweep table", () => {
  const registry = new Registry(loadModelDir(join(ROOT, "models"), { displayRoot: ROOT }));
  const base = parseDocument(readFileSync(join(ROOT, "examples/z14-to-z15.yaml"), "utf8")).toJS() as Record<
    string,
    unknown
  >;

  it("names every column in full, with its unit under it, and sizes as the config writes them", () => {
    const r = sweep(base, [{ path: "workload.messageSize", values: [1024, 32768] }], registry, ["cost.total", "cpu"]);
    expect(r.units).toEqual({ "cost.total": "us", cpu: "CPU s/s" });
    const [names, units, ...rows] = renderSweepTable(r).trimEnd().split("\n");
    // One column per output (its range, where it has one, in the cell: test/ranges-shown.test.ts).
    expect(names!.trim().split(/\s{2,}/)).toEqual(["workload.messageSize", "cost.total", "cpu"]);
    expect(units!.trim().split(/\s{2,}/)).toEqual(["us", "CPU s/s"]);
    // Two points, then the note.
    expect(rows.slice(0, 2).map((row) => row.trim().split(/\s+/)[0])).toEqual(["1KB", "32KB"]);
    // The example has a baseline: a size sweep cannot change it, and the table says so.
    expect(r.notes).toEqual([
      "baseline.cost is the same at every point: it was measured at one value of workload.messageSize, and only the costs the sources give change with it",
    ]);
    expect(renderSweepTable(r)).toContain("note: baseline.cost is the same at every point");
  });

  it("adds no note when the sweep varies what a baseline holds for (the rate)", () => {
    expect(sweep(base, [{ path: "workload.rate", values: [1000, 2000] }], registry, ["cpu"]).notes).toEqual([]);
  });
});

describe("citations in reports", () => {
  it("cite an entry once, its line ranges joined in order, other entries kept apart", () => {
    const c = (id: string, lines: string) =>
      ({ id, source: "001", title: "T", section: "S", lines, file: "f.yaml" }) as const;
    expect(mergeCitations([c("a", "654"), c("b", "10-12"), c("a", "656"), c("a", "654"), c("a", "657, 660")])).toEqual([
      c("a", "654, 656, 657, 660"),
      c("b", "10-12"),
    ]);
  });

  it("show the zHyperWrite example's disk-write line with one source line for three figures", () => {
    const text = renderTable(example("zhyperwrite-log-encryption.yaml"), { color: false, explain: true });
    // The citation names the report and section a reader can find (no seed line numbers); its
    // wrapped lines joined.
    const flat = text.replace(/\n {6,}/g, " ");
    expect(flat).toMatch(
      /source: MQ for z\/OS Performance Report, IBM MQ for z\/OS 9\.2, Chapter 4 > zHyperWrite support[^\n]*\[001\.log-disk-write-multiplier\]/,
    );
    expect(text).not.toContain("seed 001");
    expect(text.match(/\[001\.log-disk-write-multiplier\]/g)).toHaveLength(1);
  });
});

describe("totals explained (#28 item 10)", () => {
  it("shows a percentage's own share of the baseline, the absolute items apart, adding to the total", () => {
    const e = example("zhyperwrite-log-encryption.yaml");
    const text = renderTable(e, { color: false, explain: true }).replace(/\n {4,}(?![+ ])/g, " ");
    // zHyperWrite with dual logs: "more typically 6%" (001 line 597) of the 60 us queue manager baseline
    // = 3.6 us; the log encryption item is listed on its own line, not again inside the 6% line.
    expect(text).toContain("queue manager: 6% (0–12.9) of the baseline = 3.6 us");
    const qmgr = e.totals.costPerTransaction.find((c) => c.addressSpace === "qmgr")!;
    const enc = e.items.filter((i) => i.metric === "cpu-per-txn" && i.addressSpace === "qmgr");
    // baseline + 6% of it + the listed items = the queue manager's total
    expect(60 + 0.06 * 60 + enc.reduce((s, i) => s + i.value, 0)).toBeCloseTo(qmgr.total!.value, 9);
  });
});
