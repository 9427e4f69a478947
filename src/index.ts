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
export { shippedRegistry } from "./model/models.js";
export { loadModels } from "./model/load-models.js";
export { Registry, type Citation, type Confidence, type LookupResult } from "./model/registry.js";
export type { ConfigInput, Config, ChannelConfig } from "./config/types.js";
import { configSchemas } from "./config/schema.js";
import type { Config } from "./config/types.js";
/** One problem zod found in a config (configSchema.safeParse): where, and what. */
export interface ConfigIssue {
  code: string;
  path: PropertyKey[];
  message: string;
}
/**
 * The config schema (zod, bundled into mqzcap): parse() gives the config as understood or throws;
 * safeParse() gives the issues instead. estimate() and validateConfig() check more (positions in the
 * file, releases, duplicate channel names); the JSON Schema for editors is configSchemaPath.
 */
export interface ConfigSchema {
  parse(input: unknown): Config;
  safeParse(input: unknown): { success: true; data: Config } | { success: false; error: { issues: ConfigIssue[] } };
}
// Built when first used (schema.ts configSchemas): importing the library builds no zod schema.
export const configSchema: ConfigSchema = {
  parse: (input) => configSchemas().Config.parse(input),
  safeParse: (input) => configSchemas().Config.safeParse(input),
};
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
// The reports the CLI prints, and sweeps. Charts: estimateChart() and its kin give a ChartSpec;
// renderChart() draws one to PNG or SVG, loading chart.js and the optional @napi-rs/canvas then.
import * as tables from "./report/table.js";
import * as markdown from "./report/markdown.js";
import * as csv from "./report/csv.js";
import * as html from "./report/html.js";
import * as capacityReports from "./report/capacity.js";
import { argError } from "./util/args.js";

/**
 * A renderer that refuses what is not a result (null, a number, a string) with InputError, as the
 * README promises, instead of a TypeError from deep inside it.
 */
function checked<F extends (...a: never[]) => unknown>(name: string, f: F): F {
  const g = (first: unknown, ...rest: unknown[]): unknown => {
    if (first === null || typeof first !== "object")
      throw argError(name, "the first argument", "a result from the library (estimate(), diff(), ...)", first);
    return (f as unknown as (...a: unknown[]) => unknown)(first, ...rest);
  };
  return g as unknown as F;
}
export type { TableOptions } from "./report/table.js";
export type { HtmlOptions } from "./report/html.js";
export const renderTable = checked("renderTable", tables.renderTable);
export const renderDiffTable = checked("renderDiffTable", tables.renderDiffTable);
export const renderCompareTable = checked("renderCompareTable", tables.renderCompareTable);
export const renderSweepTable = checked("renderSweepTable", tables.renderSweepTable);
export const renderMarkdown = checked("renderMarkdown", markdown.renderMarkdown);
export const renderDiffMarkdown = checked("renderDiffMarkdown", markdown.renderDiffMarkdown);
export const renderCompareMarkdown = checked("renderCompareMarkdown", markdown.renderCompareMarkdown);
export const renderCsv = checked("renderCsv", csv.renderCsv);
export const renderDiffCsv = checked("renderDiffCsv", csv.renderDiffCsv);
export const renderCompareCsv = checked("renderCompareCsv", csv.renderCompareCsv);
export const renderSweepCsv = checked("renderSweepCsv", csv.renderSweepCsv);
export const renderHtml = checked("renderHtml", html.renderHtml);
export const renderDiffHtml = checked("renderDiffHtml", html.renderDiffHtml);
export const renderCompareHtml = checked("renderCompareHtml", html.renderCompareHtml);
export const renderCapacityHtml = checked("renderCapacityHtml", html.renderCapacityHtml);
export const renderCapacityTable = checked("renderCapacityTable", capacityReports.renderCapacityTable);
export const renderCapacityMarkdown = checked("renderCapacityMarkdown", capacityReports.renderCapacityMarkdown);
export const renderCapacityCsv = checked("renderCapacityCsv", capacityReports.renderCapacityCsv);
export { toJson } from "./report/json.js";
export {
  estimateChart,
  diffChart,
  compareChart,
  sweepChart,
  chartJsConfig,
  type ChartSpec,
  type ChartKind,
  type ChartDataset,
  type ChartJsConfig,
} from "./report/chart-spec.js";
export { renderChart, type RenderOptions } from "./report/draw.js";
export { sweep, type SweepOptions } from "./api.js";
export type { SweepResult, SweepPoint, Vary } from "./engine/sweep.js";
export { sweepResultChart } from "./report/sweep-chart.js";
export { renderSweepHtml } from "./report/sweep-html.js";
export { sensitivity, type SensitivityOptions } from "./api.js";
export type { SensitivityResult, SensitivityRow, SensitivityOutput, Swing } from "./engine/sensitivity.js";
export {
  renderSensitivityTable,
  renderSensitivityMarkdown,
  renderSensitivityCsv,
  tornadoChart,
  measureFirst,
} from "./report/sensitivity.js";
export { renderSensitivityHtml } from "./report/sensitivity-html.js";
