// The name of V8's code cache for a CLI bundle. V8 accepts cached data only from its own version (and
// flags), and rejects any other after reading it; naming the file by the V8 version and architecture
// that made it lets a launcher on another Node skip the file without reading it, and use Node's own
// compile cache instead (see launcher.ts). Shared by the launcher and the build, which writes it.

/**
 * Commands with a code cache of their own, each made by the estimates' runs and then that command's
 * (scripts/build.ts): V8 deserialises the whole of a cache at start, and with a cache holding other
 * commands' code it also baseline-compiles more of the running command's functions (cause not found;
 * bench/RESULTS.md 1b). Every other command, the estimate first, reads the general cache, made by the
 * estimates alone. (Until #30's h44 the general cache held every command's code and only the estimate
 * had its own; the CLI bundles' source maps, which nothing loads at run time, made room in the package.)
 */
export const OWN_CACHE_COMMANDS: readonly string[] = ["capacity", "sensitivity", "sweep"];

/**
 * dist/cli-main.cjs -> dist/cli-main.cjs.v8-11.3.244.8-node.30-x64.cache, for the running Node; with a
 * command of OWN_CACHE_COMMANDS, that command's own: dist/cli-main.cjs.v8-11.3.244.8-node.30-x64.capacity.cache.
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
