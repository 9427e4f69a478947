// --out and --chart as an attacker or an unlucky user would use them: devices, symbolic links planted
// in a shared folder, read-only files, the command's own inputs (configs and --models files), the chart
// over the report; and standard output or error that cannot be written. Needs dist/ for the CLI runs.
import { spawnSync } from "node:child_process";
import {
  chmodSync,
  closeSync,
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CLI, ROOT, run } from "../helpers/cli.js";

import { writeFileAtomic } from "../../src/cli/output.js";

let dir = "";
const OLD = "old report\n";
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "mqzcap-outfiles-"));
  copyFileSync(join(ROOT, "examples", "quickstart.yaml"), join(dir, "plan.yaml"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const cli = (args: string[]) => run(args, { cwd: dir });

describe("--out targets", () => {
  it("refuses a device, a FIFO and a folder, and leaves the device a device (it replaced /dev/null)", () => {
    const devNull = statSync("/dev/null");
    for (const dev of ["/dev/null", "/dev/full", "/dev/stdout"]) {
      const r = cli(["estimate", "plan.yaml", "--out", dev]);
      expect(r.code, dev).toBe(2);
      expect(r.stderr, dev).toMatch(
        /--out names (a device|a named pipe|a socket|not a regular file); it writes regular files only/,
      );
    }
    const after = statSync("/dev/null");
    expect(after.isCharacterDevice()).toBe(true);
    expect(after.rdev).toBe(devNull.rdev);
    spawnSync("mkfifo", [join(dir, "pipe.yaml")]);
    if (existsSync(join(dir, "pipe.yaml"))) {
      const r = cli(["estimate", "plan.yaml", "--out", "pipe.yaml"]);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain("pipe.yaml: error: --out names a named pipe");
      expect(lstatSync(join(dir, "pipe.yaml")).isFIFO()).toBe(true);
    }
  });

  it("--out - writes to standard output", () => {
    const r = cli(["estimate", "plan.yaml", "--out", "-", "--format", "json"]);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ format: "mqzcap/estimate@1" });
    expect(existsSync(join(dir, "-"))).toBe(false);
  });

  it("creates the temporary file exclusively: a symbolic link planted at its name is not followed", () => {
    const victim = join(dir, "victim.txt");
    writeFileSync(victim, "precious\n");
    const planted = join(dir, `.report.txt.${"ab".repeat(6)}.tmp`);
    symlinkSync(victim, planted);
    // The random part fixed, so that the link sits where the temporary file would be created.
    const target = join(dir, "report.txt");
    expect(() => writeFileAtomic(target, target, "report\n", "ab".repeat(6))).toThrow(/cannot write: EEXIST/);
    expect(readFileSync(victim, "utf8")).toBe("precious\n");
    expect(lstatSync(planted).isSymbolicLink()).toBe(true);
    expect(existsSync(join(dir, "report.txt"))).toBe(false);
  });

  it("keeps an existing report's mode, writes through a symbolic link and keeps the link", () => {
    writeFileSync(join(dir, "private.txt"), OLD, { mode: 0o600 });
    chmodSync(join(dir, "private.txt"), 0o600);
    const r = cli(["estimate", "plan.yaml", "--out", "private.txt"]);
    expect(r.code, r.stderr).toBe(0);
    expect(statSync(join(dir, "private.txt")).mode & 0o777).toBe(0o600);
    mkdirSync(join(dir, "real"));
    writeFileSync(join(dir, "real", "report.txt"), OLD);
    symlinkSync(join(dir, "real", "report.txt"), join(dir, "link.txt"));
    const l = cli(["estimate", "plan.yaml", "--out", "link.txt"]);
    expect(l.code, l.stderr).toBe(0);
    expect(lstatSync(join(dir, "link.txt")).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(dir, "real", "report.txt"), "utf8")).toContain("4,643 channels");
    symlinkSync(join(dir, "nowhere.txt"), join(dir, "dangling.txt"));
    const d = cli(["estimate", "plan.yaml", "--out", "dangling.txt"]);
    expect(d.code).toBe(2);
    expect(d.stderr).toContain("dangling.txt: error: --out is a symbolic link to nothing");
    expect(existsSync(join(dir, "nowhere.txt"))).toBe(false);
  });

  it("refuses to replace a read-only file", () => {
    writeFileSync(join(dir, "frozen.txt"), OLD);
    chmodSync(join(dir, "frozen.txt"), 0o444);
    const r = cli(["estimate", "plan.yaml", "--out", "frozen.txt"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("frozen.txt: error: --out names a read-only file; refusing to replace it");
    expect(readFileSync(join(dir, "frozen.txt"), "utf8")).toBe(OLD);
  });

  it("never replaces an input: a --models file (estimate, diff, compare, sweep), a hard link to the config", () => {
    mkdirSync(join(dir, "models"));
    writeFileSync(join(dir, "models", "mine.yaml"), "kind: sources\nsources: []\n");
    const before = readFileSync(join(dir, "models", "mine.yaml"), "utf8");
    for (const args of [
      ["estimate", "plan.yaml"],
      ["diff", "plan.yaml", "plan.yaml"],
      ["compare", "plan.yaml", "plan.yaml"],
      ["sweep", "plan.yaml", "--vary", "workload.rate=1,2"],
    ]) {
      for (const out of ["models/mine.yaml", "models/new.yaml", "./models/../models/mine.yaml"]) {
        const r = cli([...args, "--models", "models", "--out", out]);
        expect(r.code, `${args[0]} ${out}`).toBe(2);
        expect(r.stderr).toContain("--out names one of this command's input files; refusing to overwrite it");
      }
    }
    expect(readFileSync(join(dir, "models", "mine.yaml"), "utf8")).toBe(before);
    expect(readdirSync(join(dir, "models"))).toEqual(["mine.yaml"]);
    spawnSync("ln", [join(dir, "plan.yaml"), join(dir, "hard.yaml")]);
    const h = cli(["estimate", "plan.yaml", "--out", "hard.yaml"]);
    expect(h.code).toBe(2);
    expect(h.stderr).toContain("refusing to overwrite it");
  });

  it("checks --chart before anything is written, and refuses --chart equal to --out", () => {
    const same = cli(["estimate", "plan.yaml", "--out", "r.svg", "--chart", "r.svg"]);
    expect(same.code).toBe(2);
    expect(same.stderr).toContain(
      "r.svg: error: --chart names the same file as --out; the chart would replace the report",
    );
    for (const chart of ["nowhere/c.png", "plan.yaml", "c.gif", "/dev/stdout"]) {
      const r = cli(["estimate", "plan.yaml", "--out", "report.txt", "--chart", chart]);
      expect(r.code, chart).toBe(2);
      expect(existsSync(join(dir, "report.txt")), chart).toBe(false);
    }
    expect(readdirSync(dir).sort()).toEqual(["plan.yaml"]);
  });
});

describe("standard output and error that cannot be written", () => {
  const withFd = (args: string[], which: 1 | 2) => {
    const fd = openSync("/dev/full", "w");
    try {
      const stdio: ("pipe" | number)[] = ["pipe", "pipe", "pipe"];
      stdio[which] = fd;
      return spawnSync(process.execPath, [CLI, ...args], { cwd: dir, stdio, encoding: "utf8" });
    } finally {
      closeSync(fd);
    }
  };

  it("> /dev/full is exit 2 with the system's message, not an internal error", () => {
    for (const args of [["estimate", "plan.yaml"], ["validate", "plan.yaml"], ["--help"], ["schema"]]) {
      const r = withFd(args, 1);
      expect(r.status, args.join(" ")).toBe(2);
      expect(r.stderr).toContain("standard output: error: cannot write: ENOSPC");
      expect(r.stderr).not.toContain("internal error");
    }
  });

  it("2> /dev/full is exit 2, not a crash (exit 3)", () => {
    for (const args of [
      ["estimate", "missing.yaml"],
      ["sweep", "plan.yaml", "--vary", "x"],
    ]) {
      const r = withFd(args, 2);
      expect(r.status, args.join(" ")).toBe(2);
    }
    const ok = withFd(["compare", "plan.yaml", "plan.yaml", "--format", "csv"], 2);
    expect(ok.status).toBe(0);
  });
});
