// The JSON Schemas, generated at build time into schema/; the CLI prints the shipped copy.
import configSchema from "../../schema/config.schema.json" with { type: "json" };
import modelSchema from "../../schema/model.schema.json" with { type: "json" };

export function schemaText(model: boolean): string {
  return JSON.stringify(model ? modelSchema : configSchema, null, 2) + "\n";
}
