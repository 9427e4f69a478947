// The SMF reading (csv-parse, zlib, the calibrate core), loaded only by calibrate and
// estimate --baseline-from. From source and in the library a dynamic import; the CLI build swaps this
// file for a require() of its separate bundle, dist/cli-smf.cjs (see scripts/build.ts), as it does
// for charts, so that a plain estimate neither loads nor compiles it.
export async function loadSmf(): Promise<typeof import("./smf-entry.js")> {
  return import("./smf-entry.js");
}
