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
