// en-US number formatting without Intl. The first toLocaleString in a process loads ICU's number
// formatting data, ~10 ms of every CLI start; this gives the same text for finite numbers below 1e21:
// n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: 0 }).
// Like ICU it rounds the shortest decimal form of the double, half away from zero.

/** The shortest decimal digits of |n| (as String gives them) without an exponent: [integer, fraction]. */
function plainDigits(abs: number): [string, string] {
  const s = String(abs);
  const e = s.indexOf("e");
  if (e < 0) {
    const dot = s.indexOf(".");
    return dot < 0 ? [s, ""] : [s.slice(0, dot), s.slice(dot + 1)];
  }
  // Only small numbers reach here (large ones fall back to Intl): d.ddde-N.
  const mantissa = s.slice(0, e).replace(".", "");
  const exp = Number(s.slice(e + 1));
  return ["0", "0".repeat(-exp - 1) + mantissa];
}

/** Adds one to a string of decimal digits: the last digit below 9 goes up, the 9s after it become 0s. */
function increment(digits: string): string {
  let i = digits.length - 1;
  while (i >= 0 && digits.charCodeAt(i) === 57) i--; // "9"
  const zeros = "0".repeat(digits.length - 1 - i);
  if (i < 0) return "1" + zeros;
  return digits.slice(0, i) + String.fromCharCode(digits.charCodeAt(i) + 1) + zeros;
}

const POW10 = [1, 10, 100, 1000, 10000];

// Floating-point bounds of the arithmetic path (not report figures): below SCALED_MAX a product
// abs x 10^digits is within 3e-7 of the shortest decimal form scaled, so a fraction further than
// HALF_MARGIN from one half rounds the same way either route.
const SCALED_MAX = 1e9;
const HALF_MARGIN = 1e-6;

/**
 * abs rounded to `digits` places without its decimal string (String(abs) is most of the cost), when
 * arithmetic surely rounds as the shortest decimal form would: abs x 10^digits is below 1e9, so it
 * is within 3e-7 of that form scaled, and not within 1e-6 of a half. Undefined otherwise.
 */
function roundByArithmetic(abs: number, digits: number): string | undefined {
  const p = POW10[digits];
  if (p === undefined) return undefined;
  const scaled = abs * p;
  if (scaled >= SCALED_MAX) return undefined;
  const whole = Math.floor(scaled);
  const rest = scaled - whole;
  if (Math.abs(rest - 0.5) < HALF_MARGIN) return undefined;
  const rounded = rest > 0.5 ? whole + 1 : whole;
  const fraction = rounded % p;
  const int = groupInteger((rounded - fraction) / p);
  return fraction === 0 ? int : int + "." + fractionText(fraction, digits);
}

/** The digits after the point of fraction / 10^digits, trailing zeros dropped: (5, 2) is "05", (50, 2) "5". */
function fractionText(fraction: number, digits: number): string {
  // Padding by comparison, not padStart and a scan: line items print a dozen numbers each.
  if (digits === 1) return String(fraction);
  if (digits === 2)
    return fraction % 10 === 0 ? String(fraction / 10) : fraction < 10 ? "0" + fraction : String(fraction);
  const text = String(fraction).padStart(digits, "0");
  let end = text.length;
  while (text.charCodeAt(end - 1) === 48) end--; // trailing "0"s
  return text.slice(0, end);
}

/** Three digits, zero-padded. */
function threeDigits(k: number): string {
  return k < 10 ? "00" + k : k < 100 ? "0" + k : String(k);
}

/** An integer below 2^53 grouped in threes with commas, by arithmetic (exact below 2^53). */
function groupInteger(int: number): string {
  if (int < 1000) return String(int);
  let low = int % 1000;
  let rest = (int - low) / 1000;
  let out = threeDigits(low);
  while (rest >= 1000) {
    low = rest % 1000;
    rest = (rest - low) / 1000;
    out = threeDigits(low) + "," + out;
  }
  return String(rest) + "," + out;
}

/** Groups a string of integer digits in threes with commas. */
function group(int: string): string {
  if (int.length <= 3) return int;
  let out = int.slice(0, ((int.length - 1) % 3) + 1);
  for (let i = out.length; i < int.length; i += 3) out += "," + int.slice(i, i + 3);
  return out;
}

export function formatNumber(n: number, maximumFractionDigits: number): string {
  if (
    !Number.isFinite(n) ||
    Math.abs(n) >= 1e21 ||
    !Number.isInteger(maximumFractionDigits) ||
    maximumFractionDigits < 0
  ) {
    return n.toLocaleString("en-US", { maximumFractionDigits, minimumFractionDigits: 0 });
  }
  const negative = n < 0 || Object.is(n, -0);
  const sign = negative ? "-" : "";
  const abs = negative ? -n : n;
  if (Number.isInteger(abs)) return sign + (abs <= Number.MAX_SAFE_INTEGER ? groupInteger(abs) : group(String(abs)));
  const fast = roundByArithmetic(abs, maximumFractionDigits);
  if (fast !== undefined) return sign + fast;
  let [int, frac] = plainDigits(abs);
  if (frac.length > maximumFractionDigits) {
    const roundUp = frac.charCodeAt(maximumFractionDigits) >= 53; // "5"
    frac = frac.slice(0, maximumFractionDigits);
    if (roundUp) {
      const all = increment(int + frac);
      int = all.slice(0, all.length - frac.length);
      frac = all.slice(all.length - frac.length);
    }
  }
  let end = frac.length;
  while (end > 0 && frac.charCodeAt(end - 1) === 48) end--; // trailing "0"s
  return sign + group(int) + (end > 0 ? "." + frac.slice(0, end) : "");
}

/**
 * Orders strings by UTF-16 code units, as a stable, locale-free sort key. localeCompare would load
 * ICU's collator on first use (several milliseconds of every CLI start) and could order differently
 * on another machine's locale, which would break byte-identical output.
 */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
