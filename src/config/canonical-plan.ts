// What a config of one shape holds (see canonical.generated.ts): read from the config schema, for the
// generator in scripts/gen-canonical.ts.
import type * as z from "zod";

/** How to copy a value: an object's keys in order, an array's element, or as it is (null). */
export type Plan = { keys: readonly (readonly [string, Plan])[] } | { element: Plan } | null;

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  element?: z.ZodType;
  out?: z.ZodType;
}
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

export function planOf(schema: z.ZodType): Plan {
  const def = defOf(schema);
  switch (def.type) {
    case "optional":
    case "default":
    case "prefault":
    case "nullable":
    case "readonly":
      return planOf(def.innerType!);
    case "pipe":
      // Units ("32KB" to bytes): what the engine sees is the output side.
      return planOf(def.out!);
    case "object":
      return { keys: Object.entries(def.shape!).map(([k, s]) => [k, planOf(s)] as const) };
    case "array": {
      const element = planOf(def.element!);
      return element ? { element } : null;
    }
    default:
      // Numbers, strings, enums, unions and records are used as they are.
      return null;
  }
}
