// Which inventory ids the model files account for: encoded (as table, figure, formula, example,
// carry), listed as a gap (a chart whose numbers are lost), or deliberately not encoded. And the other
// direction: which rule reads each table, figure and formula, or why none does (`use: context`).
import { argError } from "../util/args.js";
import { compareText } from "../util/number-format.js";
import type { ModelData, ModelEntry } from "./types.js";

/** What coverage needs of a rule: its id and the model entries its `uses` names. */
export interface RuleUses {
  id: string;
  uses: readonly string[];
}

/** One table, figure or formula: the rules whose `uses` name it, or the reason none does. */
export interface EntryUse {
  id: string;
  type: "table" | "figure" | "formula";
  file: string;
  rules: string[];
  /** The model file's `why:` for an entry marked `use: context`. */
  context?: string;
}

export interface FileUse {
  file: string;
  entries: number;
  read: number;
  context: number;
  unused: number;
}

export interface SourceCoverage {
  source: string;
  inventory: number;
  encoded: number;
  gaps: number;
  notEncoded: number;
  missing: string[];
}

export interface Coverage {
  format: "mqzcap/coverage@1";
  total: number;
  accounted: number;
  missing: string[];
  unknown: string[];
  bySource: SourceCoverage[];
  examples: { id: string; computed: boolean; reason?: string }[];
  /** Tables, figures and formulas: how many a rule reads, how many are context, how many neither. */
  use: { entries: number; read: number; context: number; unused: number };
  /** Every table, figure and formula, in model order, with its rules or its context reason. */
  entries: EntryUse[];
  /** Per model file, the same counts. */
  byFile: FileUse[];
  /** Tables, figures and formulas that no rule reads and no `use: context` explains: defects. */
  unusedWithoutReason: string[];
  /** Entries marked `use: context` that a rule's `uses` names all the same: one of the two is wrong. */
  contextButRead: string[];
  /** Ids a rule's `uses` names that no model entry has. */
  usesUnknown: { rule: string; id: string }[];
}

/** How coverage names the range layer, which reads the run-to-run tolerances sources.yaml names. */
export const RANGES_READER = "ranges (sources.yaml runToRun)";

const USE_TYPES = new Set<ModelEntry["type"]>(["table", "figure", "formula"]);

/**
 * Coverage of the inventory by the model files and, given the rules, of the model entries by the rules
 * (the library's `coverage` passes RULES; without rules every entry counts as read by none).
 */
export function coverage(data: ModelData, rules: readonly RuleUses[] = []): Coverage {
  if (data === null || typeof data !== "object" || !Array.isArray((data as { sources?: unknown }).sources))
    throw argError("coverage", "the model data", "a registry's data (loadModels().data)", data);
  const status = new Map<string, "encoded" | "gap" | "notEncoded">();
  const referenced = new Set<string>();
  for (const e of data.entries) {
    for (const id of e.inventory) {
      referenced.add(id);
      const prev = status.get(id);
      if (e.type === "gap") {
        if (!prev) status.set(id, "gap");
      } else status.set(id, "encoded");
    }
  }
  for (const n of data.notEncoded) {
    for (const id of n.inventory) {
      referenced.add(id);
      if (!status.has(id)) status.set(id, "notEncoded");
    }
  }
  const known = new Set(data.inventory.map((i) => i.id));
  const bySource = new Map<string, SourceCoverage>();
  for (const item of data.inventory) {
    const source = item.id.slice(0, 3);
    const s =
      bySource.get(source) ??
      ({ source, inventory: 0, encoded: 0, gaps: 0, notEncoded: 0, missing: [] } as SourceCoverage);
    bySource.set(source, s);
    s.inventory++;
    const st = status.get(item.id);
    if (st === "encoded") s.encoded++;
    else if (st === "gap") s.gaps++;
    else if (st === "notEncoded") s.notEncoded++;
    else s.missing.push(item.id);
  }
  const sources = [...bySource.values()].sort((a, b) => compareText(a.source, b.source));
  const missing = sources.flatMap((s) => s.missing);
  const usage = entryUse(data, rules);
  return {
    format: "mqzcap/coverage@1",
    total: data.inventory.length,
    accounted: data.inventory.length - missing.length,
    missing,
    unknown: [...referenced].filter((id) => !known.has(id)).sort(),
    bySource: sources,
    examples: data.entries
      .filter((e) => e.type === "example")
      .map((e) =>
        e.check
          ? { id: e.id, computed: true }
          : { id: e.id, computed: false, reason: e.notComputable ?? "no rule computes it yet" },
      ),
    ...usage,
  };
}

function entryUse(
  data: ModelData,
  rules: readonly RuleUses[],
): Pick<Coverage, "use" | "entries" | "byFile" | "unusedWithoutReason" | "contextButRead" | "usesUnknown"> {
  const readers = new Map<string, string[]>();
  for (const r of rules) {
    for (const id of r.uses) {
      const list = readers.get(id);
      if (!list) readers.set(id, [r.id]);
      else if (!list.includes(r.id)) list.push(r.id);
    }
  }
  // The run-to-run tolerances that sources.yaml names are read by the range layer (src/model/ranges.ts).
  for (const src of data.sources) {
    const id = src.runToRun?.figure;
    if (id === undefined) continue;
    const list = readers.get(id);
    if (!list) readers.set(id, [RANGES_READER]);
    else if (!list.includes(RANGES_READER)) list.push(RANGES_READER);
  }
  const known = new Set(data.entries.map((e) => e.id));
  const usesUnknown = rules.flatMap((r) => r.uses.filter((id) => !known.has(id)).map((id) => ({ rule: r.id, id })));
  const entries: EntryUse[] = [];
  const byFile = new Map<string, FileUse>();
  for (const e of data.entries) {
    if (!USE_TYPES.has(e.type)) continue;
    const u: EntryUse = { id: e.id, type: e.type as EntryUse["type"], file: e.file, rules: readers.get(e.id) ?? [] };
    if (e.context !== undefined) u.context = e.context;
    entries.push(u);
    let f = byFile.get(e.file);
    if (!f) byFile.set(e.file, (f = { file: e.file, entries: 0, read: 0, context: 0, unused: 0 }));
    f.entries++;
    if (u.rules.length) f.read++;
    else if (u.context !== undefined) f.context++;
    else f.unused++;
  }
  const read = entries.filter((e) => e.rules.length > 0).length;
  const context = entries.filter((e) => e.rules.length === 0 && e.context !== undefined).length;
  const unusedWithoutReason = entries.filter((e) => e.rules.length === 0 && e.context === undefined).map((e) => e.id);
  return {
    use: { entries: entries.length, read, context, unused: unusedWithoutReason.length },
    entries,
    byFile: [...byFile.values()].sort((a, b) => compareText(a.file, b.file)),
    unusedWithoutReason,
    contextButRead: entries.filter((e) => e.rules.length > 0 && e.context !== undefined).map((e) => e.id),
    usesUnknown,
  };
}
