// Checks model data against the seed text: every printed string must appear on the line(s) it cites.
// This is what makes a model file checkable by hand: a reviewer can open the seed at that line.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { LineRange, ModelData, Value } from "./types.js";

export interface FaithProblem {
  id: string;
  file: string;
  what: string;
  raw: string;
  lines: LineRange[];
}

/** Folds the differences a text conversion introduces: NBSP, markdown emphasis and escapes, spacing. */
export function fold(s: string): string {
  return s
    .replace(/\u00a0/g, " ")
    .replace(/\\([_*#\\-])/g, "$1")
    .replace(/\*\*|__|<\/?i>|<\/?b>/g, "")
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[–—]/g, "-")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();
}

export function linesText(seedLines: string[], ranges: LineRange[], slack = 0): string {
  return ranges
    .map(([a, b]) => seedLines.slice(Math.max(0, a - 1 - slack), Math.min(seedLines.length, b + slack)).join(" "))
    .join(" ");
}

export function checkFaithfulness(data: ModelData, seedsDir: string): FaithProblem[] {
  const problems: FaithProblem[] = [];
  const seeds = new Map<string, string[]>();
  for (const s of data.sources) seeds.set(s.id, readFileSync(join(seedsDir, s.seed), "utf8").split("\n"));
  const check = (id: string, file: string, source: string, what: string, raw: string, lines: LineRange[]) => {
    const text = fold(linesText(seeds.get(source) ?? [], lines));
    // A quote may elide with "..." or "…"; each fragment must be there.
    const fragments = fold(raw)
      .split(/\.\.\.|…/)
      .map((f) => f.trim())
      .filter((f) => f.length > 0);
    if (!fragments.every((f) => text.includes(f))) problems.push({ id, file, what, raw, lines });
  };
  const checkValue = (id: string, file: string, source: string, what: string, v: Value) =>
    check(id, file, source, what, v.raw, v.lines);
  for (const e of data.entries) {
    if (e.userSupplied) continue;
    switch (e.type) {
      case "table":
        for (const c of e.cells) checkValue(e.id, e.file, e.source, `cell ${JSON.stringify(c.at)} ${c.measure}`, c.v);
        break;
      case "figure":
        checkValue(e.id, e.file, e.source, "value", e.v);
        check(e.id, e.file, e.source, "quote", e.quote, e.lines);
        break;
      case "formula":
        for (const [name, p] of Object.entries(e.parameters))
          checkValue(e.id, e.file, e.source, `parameter ${name}`, p.v);
        if (e.quote) check(e.id, e.file, e.source, "quote", e.quote, e.lines);
        break;
      case "example":
        checkValue(e.id, e.file, e.source, "expected", e.expected.v);
        break;
      case "carry":
        check(e.id, e.file, e.source, "quote", e.quote, e.lines);
        if (e.tolerance) checkValue(e.id, e.file, e.source, "tolerance", e.tolerance);
        break;
      case "gap":
        check(e.id, e.file, e.source, "caption", e.caption, e.lines);
        break;
    }
  }
  return problems;
}
