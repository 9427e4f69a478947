// The page's core (issue #20): it bundles for the browser with no Node built-in; the model entries the
// page carries give the same estimates as all of them; completion and hover find the schema's words;
// a shared config survives the URL fragment.
import fc from "fast-check";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import shipped from "mqzcap:models";
import { browserBundle } from "../scripts/page.js";
import { estimateWith } from "../src/engine/engine.js";
import { Registry } from "../src/model/registry.js";
import { shippedRegistry } from "../src/model/models.js";
import { pageModelData } from "../src/page/model-subset.js";
import {
  describe as describeNode,
  keyAt,
  keyOfValue,
  nodeAt,
  pathAt,
  propertiesOf,
  valuesOf,
  type SchemaNode,
} from "../src/page/schema-help.js";
import { decodeFragment, encodeFragment } from "../src/page/share.js";
import { toJson } from "../src/report/json.js";
import { RULES } from "../src/rules/index.js";
import { configArb, load } from "./helpers/config-arb.js";
import { runs } from "./helpers/runs.js";

const root = process.cwd();

describe("the page's core bundles for the browser", () => {
  it("src/page/core.ts (config loading, registry, rules, engine, reports) imports no Node built-in", async () => {
    const js = await browserBundle(root, "src/page/core.ts", shipped, false);
    // The shipped models are in it (an entry id a rule reads), and the engine's entry point.
    expect(js).toContain(RULES.find((r) => r.uses.length)!.uses[0]!);
    expect(js).toContain("estimateText");
  });

  it("a module that reaches node:fs fails the bundle, naming the import and who made it", async () => {
    await expect(browserBundle(root, "test/fixtures/page/reaches-node.ts", shipped, false)).rejects.toThrow(
      /imports the Node built-in "node:fs" \(from src\/config\/read-file\.ts\)/,
    );
  });
});

describe("the model entries the page carries", () => {
  const all = shippedRegistry();
  const subset = pageModelData(shipped, RULES);
  const page = new Registry(subset);

  it("are fewer than all (context entries and worked examples stay out)", () => {
    expect(subset.entries.length).toBeLessThan(shipped.entries.length);
    expect(subset.entries.some((e) => e.type === "example")).toBe(false);
  });

  it("give every example the same JSON as all the entries", () => {
    for (const f of readdirSync("examples").filter((n) => n.endsWith(".yaml"))) {
      const config = load(JSON.parse(JSON.stringify(readYaml(join("examples", f)))));
      expect(toJson(estimateWith(config, page)), f).toBe(toJson(estimateWith(config, all)));
    }
  });

  it("give random configs the same JSON as all the entries", () => {
    fc.assert(
      fc.property(configArb, (input) => {
        const config = load(input);
        expect(toJson(estimateWith(config, page))).toBe(toJson(estimateWith(config, all)));
      }),
      { numRuns: runs(2000, 100, "PROP_RUNS"), seed: 20261124 },
    );
  });
});

function readYaml(file: string): unknown {
  return parseYaml(readFileSync(file, "utf8"));
}

describe("completion and hover from the config schema", () => {
  const schema = JSON.parse(readFileSync("schema/config.schema.json", "utf8")) as SchemaNode;
  const doc = [
    "version: 1",
    "workload: { pattern: request-reply, messageSize: 32KB }",
    "storage:",
    "  chin: { used: 120MB, free: 1346MB }",
    "  ",
    "channels:",
    "  - { name: CLIENTS, type: server-connection, sharecnv: 1 }",
    "  - name: B",
    "    type: sender",
    "    ",
  ];

  it("finds the enclosing keys in block and flow style, list items included", () => {
    expect(pathAt(doc, 1, 40)).toEqual(["workload"]);
    expect(pathAt(doc, 3, 18)).toEqual(["storage", "chin"]);
    expect(pathAt(doc, 4, 2)).toEqual(["storage"]);
    expect(pathAt(doc, 6, 30)).toEqual(["channels", "[]"]);
    expect(pathAt(doc, 8, 5)).toEqual(["channels", "[]"]);
    expect(pathAt(doc, 9, 4)).toEqual(["channels", "[]"]);
    expect(pathAt(doc, 0, 3)).toEqual([]);
  });

  it("offers a section's keys with their descriptions, and an enum's values", () => {
    const workload = propertiesOf(nodeAt(schema, ["workload"])!).map(([k]) => k);
    expect(workload).toEqual(expect.arrayContaining(["pattern", "messageSize", "persistent", "rate"]));
    // The schema's own words: "Message pattern: request-reply (two messages per transaction) or one-way".
    expect(describeNode(nodeAt(schema, ["workload", "pattern"])!)).toContain("Message pattern");
    expect(valuesOf(nodeAt(schema, ["workload", "pattern"])!)).toEqual(["request-reply", "one-way"]);
    expect(valuesOf(nodeAt(schema, ["workload", "persistent"])!)).toEqual(["true", "false"]);
    expect(propertiesOf(nodeAt(schema, ["channels", "[]"])!).map(([k]) => k)).toContain("sharecnv");
  });

  it("finds the key under the pointer", () => {
    expect(keyAt(doc[1]!, 14)).toEqual({ key: "pattern", from: 12, to: 19 });
    expect(keyAt(doc[1]!, 25)).toBeUndefined(); // inside the value "request-reply"
  });

  it("tells a value being typed (and its key) from a key being typed", () => {
    expect(keyOfValue("workload: { pattern: req")).toBe("pattern");
    expect(keyOfValue("workload: { pattern: request-reply, mess")).toBeUndefined();
    expect(keyOfValue("  persistent: tr")).toBe("persistent");
    expect(keyOfValue("  - name: A")).toBe("name");
    expect(keyOfValue("  messa")).toBeUndefined();
  });
});

describe("a config in the URL fragment", () => {
  it("comes back as it went, and a damaged fragment gives nothing", async () => {
    const text = readFileSync("examples/quickstart.yaml", "utf8");
    const fragment = await encodeFragment(text);
    expect(fragment).toMatch(/^c=[\w-]+$/);
    expect(fragment.length).toBeLessThan(text.length); // compressed
    expect(await decodeFragment(`#${fragment}`)).toBe(text);
    expect(await decodeFragment("#c=not-deflate")).toBeUndefined();
    expect(await decodeFragment("#other")).toBeUndefined();
  });
});
