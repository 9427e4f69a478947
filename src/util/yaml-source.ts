// YAML parsing that keeps source positions, so that every complaint about a value can point at it.
import { isMap, isScalar, isSeq, LineCounter, parseDocument, visit, type Document, type Node } from "yaml";
import type { Diagnostic } from "./diagnostic.js";
import { parsePlainYaml } from "./yaml-plain.js";

export interface YamlSource {
  file: string;
  text: string;
  doc: Document.Parsed;
  lines: LineCounter;
  value: unknown;
  errors: Diagnostic[];
}

export interface ParseLimits {
  /** Largest number of alias expansions before the document is refused (alias bombs). */
  maxAliasCount: number;
  /**
   * Nesting (block indentation levels plus flow brackets) beyond which the text is refused before it
   * is parsed: the YAML parser recurses per level and overflows the stack at a few hundred.
   */
  maxNesting?: number;
  /**
   * Read the common shape of a config without the yaml library where it can (util/yaml-plain.ts):
   * the same value, the document made only when a position is asked for.
   */
  plain?: boolean;
}

const DEFAULT_MAX_NESTING = 64;

export function parseYamlSource(text: string, file: string, limits: ParseLimits = { maxAliasCount: 100 }): YamlSource {
  const kind = file.endsWith(".json") ? "JSON" : "YAML";
  const maxNesting = limits.maxNesting ?? DEFAULT_MAX_NESTING;
  const tooDeep = nestingExceeds(text, maxNesting);
  if (limits.plain && kind === "YAML" && tooDeep === undefined) {
    const plain = parsePlainYaml(text);
    if (plain !== undefined) {
      // The value without the library; its document and line positions (for a diagnostic about a
      // value, which the schema's check may yet give) made by the library when first asked for.
      let full: YamlSource | undefined;
      const library = () => (full ??= parseWithLibrary(text, file, limits, kind, tooDeep));
      return {
        file,
        text,
        value: plain.value,
        errors: [],
        get doc() {
          return library().doc;
        },
        get lines() {
          return library().lines;
        },
      };
    }
  }
  return parseWithLibrary(text, file, limits, kind, tooDeep);
}

function parseWithLibrary(
  text: string,
  file: string,
  limits: ParseLimits,
  kind: "JSON" | "YAML",
  tooDeep: number | undefined,
): YamlSource {
  const lines = new LineCounter();
  const maxNesting = limits.maxNesting ?? DEFAULT_MAX_NESTING;
  // Parse the text only when it is safe to: an over-deep document gets an empty one in its place.
  const doc = parseDocument(tooDeep === undefined ? text : "", {
    lineCounter: lines,
    prettyErrors: false,
    // The parser's own check compares each key with every earlier one (80,000 keys took minutes):
    // duplicateKeys() below does it with a set per mapping.
    uniqueKeys: false,
    strict: true,
  });
  const src: YamlSource = { file, text, doc, lines, value: undefined, errors: [] };
  const at = (offset: number) => {
    const line = lineOf(text, offset);
    return { line, col: offset - lineStart(text, line) + 1 };
  };
  if (tooDeep !== undefined) {
    const pos = at(tooDeep);
    src.errors.push({
      file,
      ...pos,
      message: `nests deeper than ${maxNesting} levels; no config needs that`,
      sourceLine: lineText(text, pos.line),
      severity: "error",
    });
    return src;
  }
  const seen = new Set<string>();
  const errors = doc.errors.length ? doc.errors : duplicateKeys(doc);
  for (const e of errors) {
    // A bounded number: a file of 100,000 bad lines needs a few to be fixed, not a long wait.
    if (src.errors.length >= MAX_SYNTAX_ERRORS) break;
    const pos = lines.linePos(e.pos[0]);
    // One problem often yields several errors at the same place; the first says it best.
    if (seen.has(`${pos.line}:${pos.col}`)) continue;
    seen.add(`${pos.line}:${pos.col}`);
    src.errors.push({
      file,
      line: pos.line,
      col: pos.col,
      message: `${kind} syntax: ${syntaxMessage(e.code, e.message)}`,
      sourceLine: lineText(text, pos.line),
      severity: "error",
      ...(e.code === "DUPLICATE_KEY" ? { suggestion: "each key may appear once in a mapping" } : {}),
      ...(e.code === "TAB_AS_INDENT" ? { suggestion: "indent with spaces" } : {}),
      ...(e.code === "TAG" ? { suggestion: "write the value plainly, without a !! tag" } : {}),
      ...(e.code === "COMPLEX_KEY" ? { suggestion: "write the key as a name: mq, workload, channels, ..." } : {}),
      ...(e.code === "MULTIPLE_DOCS" ? { suggestion: "a config file holds one document; remove the ---" } : {}),
    });
  }
  // A %YAML 1.1 directive would switch the parser to YAML 1.1, where yes is true, 0777 octal and 1:30
  // sexagesimal: a config would mean something else than it reads as everywhere else. Refused.
  const directive = doc.directives?.yaml;
  if (src.errors.length === 0 && directive?.explicit && directive.version !== "1.2") {
    const offset = text.indexOf("%YAML");
    const pos = at(Math.max(0, offset));
    src.errors.push({
      file,
      ...pos,
      message: `%YAML ${directive.version}: mqzcap reads YAML 1.2 only (in 1.1, yes is true, 0777 octal, 1:30 a number)`,
      sourceLine: lineText(text, pos.line),
      severity: "error",
      suggestion: "remove the %YAML line (and the --- after it); write true and false for booleans",
    });
  }
  // YAML accepts things JSON does not (comments, single quotes, unquoted keys, trailing commas): a .json
  // file must be JSON.
  if (src.errors.length === 0 && kind === "JSON") {
    const jsonError = strictJsonError(text);
    if (jsonError) {
      const pos = at(jsonError.offset);
      src.errors.push({
        file,
        ...pos,
        message: `JSON syntax: ${jsonError.message}`,
        sourceLine: lineText(text, pos.line),
        severity: "error",
        suggestion: "a .json config must be strict JSON; write YAML in a .yaml file for comments and unquoted keys",
      });
    }
  }
  if (src.errors.length === 0) {
    try {
      src.value = doc.toJS({ maxAliasCount: limits.maxAliasCount });
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const excessive = /excessive alias/i.test(message);
      const unresolved = /unresolved alias/i.test(message);
      const alias = firstAlias(doc, unresolved);
      const pos = alias ? lines.linePos(alias) : { line: 1, col: 1 };
      src.errors.push({
        file,
        line: pos.line,
        col: pos.col,
        message: excessive
          ? `the document expands too many aliases (limit ${limits.maxAliasCount}); is it an alias bomb?`
          : unresolved
            ? `${kind} syntax: alias ${message.replace(/^.*:\s*/, "*")} names no anchor set before it`
            : `cannot read the document: ${firstLine(message)}`,
        ...(alias ? { sourceLine: lineText(text, pos.line) } : {}),
        suggestion: excessive
          ? "write the values out instead of repeating anchors"
          : "define the anchor (&name) before the alias (*name) that uses it",
        severity: "error",
      });
    }
  }
  return src;
}

const MAX_SYNTAX_ERRORS = 20;

/** The tags a config's values may carry: YAML 1.2's core schema. */
const CORE_TAGS = new Set(["str", "int", "float", "bool", "null", "map", "seq"].map((t) => `tag:yaml.org,2002:${t}`));

/**
 * What the parser accepts but a config cannot hold, in linear time: a key written twice in a mapping
 * (the parser's own uniqueKeys check compared each key with every earlier one), a key that is a
 * collection ([a, b]: the yaml library printed a warning of its own and made it text), and a tag
 * outside the core schema (!!binary, !!timestamp became "expected string, got a mapping").
 */
function duplicateKeys(doc: Document.Parsed): { code: string; message: string; pos: [number, number] }[] {
  const out: { code: string; message: string; pos: [number, number] }[] = [];
  const add = (code: string, message: string, at: number) => {
    out.push({ code, message, pos: [at, at + 1] });
    return out.length >= MAX_SYNTAX_ERRORS ? visit.BREAK : undefined;
  };
  visit(doc, {
    Map(_key, map) {
      const keys = new Set<unknown>();
      for (const pair of map.items) {
        if (isNode(pair.key) && !isScalar(pair.key))
          return add("COMPLEX_KEY", "a key must be plain text, not a list or a mapping", pair.key.range?.[0] ?? 0);
        const k = isScalar(pair.key) ? pair.key.value : pair.key;
        if (keys.has(k) && isNode(pair.key)) {
          const stop = add("DUPLICATE_KEY", "Map keys must be unique", pair.key.range?.[0] ?? 0);
          if (stop) return stop;
        }
        keys.add(k);
      }
      return undefined;
    },
    Node(_key, node) {
      const tag = (node as { tag?: string }).tag;
      if (tag !== undefined && !CORE_TAGS.has(tag))
        return add(
          "TAG",
          `the tag ${tag.replace("tag:yaml.org,2002:", "!!")} is not one a config takes`,
          node.range?.[0] ?? 0,
        );
      return undefined;
    },
  });
  return out;
}

function syntaxMessage(code: string, message: string): string {
  if (code === "MULTIPLE_DOCS") return "the file holds more than one document (a second --- or ...)";
  if (/maximum call stack/i.test(message)) return "nests too deeply to read";
  return firstLine(message);
}

/** Offset of the first alias (or, with unresolvedOnly, the first alias with no anchor before it). */
function firstAlias(doc: Document.Parsed, unresolvedOnly: boolean): number | undefined {
  let found: number | undefined;
  visit(doc, {
    Alias(_key, node) {
      if (unresolvedOnly && node.resolve(doc) !== undefined) return undefined;
      found = node.range?.[0];
      return visit.BREAK;
    },
  });
  return found;
}

/** Where JSON.parse fails on the text, if it does. */
function strictJsonError(text: string): { offset: number; message: string } | undefined {
  try {
    JSON.parse(text);
    return undefined;
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    const m = / in JSON at position (\d+)/.exec(message);
    const offset = m ? Math.min(Number(m[1]), text.length) : 0;
    return {
      offset,
      message: firstLine(message.replace(/ in JSON at position \d.*$/, "").replace(/ \(line \d+ column \d+\)$/, "")),
    };
  }
}

/**
 * An over-estimate of how deeply the text nests, without parsing it: block indentation levels plus
 * open flow brackets outside quotes and comments. Returns the offset where the limit is first passed.
 */
export function nestingExceeds(text: string, max: number): number | undefined {
  const indents: number[] = [];
  let flow = 0;
  let quote: string | undefined;
  let i = 0;
  while (i < text.length) {
    const lineEnd = text.indexOf("\n", i) < 0 ? text.length : text.indexOf("\n", i);
    let j = i;
    if (flow === 0 && quote === undefined) {
      while (j < lineEnd && (text[j] === " " || text[j] === "-" || text[j] === "\t")) j++;
      if (j < lineEnd && text[j] !== "#" && text[j] !== "\r") {
        const indent = j - i;
        while (indents.length && indents[indents.length - 1]! >= indent) indents.pop();
        indents.push(indent);
        // "- - - x" nests one level per dash.
        if (indents.length > max) return j;
        let dashes = 0;
        for (let k = i; k < j; k++) if (text[k] === "-" && ++dashes + indents.length > max) return k;
      }
      j = i;
    }
    for (; j < lineEnd; j++) {
      const c = text[j]!;
      if (quote !== undefined) {
        if (c === "\\" && quote === '"') j++;
        else if (c === quote) quote = undefined;
        continue;
      }
      if (c === "#" && (j === i || /\s/.test(text[j - 1]!))) break;
      if ((c === '"' || c === "'") && (flow > 0 || j === i || /[\s:,[{-]/.test(text[j - 1]!))) quote = c;
      else if ((c === "[" || c === "{") && (flow > 0 || j === i || /[\s:-]/.test(text[j - 1]!))) {
        flow++;
        if (indents.length + flow > max) return j;
      } else if ((c === "]" || c === "}") && flow > 0) flow--;
    }
    i = lineEnd + 1;
  }
  return undefined;
}

function lineStart(text: string, line: number): number {
  let start = 0;
  for (let i = 1; i < line; i++) {
    const nl = text.indexOf("\n", start);
    if (nl < 0) return start;
    start = nl + 1;
  }
  return start;
}

function lineOf(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf("\n"); i >= 0 && i < offset; i = text.indexOf("\n", i + 1)) line++;
  return line;
}

function firstLine(s: string): string {
  return s.split("\n")[0]!.replace(/ at line \d+, column \d+:?$/, "");
}

export function lineText(text: string, line: number): string {
  let start = 0;
  for (let i = 1; i < line; i++) {
    const nl = text.indexOf("\n", start);
    if (nl < 0) return "";
    start = nl + 1;
  }
  const end = text.indexOf("\n", start);
  return text.slice(start, end < 0 ? undefined : end).replace(/\r$/, "");
}

/**
 * Where a path points in the document: the value node, or for `key: true` the key itself (used for
 * unknown keys). Falls back to the deepest node the path reaches.
 */
export function locate(src: YamlSource, path: readonly PropertyKey[], key?: string): { line: number; col: number } {
  let node: unknown = src.doc.contents;
  let best: Node | undefined = isNode(node) ? node : undefined;
  const segs = key !== undefined ? [...path, key] : [...path];
  for (let i = 0; i < segs.length; i++) {
    const seg = segs[i];
    const last = i === segs.length - 1;
    if (isMap(node)) {
      const pair = node.items.find((p) => isScalar(p.key) && String(p.key.value) === String(seg));
      if (!pair) break;
      if (last && key !== undefined && isNode(pair.key)) {
        best = pair.key;
        break;
      }
      node = pair.value;
      if (isNode(node)) best = node;
      else if (isNode(pair.key)) best = pair.key;
    } else if (isSeq(node)) {
      const item = node.items[Number(seg)];
      if (!isNode(item)) break;
      node = item;
      best = item;
    } else break;
  }
  const offset = best?.range?.[0] ?? 0;
  const pos = src.lines.linePos(offset);
  return { line: pos.line, col: pos.col };
}

function isNode(x: unknown): x is Node {
  return typeof x === "object" && x !== null && "range" in x;
}
