// Every table, figure and formula of the models is read by a rule (its `uses` names it) or marked
// `use: context` with the reason no config could reach it (models/README.md). `models coverage` lists
// the rest as unusedWithoutReason: defects.

import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadModelDir } from "../src/model/loader.js";
import { coverage } from "../src/model/coverage.js";
import { RULES } from "../src/rules/index.js";
import { ROOT } from "./helpers/cli.js";

const data = loadModelDir(join(ROOT, "models"), { displayRoot: ROOT });
const cov = coverage(data, RULES);

describe("model entries are read by a rule or marked use: context", () => {
  it("leave no entry unused without a reason", () => {
    const unused = cov.entries.filter((e) => e.rules.length === 0 && e.context === undefined);
    expect(unused.map((e) => `${e.file}: ${e.id}`)).toEqual([]);
    // The JSON's list says the same.
    expect(cov.unusedWithoutReason).toEqual([]);
    expect(cov.byFile.filter((f) => f.unused > 0).map((f) => f.file)).toEqual([]);
  });

  it("mark no entry context that a rule reads, and name no entry in uses that the models lack", () => {
    expect(cov.contextButRead).toEqual([]);
    expect(cov.usesUnknown).toEqual([]);
  });

  it("count every table, figure and formula once: read + context + unused", () => {
    expect(cov.use.read + cov.use.context + cov.use.unused).toBe(cov.use.entries);
    expect(cov.use.entries).toBe(data.entries.filter((e) => ["table", "figure", "formula"].includes(e.type)).length);
  });
});
