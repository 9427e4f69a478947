// Each example's estimate, as JSON and as the terminal table, must match its golden file. A change
// here means a number in a planner-facing example moved: regenerate with `tsx scripts/golden.ts` only
// after checking why.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { goldenOutputs } from "../scripts/golden.js";
import { ROOT } from "./helpers/cli.js";

describe("examples match their golden files", () => {
  const outputs = goldenOutputs(ROOT);
  it("covers at least six planner examples and the quickstart", () => {
    expect(outputs.size / 2).toBeGreaterThanOrEqual(7);
  });
  it("keeps every terminal table within 100 columns", () => {
    for (const [file, text] of outputs) {
      if (!file.endsWith(".txt")) continue;
      for (const line of text.split("\n")) expect(line.length, `${file}: ${line}`).toBeLessThanOrEqual(100);
    }
  });
  for (const [file, text] of outputs) {
    it(file, () => {
      expect(text).toBe(readFileSync(join(ROOT, "examples", "golden", file), "utf8"));
    });
  }
});
