// Starts the CLI with V8's code cache. A CommonJS file (dist/cli.cjs), so that Node does not start its
// ES module loader at all. The CLI is one CommonJS bundle (dist/cli-main.cjs) compiled with
// the cached data the build made (dist/cli-main.cjs.cache), so a run skips most of V8's parsing and
// compiling. If the cache does not fit this Node (another V8), V8 rejects it and compiles as usual;
// nothing is written at run time. Only the build, which names the cache in MQZCAP_BUILD_CODE_CACHE,
// writes it.
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import vm from "node:vm";

type Main = (argv: string[]) => Promise<number>;

const file = join(__dirname, "cli-main.cjs");
const cacheFile = `${file}.cache`;
let cachedData: Buffer | undefined;
try {
  cachedData = readFileSync(cacheFile);
} catch {
  cachedData = undefined;
}
// The bundle is ASCII (the build checks), so it is read as latin1: a one-byte string without UTF-8
// decoding, about 2 ms less than "utf8" for half a megabyte.
const script = new vm.Script(
  `(function (exports, require, module, __filename, __dirname) {${readFileSync(file, "latin1")}\n})`,
  {
    filename: file,
    ...(cachedData ? { cachedData } : {}),
  },
);
const mod = { exports: {} as { main: Main } };
(script.runInThisContext() as (...args: unknown[]) => void).call(
  mod.exports,
  mod.exports,
  createRequire(file),
  mod,
  file,
  dirname(file),
);
mod.exports.main(process.argv).then(
  (code) => {
    if (process.env.MQZCAP_BUILD_CODE_CACHE === cacheFile) {
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
