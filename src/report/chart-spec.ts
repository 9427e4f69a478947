// Declarative chart descriptions and their Chart.js configuration, shared by the server-side
// renderer (chart.ts, which loads chart.js and the native canvas) and the HTML report (which ships
// the configuration to the browser's Chart.js). This module imports chart.js for types only, so the
// HTML, markdown and CSV reports can build charts without loading chart.js or @napi-rs/canvas. Its
// exported types do not name chart.js's, so the library's declarations need no chart.js package.
import type { ChartConfiguration } from "chart.js";
import type { CapacityResult } from "../engine/capacity.js";
import type { CompareResult } from "../engine/compare.js";
import type { Diff, DiffLine } from "../engine/diff.js";
import type { Estimate } from "../engine/engine.js";
import type { LineItem } from "../engine/types.js";
import { formatNumber } from "../util/number-format.js";

export type ChartKind = "stacked-bar" | "grouped-bar" | "line" | "tornado";

export interface ChartDataset {
  label: string;
  /** One value per label; null leaves a gap. */
  data: (number | null)[];
  /**
   * The axis the dataset is read against; y2 is drawn on the right with y2Label; a panel's id (the
   * spec's panels) draws it in that panel. Default y.
   */
  axis?: string;
  /** Points drawn as extrapolated (a hollow triangle), one flag per label; a line chart's. */
  extrapolated?: boolean[];
  /**
   * Each value's low and high (docs/ranges.md), as positions on the axis: drawn as error bars on a
   * bar chart (on a stacked one, at the top of the stack) and as a band on a line chart. null: none.
   */
  ranges?: ([number, number] | null)[];
  /** Bars from one value to another (a tornado's), one per label, in place of data. */
  floating?: ([number, number] | null)[];
}

export interface ChartSpec {
  kind: ChartKind;
  title: string;
  subtitle?: string;
  xLabel: string;
  /** The value axis title, units included, e.g. "CPU microseconds per transaction". */
  yLabel: string;
  /** The right-hand axis title, for datasets with axis "y2". */
  y2Label?: string;
  labels: string[];
  datasets: ChartDataset[];
  /** The drawing height the chart needs, in pixels (a tornado of many rows); default the renderer's. */
  height?: number;
  /**
   * Small multiples: panels stacked one above the other on one x axis, each its own value axis (one
   * unit each), in order from the top. Datasets name their panel by `axis`.
   */
  panels?: { id: string; title: string }[];
  /** Vertical marks across every panel at a label's index, with their text (where the binding limit changes). */
  marks?: { index: number; text: string }[];
  /** Notes a reader must see on the chart itself (drawn under the title). */
  notes?: string[];
}

/** Address space names as the terminal report spells them. */
export const AS_NAMES: Record<string, string> = {
  qmgr: "queue manager",
  chin: "channel initiator",
  app: "application",
  tcpip: "TCP/IP",
  cf: "coupling facility",
  xcf: "XCF",
};

// Okabe-Ito: distinguishable with the common colour-vision deficiencies and in greyscale print.
export const PALETTE = ["#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#999999", "#000000"];
/** More colours for panels of many lines (Tol's muted scheme, after Okabe-Ito's eight): none repeats in one panel. */
export const PANEL_PALETTE = [...PALETTE, "#882255", "#44AA99", "#999933", "#332288", "#AA4499", "#117733"];

const UNIT_NAMES: Record<string, string> = {
  us: "CPU microseconds per transaction",
  "CPU s/s": "CPU seconds per second",
  "txn/s": "transactions per second",
  "%": "percent",
};

/** An axis title for a unit: a known unit in words, otherwise the unit itself. */
export function describeUnit(unit: string): string {
  return UNIT_NAMES[unit] ?? unit;
}

const scenario = (name: string | null) => name ?? "unnamed config";

// ---------------------------------------------------------------------------------------------
// Builders

/**
 * Cost per transaction by address space: baseline and added stacked, so each bar's height is the
 * total. A config without per-transaction costs (the quickstart sizes channel initiator storage)
 * gets its limits and storage items instead, so every estimate has a chart worth looking at.
 */
export function estimateChart(e: Estimate): ChartSpec {
  const subtitle = `MQ ${e.basis.release} on ${e.basis.hardware}`;
  const costs = e.totals.costPerTransaction;
  if (costs.length === 0) return limitsAndStorageChart(e, subtitle);
  return {
    kind: "stacked-bar",
    title: `Cost per transaction: ${scenario(e.name)}`,
    subtitle,
    xLabel: "address space",
    yLabel: "CPU microseconds per transaction",
    labels: costs.map((c) => AS_NAMES[c.addressSpace] ?? c.addressSpace),
    datasets: [
      {
        // A baseline measured on another machine is drawn as scaled to this one: the legend says so.
        label: e.items.some((i) => i.id === "hardware.baseline-scaling")
          ? `baseline (supplied, scaled from ${e.config.baseline?.hardware} to ${e.config.hardware.generation})`
          : "baseline (supplied)",
        data: costs.map((c) => c.baseline?.value ?? null),
      },
      // The error bar at the top of each stack: the total's range (baseline and added together).
      {
        label: "added by this config",
        data: costs.map((c) => c.added.value),
        ranges: costs.map((c) => {
          const t = c.total ?? c.added;
          return [t.low, t.high];
        }),
      },
    ],
  };
}

/** Limits on the left axis and storage on the right: their scales differ by orders of magnitude. */
function limitsAndStorageChart(e: Estimate, subtitle: string): ChartSpec {
  const items = [...e.limits, ...e.storage];
  const limitUnits = unitsOf(e.limits);
  const storageUnits = unitsOf(e.storage);
  // Storage shares the left axis only when there are no limits to crowd it.
  const storageAxis: "y" | "y2" = e.limits.length ? "y2" : "y";
  const datasets: ChartDataset[] = [
    ...limitUnits.map((u) => byUnit(items, e.limits, u, `limit (${u})`, "y")),
    ...storageUnits.map((u) => byUnit(items, e.storage, u, `storage (${u})`, storageAxis)),
  ];
  const spec: ChartSpec = {
    kind: "grouped-bar",
    title: `Capacity: ${scenario(e.name)}`,
    subtitle,
    xLabel: items.length ? "line item" : "no limits or storage items for this config",
    yLabel: e.limits.length ? `limit (${limitUnits.join(", ")})` : `storage (${storageUnits.join(", ")})`,
    labels: items.map((i) => i.label),
    datasets,
  };
  if (storageAxis === "y2" && storageUnits.length) spec.y2Label = `storage (${storageUnits.join(", ")})`;
  return spec;
}

function unitsOf(items: LineItem[]): string[] {
  return [...new Set(items.map((i) => i.unit))];
}

/** One dataset per unit, with a value only at its own items, so the legend names the units. */
function byUnit(all: LineItem[], group: LineItem[], unit: string, label: string, axis: "y" | "y2"): ChartDataset {
  const mine = new Set(group.filter((i) => i.unit === unit));
  return {
    label,
    axis,
    data: all.map((i) => (mine.has(i) ? i.value : null)),
    ranges: all.map((i) => (mine.has(i) ? rangeOfItem(i) : null)),
  };
}

/** An item's range as a chart draws it; a line item of an estimate always has low and high. */
function rangeOfItem(i: LineItem): [number, number] {
  return [i.low ?? i.value, i.high ?? i.value];
}

/**
 * Before and after for the changed lines that share one unit (bars in different units on one axis
 * would mislead): CPU microseconds when any changed, otherwise the unit with the most changes.
 */
export function diffChart(d: Diff, before: Estimate, after: Estimate): ChartSpec {
  const unit = chartUnit(d.lines);
  const lines = d.lines.filter((l) => l.unit === unit);
  const left = d.lines.length - lines.length;
  const beforeName = scenario(before.name);
  const afterName = scenario(after.name);
  const same = beforeName === afterName;
  return {
    kind: "grouped-bar",
    title: same ? `Changes: ${beforeName}` : `Changes: ${beforeName} → ${afterName}`,
    subtitle: left ? `${left} changed line(s) in other units are in the table, not the chart` : undefined,
    xLabel: lines.length ? "changed line" : "no changed lines",
    yLabel: unit === null ? "value" : describeUnit(unit),
    // A bar missing because the sources give no figure on that side says so, not just an empty slot.
    labels: lines.map((l) =>
      l.status === "now-gap"
        ? `${l.label} (after: a gap)`
        : l.status === "was-gap"
          ? `${l.label} (before: a gap)`
          : l.label,
    ),
    datasets: [
      {
        label: same ? "before" : `before: ${beforeName}`,
        data: lines.map((l) => l.before),
        ranges: lines.map((l) => (l.before === null ? null : [l.beforeLow ?? l.before, l.beforeHigh ?? l.before])),
      },
      {
        label: same ? "after" : `after: ${afterName}`,
        data: lines.map((l) => l.after),
        ranges: lines.map((l) => (l.after === null ? null : [l.afterLow ?? l.after, l.afterHigh ?? l.after])),
      },
    ],
  };
}

/**
 * Scenarios side by side: cost per transaction by address space (total first), one bar per scenario,
 * and, on the right-hand axis, nothing else: outputs in other units stay in the table.
 */
export function compareChart(r: CompareResult): ChartSpec {
  const costs = r.metrics.filter((m) => m.startsWith("cost.") && r.units[m] === "us");
  const left = r.metrics.length - costs.length;
  return {
    kind: "grouped-bar",
    title: `Cost per transaction: ${r.scenarios.length} scenarios`,
    subtitle: left ? `${left} output(s) in other units are in the table, not the chart` : undefined,
    xLabel: costs.length ? "address space" : "no per-transaction costs",
    yLabel: describeUnit("us"),
    labels: costs.map((m) => (m === "cost.total" ? "all" : (AS_NAMES[m.slice(5)] ?? m.slice(5)))),
    datasets: r.scenarios.map((sc, k) => ({
      label: sc.name,
      data: costs.map((m) => r.values[m]![k] ?? null),
      ranges: costs.map((m) => {
        const x = r.ranges[m]?.[k];
        return x ? [x.low, x.high] : null;
      }),
    })),
  };
}

function chartUnit(lines: DiffLine[]): string | null {
  if (lines.some((l) => l.unit === "us")) return "us";
  const counts = new Map<string, number>();
  for (const l of lines) counts.set(l.unit, (counts.get(l.unit) ?? 0) + 1);
  let best: string | null = null;
  for (const [u, n] of counts) if (best === null || n > counts.get(best)!) best = u;
  return best;
}

/**
 * One line per value name, across the swept points; a point without a value leaves a gap. With
 * `ranges` (each value's low and high), each line has a band.
 */
export function sweepChart(
  points: { x: string; values: Record<string, number | null>; ranges?: Record<string, [number, number] | null> }[],
  opts: { title: string; xLabel: string; yLabel: string },
): ChartSpec {
  const names = [...new Set(points.flatMap((p) => Object.keys(p.values)))];
  const banded = points.some((p) => p.ranges !== undefined);
  return {
    kind: "line",
    title: opts.title,
    xLabel: opts.xLabel,
    yLabel: opts.yLabel,
    labels: points.map((p) => p.x),
    datasets: names.map((n) => ({
      label: n,
      data: points.map((p) => p.values[n] ?? null),
      ...(banded ? { ranges: points.map((p) => p.ranges?.[n] ?? null) } : {}),
    })),
  };
}

// ---------------------------------------------------------------------------------------------
// Chart.js configuration

type ChartJsConfiguration = ChartConfiguration<"bar" | "line", (number | null)[], string | string[]>;

/** A Chart.js configuration as plain JSON (Chart.js's own type is ChartConfiguration<"bar" | "line">). */
export interface ChartJsConfig {
  type: "bar" | "line";
  data: { labels: (string | string[])[]; datasets: Record<string, unknown>[] };
  options: Record<string, unknown>;
}

/**
 * The Chart.js configuration for a spec: plain JSON (no functions), so the HTML report can embed
 * it for the browser. Animation and responsiveness are off; the browser turns responsiveness on.
 */
export function chartJsConfig(spec: ChartSpec): ChartJsConfig {
  const stacked = spec.kind === "stacked-bar";
  const hasY2 = spec.datasets.some((d) => d.axis === "y2");
  const line = spec.kind === "line";
  // A tornado: horizontal bars from the base to each end, both ends of a row on one bar's place.
  const tornado = spec.kind === "tornado";
  // Written against Chart.js's own type, which checks it; handed out as the plain one.
  const config: ChartJsConfiguration = {
    type: line ? "line" : "bar",
    data: {
      // Read by the ranges plugin (chart-ranges.ts), which draws them; Chart.js keeps the data's own keys.
      ...(spec.marks?.length ? { mqzcapMarks: spec.marks } : {}),
      labels: spec.labels.map((l) => wrapLabel(l, LABEL_WIDTH)),
      datasets: spec.datasets.map((d, i) => ({
        label: d.label,
        data: (d.floating ?? d.data) as (number | null)[],
        ...(tornado ? { grouped: false } : {}),
        yAxisID: d.axis ?? "y",
        backgroundColor: colourOf(spec, i),
        borderColor: colourOf(spec, i),
        borderWidth: line ? 2 : 0,
        // Datasets that only hold values at some labels (one per unit) should not leave holes.
        skipNull: true,
        spanGaps: false,
        pointRadius: line ? (d.extrapolated ? d.extrapolated.map((x) => (x ? 5 : 3)) : 3) : 0,
        ...(d.extrapolated
          ? {
              pointStyle: d.extrapolated.map((x) => (x ? "triangle" : "circle")),
              pointBackgroundColor: d.extrapolated.map((x) => (x ? "#ffffff" : colourOf(spec, i))),
            }
          : {}),
        // Drawn by the ranges plugin (chart-ranges.ts); Chart.js keeps a dataset's own keys.
        ...(d.ranges ? { mqzcapRanges: d.ranges } : {}),
      })),
    },
    options: {
      ...(tornado ? { indexAxis: "y" as const } : {}),
      // Axis numbers as every other output prints them (1,234.5), whatever the locale of the process
      // or the browser (1.234,5 under de_DE, Arabic-Indic digits under ar_EG).
      locale: "en-US",
      animation: false,
      responsive: false,
      devicePixelRatio: 1,
      color: "#222222",
      layout: { padding: 12 },
      plugins: {
        title: { display: true, text: spec.title, color: "#111111", font: { size: 16, weight: "bold" } },
        subtitle: {
          display: Boolean(spec.subtitle) || Boolean(spec.notes?.length),
          text: [...(spec.subtitle ? [spec.subtitle] : []), ...(spec.notes ?? [])],
          color: "#444444",
          padding: { bottom: 12 },
        },
        legend: { display: true, position: "bottom" },
      },
      scales: spec.panels
        ? panelScales(spec)
        : {
            x: {
              stacked,
              title: { display: true, text: spec.xLabel, color: "#222222" },
              // Every bar is a different line item, so none of their labels may be skipped; a sweep's
              // x values are a sequence, where thinning the labels loses nothing.
              ticks: { color: "#333333", autoSkip: line },
            },
            y: {
              stacked,
              beginAtZero: true,
              // The axis reaches the highest range end, not only the highest value.
              ...rangeMax(spec, "y"),
              title: { display: true, text: spec.yLabel, color: "#222222" },
              // A tornado's rows are its y labels: none may be skipped.
              ticks: { color: "#333333", ...(tornado ? { autoSkip: false } : {}) },
            },
            ...(hasY2
              ? {
                  y2: {
                    position: "right" as const,
                    beginAtZero: true,
                    ...rangeMax(spec, "y2"),
                    grid: { drawOnChartArea: false },
                    title: { display: true, text: spec.y2Label ?? "", color: "#222222" },
                    ticks: { color: "#333333" },
                  },
                }
              : {}),
          },
    },
  };
  return config as unknown as ChartJsConfig;
}

/** A dataset's colour: by its place among its panel's datasets (or the chart's), so none repeats in a panel. */
function colourOf(spec: ChartSpec, i: number): string {
  if (!spec.panels) return PALETTE[i % PALETTE.length]!;
  const axis = spec.datasets[i]!.axis;
  let k = 0;
  for (let j = 0; j < i; j++) if (spec.datasets[j]!.axis === axis) k++;
  return PANEL_PALETTE[k % PANEL_PALETTE.length]!;
}

/**
 * Small multiples on one chart: a value axis per panel, stacked (Chart.js's axis stacking: same
 * position, one `stack`, each its weight), the top panel first, one x axis below them all.
 */
type Scales = NonNullable<NonNullable<ChartJsConfiguration["options"]>["scales"]>;

function panelScales(spec: ChartSpec): Scales {
  const scales: Scales = {
    x: {
      title: { display: true, text: spec.xLabel, color: "#222222" },
      ticks: { color: "#333333", autoSkip: true },
    },
  };
  // Chart.js stacks axes of one position bottom-up in the order they are declared: the last first.
  for (const p of [...spec.panels!].reverse())
    scales[p.id] = {
      type: "linear" as const,
      position: "left",
      stack: "panels",
      stackWeight: 1,
      offset: true,
      beginAtZero: true,
      ...rangeMax(spec, p.id),
      border: { color: "#888888" },
      title: { display: true, text: p.title, color: "#222222" },
      ticks: { color: "#333333" },
    };
  return scales;
}

/** suggestedMax for an axis whose datasets have ranges: their highest end; nothing otherwise. */
function rangeMax(spec: ChartSpec, axis: string): { suggestedMax?: number } {
  let max = -Infinity;
  for (const d of spec.datasets)
    if ((d.axis ?? "y") === axis && d.ranges) for (const r of d.ranges) if (r && r[1] > max) max = r[1];
  return Number.isFinite(max) ? { suggestedMax: max } : {};
}

/** Characters a category label's line holds before it wraps. */
export const LABEL_WIDTH = 22;

/** Splits a long category label into lines (Chart.js draws an array as a multi-line label). */
export function wrapLabel(label: string, width: number): string | string[] {
  if (label.length <= width) return label;
  const lines: string[] = [];
  let line = "";
  for (const word of label.split(/\s+/)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * How far a config can go: the share of each limit the demand takes as the first solved-for value
 * grows (percent), with the 100% line each limit reaches where it binds.
 */
export function capacityChart(r: CapacityResult): ChartSpec {
  const c = r.curve;
  const a = r.answers[0];
  const name = scenario(r.name);
  if (!c || !a) {
    return {
      kind: "line",
      title: `How far: ${name}`,
      xLabel: "nothing to solve for",
      yLabel: "% of limit",
      labels: [],
      datasets: [],
    };
  }
  const integer = a.target.integer;
  const labels = c.x.map((v) => formatNumber(v, integer || v >= 100 ? 0 : 2));
  const series = c.series.filter((s) => s.usedPct.some((v) => v !== null));
  return {
    kind: "line",
    title: `How far: ${name}`,
    subtitle: a.binding
      ? `${a.target.path}: ${a.binding.label} binds first, at ${formatNumber(a.binding.at!.value, integer || a.binding.at!.value >= 100 ? 0 : 2)} ${a.target.unit}`
      : `${a.target.path}: no limit binds in the range drawn`,
    xLabel: `${a.target.path} (${a.target.unit})`,
    yLabel: "share of each limit the demand takes (%)",
    labels,
    datasets: [
      // Past twice a limit the line stops: the lines near 100% are the ones to read.
      ...series.map((s) => ({ label: s.label, data: s.usedPct.map((v) => (v !== null && v > 200 ? null : v)) })),
      { label: "100%: the limit", data: c.x.map(() => 100) },
    ],
  };
}
