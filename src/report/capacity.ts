// How far a config can go (mqzcap capacity), as a terminal table, Markdown and CSV: for each value
// solved for, the largest that fits, the limit that binds first and the next, every limit in the order
// it binds, and the budgets the solve used. JSON is the result itself; HTML is in html.ts.
import type { Binding, Budgets, CapacityAnswer, CapacityResult } from "../engine/capacity.js";
import { formatSize } from "../config/units.js";
import { csvField } from "./csv.js";
import { mdText } from "./markdown.js";
import { visibleDeep } from "../util/visible-text.js";
import { fmt, pad, style, tableWidth, truncate, WIDTH, wrap } from "./text.js";

/** A value of the target as the config writes it: a rate per second, a count. */
function valueText(a: CapacityAnswer, v: number): string {
  // Whole units are floored, as the answer's summary does: "up to" 27,906.98/s is 27,906/s, not 27,907.
  return a.target.integer ? fmt(Math.floor(v)) : `${fmt(v >= 100 ? Math.floor(v) : v)}/s`;
}

function rangeText(a: CapacityAnswer, r: { value: number; low: number; high: number }): string {
  const unit = a.target.integer ? "" : "/s";
  // An open end: no value is claimed on that side (the sources give none). Low at the smallest value
  // the target takes is open below: a limit with no lower bound binds anywhere.
  const below = r.low <= a.target.min;
  const above = r.high === Infinity;
  if (below && above) return `${valueText(a, r.value)} (open)`;
  if (below) return `${valueText(a, r.value)} (≤ ${fmt(r.high)}${unit}, open below)`;
  if (above) return `${valueText(a, r.value)} (≥ ${fmt(r.low)}${unit})`;
  const spread = Math.abs(r.high - r.low) > 0.005 * Math.max(Math.abs(r.value), 1e-9);
  return spread ? `${valueText(a, r.value)} (${fmt(r.low)}..${fmt(r.high)}${unit})` : valueText(a, r.value);
}

/** Where each limit binds, in words: at a value, never in the range, or at every value. */
export function bindsText(a: CapacityAnswer, l: Binding): string {
  if (l.status === "never") return `does not bind up to ${valueText(a, a.target.max)}`;
  if (l.status === "always") return `exceeded whatever the ${a.target.unit}`;
  return `binds above ${rangeText(a, l.at!)}`;
}

/** The budgets the command line set, in words. */
export function budgetsText(b: Budgets): string[] {
  const out: string[] = [];
  if (b.cpus !== undefined) out.push(`hardware.cpus ${b.cpus} (--cpus)`);
  if (b.cpuBusy !== undefined) out.push(`CPU ${fmt(b.cpuBusy)}% busy (--cpu-busy)`);
  if (b.chinUsed !== undefined) out.push(`CHIN storage used ${formatSize(b.chinUsed)} (--chin-used)`);
  if (b.chinFree !== undefined) out.push(`CHIN storage free ${formatSize(b.chinFree)} (--chin-free)`);
  if (b.csaAvailable !== undefined) out.push(`CSA available ${formatSize(b.csaAvailable)} (--csa-available)`);
  if (b.belowBarAvailable !== undefined)
    out.push(`below-the-bar storage ${formatSize(b.belowBarAvailable)} (--below-bar-available)`);
  return out;
}

/** The headline of an answer: the largest value that fits, against the configured one. */
export function headline(a: CapacityAnswer): string {
  const t = a.target;
  if (!a.max) return `no limit binds up to ${valueText(a, t.max)}`;
  const conf =
    t.configured === null
      ? " (none configured)"
      : a.max.value >= t.configured
        ? `: ${valueText(a, a.max.value - t.configured)} more than the configured ${valueText(a, t.configured)}${t.integer ? "" : ` (${fmt(a.max.value / t.configured)}x)`}`
        : `: the configured ${valueText(a, t.configured)} is ${valueText(a, t.configured - a.max.value)} over it`;
  return `up to ${rangeText(a, a.max)}${conf}`;
}

export function renderCapacityTable(r: CapacityResult, opts: { color: boolean; width?: number }): string {
  r = visibleDeep(r); // config and channel names, labels: control characters as escapes
  const s = style(opts.color);
  const W = tableWidth(opts.width);
  // Narrower than 100 columns, the limit names give up the difference.
  const nameCol = 56 - (WIDTH - W);
  const rule = s.dim("─".repeat(W));
  const c = r.estimate.config;
  const out = [
    s.bold(truncate(`mqzcap capacity${r.name ? `: ${r.name}` : ""}`, W)),
    truncate(
      `MQ ${c.mq.release} on ${c.hardware.generation}${c.hardware.cpus !== undefined ? ` (${c.hardware.cpus} CPs)` : ""} · ${c.workload.pattern}, ${c.workload.queues} queues, ` +
        `${c.workload.persistent ? "persistent" : "non-persistent"}, ${formatSize(c.workload.messageSize)}`,
      W,
    ),
  ];
  const budgets = budgetsText(r.budgets);
  if (budgets.length) out.push(...wrap(`budgets from the command line: ${budgets.join("; ")}`, W, ""));
  if (r.unsolved) out.push(...wrap(r.unsolved, W, "note: ").map((l) => s.dim(l)));
  for (const a of r.answers) {
    out.push(rule);
    out.push(...wrap(`${s.bold(a.target.path)} ${headline(a)}`, W, ""));
    if (a.binding) out.push(...wrap(a.binding.label, W, "  binds first: "));
    if (a.next)
      out.push(
        ...wrap(
          `${a.next.label}, at ${rangeText(a, a.next.at!)} (${fmt(a.next.times)}x the first)`,
          W,
          "  next:        ",
        ),
      );
    if (a.alwaysExceeded.length)
      out.push(
        ...wrap(
          `exceeded at any ${a.target.path}: ${a.limits
            .filter((l) => l.status === "always")
            .map((l) => l.label)
            .join("; ")}`,
          W,
          "  ! ",
        ).map((l) => s.yellow(l)),
      );
    for (const n of a.notCounted) out.push(...wrap(n, W, "  ! not counted: ").map((l) => s.yellow(l)));
    for (const n of a.open) out.push(...wrap(n, W, "  ! open: ").map((l) => s.yellow(l)));
    const binds = a.limits.filter((l) => l.status === "binds");
    if (binds.length) {
      out.push(s.dim("  limits in the order they bind:"));
      binds.forEach((l, k) => {
        const [first = "", ...rest] = wrap(l.label, nameCol - 4, "");
        out.push(`  ${pad(String(k + 1), 3)}${pad(first, nameCol)}${bindsText(a, l)}`);
        for (const more of rest) out.push(`     ${more}`);
      });
    }
    const never = a.limits.filter((l) => l.status === "never");
    if (never.length)
      out.push(
        ...wrap(
          `${never.map((l) => l.label).join("; ")}`,
          W,
          `  not binding up to ${valueText(a, a.target.max)}: `,
        ).map((l) => s.dim(l)),
      );
  }
  out.push(rule);
  out.push(
    ...wrap(
      `each answer is the largest value at which \`mqzcap estimate\` finds no limit exceeded (rates to the unit printed, three significant digits below 0.1/s; counts exact), the other settings as configured; ${r.estimate.warnings.length} warning(s) and ${r.estimate.gaps.length + r.estimate.needsBaseline.length} gap(s) in the estimate as configured: mqzcap estimate shows them`,
      W,
      "",
    ).map((l) => s.dim(l)),
  );
  return out.join("\n") + "\n";
}

export function renderCapacityMarkdown(r: CapacityResult): string {
  const out = [`# mqzcap capacity${r.name ? `: ${mdText(r.name)}` : ""}`, ""];
  out.push(`MQ ${mdText(r.basis.release)} on ${mdText(r.basis.hardware)}`, "");
  const budgets = budgetsText(r.budgets);
  if (budgets.length) out.push(`Budgets from the command line: ${mdText(budgets.join("; "))}`, "");
  if (r.unsolved) out.push(`Note: ${mdText(r.unsolved)}`, "");
  for (const a of r.answers) {
    out.push(`## ${mdText(a.target.path)}`, "", mdText(headline(a)), "");
    if (a.binding) out.push(`- binds first: ${mdText(a.binding.label)}`);
    if (a.next)
      out.push(`- next: ${mdText(`${a.next.label}, at ${rangeText(a, a.next.at!)} (${fmt(a.next.times)}x)`)}`);
    for (const n of a.notCounted) out.push(`- not counted: ${mdText(n)}`);
    for (const n of a.open) out.push(`- open: ${mdText(n)}`);
    if (a.binding || a.next || a.notCounted.length || a.open.length) out.push("");
    if (a.limits.length) {
      out.push("| # | limit | binds |", "| ---: | --- | --- |");
      a.limits.forEach((l, k) =>
        out.push(`| ${l.status === "binds" ? k + 1 : "-"} | ${mdText(l.label)} | ${mdText(bindsText(a, l))} |`),
      );
      out.push("");
    }
  }
  return out.join("\n");
}

const CSV_COLUMNS = ["target", "unit", "configured", "order", "limit", "status", "value", "low", "high"] as const;

/** One row per limit of each answer (order 0 is the answer itself), RFC 4180. */
export function renderCapacityCsv(r: CapacityResult): string {
  const rows: (string | number | null)[][] = [[...CSV_COLUMNS]];
  for (const a of r.answers) {
    const t = a.target;
    rows.push([
      t.path,
      t.unit,
      t.configured,
      0,
      "(largest that fits)",
      a.max ? "binds" : "never",
      a.max?.value ?? null,
      a.max?.low ?? null,
      a.max?.high ?? null,
    ]);
    a.limits.forEach((l, k) =>
      rows.push([
        t.path,
        t.unit,
        t.configured,
        k + 1,
        l.label,
        l.status,
        l.at?.value ?? null,
        l.at?.low ?? null,
        l.at?.high ?? null,
      ]),
    );
    for (const n of a.notCounted) rows.push([t.path, t.unit, t.configured, null, n, "not counted", null, null, null]);
    for (const n of a.open) rows.push([t.path, t.unit, t.configured, null, n, "open", null, null, null]);
  }
  return rows.map((row) => row.map(csvField).join(",") + "\r\n").join("");
}
