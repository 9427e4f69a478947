// Where the bench's figures go: the committed bench/RESULTS.md and bench/results.json only when asked
// (--write), so a run to try something out leaves tracked files alone; otherwise bench/out/ (ignored
// by git).
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** Writes the report and the JSON; returns the two paths written, relative to root. */
export function writeResults(root: string, report: string, json: string, write: boolean): [string, string] {
  const dir = write ? "bench" : join("bench", "out");
  mkdirSync(join(root, dir), { recursive: true });
  const files: [string, string] = [join(dir, "RESULTS.md"), join(dir, "results.json")];
  writeFileSync(join(root, files[0]), report);
  writeFileSync(join(root, files[1]), json);
  return files;
}
