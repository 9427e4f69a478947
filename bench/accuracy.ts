// Accuracy, leave one out: for every table with a numeric axis of three or more values, each interior
// point of each series along that axis (other axes and the measure fixed) is dropped and predicted
// from the rest with each interpolation scheme; the absolute percentage error is reported.
import { interpolate, type Scheme } from "../src/model/interpolate.js";
import type { ModelData, TableCellN, TableEntry } from "../src/model/types.js";
import { median, quantile, r3 } from "./lib/stats.js";

export const SCHEMES: Scheme[] = ["linear", "log", "monotone"];

export interface SeriesError {
  table: string;
  axis: string;
  scale: "linear" | "log";
  messageSize: boolean;
  measure: string;
  at: Record<string, unknown>;
  x: number;
  actual: number;
  flagged: string[];
  /**
   * The span the prediction crossed: the distance between the two neighbours it is made from, in the
   * axis's own scale (natural log of their ratio on a log axis, their difference on a linear one).
   */
  span: number;
  /** Whether a neighbour the prediction is made from is a value the source flags (suspect, duplicate...). */
  neighbourFlagged: boolean;
  /** Absolute percentage error by scheme; absent where the scheme cannot apply (x <= 0 on a log scheme). */
  ape: Partial<Record<Scheme, number>>;
}

export interface SchemeStats {
  n: number;
  median: number;
  p90: number;
  mean: number;
}

export interface TableAccuracy {
  table: string;
  axis: string;
  scale: "linear" | "log";
  messageSize: boolean;
  /** The scheme the registry uses on this axis: DEFAULT_SCHEME for scale: log, linear otherwise. */
  registryScheme: Scheme;
  points: number;
  byScheme: Partial<Record<Scheme, SchemeStats>>;
}

export interface AccuracyResult {
  tablesWithNumericAxis: number;
  seriesEvaluated: number;
  skipped: { nullCells: number; zeroCells: number; flaggedTargets: number; nonPositiveX: number; shortSeries: number };
  overall: Record<Scheme, SchemeStats>;
  messageSizeAxes: Record<Scheme, SchemeStats>;
  otherAxes: Record<Scheme, SchemeStats>;
  flaggedTargets: { overall: Record<Scheme, SchemeStats>; points: SeriesError[] };
  tables: TableAccuracy[];
  errors: SeriesError[];
}

const stats = (xs: number[]): SchemeStats => ({
  n: xs.length,
  median: r3(median(xs)),
  p90: r3(quantile(xs, 0.9)),
  mean: r3(xs.reduce((a, b) => a + b, 0) / (xs.length || 1)),
});

const isMessageSize = (t: TableEntry, axis: string) => {
  const a = t.axes.find((x) => x.name === axis)!;
  return /messagesize|msgsize/i.test(axis) || (a.unit === "bytes" && a.scale === "log");
};

export function leaveOneOut(data: ModelData, defaultScheme: Scheme): AccuracyResult {
  const skipped = { nullCells: 0, zeroCells: 0, flaggedTargets: 0, nonPositiveX: 0, shortSeries: 0 };
  const errors: SeriesError[] = [];
  const tables = data.entries.filter((e): e is TableEntry => e.type === "table");
  let tablesWithNumericAxis = 0;
  let seriesEvaluated = 0;
  const countedCells = new Set<TableCellN>();
  for (const t of tables) {
    const axes = t.axes.filter((a) => a.type === "numeric" && a.values.length >= 3);
    if (axes.length === 0) continue;
    tablesWithNumericAxis++;
    for (const axis of axes) {
      // Series: same measure and same values on every other axis.
      const series = new Map<string, TableCellN[]>();
      for (const c of t.cells) {
        if (c.v.value === null || c.v.value === 0) {
          if (!countedCells.has(c)) {
            countedCells.add(c);
            if (c.v.value === null) skipped.nullCells++;
            else skipped.zeroCells++;
          }
          continue;
        }
        const x = Number(c.at[axis.name]);
        if (!Number.isFinite(x)) continue;
        const key = JSON.stringify([
          c.measure,
          ...t.axes.filter((a) => a.name !== axis.name).map((a) => String(c.at[a.name])),
        ]);
        const list = series.get(key);
        if (list) list.push(c);
        else series.set(key, [c]);
      }
      for (const cells of series.values()) {
        const pts = cells
          .map((c) => ({ x: Number(c.at[axis.name]), y: c.v.value!, cell: c }))
          .sort((a, b) => a.x - b.x);
        if (pts.length < 3) {
          skipped.shortSeries++;
          continue;
        }
        seriesEvaluated++;
        for (let i = 1; i < pts.length - 1; i++) {
          const target = pts[i]!;
          if (target.x === pts[i - 1]!.x || target.x === pts[i + 1]!.x) continue; // duplicate x: not interior
          const rest = pts.filter((_, j) => j !== i).map(({ x, y }) => ({ x, y }));
          const ape: SeriesError["ape"] = {};
          for (const s of SCHEMES) {
            if (s !== "linear" && rest.some((p) => p.x <= 0)) {
              skipped.nonPositiveX++;
              continue;
            }
            const r = interpolate(rest, target.x, s);
            ape[s] = (Math.abs(r.value - target.y) / Math.abs(target.y)) * 100;
          }
          const flagged = target.cell.v.flags.map((f) => f.code);
          if (flagged.length) skipped.flaggedTargets++;
          const at = { ...target.cell.at };
          delete at[axis.name];
          const a = pts[i - 1]!.x;
          const b = pts[i + 1]!.x;
          const span = axis.scale === "log" && a > 0 ? Math.log(b / a) : b - a;
          const neighbourFlagged = pts[i - 1]!.cell.v.flags.length > 0 || pts[i + 1]!.cell.v.flags.length > 0;
          errors.push({
            table: t.id,
            axis: axis.name,
            scale: axis.scale,
            messageSize: isMessageSize(t, axis.name),
            measure: target.cell.measure,
            at,
            x: target.x,
            actual: target.y,
            flagged,
            span,
            neighbourFlagged,
            ape,
          });
        }
      }
    }
  }
  const clean = errors.filter((e) => e.flagged.length === 0);
  const bySchemeOf = (list: SeriesError[]) =>
    Object.fromEntries(
      SCHEMES.map((s) => [s, stats(list.flatMap((e) => (e.ape[s] === undefined ? [] : [e.ape[s]!])))]),
    ) as Record<Scheme, SchemeStats>;
  const tablesOut: TableAccuracy[] = [];
  const groups = new Map<string, SeriesError[]>();
  for (const e of clean) {
    const k = `${e.table}\u0000${e.axis}`;
    const g = groups.get(k);
    if (g) g.push(e);
    else groups.set(k, [e]);
  }
  for (const list of groups.values()) {
    const e0 = list[0]!;
    tablesOut.push({
      table: e0.table,
      axis: e0.axis,
      scale: e0.scale,
      messageSize: e0.messageSize,
      registryScheme: e0.scale === "log" ? defaultScheme : "linear",
      points: list.length,
      byScheme: bySchemeOf(list),
    });
  }
  return {
    tablesWithNumericAxis,
    seriesEvaluated,
    skipped,
    overall: bySchemeOf(clean),
    messageSizeAxes: bySchemeOf(clean.filter((e) => e.messageSize)),
    otherAxes: bySchemeOf(clean.filter((e) => !e.messageSize)),
    flaggedTargets: {
      overall: bySchemeOf(errors.filter((e) => e.flagged.length > 0)),
      points: errors.filter((e) => e.flagged.length > 0),
    },
    tables: tablesOut,
    errors,
  };
}
