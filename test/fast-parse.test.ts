// The generated config parser (src/config/fast-parse.generated.ts) must give, for every value it
// takes, what zod's parse of the config schema gives (the same data, keys in the same order), and take
// no value zod refuses; where it says FAIL, load.ts asks zod. Checked on every example and every YAML
// config the tests hold, and on many thousand variations of the examples made by a seeded generator:
// values swapped for others (units, ranges, names, wrong kinds, out of range, too long), keys taken
// out or added. The section, field and element parsers load.ts uses one by one are checked the same
// way. And a valid config is read without building zod's schemas at all, which is what it is for.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { isDeepStrictEqual } from "node:util";
import { describe, expect, it, vi } from "vitest";
import { random } from "./helpers/random.js";
import { parseDocument } from "yaml";
import { configSchemas } from "../src/config/schema.js";
import { FAST_SECTIONS, fastConfig, type FastParser } from "../src/config/fast-parse.generated.js";
import { FAIL } from "../src/config/fast-parse-runtime.js";
import { fastParseSource } from "../scripts/gen-fast-parse.js";
import { defOf, unwrapped, type AnySchema } from "../src/util/zod-defs.js";

const ROOT = join(import.meta.dirname, "..");
const { Config } = configSchemas();

type Parsed = { success: boolean; data?: unknown };
const zodParse = (s: AnySchema, v: unknown): Parsed => (s as unknown as { safeParse(v: unknown): Parsed }).safeParse(v);

/** What the two parsers gave differs: the generated one took a value zod refuses, or gave other data. */
function differs(fast: unknown, zod: Parsed): boolean {
  if (fast === FAIL) return false;
  if (!zod.success) return true;
  return !isDeepStrictEqual(fast, zod.data) || JSON.stringify(fast) !== JSON.stringify(zod.data);
}

function yamlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) return yamlFiles(p);
    return f.endsWith(".yaml") || f.endsWith(".yml") ? [p] : [];
  });
}

/** A YAML file's value, or undefined where YAML refuses it. */
function valueOf(file: string): unknown {
  const doc = parseDocument(readFileSync(file, "utf8").replace(/^\uFEFF/, ""), { uniqueKeys: true });
  if (doc.errors.length) return undefined;
  try {
    return doc.toJS({ maxAliasCount: 100 });
  } catch {
    return undefined; // the bad-input corpus: an alias to no anchor, an alias bomb
  }
}

const examples = yamlFiles(join(ROOT, "examples"))
  .filter((f) => !f.includes("golden"))
  .map((f) => ({ f, v: valueOf(f) }));
const testConfigs = yamlFiles(join(ROOT, "test"))
  .map((f) => ({ f, v: valueOf(f) }))
  .filter(({ v }) => v !== null && typeof v === "object" && !Array.isArray(v) && "version" in v);

// Values a config field might be given: of every kind the schema has, valid for some fields and not
// for others, at and past the schema's bounds.
const VALUES: unknown[] = [
  ...[0, 1, -1, 0.5, 1.5, 2, 2.5, 7, 16, 20, 100, 100.5, 101, 9999, 10000, 1e5, 100001, 1e6, 1e9, 2 ** 53, -0, NaN],
  Infinity,
  ...["", "x", "32KB", "1MB", "0", "100MB", "200MB", "2KB..8KB", "8KB..2KB", "32KB +/-10%", "1KB..2KB..3KB"],
  ...["60%", "0%", "100%", "101%", "2000/s", "0/s", "5/ms", "400..600/s", "120000/min", "45us", "1.2ms"],
  ...["30us +/-10%", "30us +/-150%", "1.00", "0.00", "30.00", "0.61", "9.3", "9.2", "5.3", "8.0", "z15", "z14"],
  ...["sender", "SVRCONN", "server-connection", "TLS_AES_256_GCM_SHA384", "ANY_TLS13", "toString"],
  ...["TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384", "ECDHE_RSA_AES_256_GCM_SHA384", "private", "shared"],
  ...["request-reply", "one-way", "active", "archive", "unlimited", "N3", "zlibfast", "whole", "lower-bound"],
  ...["integrity", "privacy", "best-effort", "buffers", "low", "channels", "smc-r"],
  "a".repeat(20),
  "a".repeat(21),
  "\u{1F600}".repeat(11),
  "\u{1F600}",
  ...[true, false, null, [], {}, [1], { a: 1 }, { cipher: "ANY_TLS13" }],
];

const clone = (v: unknown): unknown => structuredClone(v);

/** Every place in a value that holds something: [the object or array, its key]. */
function places(v: unknown, out: [Record<string, unknown> | unknown[], string | number][] = []) {
  if (Array.isArray(v))
    v.forEach((x, k) => {
      out.push([v, k]);
      places(x, out);
    });
  else if (v !== null && typeof v === "object")
    for (const [k, x] of Object.entries(v)) {
      out.push([v as Record<string, unknown>, k]);
      places(x, out);
    }
  return out;
}

/** One variation of a config: a value swapped, a key taken out or added, an element repeated. */
function variation(base: unknown, next: () => number): unknown {
  const v = clone(base);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]!;
  const at = places(v);
  const [holder, key] = pick(at);
  const objects = [v, ...at.map(([h, k]) => (h as Record<string, unknown>)[k as string])].filter(
    (x) => x !== null && typeof x === "object" && !Array.isArray(x),
  ) as Record<string, unknown>[];
  switch (Math.floor(next() * 6)) {
    case 0:
    case 1:
    case 2:
      (holder as Record<string | number, unknown>)[key] = clone(pick(VALUES));
      break;
    case 3:
      if (Array.isArray(holder)) holder.splice(key as number, 1);
      else delete holder[key as string];
      break;
    case 4: // a key the schema has somewhere, or none has
      pick(objects)[pick(["rate", "messageSize", "tls", "extra", "count", "cipher", "persistent", "__proto__"])] =
        clone(pick(VALUES));
      break;
    default:
      if (Array.isArray(holder)) holder.push(clone(holder[key as number]));
      else (holder as Record<string, unknown>)[key as string] = undefined;
  }
  return v;
}

/** A section's field and element parsers with zod's schemas for them, where the section has them. */
function partsOf(k: string): { fields: [string, FastParser, AnySchema][]; element?: [FastParser, AnySchema] } {
  let s = (Config.shape as Record<string, AnySchema>)[k]!;
  for (let inner = unwrapped(defOf(s)); inner; inner = unwrapped(defOf(s))) s = inner;
  const d = defOf(s);
  const fast = FAST_SECTIONS[k]!;
  return {
    fields: Object.entries(fast.fields ?? {}).map(([f, p]) => [f, p, d.shape![f]!]),
    ...(fast.element ? { element: [fast.element, d.element!] } : {}),
  };
}

describe("the generated config parser", () => {
  it("is the one the build writes from the schema", () => {
    expect(readFileSync(join(ROOT, "src/config/fast-parse.generated.ts"), "utf8")).toBe(fastParseSource());
  });

  it("takes every example, giving zod's data with its keys in zod's order", () => {
    expect(examples.length).toBeGreaterThan(10);
    for (const { f, v } of examples) {
      const fast = fastConfig(v);
      expect(fast, f).not.toBe(FAIL);
      expect(differs(fast, zodParse(Config, v)), f).toBe(false);
    }
  });

  it("gives zod's data for every config the tests hold that it takes, and takes none zod refuses", () => {
    let taken = 0;
    for (const { f, v } of testConfigs) {
      const fast = fastConfig(v);
      expect(differs(fast, zodParse(Config, v)), f).toBe(false);
      if (fast !== FAIL) taken++;
    }
    expect(taken).toBeGreaterThan(0);
  });

  it("gives zod's data for every variation it takes, and takes most that zod takes", () => {
    const next = random(30);
    let zodTook = 0;
    let bothTook = 0;
    let differing = 0;
    const firstDiffering: unknown[] = [];
    for (let n = 0; n < 12000; n++) {
      const v = variation(pick(examples, next).v, next);
      const fast = fastConfig(v);
      const zod = zodParse(Config, v);
      if (differs(fast, zod)) {
        differing++;
        if (firstDiffering.length < 3) firstDiffering.push(v);
      }
      // A key given the value undefined, which neither YAML nor JSON can write, is left to zod.
      if (hasUndefined(v)) continue;
      if (zod.success) zodTook++;
      if (zod.success && fast !== FAIL) bothTook++;
    }
    expect(firstDiffering).toEqual([]);
    expect(differing).toBe(0);
    // Variations zod takes and the generated parser leaves to it are those it is not sure of: a string
    // longer in UTF-16 units than its limit in code points. Not more than 1 in 100.
    expect(zodTook).toBeGreaterThan(1000);
    expect(bothTook).toBeGreaterThanOrEqual(zodTook * 0.99);
  });

  it("parses sections, their fields and a list's elements as zod's schemas for them do", () => {
    const next = random(31);
    let compared = 0;
    for (let n = 0; n < 4000; n++) {
      const v = variation(pick(examples, next).v, next) as Record<string, unknown>;
      if (v === null || typeof v !== "object" || Array.isArray(v)) continue;
      for (const k of Object.keys(FAST_SECTIONS)) {
        const section = (Config.shape as Record<string, AnySchema>)[k]!;
        expect(differs(FAST_SECTIONS[k]!.parse(v[k]), zodParse(section, v[k])), k).toBe(false);
        const { fields, element } = partsOf(k);
        const sv = v[k];
        if (sv !== null && typeof sv === "object" && !Array.isArray(sv))
          for (const [f, fast, zod] of fields) {
            const x = (sv as Record<string, unknown>)[f];
            if (x === undefined) continue;
            expect(differs(fast(x), zodParse(zod, x)), `${k}.${f}`).toBe(false);
            compared++;
          }
        if (element && Array.isArray(sv))
          for (const x of sv) {
            expect(differs(element[0](x), zodParse(element[1], x)), `${k}[]`).toBe(false);
            compared++;
          }
      }
    }
    expect(compared).toBeGreaterThan(10000);
  });

  it("lets load.ts read a valid config without building zod's schemas, and builds them for one it refuses", async () => {
    vi.resetModules();
    const schema = await import("../src/config/schema.js");
    const { parseConfigText } = await import("../src/config/load.js");
    expect(schema.configSchemasBuilt()).toBe(false);
    const text = readFileSync(join(ROOT, "examples/how-far-order-entry.yaml"), "utf8");
    expect(parseConfigText(text, "how-far-order-entry.yaml").config.hardware.cpus).toBe(8);
    expect(schema.configSchemasBuilt()).toBe(false);
    // "hardware: { cpus: 0 }" is outside 1..200: zod's issue, with its schemas built for it.
    expect(() => parseConfigText("version: 1\nhardware: { cpus: 0 }\n", "bad.yaml")).toThrow(/cpus/);
    expect(schema.configSchemasBuilt()).toBe(true);
  });
});

function hasUndefined(v: unknown): boolean {
  if (v === undefined) return true;
  if (v === null || typeof v !== "object") return false;
  return Object.values(v).some(hasUndefined);
}

function pick<T>(xs: readonly T[], next: () => number): T {
  return xs[Math.floor(next() * xs.length)]!;
}
