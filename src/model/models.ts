// The shipped models (precompiled to JSON at build time; read from models/ when run from source; embedded
// in the live page). A user's own --models folder is laid over them by loadModels (load-models.ts).
import shipped from "mqzcap:models";
import { Registry } from "./registry.js";
import type { ModelData } from "./types.js";

let cached: Registry | undefined;

export function shippedRegistry(): Registry {
  cached ??= new Registry(shipped as ModelData);
  return cached;
}
