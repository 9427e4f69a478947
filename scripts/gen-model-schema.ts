import { writeFileSync } from "node:fs";
import { z } from "zod";
import { modelSchemas } from "../src/model/schema.js";
const schema = z.toJSONSchema(modelSchemas().ModelFile, { target: "draft-07", io: "input", unrepresentable: "any" });
writeFileSync("schema/model.schema.json", JSON.stringify(schema, null, 2) + "\n");
