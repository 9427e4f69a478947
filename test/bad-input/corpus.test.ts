// Runs every bad config in test/bad-configs/ (and the few generated here, which cannot be committed
// sensibly) through the built CLI, `mqzcap validate` and `mqzcap estimate`, and checks each gives its
// expected exit code, exactly one error line `FILE:LINE:COL: error: MESSAGE` with the expected message
// and position, and no stack trace. Needs dist/ (npx tsx scripts/build.ts --no-types).
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { CLI, ROOT } from "../helpers/cli.js";

const CORPUS = join(ROOT, "test", "bad-configs");

interface Expectation {
  exit: number;
  message: string;
  at?: string;
  hint?: string;
  generated?: boolean;
  /** How many error lines (default 1): a file with many problems lists a bounded number. */
  errors?: number;
  /** A fragment of the last error line, where there are several ("and 79,980 more"). */
  last?: string;
}

interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs the built CLI. Other work in the repository may rebuild dist/ meanwhile (the build deletes it
 * first); a run that finds the bundle missing is retried rather than counted.
 */
async function runAsync(args: string[]): Promise<RunResult> {
  for (let attempt = 0; ; attempt++) {
    const r = await runOnce(args);
    if (attempt >= 4 || !/ERR_MODULE_NOT_FOUND|Cannot find module/.test(r.stderr)) return r;
    await new Promise((res) => setTimeout(res, 2000));
  }
}

function runOnce(args: string[]): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      cwd: ROOT,
      env: { ...process.env, NO_COLOR: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/** Runs the jobs two at a time (the machine has two cores). */
async function pooled<T, R>(items: T[], width: number, job: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await job(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: width }, worker));
  return out;
}

function hashFolder(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const name of readdirSync(dir).sort()) {
    out.set(
      name,
      createHash("sha256")
        .update(readFileSync(join(dir, name)))
        .digest("hex"),
    );
  }
  return out;
}

const expected = parse(readFileSync(join(CORPUS, "expected.yaml"), "utf8")) as Record<string, Expectation>;
const committed = readdirSync(CORPUS)
  .filter((f) => f !== "expected.yaml")
  .sort();

let tmp = "";
/** Where each case's file is, as given on the command line. */
const pathOf = new Map<string, string>();
let hashesBefore = new Map<string, string>();
const results = new Map<string, { validate: RunResult; estimate: RunResult }>();

/** Writes the generated cases; returns false for a case this platform cannot make. */
function generate(name: string): string | undefined {
  const p = join(tmp, name);
  switch (name) {
    case "g01-ten-megabytes.yaml":
      writeFileSync(p, "version: 1\n" + `# ${"x".repeat(98)}\n`.repeat(Math.floor((10 * 1024 * 1024) / 101)));
      return p;
    case "g02-binary.yaml": {
      const bytes = Buffer.alloc(4096);
      for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 131 + 7) % 256;
      writeFileSync(p, bytes);
      return p;
    }
    case "g03-latin1.yaml":
      writeFileSync(p, Buffer.concat([Buffer.from("version: 1\nname: caf"), Buffer.from([0xe9]), Buffer.from("\n")]));
      return p;
    case "g04-not-there.yaml":
      return p;
    case "g05-folder.yaml":
      mkdirSync(p);
      return p;
    case "g06-deep-block-mappings.yaml": {
      // 1000 levels of block mappings, indented one space a level (500 KB, under the size limit).
      let text = "version: 1\n";
      for (let i = 0; i < 1000; i++) text += `${" ".repeat(i)}k${i}:\n`;
      writeFileSync(p, text + `${" ".repeat(1000)}v: 1\n`);
      return p;
    }
    case "g07-too-many-channels.yaml": {
      let text = "version: 1\nchannels:\n";
      for (let i = 0; i < 1001; i++) text += `  - { name: C${i}, type: sender }\n`;
      writeFileSync(p, text);
      return p;
    }
    case "g08-dev-zero":
      return existsSync("/dev/zero") ? "/dev/zero" : undefined;
    case "g09-80000-unknown-keys.yaml": {
      // 789 KB, under the 1 MB limit: listing (and locating) every key was quadratic, 569 s (#29).
      let text = "version: 1\n";
      for (let i = 0; i < 80000; i++) text += `k${i}: 1\n`;
      writeFileSync(p, text);
      return p;
    }
    case "g10-40000-duplicate-keys.yaml": {
      // The YAML parser's own duplicate check compared each key with every earlier one (#29).
      let text = "version: 1\nworkload:\n";
      for (let i = 0; i < 40000; i++) text += `  k${i % 20000}: 1\n`;
      writeFileSync(p, text);
      return p;
    }
    default:
      throw new Error(`no generator for ${name}`);
  }
}

beforeAll(async () => {
  hashesBefore = hashFolder(CORPUS);
  tmp = mkdtempSync(join(tmpdir(), "mqzcap-corpus-"));
  for (const [name, exp] of Object.entries(expected)) {
    const p = exp.generated ? generate(name) : join(CORPUS, name);
    if (p !== undefined) pathOf.set(name, p.startsWith(ROOT) ? relative(ROOT, p) : p);
  }
  const names = [...pathOf.keys()];
  const runs = await pooled(names, 2, async (name) => {
    const file = pathOf.get(name)!;
    return { validate: await runAsync(["validate", file]), estimate: await runAsync(["estimate", file]) };
  });
  names.forEach((n, i) => results.set(n, runs[i]!));
  // A bound for a hang, not a speed check: at load 25 on 2 cores these ~200 CLI runs took over 180 s.
}, 900_000);

afterAll(() => {
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

function checkOutput(name: string, file: string, exp: Expectation, r: RunResult, command: string): void {
  const what = `${command} ${name}`;
  expect(r.code, `${what}: exit code\n${r.stderr}`).toBe(exp.exit);
  const all = `${r.stdout}\n${r.stderr}`;
  expect(all, `${what}: stack trace`).not.toMatch(/^[ \t]+at /m);
  expect(all, `${what}: internal error`).not.toContain("internal error");
  const lines = r.stderr.split("\n");
  const errorLines = lines.filter((l) => /^\S.*: error: /.test(l));
  expect(errorLines, `${what}: error lines\n${r.stderr.slice(0, 2000)}`).toHaveLength(exp.errors ?? 1);
  if (exp.last) expect(errorLines[errorLines.length - 1], `${what}: last error line`).toContain(exp.last);
  expect(lines[0], `${what}: the error comes first`).toBe(errorLines[0]);
  const where = exp.at ? `${file}:${exp.at}` : file;
  expect(lines[0], `${what}: position`).toMatch(new RegExp(`^${escapeRe(where)}: error: `));
  expect(lines[0], `${what}: message`).toContain(exp.message);
  if (exp.hint) expect(r.stderr, `${what}: hint`).toMatch(new RegExp(`^  hint: .*${escapeRe(exp.hint)}`, "m"));
  if (exp.at) {
    // The caret display quotes the offending line and points at the column.
    const col = Number(exp.at.split(":")[1]);
    const caret = lines.find((l) => /^\s+\|\s*\^/.test(l));
    expect(caret, `${what}: caret line\n${r.stderr}`).toBeDefined();
    expect(caret!.indexOf("^") - caret!.indexOf("|") - 2, `${what}: caret column`).toBe(Math.min(col - 1, 200));
  }
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

describe("bad-config corpus", () => {
  it("has at least 60 cases, and an expectation for every file and a file for every expectation", () => {
    expect(Object.keys(expected).length).toBeGreaterThanOrEqual(60);
    const listed = Object.entries(expected)
      .filter(([, e]) => !e.generated)
      .map(([n]) => n)
      .sort();
    expect(committed).toEqual(listed);
    for (const [name, e] of Object.entries(expected)) {
      expect(e.exit, name).toBe(2);
      expect(typeof e.message, name).toBe("string");
      if (e.at !== undefined) expect(e.at, name).toMatch(/^\d+:\d+$/);
    }
  });

  it.each(Object.keys(expected))("%s: validate and estimate exit 2 with one positioned error", (name) => {
    const exp = expected[name]!;
    const r = results.get(name);
    if (!r) {
      // Only a generated case the platform cannot make (no /dev/zero) is skipped.
      expect(exp.generated).toBe(true);
      return;
    }
    const file = pathOf.get(name)!;
    checkOutput(name, file, exp, r.validate, "validate");
    checkOutput(name, file, exp, r.estimate, "estimate");
    expect(r.validate.stdout, "validate prints no ok line").toBe("");
    expect(r.estimate.stdout, "estimate prints no report").toBe("");
  });

  it("accepts a config that starts with a UTF-8 byte order mark, YAML and JSON alike", async () => {
    const yamlText = "version: 1\nworkload: { messageSize: 32KB, rate: 2000/s }\n";
    const plain = join(tmp, "plain.yaml");
    const bom = join(tmp, "bom.yaml");
    const bomJson = join(tmp, "bom.json");
    writeFileSync(plain, yamlText);
    writeFileSync(bom, "\ufeff" + yamlText);
    writeFileSync(
      bomJson,
      "\ufeff" + JSON.stringify({ version: 1, workload: { messageSize: "32KB", rate: "2000/s" } }),
    );
    for (const f of [bom, bomJson]) {
      const v = await runAsync(["validate", f]);
      expect(v.code, v.stderr).toBe(0);
      expect(v.stdout).toBe(`${f}: ok\n`);
    }
    const a = await runAsync(["estimate", plain, "--format", "json"]);
    const b = await runAsync(["estimate", bom, "--format", "json"]);
    const c = await runAsync(["estimate", bomJson, "--format", "json"]);
    expect(a.code).toBe(0);
    expect(b.code, b.stderr).toBe(0);
    expect(c.code, c.stderr).toBe(0);
    expect(b.stdout).toBe(a.stdout);
    expect(c.stdout).toBe(a.stdout);
  });

  it("validates several files at once, reporting each bad one and exiting 2", async () => {
    const files = ["22-misspelt-key-workload.yaml", "28-generation-z51.yaml"].map((f) =>
      relative(ROOT, join(CORPUS, f)),
    );
    const r = await runAsync(["validate", "examples/quickstart.yaml", ...files]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("examples/quickstart.yaml: ok\n");
    for (const f of files) expect(r.stderr).toContain(`${f}:3:`);
  });

  it("leaves every file in test/bad-configs/ unchanged", () => {
    expect(hashFolder(CORPUS)).toEqual(hashesBefore);
  });
});
