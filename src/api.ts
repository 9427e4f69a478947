// The library API: estimate, diff, loadModels, and the config schema.
import { Config, type ConfigInput } from "./config/schema.js";
import { loadConfigFile, parseConfigText } from "./config/load.js";
import { estimateWith, type Estimate } from "./engine/engine.js";
import { loadModels, shippedRegistry } from "./model/models.js";
import { Registry } from "./model/registry.js";
import { argError, isPlainObject } from "./util/args.js";
import { InputError } from "./util/diagnostic.js";
import { capacityOf, type CapacityOptions, type CapacityResult } from "./engine/capacity.js";
import { stringify } from "yaml";

export interface EstimateOptions {
  /** A folder of the user's own model files, or a registry from loadModels(). */
  models?: string | Registry;
}

function registryOf(models: EstimateOptions["models"], fn: string): Registry {
  if (models === undefined) return shippedRegistry();
  if (typeof models === "string" && models !== "") return loadModels(models);
  if (models instanceof Registry) return models;
  throw argError(fn, "options.models", "a folder path or a Registry from loadModels()", models);
}

function checkOptions(options: unknown, fn: string): EstimateOptions {
  if (options === undefined) return {};
  if (!isPlainObject(options)) throw argError(fn, "options", "an object such as { models: 'my-models/' }", options);
  return options as EstimateOptions;
}

/**
 * Estimates a config: a path to a YAML or JSON file, or a config object (as it would be written in
 * YAML, units and all). Throws InputError with file:line:col diagnostics for a bad config.
 */
export function estimate(input: string | ConfigInput, options?: EstimateOptions): Estimate {
  const registry = registryOf(checkOptions(options, "estimate").models, "estimate");
  if (typeof input === "string" && input !== "") return estimateWith(loadConfigFile(input).config, registry);
  if (!isPlainObject(input)) throw argError("estimate", "the config", "a file path or a config object", input);
  // Objects go through the same text path so that semantic checks and positions work alike.
  const loaded = parseConfigText(stringify(input), "<config>");
  return estimateWith(loaded.config, registry);
}

/**
 * How far a config can go: the largest workload.rate, channel count or client conversations at which
 * its estimate exceeds no limit, which limit binds first and the next. Budgets override the config's
 * (hardware.targetBusy, storage.chin...). Throws InputError for a bad config, as estimate does.
 */
export function capacity(input: string | ConfigInput, options: EstimateOptions & CapacityOptions = {}): CapacityResult {
  const registry = registryOf(checkOptions(options, "capacity").models, "capacity");
  if (typeof input === "string" && input !== "") return capacityOf(loadConfigFile(input).config, registry, options);
  if (!isPlainObject(input)) throw argError("capacity", "the config", "a file path or a config object", input);
  return capacityOf(parseConfigText(stringify(input), "<config>").config, registry, options);
}

/** Validates a config object without estimating it; returns the normalised config. */
export function validateConfig(input: ConfigInput): Config {
  if (!isPlainObject(input)) throw argError("validateConfig", "the config", "a config object", input);
  return parseConfigText(stringify(input), "<config>").config;
}

export { InputError };
