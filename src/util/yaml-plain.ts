// The common shape of a config file read without the yaml library: block mappings and sequences of
// plain or quoted scalars, one-line flow collections, comments. Written by hand because the library,
// whose code runs cold at every CLI start, took about 5 ms of an estimate's 45 ms after Node's own
// start-up (#30) to read 22 lines. It answers only where it is sure to give what the library gives
// (test/yaml-plain.test.ts compares the two on every YAML file of the repository and on variations of
// them); anything else (anchors, tags, block scalars, escapes, multi-line scalars or flow collections,
// tabs, document markers, duplicate or unusual keys, odd indentation) is undefined, and the caller
// parses the text with the library, which also gives every error and position. Linear in the text:
// each line is read once, each flow collection once, with no regular expression that backtracks.

/** The value the text's YAML reads as, or undefined where this reader does not take the text. */
export function parsePlainYaml(text: string): { value: unknown } | undefined {
  if (text.includes("\t")) return undefined;
  const lines: Line[] = [];
  let start = 0;
  while (start <= text.length) {
    let end = text.indexOf("\n", start);
    if (end < 0) end = text.length;
    let raw = text.slice(start, end);
    // CRLF line ends; a carriage return anywhere else (the library reads a last lone one as an error).
    if (raw.endsWith("\r") && end < text.length) raw = raw.slice(0, -1);
    if (raw.includes("\r")) return undefined;
    start = end + 1;
    const body = withoutComment(raw);
    if (body === undefined) return undefined;
    const content = trimSpaces(body);
    let indent = 0;
    while (indent < content.length && content.charCodeAt(indent) === 32) indent++;
    if (indent === content.length) continue; // blank or a comment
    if (indent === 0 && (content.startsWith("---") || content.startsWith("...") || content[0] === "%"))
      return undefined;
    lines.push({ indent, content, at: indent });
    if (end === text.length) break;
  }
  const reader = new Reader(lines);
  if (lines.length === 0) return undefined;
  const value = reader.block(lines[0]!.indent);
  if (value === FAIL || reader.next < lines.length) return undefined;
  return { value };
}

/**
 * The text without its trailing spaces: YAML's white space is the space and the tab (tabs are the
 * library's here), not trimEnd's (a no-break space, a form feed, U+2028 are part of a scalar).
 */
function trimSpaces(s: string): string {
  let end = s.length;
  while (end > 0 && s.charCodeAt(end - 1) === 32) end--;
  return end === s.length ? s : s.slice(0, end);
}

interface Line {
  indent: number;
  content: string;
  /** Where the unread part of the line starts (after "- " of a sequence entry read). */
  at: number;
}

const FAIL = Symbol("not taken");
type Got = unknown;

/** The line without its comment (a "#" at its start or after a space, outside quotes); undefined if unclear. */
function withoutComment(line: string): string | undefined {
  let quote = 0;
  for (let k = 0; k < line.length; k++) {
    const c = line.charCodeAt(k);
    if (quote !== 0) {
      if (c === quote) quote = 0;
      else if (c === 92) return undefined; // a backslash: escapes are the library's
      continue;
    }
    if (c === 35 && (k === 0 || line.charCodeAt(k - 1) === 32)) return line.slice(0, k); // "#"
    // A quote opens a scalar only where one may start; elsewhere it is part of a plain scalar.
    if ((c === 34 || c === 39) && (k === 0 || " :,[{-".includes(line[k - 1]!))) quote = c;
  }
  return quote === 0 ? line : undefined; // a quoted scalar that goes on to the next line
}

/**
 * Nesting read here, at most (block and flow levels together): the config loader refuses more than 32
 * before this reader sees the text, and the recursion stays far from the stack's limit whoever calls.
 */
const MAX_DEPTH = 64;

class Reader {
  next = 0;
  private depth = 0;
  constructor(private readonly lines: Line[]) {}

  /** A block collection whose entries start at `indent`. */
  block(indent: number): Got {
    const line = this.lines[this.next];
    if (line === undefined || line.indent !== indent || this.depth >= MAX_DEPTH) return FAIL;
    this.depth++;
    const v = isEntry(line.content, line.at) ? this.sequence(indent) : this.mapping(indent);
    this.depth--;
    return v;
  }

  private sequence(indent: number): Got {
    const out: unknown[] = [];
    for (;;) {
      const line = this.lines[this.next];
      if (line === undefined || line.indent < indent) return out;
      if (line.indent !== indent || !isEntry(line.content, line.at)) return line.indent > indent ? FAIL : out;
      let at = line.at + 1;
      while (at < line.content.length && line.content.charCodeAt(at) === 32) at++;
      if (at === line.content.length) {
        // "-" alone: its value on the lines below, further in.
        this.next++;
        const below = this.lines[this.next];
        if (below === undefined || below.indent <= indent) out.push(null);
        else {
          const v = this.block(below.indent);
          if (v === FAIL) return FAIL;
          out.push(v);
        }
        continue;
      }
      if (isEntry(line.content, at)) return FAIL; // "- - x"
      const first = line.content.charCodeAt(at);
      if (first !== 123 && first !== 91 && keyEnd(line.content, at) >= 0) {
        // "- key: value": a mapping whose keys line up with this one's.
        line.at = at;
        line.indent = at;
        const v = this.mapping(at);
        if (v === FAIL) return FAIL;
        out.push(v);
        continue;
      }
      const v = inlineValue(line.content, at);
      if (v === FAIL) return FAIL;
      out.push(v);
      this.next++;
    }
  }

  private mapping(indent: number): Got {
    const out: Record<string, unknown> = {};
    for (;;) {
      const line = this.lines[this.next];
      if (line === undefined || line.indent < indent) return out;
      if (line.indent > indent) return FAIL;
      if (isEntry(line.content, line.at)) return out; // a sequence at this indent ends the mapping
      const colon = keyEnd(line.content, line.at);
      if (colon < 0) return FAIL;
      const key = keyOf(line.content.slice(line.at, colon));
      if (key === undefined || Object.prototype.hasOwnProperty.call(out, key)) return FAIL;
      let at = colon + 1;
      while (at < line.content.length && line.content.charCodeAt(at) === 32) at++;
      this.next++;
      if (at < line.content.length) {
        const v = inlineValue(line.content, at);
        if (v === FAIL) return FAIL;
        out[key] = v;
        continue;
      }
      // "key:" alone: a collection below, further in, or a sequence at this indent; else null.
      const below = this.lines[this.next];
      if (
        below !== undefined &&
        (below.indent > indent || (below.indent === indent && isEntry(below.content, below.at)))
      ) {
        const v = this.block(below.indent);
        if (v === FAIL) return FAIL;
        out[key] = v;
      } else out[key] = null;
    }
  }
}

/** Whether a sequence entry ("- " or "-" at the end) starts at `at`. */
function isEntry(s: string, at: number): boolean {
  return s.charCodeAt(at) === 45 && (at + 1 === s.length || s.charCodeAt(at + 1) === 32);
}

/** Where the ":" after a block mapping's key starting at `at` is, or -1 where the line has no key there. */
function keyEnd(s: string, at: number): number {
  const c = s.charCodeAt(at);
  if (c === 34 || c === 39) {
    const close = s.indexOf(s[at]!, at + 1);
    return close > 0 && s.charCodeAt(close + 1) === 58 && isSpaceOrEnd(s, close + 2) ? close + 1 : -1;
  }
  for (let k = at; k < s.length; k++) if (s.charCodeAt(k) === 58 && isSpaceOrEnd(s, k + 1)) return k;
  return -1;
}

const isSpaceOrEnd = (s: string, k: number) => k >= s.length || s.charCodeAt(k) === 32;

/** A key as the library gives it to an object: a name, or a quoted one; undefined for any other. */
function keyOf(written: string): string | undefined {
  const c = written.charCodeAt(0);
  const key = c === 34 || c === 39 ? quotedText(written) : /^[A-Za-z_$][\w$.-]*$/.test(written) ? written : undefined;
  // Keys the library would read as another value (true, null) or that are an object's own machinery.
  if (key === undefined || key === "__proto__" || key === "<<" || RESERVED_KEYS.has(key)) return undefined;
  if (c !== 34 && c !== 39 && resolvePlain(key) !== key) return undefined;
  return key;
}

const RESERVED_KEYS = new Set(["constructor", "prototype"]);

/** The text of a whole quoted scalar ('...' or "..."), or undefined. */
function quotedText(s: string): string | undefined {
  const q = s[0]!;
  if (s.length < 2 || s[s.length - 1] !== q) return undefined;
  const inner = s.slice(1, -1);
  if (q === "'") {
    // '' is a quote inside single quotes; a lone ' would have ended the scalar.
    for (let k = 0; k < inner.length; k++)
      if (inner[k] === "'") {
        if (inner[k + 1] !== "'") return undefined;
        k++;
      }
    return inner.replaceAll("''", "'");
  }
  return inner.includes('"') || inner.includes("\\") ? undefined : inner;
}

/** A value written on the line from `at`: a flow collection, a quoted or a plain scalar. */
function inlineValue(s: string, at: number): Got {
  const c = s.charCodeAt(at);
  if (c === 123 || c === 91) {
    // Flow levels count from none: a flow collection is a line's own (at most MAX_DEPTH of them).
    const flow = new Flow(s, at);
    const v = flow.value();
    return v === FAIL || flow.skipSpaces() < s.length ? FAIL : v;
  }
  const rest = s.slice(at);
  if (c === 34 || c === 39) {
    const v = quotedText(rest);
    return v === undefined ? FAIL : v;
  }
  return plainScalar(rest, false);
}

/** A plain scalar's value, or FAIL where it holds what may mean something else to YAML. */
function plainScalar(s: string, inFlow: boolean): Got {
  if (s.length === 0) return FAIL;
  const c = s[0]!;
  if ("[]{},#&*!|>'\"%@`".includes(c)) return FAIL;
  if (c === "?" || c === ":" || (c === "-" && (s.length === 1 || s[1] === " "))) return FAIL;
  if (s.includes(": ") || s.endsWith(":") || s.includes(" #")) return FAIL;
  if (inFlow && /[[\]{},]/.test(s)) return FAIL;
  return resolvePlain(s);
}

/**
 * A plain scalar as YAML 1.2's core schema reads it, in the library's order (null, bool, octal, decimal
 * and hex integers, special floats, exponent and plain floats; else a string), as the library
 * resolves each (yaml/dist/schema/core).
 */
function resolvePlain(s: string): unknown {
  if (/^(?:~|[Nn]ull|NULL)?$/.test(s)) return null;
  if (/^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/.test(s)) return s[0] === "t" || s[0] === "T";
  if (/^0o[0-7]+$/.test(s)) return parseInt(s.substring(2), 8);
  if (/^[-+]?\d+$/.test(s)) return parseInt(s, 10);
  if (/^0x[0-9a-fA-F]+$/.test(s)) return parseInt(s.substring(2), 16);
  if (/^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/.test(s))
    return s.slice(-3).toLowerCase() === "nan" ? NaN : s[0] === "-" ? -Infinity : Infinity;
  if (/^[-+]?(?:\.\d+|\d+(?:\.\d*)?)[eE][-+]?\d+$/.test(s)) return parseFloat(s);
  if (/^[-+]?(?:\.\d+|\d+\.\d*)$/.test(s)) return parseFloat(s);
  return s;
}

/** A flow collection on one line: { key: value, ... } or [ value, ... ], nested. */
class Flow {
  private depth = 0;
  constructor(
    private readonly s: string,
    private k: number,
  ) {}

  skipSpaces(): number {
    while (this.k < this.s.length && this.s.charCodeAt(this.k) === 32) this.k++;
    return this.k;
  }

  value(): Got {
    this.skipSpaces();
    const c = this.s.charCodeAt(this.k);
    if (c !== 123 && c !== 91) return this.scalar(false);
    if (this.depth >= MAX_DEPTH) return FAIL;
    this.depth++;
    const v = c === 123 ? this.mapping() : this.sequence();
    this.depth--;
    return v;
  }

  private mapping(): Got {
    const out: Record<string, unknown> = {};
    if (this.opened("}")) return out;
    for (;;) {
      const key = this.scalar(true);
      if (key === FAIL || typeof key !== "string") return FAIL;
      const name = keyOf(key);
      if (name === undefined || Object.prototype.hasOwnProperty.call(out, name)) return FAIL;
      if (this.s[this.k] !== ":" || this.s[this.k + 1] !== " ") return FAIL;
      this.k += 2;
      const v = this.value();
      if (v === FAIL) return FAIL;
      out[name] = v;
      const after = this.afterEntry("}");
      if (after !== "more") return after === "end" ? out : FAIL;
    }
  }

  private sequence(): Got {
    const out: unknown[] = [];
    if (this.opened("]")) return out;
    for (;;) {
      const v = this.value();
      if (v === FAIL) return FAIL;
      out.push(v);
      const after = this.afterEntry("]");
      if (after !== "more") return after === "end" ? out : FAIL;
    }
  }

  /** Past the opening bracket; whether the collection closes at once ({} or []). */
  private opened(close: string): boolean {
    this.k++;
    if (this.skipSpaces() >= this.s.length || this.s[this.k] !== close) return false;
    this.k++;
    return true;
  }

  /**
   * After an entry: the collection's end, a comma and another entry ("more"), or anything else. A
   * trailing comma or an empty entry is the library's business.
   */
  private afterEntry(close: string): "end" | "more" | "other" {
    this.skipSpaces();
    const c = this.s[this.k];
    this.k++;
    if (c === close) return "end";
    if (c !== ",") return "other";
    if (this.skipSpaces() >= this.s.length || this.s[this.k] === close || this.s[this.k] === ",") return "other";
    return "more";
  }

  /**
   * A scalar in a flow collection: quoted, or plain up to the next "," "]" "}" or ": ". A key (`key`)
   * is given as written, to be checked as a key; a value resolved.
   */
  private scalar(key: boolean): Got {
    this.skipSpaces();
    const s = this.s;
    const c = s[this.k];
    if (c === '"' || c === "'") {
      const close = s.indexOf(c, this.k + 1);
      if (close < 0) return FAIL;
      // '' inside single quotes: the library's business here.
      if (c === "'" && s[close + 1] === "'") return FAIL;
      const written = s.slice(this.k, close + 1);
      this.k = close + 1;
      this.skipSpaces();
      return key ? written : (quotedText(written) ?? FAIL);
    }
    let end = this.k;
    while (end < s.length) {
      const d = s[end]!;
      if (d === "," || d === "]" || d === "}" || (d === ":" && (s[end + 1] === " " || key))) break;
      end++;
    }
    const written = trimSpaces(s.slice(this.k, end));
    this.k = end;
    if (key) return written.length > 0 && !"[]{},#&*!|>'\"%@`?-".includes(written[0]!) ? written : FAIL;
    return plainScalar(written, true);
  }
}
