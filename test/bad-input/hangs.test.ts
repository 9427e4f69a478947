// Ordinary and unlucky input that hung or exhausted memory: a config that opens with a banner of "#",
// a model value with a long unit tail, a sweep range from 0, a grid of millions of points. Each run
// is a child process given TIMEOUT_MS: these used to run for minutes or never end, so a child still
// running then is a hang (the bound is far above a normal run, a second or two, so machine load
// cannot reach it). Needs dist/ (npx tsx scripts/build.ts --no-types).
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { numberSteps, parseVary, setPath } from "../../src/engine/sweep.js";
import { InputError } from "../../src/util/diagnostic.js";
import { CLI, ROOT } from "../helpers/cli.js";

const TIMEOUT_MS = 30_000;
let dir = "";

function run(args: string[]) {
  const r = spawnSync(process.execPath, [CLI, ...args], {
    cwd: dir,
    env: { ...process.env, NO_COLOR: "1" },
    encoding: "utf8",
    timeout: TIMEOUT_MS,
    maxBuffer: 64 * 1024 * 1024,
  });
  return { code: r.status, signal: r.signal, stdout: r.stdout, stderr: r.stderr };
}

const QUICKSTART = readFileSync(join(ROOT, "examples", "quickstart.yaml"), "utf8");

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "mqzcap-hangs-"));
  copyFileSync(join(ROOT, "examples", "quickstart.yaml"), join(dir, "plan.yaml"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("configs with comment banners", () => {
  it("a config that opens with a banner of 40 '#' and 22 comment lines validates (it hung)", () => {
    writeFileSync(join(dir, "banner.yaml"), `${"#".repeat(40)}\n${"# a comment line\n".repeat(22)}${QUICKSTART}`);
    const r = run(["validate", "banner.yaml"]);
    expect(r.signal).toBeNull();
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe("banner.yaml: ok\n");
  });

  it("a file of banners and comments alone is empty, exit 2", () => {
    writeFileSync(join(dir, "comments.yaml"), `${"#".repeat(40)}\n  # indented\n\n${"#".repeat(400)}\n`);
    const r = run(["validate", "comments.yaml"]);
    expect(r.signal).toBeNull();
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^comments\.yaml: error: is empty$/m);
  });
});

describe("model values with long unit tails", () => {
  it("a --models value of a number and 20 unit words is refused with its position (it ran for minutes)", () => {
    mkdirSync(join(dir, "tail"), { recursive: true });
    const raw = `5${" KB".repeat(20)} no`;
    writeFileSync(
      join(dir, "tail", "headroom.yaml"),
      `kind: data
source: "000"
title: tail
appliesTo: { releases: ["9.3"], hardware: [z15] }
figures:
  - id: 000.chin-storage-headroom
    inventory: []
    section: s
    lines: 1
    quote: q
    subject: chin-storage-headroom
    unit: percent
    value: "${raw}"
`,
    );
    const r = run(["estimate", "plan.yaml", "--models", "tail"]);
    expect(r.signal).toBeNull();
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`tail/headroom.yaml:13:12: error: figures.0.value: cannot read "${raw}" as a number`);
  });
});

describe("sweep ranges", () => {
  it("a range over a number steps in ten equal parts, not through message sizes", () => {
    // rate=1000..50000: steps of (50000 - 1000) / 10 = 4900: 1000, 5900, 10800, ..., 50000.
    const expected = Array.from({ length: 11 }, (_, k) => 1000 + 4900 * k);
    expect(numberSteps(1000, 50000)).toEqual(expected);
    const r = run(["sweep", "plan.yaml", "--vary", "workload.rate=1000..50000", "--format", "json"]);
    expect(r.code, r.stderr).toBe(0);
    const points = (JSON.parse(r.stdout) as { points: { inputs: Record<string, number> }[] }).points;
    expect(points.map((p) => p.inputs["workload.rate"])).toEqual(expected);
  });

  it("a range's ends may carry the field's unit, as the config writes it: 1000/s..50000/s, 1000..50000/s", () => {
    const steps = (rhs: string) => parseVary(`workload.rate=${rhs}`, () => []).values;
    // The same ten steps of 4900 as above, each written back with its unit.
    const expected = Array.from({ length: 11 }, (_, k) => `${1000 + 4900 * k}/s`);
    expect(steps("1000/s..50000/s")).toEqual(expected);
    expect(steps("1000..50000/s")).toEqual(expected);
    // Two different units are not a range.
    expect(() => steps("1000/s..50000us")).toThrow(/one unit/);
    const r = run(["sweep", "plan.yaml", "--vary", "workload.rate=1000/s..50000/s", "--format", "json"]);
    expect(r.code, r.stderr).toBe(0);
    const points = (JSON.parse(r.stdout) as { points: { inputs: Record<string, string> }[] }).points;
    expect(points.map((p) => p.inputs["workload.rate"])).toEqual(expected);
  });

  it("a range of whole numbers no wider than ten takes every one: channels.0.count=1..5", () => {
    const r = run(["sweep", "plan.yaml", "--vary", "channels.0.count=1..5", "--format", "json"]);
    expect(r.code, r.stderr).toBe(0);
    const points = (JSON.parse(r.stdout) as { points: { inputs: Record<string, number> }[] }).points;
    expect(points.map((p) => p.inputs["channels.0.count"])).toEqual([1, 2, 3, 4, 5]);
  });

  it("ranges from 0 end (they doubled from 0 until V8 ran out of memory): a bad point is exit 2", () => {
    for (const [vary, message] of [
      ["workload.rate=0..10", "sweep point workload.rate=0:"],
      ["channels.0.count=0..5", "sweep point channels.0.count=0:"],
    ] as const) {
      const r = run(["sweep", "plan.yaml", "--vary", vary]);
      expect(r.signal, vary).toBeNull();
      expect(r.code, vary).toBe(2);
      expect(r.stderr).toContain(message);
    }
    // A size range from 0 doubles from 1 byte.
    expect(parseVary("workload.messageSize=0..8", (_p, lo, hi) => [lo, hi]).values).toEqual([0, 8]);
  });

  it("a grid over 20,000 points is refused before any estimate, and --help says the cap", () => {
    const many = Array.from({ length: 3000 }, (_, k) => k + 1).join(",");
    const r = run(["sweep", "plan.yaml", "--vary", `workload.rate=${many}`, "--vary", `channels.0.count=${many}`]);
    expect(r.signal).toBeNull();
    expect(r.code).toBe(2);
    // 3000 x 3000 = 9,000,000.
    expect(r.stderr).toContain(
      "--vary: error: the sweep has 3000 x 3000 = 9,000,000 points; at most 20,000 are allowed",
    );
    expect(r.stdout).toBe("");
    const help = run(["sweep", "--help"]);
    expect(help.stdout.replace(/\s+/g, " ")).toContain("twice for a grid of at most 20,000 points");
  });
});

describe("--vary paths", () => {
  it("refuses the same path twice (only the second was computed)", () => {
    const r = run(["sweep", "plan.yaml", "--vary", "workload.rate=1,2", "--vary", "workload.rate=3,4"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("--vary: error: workload.rate is varied twice");
  });

  it("names a channel whose name has dots in it", () => {
    writeFileSync(
      join(dir, "dotted.yaml"),
      QUICKSTART.replace("name: CLIENTS", "name: TO.HUB") + "  - { name: TO, type: sender }\n",
    );
    const id = "storage.chin-capacity.TO.HUB";
    const r = run([
      "sweep",
      "dotted.yaml",
      "--vary",
      "channels.TO.HUB.sharecnv=1,10",
      "--metric",
      id,
      "--format",
      "json",
    ]);
    expect(r.code, r.stderr).toBe(0);
    const points = (JSON.parse(r.stdout) as { points: { outputs: Record<string, number> }[] }).points;
    // SHARECNV(1) is the report's worked example, 1,052 MB at 232 KB a channel (seed 000, lines
    // 359-361), less the 100 KB the sender TO takes at 32KB (line 370): floor((1,052 x 1024 - 100) /
    // 232) = 4,642. SHARECNV(10) channels take more storage each, so fewer fit: the value set reached
    // the channel TO.HUB.
    expect(points[0]!.outputs[id]).toBe(Math.floor((1052 * 1024 - 100) / 232));
    expect(points[1]!.outputs[id]).toBeLessThan(4642);
    const cfg: Record<string, unknown> = { channels: [{ name: "TO" }, { name: "TO.HUB", tls: {} }] };
    setPath(cfg, "channels.TO.HUB.tls.resetBytes", "1MB");
    expect(cfg.channels).toEqual([{ name: "TO" }, { name: "TO.HUB", tls: { resetBytes: "1MB" } }]);
  });

  it("rejects __proto__, constructor and prototype segments without touching Object.prototype", () => {
    for (const path of ["__proto__.x", "workload.constructor.x", "workload.prototype"]) {
      const r = run(["sweep", "plan.yaml", "--vary", `${path}=1`]);
      expect(r.code, path).toBe(2);
      expect(r.stderr).toMatch(/is not a config key/);
      expect(() => setPath({}, path, 1)).toThrow(InputError);
    }
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it("a --metric that no estimate has is exit 2, not an empty column (sweep and compare)", () => {
    const s = run(["sweep", "plan.yaml", "--vary", "workload.rate=1,2", "--metric", "cost.cf"]);
    const c = run(["compare", "plan.yaml", "plan.yaml", "--metric", "cost.cf"]);
    for (const r of [s, c]) {
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('--metric: error: "cost.cf" has no value in any of these estimates');
      expect(r.stdout).toBe("");
    }
  });
});
