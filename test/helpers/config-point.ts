// A point of a command's points (sensitivity's, capacity's): a config written as an object, a copy of it
// with one change made, parsed as those commands parse their points (parseConfigValue, unlocated).
import { parseConfigValue } from "../../src/config/load.js";
import type { Config } from "../../src/config/types.js";

export type Change = (c: Record<string, unknown>) => void;

/** The config `base` (copied, never changed) with `change` made to the copy. */
export function configPoint(base: Record<string, unknown>, change: Change = () => {}, file = "points"): Config {
  const c = structuredClone(base);
  change(c);
  return parseConfigValue(c, file, { located: false }).config;
}

/** The k-th channel definition of a config object, for a change to make to it. */
export const channelOf = (c: Record<string, unknown>, k: number) => (c.channels as Record<string, unknown>[])[k]!;
