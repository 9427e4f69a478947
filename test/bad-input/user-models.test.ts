// A --models folder of the user's own model files: validated like the shipped ones, laid over them,
// and every value from it shown as user-supplied. Needs dist/ (npx tsx scripts/build.ts --no-types).
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ROOT, run } from "../helpers/cli.js";

let dir = "";

/** Overrides the MQ 9.3 report's 80% channel initiator headroom guideline with a site standard of 70%. */
const HEADROOM_70 = `kind: data
source: "000"
title: Our site's channel initiator headroom
appliesTo: { releases: ["9.3"], hardware: [z15] }
figures:
  - id: 000.chin-storage-headroom
    inventory: []
    section: Site standard > CHIN storage headroom
    lines: 1
    quote: keep channel initiator storage below 70%
    subject: chin-storage-headroom
    unit: percent
    addressSpace: chin
    value: { raw: "70%" }
`;

interface Citation {
  id: string;
  userSupplied?: boolean;
}
interface Item {
  id: string;
  value: number;
  formula: string;
  confidence: string;
  inputs: Record<string, { value: number; from: string }>;
  citations: Citation[];
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "mqzcap-models-"));
  mkdirSync(join(dir, "models"));
  copyFileSync(join(ROOT, "examples", "quickstart.yaml"), join(dir, "plan.yaml"));
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const capacity = (json: string): Item =>
  (JSON.parse(json) as { items: Item[] }).items.find((i) => i.id === "storage.chin-capacity.CLIENTS")!;

describe("--models: user-supplied model files", () => {
  it("an override of 000.chin-storage-headroom (70%) changes the channel count and is marked user-supplied in JSON", () => {
    writeFileSync(join(dir, "models", "headroom.yaml"), HEADROOM_70);
    const shipped = run(["estimate", "plan.yaml", "--format", "json"], { cwd: dir });
    const mine = run(["estimate", "plan.yaml", "--format", "json", "--models", "models"], { cwd: dir });
    expect(shipped.code, shipped.stderr).toBe(0);
    expect(mine.code, mine.stderr).toBe(0);

    const before = capacity(shipped.stdout);
    expect(before.value).toBe(4643);
    expect(before.confidence).not.toBe("user-supplied");
    expect(before.citations.some((c) => c.userSupplied)).toBe(false);

    // The MQ 9.3 report's worked example (CSQX004I: 120 MB used, 1346 MB free; SHARECNV(1) at 32KB is
    // 232 KB a channel) with 70% in place of 80%: floor(0.7 x 1466) = 1026 MB, 1026 - 120 = 906 MB,
    // floor(906 x 1024 / 232) = 3998 channels.
    const usable = Math.floor(0.7 * (120 + 1346));
    expect(usable).toBe(1026);
    const expected = Math.floor(((usable - 120) * 1024) / 232);
    expect(expected).toBe(3998);

    const after = capacity(mine.stdout);
    expect(after.value).toBe(expected);
    expect(after.inputs.headroom).toMatchObject({ value: 70, from: "000.chin-storage-headroom" });
    expect(after.formula).toContain("70%");
    expect(after.formula).toContain("906 MB");
    expect(after.confidence).toBe("user-supplied");
    const headroom = after.citations.find((c) => c.id === "000.chin-storage-headroom");
    expect(headroom).toMatchObject({ userSupplied: true, file: "models/headroom.yaml" });
    // The shipped footprint table is still the report's, not the user's.
    const footprint = after.citations.find((c) => c.id === "000.chin-footprint-svrconn");
    expect(footprint).toBeDefined();
    expect(footprint!.userSupplied).toBeUndefined();
  });

  it("shows the override as user-supplied in --explain output", () => {
    writeFileSync(join(dir, "models", "headroom.yaml"), HEADROOM_70);
    const r = run(["estimate", "plan.yaml", "--explain", "--models", "models"], { cwd: dir });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(
      /CLIENTS: channels that fit free CHIN storage\s+3,998 channels \([\d,]+–[\d,]+\) \[user-supplied\]/,
    );
    expect(r.stdout).toMatch(/headroom =\s+70 percent \(000\.chin-storage-headroom\)/);
    expect(r.stdout).toMatch(/confidence: user-supplied/);
    expect(r.stdout).toMatch(
      /Site standard > CHIN\s+storage headroom \[000\.chin-storage-headroom\] \(user-supplied\)/,
    );
    const plain = run(["estimate", "plan.yaml", "--explain"], { cwd: dir });
    expect(plain.stdout).toContain("4,643 channels");
    // Without the override no model entry is the user's: no citation says so, and the channels that fit
    // are measured (the budget line is the user's CHIN storage figures, user-supplied either way).
    expect(plain.stdout).not.toContain("(user-supplied)");
    expect(plain.stdout).toMatch(/CLIENTS: channels that fit free CHIN storage\s+4,643 channels \([\d,]+–[\d,]+\)\n/);
  });

  it("reports a bad model file in the folder by file, path and line:col, and exits 2", () => {
    writeFileSync(join(dir, "models", "headroom.yaml"), HEADROOM_70);
    writeFileSync(join(dir, "models", "misspelt.yaml"), HEADROOM_70.replace("    quote:", "    qoute:"));
    for (const args of [
      ["estimate", "plan.yaml", "--models", "models"],
      ["estimate", "plan.yaml", "--format", "json", "--models", "models"],
      ["validate", "plan.yaml", "--models", "models"],
    ]) {
      const r = run(args, { cwd: dir });
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.stdout).toBe("");
      expect(r.stderr).toContain('models/misspelt.yaml:10:5: error: unknown key "qoute" in figures.0');
      expect(r.stderr).toContain('did you mean "quote"?');
      expect(r.stderr).toContain("models/misspelt.yaml:6:5: error: figures.0.quote: missing");
      expect(r.stderr).not.toContain("headroom.yaml");
      expect(r.stderr).not.toMatch(/^[ \t]+at /m);
    }
  });

  it("reports a bad value and a YAML syntax error in model files with their positions", () => {
    writeFileSync(join(dir, "models", "lines.yaml"), HEADROOM_70.replace("    lines: 1", "    lines: many"));
    const bad = run(["estimate", "plan.yaml", "--models", "models"], { cwd: dir });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^models\/lines\.yaml:9:12: error: figures\.0\.lines: /m);
    rmSync(join(dir, "models", "lines.yaml"));
    writeFileSync(
      join(dir, "models", "broken.yaml"),
      HEADROOM_70.replace('value: { raw: "70%" }', 'value: { raw: "70%"'),
    );
    const broken = run(["estimate", "plan.yaml", "--models", "models"], { cwd: dir });
    expect(broken.code).toBe(2);
    expect(broken.stderr).toMatch(/^models\/broken\.yaml:\d+:\d+: error: YAML syntax: /m);
    for (const r of [bad, broken]) {
      expect(r.stderr).not.toMatch(/^[ \t]+at /m);
      expect(r.stderr).not.toContain("internal error");
    }
  });

  it("exits 2 for a --models folder that is not there", () => {
    const r = run(["estimate", "plan.yaml", "--models", "no-such-models"], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("no-such-models: error: cannot read the models folder");
  });
});
