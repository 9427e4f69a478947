// Reading a zod schema's structure from its definition (schema._zod.def), for the walks that need it:
// the keys allowed at a path (diagnostics) and the shape of a config (canonical copy).
import type * as z from "zod";

export type AnySchema = z.core.$ZodType;

export interface ZodDef {
  type: string;
  innerType?: AnySchema;
  shape?: Record<string, AnySchema>;
  element?: AnySchema;
  options?: AnySchema[];
  valueType?: AnySchema;
  in?: AnySchema;
  out?: AnySchema;
}

export const defOf = (s: AnySchema): ZodDef => s._zod.def as unknown as ZodDef;

const WRAPPERS = new Set(["optional", "nullable", "default", "prefault", "readonly", "catch"]);

/** The schema inside one that only wraps it (optional, default, ..., or a lazy one: built then), or undefined. */
export function unwrapped(def: ZodDef): AnySchema | undefined {
  if (def.type === "lazy") return (def as ZodDef & { getter: () => AnySchema }).getter();
  return WRAPPERS.has(def.type) ? def.innerType : undefined;
}
