// Values as mq-smf-csv writes them, normalised. Platform-neutral.
//
// The formatter's quirks (see shared/fixtures/smf/README.md):
// - without -r, strings that look numeric are written ="800" (a spreadsheet trick), so a relaxed CSV
//   parser hands us the text ="800" with its quotes;
// - numbers may carry spaces (" 313 ");
// - records from older MQ releases are padded to the newest layout with strings of dots, integers -1
//   and dates in 1970: those mean "not in this record", never zero;
// - a duration is two columns, seconds and microseconds (CSV) or one integer of microseconds (NDJSON);
// - times are 18:01:33,540000 (CSV) or 18:01:33.540000 (NDJSON), dates 2016/02/27 or 2016-02-27.

import { cellString } from "./csv-lines.js";

/** A value that is not in the record (padding), as opposed to zero. */
export const MISSING = undefined;

const OWNED = new Map<string, string>();

/**
 * The same text, as a string of its own. A cell's text is often a slice of the text of the whole
 * chunk it came in (V8 makes a substring of 13 characters or more a view of its parent), so a cell
 * kept for the run (a channel name, a task's identity in the join's window) kept 64 KB alive. Copied
 * once per distinct text, through a bounded cache.
 */
export function owned<T extends string | undefined>(s: T): T {
  if (s === undefined) return s;
  let o = OWNED.get(s);
  if (o === undefined) {
    if (OWNED.size >= 4096) OWNED.clear();
    // JSON's parse makes a new string (nothing in V8 says whether a slice, a concatenation or a
    // String() of a string shares its parent's characters).
    o = JSON.parse(JSON.stringify(s)) as string;
    OWNED.set(o, o);
  }
  return o as T;
}

/** Why a cell could not be read as what its column holds. */
export class BadValue extends Error {
  constructor(
    readonly column: string,
    readonly text: string,
    readonly expected: string,
  ) {
    super(
      `${column}: expected ${expected}, found ${JSON.stringify(text.length > 40 ? text.slice(0, 40) + "…" : text)}`,
    );
  }
}

/** The text of a cell without the ="..." wrapping, the quotes and the padding spaces. */
export function cellText(raw: string): string {
  let s = raw;
  if (s.length >= 3 && s.charCodeAt(0) === 61 /* = */ && s.charCodeAt(1) === 34 /* " */) {
    s = s.charCodeAt(s.length - 1) === 34 ? s.slice(2, -1) : s.slice(2);
  }
  return s.trim();
}

/** True for a string of dots only ("....", "........"): the formatter's padding for absent text. */
function allDots(s: string): boolean {
  if (s.length === 0) return false;
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) !== 46) return false;
  return true;
}

/** Digits only, with an optional leading minus: what a count looks like. */
function isInteger(s: string): boolean {
  const n = s.length;
  if (n === 0 || n > 20) return false;
  let i = s.charCodeAt(0) === 45 ? 1 : 0;
  if (i === n) return false;
  for (; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/** A count: a non-negative integer, or missing (empty, dots, -1). Throws BadValue otherwise. */
export function parseCount(raw: string | number | undefined | null, column: string): number | undefined {
  if (raw === undefined || raw === null) return MISSING;
  if (typeof raw === "number") {
    if (!Number.isFinite(raw)) throw new BadValue(column, String(raw), "a count");
    return raw === -1 ? MISSING : raw;
  }
  // Fast path: a plain run of digits, as most cells are.
  const s = raw.length > 0 && raw.charCodeAt(0) !== 32 && raw.charCodeAt(0) !== 61 ? raw : cellText(raw);
  if (s === "" || allDots(s)) return MISSING;
  if (!isInteger(s)) throw new BadValue(column, raw, "a whole number");
  const n = Number(s);
  return n === -1 ? MISSING : n;
}

// The same readings on a cell's bytes (b[from, to), its text as csv-lines.ts's cellString makes it):
// the common forms are read from the bytes without making a string; anything else goes, as text, to
// the function above, so both give the same value or the same error.

/** parseCount of a cell: digits with an optional minus, " 313 " and ="800" from the bytes. */
export function countAt(
  b: Uint8Array,
  from: number,
  to: number,
  latin1: string | undefined,
  column: string,
): number | undefined {
  if (from === to) return MISSING;
  let p = from;
  let end = to;
  const c0 = b[p];
  if (c0 === 32 || (c0 === 61 && end - p >= 3 && b[p + 1] === 34)) {
    // cellText: the ="..." wrapping off, then the spaces (other white space: parseCount's).
    if (c0 === 61) {
      p += 2;
      if (b[end - 1] === 34) end--;
    }
    while (p < end && b[p] === 32) p++;
    while (end > p && b[end - 1] === 32) end--;
  }
  const neg = p < end && b[p] === 45;
  if (neg) p++;
  if (end - p < 1 || end - p > 15) return parseCount(cellString(b, from, to, latin1), column);
  let n = 0;
  for (; p < end; p++) {
    const d = b[p]! - 48;
    if (d < 0 || d > 9) return parseCount(cellString(b, from, to, latin1), column);
    n = n * 10 + d;
  }
  if (!neg) return n;
  return n === 1 ? MISSING : -n;
}

/** parseTimeOfDay of a cell: "18:01:33,540000" from the bytes. */
export function clockAt(b: Uint8Array, from: number, to: number, latin1: string | undefined, column: string): number {
  const len = to - from;
  if (len === 0) return 0;
  const digit = (i: number) => {
    const d = b[from + i]! - 48;
    return d >= 0 && d <= 9 ? d : -100;
  };
  const h = digit(0) * 10 + digit(1);
  const m = digit(3) * 10 + digit(4);
  const s = digit(6) * 10 + digit(7);
  let frac = 0;
  let ok = len >= 8 && b[from + 2] === 58 && b[from + 5] === 58 && h >= 0 && m >= 0 && s >= 0;
  ok &&= h <= 24 && m <= 59 && s <= 60 && (len < 9 || b[from + 8]! < 128);
  if (ok && len > 9) {
    const digits = len - 9;
    let f = 0;
    for (let i = 9; i < len && ok; i++) {
      const d = digit(i);
      ok = d >= 0;
      f = f * 10 + d;
    }
    ok &&= digits <= 15;
    frac = f / 10 ** digits;
  }
  if (!ok) return parseTimeOfDay(cellString(b, from, to, latin1), column);
  return ((h * 60 + m) * 60 + s + frac) * 1000;
}

/**
 * A duration in microseconds from the formatter's two columns, seconds and microseconds (" 313 "), or
 * from NDJSON's one integer. Missing when either part is (-1, dots, empty).
 */
export function parseDuration(
  seconds: string | number | undefined | null,
  micros: string | number | undefined | null,
  column: string,
): number | undefined {
  if (micros === undefined && typeof seconds === "number") return parseCount(seconds, column);
  const s = parseCount(seconds, `${column}(S)`);
  const us = parseCount(micros, `${column}(US)`);
  if (s === undefined || us === undefined) return MISSING;
  return s * 1_000_000 + us;
}

/** Text, trimmed; missing when empty or dots only. */
export function parseText(raw: string | number | undefined | null): string | undefined {
  if (raw === undefined || raw === null) return MISSING;
  const s = typeof raw === "number" ? String(raw) : cellText(raw);
  return s === "" || allDots(s) ? MISSING : s;
}

/**
 * A timestamp from a date ("2016/02/27" or "2016-02-27") and a time ("18:01:33,540000" or
 * "18:01:33.540000"), as milliseconds on the clock the formatter printed (local or GMT, whichever it
 * was told: -g yes prints GMT), counted as if it were UTC. Missing for 1970 dates and empty text.
 */
export function parseTimestamp(
  date: string | undefined | null,
  time: string | undefined | null,
  column: string,
): number | undefined {
  const d = date === undefined || date === null ? "" : cellText(date);
  const t = time === undefined || time === null ? "" : cellText(time);
  if (d === "" || allDots(d)) return MISSING;
  // YYYY?MM?DD with one separator character between the parts.
  if (d.length !== 10) throw new BadValue(column, d, "a date such as 2016/02/27");
  const y = Number(d.slice(0, 4));
  const mo = Number(d.slice(5, 7));
  const day = Number(d.slice(8, 10));
  if (!Number.isInteger(y) || !Number.isInteger(mo) || !Number.isInteger(day) || mo < 1 || mo > 12 || day < 1)
    throw new BadValue(column, d, "a date such as 2016/02/27");
  if (y <= 1970) return MISSING;
  let ms = Date.UTC(y, mo - 1, day);
  if (t !== "") ms += parseClock(t, column);
  return ms;
}

/** The time part of parseTimestamp on its own: milliseconds since midnight, 0 for no time. */
export function parseTimeOfDay(time: string | undefined | null, column: string): number {
  const t = time === undefined || time === null ? "" : cellText(time);
  return t === "" ? 0 : parseClock(t, column);
}

/** Milliseconds since midnight of "HH:MM:SS,ffffff" (or with a point), fractions kept. */
function parseClock(t: string, column: string): number {
  if (t.length < 8 || t.charCodeAt(2) !== 58 || t.charCodeAt(5) !== 58)
    throw new BadValue(column, t, "a time such as 18:01:33,540000");
  const h = Number(t.slice(0, 2));
  const m = Number(t.slice(3, 5));
  const s = Number(t.slice(6, 8));
  let frac = 0;
  if (t.length > 9) {
    const f = t.slice(9);
    if (!isInteger(f)) throw new BadValue(column, t, "a time such as 18:01:33,540000");
    frac = Number(f) / 10 ** f.length;
  }
  if (!Number.isInteger(h) || !Number.isInteger(m) || !Number.isInteger(s) || h > 24 || m > 59 || s > 60)
    throw new BadValue(column, t, "a time such as 18:01:33,540000");
  return ((h * 60 + m) * 60 + s + frac) * 1000;
}

/** "2016-02-27 18:01:33" for a timestamp from parseTimestamp (on the formatter's clock). */
export function formatTimestamp(ms: number): string {
  const iso = new Date(Math.round(ms)).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
}

/**
 * A --from or --to time: "2016-02-27 18:00", "2016/02/27T18:00:30" and the like, on the clock the
 * data was printed with. Returns undefined for text that is not such a time.
 */
export function parseUserTime(text: string): number | undefined {
  const s = text.trim();
  const m = /^(\d{4})[-/](\d{2})[-/](\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(s);
  if (!m) return undefined;
  const [y, mo, d, h = "0", mi = "0", se = "0"] = m.slice(1);
  const ms = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(se));
  const back = new Date(ms);
  // Reject 2016-02-31 and 25:00 rather than roll them over.
  if (back.getUTCDate() !== Number(d) || back.getUTCHours() !== Number(h) || back.getUTCMinutes() !== Number(mi))
    return undefined;
  return ms;
}
