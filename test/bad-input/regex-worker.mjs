// Runs in a worker thread for regex.test.ts: each pattern against the strings that make backtracking
// patterns work hardest, with a message before and after each pattern. Plain JavaScript, so that the
// worker needs no TypeScript loader.
//
// The strings: one character, or two in turn, repeated to the given length, then a character that
// makes a match fail, a line break, or nothing; with the pattern's own leading literal text in front
// when it is anchored (so that the repeated part reaches the pattern's quantifiers). The characters
// are the pattern's own and those configs and model files are made of.
import { parentPort, workerData } from "node:worker_threads";

const SYNTAX = new Set([..."\\^$()[]{}?+*|"]);
const COMMON = [" ", "\t", "\n", "#", "0", "1", ",", ".", "-", "a", "x", "K", "B", "s", "%", "/", "*"];
const SHAPES = ["# ", "#\n", " KB", "us ", "MB/s", "1,", "1-", "1 to ", "1 KB KB"];

export function attackStrings(source, length) {
  const own = new Set();
  for (const c of source.replace(/\\[bdsw]/gi, "").replace(/\\u[\da-f]{4}/gi, "")) if (!SYNTAX.has(c)) own.add(c);
  const chars = [...new Set([...COMMON, ...own])];
  const pairs = [...new Set([...own, " ", "#", "0", ",", ".", "\n", "a"])].slice(0, 14);
  const units = [...chars, ...SHAPES];
  for (const a of pairs) for (const b of pairs) if (a !== b) units.push(a + b);
  const lead = /^\^((?:[^\\^$()[\]{}?+*|.]|\\[^bdswu])*)/i.exec(source);
  const prefix = lead ? lead[1].replace(/\\(.)/g, "$1") : "";
  const out = [];
  for (const u of units) {
    const body = u.repeat(Math.ceil(length / u.length)).slice(0, length);
    for (const end of ["\u0000", "\n!", ""]) {
      out.push(body + end);
      if (prefix) out.push(prefix + body + end);
    }
  }
  return out;
}

if (parentPort) {
  const { patterns, length } = workerData;
  for (let k = 0; k < patterns.length; k++) {
    const p = patterns[k];
    parentPort.postMessage({ k, state: "start" });
    const re = new RegExp(p.source, p.flags);
    const strings = attackStrings(p.source, length);
    for (const s of strings) {
      re.lastIndex = 0;
      re.exec(s);
      s.replace(re, "");
    }
    parentPort.postMessage({
      k,
      state: "done",
      strings: strings.length,
      shortest: Math.min(...strings.map((s) => s.length)),
    });
  }
}
