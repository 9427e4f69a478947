// The name of V8's code cache for a CLI bundle. V8 accepts cached data only from its own version (and
// flags), and rejects any other after reading it; naming the file by the V8 version and architecture
// that made it lets a launcher on another Node skip the file without reading it, and use Node's own
// compile cache instead (see launcher.ts). Shared by the launcher and the build, which writes it.

/**
 * Commands with a code cache of their own, made by their runs alone: V8 deserialises the whole of a
 * cache at start, and the cache every other command reads holds capacity's, sensitivity's and the
 * sweep's code too (1.15 MB; the estimate's own is 1.0 MB, 24 million fewer instructions at every
 * estimate, #30); and with the general cache V8 baseline-compiles more of the estimate's functions (its
 * estimateWith 13 ms against 8.5, cause not found; bench/RESULTS.md 1b). Only the estimate: another
 * cache of 1 MB per command would take the installed package past its 15 MB (test/package.test.ts).
 */
export const OWN_CACHE_COMMANDS: readonly string[] = ["estimate"];

/**
 * dist/cli-main.cjs -> dist/cli-main.cjs.v8-11.3.244.8-node.30-x64.cache, for the running Node; with a
 * command of OWN_CACHE_COMMANDS, that command's own: dist/cli-main.cjs.v8-11.3.244.8-node.30-x64.estimate.cache.
 */
export function codeCacheFile(
  bundle: string,
  versions = process.versions,
  arch = process.arch,
  command?: string,
): string {
  // V8 version strings are digits, dots and "-node.N"; anything else is left out of a file name.
  const v8 = versions.v8.replace(/[^\w.-]/g, "_");
  const own = command !== undefined && OWN_CACHE_COMMANDS.includes(command) ? `.${command}` : "";
  return `${bundle}.v8-${v8}-${arch}${own}.cache`;
}
