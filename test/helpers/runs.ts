// How many cases a property test runs. `npm test` runs a tenth or so of each (the suite must finish in
// about three minutes on a 2-core machine); `npm run test:full`, which CI runs, the full counts
// (MQZCAP_TEST_FULL=1). PROP_RUNS, where a test reads it, overrides both.

/** Whether this is the full run (npm run test:full). */
export const FULL = process.env.MQZCAP_TEST_FULL === "1";

/** The full count under test:full, the quick one otherwise; an environment variable overrides both. */
export function runs(full: number, quick: number, override?: string): number {
  const given = override !== undefined ? process.env[override] : undefined;
  if (given !== undefined && given !== "") return Number(given);
  return FULL ? full : quick;
}
