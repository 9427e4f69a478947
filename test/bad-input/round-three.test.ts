// Issue #29, hostile and unlucky input (round three): inputs overwritten by --out, --out naming the
// command's own standard output, and the like. Needs dist/ for the CLI runs.
import {
  cpSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
  copyFileSync,
  chmodSync,
  readdirSync,
} from "node:fs";
import { spawnSync } from "node:child_process";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CLI, ROOT, run } from "../helpers/cli.js";

const SMF = join(ROOT, "..", "shared", "fixtures", "smf");
let dir = "";
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "mqzcap-r3-"));
  copyFileSync(join(ROOT, "examples", "quickstart.yaml"), join(dir, "plan.yaml"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));
const cli = (args: string[]) => run(args, { cwd: dir });

/** A writable copy of an SMF fixture (the shared ones are read-only, which --out refuses already). */
function smfCopy(name: string): string {
  const to = join(dir, name);
  cpSync(join(SMF, name), to, { recursive: true });
  chmodSync(to, 0o755);
  if (statSync(to).isDirectory()) for (const f of readdirSync(to)) chmodSync(join(to, f), 0o644);
  else chmodSync(to, 0o644);
  return to;
}

describe("#29.1 --out never over an input a command reads", () => {
  it("estimate --baseline-from FOLDER -o a file in that folder: refused, the SMF data intact", () => {
    const folder = smfCopy("TESTCHL");
    const before = readFileSync(join(folder, "SMF-QEST.csv"));
    const r = cli(["estimate", "plan.yaml", "--baseline-from", "TESTCHL", "-o", "TESTCHL/SMF-QEST.csv"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("--out names one of this command's input files");
    expect(readFileSync(join(folder, "SMF-QEST.csv"))).toEqual(before);
  });

  it("estimate --baseline-from FILE.ndjson -o the same file: refused, the file intact", () => {
    const file = smfCopy("TESTCHL.ndjson");
    const size = statSync(file).size;
    const r = cli(["estimate", "plan.yaml", "--baseline-from", "TESTCHL.ndjson", "-o", "./TESTCHL.ndjson"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("--out names one of this command's input files");
    expect(statSync(file).size).toBe(size);
  });

  it("calibrate --merge plan.yaml -o plan.yaml is refused before any SMF data is read", () => {
    // A folder that does not exist: were it read first, the message would be about it.
    const r = cli(["calibrate", "no-such-folder", "--merge", "plan.yaml", "-o", "plan.yaml"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("--out names one of this command's input files");
    expect(r.stderr).not.toContain("no such file or folder");
  });
});

describe("#29.2 --out naming the command's own standard output", () => {
  for (const name of ["/dev/stdout", "/dev/fd/1", "/proc/self/fd/1"]) {
    it(`-o ${name} with standard output appended to a file: refused, the file keeps what it had`, () => {
      const log = join(dir, "applog.txt");
      writeFileSync(log, "earlier lines\n");
      const r = spawnSync("sh", ["-c", `"${process.execPath}" "${CLI}" estimate plan.yaml -o ${name} >> applog.txt`], {
        cwd: dir,
        encoding: "utf8",
        env: { ...process.env, NO_COLOR: "1" },
      });
      expect(r.status).toBe(2);
      expect(r.stderr).toContain("names this command's standard output");
      expect(readFileSync(log, "utf8")).toBe("earlier lines\n");
    });
  }
});
