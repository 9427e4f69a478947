// --out safety: the report goes only where --out says, never over one of the command's own inputs,
// and atomically (a temporary file beside the target, then a rename), so that a reader, or a run
// killed half-way, never sees a partly written report. Needs dist/ (npx tsx scripts/build.ts --no-types).
import { spawn } from "node:child_process";
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  watch,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CLI, ROOT, run } from "../helpers/cli.js";

let dir = "";
const QUICKSTART = join(ROOT, "examples", "quickstart.yaml");
const OLD = "old report\n";

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "mqzcap-out-"));
  copyFileSync(QUICKSTART, join(dir, "plan.yaml"));
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** Every file under a folder, relative to it, sorted. */
function listing(d: string): string[] {
  const out: string[] = [];
  const walk = (p: string) => {
    for (const name of readdirSync(p)) {
      const full = join(p, name);
      if (statSync(full).isDirectory()) walk(full);
      else out.push(relative(d, full));
    }
  };
  walk(d);
  return out.sort();
}

const tmpFiles = (d: string) => listing(d).filter((f) => /(?:^|\/)\.[^/]*\.tmp$/.test(f));

/** A sweep big enough (a few hundred KB of JSON) to be caught mid-way. */
function bigSweepArgs(config: string, out: string, rates = 100): string[] {
  const r = Array.from({ length: rates }, (_, i) => i + 1).join(",");
  return [
    "sweep",
    config,
    "--vary",
    "workload.messageSize=1KB..100MB",
    "--vary",
    `workload.rate=${r}`,
    "--format",
    "json",
    "--out",
    out,
  ];
}

function spawnCli(args: string[], cwd: string) {
  return spawn(process.execPath, [CLI, ...args], { cwd, env: { ...process.env, NO_COLOR: "1" }, stdio: "ignore" });
}

/** The target holds either the old content or a complete JSON report, never part of one. */
function expectOldOrComplete(path: string): "old" | "new" {
  const text = readFileSync(path, "utf8");
  if (text === OLD) return "old";
  expect(text.endsWith("}\n"), `partial report (${text.length} bytes)`).toBe(true);
  expect(() => JSON.parse(text)).not.toThrow();
  return "new";
}

describe("--out safety", () => {
  it("writes the report only to --out, the same bytes as standard output, and leaves no temporary file", () => {
    mkdirSync(join(dir, "reports"));
    const r = run(["estimate", "plan.yaml", "--format", "json", "--out", "reports/plan.json"], { cwd: dir });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe("");
    expect(listing(dir)).toEqual(["plan.yaml", join("reports", "plan.json")]);
    const stdout = run(["estimate", "plan.yaml", "--format", "json"], { cwd: dir }).stdout;
    expect(readFileSync(join(dir, "reports", "plan.json"), "utf8")).toBe(stdout);
    expect(readFileSync(join(dir, "plan.yaml"))).toEqual(readFileSync(QUICKSTART));
  });

  it("replaces an existing report and leaves no .*.tmp file after repeated runs", () => {
    writeFileSync(join(dir, "report.txt"), OLD);
    for (let i = 0; i < 3; i++) {
      const r = run(["estimate", "plan.yaml", "--out", "report.txt"], { cwd: dir });
      expect(r.code, r.stderr).toBe(0);
    }
    expect(readFileSync(join(dir, "report.txt"), "utf8")).toContain("4,643 channels");
    expect(tmpFiles(dir)).toEqual([]);
    expect(listing(dir)).toEqual(["plan.yaml", "report.txt"]);
  });

  it("refuses to overwrite its own input, however the path is spelt, and leaves the input unchanged", () => {
    symlinkSync(join(dir, "plan.yaml"), join(dir, "link.yaml"));
    mkdirSync(join(dir, "sub"));
    const before = readFileSync(join(dir, "plan.yaml"));
    const cases: string[][] = [
      ["estimate", "plan.yaml", "--out", "plan.yaml"],
      ["estimate", "plan.yaml", "--format", "json", "--out", "./sub/../plan.yaml"],
      ["estimate", "plan.yaml", "--out", join(dir, "plan.yaml")],
      ["estimate", "plan.yaml", "--out", "link.yaml"],
      ["estimate", "link.yaml", "--out", "plan.yaml"],
      ["diff", "plan.yaml", "link.yaml", "--out", "plan.yaml"],
      ["sweep", "plan.yaml", "--vary", "workload.rate=100,200", "--out", "plan.yaml"],
    ];
    for (const args of cases) {
      const r = run(args, { cwd: dir });
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.stderr).toContain("refusing to overwrite it");
      expect(r.stderr).not.toMatch(/^[ \t]+at /m);
      expect(readFileSync(join(dir, "plan.yaml"))).toEqual(before);
    }
    expect(tmpFiles(dir)).toEqual([]);
    expect(listing(dir)).toEqual(["link.yaml", "plan.yaml"]);
  });

  it("exits 2 for an --out folder that does not exist or that is a folder, leaving nothing behind", () => {
    const missing = run(["estimate", "plan.yaml", "--out", "nowhere/report.txt"], { cwd: dir });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^nowhere\/report\.txt: error: the folder for --out does not exist$/m);
    mkdirSync(join(dir, "reports"));
    const folder = run(["estimate", "plan.yaml", "--out", "reports"], { cwd: dir });
    expect(folder.code).toBe(2);
    expect(folder.stderr).toMatch(/^reports: error: --out names a folder; it writes regular files only$/m);
    for (const r of [missing, folder]) {
      expect(r.stderr).not.toMatch(/^[ \t]+at /m);
      expect(r.stderr).not.toContain("internal error");
      expect(r.stdout).toBe("");
    }
    expect(statSync(join(dir, "reports")).isDirectory()).toBe(true);
    expect(tmpFiles(dir)).toEqual([]);
    expect(listing(dir)).toEqual(["plan.yaml"]);
  });

  it("writes through a temporary file and a rename: a watcher sees the .tmp file, a reader never a partial report", async () => {
    const target = join(dir, "sweep.json");
    writeFileSync(target, OLD);
    const seen = new Set<string>();
    const watcher = watch(dir, (_event, name) => {
      if (name) seen.add(String(name));
    });
    let reads = 0;
    const states = new Set<string>();
    try {
      // One run: the reads before the rename see the old report, those after it the new one.
      for (let i = 0; i < 1; i++) {
        const child = spawnCli(bigSweepArgs("plan.yaml", "sweep.json"), dir);
        const done = new Promise<number | null>((resolve) => child.on("close", resolve));
        let finished = false;
        void done.then(() => (finished = true));
        while (!finished) {
          states.add(expectOldOrComplete(target));
          reads++;
          await new Promise((r) => setImmediate(r));
        }
        expect(await done).toBe(0);
        states.add(expectOldOrComplete(target));
      }
    } finally {
      watcher.close();
    }
    expect(reads).toBeGreaterThan(50);
    expect(states).toEqual(new Set(["old", "new"]));
    expect(
      [...seen].some((n) => /^\.sweep\.json\.[\da-f]{12}\.tmp$/.test(n)),
      [...seen].join(", "),
    ).toBe(true);
    expect(tmpFiles(dir)).toEqual([]);
  }, 60_000);

  it("a run killed with SIGKILL part-way leaves the old report or a complete new one, never a partial", async () => {
    const target = join(dir, "sweep.json");
    // Killed at events, not after delays (a loaded machine runs at any speed): on the first progress
    // line (computing), at half way, when the temporary file appears (writing), and not at all.
    const moments = ["first progress", "half way", "temporary file", "never"] as const;
    const outcomes: Record<string, string> = {};
    for (const moment of moments) {
      writeFileSync(target, OLD);
      const child = spawn(process.execPath, [CLI, ...bigSweepArgs("plan.yaml", "sweep.json")], {
        cwd: dir,
        env: { ...process.env, NO_COLOR: "1", MQZCAP_PROGRESS_AFTER_MS: "0" },
        stdio: ["ignore", "ignore", "pipe"],
      });
      const kill = () => child.kill("SIGKILL");
      const watcher = watch(dir, (_event, name) => {
        if (moment === "temporary file" && name && /\.tmp$/.test(String(name))) kill();
      });
      let stderr = "";
      child.stderr.setEncoding("utf8").on("data", (d: string) => {
        stderr += d;
        const progress = [...stderr.matchAll(/^mqzcap sweep: (\d+)\/(\d+) estimates$/gm)];
        if (moment === "first progress" && progress.length) kill();
        if (moment === "half way" && progress.some((m) => Number(m[1]) * 2 >= Number(m[2]))) kill();
      });
      const signal = await new Promise<NodeJS.Signals | null>((resolve) =>
        child.on("close", (_c, sig) => resolve(sig)),
      );
      watcher.close();
      outcomes[moment] = expectOldOrComplete(target);
      if (moment !== "never") expect(signal, moment).toBe("SIGKILL");
      // A kill between writing the temporary file and renaming it may leave the temporary file (never
      // the target) behind; it is hidden, with a random name.
      for (const f of tmpFiles(dir)) {
        expect(f).toMatch(/^\.sweep\.json\.[\da-f]{12}\.tmp$/);
        rmSync(join(dir, f));
      }
    }
    expect(outcomes["first progress"]).toBe("old");
    expect(outcomes["half way"]).toBe("old");
    expect(outcomes["never"]).toBe("new");
  }, 120_000);
});

describe("standard output", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "mqzcap-stdout-"));
    copyFileSync(QUICKSTART, join(dir, "plan.yaml"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** The big sweep written to standard output instead of --out. */
  const toStdout = () => bigSweepArgs("plan.yaml", "-", 200).slice(0, -2);
  const start = () =>
    spawn(process.execPath, [CLI, ...toStdout()], { cwd: dir, env: { ...process.env, NO_COLOR: "1" } });

  it("a reader that stops early (| head) ends the run quietly: exit 0, no error or stack trace", async () => {
    const child = start();
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    // Take the first chunk, then close the pipe as head does.
    child.stdout.once("data", () => child.stdout.destroy());
    const code = await new Promise<number | null>((resolve) => child.on("close", (c) => resolve(c)));
    // Only the sweep's progress lines (it runs over a second) may be on stderr.
    expect(stderr.split("\n").filter((l) => l && !/^mqzcap sweep: \d+\/\d+ estimates$/.test(l))).toEqual([]);
    expect(code).toBe(0);
  }, 60_000);

  it("a slow reader gets the whole report, in order (about 0.5 MB through a 64 KB pipe)", async () => {
    const child = start();
    const chunks: Buffer[] = [];
    child.stdout.on("data", (d: Buffer) => {
      chunks.push(d);
      // Read in bursts so that the writer finds the pipe full many times.
      child.stdout.pause();
      setTimeout(() => child.stdout.resume(), 2);
    });
    const code = await new Promise<number | null>((resolve) => child.on("close", (c) => resolve(c)));
    const text = Buffer.concat(chunks).toString("utf8");
    expect(code).toBe(0);
    expect(text.length).toBeGreaterThan(256 * 1024);
    const report = JSON.parse(text) as { format: string };
    expect(report.format).toMatch(/^mqzcap\/sweep@/);
  }, 60_000);
});
