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

/** Adds one to a string of decimal digits. */
function increment(digits: string): string {
  const out = digits.split("");
  let i = out.length - 1;
  while (i >= 0) {
    if (out[i] === "9") {
      out[i] = "0";
      i--;
    } else {
      out[i] = String(Number(out[i]) + 1);
      return out.join("");
    }
  }
  return "1" + out.join("");
}

export function formatNumber(n: number, maximumFractionDigits: number): string {
  if (!Number.isFinite(n) || Math.abs(n) >= 1e21 || !Number.isInteger(maximumFractionDigits) || maximumFractionDigits < 0) {
    return n.toLocaleString("en-US", { maximumFractionDigits, minimumFractionDigits: 0 });
  }
  const negative = n < 0 || Object.is(n, -0);
  let [int, frac] = plainDigits(Math.abs(n));
  if (frac.length > maximumFractionDigits) {
    const roundUp = frac.charCodeAt(maximumFractionDigits) >= 53; // "5"
    frac = frac.slice(0, maximumFractionDigits);
    if (roundUp) {
      const all = increment(int + frac);
      int = all.slice(0, all.length - frac.length);
      frac = all.slice(all.length - frac.length);
    }
  }
  frac = frac.replace(/0+$/, "");
  let grouped = "";
  for (let i = int.length; i > 0; i -= 3) grouped = int.slice(Math.max(0, i - 3), i) + (grouped ? "," + grouped : "");
  return (negative ? "-" : "") + grouped + (frac ? "." + frac : "");
}
