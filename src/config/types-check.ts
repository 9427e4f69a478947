// Fails `npm run typecheck` when types.generated.ts no longer spells out the schema's types: after a
// change to schema.ts, `npm run config-types` (or `npm run build`) rewrites it
// (scripts/gen-config-types.ts). Types only.
import type * as z from "zod";
import type { ConfigSchemas } from "./schema.js";
import type { ChannelConfig, Config, ConfigInput } from "./types.generated.js";

/** True only when A and B are the same type (not merely assignable one way). */
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

export const generatedTypesMatchTheSchema: [
  Same<Config, z.output<ConfigSchemas["Config"]>>,
  Same<ConfigInput, z.input<ConfigSchemas["Config"]>>,
  Same<ChannelConfig, z.output<ConfigSchemas["Channel"]>>,
] = [true, true, true];
