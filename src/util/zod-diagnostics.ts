// Turns zod issues into diagnostics that point at the YAML, with did-you-mean for keys and enums.
import type { z } from "zod";
import type { Diagnostic } from "./diagnostic.js";
import { defOf, unwrapped, type AnySchema } from "./zod-defs.js";
import { lineText, locate, type YamlSource } from "./yaml-source.js";

/** The object keys a schema allows at a path, found by walking zod's definitions. */
export function allowedKeysAt(schema: AnySchema, path: readonly PropertyKey[]): string[] {
  const results = new Set<string>();
  const walk = (s: AnySchema, rest: readonly PropertyKey[]): void => {
    const def = defOf(s);
    const inner = unwrapped(def);
    if (inner) return walk(inner, rest);
    switch (def.type) {
      case "pipe":
        walk(def.in!, rest);
        return;
      case "union":
        for (const o of def.options!) walk(o, rest);
        return;
      case "array":
        if (rest.length === 0) return;
        walk(def.element!, rest.slice(1));
        return;
      case "record":
        if (rest.length === 0) return;
        walk(def.valueType!, rest.slice(1));
        return;
      case "object": {
        const shape = def.shape!;
        if (rest.length === 0) {
          for (const k of Object.keys(shape)) results.add(k);
          return;
        }
        const next = shape[String(rest[0])];
        if (next) walk(next, rest.slice(1));
        return;
      }
      default:
        return;
    }
  };
  walk(schema, path);
  return [...results];
}

/** A key a schema allows, as a path ("channels[].tls.resetBytes"), and whether it takes only text. */
export interface SchemaKey {
  path: string;
  textOnly: boolean;
}

/** Every key of a schema, nested ones included, lists written with "[]". */
export function schemaKeys(schema: AnySchema): SchemaKey[] {
  const out: SchemaKey[] = [];
  // Whether a value schema takes text only: a string, or an enum of strings (release: "9.3").
  const textOnly = (s: AnySchema): boolean => {
    const def = defOf(s);
    const inner = unwrapped(def);
    if (inner) return textOnly(inner);
    if (def.type === "pipe") return textOnly(def.in!);
    if (def.type === "string") return true;
    if (def.type === "enum")
      return Object.values((def as { entries?: Record<string, unknown> }).entries ?? {}).every(
        (v) => typeof v === "string",
      );
    return false;
  };
  const walk = (s: AnySchema, prefix: string): void => {
    const def = defOf(s);
    const inner = unwrapped(def);
    if (inner) return walk(inner, prefix);
    switch (def.type) {
      case "pipe":
        return walk(def.in!, prefix);
      case "union":
        for (const o of def.options!) walk(o, prefix);
        return;
      case "array":
        return walk(def.element!, `${prefix}[]`);
      case "object":
        for (const [k, v] of Object.entries(def.shape!)) {
          const path = prefix ? `${prefix}.${k}` : k;
          if (!out.some((o) => o.path === path)) out.push({ path, textOnly: textOnly(v) });
          walk(v, path);
        }
        return;
      default:
        return;
    }
  };
  walk(schema, "");
  return out;
}

/**
 * Edit distance in which swapping two neighbouring characters is one edit (optimal string
 * alignment), so that "z51" is nearest "z15". Written here because the common Levenshtein packages
 * count a transposition as two edits.
 */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  }
  return d[a.length]![b.length]!;
}

export function didYouMean(word: string, options: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestD = Infinity;
  for (const o of options) {
    const d = editDistance(word.toLowerCase(), o.toLowerCase());
    if (d < bestD) {
      best = o;
      bestD = d;
    }
  }
  if (best === undefined) return undefined;
  return bestD <= Math.max(2, Math.floor(best.length / 3)) ? best : undefined;
}

function describeValue(v: unknown): string {
  if (v === undefined) return "nothing";
  if (v === null) return "null";
  if (typeof v === "string") return `"${v.length > 40 ? v.slice(0, 40) + "…" : v}"`;
  if (typeof v === "object") return Array.isArray(v) ? "a list" : "a mapping";
  return String(v);
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let cur: unknown = root;
  for (const seg of path) {
    if (cur === null || typeof cur !== "object") return undefined;
    cur = (cur as Record<string, unknown>)[String(seg)];
  }
  return cur;
}

/** What a caller knows about an unknown key that a spelling guess does not: where it belongs instead. */
export interface KeyHint {
  /** Said after `unknown key "K" in P`: what the key is, here. */
  message: string;
  suggestion?: string;
}

/**
 * Hints from a caller that knows the fields. `hints` gives one for a bad value; an empty string means
 * "no hint, and no guess by spelling either" (a guess that would mislead). `keyHint` gives one for an
 * unknown key, before any guess by spelling.
 */
export function zodIssuesToDiagnostics(
  issues: readonly z.core.$ZodIssue[],
  src: YamlSource,
  schema: AnySchema,
  hints: (path: readonly PropertyKey[], value: unknown) => string | undefined = () => undefined,
  keyHint: (path: readonly PropertyKey[], key: string, value: unknown, written?: string) => KeyHint | undefined = () =>
    undefined,
): Diagnostic[] {
  const out: Diagnostic[] = [];
  const seen = new Set<string>();
  let more = 0; // problems past MAX_DIAGNOSTICS: counted, not located (locating each is linear)
  for (const issue of flattenUnions(issues)) {
    if (out.length >= MAX_DIAGNOSTICS) {
      more += issue.code === "unrecognized_keys" ? issue.keys.length : 1;
      continue;
    }
    const path = issue.path;
    const pathText = path.length ? path.map(String).join(".") : "(top level)";
    if (issue.code === "unrecognized_keys") {
      const allowed = allowedKeysAt(schema, path);
      for (const [k, key] of issue.keys.entries()) {
        if (out.length >= MAX_DIAGNOSTICS) {
          more += issue.keys.length - k;
          break;
        }
        const pos = locate(src, path, key);
        const value = valueAt(src.value, [...path, key]);
        const written =
          value !== null && typeof value !== "object" ? scalarAt(src, locate(src, [...path, key])) : undefined;
        const known = keyHint(path, key, value, written);
        if (known) {
          out.push({
            file: src.file,
            ...pos,
            sourceLine: lineText(src.text, pos.line),
            message: `unknown key "${key}"${path.length ? ` in ${pathText}` : ""}: ${known.message}`,
            ...(known.suggestion ? { suggestion: known.suggestion } : {}),
            severity: "error",
          });
          continue;
        }
        const guess = didYouMean(key, allowed);
        out.push({
          file: src.file,
          ...pos,
          sourceLine: lineText(src.text, pos.line),
          message: `unknown key "${key}"${path.length ? ` in ${pathText}` : ""}`,
          // "2,000/s" in a { } mapping: the comma ends the value and "000/s" reads as a key.
          suggestion: /^\d{3}(?:\D|$)/.test(key)
            ? 'in { } a comma ends a value: write 2000/s, or quote it: "2,000/s"'
            : guess
              ? `did you mean "${guess}"?`
              : allowed.length
                ? `expected one of: ${allowed.join(", ")}`
                : undefined,
          severity: "error",
        });
      }
      continue;
    }
    const pos = locate(src, path);
    const actual = valueAt(src.value, path);
    let message = `${pathText}: ${withoutOwnPrefix(issue.message, pathText)}`;
    let suggestion: string | undefined = hints(path, actual);
    if (issue.code === "invalid_value") {
      const options = issue.values.map(String);
      const expected =
        options.length === 1
          ? options[0]
          : `one of ${options.slice(0, 12).join(", ")}${options.length > 12 ? ", …" : ""}`;
      const guess = typeof actual === "string" ? didYouMean(actual, options) : undefined;
      // With a near match the hint says it; a long list of the other values would only bury it.
      const expectedText = guess && options.length > 12 ? `one of ${options.length} values` : expected;
      message =
        actual === undefined
          ? `${pathText}: missing; expected ${expected}`
          : `${pathText}: ${describeValue(actual)} is not allowed; expected ${expectedText}`;
      // A hint from the caller (it knows the field) comes before a guess by spelling; an empty one
      // says a guess would mislead.
      if (guess && suggestion === undefined) suggestion = `did you mean "${guess}"?`;
      if (suggestion === "") suggestion = undefined;
      // YAML reads release: 9.3 as a number (and 8.0 as 8); the enum wants the quoted string. Said
      // first, in the message: the list of allowed values would show the very value it was given.
      const stringEnum = issue.values.every((o) => typeof o === "string");
      const written = typeof actual === "number" ? scalarAt(src, pos) : undefined;
      const asText =
        typeof actual === "number" && stringEnum
          ? options.find((o) => o === written || o === String(actual))
          : undefined;
      if (asText) {
        const as = written !== undefined && written !== String(actual) ? ` (as ${actual})` : "";
        message = `${pathText}: ${written ?? actual} must be quoted, "${asText}": unquoted, YAML reads it as a number${as}`;
        suggestion = `write ${String(path[path.length - 1] ?? "it")}: "${asText}"`;
      }
    } else if (issue.code === "invalid_type") {
      message =
        actual === undefined
          ? `${pathText}: missing; expected ${issue.expected}`
          : `${pathText}: expected ${issue.expected}, got ${describeValue(actual)}`;
      // YAML 1.1's booleans (yes, no, on, off) are text in YAML 1.2, which is what is read here.
      if (
        issue.expected === "boolean" &&
        typeof actual === "string" &&
        /^(?:y|yes|n|no|on|off|true|false)$/i.test(actual)
      ) {
        const yes = /^(?:y|yes|on|true)$/i.test(actual);
        // Quoted or not, it is text: YAML 1.2 has only true and false.
        suggestion = `write ${yes ? "true" : "false"}: ${actual} is text, not a boolean, in YAML 1.2 (which mqzcap reads)`;
      }
    }
    const key = `${pos.line}:${pos.col}:${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({
      file: src.file,
      ...pos,
      sourceLine: lineText(src.text, pos.line),
      message,
      suggestion,
      severity: "error",
    });
  }
  if (more > 0)
    out.push({
      file: src.file,
      message: `and ${more.toLocaleString("en-US")} more problem${more === 1 ? "" : "s"} not listed`,
      suggestion: "fix the ones above and run again",
      severity: "error",
    });
  return out;
}

/** Problems located and listed; the rest are counted ("and 19,990 more"). */
export const MAX_DIAGNOSTICS = 20;

/** The plain scalar written at a position (the text up to a space, comma, brace or comment). */
function scalarAt(src: YamlSource, pos: { line: number; col: number }): string | undefined {
  const line = lineText(src.text, pos.line);
  const m = /^[^\s,{}[\]#]+/.exec(line.slice(pos.col - 1));
  return m ? m[0] : undefined;
}

/**
 * The unit transforms name their field in the message ("tls.resetBytes: ..."); the path already says
 * where, so a name the path ends with is not repeated.
 */
function withoutOwnPrefix(message: string, pathText: string): string {
  const m = /^([\w.$]+): /.exec(message);
  if (m && (pathText === m[1] || pathText.endsWith(`.${m[1]}`))) return message.slice(m[0].length);
  return message;
}

/** For a union that failed, report the branch that got furthest, not every branch. */
function flattenUnions(issues: readonly z.core.$ZodIssue[]): z.core.$ZodIssue[] {
  const out: z.core.$ZodIssue[] = [];
  for (const issue of issues) {
    if (issue.code === "invalid_union" && issue.errors.length > 0) {
      const best = [...issue.errors].sort((a, b) => depth(b) - depth(a))[0]!;
      out.push(...flattenUnions(best.map((i) => ({ ...i, path: [...issue.path, ...i.path] }))));
    } else out.push(issue);
  }
  return out;
}

function depth(branch: readonly z.core.$ZodIssue[]): number {
  return Math.max(0, ...branch.map((i) => i.path.length + (i.code === "invalid_type" ? 0 : 1)));
}
