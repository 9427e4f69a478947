import { describe, expect, it } from "vitest";
import { run } from "./helpers/cli.js";

describe("mqzcap CLI", () => {
  it("estimates the quickstart as a table showing 4,643 channels", () => {
    const r = run(["estimate", "examples/quickstart.yaml"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/CLIENTS: server-connection channels that fit free CHIN storage\s+4,643 channels/);
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
    expect(bad.stderr).not.toMatch(/\n\s+at /);
  });

  it("has help on each command and the schema command prints JSON Schema", () => {
    for (const c of ["estimate", "validate", "schema", "models"]) {
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
  });
});
