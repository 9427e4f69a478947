// YAML parsing that keeps source positions, so that every complaint about a value can point at it.
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Document, type Node } from "yaml";
import type { Diagnostic } from "./diagnostic.js";

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
}

export function parseYamlSource(text: string, file: string, limits: ParseLimits = { maxAliasCount: 100 }): YamlSource {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true, strict: true });
  const src: YamlSource = { file, text, doc, lines, value: undefined, errors: [] };
  for (const e of doc.errors) {
    const pos = lines.linePos(e.pos[0]);
    src.errors.push({
      file,
      line: pos.line,
      col: pos.col,
      message: `${file.endsWith(".json") ? "JSON" : "YAML"} syntax: ${firstLine(e.message)}`,
      sourceLine: lineText(text, pos.line),
      severity: "error",
      ...(e.code === "DUPLICATE_KEY" ? { suggestion: "each key may appear once in a mapping" } : {}),
    });
  }
  if (src.errors.length === 0) {
    try {
      src.value = doc.toJS({ maxAliasCount: limits.maxAliasCount });
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      src.errors.push({
        file,
        line: 1,
        col: 1,
        message: /alias/i.test(message)
          ? `the document expands too many aliases (limit ${limits.maxAliasCount}); is it an alias bomb?`
          : `cannot read the document: ${firstLine(message)}`,
        suggestion: "write the values out instead of repeating anchors",
        severity: "error",
      });
    }
  }
  return src;
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
