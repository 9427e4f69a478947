// The chart module, loaded only by the commands that draw. From source and in the library this is a
// dynamic import; the CLI build swaps this file for a require() of its separate chart bundle (see
// scripts/build.ts), because the CLI runs as a CommonJS script compiled with V8's code cache.
export async function loadChart(): Promise<typeof import("../report/chart.js")> {
  return import("../report/chart.js");
}
