// Property test: the JSON Schema that editors use (schema/config.schema.json, checked with ajv as a
// draft-07 validator) and the zod schema the CLI uses (Config.safeParse) accept and reject the same
// configs, apart from the checks listed in EXCLUSIONS, which JSON Schema cannot express.
import fc from "fast-check";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { configJsonSchema } from "../../scripts/schemas.js";
import { CIPHER_NAMES } from "../../src/config/ciphers.js";
import { configSchemas, MACHINES, RELEASES } from "../../src/config/schema.js";
import { checkSemantics } from "../../src/config/semantics.js";
import {
  parseInterval,
  parsePercent,
  parseRange,
  parseRate,
  parseSize,
  parseTime,
  type RangeKind,
} from "../../src/config/units.js";
import { parseYamlSource } from "../../src/util/yaml-source.js";

const { Config } = configSchemas();

const root = fileURLToPath(new URL("../../", import.meta.url));
const SCHEMA_FILE = join(root, "schema", "config.schema.json");
const SEED = 20240611;
// The full count in every run: fewer would not hit every exclusion, which the test requires.
const RUNS = 2500;

/**
 * What the JSON Schema cannot check, with the reason. Generated configs that hit one of these are
 * not compared; each must be hit at least once, so that none is listed without need.
 */
export const EXCLUSIONS = {
  "unit-range":
    "A size, rate or CPU time written as a string that has the right form (the pattern checks it) but whose value is out of range, such as messageSize 200MB over MQ's 100MB, rate 0/s or 200000/ms, a CPU time of 2000s, or 0.4B rounding to 0 bytes: the range applies to the parsed number, and a pattern cannot compare numbers with units. (Percentages and MMMM.SS intervals are exact in the pattern.)",
  "range-order":
    "A range (workload or channel rate or message size, baseline CPU cost) written in the right form whose low end is above its high end, such as 6000..4000/s or 4000/s..6000/min: the pattern cannot compare the two numbers.",
  "release-feature":
    "semantics.ts: features newer than mq.release (streaming queues 9.3, zHyperWrite and AMS channel interception 9.2, data set encryption 9.1, AMS and SMC-D 8.0). Not in the zod schema either; the CLI checks it after parsing.",
  "cipher-release":
    "semantics.ts: CipherSpecs newer than mq.release (TLS 1.3 names and ANY_ aliases need 9.2, TLS 1.2 names 8.0).",
  "duplicate-channel-name":
    "semantics.ts: channel names must be unique; JSON Schema uniqueItems compares whole items, not one property.",
  "svrconn-only":
    "semantics.ts: sharecnv and conversations apply to server-connection channels only (depends on a sibling's value).",
  "sslrkeyc-gap":
    "semantics.ts: SSLRKEYC is 0 or 32768 to 999999999 bytes; the gap 1..32767 is checked on the parsed value (32KB is 32768), which a pattern cannot do.",
  "archive-compression-hardware":
    "semantics.ts: archive log compression needs zEDC or on-chip compression, refused on a 2064 (depends on hardware.generation).",
  "key-reuse-policy": "semantics.ts: ams.keyReuse applies to the confidentiality policy only.",
  "smds-shared-queues": "semantics.ts: SMDS encryption applies to shared queues only (depends on workload.queues).",
  "factor-relative-to": "semantics.ts: hardware.factorRelativeTo needs hardware.factor.",
} as const;
type Exclusion = keyof typeof EXCLUSIONS;

/** Which exclusion each semantics.ts message belongs to. A new check there fails the test until listed. */
const SEMANTIC_MESSAGES: [RegExp, Exclusion][] = [
  [/ needs MQ [\d.]+ or later; mq\.release is /, "release-feature"],
  [/ is not available in MQ [\d.]+; it needs /, "cipher-release"],
  [/^channel name ".*" is used twice/, "duplicate-channel-name"],
  [/^(sharecnv applies|conversations apply) to server-connection channels only/, "svrconn-only"],
  [/^SSLRKEYC must be 0 or from 32768 to 999999999 bytes/, "sslrkeyc-gap"],
  [/^archive log compression needs zEDC Express/, "archive-compression-hardware"],
  [/^keyReuse applies to the confidentiality policy only/, "key-reuse-policy"],
  [/^SMDS encryption applies to shared queues/, "smds-shared-queues"],
  [/^factorRelativeTo needs hardware\.factor/, "factor-relative-to"],
];

/** Unit fields by key, with the units.ts parser whose success means "the string has the right form". */
const UNIT_PARSERS: Record<string, (v: string) => number | undefined> = {
  messageSize: parseSize,
  resetBytes: parseSize,
  used: parseSize,
  free: parseSize,
  logOverheadPerMessage: parseSize,
  rate: parseRate,
  qmgr: parseTime,
  chin: parseTime,
  app: parseTime,
  tcpip: parseTime,
  cf: parseTime,
  compressibility: parsePercent,
  archiveCompressibility: parsePercent,
  headroom: parsePercent,
  statisticsInterval: parseInterval,
  accountingInterval: parseInterval,
};
/** The fields that take a range too (baseline.rate, also keyed rate, does not). */
const RANGE_KINDS: Record<string, RangeKind> = {
  messageSize: "size",
  rate: "rate",
  qmgr: "time",
  chin: "time",
  app: "time",
  tcpip: "time",
  cf: "time",
};
const CHANNEL_NAME_LIMIT = 20;

// ajv from yaml-language-server's own dependencies (ajv 8, draft-07 by default). A bare
// `import Ajv from "ajv"` here resolves to the ajv 6 that eslint brings and hoists to node_modules/.
interface AjvError {
  instancePath: string;
  message?: string;
}
type ValidateFunction = ((data: unknown) => boolean) & { errors?: AjvError[] | null };
interface AjvInstance {
  addKeyword(keyword: string): unknown;
  compile(schema: object): ValidateFunction;
}
const requireFromLanguageServer = createRequire(createRequire(import.meta.url).resolve("yaml-language-server"));
const ajvVersion = (requireFromLanguageServer("ajv/package.json") as { version: string }).version;
const { default: Ajv } = requireFromLanguageServer("ajv") as { default: new (options: object) => AjvInstance };

const schemaJson = JSON.parse(readFileSync(SCHEMA_FILE, "utf8")) as Record<string, unknown>;
const ajv = new Ajv({ strict: true, strictTypes: false, allErrors: true });
// The VS Code language servers' message keywords; ajv in strict mode refuses keywords it does not know.
ajv.addKeyword("patternErrorMessage");
ajv.addKeyword("errorMessage");
const validateJson = ajv.compile(schemaJson);

function valueAt(v: unknown, path: readonly PropertyKey[]): unknown {
  let cur = v;
  for (const p of path) {
    if (cur === null || typeof cur !== "object") return undefined;
    cur = (cur as Record<PropertyKey, unknown>)[p];
  }
  return cur;
}

/** The exclusion that explains a zod issue the JSON Schema does not report, if any. */
function explainZodIssue(value: unknown, issue: z.core.$ZodIssue): Exclusion | undefined {
  const at = valueAt(value, issue.path);
  const key = String(issue.path[issue.path.length - 1] ?? "");
  if (issue.code === "custom" && typeof at === "string") {
    const parse = UNIT_PARSERS[key];
    if (parse && parse(at) !== undefined) return "unit-range";
    // A range on a field that takes one (not baseline.rate): the form is right, an end is out of
    // range or the ends are out of order.
    const kind = RANGE_KINDS[key];
    const ranged = kind && !(issue.path[0] === "baseline" && key === "rate") ? parseRange(kind, at) : undefined;
    if (ranged && !("problem" in ranged)) return "unit-range";
    if (ranged && / is above the high end /.test(ranged.problem)) return "range-order";
  }
  return undefined;
}

function semanticExclusions(value: unknown): Exclusion[] {
  const parsed = Config.safeParse(value);
  if (!parsed.success) throw new Error("semantics run on valid configs only");
  const src = parseYamlSource(JSON.stringify(value), "generated.json");
  return checkSemantics(parsed.data, src)
    .filter((d) => d.severity === "error")
    .map((d) => {
      const found = SEMANTIC_MESSAGES.find(([re]) => re.test(d.message));
      if (!found) throw new Error(`semantics.ts check not listed in EXCLUSIONS: ${d.message}`);
      return found[1];
    });
}

// ---------------------------------------------------------------------------------------------
// Generators. makeConfigArb(false) gives well-formed values (some out of range in ways only the
// transforms or semantics.ts see); makeConfigArb(true) mixes in near misses for every field.

const wrongType = fc.constantFrom<unknown>(true, null, [], {}, "text", -1, 1.5, [1]);
const ws = fc.constantFrom("", "", "", " ", "\t", "\u00a0");
// Well-formed numbers; with some units they are out of range (1024GB, 0.4 bytes rounding to 0).
const goodDigits = fc.constantFrom(
  "0",
  "1",
  "5",
  "32",
  "32.5",
  "100",
  "1024",
  "32768",
  "0.4",
  "00012",
  "99999999999999999999",
  // Digits grouped in threes, as spreadsheets print them (sizes, rates and times; not percentages).
  "1,000",
  "2,000.5",
  "1,048,576",
);
/** Mostly the plain in-range values; the free combinations of number and unit less often. */
const usual = <T, U>(plain: fc.Arbitrary<T>, combos: fc.Arbitrary<U>) =>
  fc.oneof({ arbitrary: plain, weight: 4 }, { arbitrary: combos, weight: 1 });
const badDigits = fc.constantFrom("4.", ".5", "1e3", "-4", "1,00", ",000", "1000,000", "1,000,00", "2,5", "");
const number = (min: number, max: number) =>
  fc.oneof(
    fc.double({ min: min - 10, max: max * 1.1 + 10, noNaN: true, noDefaultInfinity: true }),
    fc.constantFrom(min - 1, max + 1, min - 0.5),
  );

function makeConfigArb(broken: boolean) {
  const mix = <T, U>(good: fc.Arbitrary<T>, bad: fc.Arbitrary<U>): fc.Arbitrary<T | U> =>
    broken ? fc.oneof({ arbitrary: good, weight: 3 }, { arbitrary: bad, weight: 1 }) : good;
  const unitString = (d: fc.Arbitrary<string>, units: string[]) =>
    fc.tuple(ws, d, ws, fc.constantFrom(...units), ws).map(([a, n, b, u, c]) => `${a}${n}${b}${u}${c}`);
  const int = (min: number, max: number) =>
    mix(fc.integer({ min, max }), fc.oneof(fc.constantFrom(min - 1, max + 1, min + 0.5), wrongType));
  const bool = mix(fc.boolean(), fc.constantFrom<unknown>("yes", 1, "true", null));
  const enumOf = <T extends string>(good: readonly T[], bad: unknown[]) =>
    mix(fc.constantFrom(...good), fc.constantFrom(...bad));
  const name = (limit: number) =>
    mix(
      usual(
        fc.constantFrom("CLIENTS", "TO.QM2", "A", "QM1.TO.QM2", "X".repeat(limit), "😀".repeat(Math.floor(limit / 2))),
        // Within the limit in code points but not in UTF-16 code units: zod (4.6) and JSON Schema
        // both count code points, and the test shows they agree.
        fc.constantFrom("😀".repeat(Math.floor(limit / 2) + 1), "😀".repeat(limit)),
      ),
      fc.constantFrom("", "X".repeat(limit + 1), "😀".repeat(limit + 1), 42),
    );
  const sizeUnits = ["", "B", "KB", "kb", "K", "k", "MB", "mB", "M", "GB", "G", "g"];
  const size = (min: number, max: number) =>
    mix(
      usual(
        fc.oneof(fc.integer({ min, max }), fc.constantFrom("32KB", "1MB", "4MB", " 64 kb ", "1.5K", "100MB", "512")),
        fc.oneof(unitString(goodDigits, sizeUnits), fc.constantFrom("200MB", "1GB", "3GB")),
      ),
      fc.oneof(
        unitString(badDigits, sizeUnits),
        unitString(goodDigits, ["XB", "KiB", "MiB", "bytes", "T"]),
        number(min, max),
        wrongType,
      ),
    );
  const percent = mix(
    fc.oneof(
      fc
        .tuple(ws, fc.constantFrom("0", "60", "80", "99.9", "100", "100.0", "0100", "7.25"), ws)
        .map(([a, n, b]) => `${a}${n}${b}%`),
      fc.integer({ min: 0, max: 100 }),
      fc.double({ min: 0, max: 100, noNaN: true }),
    ),
    fc.oneof(
      fc.constantFrom("60", "%", "60 percent", "1e2%", "150%", "100.01%", "-5%", "101%"),
      number(0, 100),
      wrongType,
    ),
  );
  // Ranges (docs/ranges.md "Inputs"): good forms (a few with ends out of order or out of range, which
  // only zod sees) and, in the broken configs, malformed ones.
  const ranges = (good: string[], wrong: string[], bad: string[]) =>
    mix(
      fc.oneof({ arbitrary: fc.constantFrom(...good), weight: 4 }, { arbitrary: fc.constantFrom(...wrong), weight: 1 }),
      fc.constantFrom(...bad),
    );
  const sizeRanges = ranges(
    ["2KB..8KB", "2..8KB", " 512B .. 4MB ", "2048..8192", "32KB ±10%", "32KB +/- 4KB", "32KB+-4"],
    ["8KB..2KB", "1KB..200MB"],
    ["32KB ±100%", "2KB..8us", "2KB...8KB", "..8KB", "32KB ±10", "1..2..3KB"],
  );
  const rateRanges = ranges(
    ["4000..6000/s", "4000/s..6000/s", " 1,000 .. 2,000 / min ", "5000/s ±10%", "5000/s +/-500/s", "5000/s+-500"],
    ["6000..4000/s", "4000/s..6000/min"],
    ["5000/s ±100%", "4000..6000", "4000/s..6MB", "5000 ±10%", "1..2..3/s"],
  );
  const timeRanges = ranges(
    ["25..35us", "30us ±10%", "30us+-5us", "1.2ms +/- 0.1"],
    ["35us..25us"],
    ["30us ±150%", "30 ±10%", "25us..35MB", "25us.."],
  );
  const withRanges = <T>(plain: fc.Arbitrary<T>, r: fc.Arbitrary<string>) =>
    fc.oneof({ arbitrary: plain, weight: 20 }, { arbitrary: r, weight: 1 });
  const rateUnits = ["s", "S", "sec", "Second", "min", "MINUTE", "h", "hour", "ms", "MS"];
  const rate = mix(
    usual(
      fc.oneof(fc.integer({ min: 1, max: 100000 }), fc.constantFrom("2000/s", "120000/min", "5 / MS", "100000000/s")),
      fc.oneof(
        fc
          .tuple(ws, goodDigits, ws, ws, fc.constantFrom(...rateUnits), ws)
          .map(([a, n, b, c, u, d]) => `${a}${n}${b}/${c}${u}${d}`),
        fc.constantFrom("0/s", "200000/ms"),
      ),
    ),
    fc.oneof(
      fc.constantFrom("2000", "2000/d", "2000 per second", "/s", "1e3/s", "-5/s"),
      number(0, 1e8),
      fc.constant(0),
      wrongType,
    ),
  );
  const time = mix(
    usual(
      fc.oneof(fc.integer({ min: 0, max: 100000 }), fc.constantFrom("45us", "1.2ms", "0.002s", "12µs", "12μs", "7 US")),
      fc.oneof(unitString(goodDigits, ["us", "US", "µs", "μs", "Μs", "ms", "Ms", "s", "S"]), fc.constant("2000s")),
    ),
    fc.oneof(
      unitString(goodDigits, ["ns", "m", "", "sec", "µ"]),
      unitString(badDigits, ["us"]),
      number(0, 1e9),
      wrongType,
    ),
  );
  const interval = mix(
    fc
      .tuple(ws, fc.constantFrom("1.00", "0.15", "0.01", "9999.59", "1.59", "0030.00"), ws)
      .map(([a, v, b]) => `${a}${v}${b}`),
    fc.oneof(
      fc.constantFrom<unknown>(1, 0.15, "1:00", "1.00s", "0.00", "0000.00", "1.60", "12345.00", "1.5"),
      wrongType,
    ),
  );

  const tls = fc.record(
    {
      cipher: enumOf(CIPHER_NAMES, ["ECDHE_RSA_AES_256_CBC_SHA383", "tls_aes_256_gcm_sha384", "", "TLS1.3"]),
      resetBytes: fc.oneof(fc.constantFrom(0, 1024, 32767, 32768, "32KB", "1KB", "1MB", 999999999), size(0, 999999999)),
      clientAuth: bool,
    },
    { requiredKeys: ["cipher"] },
  );
  const channel = fc.record(
    {
      name: name(CHANNEL_NAME_LIMIT),
      type: enumOf(["sender", "receiver", "server-connection", "cluster-sender", "cluster-receiver"] as const, [
        "svrconn",
        "SENDER",
      ]),
      count: int(1, 100000),
      transport: enumOf(["tcp", "smc-r", "smc-d", "fasp"] as const, ["TCP", "lu62"]),
      messageSize: withRanges(size(1, 104857600), sizeRanges),
      rate: withRanges(rate, rateRanges),
      sharecnv: int(0, 999999999),
      conversations: int(1, 1000000),
      compression: enumOf(["none", "rle", "zlibfast", "zlibhigh"] as const, ["zlib", "RLE"]),
      compressibility: percent,
      tls,
      amsInterception: bool,
      startsPerSecond: mix(fc.double({ min: 0, max: 100000, noNaN: true }), number(0, 100000)),
      batchSize: int(1, 9999),
    },
    { requiredKeys: ["name", "type"] },
  );

  return fc.record(
    {
      $schema: fc.constant("../schema/config.schema.json"),
      version: mix(fc.constant(1), fc.constantFrom<unknown>(2, "1", 0)),
      name: name(200),
      mq: fc.record({ release: enumOf(RELEASES, ["9.4", "9.3.0", 9.3, "10.0", ""]) }, { requiredKeys: [] }),
      hardware: fc.record(
        {
          generation: enumOf(MACHINES, ["z12", "Z15", "z900", 2064]),
          cpus: int(1, 200),
          rni: enumOf(["low", "average", "high"] as const, ["medium"]),
          factor: mix(fc.double({ min: 0.01, max: 100, noNaN: true }), fc.constantFrom<unknown>(0, -1, 101, "1.2")),
          factorRelativeTo: enumOf(MACHINES, ["z12"]),
        },
        { requiredKeys: [] },
      ),
      baseline: fc.record(
        {
          // baseline.rate takes no range: its range strings are refused by both (the form alone).
          rate: withRanges(rate, fc.constantFrom("4000..6000/s", "5000/s ±10%")),
          cost: fc.record(
            {
              qmgr: withRanges(time, timeRanges),
              chin: time,
              app: withRanges(time, timeRanges),
              tcpip: time,
              cf: time,
            },
            { requiredKeys: [] },
          ),
        },
        { requiredKeys: ["rate", "cost"] },
      ),
      workload: fc.record(
        {
          pattern: enumOf(["request-reply", "one-way"] as const, ["request/reply"]),
          queues: enumOf(["private", "shared"] as const, ["local"]),
          persistent: bool,
          syncpoint: bool,
          messageSize: withRanges(size(1, 104857600), sizeRanges),
          rate: withRanges(rate, rateRanges),
        },
        { requiredKeys: [] },
      ),
      logging: fc.record(
        { dualLogs: bool, zHyperWrite: bool, archiveCompression: bool, archiveCompressibility: percent },
        { requiredKeys: [] },
      ),
      encryption: fc.record({ logs: bool, pagesets: bool, smds: bool }, { requiredKeys: [] }),
      channels: mix(fc.array(channel, { maxLength: 4 }), wrongType),
      ams: fc.record(
        {
          policy: enumOf(["none", "integrity", "privacy", "confidentiality"] as const, ["encrypt"]),
          keyReuse: mix(
            fc.oneof(fc.integer({ min: 1, max: 1000000 }), fc.constant("unlimited")),
            fc.constantFrom<unknown>(0, "never", 1.5),
          ),
        },
        { requiredKeys: [] },
      ),
      streamingQueues: fc.record(
        { copies: int(0, 100), quality: enumOf(["must-duplicate", "best-effort"] as const, ["MUSTDUP"]) },
        { requiredKeys: [] },
      ),
      smf: fc.record(
        {
          statisticsInterval: interval,
          accountingInterval: interval,
          accountingClass3: bool,
          queues: int(0, 1000000),
          apiCallsPerTransaction: mix(fc.integer({ min: 0, max: 1000 }), number(0, 1000)),
        },
        { requiredKeys: [] },
      ),
      storage: fc.record(
        {
          chin: fc.record(
            { used: size(0, 2147483648), free: size(1, 2147483648), headroom: percent },
            { requiredKeys: ["used", "free"] },
          ),
        },
        { requiredKeys: [] },
      ),
      sharedQueue: fc.record(
        { cfProcessors: int(1, 64), messagesOnQueue: int(0, 1e9), backupIntervalMB: mix(fc.nat(1e7), number(0, 1e7)) },
        { requiredKeys: [] },
      ),
    },
    { requiredKeys: ["version"] },
  );
}

/** Every object (mapping) in a value, with its path, for mutations. */
function objectsIn(v: unknown, path: PropertyKey[] = []): { path: PropertyKey[]; obj: Record<string, unknown> }[] {
  if (v === null || typeof v !== "object") return [];
  const here = Array.isArray(v) ? [] : [{ path, obj: v as Record<string, unknown> }];
  return [...here, ...Object.entries(v).flatMap(([k, x]) => objectsIn(x, [...path, Array.isArray(v) ? Number(k) : k]))];
}

/** A config, sometimes with an unknown key or a wrong-typed value put somewhere in it. */
const caseArb = fc
  .tuple(
    // Well-formed configs a little more often: ranged fields added more ways for a config to be refused.
    fc.oneof({ arbitrary: makeConfigArb(false), weight: 3 }, { arbitrary: makeConfigArb(true), weight: 2 }),
    fc.constantFrom("none", "none", "none", "unknown-key", "wrong-type"),
    fc.nat(),
    fc.nat(),
    fc.constantFrom("colour", "mesageSize", "Release", "channel", "x-note", "messagesize"),
    wrongType,
  )
  .map(([config, mutation, i, j, key, bad]) => {
    const value = structuredClone(config) as Record<string, unknown>;
    const objects = objectsIn(value);
    const target = objects[i % objects.length]!;
    if (mutation === "unknown-key" && !(key in target.obj)) target.obj[key] = 1;
    if (mutation === "wrong-type") {
      const keys = Object.keys(target.obj);
      if (keys.length) target.obj[keys[j % keys.length]!] = bad;
    }
    return value;
  });

describe("JSON Schema and zod schema agreement", () => {
  it("uses ajv 8 from yaml-language-server's dependencies, a draft-07 validator", () => {
    expect(ajvVersion).toMatch(/^8\./);
    expect(schemaJson.$schema).toBe("http://json-schema.org/draft-07/schema#");
  });

  it("schema/config.schema.json is what scripts/schemas.ts generates from the zod schema now", () => {
    const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version: string };
    expect(schemaJson).toEqual(JSON.parse(JSON.stringify(configJsonSchema(pkg.version))));
  });

  it("the examples are accepted by both", () => {
    const quickstart = JSON.parse(readFileSync(join(root, "examples", "quickstart.json"), "utf8")) as unknown;
    expect(validateJson(quickstart), JSON.stringify(validateJson.errors)).toBe(true);
    expect(Config.safeParse(quickstart).success).toBe(true);
  });

  it(`accept and reject the same generated configs (${RUNS} runs, seed ${SEED}), apart from EXCLUSIONS`, () => {
    const counts = { bothAccept: 0, bothReject: 0 };
    const hits = Object.fromEntries(Object.keys(EXCLUSIONS).map((k) => [k, 0])) as Record<Exclusion, number>;

    fc.assert(
      fc.property(caseArb, (value) => {
        const jsonOk = validateJson(value);
        const zod = Config.safeParse(value);
        const shown = () =>
          `${JSON.stringify(value)}\najv: ${JSON.stringify(validateJson.errors)}\nzod: ${JSON.stringify(zod.error?.issues)}`;

        if (!jsonOk) {
          // The JSON Schema is never stricter than zod: nothing the CLI accepts is flagged in the editor.
          expect(zod.success, shown()).toBe(false);
          counts.bothReject++;
          return;
        }
        if (!zod.success) {
          // zod is stricter here: every issue must be one the JSON Schema cannot express.
          const explained = zod.error.issues.map((issue) => explainZodIssue(value, issue));
          expect(explained, shown()).not.toContain(undefined);
          for (const e of new Set(explained)) hits[e!]++;
          return;
        }
        counts.bothAccept++;
        for (const e of new Set(semanticExclusions(value))) hits[e]++;
      }),
      { numRuns: RUNS, seed: SEED },
    );

    // The generator covers both sides, and every exclusion is needed (it was hit).
    expect(counts.bothAccept).toBeGreaterThan(RUNS / 10);
    expect(counts.bothReject).toBeGreaterThan(RUNS / 10);
    for (const [id, n] of Object.entries(hits)) expect(n, `exclusion ${id} never hit`).toBeGreaterThan(0);
  });

  it("unit strings the pattern accepts but zod rejects are out of range, e.g. messageSize 200MB", () => {
    const value = { version: 1, workload: { messageSize: "200MB" } };
    expect(validateJson(value)).toBe(true);
    const zod = Config.safeParse(value);
    expect(zod.success).toBe(false);
    expect(zod.error!.issues.map((i) => explainZodIssue(value, i))).toEqual(["unit-range"]);
    expect(zod.error!.issues[0]!.message).toBe("workload.messageSize: 209715200 bytes is outside 1..104857600 bytes");
  });
});
