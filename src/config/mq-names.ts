// MQ's own words for what a config says in its own: attribute and parameter names (SSLRKEYC,
// CHIADAPS, STATIME) used as keys, and keys written in another section than theirs, each pointed to the
// config key that holds it. Vocabulary, not measurements. A test checks every target exists in the
// schema and that its description names the attribute.
import { didYouMean, type KeyHint, type SchemaKey } from "../util/zod-diagnostics.js";

/** MQ attribute or parameter name -> the config key that holds it ("[]" marks a list). */
export const MQ_ATTRIBUTES: Readonly<Record<string, string>> = {
  CHANNEL: "channels[].name",
  CHLTYPE: "channels[].type",
  TRPTYPE: "channels[].transport",
  SSLCIPH: "channels[].tls.cipher",
  SSLRKEYC: "channels[].tls.resetBytes",
  SSLCAUTH: "channels[].tls.clientAuth",
  COMPMSG: "channels[].compression",
  SHARECNV: "channels[].sharecnv",
  BATCHSZ: "channels[].batchSize",
  SPLPROT: "channels[].amsInterception",
  CHIADAPS: "channelInitiator.adapters",
  CHIDISPS: "channelInitiator.dispatchers",
  MAXCHL: "channelInitiator.maxChannels",
  ACTCHL: "channelInitiator.activeChannels",
  STATIME: "smf.statisticsInterval",
  ACCTIME: "smf.accountingInterval",
  TWOACTV: "logging.dualLogs",
  TWOARCH: "logging.dualArchives",
  OFFLOAD: "logging.archiving",
  ZHYWRITE: "logging.zHyperWrite",
  COMPLOG: "logging.archiveCompression",
  STREAMQ: "streamingQueues.copies",
  STRMQOS: "streamingQueues.quality",
  DEFPSIST: "workload.persistent",
  QSGDISP: "workload.queues",
};

/** Keys people write in one section that live in another: "section.key" -> the config key. */
export const MOVED_KEYS: Readonly<Record<string, string>> = {
  "ams.interception": "channels[].amsInterception",
  "ams.channelInterception": "channels[].amsInterception",
  "tls.cipher": "channels[].tls.cipher",
  "tls.resetBytes": "channels[].tls.resetBytes",
};

/** A zod issue path as a schema key path: list indexes become "[]". */
export function keyPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const seg of path) out = typeof seg === "number" ? `${out}[]` : out ? `${out}.${String(seg)}` : String(seg);
  return out;
}

/** The value as it would be written at the target: text-only fields quoted (STATIME: 1.00 -> "1.00"). */
function shown(written: string | undefined, value: unknown, textOnly: boolean): string {
  const text = written ?? (value !== null && typeof value !== "object" && value !== undefined ? String(value) : "...");
  if (text === "...") return text;
  return textOnly && !/^["']/.test(text) ? JSON.stringify(text) : text;
}

/** `a.b[].c.d` written as nested YAML flow around `leaf` ("a: { b: [{ ..., c: { d: V } }] }"). */
function nested(path: string, value: string): string {
  const parts = path.split(".");
  let out = `${parts[parts.length - 1]!}: ${value}`;
  for (let i = parts.length - 2; i >= 0; i--) {
    const p = parts[i]!;
    out = p.endsWith("[]") ? `${p.slice(0, -2)}: [{ ..., ${out} }]` : `${p}: { ${out} }`;
  }
  return out;
}

/** A schema path's parent section ("" at the top). */
const parentOf = (p: string): string => p.slice(0, Math.max(0, p.lastIndexOf(".")));

/** A mapping as YAML flow text, its values JSON (quoted and escaped): "{ dualLogs: true }". */
function mappingText(value: Record<string, unknown>): string {
  return `{ ${Object.entries(value)
    .map(([k, v]) => `${k}: ${JSON.stringify(v) ?? "null"}`)
    .join(", ")} }`;
}

/**
 * The one section of the schema that holds every key of a mapping (case as written), when the value is
 * one: where a misplaced section belongs. None when no section, or more than one, holds them all.
 */
function sectionHolding(keys: readonly SchemaKey[], value: unknown): string | undefined {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return undefined;
  const held = Object.keys(value);
  if (held.length === 0) return undefined;
  const counts = new Map<string, number>();
  for (const k of keys) {
    const dot = k.path.lastIndexOf(".");
    const leaf = k.path.slice(dot + 1);
    if (held.includes(leaf)) {
      const parent = dot < 0 ? "" : k.path.slice(0, dot);
      counts.set(parent, (counts.get(parent) ?? 0) + 1);
    }
  }
  const all = [...counts].filter(([p, n]) => p !== "" && n === held.length).map(([p]) => p);
  return all.length === 1 ? all[0] : undefined;
}

/**
 * For an unknown key, where it belongs, when mqzcap knows: an MQ attribute name (any case), a key
 * named in MOVED_KEYS, or a key of the same name elsewhere in the schema. Targets not in the schema
 * are left out (a name another version of the config may add).
 */
export function keyHintFor(
  keys: readonly SchemaKey[],
): (path: readonly PropertyKey[], key: string, value: unknown, written?: string) => KeyHint | undefined {
  const byPath = new Map(keys.map((k) => [k.path, k]));
  return (path, key, value, written) => {
    const here = keyPath(path);
    const attr = Object.hasOwn(MQ_ATTRIBUTES, key.toUpperCase()) ? key.toUpperCase() : undefined;
    let target = attr !== undefined ? MQ_ATTRIBUTES[attr] : undefined;
    if (target === undefined) {
      const moved = Object.entries(MOVED_KEYS).find(([from]) => from.toLowerCase() === `${here}.${key}`.toLowerCase());
      target = moved?.[1];
    }
    // A misplaced section is placed by what it holds: `logs: { dualLogs: true }` belongs in logging
    // (which has dualLogs), not in encryption.logs (a key of the same name that holds no dualLogs).
    let byContent = false;
    if (target === undefined) {
      const section = sectionHolding(keys, value);
      // A misspelt section name (mqq: { release }) is a spelling guess's to name, not a move.
      const leaf = section?.slice(section.lastIndexOf(".") + 1).replace("[]", "");
      if (section !== undefined && !(here === parentOf(section) && didYouMean(key, [leaf!]) !== undefined)) {
        target = section;
        byContent = true;
      }
    }
    if (target === undefined) {
      // The one key of that name in another section (cipher beside tls); a name several sections have
      // (rate) says nothing about which was meant.
      const leaf = key.toLowerCase();
      const parent = (p: string) => p.slice(0, Math.max(0, p.lastIndexOf(".")));
      const same = keys.filter((k) => k.path.toLowerCase().split(".").pop() === leaf && parent(k.path) !== here);
      if (same.length === 1) target = same[0]!.path;
    }
    const info = target !== undefined ? byPath.get(target) : undefined;
    if (target === undefined || !info) return undefined;
    const v = byContent ? mappingText(value as Record<string, unknown>) : shown(written, value, info.textOnly);
    const inside = here === "" || target.startsWith(`${here}.`);
    const rel = inside ? (here === "" ? target : target.slice(here.length + 1)) : target;
    const held = byContent ? Object.keys(value as object) : [];
    const message = byContent
      ? `${key} holds ${held.join(", ")}, which belong${held.length === 1 ? "s" : ""} in ${target}`
      : attr !== undefined
        ? `MQ's ${attr} is ${target} in a config`
        : `${key} belongs in ${target}`;
    const suggestion = rel.includes("[]")
      ? `it is set per ${rel.split("[]")[0]!.replace(/s$/, "")}: write ${nested(rel, v)}`
      : `write ${nested(rel, v)}${inside && here !== "" ? " here" : ""}`;
    return { message, suggestion };
  };
}
