// What a config of one shape holds (see canonical.generated.ts): read from the config schema, for the
// generator in scripts/gen-canonical.ts.
import { defOf, unwrapped, type AnySchema } from "../util/zod-defs.js";

/** How to copy a value: an object's keys in order, an array's element, or as it is (null). */
export type Plan = { keys: readonly (readonly [string, Plan])[] } | { element: Plan } | null;

export function planOf(schema: AnySchema): Plan {
  const def = defOf(schema);
  const inner = unwrapped(def);
  if (inner) return planOf(inner);
  switch (def.type) {
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
