// The shipped models (precompiled to JSON at build time; read from models/ when run from source)
// and a user's own --models folder laid over them.
import shipped from "mqzcap:models";
import { loadModelDir } from "./loader.js";
import { Registry } from "./registry.js";
import { argError } from "../util/args.js";
import type { ModelData } from "./types.js";

let cached: Registry | undefined;

export function shippedRegistry(): Registry {
  cached ??= new Registry(shipped as ModelData);
  return cached;
}

/** The shipped models, with a user's folder of model files (validated the same way) laid over them. */
export function loadModels(userDir?: string): Registry {
  const base = shippedRegistry();
  if (userDir === undefined) return base;
  if (typeof userDir !== "string" || userDir === "")
    throw argError("loadModels", "the folder", "a path to a folder of model files, or nothing", userDir);
  const shipped = (id: string) => (base.has(id) ? base.get(id) : undefined);
  return base.withOverrides(loadModelDir(userDir, { userSupplied: true, base: shipped }));
}
