// Plain-text layout helpers for the terminal table. Written here rather than taken from cli-table3:
// the report needs a 100-column layout (or a terminal's width) with grouped sections and wrapped citations, and a
// few lines of padding do that without a dependency in the start-up path.
import type { Citation } from "../model/registry.js";
import { pctText, type RangePart } from "../model/ranges.js";
import { isOpenBelow } from "../engine/open-range.js";
import { formatNumber } from "../util/number-format.js";
import { cutGraphemes } from "../util/visible-text.js";

export const WIDTH = 100;
/** The narrowest a table is laid out: labels beside values need 80 columns. */
export const MIN_WIDTH = 80;

/** The width a table is laid out in: the one asked for, at least MIN_WIDTH; WIDTH when none is. */
export function tableWidth(width: number | undefined): number {
  return width === undefined || !Number.isFinite(width) ? WIDTH : Math.max(MIN_WIDTH, Math.floor(width));
}

export interface Style {
  bold(s: string): string;
  dim(s: string): string;
  red(s: string): string;
  yellow(s: string): string;
  cyan(s: string): string;
}

export function style(color: boolean): Style {
  const wrap = (a: number, b: number) => (s: string) => (color ? `\x1b[${a}m${s}\x1b[${b}m` : s);
  return { bold: wrap(1, 22), dim: wrap(2, 22), red: wrap(31, 39), yellow: wrap(33, 39), cyan: wrap(36, 39) };
}

/** Colour on a terminal (a stream, or { isTTY }), never under NO_COLOR, always under FORCE_COLOR. */
export function useColor(stream: { isTTY?: boolean }): boolean {
  if (process.env.NO_COLOR !== undefined && process.env.NO_COLOR !== "") return false;
  if (process.env.FORCE_COLOR) return true;
  return Boolean(stream.isTTY);
}

export function pad(s: string, n: number, right = false): string {
  const len = visible(s);
  if (len >= n) return s;
  return right ? " ".repeat(n - len) + s : s + " ".repeat(n - len);
}

export function visible(s: string): number {
  // eslint-disable-next-line no-control-regex
  return s.replace(/\x1b\[[0-9;]*m/g, "").length;
}

/** Text cut to n characters with "…", on a grapheme boundary (never inside an emoji). */
export function truncate(s: string, n: number): string {
  return s.length <= n ? s : cutGraphemes(s, n - 1) + "…";
}

/** Word-wraps text; the first line starts with `first`, later ones are indented to line up under it. */
export function wrap(text: string, width: number, first: string): string[] {
  const out: string[] = [];
  const hang = " ".repeat(first.length);
  let line = "";
  const prefix = () => (out.length === 0 ? first : hang);
  for (const word of text.split(/\s+/)) {
    if (line && line.length + 1 + word.length > width - first.length) {
      out.push(prefix() + line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) out.push(prefix() + line);
  return out;
}

// Bytes per storage unit (KB = 1024 bytes, as everywhere here).
const STORAGE_BYTES: Readonly<Record<string, number>> = { B: 1, bytes: 1, KB: 1024, MB: 1048576, GB: 1073741824 };
const EXABYTE = 2 ** 60;

/**
 * A 64-bit storage limit (16 EB, or MEMLIMIT's NOLIMIT, 16 EB less 4 GB) in the unit of a 31-bit one
 * reads as a 14-digit number of MB: said as what it is.
 */
function hugeStorage(n: number, unit: string): string | undefined {
  const per = STORAGE_BYTES[unit];
  if (per === undefined || n * per < EXABYTE) return undefined;
  return `${formatNumber(Math.round((n * per) / EXABYTE), 0)} EB (no practical limit)`;
}

export function fmt(n: number | null | undefined, unit = ""): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return "-";
  const huge = hugeStorage(n, unit);
  if (huge) return huge;
  const abs = Math.abs(n);
  const digits = abs >= 100 ? 0 : abs >= 10 ? 1 : abs >= 1 ? 2 : 3;
  return withUnit(formatNumber(n, digits), unit); // toLocaleString("en-US") without ICU's start-up cost
}

/** A range's two ends: "128–155", or "-803 to -267" where a minus sign would sit beside the dash. */
function between(low: string, high: string): string {
  return low.startsWith("-") || high.startsWith("-") ? `${low} to ${high}` : `${low}–${high}`;
}

// Units that are counted nouns: one of them is "1 channel", not "1 channels".
const COUNT_NOUNS = new Set(["channels", "conversations", "connections"]);

function withUnit(s: string, unit: string): string {
  if (!unit) return s;
  return unit === "percent" || unit === "%" ? `${s}%` : `${s} ${unit}`;
}

/** Whether a range is too narrow to print: within half a percent of its value. */
export function isPoint(r: { value: number; low: number; high: number }): boolean {
  return Math.abs(r.high - r.low) <= 0.005 * Math.max(Math.abs(r.value), 1e-9);
}

/**
 * An item's range for fmtRange: its ends (its value where it has none), with its unit and parts, so
 * that an end open below shows as open (isOpenBelow).
 */
export const itemRange = (i: {
  value: number;
  low?: number;
  high?: number;
  unit: string;
  spread?: readonly RangePart[];
}) => ({ value: i.value, low: i.low ?? i.value, high: i.high ?? i.value, unit: i.unit, spread: i.spread });

/**
 * A value with its range: "140 us (128–155)"; a range narrower than half a percent prints as the value.
 * An open end: "≥ 380 MB/s", "6,080 txn/s (≥ 3,520)", "255,000 txn/s (open)" where neither end is bound.
 */
export function fmtRange(r: { value: number; low: number; high: number } | null, unit = ""): string {
  if (!r) return "-";
  // A line item (it has its parts) open below at its unit's floor shows that end open, not as 0.
  if ("spread" in r && isOpenBelow(r as Parameters<typeof isOpenBelow>[0])) r = { ...r, low: -Infinity };
  const huge = hugeStorage(r.value, unit);
  if (huge) return huge;
  // An open end (the sources give no bound on that side): "≥ 575,000 per-second", "140 us (≥ 128)".
  if (r.high === Infinity || r.low === -Infinity) return openRange(r, unit);
  if (isPoint(r)) return fmt(r.value, r.value === 1 && COUNT_NOUNS.has(unit) ? unit.slice(0, -1) : unit);
  // Below 0.1, fmt's three places keep one or two significant digits: 0.005 (0.004–0.005) says less
  // than the range is; three significant digits for all three, 0.00479 (0.0045–0.00508).
  if (Math.abs(r.value) < 0.1 && r.value !== 0)
    return `${withUnit(sig3(r.value), unit)} (${between(sig3(r.low), sig3(r.high))})`;
  const low = fmt(r.low);
  const high = fmt(r.high);
  // Ends that print alike at the value's digits (0.005 to 0.005) get three significant digits, and
  // so does the value, or it would print outside its own range ("0.005 (0.00474–0.00483)").
  if (low === high) {
    return `${withUnit(sig3(r.value), unit)} (${between(sig3(r.low), sig3(r.high))})`;
  }
  return `${fmt(r.value, unit)} (${between(low, high)})`;
}

function openRange(r: { value: number; low: number; high: number }, unit: string): string {
  const openLow = r.low === -Infinity;
  const openHigh = r.high === Infinity;
  // Open above from nothing (a value goes no lower than 0): the sources bound it on neither side.
  if ((openLow && openHigh) || (openHigh && r.low <= 0 && r.value > 0)) return `${fmt(r.value, unit)} (open)`;
  if (openHigh)
    return Math.abs(r.low - r.value) <= 0.005 * Math.max(Math.abs(r.value), 1e-9)
      ? `≥ ${fmt(r.value, unit)}`
      : `${fmt(r.value, unit)} (≥ ${fmt(r.low)})`;
  return Math.abs(r.high - r.value) <= 0.005 * Math.max(Math.abs(r.value), 1e-9)
    ? `≤ ${fmt(r.value, unit)}`
    : `${fmt(r.value, unit)} (≤ ${fmt(r.high)})`;
}

function sig3(n: number): string {
  const abs = Math.abs(n);
  if (abs === 0 || abs >= 100) return fmt(n);
  return formatNumber(n, Math.min(12, 2 - Math.floor(Math.log10(abs))));
}

/**
 * The parts of an item's range, one line each: "3.8 ms (003.tls-secret-key-negotiation-cost): +/-6%
 * run-to-run: between runs, as the source states [000.regression-run-tolerance]".
 */
export function spreadLines(i: {
  value: number;
  low: number;
  high: number;
  unit: string;
  spread: readonly RangePart[];
}): string[] {
  if (isPoint(i) && i.spread.length === 0) return [];
  if (isOpenBelow(i)) i = { ...i, low: -Infinity };
  const pct = (x: number) => (!Number.isFinite(x) ? x : i.value === 0 ? 0 : ((x - i.value) / Math.abs(i.value)) * 100);
  const end = (x: number, u = "") =>
    x === Infinity ? "no upper bound" : x === -Infinity ? "no lower bound" : fmt(x, u);
  const head = `range: ${end(i.low)} to ${end(i.high, i.unit)} (${pctText(pct(i.low), pct(i.high))})${
    i.spread.length ? ", from:" : ""
  }`;
  return [head, ...i.spread.map(partText)];
}

/** One part of a range in words: "003.tls-...: run to run +/-6%: between runs [000.regression-run-tolerance]". */
export function partText(p: RangePart): string {
  // A side the sources leave open reads as open, not as its floor ("-100%": down to nothing).
  const low = p.open === "below" || p.open === "both" ? -Infinity : p.low;
  const high = p.open === "above" || p.open === "both" ? Infinity : p.high;
  return `${p.from}: ${p.reason.replace(/-/g, " ")} ${pctText(low, high)}: ${p.text}${p.basis ? ` [${p.basis}]` : ""}`;
}

/**
 * A citation as a reader can check it against IBM's published report: the report's title (with its
 * edition), the section, and the model entry, which `mqzcap models show ID` prints with the passage's
 * place in the text. No "seed" line numbers: those index the text copies the models were built from,
 * which an installed user does not have.
 */
export function citationText(c: Citation): string {
  return `${c.title}, ${c.section} [${c.id}]${c.userSupplied ? " (user-supplied)" : ""}`;
}

/** A comparison's cell: a number formatted, a name as it is, "-" for none. */
export function cellText(v: number | string | null): string {
  return typeof v === "number" ? fmt(v) : (v ?? "-");
}

/**
 * Citations of one entry merged into one, their line ranges joined in order ("654, 656, 657"): an
 * item that reads three figures of one entry cites it once, not three times with the same title.
 */
export function mergeCitations(cs: readonly Citation[]): Citation[] {
  const out: Citation[] = [];
  const at = new Map<string, number>();
  for (const c of cs) {
    const k = at.get(c.id);
    if (k === undefined) {
      at.set(c.id, out.length);
      out.push(c);
      continue;
    }
    const seen = out[k]!.lines.split(", ");
    const more = c.lines.split(", ").filter((l) => !seen.includes(l));
    if (more.length) out[k] = { ...out[k]!, lines: [...seen, ...more].join(", ") };
  }
  return out;
}

/** A diff line's side as "value (low–high)"; "-" where the side has no value. */
export function sideText(v: number | null, low: number | null, high: number | null): string {
  return v === null ? "-" : fmtRange({ value: v, low: low ?? v, high: high ?? v });
}

/** A diff line's verdict on the noise, as the reports print it. */
export function noiseText(noise: "beyond" | "within" | null): string {
  return noise === "beyond" ? "beyond the noise" : noise === "within" ? "within the noise" : "";
}

/**
 * A comparison's cell: the value, its range where asked (Markdown, HTML) and "~" where it is within
 * the noise of the first scenario's.
 */
export function compareCellText(
  row: {
    cells: (number | string | null)[];
    ranges?: ({ low: number; high: number } | null)[];
    noise?: ("beyond" | "within" | null)[];
  },
  k: number,
  withRange: boolean,
): string {
  const v = row.cells[k] ?? null;
  const r = row.ranges?.[k];
  const text = typeof v === "number" && r && withRange ? fmtRange({ value: v, low: r.low, high: r.high }) : cellText(v);
  return row.noise?.[k] === "within" ? `${text} ~` : text;
}

/** Said under a comparison that has a cell within the noise. */
export const COMPARE_NOISE_NOTE =
  "~ within the noise of the first scenario: the difference is smaller than the uncertainty of both (their ranges overlap)";

/** A config value as the reports show it, with the range it was written as: "5KB (2KB..8KB)". */
export function writtenText(
  config: { ranges?: Record<string, { written: string }> },
  path: string,
  shown: string,
): string {
  const r = config.ranges?.[path];
  return r ? `${shown} (${r.written})` : shown;
}
