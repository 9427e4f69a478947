// The leave-one-out interpolation error of every table axis (bench/accuracy.ts), as the model file the
// registry widens interpolated and extrapolated lookups by (models/interpolation-error.yaml). The bench
// writes it; test/interpolation-error.test.ts checks that the committed file is what the models give.
import type { AccuracyResult, SeriesError } from "./accuracy.js";
import type { Scheme } from "../src/model/interpolate.js";
import type { LooStats } from "../src/model/types.js";
import { median, quantile, r3 } from "./lib/stats.js";

export const INTERPOLATION_ERROR_FILE = "models/interpolation-error.yaml";

function statsOf(errors: readonly SeriesError[], scheme: (e: SeriesError) => Scheme): LooStats {
  const xs = errors.flatMap((e) => {
    const v = e.ape[scheme(e)];
    return v === undefined ? [] : [v];
  });
  if (xs.length === 0) return { n: 0, median: 0, p90: 0, max: 0 };
  const per = errors.flatMap((e) => {
    const v = e.ape[scheme(e)];
    return v === undefined || !(e.span > 0) ? [] : [v / e.span];
  });
  return {
    n: xs.length,
    median: r3(median(xs)),
    p90: r3(quantile(xs, 0.9)),
    max: r3(Math.max(...xs)),
    ...(per.length === xs.length ? { perSpan: { p90: r3(quantile(per, 0.9)), max: r3(Math.max(...per)) } } : {}),
  };
}

export interface TableAxisError {
  table: string;
  axis: string;
  messageSize: boolean;
  stats: LooStats;
  /** The predictions made from unflagged neighbours only, where some used a flagged one. */
  unflagged?: LooStats;
}

/** Per table axis, the leave-one-out stats with the scheme the registry uses (points the source flags left out). */
export function tableAxisErrors(acc: AccuracyResult, defaultScheme: Scheme): TableAxisError[] {
  const clean = acc.errors.filter((e) => e.flagged.length === 0);
  const schemeOf = (e: SeriesError): Scheme => (e.scale === "log" ? defaultScheme : "linear");
  const groups = new Map<string, SeriesError[]>();
  for (const e of clean) {
    const k = `${e.table}\u0000${e.axis}`;
    const g = groups.get(k);
    if (g) g.push(e);
    else groups.set(k, [e]);
  }
  return [...groups.values()]
    .map((list) => {
      const unflagged = list.filter((e) => !e.neighbourFlagged);
      return {
        table: list[0]!.table,
        axis: list[0]!.axis,
        messageSize: list[0]!.messageSize,
        stats: statsOf(list, schemeOf),
        ...(unflagged.length < list.length ? { unflagged: statsOf(unflagged, schemeOf) } : {}),
      };
    })
    .sort((a, b) => (a.table < b.table ? -1 : a.table > b.table ? 1 : a.axis < b.axis ? -1 : 1));
}

/** The file's text: per table axis, and pooled by kind of axis, with the scheme the registry uses. */
export function interpolationErrorYaml(acc: AccuracyResult, defaultScheme: Scheme): string {
  // Points the source flags are left out, as in the bench's other figures: their error is the flag's.
  const clean = acc.errors.filter((e) => e.flagged.length === 0);
  const schemeOf = (e: SeriesError): Scheme => (e.scale === "log" ? defaultScheme : "linear");
  const tables = tableAxisErrors(acc, defaultScheme);
  const flow = (x: LooStats) =>
    `{ n: ${x.n}, median: ${x.median}, p90: ${x.p90}, max: ${x.max}${x.perSpan ? `, perSpan: { p90: ${x.perSpan.p90}, max: ${x.perSpan.max} }` : ""} }`;
  // Pooled over tables whose axes have other units and spacings, an error per unit of span means
  // nothing: the pooled stats are per prediction only.
  const pooledMs = statsOf(
    clean.filter((e) => e.messageSize),
    schemeOf,
  );
  const pooledOther = statsOf(
    clean.filter((e) => !e.messageSize),
    schemeOf,
  );
  return [
    "# yaml-language-server: $schema=../schema/model.schema.json",
    "# Leave-one-out interpolation error of every table axis with three or more measured values, in percent",
    "# (each interior point dropped and predicted from the others with the scheme the registry uses; points",
    "# the source flags are not predicted). perSpan: the same errors each over the span its prediction",
    "# crossed (the distance between its two neighbours; natural log of their ratio on a log axis), in",
    "# percent per unit of span. unflagged: the predictions made from unflagged neighbours only, where some",
    "# used a flagged one. An interpolated lookup's range is widened by its table axis's perSpan p90 times",
    "# the span it crosses (its worst for fewer than five points; the pooled p90 of its kind of axis for a",
    "# table too short to drop a point from), from the unflagged stats where its two points are unflagged;",
    "# an extrapolation by the p90 for each segment beyond the measured span, and one more.",
    "kind: interpolation-error",
    "generatedBy: bench/accuracy.ts (npm run bench, or npx tsx scripts/interpolation-error.ts); do not edit",
    `scheme: ${defaultScheme}`,
    "pooled:",
    `  messageSize: ${flow({ ...pooledMs, perSpan: undefined })}`,
    `  other: ${flow({ ...pooledOther, perSpan: undefined })}`,
    "tables:",
    ...tables.map(
      (t) =>
        `  - { table: ${t.table}, axis: ${t.axis}, messageSize: ${t.messageSize}, stats: ${flow(t.stats)}${t.unflagged ? `, unflagged: ${flow(t.unflagged)}` : ""} }`,
    ),
    "",
  ].join("\n");
}
