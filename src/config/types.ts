// The config's types for the rest of mqzcap and for the library's users, without zod: the schema's
// own (spelt out in types.generated.ts) and what the parser adds to a parsed config.
import type { ChannelConfig, Config as SchemaConfig, ConfigInput } from "./types.generated.js";

export type { ChannelConfig, ConfigInput };

/**
 * A config value written as a range ("4000..6000/s", "2KB..8KB", "30us +-10%"): the parser puts
 * `value` (the middle, or the figure before +-) in the field and keeps the range under config.ranges.
 */
export interface InputRange {
  low: number;
  value: number;
  high: number;
  /** As written in the config. */
  written: string;
}

/**
 * A parsed config. `ranges` is set by the parser (never written by the user): the config paths
 * written as ranges, channels by name (`channels.TO.HUB.rate`); each field holds its range's value.
 */
export type Config = SchemaConfig & { ranges?: Record<string, InputRange> };
