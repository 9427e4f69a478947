// The CLI's and the page's bundles take the config schema without its `.register(docs, ...)` calls
// (scripts/page.ts configSchemaWithoutDocs, #30): the JSON Schema, made from the source, keeps them.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { withoutDocsCalls } from "../scripts/page.js";
import { ROOT } from "./helpers/cli.js";

describe("the config schema without its JSON Schema documentation", () => {
  it("cuts each register(docs, ...) call out of its chain, arguments and all", () => {
    const source = [
      "const a = z",
      "  .string()",
      '  .register(docs, { description: "a (b) \\"c)", examples: [`t${x})`] })',
      "  .optional()",
      "  .register(docs, { description: f(g(1)) });",
      "const b = z.union([z.number().register(docs, { maximum: 1 }), z.string()]).register(docs, json).transform(t);",
      "const c = reg.register(other, meta);",
    ].join("\n");
    expect(withoutDocsCalls(source)).toBe(
      [
        "const a = z",
        "  .string()",
        "  .optional();",
        "const b = z.union([z.number(), z.string()]).transform(t);",
        "const c = reg.register(other, meta);",
      ].join("\n"),
    );
  });

  it("leaves no register(docs) in src/config/schema.ts's cut source, and refuses a source with none", () => {
    const source = readFileSync(join(ROOT, "src", "config", "schema.ts"), "utf8");
    // 144 calls on today's schema: "at least 100" so that an added field does not fail this.
    expect(source.match(/\.register\(docs,/g)?.length ?? 0).toBeGreaterThan(100);
    expect(withoutDocsCalls(source)).not.toMatch(/\.register\(\s*docs\b/);
    expect(() => withoutDocsCalls("const x = 1;")).toThrow(/no \.register\(docs, \.\.\.\) calls found/);
  });

  it("keeps the descriptions in the JSON Schema and out of the CLI's bundle", () => {
    // A description written once in src/config/schema.ts.
    const description = "Channel initiator adapter tasks (queue manager attribute CHIADAPS)";
    expect(readFileSync(join(ROOT, "schema", "config.schema.json"), "utf8")).toContain(description);
    expect(readFileSync(join(ROOT, "dist", "index.js"), "utf8")).toContain(description);
    expect(readFileSync(join(ROOT, "dist", "cli-main.cjs"), "latin1")).not.toContain(description);
  });
});
