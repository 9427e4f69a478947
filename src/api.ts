// The library API: estimate, diff, loadModels, and the config schema.
import type { Config, ConfigInput } from "./config/types.js";
import { parseConfigText, type LoadedConfig } from "./config/load.js";
import { loadConfigFile } from "./config/read-file.js";
import { estimateWith, type Estimate } from "./engine/engine.js";
import { shippedRegistry } from "./model/models.js";
import { loadModels } from "./model/load-models.js";
import { Registry } from "./model/registry.js";
import { argError, isPlainObject } from "./util/args.js";
import { InputError } from "./util/diagnostic.js";
import { capacityOf, type CapacityOptions, type CapacityResult } from "./engine/capacity.js";
import { stringify } from "yaml";
import { measuredSteps, parseVary, sweep as sweepCore, type SweepResult, type Vary } from "./engine/sweep.js";
import { sensitivityOf, type SensitivityResult } from "./engine/sensitivity.js";

export interface EstimateOptions {
  /** A folder of the user's own model files, or a registry from loadModels(). */
  models?: string | Registry;
}

export interface SensitivityOptions extends EstimateOptions {
  /** Called as inputs and figures are moved, with how many of how many are done (progress). */
  onProgress?: (done: number, total: number) => void;
}

function registryOf(models: EstimateOptions["models"], fn: string): Registry {
  if (models === undefined) return shippedRegistry();
  if (typeof models === "string" && models !== "") return loadModels(models);
  if (models instanceof Registry) return models;
  throw argError(fn, "options.models", "a folder path or a Registry from loadModels()", models);
}

/** Values in a config object at most (a config of 1,000 channels has some tens of thousands). */
const MAX_CONFIG_VALUES = 200_000;
/** Nesting at most, as a config file's (config/load.ts MAX_DEPTH). */
const MAX_OBJECT_DEPTH = 32;

/**
 * A config object parsed as its YAML would be, after checks that walk it once, without recursion:
 * nesting (100,000 levels threw RangeError), size (200,000 channels took 26 s before the schema's
 * limit said no), and values YAML cannot hold (a function, a symbol, a class instance).
 */
function configFromObject(input: Record<string, unknown>, fn: string): LoadedConfig {
  const stack: { v: unknown; depth: number; path: string }[] = [{ v: input, depth: 0, path: "" }];
  let count = 0;
  const bad = (path: string, message: string): never => {
    throw new InputError([
      { file: `${fn}()`, message: `the config${path ? ` at ${path}` : ""}: ${message}`, severity: "error" },
    ]);
  };
  while (stack.length > 0) {
    const { v, depth, path } = stack.pop()!;
    if (++count > MAX_CONFIG_VALUES)
      bad("", `holds more than ${MAX_CONFIG_VALUES.toLocaleString("en-US")} values; no config needs that`);
    if (v === null || v === undefined || typeof v === "string" || typeof v === "number" || typeof v === "boolean")
      continue;
    if (typeof v !== "object") bad(path, `a ${typeof v} is not a value a config can hold`);
    if (depth >= MAX_OBJECT_DEPTH) bad(path, `nests deeper than ${MAX_OBJECT_DEPTH} levels; no config needs that`);
    if (Array.isArray(v)) {
      for (let k = 0; k < v.length; k++) stack.push({ v: v[k], depth: depth + 1, path: `${path}[${k}]` });
      continue;
    }
    if (!isPlainObject(v))
      bad(path, "an object that is not plain data (a Date, a class instance) is not a value a config can hold");
    for (const key of Object.keys(v))
      stack.push({ v: (v as Record<string, unknown>)[key], depth: depth + 1, path: path ? `${path}.${key}` : key });
  }
  return parseConfigText(stringify(input), "<config>");
}

function checkOptions(options: unknown, fn: string): EstimateOptions {
  if (options === undefined) return {};
  if (!isPlainObject(options)) throw argError(fn, "options", "an object such as { models: 'my-models/' }", options);
  return options as EstimateOptions;
}

/**
 * An option the function does not take is refused, naming the ones it does: a misspelt or imagined
 * option ({ percent: 5 } to sensitivity) was ignored, and the answer silently not the one asked for.
 */
function checkOptionKeys(fn: string, options: Record<string, unknown>, known: readonly string[], hint?: string): void {
  for (const key of Object.keys(options)) {
    if (known.includes(key) || options[key] === undefined) continue;
    throw new InputError([
      {
        file: `${fn}()`,
        message: `options.${key} is not an option of ${fn}()`,
        severity: "error",
        suggestion: `${fn}() takes ${known.join(", ")}${hint ? `; ${hint}` : ""}`,
      },
    ]);
  }
}

function checkProgress(fn: string, onProgress: unknown): ((done: number, total: number) => void) | undefined {
  if (onProgress === undefined || typeof onProgress === "function")
    return onProgress as ((done: number, total: number) => void) | undefined;
  throw argError(fn, "options.onProgress", "a function (done, total) => void", onProgress);
}

/** Points on capacity's curve at most: each is an estimate of the whole config (a chart shows some tens). */
const MAX_CURVE_POINTS = 200;

/** capacity()'s options beyond the budgets (capacity.ts checks those, by BUDGET_RULES, as the CLI does). */
function checkCapacityOptions(options: EstimateOptions & CapacityOptions): CapacityOptions {
  const o = options as Record<string, unknown>;
  checkOptionKeys("capacity", o, ["models", "budgets", "for", "curvePoints", "onProgress"]);
  const paths = o.for;
  if (paths !== undefined && (!Array.isArray(paths) || paths.some((p) => typeof p !== "string")))
    throw argError("capacity", "options.for", 'an array of config paths such as ["workload.rate"]', paths);
  const points = o.curvePoints;
  if (
    points !== undefined &&
    (typeof points !== "number" || !Number.isInteger(points) || points < 0 || points > MAX_CURVE_POINTS)
  )
    throw argError("capacity", "options.curvePoints", `a whole number from 0 to ${MAX_CURVE_POINTS}`, points);
  return { ...options, onProgress: checkProgress("capacity", o.onProgress) };
}

/**
 * Estimates a config: a path to a YAML or JSON file, or a config object (as it would be written in
 * YAML, units and all). Throws InputError with file:line:col diagnostics for a bad config.
 */
export function estimate(input: string | ConfigInput, options?: EstimateOptions): Estimate {
  const opts = checkOptions(options, "estimate");
  checkOptionKeys("estimate", opts as Record<string, unknown>, ["models"]);
  const registry = registryOf(opts.models, "estimate");
  if (typeof input === "string" && input !== "") return estimateWith(loadConfigFile(input).config, registry);
  if (!isPlainObject(input)) throw argError("estimate", "the config", "a file path or a config object", input);
  // Objects go through the same text path so that semantic checks and positions work alike.
  const loaded = configFromObject(input, "estimate");
  return estimateWith(loaded.config, registry);
}

/**
 * How far a config can go: the largest workload.rate, channel count or client conversations at which
 * its estimate exceeds no limit, which limit binds first and the next. Budgets override the config's
 * (hardware.targetBusy, storage.chin...). Throws InputError for a bad config, as estimate does.
 */
export function capacity(input: string | ConfigInput, options: EstimateOptions & CapacityOptions = {}): CapacityResult {
  const registry = registryOf(checkOptions(options, "capacity").models, "capacity");
  const opts = checkCapacityOptions(options);
  if (typeof input === "string" && input !== "") return capacityOf(loadConfigFile(input).config, registry, opts);
  if (!isPlainObject(input)) throw argError("capacity", "the config", "a file path or a config object", input);
  return capacityOf(configFromObject(input, "capacity").config, registry, opts);
}

/** Validates a config object without estimating it; returns the normalised config. */
export function validateConfig(input: ConfigInput): Config {
  if (!isPlainObject(input)) throw argError("validateConfig", "the config", "a config object", input);
  return configFromObject(input, "validateConfig").config;
}

export interface SweepOptions extends EstimateOptions {
  /** Outputs to tabulate: cost.total, cost.qmgr, ..., cpu, limit, storage, or line item ids. */
  metrics?: string[];
}

/**
 * Varies one input (or two, for a grid) of a config and collects chosen outputs of each estimate: what
 * `mqzcap sweep` prints. Each vary is written as on the command line ("workload.messageSize=1KB..4MB",
 * "workload.rate=1000/s,2000/s"; a range of sizes steps through the sizes the data has) or given as
 * { path, values }.
 */
export function sweep(
  input: string | ConfigInput,
  vary: readonly (string | Vary)[],
  options?: SweepOptions,
): SweepResult {
  const opts = checkOptions(options, "sweep") as SweepOptions;
  checkOptionKeys("sweep", opts as Record<string, unknown>, ["models", "metrics"]);
  const registry = registryOf(opts.models, "sweep");
  let base: unknown;
  if (typeof input === "string" && input !== "") base = loadConfigFile(input).source.value;
  else if (isPlainObject(input)) base = configFromObject(input, "sweep").source.value;
  else throw argError("sweep", "the config", "a file path or a config object", input);
  if (!Array.isArray(vary)) throw argError("sweep", "vary", 'a list such as ["workload.rate=1000/s,2000/s"]', vary);
  const varies = vary.map((v: unknown, k) => {
    if (typeof v === "string") return parseVary(v, (_p, low, high) => measuredSteps(registry, low, high));
    const ok = isPlainObject(v) && typeof v.path === "string" && Array.isArray(v.values) && v.values.length > 0;
    if (!ok)
      throw argError("sweep", `vary[${k}]`, 'a string such as "workload.rate=1000/s,2000/s" or { path, values }', v);
    return v as unknown as Vary;
  });
  return sweepCore(base as Record<string, unknown>, varies, registry, opts.metrics);
}

export { InputError };

/**
 * Which inputs and source figures move the answer most: each number the config sets moved across its
 * range (the range written in the config, else the reports' run-to-run tolerance), each choice across
 * its options, each source figure the estimate used across its low..high; the swing of the total cost,
 * the CPU at the rate and the binding limit, rows sorted by swing. What `mqzcap sensitivity` prints.
 */
export function sensitivity(input: string | ConfigInput, options?: SensitivityOptions): SensitivityResult {
  const opts = checkOptions(options, "sensitivity") as Record<string, unknown>;
  // The command line takes --models alone; how far each input moves is the config's to say.
  checkOptionKeys(
    "sensitivity",
    opts,
    ["models", "onProgress"],
    "how far an input moves is its range written in the config (rate: 900..1100/s), else the reports' run-to-run tolerance",
  );
  const onProgress = checkProgress("sensitivity", opts.onProgress);
  const registry = registryOf(opts.models as EstimateOptions["models"], "sensitivity");
  let loaded;
  if (typeof input === "string" && input !== "") loaded = loadConfigFile(input);
  else if (isPlainObject(input)) loaded = configFromObject(input, "sensitivity");
  else throw argError("sensitivity", "the config", "a file path or a config object", input);
  return sensitivityOf(loaded.source.value as Record<string, unknown>, loaded.config, registry, onProgress);
}
