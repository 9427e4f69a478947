// mqzcap as a library. See README "Library API".
export { estimate, capacity, validateConfig, InputError, type EstimateOptions } from "./api.js";
export type {
  Budgets,
  Binding,
  CapacityAnswer,
  CapacityCurve,
  CapacityOptions,
  CapacityResult,
  CapacityTarget,
} from "./engine/capacity.js";
export { diff, type Diff, type DiffLine } from "./engine/diff.js";
export { compare, type CompareResult } from "./engine/compare.js";
export { loadModels, shippedRegistry } from "./model/models.js";
export { Registry, type Citation, type Confidence, type LookupResult } from "./model/registry.js";
export { Config as configSchema, type ConfigInput, type Config } from "./config/schema.js";
export type { Estimate, AddressSpaceCost, Range, Headroom, CpuSummary, Bottleneck } from "./engine/engine.js";
export type { LineItem, Rule, Concern } from "./engine/types.js";
export { formatDiagnostic, type Diagnostic } from "./util/diagnostic.js";
import { coverage as modelCoverage, type Coverage } from "./model/coverage.js";
import type { ModelData } from "./model/types.js";
import { RULES } from "./rules/index.js";
import type { Rule } from "./engine/types.js";
export type { Coverage, EntryUse, FileUse } from "./model/coverage.js";
export { RULES };
/**
 * How the model data covers the sources' inventories, and which rule reads each table, figure and
 * formula (or the `use: context` reason none does): what `mqzcap models coverage` prints.
 */
export function coverage(data: ModelData, rules: readonly Pick<Rule, "id" | "uses">[] = RULES): Coverage {
  return modelCoverage(data, rules);
}
import { fileURLToPath } from "node:url";
/** Absolute path of the config JSON Schema shipped with the package. */
export const configSchemaPath: string = fileURLToPath(new URL("../schema/config.schema.json", import.meta.url));
/** Absolute path of the model-file JSON Schema. */
export const modelSchemaPath: string = fileURLToPath(new URL("../schema/model.schema.json", import.meta.url));
// calibrate: a baseline from mq-smf-csv output (paths or named streams); the core takes rows.
export { calibrate, type CalibrateInput, type ByteStream } from "./smf/files.js";
export {
  calibrateSources,
  type Calibration,
  type CalibrateOptions,
  type RowSource,
  type SkippedFile,
} from "./smf/calibrate.js";
export type { Derived, Provenance, AsidCpu, ConnectionTypeFigures, ChannelFigures } from "./smf/derive.js";
export { renderYaml as calibrationYaml, mergeIntoPlan } from "./smf/fragment.js";
