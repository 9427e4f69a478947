// Markdown output (GitHub-flavoured tables), for pasting an estimate or a diff into an issue, a
// wiki or a change record: totals, limits, line items with citations, warnings and gaps.
import { compareRows, type CompareResult } from "../engine/compare.js";
import { incompleteNote, NOISE_NOTE, statusText, type Diff } from "../engine/diff.js";
import type { Estimate } from "../engine/engine.js";
import type { LineItem } from "../engine/types.js";
import type { Citation } from "../model/registry.js";
import { AS_NAMES } from "./chart-spec.js";
import { visibleText } from "../util/visible-text.js";
import { bottleneckText, cfText, cpuHeading, cpuLines, limitCells, lparText } from "./limits-text.js";
import {
  COMPARE_NOISE_NOTE,
  citationText,
  compareCellText,
  fmt,
  fmtRange,
  itemRange,
  mergeCitations,
  noiseText,
  sideText,
} from "./text.js";

/**
 * Escapes text for a table cell or a list item: backslash before markdown punctuation (CommonMark
 * allows it before any ASCII punctuation), and line breaks flattened, which would end a table row.
 */
export function mdText(s: string | number | null | undefined): string {
  return visibleText(String(s ?? ""))
    .replace(/[\\`*_[\]<>|#~!]/g, "\\$&")
    .replace(/\r?\n|\r/g, " ");
}

function mdTable(head: string[], rows: string[][], right: number[] = []): string[] {
  const align = head.map((_, i) => (right.includes(i) ? "---:" : "---"));
  const line = (cells: string[]) => `| ${cells.join(" | ")} |`;
  return [line(head.map(mdText)), line(align), ...rows.map((r) => line(r.map(mdText)))];
}

/** The report's title, section and entry id, one per distinct entry (text.ts citationText). */
export function shortCitations(cs: Citation[]): string {
  return mergeCitations(cs).map(citationText).join("; ");
}

function itemRows(items: LineItem[]): string[][] {
  return items.map((i) => [i.label, fmtRange(itemRange(i)), i.unit, i.confidence, shortCitations(i.citations)]);
}

const ITEM_HEAD = ["item", "value", "unit", "confidence", "citation"];

export function renderMarkdown(e: Estimate): string {
  const out: string[] = [`# mqzcap estimate${e.name ? `: ${mdText(e.name)}` : ""}`, ""];
  out.push(`MQ ${mdText(e.basis.release)} on ${mdText(e.basis.hardware)} · mqzcap ${mdText(e.mqzcap)}`, "");
  out.push(...totals(e));
  if (e.limits.length) {
    const rows = e.limits.map((l) => {
      const c = limitCells(e, l);
      return [
        l.label,
        fmtRange(itemRange(l)),
        l.unit,
        c.demand,
        c.headroom,
        c.machine,
        l.confidence,
        shortCitations(l.citations),
      ];
    });
    const head = ["limit", "value", "unit", "demand", "headroom", "measured on", "confidence", "citation"];
    out.push("## Limits", "", ...mdTable(head, rows, [1, 4]), "");
    const b = bottleneckText(e);
    if (b) out.push(`Bottleneck: ${mdText(b)}`, "");
  }
  const items = e.items.filter((i) => i.metric !== "limit");
  out.push("## Line items", "");
  out.push(...(items.length ? [...mdTable(ITEM_HEAD, itemRows(items), [1]), ""] : ["None.", ""]));
  if (e.warnings.length) {
    out.push(`## Warnings (${e.warnings.length})`, "");
    for (const w of e.warnings) out.push(`- ${mdText(`${w.concern}: ${w.message}`)}${cite(w.citations)}`);
    out.push("");
  }
  const gaps = e.gaps.length + e.needsBaseline.length;
  if (gaps) {
    out.push(`## Gaps (${gaps})`, "");
    for (const g of e.gaps) {
      out.push(`- ${mdText(`${g.concern}: ${g.message}`)}`);
      for (const ch of g.charts) out.push(`  - ${mdText(`only as a chart: "${ch.caption}"`)}${cite([ch.citation])}`);
    }
    for (const n of e.needsBaseline) out.push(`- ${mdText(`baseline: ${n}`)}`);
    out.push("");
  }
  return out.join("\n");
}

function cite(cs: Citation[]): string {
  return cs.length ? ` (${mdText(shortCitations(cs))})` : "";
}

function totals(e: Estimate): string[] {
  const t = e.totals;
  const out = ["## Cost per transaction (CPU microseconds)", ""];
  if (!t.costPerTransaction.length) return [...out, "No per-transaction cost items for this config.", ""];
  const rows = t.costPerTransaction.map((c) => [
    AS_NAMES[c.addressSpace] ?? c.addressSpace,
    fmtRange(c.baseline),
    fmtRange(c.added),
    fmtRange(c.total),
  ]);
  rows.push(["all", "", fmtRange(t.added), fmtRange(t.total)]);
  out.push(...mdTable(["address space", "baseline", "added", "total"], rows, [1, 2, 3]), "");
  const cpu = cpuLines(e);
  if (cpu) {
    out.push(`${mdText(cpuHeading(e))}: ${fmtRange(cpu.engines, "CPU s/s")} (engines busy)`, "");
    if (cpu.cf) out.push(mdText(cfText(cpu.cf, "CPU s/s")), "");
    const lpar = lparText(e);
    if (lpar) out.push(`CPU ${mdText(lpar)}`, "");
  }
  return out;
}

export function renderDiffMarkdown(d: Diff): string {
  const out = [`# mqzcap diff: ${mdText(d.before ?? "before")} → ${mdText(d.after ?? "after")}`, ""];
  if (!d.lines.length) out.push("No line changed.", "");
  else {
    const rows = d.lines.map((l) => [
      l.label,
      l.unit,
      sideText(l.before, l.beforeLow, l.beforeHigh),
      sideText(l.after, l.afterLow, l.afterHigh),
      l.delta === null ? "-" : signed(l.delta),
      l.percent === null ? "-" : `${signed(l.percent)}%`,
      noiseText(l.noise),
      statusText(l.status),
    ]);
    out.push(
      ...mdTable(["line", "unit", "before", "after", "change", "change %", "noise", "status"], rows, [2, 3, 4, 5]),
      "",
    );
    if (d.lines.some((l) => l.noise === "within")) out.push(`*${mdText(NOISE_NOTE)}.*`, "");
  }
  out.push(`${d.unchanged} line(s) unchanged.`, "");
  const note = incompleteNote(d);
  if (note) out.push(`**${mdText(note)}**`, "");
  if (d.gaps.added.length)
    out.push("## Gaps in the proposed config only", "", ...d.gaps.added.map((g) => `- ${mdText(g)}`), "");
  if (d.gaps.removed.length)
    out.push(
      "## Gaps of the base config filled by the proposed one",
      "",
      ...d.gaps.removed.map((g) => `- ${mdText(g)}`),
      "",
    );
  return out.join("\n");
}

function signed(n: number): string {
  return n > 0 ? `+${fmt(n)}` : fmt(n);
}

/** Several configs side by side, as a Markdown table with the scenarios as columns. */
export function renderCompareMarkdown(r: CompareResult): string {
  const out = [`# mqzcap compare: ${r.scenarios.length} scenarios`, ""];
  const rows = compareRows(r).map((row) => [
    row.output,
    row.unit,
    ...row.cells.map((_, k) => compareCellText(row, k, true)),
  ]);
  const right = r.scenarios.map((_, k) => k + 2);
  out.push(...mdTable(["output", "unit", ...r.scenarios.map((s) => s.name)], rows, right), "");
  if (Object.values(r.noise).some((row) => row.includes("within"))) out.push(`*${mdText(COMPARE_NOISE_NOTE)}.*`, "");
  for (const n of r.notes) out.push(`**Note:** ${mdText(n)}`, "");
  return out.join("\n");
}
