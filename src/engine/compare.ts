// Options side by side: chosen outputs of several configs' estimates (option A, B and C), as a sweep
// tabulates the points of one config varied and a diff details two.
import { diff } from "./diff.js";
import { argError, isEstimate, isPlainObject } from "../util/args.js";
import type { Estimate } from "./engine.js";
import { checkMetrics, checkPresent, DEFAULT_METRICS, metricRangeOf, noiseOf, unitOf } from "./metrics.js";
import { addedMetrics } from "./baseline-delta.js";

export interface CompareResult {
  format: "mqzcap/compare@1";
  /** Each scenario: its config's name (or file), and the file. */
  scenarios: { name: string; file: string }[];
  metrics: string[];
  /** Each metric's unit, as the estimates give it. */
  units: Record<string, string | null>;
  /** Each metric's value in each scenario, in scenario order (null where that estimate lacks it). */
  values: Record<string, (number | null)[]>;
  /** Each value's low and high (docs/ranges.md), in scenario order. */
  ranges: Record<string, ({ low: number; high: number } | null)[]>;
  /**
   * Each scenario against the first: beyond, the difference is larger than the uncertainty of both
   * (their ranges do not overlap); within, it is within the noise; null for the first scenario, a
   * missing value, or no difference at all.
   */
  noise: Record<string, ("beyond" | "within" | null)[]>;
  /** Each scenario's throughput ceiling, named; null where it has none. */
  bottlenecks: (string | null)[];
  /** How many gaps and warnings each scenario's estimate has. */
  gaps: number[];
  warnings: number[];
  /** What a reader must know to compare the columns. */
  notes: string[];
}

/**
 * Chosen outputs of several estimates side by side. `where` names the metrics in messages ("metrics"
 * for the library; the CLI passes "--metric").
 */
export function compare(
  scenarios: { file: string; estimate: Estimate }[],
  asked?: readonly string[],
  where = "metrics",
): CompareResult {
  if (!Array.isArray(scenarios) || scenarios.length === 0)
    throw argError("compare", "scenarios", "a list of { file, estimate } (two or more)", scenarios);
  scenarios.forEach((s, k) => {
    if (!isPlainObject(s) || typeof s.file !== "string" || !isEstimate(s.estimate))
      throw argError("compare", `scenarios[${k}]`, "{ file: a name, estimate: an estimate from estimate() }", s);
  });
  if (asked !== undefined && (!Array.isArray(asked) || asked.some((m) => typeof m !== "string")))
    throw argError("compare", "metrics", "a list of output names", asked);
  // By default, with a baseline's configuration given, each concern's effect against it too (added.CONCERN).
  const added = [...new Set(scenarios.flatMap((s) => addedMetrics(s.estimate.againstBaseline)))];
  const metrics = asked ?? [...DEFAULT_METRICS, ...added];
  checkMetrics(metrics, new Set(scenarios.flatMap((s) => s.estimate.items.map((i) => i.id))), where);
  const values: Record<string, (number | null)[]> = {};
  const ranges: CompareResult["ranges"] = {};
  const noise: CompareResult["noise"] = {};
  const units: Record<string, string | null> = {};
  for (const m of metrics) {
    const ranged = scenarios.map((s) => metricRangeOf(s.estimate, m));
    const row = ranged.map((r) => (r ? r.value : null));
    // A metric no scenario has (a CF cost with no shared queues) is left out, as in a sweep.
    if (row.every((v) => v === null)) continue;
    values[m] = row;
    ranges[m] = ranged.map((r) => (r ? { low: r.low, high: r.high } : null));
    const first = ranged[0] ?? null;
    noise[m] = ranged.map((r, k) => (k === 0 || !r || !first || r.value === first.value ? null : noiseOf(first, r)));
    const has = scenarios.find((s, k) => row[k] !== null)!;
    units[m] = unitOf(has.estimate, m);
  }
  if (asked) checkPresent(asked, Object.keys(values), where);
  const gaps = scenarios.map((s) => s.estimate.gaps.length + s.estimate.needsBaseline.length);
  const named = names(scenarios);
  const notes: string[] = [];
  // Against the first scenario, as a diff would see it: CPU lines one side lacks because the sources
  // give no figure for it there (now-gap, was-gap) make that side's totals too low.
  for (let k = 1; k < scenarios.length; k++) {
    const d = diff(scenarios[0]!.estimate, scenarios[k]!.estimate);
    const [first, other] = [named[0]!.name, named[k]!.name];
    if (d.incomplete.proposed.length)
      notes.push(
        `${other} leaves out ${d.incomplete.proposed.length} CPU line(s) that ${first} has, for want of a source figure: ${d.incomplete.proposed.join("; ")}`,
      );
    if (d.incomplete.base.length)
      notes.push(
        `${first} leaves out ${d.incomplete.base.length} CPU line(s) that ${other} has, for want of a source figure: ${d.incomplete.base.join("; ")}`,
      );
  }
  if (new Set(gaps).size > 1)
    notes.push(
      `the scenarios have ${gaps.join(", ")} gaps: a total leaves out what its gaps name, so a scenario with more gaps may look cheaper than it is`,
    );
  return {
    format: "mqzcap/compare@1",
    scenarios: named,
    metrics: Object.keys(values),
    units,
    values,
    ranges,
    noise,
    bottlenecks: scenarios.map((s) => s.estimate.bottleneck?.label ?? null),
    gaps,
    warnings: scenarios.map((s) => s.estimate.warnings.length),
    notes,
  };
}

export interface CompareRow {
  output: string;
  unit: string;
  /** One per scenario: a number, a count, a bottleneck's name, or null where there is none. */
  cells: (number | string | null)[];
  /** For an output: each cell's range, and its verdict against the first scenario's. */
  ranges?: ({ low: number; high: number } | null)[];
  noise?: ("beyond" | "within" | null)[];
}

/** The rows each report of a comparison shows: every output, then gaps, warnings and bottleneck. */
export function compareRows(r: CompareResult): CompareRow[] {
  return [
    ...r.metrics.map((m) => ({
      output: m,
      unit: r.units[m] ?? "",
      cells: r.values[m]!,
      ranges: r.ranges[m],
      noise: r.noise[m],
    })),
    { output: "gaps", unit: "", cells: r.gaps },
    { output: "warnings", unit: "", cells: r.warnings },
    { output: "bottleneck", unit: "", cells: r.bottlenecks },
  ];
}

/** A scenario is named by its config's name; by its file where there is none, or two share one. */
function names(scenarios: { file: string; estimate: Estimate }[]): CompareResult["scenarios"] {
  const given = scenarios.map((s) => s.estimate.name);
  return scenarios.map((s, k) => {
    const name = given[k] ?? null;
    const unique = name !== null && given.filter((g) => g === name).length === 1;
    return { name: unique && name !== null ? name : s.file, file: s.file };
  });
}
