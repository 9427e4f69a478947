// Every regular expression in src/ against 10,000-character adversarial strings. The regexp lint
// rules (no-super-linear-backtracking, no-super-linear-move) find super-linear patterns by their
// structure; this test runs the patterns themselves, so that a pattern the lint cannot see through (one
// built from strings) or misjudges is still caught.
//
// Timing, and why it cannot make the suite flaky: the strings run in a worker thread
// (regex-worker.mjs), and the test waits for the worker's message that a pattern is done. Only a
// pattern that has not finished PATTERN_DEADLINE_MS after it started fails (the worker is stopped and
// the pattern named). A linear pattern takes milliseconds for all of its strings, even on a loaded
// machine; the ones this is here to catch take minutes or never end (the empty-config check took 13 s
// on 20 "#" and never finished on 40). A deadline of seconds sits a hundredfold from both, so machine
// load does not move a pattern across it.
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { Worker } from "node:worker_threads";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { UNIT_PATTERNS } from "../../src/config/units.js";
import { RAW_PATTERNS } from "../../src/model/parse-raw.js";
import { ROOT } from "../helpers/cli.js";

const PATTERN_DEADLINE_MS = 10_000;
const LENGTH = 10_000;

interface Pattern {
  where: string;
  source: string;
  flags: string;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) return sourceFiles(p);
      return name.endsWith(".ts") ? [p] : [];
    });
}

/** Every regular expression literal in src/, found by the TypeScript parser. */
function literalPatterns(): Pattern[] {
  const out: Pattern[] = [];
  for (const file of sourceFiles(join(ROOT, "src"))) {
    const sf = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
        const text = node.getText(sf);
        const end = text.lastIndexOf("/");
        const { line } = sf.getLineAndCharacterOfPosition(node.getStart(sf));
        out.push({
          where: `${relative(ROOT, file)}:${line + 1}`,
          source: text.slice(1, end),
          flags: text.slice(end + 1),
        });
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return out;
}

// The patterns src/ builds from strings (new RegExp), which a search for literals does not see. The
// two others, in src/rules/ams.ts and channels.ts, are made of a config enum's value (a policy or a
// compression name: a fixed word), not of anything a user types.
const BUILT: Pattern[] = [
  ...RAW_PATTERNS.map((re, k) => ({
    where: `src/model/parse-raw.ts RAW_PATTERNS[${k}]`,
    source: re.source,
    flags: re.flags,
  })),
  ...UNIT_PATTERNS.map((re, k) => ({
    where: `src/config/units.ts UNIT_PATTERNS[${k}]`,
    source: re.source,
    flags: re.flags,
  })),
];

/** Runs every pattern in a worker; resolves with the pattern that did not finish in time, if one did not. */
function runPatterns(
  patterns: Pattern[],
  deadline = PATTERN_DEADLINE_MS,
): Promise<{ stuck?: Pattern; done: number; strings: number; shortest: number }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL("./regex-worker.mjs", import.meta.url), {
      workerData: { patterns, length: LENGTH },
    });
    let timer: NodeJS.Timeout | undefined;
    let done = 0;
    let strings = 0;
    let shortest = Infinity;
    worker.on("message", (m: { k: number; state: string; strings?: number; shortest?: number }) => {
      clearTimeout(timer);
      if (m.state === "done") {
        done++;
        strings += m.strings!;
        shortest = Math.min(shortest, m.shortest!);
        return;
      }
      timer = setTimeout(() => {
        resolve({ stuck: patterns[m.k]!, done, strings, shortest });
        void worker.terminate();
      }, deadline);
    });
    worker.on("error", reject);
    worker.on("exit", () => {
      clearTimeout(timer);
      resolve({ done, strings, shortest });
    });
  });
}

describe("regular expressions against adversarial input", () => {
  const patterns = [...literalPatterns(), ...BUILT];

  it("finds the patterns: every regex literal in src/ and the ones built from strings", () => {
    // src/ has some sixty literals; a search that found none would let the next test pass vacuously.
    expect(patterns.length).toBeGreaterThan(50);
    expect(patterns.some((p) => p.where.startsWith("src/config/load.ts"))).toBe(true);
    // RAW_PATTERNS, and units.ts's size, rate, time and the bare and leading numbers of ranges.
    expect(BUILT.length).toBe(10);
  });

  it("each finishes its 10,000-character strings (no catastrophic backtracking)", async () => {
    const r = await runPatterns(patterns);
    expect(r.stuck && `${r.stuck.where}: /${r.stuck.source}/${r.stuck.flags}`).toBeUndefined();
    expect(r.done).toBe(patterns.length);
    expect(r.shortest).toBeGreaterThanOrEqual(LENGTH);
    expect(r.strings).toBeGreaterThan(patterns.length * 100);
  }, 600_000);

  it("catches the patterns that hung: the old empty-config check and the old unit trailer", async () => {
    // The two patterns this issue found (src/config/load.ts and src/model/parse-raw.ts before it),
    // as a check that the strings reach them: each must be stopped at the deadline. Stopped after one
    // second here: a pattern that hangs hangs on any machine, so a short deadline cannot fail this.
    const old: Pattern[] = [
      { where: "old load.ts", source: String.raw`^\s*(#.*\s*)*$`, flags: "" },
      {
        where: "old parse-raw.ts",
        source: String.raw`^\s*(?:%|x|times|KB|MB|GB|TB|K|M|G|bytes?|B|uSecs?|uS|us|\u00b5s|microseconds?|ms|milliseconds?|seconds?|s|\/s(?:ec(?:ond)?)?|per\s+second|MB\/s(?:ec(?:ond)?)?|MB\/second|\*+|\s)*$`,
        flags: "i",
      },
    ];
    for (const p of old) {
      const r = await runPatterns([p], 1000);
      expect(r.stuck?.where).toBe(p.where);
    }
  }, 120_000);
});
