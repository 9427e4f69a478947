// The name of V8's code cache for a CLI bundle. V8 accepts cached data only from its own version (and
// flags), and rejects any other after reading it; naming the file by the V8 version and architecture
// that made it lets a launcher on another Node skip the file without reading it, and use Node's own
// compile cache instead (see launcher.ts). Shared by the launcher and the build, which writes it.

/** dist/cli-main.cjs -> dist/cli-main.cjs.v8-11.3.244.8-node.30-x64.cache, for the running Node. */
export function codeCacheFile(bundle: string, versions = process.versions, arch = process.arch): string {
  // V8 version strings are digits, dots and "-node.N"; anything else is left out of a file name.
  const v8 = versions.v8.replace(/[^\w.-]/g, "_");
  return `${bundle}.v8-${v8}-${arch}.cache`;
}
