// The file-reading edge of the models: a user's folder of model files, validated as the shipped ones are
// and laid over them.
import { loadModelDir } from "./loader.js";
import type { Registry } from "./registry.js";
import { shippedRegistry } from "./models.js";
import { argError } from "../util/args.js";

/** The shipped models, with a user's folder of model files (validated the same way) laid over them. */
export function loadModels(userDir?: string): Registry {
  const base = shippedRegistry();
  if (userDir === undefined) return base;
  if (typeof userDir !== "string" || userDir === "")
    throw argError("loadModels", "the folder", "a path to a folder of model files, or nothing", userDir);
  const shipped = (id: string) => (base.has(id) ? base.get(id) : undefined);
  return base.withOverrides(loadModelDir(userDir, { userSupplied: true, base: shipped }));
}
