// Completion and hover for the page's editor from the config's JSON Schema (schema/config.schema.json,
// the one VS Code users get through yaml-language-server). Written here rather than taken from a
// library: the schema's shape is plain (objects, arrays, enums, anyOf), and a YAML language server
// would add hundreds of KB to a page with a 450 KB budget. Platform-neutral and DOM-free (tested in Node).

export interface SchemaNode {
  type?: string | string[];
  description?: string;
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
  enum?: unknown[];
  anyOf?: SchemaNode[];
  oneOf?: SchemaNode[];
  default?: unknown;
  examples?: unknown[];
  /**
   * The page's copy of the schema (scripts/page.ts) leaves out the inside of a node that is the same
   * as a top-level section (baseline.measuredWith.logging is logging) and names that section here.
   */
  sameAs?: string;
}

/** The schema node at a path of keys (array indices are "[]"), through items and anyOf branches. */
export function nodeAt(root: SchemaNode, path: readonly string[]): SchemaNode | undefined {
  let node: SchemaNode | undefined = root;
  for (const key of path) {
    if (!node) return undefined;
    node = sameAs(root, childOf(sameAs(root, node)!, key));
  }
  return node;
}

/** A node the page's schema gives as the same as a top-level section: that section, its own description kept. */
function sameAs(root: SchemaNode, node: SchemaNode | undefined): SchemaNode | undefined {
  if (!node?.sameAs) return node;
  const section = root.properties?.[node.sameAs];
  return section ? { ...section, description: node.description ?? section.description } : node;
}

function branches(node: SchemaNode): SchemaNode[] {
  return [node, ...(node.anyOf ?? []), ...(node.oneOf ?? [])];
}

function childOf(node: SchemaNode, key: string): SchemaNode | undefined {
  for (const b of branches(node)) {
    if (key === "[]" && b.items) return b.items;
    const p = b.properties?.[key];
    if (p) return p;
  }
  return undefined;
}

/** The properties a mapping at this node may hold, with their descriptions. */
export function propertiesOf(node: SchemaNode): [string, SchemaNode][] {
  const out = new Map<string, SchemaNode>();
  for (const b of branches(node))
    for (const [k, v] of Object.entries(b.properties ?? {})) if (!out.has(k)) out.set(k, v);
  return [...out];
}

/** The values a scalar at this node may take: its enum, or true/false for a boolean. */
export function valuesOf(node: SchemaNode): string[] {
  const out = new Set<string>();
  for (const b of branches(node)) {
    for (const v of b.enum ?? []) out.add(String(v));
    const types = Array.isArray(b.type) ? b.type : b.type ? [b.type] : [];
    if (types.includes("boolean")) for (const v of ["true", "false"]) out.add(v);
  }
  return [...out];
}

/** A node's description with its default and an example, for a hover or a completion's info. */
export function describe(node: SchemaNode): string {
  const parts = [node.description ?? branches(node).find((b) => b.description)?.description ?? ""];
  if (node.default !== undefined) parts.push(`Default: ${JSON.stringify(node.default)}.`);
  if (node.examples?.length) parts.push(`Example: ${JSON.stringify(node.examples[0])}.`);
  return parts.filter((p) => p !== "").join(" ");
}

interface LineShape {
  /** Column of the list dash, if the line starts a list item. */
  dash?: number;
  /** Column where the line's content (after any dash) starts. */
  at: number;
  /** The mapping key the line starts with, if any. */
  key?: string;
}

const LINE_SHAPE = /^( *)(?:(-) +)?(?:([\w$-]+) *:(?: |$))?/;

function shapeOf(line: string): LineShape {
  const m = LINE_SHAPE.exec(line)!;
  const dash = m[2] !== undefined ? m[1]!.length : undefined;
  const at = dash !== undefined ? line.length - line.slice(dash + 1).trimStart().length : m[1]!.length;
  return { ...(dash !== undefined ? { dash } : {}), at, ...(m[3] ? { key: m[3] } : {}) };
}

/**
 * The path of mapping keys enclosing a position in a YAML document (array items are "[]"): block
 * structure from indentation, and inside one-line flow mappings (`workload: { pattern: ... }`) the keys
 * that open them. Line-based, so that it works while the text is half typed and does not parse.
 */
export function pathAt(lines: readonly string[], line: number, col: number): string[] {
  const here = lines[line] ?? "";
  const path: string[] = [];
  const h = shapeOf(here);
  let cur = here.trim() === "" ? col : h.at;
  let inList = false;
  if (here.trim() !== "" && h.dash !== undefined && col > h.dash) {
    path.push("[]");
    cur = h.dash;
    inList = true;
  }
  for (let k = line - 1; k >= 0 && (cur > 0 || inList); k--) {
    const text = lines[k]!;
    if (text.trim() === "" || text.trimStart().startsWith("#")) continue;
    const l = shapeOf(text);
    if (l.dash !== undefined && l.dash < cur && cur <= l.at) {
      path.unshift("[]");
      cur = l.dash;
      inList = true;
    } else if (inList && l.dash !== undefined && l.dash === cur) {
      continue; // an earlier item of the same list
    } else if (l.key !== undefined && (l.at < cur || (inList && l.dash === undefined && l.at === cur))) {
      path.unshift(l.key);
      cur = l.at;
      inList = false;
    }
  }
  // Flow mappings opened on this line before the cursor and not closed: each opening key is a level.
  const flow: string[] = [];
  for (let k = 0; k < Math.min(col, here.length); k++) {
    if (here[k] === "}") flow.pop();
    else if (here[k] === "{") flow.push(keyBefore(here, k) ?? "");
  }
  return [...path, ...flow.filter((f) => f !== "")];
}

const isKeyChar = (c: string | undefined) => c !== undefined && /^[\w$-]$/.test(c);

/** The key of `key: {` or `key: value` whose colon is before column `at` (spaces between), if any. */
function keyBefore(line: string, at: number): string | undefined {
  let k = at - 1;
  while (k >= 0 && line[k] === " ") k--;
  if (line[k] !== ":") return undefined;
  k--;
  while (k >= 0 && line[k] === " ") k--;
  const end = k + 1;
  while (k >= 0 && isKeyChar(line[k])) k--;
  return end > k + 1 ? line.slice(k + 1, end) : undefined;
}

/**
 * The key whose value is being typed at the end of `before` (`pattern: req` gives "pattern"), within
 * the current flow entry or block line; undefined when a key is being typed.
 */
export function keyOfValue(before: string): string | undefined {
  const start = Math.max(before.lastIndexOf("{"), before.lastIndexOf(","), before.lastIndexOf("- ")) + 1;
  const colon = before.indexOf(":", start);
  if (colon < 0) return undefined;
  const key = before.slice(start, colon).trim();
  return key !== "" && [...key].every(isKeyChar) ? key : undefined;
}

/** The key whose name spans column `col` of a line (for a hover), and where it starts and ends. */
export function keyAt(line: string, col: number): { key: string; from: number; to: number } | undefined {
  if (!isKeyChar(line[col]) && !isKeyChar(line[col - 1])) return undefined;
  let from = col;
  while (from > 0 && isKeyChar(line[from - 1])) from--;
  let to = col;
  while (to < line.length && isKeyChar(line[to])) to++;
  let k = to;
  while (line[k] === " ") k++;
  return line[k] === ":" ? { key: line.slice(from, to), from, to } : undefined;
}
