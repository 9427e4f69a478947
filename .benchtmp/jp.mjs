import { readFileSync } from "node:fs";
const f = process.argv[2];
const t0 = performance.now();
const s = readFileSync(f, "utf8");
const t1 = performance.now();
const d = JSON.parse(s);
const t2 = performance.now();
console.log(f, "read", (t1-t0).toFixed(2), "parse", (t2-t1).toFixed(2));
