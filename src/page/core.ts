// What the live page computes, with no DOM and no Node: the same calls the CLI makes (parseConfigText,
// estimateWith, toJson, diff, sweep, the reports), so the page and `mqzcap estimate --format json` give
// the same bytes. The browser test and a Node test bundle this file for the browser (platform-neutral).
import { parseConfigText } from "../config/load.js";
import { diff, type Diff } from "../engine/diff.js";
import { estimateWith, type Estimate } from "../engine/engine.js";
import { measuredSteps, parseVary, sweep, type SweepResult } from "../engine/sweep.js";
import { shippedRegistry } from "../model/models.js";
import type { Registry } from "../model/registry.js";
import { toJson } from "../report/json.js";
import { renderDiffTable, renderSweepTable } from "../report/table.js";
import { InputError, type Diagnostic } from "../util/diagnostic.js";

/** An estimate of a config's text, or the problems that stop one (line:col, message, did-you-mean). */
export type TextEstimate =
  | { ok: true; estimate: Estimate; json: string; source: Record<string, unknown> }
  | { ok: false; diagnostics: Diagnostic[] };

function registry(): Registry {
  return shippedRegistry();
}

/** Diagnostics of an InputError; anything else is a bug and is thrown on. */
function diagnosticsOf(err: unknown): Diagnostic[] {
  if (err instanceof InputError) return err.diagnostics;
  throw err;
}

/** Estimates a config's text as `mqzcap estimate FILE --format json` does. */
export function estimateText(text: string, file = "config.yaml"): TextEstimate {
  try {
    const loaded = parseConfigText(text, file);
    const estimate = estimateWith(loaded.config, registry());
    return { ok: true, estimate, json: toJson(estimate), source: loaded.source.value as Record<string, unknown> };
  } catch (err) {
    return { ok: false, diagnostics: diagnosticsOf(err) };
  }
}

export interface TextDiff {
  diff: Diff;
  before: Estimate;
  after: Estimate;
  json: string;
  table: string;
}

/** `mqzcap diff` of two configs' texts. */
export function diffTexts(
  before: string,
  after: string,
): { ok: true; result: TextDiff } | { ok: false; diagnostics: Diagnostic[] } {
  const a = estimateText(before, "before.yaml");
  const b = estimateText(after, "after.yaml");
  if (!a.ok || !b.ok)
    return { ok: false, diagnostics: [...(a.ok ? [] : a.diagnostics), ...(b.ok ? [] : b.diagnostics)] };
  const d = diff(a.estimate, b.estimate);
  return {
    ok: true,
    result: {
      diff: d,
      before: a.estimate,
      after: b.estimate,
      json: toJson(d),
      table: renderDiffTable(d, { color: false }),
    },
  };
}

/** `mqzcap sweep CONFIG --vary SPEC`: one input varied over values or a range in the data's steps. */
export function sweepText(
  text: string,
  vary: string,
): { ok: true; result: SweepResult; table: string } | { ok: false; diagnostics: Diagnostic[] } {
  try {
    const base = parseConfigText(text, "config.yaml").source.value as Record<string, unknown>;
    const reg = registry();
    const v = parseVary(vary, (_p, low, high) => measuredSteps(reg, low, high));
    const result = sweep(base, [v], reg);
    return { ok: true, result, table: renderSweepTable(result) };
  } catch (err) {
    return { ok: false, diagnostics: diagnosticsOf(err) };
  }
}
