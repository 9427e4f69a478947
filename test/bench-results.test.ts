// `npm run bench` rewrites the committed bench/RESULTS.md and results.json only with --write.
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { writeResults } from "../bench/lib/write-results.js";

describe("bench results", () => {
  it("go to bench/out/ (untracked) unless --write, and to the committed files with it", () => {
    const root = mkdtempSync(join(tmpdir(), "mqzcap-bench-results-"));
    try {
      expect(writeResults(root, "# try", "{}\n", false)).toEqual(["bench/out/RESULTS.md", "bench/out/results.json"]);
      expect(existsSync(join(root, "bench", "RESULTS.md"))).toBe(false);
      expect(readFileSync(join(root, "bench", "out", "RESULTS.md"), "utf8")).toBe("# try");
      expect(writeResults(root, "# kept", "{}\n", true)).toEqual(["bench/RESULTS.md", "bench/results.json"]);
      expect(readFileSync(join(root, "bench", "RESULTS.md"), "utf8")).toBe("# kept");
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("bench/out/ and packed tarballs are ignored by git", () => {
    const ignore = readFileSync(join(import.meta.dirname, "..", ".gitignore"), "utf8").split("\n");
    expect(ignore).toContain("/bench/out/");
    expect(ignore).toContain("*.tgz");
  });

  it("the bench passes --write through to writeResults", () => {
    const run = readFileSync(join(import.meta.dirname, "..", "bench", "run.ts"), "utf8");
    expect(run).toContain('const WRITE = process.argv.includes("--write")');
    expect(run).toMatch(/const written = writeResults\(\n(?:.*\n){3}\s*WRITE,\n\);/);
  });
});
