// The model entries the page carries: those an estimate can read, so that the page keeps within its
// 450 KB budget (all 1,000-odd entries are 158 KB gzipped; these some 70 KB). An estimate reads the
// entries its rules list in `uses` (test/rules/uses.test.ts holds each rule to its list), every table,
// gap and carry (rules, sweeps and the registry scan these by type), and each source's run-to-run
// figure (the registry's ranges). Left out: entries kept only as context (`use: context`), worked
// examples, and the fields only `mqzcap models` prints (notes, inventory, partial, a figure's quote: emptied). test/page-core.test.ts
// checks the JSON of random configs is the same on these entries as on all of them.
import type { ModelData, ModelEntry } from "../model/types.js";
import { MIN_EVIDENCE_ENTRIES, spreadTaken, type EvidenceRow } from "../model/evidence.js";

const SCANNED_TYPES: ReadonlySet<string> = new Set(["table", "gap", "carry"]);
const PRINTED_ONLY = ["notes", "inventory", "partial"] as const;

export function pageModelData(
  models: ModelData,
  rules: readonly { uses: readonly string[]; quotes?: readonly string[] }[],
): ModelData {
  const read = new Set(rules.flatMap((r) => r.uses));
  const quoted = new Set(rules.flatMap((r) => r.quotes ?? []));
  for (const s of models.sources) if (s.runToRun?.figure) read.add(s.runToRun.figure);
  const entries = models.entries
    .filter((e) => read.has(e.id) || SCANNED_TYPES.has(e.type))
    // Emptied rather than deleted, so that each entry keeps its type's shape.
    .map(
      (e) =>
        ({
          ...e,
          ...Object.fromEntries(PRINTED_ONLY.filter((f) => f in e).map((f) => [f, []])),
          // A figure's quoted sentence is printed by `mqzcap models` and by the rules that list it in
          // `quotes` only (a carry's quote is in warnings); of the run-to-run reasons only their
          // presence is read (src/model/registry.ts).
          ...(e.type === "figure" && !quoted.has(e.id) ? { quote: "" } : {}),
          ...(e.measuredStorage !== undefined ? { measuredStorage: "" } : {}),
          // A formula's variables and quote, and a table measure's description, are printed by `mqzcap
          // models show` only.
          ...(e.type === "formula" ? { variables: [], quote: "" } : {}),
          ...(e.type === "table" ? { measures: e.measures.map(({ description: _unused, ...m }) => m) } : {}),
          ...(e.notRunToRun !== undefined ? { notRunToRun: "" } : {}),
        }) as ModelEntry,
    );
  return {
    sources: models.sources,
    inventory: [],
    entries,
    notEncoded: [],
    // The model files' list is read by `mqzcap models` and the loader only.
    files: [],
    ...(models.interpolationErrors ? { interpolationErrors: models.interpolationErrors } : {}),
    // Rows from one entry are never taken as evidence (src/model/evidence.ts): not carried.
    ...(models.conditionEvidence
      ? {
          conditionEvidence: {
            ...models.conditionEvidence,
            // Only what the ranges read of each row: the worst (`max`, printed by `mqzcap models`) where
            // the whole spread is not taken, and the held-out counts where they change nothing.
            rows: models.conditionEvidence.rows.filter((r) => r.entries >= MIN_EVIDENCE_ENTRIES).map(pageRow),
          },
        }
      : {}),
  };
}

/** An evidence row as the page's ranges read it (spreadTaken, evidenceFor, noEvidenceWords). */
function pageRow(r: EvidenceRow): EvidenceRow {
  const { heldOut, upWhole: _upWhole, up, ...rest } = r;
  const taken = spreadTaken(r);
  // Not taken: only its counts are read, for the words saying why the range is open.
  if (taken === "none") return { ...rest, pct: 0, max: 0, heldOut: heldOut! };
  if (taken === "whole") return r;
  return { ...rest, max: 0, ...(up ? { up } : {}) };
}
