// The config's zod schemas are built when first asked for, which a valid config never does (the
// generated parser reads it, src/config/fast-parse.generated.ts); and then an optional section is built
// when a config zod reads first has it (src/config/schema.ts lazySection, #30).
// zod calls globalThis.__zod_globalConfig.postProcessor for every schema object it makes (zod 4.6); a
// fresh Node process counts them as the library's bundle (dist/index.js) loads and validates configs
// (the test workers share their modules, so this process's schema is built already).
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { configSchemas } from "../src/config/schema.js";
import { parseConfigText } from "../src/config/load.js";
import { InputError } from "../src/util/diagnostic.js";
import { ROOT } from "./helpers/cli.js";

const { Config } = configSchemas();

const QUICK = "version: 1\nworkload: { messageSize: 32KB, rate: 2000/s }\n";

/**
 * Zod objects made, in a fresh process: at the bundle's import, after validateConfig of a config, then
 * after zod's own parse (the library's configSchema.safeParse) of each config given.
 */
function madeAfter(valid: object, configs: object[]): number[] {
  const script = `let made = 0;
globalThis.__zod_globalConfig = { postProcessor: () => void made++ };
const { validateConfig, configSchema } = await import("./dist/index.js");
const counts = [made];
validateConfig(${JSON.stringify(valid)});
counts.push(made);
for (const c of ${JSON.stringify(configs)}) { configSchema.safeParse(c); counts.push(made); }
console.log(JSON.stringify(counts));`;
  const r = spawnSync(process.execPath, ["--input-type=module", "-e", script], { cwd: ROOT, encoding: "utf8" });
  expect(r.stderr).toBe("");
  return JSON.parse(r.stdout) as number[];
}

describe("lazily built config sections", () => {
  it("builds no schema for a valid config, and when zod parses, only the sections a config has, once", () => {
    const quick = { version: 1, workload: { messageSize: "32KB", rate: "2000/s" } };
    const withLogging = { ...quick, logging: { dualLogs: false, zHyperWrite: true } };
    const [atImport, afterValid, afterQuick, afterLogging, again] = madeAfter(quick, [quick, withLogging, withLogging]);
    // The schemas are built when first asked for (schema.ts configSchemas), and the generated parser
    // (fast-parse.generated.ts) reads a valid config without asking.
    expect(atImport).toBe(0);
    expect(afterValid).toBe(0);
    // The whole schema is some 540 objects; the sections left lazy are about a third.
    expect(afterQuick!).toBeGreaterThan(50);
    expect(afterQuick!).toBeLessThan(400);
    // The logging section: some 50 objects (its fields, their units and bounds), built on first use.
    expect(afterLogging! - afterQuick!).toBeGreaterThan(20);
    expect(again! - afterLogging!).toBeLessThan(10);
    const parsed = parseConfigText(`${QUICK}logging: { dualLogs: false, zHyperWrite: true }\n`, "logging.yaml").config;
    expect(parsed.logging).toMatchObject({ dualLogs: false, zHyperWrite: true, dualArchives: true });
  });

  it("leaves a section out of the parsed config when the config leaves it out, as the whole schema does", () => {
    const r = Config.safeParse({ version: 1 });
    expect(r.success).toBe(true);
    for (const k of ["logging", "encryption", "ams", "streamingQueues", "smf", "sharedQueue", "baseline"])
      expect(Object.hasOwn(r.data!, k)).toBe(false);
    // Sections with defaults are filled in.
    expect(r.data).toMatchObject({ mq: { release: "9.3" }, hardware: { generation: "z15" } });
  });

  it("still names the keys of a lazy section in a did-you-mean", () => {
    let err: unknown;
    try {
      parseConfigText(`${QUICK}logging: { dualLog: false }\n`, "typo.yaml");
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(InputError);
    expect((err as InstanceType<typeof InputError>).diagnostics[0]).toMatchObject({
      line: 3,
      suggestion: 'did you mean "dualLogs"?',
    });
  });
});
