import { formatNumber } from "../src/util/number-format.js";
let bad = 0, n = 0;
const check = (x: number, d: number) => {
  n++;
  const want = x.toLocaleString("en-US", { maximumFractionDigits: d, minimumFractionDigits: 0 });
  const got = formatNumber(x, d);
  if (want !== got) { if (bad++ < 20) console.log("MISMATCH", x, d, JSON.stringify(want), JSON.stringify(got)); }
};
const specials = [0, -0, 0.5, 1.5, 2.5, -0.5, 1.005, 1.045, 0.0001, -0.0001, 9.995, 99.95, 999.5, 999999.5, 1e-7, 1.5e-7, 5e-324, 1e20, 9.99e20, 123456789.123456, 0.1 + 0.2, 4643, 1346, 2**53, -(2**53), 1e-10, 0.00049999, 0.0005];
for (const x of specials) for (let d = 0; d <= 6; d++) { check(x, d); check(-x, d); }
for (let i = 0; i < 2_000_000; i++) {
  const mag = Math.pow(10, Math.floor(Math.random() * 30) - 10);
  let x = Math.random() * mag * (Math.random() < 0.3 ? -1 : 1);
  if (Math.random() < 0.3) x = Math.round(x * 1000) / 1000 + (Math.random() < 0.5 ? 0.0005 : 0.005);
  if (Math.random() < 0.1) x = Math.round(x);
  check(x, Math.floor(Math.random() * 5));
}
console.log("checked", n, "mismatches", bad);
