// The chart of a sweep (apart from chart-spec.ts, which must not load the config parser that sweep.ts
// brings: the CLI's chart bundle holds chart-spec.ts).
import { inputText, type SweepResult } from "../engine/sweep.js";
import { sweepChart, type ChartSpec } from "./chart-spec.js";

/** The chart of a sweep's result (`mqzcap sweep --chart`, the page's sweep): a line per metric. */
export function sweepResultChart(result: SweepResult): ChartSpec {
  const vary = result.vary;
  return sweepChart(
    result.points.map((p) => ({
      x: vary.map((v) => inputText(v.path, p.inputs[v.path])).join(" / "),
      // Each line named with its unit: the metrics of one sweep seldom share one.
      values: Object.fromEntries(
        result.metrics.map((m) => [result.units[m] ? `${m} (${result.units[m]})` : m, p.outputs[m] ?? null]),
      ),
      // Each line's band: the output's low and high at the point.
      ranges: Object.fromEntries(
        result.metrics.map((m) => [result.units[m] ? `${m} (${result.units[m]})` : m, p.ranges[m] ?? null]),
      ),
    })),
    {
      title: `mqzcap sweep of ${vary.map((v) => v.path).join(" x ")}`,
      xLabel: vary.map((v) => v.path).join(" / "),
      yLabel: "value (units in the legend)",
    },
  );
}
