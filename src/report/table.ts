// The terminal report: totals first, then line items grouped by concern, warnings and gaps; with
// --explain, every line's formula, inputs, confidence and citations.
import { formatSize } from "../config/units.js";
import type { Estimate, Range } from "../engine/engine.js";
import type { Concern, RangedLineItem } from "../engine/types.js";
import { incompleteNote, NOISE_NOTE, statusText, type Diff } from "../engine/diff.js";
import { inputText, type SweepResult } from "../engine/sweep.js";
import { compareRows, type CompareResult } from "../engine/compare.js";
import { AS_NAMES } from "./chart-spec.js";
import { visibleDeep } from "../util/visible-text.js";
import { bottleneckText, cfText, cpuHeading, cpuLines, headroomText, lparText } from "./limits-text.js";
import {
  citationText,
  COMPARE_NOISE_NOTE,
  compareCellText,
  fmt,
  fmtRange,
  mergeCitations,
  pad,
  spreadLines,
  style,
  truncate,
  visible,
  tableWidth,
  WIDTH,
  wrap,
  writtenText,
} from "./text.js";

/**
 * With baseline.measuredWith: each concern's cost for the plan and for the configuration the baseline was
 * measured on, and what the totals add (the difference).
 */
function againstBaselineLines(e: Estimate, W: number): string[] {
  const a = e.againstBaseline;
  if (!a?.measuredWith || a.effects.length === 0) return [];
  const out = wrap("against the baseline's configuration (baseline.measuredWith), what each concern adds:", W, "  ");
  for (const x of a.effects) {
    const where = x.addressSpace === "none" ? "" : ` (${AS_NAMES[x.addressSpace] ?? x.addressSpace})`;
    const u = x.unit === "%" ? "%" : ` ${x.unit}`;
    const text =
      x.added.value === 0 && x.added.low === 0 && x.added.high === 0
        ? `${x.concern}${where}: 0${u}, the same in both`
        : `${x.concern}${where}: ${fmtRange(x.added)}${u} = plan ${fmtRange(x.plan)} - baseline's ${fmtRange(x.baseline)}`;
    out.push(...wrap(text, W, "    "));
  }
  return out;
}

/** Section headings for the concerns, as a planner names them (the JSON keeps the ids). */
const CONCERN_NAMES: Record<Concern, string> = {
  workload: "Workload",
  hardware: "Hardware",
  logging: "Logging",
  encryption: "Data set encryption",
  tls: "TLS",
  ams: "AMS",
  channels: "Channels",
  streaming: "Streaming queues",
  smf: "SMF",
  storage: "Storage",
  "shared-queue": "Shared queues",
  capacity: "Capacity",
};

export interface TableOptions {
  /** ANSI colours (a terminal); default none. */
  color?: boolean;
  /** Each line's formula, inputs, confidence and citations under it; default off. */
  explain?: boolean;
  /** Columns to fit, at least 80; default 100 (the CLI gives a terminal's own width). */
  width?: number;
}

export function renderTable(e: Estimate, opts: TableOptions): string {
  e = visibleDeep(e); // names, labels and model text: control characters as escapes
  const s = style(opts.color === true);
  const W = tableWidth(opts.width);
  // Narrower than 100 columns, the added and total columns of the cost table give up the difference.
  const narrow = Math.max(0, WIDTH - W);
  const addedCol = 26 - Math.ceil(narrow / 2);
  const totalCol = 26 - Math.floor(narrow / 2);
  const out: string[] = [];
  const rule = s.dim("─".repeat(W));
  out.push(s.bold(truncate(`mqzcap estimate${e.name ? `: ${e.name}` : ""}`, W)));
  const c = e.config;
  out.push(
    truncate(
      `MQ ${c.mq.release} on ${c.hardware.generation} · ${c.workload.pattern}, ${c.workload.queues} queues, ` +
        `${c.workload.persistent ? "persistent" : "non-persistent"}, ${writtenText(c, "workload.messageSize", formatSize(c.workload.messageSize))}` +
        (e.totals.rate !== null ? ` at ${writtenText(c, "workload.rate", `${fmt(e.totals.rate)}/s`)}` : ""),
      W,
    ),
  );
  out.push(rule);
  out.push(s.bold("Cost per transaction (CPU microseconds)"));
  if (e.totals.costPerTransaction.length === 0) out.push("  no per-transaction cost items for this config");
  else {
    out.push(
      s.dim(
        `  ${pad("address space", 22)}${pad("baseline", 14, true)}${pad("added", addedCol, true)}${pad("total", totalCol, true)}`,
      ),
    );
    for (const a of e.totals.costPerTransaction) {
      out.push(
        `  ${pad(AS_NAMES[a.addressSpace] ?? a.addressSpace, 22)}${pad(fmtRange(a.baseline), 14, true)}${pad(fmtRange(a.added), addedCol, true)}${pad(fmtRange(a.total), totalCol, true)}`,
      );
    }
    out.push(
      `  ${pad(s.bold("all"), 22)}${pad("", 14)}${pad(fmtRange(e.totals.added), addedCol, true)}${pad(fmtRange(e.totals.total), totalCol, true)}`,
    );
  }
  const cpu = cpuLines(e);
  if (cpu) {
    out.push(...wrap(`${cpuHeading(e)}: ${fmtRange(cpu.engines, "CPU seconds per second")} (engines busy)`, W, "  "));
    if (cpu.cf) out.push(...wrap(cfText(cpu.cf), W, "  "));
    if (e.totals.backgroundCpuSecondsPerSecond.value > 0) {
      out.push(
        ...wrap(
          `of which not per transaction (renegotiations, channel starts, SMF): ${fmtRange(e.totals.backgroundCpuSecondsPerSecond, "CPU s/s")}`,
          W,
          "    ",
        ),
      );
    }
  }
  out.push(...lparLines(e, W));
  out.push(...againstBaselineLines(e, W));

  if (e.limits.length) {
    out.push(rule);
    out.push(s.bold("Limits"));
    const rooms = new Map(e.headroom.map((h) => [h.id, h]));
    for (const l of e.limits) {
      out.push(...itemLines(l, s, W));
      const h = rooms.get(l.id);
      if (h) out.push(...headroomLines(h, s, W));
      // Under --explain a limit's working is under it, as a cost's is.
      if (opts.explain) out.push(...explain(l, s, W));
    }
    const b = bottleneckText(e);
    if (b) out.push(...wrap(`bottleneck: ${b}`, W, "  "));
  }
  const groups = new Map<string, RangedLineItem[]>();
  for (const i of e.items.filter((i) => i.metric !== "limit"))
    groups.set(i.concern, [...(groups.get(i.concern) ?? []), i]);
  for (const [concern, items] of groups) {
    out.push(rule);
    out.push(s.bold(CONCERN_NAMES[concern as Concern] ?? concern));
    for (const i of items) {
      out.push(...itemLines(i, s, W));
      if (opts.explain) out.push(...explain(i, s, W));
    }
  }
  if (opts.explain && e.totals.costPerTransaction.length) {
    out.push(rule);
    out.push(s.bold("Totals explained"));
    for (const l of totalsExplained(e)) out.push(...wrap(l.text, W, l.indent));
  }
  if (e.warnings.length) {
    out.push(rule);
    out.push(s.yellow(s.bold(`Warnings (${e.warnings.length})`)));
    for (const w of e.warnings) out.push(...wrap(`${w.concern}: ${w.message}`, W, "  ! "));
  }
  if (e.gaps.length || e.needsBaseline.length) {
    out.push(rule);
    out.push(s.bold(`Gaps (${e.gaps.length + e.needsBaseline.length})`));
    for (const g of e.gaps) {
      out.push(...wrap(`${g.concern}: ${g.message}`, W, "  - "));
      for (const ch of g.charts.slice(0, 3))
        out.push(
          ...wrap(
            `the source gives this only as a chart: "${ch.caption}" (IBM report ${ch.citation.source}: ${ch.citation.section})`,
            W,
            "      ",
          ),
        );
    }
    for (const n of e.needsBaseline) out.push(...wrap(`baseline: ${n}`, W, "  - "));
  }
  out.push(rule);
  out.push(
    s.dim(
      truncate(
        `sources: IBM reports ${
          [...new Set(e.items.flatMap((i) => i.citations.map((c) => c.source)))].sort().join(", ") || "none"
        }${opts.explain ? "" : " · --explain shows formulas and citations"}`,
        W,
      ),
    ),
  );
  return out.join("\n") + "\n";
}

/** The LPAR's engines: busy share in total and by address space (hardware.cpus), when there is a rate. */
function lparLines(e: Estimate, width: number): string[] {
  const text = lparText(e);
  return text ? wrap(text, width, "    ") : [];
}

/** A limit's headroom under it: the demand it is held against and the share of it left. */
function headroomLines(h: Estimate["headroom"][number], s: ReturnType<typeof style>, width: number): string[] {
  const text = `at ${fmtRange(h.demand, h.unit)} (${h.demandFrom}): ${headroomText(h.headroomPct.value)}`;
  return h.exceeded ? wrap(text, width, "    ").map((l) => s.yellow(l)) : wrap(text, width, "    ");
}

/** Label width beside the value column: 54 + 26 columns leave room for the widest mark. */
const LABEL_WIDTH = 51;

/**
 * An item's line: label, value, and its confidence when not measured. A long label wraps under
 * itself (indented) rather than being cut: the words at its end (a size, an interval) matter.
 */
function itemLines(i: RangedLineItem, s: ReturnType<typeof style>, width: number): string[] {
  const value = fmtRange(i, i.unit);
  const mark = i.confidence === "measured" ? "" : ` ${s.dim(`[${i.confidence}]`)}`;
  const flag = i.flags.length ? ` ${s.yellow("⚑")}` : "";
  // The widest mark, " [carried-forward] ⚑" (20 columns), fits within 100 beside a 26-column value; a
  // wider value (one with its range) takes its columns from the label, which wraps under itself.
  const valueWidth = Math.max(26, value.length);
  // Wider than 100 columns the label takes the extra; narrower, it gives it up.
  const extra = width - WIDTH;
  const labelWidth = Math.min(54 + Math.max(0, extra), width - valueWidth - visible(mark) - visible(flag));
  const [first = "", ...rest] = wrap(i.label, Math.min(LABEL_WIDTH + Math.max(0, extra), labelWidth - 3) + 2, "  ");
  return [`${pad(first, labelWidth)}${pad(value, valueWidth, true)}${mark}${flag}`, ...rest.map((l) => `  ${l}`)];
}

export function explain(i: RangedLineItem, s: ReturnType<typeof style>, width: number = WIDTH): string[] {
  const out: string[] = [];
  out.push(...wrap(`formula: ${i.formula}`, width, "      "));
  const inputs = Object.entries(i.inputs)
    .map(
      ([k, v]) =>
        `${k} = ${typeof v.value === "number" ? fmt(v.value) : String(v.value)}${v.unit ? ` ${v.unit}` : ""} (${v.from})`,
    )
    .join("; ");
  if (inputs) out.push(...wrap(`inputs: ${inputs}`, width, "      "));
  out.push(
    `      confidence: ${i.confidence}${i.metric === "cpu-pct" ? " · a % of the baseline cost (multiplies)" : i.metric === "cpu-per-txn" ? " · microseconds added per transaction" : ""}`,
  );
  for (const c of mergeCitations(i.citations)) {
    out.push(...wrap(`source: ${citationText(c)}`, width, "      ").map((l) => s.dim(l)));
  }
  const [head, ...parts] = spreadLines(i);
  if (head) {
    out.push(...wrap(head, width, "      "));
    for (const p of parts) out.push(...wrap(p, width, "        - "));
  }
  for (const f of i.flags) out.push(...wrap(`flag ${f.code}: ${f.reason}`, width, "      ").map((l) => s.yellow(l)));
  return out;
}

/**
 * What each total is made of, for --explain: every baseline cost and every line item that adds to the
 * cost per transaction, with its range, and how the CPU at the rate follows (docs/ranges.md section 4).
 */
/** p% of a baseline, both ranges: the corners of their product, as the engine's sum takes them. */
function percentOf(base: Range, pct: Range): Range {
  const xs = [base.low * pct.low, base.low * pct.high, base.high * pct.low, base.high * pct.high].map((x) => x / 100);
  return { value: (base.value * pct.value) / 100, low: Math.min(...xs), high: Math.max(...xs) };
}

function totalsExplained(e: Estimate): { text: string; indent: string }[] {
  const out: { text: string; indent: string }[] = [];
  const c = e.config;
  const total = e.totals.total ?? e.totals.added;
  out.push({
    text: `cost per transaction, all address spaces: ${fmtRange(total, "us")}, the sum of (low ends added, high ends added):`,
    indent: "  ",
  });
  for (const a of e.totals.costPerTransaction) {
    const as = AS_NAMES[a.addressSpace] ?? a.addressSpace;
    if (a.baseline)
      out.push({
        text: `${as}: baseline ${writtenText(c, `baseline.cost.${a.addressSpace}`, fmtRange(a.baseline, "us"))}`,
        indent: "    + ",
      });
    // The percentage's own share of the added cost: the absolute items (listed below) are the rest.
    if (a.percent.value !== 0 && a.baseline)
      out.push({
        text: `${as}: ${fmtRange(a.percent, "%")} of the baseline = ${fmtRange(percentOf(a.baseline, a.percent), "us")}`,
        indent: "    + ",
      });
  }
  for (const i of e.items)
    if (i.metric === "cpu-per-txn")
      out.push({
        text: `${AS_NAMES[i.addressSpace ?? ""] ?? i.addressSpace ?? ""}: ${i.label}: ${fmtRange(i, i.unit)}`,
        indent: "    + ",
      });
  if (e.totals.cpuSecondsPerSecond && e.totals.rate !== null) {
    const rate = writtenText(c, "workload.rate", `${fmt(e.totals.rate)}/s`);
    const ends = c.ranges?.["workload.rate"] ? ", its ends with the cost's" : "";
    out.push({
      text: `CPU at the rate: ${fmtRange(e.totals.cpuSecondsPerSecond, "CPU s/s")} = cost per transaction x ${rate}${ends} / 1,000,000, plus ${fmtRange(e.totals.backgroundCpuSecondsPerSecond, "CPU s/s")} not per transaction`,
      indent: "  ",
    });
  }
  const cornered = Object.keys(c.ranges ?? {}).filter((p) => !p.startsWith("baseline.cost."));
  if (cornered.length)
    out.push({
      text: `inputs written as ranges (${cornered.map((p) => `${p} ${c.ranges![p]!.written}`).join(", ")}): every figure above is the lowest and highest over the estimates at their ends (docs/ranges.md section 5)`,
      indent: "  ",
    });
  return out;
}

/** The diff as a terminal table: every changed line with before, after, delta and percentage. */
export function renderDiffTable(d: Diff, opts: { color: boolean; width?: number }): string {
  d = visibleDeep(d);
  const s = style(opts.color);
  const W = tableWidth(opts.width);
  // The label column takes what the width gives or takes.
  const labelCol = 46 + W - WIDTH;
  const out: string[] = [];
  out.push(s.bold(truncate(`mqzcap diff: ${d.before ?? "base"} -> ${d.after ?? "proposed"}`, W)));
  out.push(s.dim("─".repeat(W)));
  out.push(
    s.dim(
      `${pad("line", labelCol)}${pad("before", 14, true)}${pad("after", 14, true)}${pad("delta", 14, true)}${pad("%", 12, true)}`,
    ),
  );
  const note = incompleteNote(d);
  for (const l of d.lines) {
    const status = statusText(l.status);
    // "~": within the noise (the change is smaller than both sides' uncertainty), said under the table.
    const pct =
      (l.percent === null ? (l.status === "changed" ? "-" : status) : `${l.percent > 0 ? "+" : ""}${fmt(l.percent)}%`) +
      (l.noise === "within" ? " ~" : "") +
      (note && l.kind === "total" ? " *" : "");
    const delta = l.delta === null ? "" : `${l.delta > 0 ? "+" : ""}${fmt(l.delta)}`;
    // A long label wraps under itself, as in the estimate table.
    const wrapped = wrap(`${l.label} (${l.unit})`, labelCol - 1, "");
    // A word longer than the label column (a long channel name) gets a line of its own above the numbers.
    if (visible(wrapped[0] ?? "") >= labelCol) out.push(wrapped.shift()!);
    const [first = "", ...rest] = wrapped;
    out.push(
      `${pad(first, labelCol)}${pad(fmt(l.before), 14, true)}${pad(fmt(l.after), 14, true)}${pad(delta, 14, true)}${pad(pct, 12, true)}`,
      ...rest.map((r) => `  ${r}`),
    );
  }
  out.push(s.dim("─".repeat(W)));
  const within = d.lines.filter((l) => l.noise === "within").length;
  out.push(`${d.lines.length} changed (${within} within the noise), ${d.unchanged} unchanged`);
  if (within) out.push(...wrap(NOISE_NOTE, W, "~ "));
  if (note) out.push(...wrap(note, W, "* ").map((l) => s.yellow(l)));
  if (d.gaps.added.length) {
    out.push(
      ...wrap("Gaps in the proposed config that the base did not have (a removed line may be one):", W, "").map((l) =>
        s.yellow(s.bold(l)),
      ),
    );
    for (const g of d.gaps.added) out.push(...wrap(g, W, "  - "));
  }
  if (d.gaps.removed.length) {
    out.push(s.bold("Gaps of the base config that the proposed config fills:"));
    for (const g of d.gaps.removed) out.push(...wrap(g, W, "  - "));
  }
  return out.join("\n") + "\n";
}

/**
 * A sweep as a terminal table: one row per point, one column per output, units under the names, then
 * each output's low and high (appended, so that a reader of the first columns keeps working).
 */
export function renderSweepTable(r: SweepResult): string {
  r = visibleDeep(r);
  const inputs = r.vary.map((v) => v.path);
  const header = [...inputs, ...r.metrics];
  const units = [...inputs.map(() => ""), ...r.metrics.map((m) => r.units[m] ?? "")];
  // Each output with its range in the cell, as the estimate prints one: "0.52 (0.508–0.532)". (Columns
  // of their own for the ends made a default sweep 26 columns wide; CSV and JSON keep them apart.)
  const rows = r.points.map((p) => [
    ...inputs.map((i) => inputText(i, p.inputs[i])),
    ...r.metrics.map((m) => {
      const v = p.outputs[m] ?? null;
      const b = p.ranges[m];
      return v !== null && b ? fmtRange({ value: v, low: b[0], high: b[1] }) : fmt(v);
    }),
  ]);
  // Columns as wide as their widest cell (at least 10), two spaces apart: names are never cut.
  const widths = header.map((h, k) => Math.max(10, h.length, units[k]!.length, ...rows.map((row) => row[k]!.length)));
  const line = (cells: string[]) => cells.map((c, k) => pad(c, widths[k]! + 2, true)).join("");
  const notes = r.notes.flatMap((n) => wrap(n, WIDTH, "note: "));
  return [line(header), line(units), ...rows.map(line), ...notes].join("\n") + "\n";
}

/** Scenario letters for column heads: A, B, ..., Z, then AA, AB, ... */
export function scenarioLetter(k: number): string {
  return k < 26 ? String.fromCharCode(65 + k) : scenarioLetter(Math.floor(k / 26) - 1) + scenarioLetter(k % 26);
}

/** Several configs side by side: scenarios lettered (named above the table), one row per output. */
export function renderCompareTable(r: CompareResult, opts: { color: boolean; width?: number }): string {
  r = visibleDeep(r);
  const s = style(opts.color);
  const W = tableWidth(opts.width);
  const rule = s.dim("─".repeat(W));
  const out = [s.bold(`mqzcap compare: ${r.scenarios.length} scenarios`)];
  r.scenarios.forEach((sc, k) =>
    out.push(...wrap(`${sc.name}${sc.name === sc.file ? "" : ` (${sc.file})`}`, W, `  ${pad(scenarioLetter(k), 3)}`)),
  );
  out.push(rule);
  // Bottlenecks are named under the table: a name does not fit a column.
  const rows = compareRows(r)
    .filter((row) => row.output !== "bottleneck")
    .map((row) => [row.output, row.unit, ...row.cells.map((_, k) => compareCellText(row, k, true))]);
  const head = ["output", "unit", ...r.scenarios.map((_, k) => scenarioLetter(k))];
  const widths = head.map((h, c) => Math.max(c < 2 ? h.length : 10, ...rows.map((row) => row[c]!.length)) + 2);
  // As many scenario columns as fit in the width beside the output and unit; the rest in further blocks.
  const blocks: number[][] = [];
  for (let c = 2; c < head.length; c++) {
    const block = blocks.at(-1);
    const used = block ? widths[0]! + widths[1]! + block.reduce((sum, k) => sum + widths[k]!, 0) : W;
    if (block && used + widths[c]! <= W) block.push(c);
    else blocks.push([c]);
  }
  blocks.forEach((cols, b) => {
    const line = (cells: string[]) =>
      pad(cells[0]!, widths[0]!) +
      pad(cells[1]!, widths[1]!) +
      cols.map((c) => pad(cells[c]!, widths[c]!, true)).join("");
    if (b > 0) out.push("");
    out.push(s.dim(line(head)), ...rows.map(line));
  });
  if (r.bottlenecks.some((b) => b !== null)) {
    out.push(rule, "Bottlenecks");
    r.bottlenecks.forEach((b, k) => out.push(...wrap(b ?? "none named", W, `  ${pad(scenarioLetter(k), 3)}`)));
  }
  const within = Object.values(r.noise).some((row) => row.includes("within"));
  if (r.notes.length || within) {
    out.push(rule);
    if (within) out.push(...wrap(COMPARE_NOISE_NOTE, W, ""));
    for (const n of r.notes) out.push(...wrap(n, W, "note: "));
  }
  return out.join("\n") + "\n";
}
