import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadModelDir } from "../src/model/loader.js";
import { checkFaithfulness } from "../src/model/faithfulness.js";
import { coverage } from "../src/model/coverage.js";
import { Registry } from "../src/model/registry.js";
import { carried } from "../src/rules/helpers.js";
import { InputError } from "../src/util/diagnostic.js";
import { ROOT } from "./helpers/cli.js";

const data = loadModelDir(join(ROOT, "models"), { displayRoot: ROOT });
const registry = new Registry(data);
const SEEDS = join(ROOT, "..", "shared", "seeds");

describe("model files", () => {
  it("load, with sources for every entry", () => {
    expect(data.sources.map((s) => s.id)).toEqual(["000", "001", "002", "003", "004"]);
    for (const e of data.entries) expect(registry.sources.has(e.source), e.id).toBe(true);
  });

  it("keep the 9.3 SVRCONN footprint table as printed (seed 000 lines 339-347)", () => {
    expect(registry.lookup("000.chin-footprint-svrconn", { release: "9.3", sharecnv: 1, messageSize: 32768 }).raw).toBe(
      "232",
    );
    expect(
      registry.lookup("000.chin-footprint-svrconn", { release: "9.2", sharecnv: 10, messageSize: 65536 }).value,
    ).toBe(383);
    expect(
      registry.lookup("000.chin-footprint-svrconn", { release: "9.1", sharecnv: 0, messageSize: 1024 }).value,
    ).toBe(82);
  });

  it("hand out lookups kept, frozen and shared; a carry marks a copy, not the kept result", () => {
    const at = { release: "9.3", sharecnv: 1, messageSize: 32768 };
    const first = registry.lookup("000.chin-footprint-svrconn", at);
    expect(registry.lookup("000.chin-footprint-svrconn", { ...at })).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(() => {
      (first as { confidence: string }).confidence = "carried-forward";
    }).toThrow(TypeError);
    const marked = carried(first, true);
    expect(marked).not.toBe(first);
    expect([marked.confidence, marked.value, marked.citation]).toEqual(["carried-forward", 232, first.citation]);
    expect(registry.lookup("000.chin-footprint-svrconn", at).confidence).toBe("measured");
    expect(carried(first, false)).toBe(first);
  });

  it("reject a bad model file, naming the file and the path", () => {
    const dir = mkdtempSync(join(tmpdir(), "mqzcap-models-"));
    writeFileSync(
      join(dir, "bad.yaml"),
      'kind: data\nsource: "000"\ntitle: t\nappliesTo: { releases: ["9.3"], hardware: [z15] }\nfigures:\n  - id: x.y\n    inventory: []\n    section: s\n    lines: 1\n    quote: q\n    subject: s\n    unit: us\n    valeu: "3"\n',
    );
    try {
      loadModelDir(dir, { displayRoot: dir });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(InputError);
      const d = (err as InputError).diagnostics;
      expect(
        d.some(
          (x) =>
            x.file === "bad.yaml" &&
            x.line === 13 &&
            x.message.includes('"valeu"') &&
            x.suggestion === 'did you mean "value"?',
        ),
      ).toBe(true);
    }
  });

  it("take use: context with a one-line why, and refuse either without the other", () => {
    const dir = mkdtempSync(join(tmpdir(), "mqzcap-models-"));
    const file = (extra: string) =>
      'kind: data\nsource: "000"\ntitle: t\nappliesTo: { releases: ["9.3"], hardware: [z15] }\nfigures:\n  - id: x.y\n    inventory: []\n    section: s\n    lines: 1\n    quote: q\n    subject: s\n    unit: us\n    value: "3"\n' +
      extra;
    writeFileSync(
      join(dir, "ok.yaml"),
      file("    use: context\n    why: the test LPAR's processor count, not a cost\n"),
    );
    const ok = loadModelDir(dir, { displayRoot: dir });
    expect(ok.entries[0]!.context).toBe("the test LPAR's processor count, not a cost");
    const cov = coverage(ok, [{ id: "r", uses: [] }]);
    expect([cov.use, cov.unusedWithoutReason]).toEqual([{ entries: 1, read: 0, context: 1, unused: 0 }, []]);
    // Named in a rule's uses as well: both cannot be right.
    expect(coverage(ok, [{ id: "r", uses: ["x.y"] }]).contextButRead).toEqual(["x.y"]);
    for (const [extra, message] of [
      ["    use: context\n", "use: context needs why:"],
      ["    why: no reason to be here\n", "why: goes with use: context"],
    ] as const) {
      writeFileSync(join(dir, "ok.yaml"), file(extra));
      try {
        loadModelDir(dir, { displayRoot: dir });
        expect.unreachable();
      } catch (err) {
        expect(err).toBeInstanceOf(InputError);
        expect((err as InputError).diagnostics.map((d) => d.message).join("\n")).toContain(message);
      }
    }
  });

  it("give each table, figure and formula the rules whose uses name it (coverage, the other direction)", () => {
    const cov = coverage(data, [
      { id: "a", uses: ["000.chin-footprint-svrconn", "no.such-entry"] },
      { id: "b", uses: ["000.chin-footprint-svrconn"] },
    ]);
    expect(cov.entries.find((e) => e.id === "000.chin-footprint-svrconn")!.rules).toEqual(["a", "b"]);
    expect(cov.usesUnknown).toEqual([{ rule: "a", id: "no.such-entry" }]);
    expect(cov.unusedWithoutReason).not.toContain("000.chin-footprint-svrconn");
    // Gaps, examples and carries are not counted: only what a rule could look a value up in.
    expect(new Set(cov.entries.map((e) => e.type))).toEqual(new Set(["table", "figure", "formula"]));
  });

  it("account for every inventory id (coverage has nothing missing)", () => {
    const cov = coverage(data);
    expect(cov.unknown).toEqual([]);
    expect(cov.missing).toEqual([]);
  });

  const seedsThere = existsSync(SEEDS);
  it.skipIf(!seedsThere)("print every cell's string on its cited line(s) of the seed text", () => {
    expect(checkFaithfulness(data, SEEDS)).toEqual([]);
  });
  it.runIf(!seedsThere)("seed faithfulness check is skipped: ../shared/seeds is not beside this checkout", () => {
    console.warn(
      `skipped: the seed text is not at ${SEEDS}; the faithfulness check runs in CI where ../shared is present`,
    );
  });

  it("catches a value that is not on its cited line", () => {
    if (!seedsThere) return;
    const copy = structuredClone(data);
    const t = copy.entries.find((e) => e.id === "000.chin-footprint-svrconn")!;
    if (t.type !== "table") throw new Error("not a table");
    t.cells[0]!.v.raw = "84";
    expect(checkFaithfulness(copy, SEEDS).map((p) => p.raw)).toEqual(["84"]);
  });
});
