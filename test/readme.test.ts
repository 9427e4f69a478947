// The README shows real output and a config reference generated from the schema: both must be current.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { refreshReadme } from "../scripts/readme-outputs.js";
import { withReference } from "../scripts/config-reference.js";
import { estimate, InputError } from "../src/api.js";
import { loadModelDir } from "../src/model/loader.js";
import { formatNumber } from "../src/util/number-format.js";
import { parse } from "yaml";
import { ROOT, run } from "./helpers/cli.js";

describe("README", () => {
  const readme = readFileSync(join(ROOT, "README.md"), "utf8");
  it("shows the output the CLI gives today (tsx scripts/readme-outputs.ts refreshes it)", () => {
    expect(refreshReadme(readme, ROOT)).toBe(readme);
  });
  it("quotes the counts as they are: model entries, worked examples run, the bad-config corpus", () => {
    const text = readme.replace(/\s+/g, " ");
    const data = loadModelDir(join(ROOT, "models"), { displayRoot: ROOT });
    const examples = data.entries.filter((e) => e.type === "example");
    const computed = examples.filter((e) => e.check !== undefined).length;
    expect(text).toContain(`${formatNumber(data.entries.length, 0)} entries, each value`);
    expect(text).toContain(`${computed} of the ${examples.length} worked examples run through the engine`);
    const corpus = join(ROOT, "test", "bad-configs");
    const cases = Object.values(parse(readFileSync(join(corpus, "expected.yaml"), "utf8")) as object[]);
    const made = cases.filter((c) => (c as { generated?: boolean }).generated).length;
    const files = readdirSync(corpus).filter((f) => f !== "expected.yaml").length;
    expect(text).toContain(`holds ${files} bad configs and the test makes ${made} more`);
    expect(text).toContain(`${cases.length} cases,`);
  });
  it("gives the two set-up commands and the test command CI runs", () => {
    expect(readme).toContain("npm install && npx mqzcap estimate examples/quickstart.yaml");
    expect(readme).toContain("npm install && npm test");
    // CI: install, lint, type check, then every test at full case count, which the README names.
    expect(readFileSync(join(ROOT, ".ci", "run"), "utf8")).toMatch(
      /npm install[^\n]*\nnpm run lint\nnpm run typecheck\nnpm run test:full\n/,
    );
    expect(readme).toContain("npm run test:full");
  });
  it("says how to install without the registry (a packed tarball of this version), then init and estimate", () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { name: string; version: string };
    expect(readme).toContain("not published to the npm registry");
    expect(readme).not.toMatch(/installed from the registry/i);
    expect(readme).toContain(
      `npm pack                                     # in the clone: writes ${pkg.name}-${pkg.version}.tgz`,
    );
    expect(readme).toContain(`npm install /path/to/${pkg.name}-${pkg.version}.tgz`);
    expect(readme).toContain("npx mqzcap init plan.yaml");
    expect(readme).toContain("| `mqzcap init [FILE]` |");
  });
  it("quotes --explain as it prints: the limit's working under it, the citation without seed lines", () => {
    const at = readme.indexOf("`--explain` shows\nthe working for every line");
    const block = /```text\n([\s\S]*?)```/.exec(readme.slice(at))![1]!;
    const out = run(["estimate", "examples/quickstart.yaml", "--explain"]).stdout;
    expect(out).toContain(block);
    expect(block).toContain("[000.chin-footprint-svrconn]");
    expect(readme).not.toMatch(/seed 0\d\d/);
    expect(readme).not.toContain("shared/seeds/");
  });
  it("names the library's diagnostic fields as they are", () => {
    const sentence = /whose `diagnostics` each carry ([^.]*)\./.exec(readme)![1]!;
    const named = [...sentence.matchAll(/`(\w+)`/g)].map((m) => m[1]!);
    let fields: string[] = [];
    try {
      estimate(join(ROOT, "test/fixtures/misspelt.yaml"));
    } catch (err) {
      fields = Object.keys((err as InputError).diagnostics[0]!);
    }
    // Every field a diagnostic of a misspelt key has is named, and no other.
    expect(named.sort()).toEqual(fields.sort());
  });
  it("says where IBM publishes the reports a citation names", () => {
    expect(readme).toContain("IBM's mqperf\nrepository on GitHub (https://github.com/ibm-messaging/mqperf)");
  });
  it("has a config reference row for every property of the schema", () => {
    const schema = readFileSync(join(ROOT, "schema", "config.schema.json"), "utf8");
    for (const key of ["mq.release", "channels[].tls.resetBytes", "smf.accountingInterval", "storage.chin.free"]) {
      expect(readme).toContain(`| \`${key}\` |`);
    }
    expect(schema).toContain("SSLRKEYC");
    expect(withReference(readme, JSON.parse(schema))).toBe(readme);
  });
});
