// Reads a config file (YAML or JSON), validates it, and reports every problem as file:line:col with
// the offending line, a caret, what was expected and a did-you-mean. Never throws anything but
// InputError for bad input.
import { canonicalConfig } from "./canonical.generated.js";
import { configSchemas, RELEASES, type ConfigSchemas } from "./schema.js";
import { FAIL } from "./fast-parse-runtime.js";
import { FAST_SECTIONS, fastConfig, type FastParser } from "./fast-parse.generated.js";
import type { Config as ParsedConfig } from "./types.js";
import { checkSemantics } from "./semantics.js";
import { baselineConfigOf } from "./measured-with.js";
import { endInputs, inputRanges, MAX_RANGED_INPUTS, tooManyRanged } from "./input-ranges.js";
import { InputError, type Diagnostic } from "../util/diagnostic.js";
import { lineText, locate, parseYamlSource, type YamlSource } from "../util/yaml-source.js";
import { didYouMean, schemaKeys, zodIssuesToDiagnostics } from "../util/zod-diagnostics.js";
import { CIPHER_NAMES, IANA_CIPHER_NAMES, keyExchangeOf, mqCipherName } from "./ciphers.js";
import { keyHintFor } from "./mq-names.js";
import { defOf, unwrapped, type AnySchema } from "../util/zod-defs.js";
import { stringify } from "yaml";

/** Configs are hand-sized; anything larger is a mistake (a log file, a dump). */
export const MAX_CONFIG_BYTES = 1024 * 1024;
/** Alias expansions allowed before a document counts as an alias bomb. */
export const MAX_ALIASES = 100;
/** Nesting deeper than any config needs. */
export const MAX_DEPTH = 32;

export interface LoadedConfig {
  config: ParsedConfig;
  source: YamlSource;
}

function fail(file: string, message: string, suggestion?: string): never {
  throw new InputError([{ file, message, severity: "error", ...(suggestion ? { suggestion } : {}) }]);
}

/** The path to the first value nested deeper than MAX_DEPTH, if there is one. */
function tooDeepPath(v: unknown, path: PropertyKey[] = []): PropertyKey[] | undefined {
  if (v === null || typeof v !== "object") return undefined;
  if (path.length > MAX_DEPTH) return path;
  for (const [k, x] of Object.entries(v)) {
    const found = tooDeepPath(x, [...path, Array.isArray(v) ? Number(k) : k]);
    if (found) return found;
  }
  return undefined;
}

type SafeParsed = ReturnType<ConfigSchemas["Config"]["safeParse"]>;
type Parsed = { success: boolean; data?: unknown };

/** The config's zod schema, built when first asked for (schema.ts): for a config the generated parser does not take. */
const zodConfig = (): ConfigSchemas["Config"] => configSchemas().Config;

/**
 * The config as zod's parse gives it: from the generated parser (fast-parse.generated.ts) where it
 * takes the value, which then never builds zod's schemas; from zod otherwise, with its issues.
 */
function parseWhole(value: unknown): SafeParsed {
  const data = fastConfig(value);
  return data !== FAIL ? ({ success: true, data } as SafeParsed) : zodConfig().safeParse(value);
}

/** One value parsed by the generated parser where it takes it, else by zod's schema for it. */
function parsedBy(fast: FastParser, zod: () => AnySchema | undefined, x: unknown): Parsed {
  const y = fast(x);
  if (y !== FAIL) return { success: true, data: y };
  return (zod() as unknown as { safeParse(x: unknown): Parsed }).safeParse(x);
}

export function parseConfigText(text: string, file: string): LoadedConfig {
  // A UTF-8 byte order mark (Windows editors write one) is not part of the YAML; without this it
  // would shift every column on line 1 and show in the quoted source line.
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (onlyComments(text)) {
    fail(
      file,
      "is empty",
      "`mqzcap init FILE` writes a commented starter config; a config needs at least `version: 1`",
    );
  }
  const src = parseYamlSource(text, file, { maxAliasCount: MAX_ALIASES, maxNesting: MAX_DEPTH, plain: true });
  if (src.errors.length) throw new InputError(src.errors.slice(0, 5));
  const value = src.value;
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    const pos = locate(src, []);
    throw new InputError([
      {
        file,
        ...pos,
        sourceLine: lineText(src.text, pos.line),
        message: "the config must be a mapping of sections (version, mq, workload, ...)",
        severity: "error",
        suggestion: "`mqzcap init FILE` writes a commented starter config to start from",
      },
    ]);
  }
  const deep = tooDeepPath(value);
  if (deep) {
    const pos = locate(src, deep);
    throw new InputError([
      {
        file,
        ...pos,
        sourceLine: lineText(src.text, pos.line),
        message: `nests deeper than ${MAX_DEPTH} levels; no config needs that`,
        severity: "error",
      },
    ]);
  }
  for (const bad of ["__proto__", "constructor", "prototype"]) {
    if (hasKey(value, bad)) {
      const diag = zodIssuesToDiagnostics(
        [
          {
            code: "unrecognized_keys",
            keys: [bad],
            path: pathToKey(value, bad) ?? [],
            message: "",
            input: undefined,
          } as never,
        ],
        src,
        zodConfig(),
      );
      throw new InputError(diag.map((d) => ({ ...d, message: `key "${bad}" is not allowed`, suggestion: undefined })));
    }
  }
  const parsed = parseWhole(value);
  if (!parsed.success) {
    throw new InputError(zodIssuesToDiagnostics(parsed.error.issues, src, zodConfig(), hintFor, keyHint()));
  }
  const semantic: Diagnostic[] = checkSemantics(parsed.data, src);
  // The configuration the baseline was measured on is a config too: a feature its release lacks is an error there.
  const measured = baselineConfigOf(parsed.data);
  if (measured) semantic.push(...checkSemantics(measured, src, ["baseline", "measuredWith"]));
  if (semantic.some((d) => d.severity === "error")) throw new InputError(semantic);
  // Every config of one shape (every key, absent ones undefined): the rules' reads stay fast over a
  // sweep of varied configs (see canonical.generated.ts). JSON and YAML output leave undefined out.
  const config = canonicalConfig(parsed.data);
  // Values written as ranges: each field holds its point, the ranges are kept beside (docs/ranges.md).
  const ranges = inputRanges(value);
  if (ranges) config.ranges = ranges;
  const ended = endInputs(ranges);
  if (ended.length > MAX_RANGED_INPUTS) {
    // Pointed at the first one past the limit.
    const pos = locate(src, writtenPath(value, ended[MAX_RANGED_INPUTS]!.path));
    throw new InputError([
      tooManyRanged(
        ended.map((i) => i.path),
        file,
        pos,
      ),
    ]);
  }
  return { config, source: src };
}

/** A ranged input's path as written: channels.NAME.rate as channels.INDEX.rate. */
function writtenPath(value: unknown, path: string): PropertyKey[] {
  if (!path.startsWith("channels.")) return path.split(".");
  const dot = path.lastIndexOf(".");
  const name = path.slice("channels.".length, dot);
  const list = (value as { channels?: { name?: unknown }[] }).channels ?? [];
  return ["channels", list.findIndex((c) => c?.name === name), path.slice(dot + 1)];
}

// An empty document: semantic checks on a config given as an object need a source to point into; an
// object that fails them is parsed again from its text, for diagnostics that point at its lines.
let emptySource: YamlSource | undefined;

/**
 * A config given as the object its YAML reads (a sweep point, a sensitivity end: the config as written
 * with one value set), validated as parseConfigText validates text, without writing it out as YAML and
 * parsing that back (most of a sweep's or sensitivity's time went there). An object that fails is
 * written out and parsed as text, so that its InputError is the one the text would give.
 */
export function parseConfigValue(
  value: Record<string, unknown>,
  file: string,
  { located = true, memo }: { located?: boolean; memo?: ParseMemo } = {},
): LoadedConfig {
  const parsed = memo ? bySection(value, memo) : parseWhole(value);
  emptySource ??= parseYamlSource("{}", file, { maxAliasCount: 0, plain: true });
  const src = emptySource;
  // Unlocated (sensitivity, which keeps only the message of an end that is not a valid config): the
  // diagnostics without a line, which would be a line of YAML written out here, not the user's.
  const fail = (diags: Diagnostic[]): never => {
    if (located) parseConfigText(stringify(value), file);
    throw new InputError(diags.map(({ line: _l, col: _c, sourceLine: _s, ...d }) => ({ ...d, file })));
  };
  if (!parsed.success) return fail(zodIssuesToDiagnostics(parsed.error.issues, src, zodConfig(), hintFor, keyHint()));
  const semantic = checkSemantics(parsed.data, src);
  if (semantic.some((d) => d.severity === "error")) return fail(semantic);
  const config = canonicalConfig(parsed.data);
  if (memo) shareSections(config, parsed.data as Record<string, unknown>);
  const ranges = inputRanges(value);
  if (ranges) config.ranges = ranges;
  return { config, source: sourceWith(emptySource, file, value) };
}

/** A source with another file and value, its document the one of `src`, made only when asked for. */
function sourceWith(src: YamlSource, file: string, value: unknown): YamlSource {
  return {
    file,
    text: src.text,
    value,
    errors: src.errors,
    get doc() {
      return src.doc;
    },
    get lines() {
      return src.lines;
    },
  };
}

// The canonical copy of each section parsed within a command, by the parsed section (bySection hands
// out the same parsed object for a section whose text did not change).
const canonicalSections = new WeakMap<object, unknown>();

/**
 * Sections that did not change from a config parsed before in the command are that config's objects:
 * the rule memo (src/engine/rule-memo.ts) takes an object it has seen as the same values without
 * comparing what a rule read of it (3% of a 50-point rate sweep's instructions). A config is never
 * changed once made, so sharing its sections is safe.
 */
function shareSections(config: ParsedConfig, data: Record<string, unknown>): void {
  const out = config as unknown as Record<string, unknown>;
  for (const k of Object.keys(out)) {
    const d = data[k];
    if (d === null || typeof d !== "object") continue;
    const prior = canonicalSections.get(d);
    if (prior !== undefined) out[k] = prior;
    else canonicalSections.set(d, out[k]);
  }
}

/** Sections parsed within one command (a sweep's points differ in a section or two), by key and text. */
export type ParseMemo = Map<string, Map<string, { raw: unknown; data: unknown }>>;

/** A section schema's definition inside its optional, default or lazy wrappers (at most five). */
function innerDef(section: AnySchema): ReturnType<typeof defOf> | undefined {
  let s = section;
  for (let k = 0; k < 5; k++) {
    const d = defOf(s);
    const inner = unwrapped(d);
    if (!inner) return d;
    s = inner;
  }
  return undefined;
}

/** A section's zod schema (zod's schemas built then). */
const zodSection = (k: string): AnySchema => (zodConfig().shape as Record<string, AnySchema>)[k]!;

/** The zod schema of a field of an object section (inside its optional or default wrapper). */
function zodField(k: string, key: string): AnySchema | undefined {
  const d = innerDef(zodSection(k));
  return d?.type === "object" ? d.shape?.[key] : undefined;
}

/** The zod schema of a list section's elements. */
const zodElement = (k: string): AnySchema | undefined => innerDef(zodSection(k))?.element;

/**
 * A section that differs from one parsed before in one field alone (a swept rate, a message size):
 * that field parsed, the rest as parsed before. The config schema checks nothing across the fields
 * of a section (its transforms are each field's own), so this is what parsing the section gives.
 */
function oneFieldChanged(
  k: string,
  v: unknown,
  seen: Map<string, { raw: unknown; data: unknown }>,
): { data: unknown } | undefined {
  if (v === null || typeof v !== "object" || Array.isArray(v)) return undefined;
  // The section's fields (an object section's), as the generated parser has them: the schema's.
  const fields = FAST_SECTIONS[k]!.fields;
  if (!fields) return undefined;
  const now = v as Record<string, unknown>;
  const keys = Object.keys(now);
  let tried = 0;
  for (const prior of seen.values()) {
    if (++tried > 4) break;
    const before = prior.raw as Record<string, unknown> | null;
    if (before === null || typeof before !== "object" || prior.data === undefined) continue;
    const was = Object.keys(before);
    if (was.length !== keys.length || was.some((x, i) => x !== keys[i])) continue;
    // The same value (a string, a number, an object the two share) without writing either as JSON.
    const changed = keys.filter((x) => now[x] !== before[x] && JSON.stringify(now[x]) !== JSON.stringify(before[x]));
    if (changed.length !== 1 || !Object.hasOwn(fields, changed[0]!)) continue;
    const key = changed[0]!;
    const r = parsedBy(fields[key]!, () => zodField(k, key), now[key]);
    if (!r.success) return undefined;
    return { data: { ...(prior.data as Record<string, unknown>), [key]: r.data } };
  }
  return undefined;
}

/**
 * A list section (channels) of the length of one parsed before, differing from it in one element
 * alone (a sensitivity moves one of 1,000 channel definitions): that element parsed, the others as
 * parsed before. The list's own checks are on its length, which is the same (the generated parser
 * has an element parser only for such a list), and an element's transforms are its own, so this is
 * what parsing the section gives (parsing 1,000 definitions at each value tried was an eighth of what
 * a sensitivity of them allocated).
 */
function oneElementChanged(
  k: string,
  v: unknown,
  seen: Map<string, { raw: unknown; data: unknown }>,
): { data: unknown } | undefined {
  if (!Array.isArray(v)) return undefined;
  const element = FAST_SECTIONS[k]!.element;
  if (!element) return undefined;
  let tried = 0;
  for (const prior of seen.values()) {
    if (++tried > 4) break;
    const before = prior.raw;
    if (!Array.isArray(before) || before.length !== v.length || !Array.isArray(prior.data)) continue;
    let changed = -1;
    for (let x = 0; x < v.length; x++) {
      // The values tried share the definitions they do not move (sweep.ts withPath): the same object.
      if (v[x] === before[x] || JSON.stringify(v[x]) === JSON.stringify(before[x])) continue;
      if (changed >= 0) {
        changed = -2;
        break;
      }
      changed = x;
    }
    if (changed < 0) continue;
    const r = parsedBy(element, () => zodElement(k), v[changed]);
    if (!r.success) return undefined;
    const data = [...(prior.data as unknown[])];
    data[changed] = r.data;
    return { data };
  }
  return undefined;
}

/**
 * The config parsed section by section, each section taken from the memo where the same text was
 * parsed before: what parsing it whole gives, as the config schema is an object of sections with no
 * check across them (the checks across sections are checkSemantics'). Anything else (an unknown key,
 * a section that fails) is parsed whole by zod, for the whole set of issues.
 */
function bySection(value: Record<string, unknown>, memo: ParseMemo): SafeParsed {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(value)) if (!Object.hasOwn(FAST_SECTIONS, k)) return zodConfig().safeParse(value);
  let byKey = sectionObjects.get(memo);
  if (!byKey) sectionObjects.set(memo, (byKey = new Map()));
  for (const k of SECTION_KEYS) {
    const v = value[k];
    const isObject = v !== null && typeof v === "object";
    let objects = byKey.get(k);
    if (!objects) byKey.set(k, (objects = new WeakMap()));
    const seen = isObject ? objects.get(v) : undefined;
    if (seen !== undefined) {
      if (seen.data !== undefined) out[k] = seen.data;
      continue;
    }
    const text = v === undefined ? "" : JSON.stringify(v);
    let byText = memo.get(k);
    if (!byText) memo.set(k, (byText = new Map()));
    let data = byText.get(text)?.data;
    if (!byText.has(text)) {
      const quick = oneFieldChanged(k, v, byText) ?? oneElementChanged(k, v, byText);
      if (quick) data = quick.data;
      else {
        const r = parsedBy(FAST_SECTIONS[k]!.parse, () => zodSection(k), v);
        if (!r.success) return zodConfig().safeParse(value);
        data = r.data;
      }
      byText.set(text, { raw: v, data });
    }
    if (isObject) objects.set(v, { data });
    if (data !== undefined) out[k] = data;
  }
  return { success: true, data: out } as SafeParsed;
}

/** The config's sections in the schema's order (the generated parser's, which is the schema's). */
const SECTION_KEYS = Object.keys(FAST_SECTIONS);

/**
 * Sections parsed in a command by key and by their object as written: a value tried shares every section it does
 * not move with the config (withPath copies the path alone), so the same object needs neither its JSON
 * written nor looking up (a fifth of a 50-point sweep's parsing). Nothing changes a config once made.
 */
const sectionObjects = new WeakMap<ParseMemo, Map<string, WeakMap<object, { data: unknown }>>>();

/**
 * True when every line is blank or a comment. A loop over lines, not a regex: /^\s*(#.*\s*)*$/ backtracked
 * exponentially on a banner of "#" characters (40 of them never finished).
 */
export function onlyComments(text: string): boolean {
  for (const line of text.split("\n")) {
    const t = line.trim();
    if (t !== "" && !t.startsWith("#")) return false;
  }
  return true;
}

function hasKey(v: unknown, key: string): boolean {
  return pathToKey(v, key) !== undefined;
}

function pathToKey(v: unknown, key: string, path: PropertyKey[] = []): PropertyKey[] | undefined {
  if (v === null || typeof v !== "object") return undefined;
  for (const k of Object.keys(v)) {
    if (k === key) return path;
    const found = pathToKey((v as Record<string, unknown>)[k], key, [...path, Array.isArray(v) ? Number(k) : k]);
    if (found) return found;
  }
  return undefined;
}

/**
 * A release written as MQ writes it (9.3.0, V9.3, 9.3.1, V8) is the version and release here; one the
 * reports do not cover is named as such, with those they do (a spelling guess would name another).
 */
function releaseHint(value: string): string | undefined {
  const vr = /^v?(\d+)(?:\.(\d+))?/i.exec(value.trim());
  if (!vr) return undefined;
  const release = `${vr[1]}.${vr[2] ?? "0"}`;
  const covered = (RELEASES as readonly string[]).includes(release);
  if (covered && release !== value) return `releases are version.release: write "${release}"`;
  if (!covered) return `no source measures MQ ${release}: the reports cover MQ ${RELEASES.join(", ")}`;
  return undefined;
}

let keyHints: ReturnType<typeof keyHintFor> | undefined;
/** Where an unknown key belongs (MQ attribute names, keys of another section); built on first use. */
function keyHint(): ReturnType<typeof keyHintFor> {
  // baseline.measuredWith repeats the top-level sections: a key is named where it is first found, there.
  return (keyHints ??= keyHintFor(schemaKeys(zodConfig()).filter((k) => !k.path.startsWith("baseline.measuredWith."))));
}

/**
 * A misspelt or foreign cipher name gets a suggestion of its own key exchange only (an ECDHE_RSA name
 * is never answered with an RSA one), or is told that MQ has none of that kind.
 */
function cipherHint(value: string): string | undefined {
  const family = keyExchangeOf(value);
  if (family === undefined) return undefined;
  const names = [...CIPHER_NAMES, ...IANA_CIPHER_NAMES].filter((n) => keyExchangeOf(n) === family);
  const guess = didYouMean(value, names);
  if (guess) {
    const mq = mqCipherName(guess);
    return `did you mean "${guess}"${mq ? ` (MQ's ${mq})` : ""}?`;
  }
  const mqNames = CIPHER_NAMES.filter((n) => keyExchangeOf(n) === family);
  if (mqNames.length === 0) {
    return `MQ has no CipherSpec with ${family} key exchange; its TLS 1.2 CipherSpecs use ECDHE_RSA, ECDHE_ECDSA or RSA`;
  }
  return `MQ's ${family === "TLS1.3" ? "TLS 1.3" : family} CipherSpecs are ${mqNames.join(", ")}`;
}

/** Channel types MQ has that do not run in the channel initiator as a message or server channel. */
const OTHER_CHANNEL_TYPES: Record<string, string> = {
  CLNTCONN:
    "a client-connection channel runs in the client, not the channel initiator: model its server end, type: server-connection (SVRCONN)",
  MQTT: "telemetry (MQTT) channels are not on MQ for z/OS",
  AMQP: "AMQP channels are not on MQ for z/OS",
};

function hintFor(path: readonly PropertyKey[], value?: unknown): string | undefined {
  const last = String(path[path.length - 1] ?? "");
  if (last === "cipher" && typeof value === "string") return cipherHint(value);
  if (last === "type" && path[0] === "channels" && typeof value === "string")
    return OTHER_CHANNEL_TYPES[value.toUpperCase()];
  if (last === "release" && (typeof value === "string" || typeof value === "number")) return releaseHint(String(value));
  if (/size|resetBytes|used|free/i.test(last)) return "sizes are written 32KB, 4MB or as bytes (KB = 1024 bytes)";
  if (/rate/i.test(last)) return "rates are written 2000/s";
  if (/Interval/.test(last)) return 'intervals are MMMM.SS in quotes: "1.00" is one minute, "0.15" fifteen seconds';
  if (["qmgr", "chin", "app", "tcpip", "cf"].includes(last)) return "CPU per transaction is written 45us or 1.2ms";
  if (/compressibility|headroom/i.test(last)) return "percentages are written 60%";
  if (last === "version") return "the only config version is 1";
  return undefined;
}
