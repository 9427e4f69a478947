// Starts the CLI. A CommonJS file (dist/cli.cjs), so that Node does not start its ES module loader at
// all. The CLI is one CommonJS bundle (dist/cli-main.cjs). Where the build's V8 code cache fits this
// Node (the file is named by the V8 version and architecture that made it, code-cache.ts), the bundle
// is compiled with it, so a run skips most of V8's parsing and compiling; V8 checks the cache again
// (version, flags, source) and compiles as usual if it does not fit. On any other Node the cache file
// is not read at all: the bundle is required under Node's own compile cache (module.enableCompileCache,
// Node 22.1 and later; it keeps compiled code in the system's temporary folder between runs), or
// plainly where Node has none. Only the build, which names the cache file in MQZCAP_BUILD_CODE_CACHE,
// writes the shipped cache. MQZCAP_DEBUG_START=1 says on standard error which way it started.
import { closeSync, fstatSync, openSync, readSync, renameSync, writeFileSync } from "node:fs";
import nodeModule, { createRequire } from "node:module";
import { dirname, join } from "node:path";
import vm from "node:vm";
import { codeCacheFile } from "./code-cache.js";

type Main = (argv: string[]) => Promise<number>;

const file = join(__dirname, "cli-main.cjs");
// Capacity, sensitivity and the sweep have a cache each, the other commands share the estimates' one
// (code-cache.ts); the command is the first argument, as main.ts takes it. Any cache of this bundle
// fits any command: the choice only decides how much V8 deserialises and how much it compiles.
const general = codeCacheFile(file);
const own = codeCacheFile(file, undefined, undefined, process.argv[2]);
const target = process.env.MQZCAP_BUILD_CODE_CACHE;
const building = target !== undefined && (target === general || target === own);
let cacheFile = building ? target : own;
let cacheFd: number | undefined;
for (const candidate of building || own === general ? [cacheFile] : [own, general]) {
  try {
    // The build runs several commands to make the cache, each adding the code it compiled to the cache
    // the runs before it wrote (V8 serialises what it has compiled, the cached functions too).
    cacheFd = openSync(candidate, "r");
    cacheFile = candidate;
    break;
  } catch {
    cacheFd = undefined;
  }
}

/** A whole file read into the start of `into` (as large as the file at least). */
function readWhole(fd: number, size: number, into: Buffer): Buffer {
  let n = 0;
  for (let got = -1; n < size && got !== 0; n += got) got = readSync(fd, into, n, size - n, n);
  closeSync(fd);
  return into.subarray(0, n);
}

let main: Main;
let how: string;
let script: vm.Script | undefined;
if (cacheFd !== undefined || building) {
  // The bundle and then the cache are read into one buffer, the larger file's size: the bundle is
  // copied into a string before the cache is read. A buffer each touched some 170 more fresh pages
  // (0.7 MB) at every start (#30, h44).
  const bundleFd = openSync(file, "r");
  const bundleSize = fstatSync(bundleFd).size;
  const cacheSize = cacheFd === undefined ? 0 : fstatSync(cacheFd).size;
  const buffer = Buffer.allocUnsafe(Math.max(bundleSize, cacheSize));
  // The bundle is ASCII (the build checks), so it is read as latin1: a one-byte string without UTF-8
  // decoding, about 2 ms less than "utf8" for half a megabyte. The build wrote it as a function of
  // CommonJS's five arguments (scripts/build.ts), which the script gives back: compiled as read, with no
  // wrapper added (a copy of the whole text, flattened again for V8, at every start).
  const source = readWhole(bundleFd, bundleSize, buffer).toString("latin1");
  const cachedData = cacheFd === undefined ? undefined : readWhole(cacheFd, cacheSize, buffer);
  script = new vm.Script(source, { filename: file, ...(cachedData ? { cachedData } : {}) });
  const mod = { exports: {} as { main: Main } };
  (script.runInThisContext() as (...args: unknown[]) => void).call(
    mod.exports,
    mod.exports,
    createRequire(file),
    mod,
    file,
    dirname(file),
  );
  main = mod.exports.main;
  how = building
    ? `making the code cache${cacheFd !== undefined ? ` (adding to the one before${script.cachedDataRejected ? ", rejected by V8" : ""})` : ""}`
    : script.cachedDataRejected
      ? "code cache rejected by V8"
      : cacheFile === general
        ? "code cache"
        : `code cache for ${process.argv[2]}`;
} else {
  const enable = (nodeModule as { enableCompileCache?: () => { status: number; message?: string } }).enableCompileCache;
  if (typeof enable === "function") {
    const result = enable();
    how = `no code cache for this Node; Node's compile cache (status ${result.status})`;
  } else how = "no code cache for this Node, and no compile cache in it";
  main = (createRequire(file)(file) as { main: Main }).main;
}
if (process.env.MQZCAP_DEBUG_START) process.stderr.write(`mqzcap: start: ${how}\n`);

main(process.argv).then(
  (code) => {
    if (building && script) {
      const tmp = `${cacheFile}.${process.pid}.tmp`;
      writeFileSync(tmp, script.createCachedData());
      renameSync(tmp, cacheFile);
    }
    process.exitCode = code;
  },
  // main reports its own errors; this is only for one inside that reporting: say so, without a trace.
  (err: unknown) => {
    try {
      process.stderr.write(`mqzcap: internal error: ${err instanceof Error ? err.message : String(err)}\n`);
    } catch {
      /* standard error is gone too: the exit code says it */
    }
    process.exitCode = 3;
  },
);
