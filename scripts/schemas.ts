// Generates the JSON Schemas (draft-07, which the YAML language server supports) from the zod schemas.
import { z } from "zod";
import { configSchemas } from "../src/config/schema.js";
import { modelSchemas } from "../src/model/schema.js";

const { Config } = configSchemas();

export function configJsonSchema(version: string): Record<string, unknown> {
  const schema = z.toJSONSchema(Config, { target: "draft-07", io: "input", unrepresentable: "any" }) as Record<
    string,
    unknown
  >;
  return {
    $schema: "http://json-schema.org/draft-07/schema#",
    $id: `https://unpkg.com/mqzcap@${version}/schema/config.schema.json`,
    title: "mqzcap config",
    ...Object.fromEntries(Object.entries(schema).filter(([k]) => k !== "$schema")),
  };
}

export function modelJsonSchema(version: string): Record<string, unknown> {
  const schema = z.toJSONSchema(modelSchemas().ModelFile, {
    target: "draft-07",
    io: "input",
    unrepresentable: "any",
  }) as Record<string, unknown>;
  return {
    $schema: "http://json-schema.org/draft-07/schema#",
    $id: `https://unpkg.com/mqzcap@${version}/schema/model.schema.json`,
    title: "mqzcap model file",
    ...Object.fromEntries(Object.entries(schema).filter(([k]) => k !== "$schema")),
  };
}
