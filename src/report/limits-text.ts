// The words every report uses for CPU on the LPAR and for a limit's headroom and machine, written once
// so that the table, Markdown and HTML say the same thing.
import type { Estimate, Range } from "../engine/engine.js";
import type { LineItem } from "../engine/types.js";
import { AS_NAMES } from "./chart-spec.js";
import { fmt, fmtRange } from "./text.js";

/**
 * A headroom as a planner reads it: "headroom 25%" under the limit; an exceeded limit is "over by
 * 10.6x" (demand / limit = 1 - headroom / 100; -963% is 10.63 times the limit), not a negative
 * percentage (JSON keeps headroomPct as it is). `cell`: without the word "headroom", for a column
 * named so.
 */
export function headroomText(pct: number, cell = false): string {
  if (pct <= -1e9) return cell ? "none, exceeded" : "headroom none, exceeded";
  if (pct < 0) return `over by ${fmt(1 - pct / 100)}×`;
  return cell ? fmt(pct, "%") : `headroom ${fmt(pct, "%")}`;
}

/** A headroom percentage; "none" for a limit of zero that any demand exceeds. */
export function pctText(n: number): string {
  return n <= -1e9 ? "none" : fmt(n, "%");
}

/** "CPU at 2,000/s, added items only (no baseline)": what the CPU figure covers, in its own words. */
export function cpuHeading(e: Estimate): string {
  return `CPU at ${fmt(e.totals.rate)}/s${e.cpu.covers === "added-only" ? ", added items only (no baseline)" : ""}`;
}

/**
 * CPU at the rate on the LPAR's engines, and the coupling facility's apart: CF CPU runs on CF
 * processors, so it is neither engines busy nor a share of the LPAR. Without CF CPU the engines are the
 * whole figure.
 */
export function cpuLines(e: Estimate): { engines: Range; cf: Range | null } | null {
  const all = e.totals.cpuSecondsPerSecond;
  if (!all) return null;
  const cf = e.cpu.cf;
  return { engines: cf ? (e.cpu.engines ?? { value: 0, low: 0, high: 0 }) : all, cf };
}

/** "coupling facility: 0.137 CPU s/s (...), on the CF's own processors, not the LPAR's". */
export function cfText(cf: Range, unit = "CPU seconds per second"): string {
  return `coupling facility: ${fmtRange(cf, unit)}, on the coupling facility's own processors (not the LPAR's engines)`;
}

/** The LPAR's share busy, in total and by address space; null without hardware.cpus or a rate. */
export function lparText(e: Estimate): string | null {
  const c = e.cpu;
  if (c.cpus === null || !c.lparPct || !e.totals.cpuSecondsPerSecond) return null;
  const parts = c.byAddressSpace
    .filter((a) => a.lparPct && a.engines.value > 0)
    .map(
      (a) =>
        `${AS_NAMES[a.addressSpace] ?? (a.addressSpace === "total" ? "whole transaction" : a.addressSpace)} ${pctText(a.lparPct!.value)}`,
    );
  return `on ${c.cpus} CP${c.cpus === 1 ? "" : "s"}: ${fmtRange(c.lparPct, "%")} of the LPAR busy${parts.length ? ` (${parts.join(", ")})` : ""}`;
}

/** A limit's demand, headroom and machine, as the reports' cells show them ("-" where there is none). */
export function limitCells(e: Estimate, l: LineItem): { demand: string; headroom: string; machine: string } {
  const h = e.headroom.find((x) => x.id === l.id);
  return {
    demand: h ? `${fmtRange(h.demand, h.unit)} (${h.demandFrom})` : "-",
    headroom: h ? headroomText(h.headroomPct.value, true) : "-",
    machine: machineText(l),
  };
}

/** The machine a limit was measured on, and whether it was scaled to the config's. */
export function machineText(l: LineItem): string {
  const on = (l.measuredOn ?? []).join("/") || "-";
  return l.hardwareFit === "scaled"
    ? `${on}, scaled`
    : l.hardwareFit === "other-machine"
      ? `${on}, not scaled`
      : l.hardwareFit === "machine-independent"
        ? "any machine"
        : on;
}

/** The bottleneck sentence: its label and headroom. */
export function bottleneckText(e: Estimate): string | null {
  const b = e.bottleneck;
  if (!b) return null;
  const h = b.headroomPct;
  return `${b.label}${h === null ? ` (${fmt(b.value, b.unit)})` : ` (${headroomText(h)})`}`;
}
