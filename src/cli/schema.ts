// The JSON Schemas, generated at build time into schema/ (JSON.stringify(schema, null, 2) and a newline);
// the CLI prints the shipped file as it is. Read when asked for, not bundled: as object literals they
// were 72 KB of the CLI bundle, compiled and built at every start.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

export function schemaText(model: boolean): string {
  const name = model ? "model.schema.json" : "config.schema.json";
  // <package>/schema, from dist/cli-main.cjs or, run from source, from src/cli/schema.ts.
  for (const up of ["../schema/", "../../schema/"]) {
    try {
      return readFileSync(fileURLToPath(new URL(up + name, import.meta.url)), "utf8");
    } catch {
      // not this layout
    }
  }
  throw new Error(`schema/${name} is missing from the package`);
}
