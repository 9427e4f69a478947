// The config schema's optional sections are built when a config first has them (src/config/schema.ts
// lazySection, #30): a CLI start no longer builds the zod schemas of sections the config leaves out.
// zod calls globalThis.__zod_globalConfig.postProcessor for every schema object it makes (zod 4.6); a
// fresh Node process counts them as the library's bundle (dist/index.js) loads and validates configs
// (the test workers share their modules, so this process's schema is built already).
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { Config } from "../src/config/schema.js";
import { parseConfigText } from "../src/config/load.js";
import { InputError } from "../src/util/diagnostic.js";
import { ROOT } from "./helpers/cli.js";

const QUICK = "version: 1\nworkload: { messageSize: 32KB, rate: 2000/s }\n";

/** Zod objects made: at the bundle's import, then after validating each config given, in a fresh process. */
function madeAfter(configs: object[]): number[] {
  const script = `let made = 0;
globalThis.__zod_globalConfig = { postProcessor: () => void made++ };
const { validateConfig } = await import("./dist/index.js");
const counts = [made];
for (const c of ${JSON.stringify(configs)}) { validateConfig(c); counts.push(made); }
console.log(JSON.stringify(counts));`;
  const r = spawnSync(process.execPath, ["--input-type=module", "-e", script], { cwd: ROOT, encoding: "utf8" });
  expect(r.stderr).toBe("");
  return JSON.parse(r.stdout) as number[];
}

describe("lazily built config sections", () => {
  it("builds a section the config leaves out only when a config has it, and once", () => {
    const quick = { version: 1, workload: { messageSize: "32KB", rate: "2000/s" } };
    const withLogging = { ...quick, logging: { dualLogs: false, zHyperWrite: true } };
    const [atImport, afterQuick, afterLogging, again] = madeAfter([quick, withLogging, withLogging]);
    // The whole schema was some 540 objects built at import; the sections left lazy are about a third.
    expect(atImport).toBeLessThan(400);
    // A config without logging, AMS, SMF, ... builds none of them (only zod's per-parse objects, if any).
    expect(afterQuick! - atImport!).toBeLessThan(10);
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
