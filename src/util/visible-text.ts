// Text from a user's config or model files, made safe to print: control characters shown as escapes
// rather than sent to the terminal (ESC [ 2 J clears the screen, ESC ] 0 ; ... BEL sets the window
// title, a newline in a name prints a fake heading), and strings cut between graphemes, never inside
// an emoji or a combining sequence. Every report (table, Markdown, CSV, HTML, charts) and every
// diagnostic goes through these.

// C0 controls, DEL and C1 controls (NEL among them); the line and paragraph separators; the
// bidirectional marks (U+061C, U+200E, U+200F), overrides and isolates, which reorder what a terminal
// shows ("Trojan source").
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
// eslint-disable-next-line no-control-regex
const UNSAFE_ALL = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

const SHORT: Record<string, string> = { "\n": "\\n", "\r": "\\r", "\t": "\\t" };

/** A control character as an escape: \n, \r, \t, else \u001b and the like. */
function escapeChar(c: string): string {
  return SHORT[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`;
}

/** The text with every control character shown as an escape (ESC as \u001b, a newline as \n). */
export function visibleText(s: string): string {
  return UNSAFE.test(s) ? s.replace(UNSAFE_ALL, escapeChar) : s;
}

/** Whether a string has a character visibleText would escape. */
export function hasControl(s: string): boolean {
  return UNSAFE.test(s);
}

/**
 * A value with every string in it (keys too) made visible: objects and arrays copied where something
 * changed, returned as they are (the same object) where nothing did.
 */
export function visibleDeep<T>(value: T): T {
  if (value !== null && typeof value === "object" && nothingToEscape(value)) return value;
  return walk(value) as T;
}

// JSON escapes every C0 control (\n, \t, \u001b...) and leaves the other characters UNSAFE matches as
// they are; an escape of a backslash or a lone surrogate matches too, which only costs the walk.
const JSON_CONTROL = /\\[bfnrtu]/;

/**
 * Whether no string in the value (key or value) has a character visibleText would escape, from its
 * JSON text: most reports have none, and a native JSON text and two searches cost less than the
 * walk (2% of an estimate's instructions). The JSON text holds every string walk visits
 * (keys and values of plain objects and arrays; objects walk leaves alone are only more text), for
 * data without toJSON methods, as reports are. Values JSON cannot write (a BigInt, a cycle) are walked.
 */
function nothingToEscape(value: object): boolean {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch {
    return false;
  }
  return text !== undefined && !UNSAFE.test(text) && !JSON_CONTROL.test(text);
}

function walk(v: unknown): unknown {
  if (typeof v === "string") return visibleText(v);
  if (v === null || typeof v !== "object") return v;
  if (Array.isArray(v)) {
    let out: unknown[] | undefined;
    for (let k = 0; k < v.length; k++) {
      const w = walk(v[k]);
      if (w !== v[k]) (out ??= v.slice())[k] = w;
    }
    return out ?? v;
  }
  if (Object.getPrototypeOf(v) !== Object.prototype && Object.getPrototypeOf(v) !== null) return v;
  let out: Record<string, unknown> | undefined;
  for (const key of Object.keys(v)) {
    const x = (v as Record<string, unknown>)[key];
    const w = walk(x);
    const k2 = visibleText(key);
    if (w !== x || k2 !== key) {
      out ??= { ...(v as Record<string, unknown>) };
      if (k2 !== key) delete out[key];
      out[k2] = w;
    }
  }
  return out ?? v;
}

/** Printable ASCII only: one code unit per character and per column, cut anywhere. */
const PLAIN = /^[\u0020-\u007e]*$/;
let segmenter: Intl.Segmenter | undefined;

/**
 * The first `n` characters of s at most, cut on a grapheme boundary (an emoji with its modifiers, a
 * letter with its accents, a surrogate pair stay whole). Intl.Segmenter is loaded only for a string
 * that is not plain ASCII and is longer than n.
 */
export function cutGraphemes(s: string, n: number): string {
  if (s.length <= n) return s;
  if (PLAIN.test(s)) return s.slice(0, n);
  segmenter ??= new Intl.Segmenter("en", { granularity: "grapheme" });
  let end = 0;
  for (const { segment, index } of segmenter.segment(s)) {
    if (index + segment.length > n) break;
    end = index + segment.length;
  }
  return s.slice(0, end);
}
