// Which inventory ids the model files account for: encoded (as table, figure, formula, example,
// carry), listed as a gap (a chart whose numbers are lost), or deliberately not encoded.
import { compareText } from "../util/number-format.js";
import type { ModelData } from "./types.js";

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
}

export function coverage(data: ModelData): Coverage {
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
  };
}
