import { describe, expect, it } from "vitest";
import { run } from "./helpers/cli.js";

describe("mqzcap CLI", () => {
  it("estimates the quickstart as a table showing 4,643 channels", () => {
    const r = run(["estimate", "examples/quickstart.yaml"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/CLIENTS: channels that fit free CHIN storage\s+4,643 channels/);
    expect(r.stdout.split("\n").every((l) => l.length <= 100)).toBe(true);
  });

  it("writes JSON that cites seed 000 with the line range and is byte-identical run to run", () => {
    const a = run(["estimate", "examples/quickstart.yaml", "--format", "json"]);
    const b = run(["estimate", "examples/quickstart.yaml", "--format", "json"]);
    expect(a.code).toBe(0);
    expect(a.stdout).toBe(b.stdout);
    const e = JSON.parse(a.stdout);
    expect(Object.keys(e).slice(0, 3)).toEqual(["format", "mqzcap", "name"]);
    expect(e.format).toBe("mqzcap/estimate@1");
    const cap = e.items.find((i: { id: string }) => i.id === "storage.chin-capacity.CLIENTS");
    expect(cap.value).toBe(4643);
    expect(cap.citations).toContainEqual(
      expect.objectContaining({ id: "000.chin-footprint-svrconn", source: "000", lines: "336-347" }),
    );
  });

  it("exits 2 with file:line:col and a caret for a bad config, and no stack trace", () => {
    const r = run(["estimate", "-"], { input: "" });
    expect(r.code).toBe(2);
    const bad = run(["validate", "test/fixtures/misspelt.yaml"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('test/fixtures/misspelt.yaml:3:3: error: unknown key "mesageSize" in workload');
    expect(bad.stderr).toContain("^");
    expect(bad.stderr).toContain('did you mean "messageSize"?');
    expect(bad.stderr).not.toMatch(/\n[ \t]+at /);
  });

  it("has help on each command and the schema command prints JSON Schema", () => {
    for (const c of ["estimate", "diff", "compare", "sweep", "chart", "validate", "schema", "models"]) {
      const r = run([c, "--help"]);
      expect(r.code, c).toBe(0);
      expect(r.stdout).toContain("Usage: mqzcap " + c);
    }
    const s = JSON.parse(run(["schema"]).stdout);
    expect(s.$schema).toBe("http://json-schema.org/draft-07/schema#");
  });

  it("exits 1 under --strict when the estimate has warnings", () => {
    const r = run(["estimate", "test/fixtures/extrapolated.yaml", "--strict"]);
    expect(r.stderr).toContain("--strict");
    expect(r.code).toBe(1);
  });

  it("lists and shows models and reports coverage as JSON", () => {
    expect(run(["models", "show", "000.chin-footprint-svrconn"]).stdout).toContain(
      "release=9.3 sharecnv=1 messageSize=32768 footprint: 232",
    );
    const cov = JSON.parse(run(["models", "coverage", "--format", "json"]).stdout);
    expect(cov.format).toBe("mqzcap/coverage@1");
    expect(cov.bySource).toHaveLength(5);
    // The other direction: which rule reads each table, figure and formula, or why none does.
    const peak = cov.entries.find((e: { id: string }) => e.id === "000.peak-log-rate-per-copy");
    expect(peak.rules).toContain("logging");
    expect(Array.isArray(cov.unusedWithoutReason)).toBe(true);
    expect(cov.use.read + cov.use.context + cov.use.unused).toBe(cov.use.entries);
    const text = run(["models", "coverage", "--entries"]).stdout;
    expect(text).toContain("  000.peak-log-rate-per-copy: read by logging\n");
    expect(text).toMatch(/tables, figures and formulas read by a rule: \d+ of \d+; context/);
  });

  it("lists every model entry with its id whole, so that `models show` takes it as printed", () => {
    const ids = JSON.parse(run(["models", "list", "--format", "json"]).stdout).map((e: { id: string }) => e.id);
    const text = run(["models", "list"]).stdout.trimEnd().split("\n");
    expect(text.at(-1)).toBe(`${ids.length} entries`);
    expect(text.slice(0, -1).map((l) => l.split(" ")[0])).toEqual(ids);
    for (const l of text) expect(l.length).toBeLessThanOrEqual(100);
  });
});

describe("mqzcap CLI reports", () => {
  it("writes every format of estimate and diff to standard output and to --out", async () => {
    const { mkdtempSync, readFileSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const { join } = await import("node:path");
    const dir = mkdtempSync(join(tmpdir(), "mqzcap-formats-"));
    const checks: Record<string, (s: string) => boolean> = {
      table: (s) => s.includes("4,643 channels"),
      json: (s) => JSON.parse(s).format === "mqzcap/estimate@1",
      md: (s) => s.startsWith("# mqzcap estimate") && s.includes("| "),
      markdown: (s) => s.startsWith("# mqzcap estimate") && s.includes("| "),
      csv: (s) => s.split("\r\n")[0]!.startsWith("section,id,concern,label"),
      html: (s) => /^<!doctype html>/i.test(s) && s.includes("<canvas"),
    };
    for (const [format, ok] of Object.entries(checks)) {
      const r = run(["estimate", "examples/quickstart.yaml", "--format", format]);
      expect(r.code, format).toBe(0);
      expect(ok(r.stdout), format).toBe(true);
      const out = join(dir, `q.${format}`);
      expect(run(["estimate", "examples/quickstart.yaml", "--format", format, "--out", out]).code).toBe(0);
      expect(ok(readFileSync(out, "utf8")), `${format} --out`).toBe(true);
      const d = run(["diff", "examples/tls12-before.yaml", "examples/tls13-renegotiation.yaml", "--format", format]);
      expect(d.code, `diff ${format}`).toBe(0);
      expect(d.stdout.length).toBeGreaterThan(100);
    }
  });

  it("diff shows every changed line with delta and percentage, and new gaps", () => {
    const r = run(["diff", "examples/tls12-before.yaml", "examples/tls13-renegotiation.yaml", "--format", "json"]);
    const d = JSON.parse(r.stdout);
    expect(d.format).toBe("mqzcap/diff@1");
    // TLS 1.2 stop 920-940 us (midpoint 930) x 5/s = 4,650 us/s; TLS 1.3 940-960 (950) x 5 = 4,750 (seed 001 line 1159)
    const stop = d.lines.find((l: { key: string }) => l.key === "tls.channel-stop.TO.PARTNER");
    expect(stop).toMatchObject({ before: 4650, after: 4750, delta: 100 });
    // JSON numbers keep 6 significant digits
    expect(stop.percent).toBeCloseTo((100 / 4650) * 100, 4);
    expect(d.gaps.added.some((g: string) => g.includes("TLS_AES_256_GCM_SHA384"))).toBe(true);
  });

  it("sweeps message size through the sizes the data has, with progress on standard error", () => {
    const r = run(
      [
        "sweep",
        "examples/zhyperwrite-log-encryption.yaml",
        "--vary",
        "workload.messageSize=1KB..64KB",
        "--metric",
        "logging.log-rate-ceiling",
        "--format",
        "json",
      ],
      {
        env: { MQZCAP_PROGRESS_AFTER_MS: "0" },
      },
    );
    expect(r.code).toBe(0);
    const s = JSON.parse(r.stdout);
    const sizes = s.points.map((p: { inputs: Record<string, number> }) => p.inputs["workload.messageSize"]);
    expect(sizes[0]).toBe(1024);
    expect(sizes.at(-1)).toBe(65536);
    expect(sizes).toContain(32768);
    // the log rate ceiling falls as messages grow: 380 MB/s / ((size + 1.25KB) x 2), mirrored with
    // zHyperWrite: x 386 / 576, the 4MB table's rate with zHyperWrite over none (001 lines 607-609)
    const limits = s.points.map((p: { outputs: Record<string, number> }) => p.outputs["logging.log-rate-ceiling"]);
    expect(limits[0] / (((380 * 1024) / ((1 + 1.25) * 2)) * (386 / 576))).toBeCloseTo(1, 5);
    expect([...limits].sort((a, b) => b - a)).toEqual(limits);
    expect(r.stderr).toMatch(/mqzcap sweep: \d+\/\d+ estimates/);
  });

  it("sweeps to CSV with data only on standard output and the sweep's note on standard error", () => {
    const r = run([
      "sweep",
      "examples/z14-to-z15.yaml",
      "--vary",
      "workload.messageSize=1KB,32KB",
      "--metric",
      "cpu",
      "--format",
      "csv",
    ]);
    expect(r.code).toBe(0);
    expect(
      r.stdout
        .split("\r\n")
        .slice(0, 3)
        .map((l) => l.split(",")[0]),
    ).toEqual(["workload.messageSize", "1KB", "32KB"]);
    expect(r.stderr).toContain("mqzcap sweep: note: baseline.cost is the same at every point");
  });

  it("draws charts from estimate, diff, sweep and chart", async () => {
    const { mkdtempSync, readFileSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const { join } = await import("node:path");
    const dir = mkdtempSync(join(tmpdir(), "mqzcap-charts-"));
    const cases: string[][] = [
      ["estimate", "examples/z14-to-z15.yaml", "--chart", join(dir, "e.png")],
      ["diff", "examples/tls12-before.yaml", "examples/tls13-renegotiation.yaml", "--chart", join(dir, "d.svg")],
      [
        "sweep",
        "examples/ams-privacy.yaml",
        "--vary",
        "workload.rate=400/s,800/s,1600/s",
        "--chart",
        join(dir, "s.png"),
      ],
      ["chart", "examples/quickstart.yaml", "--out", join(dir, "c.png")],
    ];
    for (const c of cases) {
      const r = run(c);
      expect(r.code, c.join(" ")).toBe(0);
      const file = c[c.length - 1]!;
      const bytes = readFileSync(file);
      if (file.endsWith(".png")) expect(bytes.subarray(1, 4).toString()).toBe("PNG");
      else expect(bytes.toString("utf8")).toContain("</svg>");
    }
    expect(run(["chart", "examples/quickstart.yaml", "--out", join(dir, "c.gif")]).code).toBe(2);
  });
});

describe("mqzcap CLI usage errors", () => {
  it("exits 2, never 1, for a usage error in any command", () => {
    for (const args of [
      ["estimate"],
      ["estimate", "examples/quickstart.yaml", "--format", "xml"],
      ["models", "show"],
      ["frobnicate"],
      ["sweep", "examples/quickstart.yaml"],
      ["compare"],
      ["compare", "examples/quickstart.yaml", "examples/z14-to-z15.yaml", "--format", "xml"],
    ]) {
      const r = run(args);
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.stderr).not.toMatch(/\n[ \t]+at /);
    }
  });
});

describe("mqzcap terminal output", () => {
  it("uses colour only when asked for a terminal, and never under NO_COLOR", () => {
    const esc = "\u001b[";
    expect(run(["estimate", "examples/ams-privacy.yaml"]).stdout).not.toContain(esc);
    expect(
      run(["estimate", "examples/ams-privacy.yaml"], { env: { NO_COLOR: "", FORCE_COLOR: "1" } }).stdout,
    ).toContain(esc);
    expect(
      run(["estimate", "examples/ams-privacy.yaml"], { env: { NO_COLOR: "1", FORCE_COLOR: "1" } }).stdout,
    ).not.toContain(esc);
  });
});
