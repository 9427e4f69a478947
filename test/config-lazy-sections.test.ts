// The config schema's optional sections are built when a config first has them (src/config/schema.ts
// lazySection, #30): a CLI start no longer builds the zod schemas of sections the config leaves out.
// zod calls globalThis.__zod_globalConfig.postProcessor for every schema object it makes (zod 4.6), which
// counts them here; the schema module is imported after the counter is set.
import { describe, expect, it } from "vitest";

let made = 0;
(globalThis as { __zod_globalConfig?: { postProcessor?: () => void } }).__zod_globalConfig = {
  postProcessor: () => void made++,
};
const { Config } = await import("../src/config/schema.js");
const { parseConfigText } = await import("../src/config/load.js");
const { InputError } = await import("../src/util/diagnostic.js");

const QUICK = "version: 1\nworkload: { messageSize: 32KB, rate: 2000/s }\n";
const WITH_LOGGING = `${QUICK}logging: { dualLogs: false, zHyperWrite: true }\n`;

describe("lazily built config sections", () => {
  it("builds a section the config leaves out only when a config has it, and once", () => {
    const atImport = made;
    // The whole schema was some 540 objects built at import; the sections left lazy are about a third.
    expect(atImport).toBeLessThan(400);
    parseConfigText(QUICK, "quick.yaml");
    const afterQuick = made;
    // Parsing a config without logging, AMS, SMF, ... builds none of them (only zod's per-parse objects, if any).
    expect(afterQuick - atImport).toBeLessThan(10);
    const parsed = parseConfigText(WITH_LOGGING, "logging.yaml").config;
    const afterLogging = made;
    // The logging section: some 30 objects (its fields, their units and bounds), built on first use.
    expect(afterLogging - afterQuick).toBeGreaterThan(20);
    expect(parsed.logging).toMatchObject({ dualLogs: false, zHyperWrite: true, dualArchives: true });
    parseConfigText(WITH_LOGGING, "logging.yaml");
    expect(made - afterLogging).toBeLessThan(10);
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
