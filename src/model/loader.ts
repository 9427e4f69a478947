// Reads every model file under a folder, validates it against the zod model schema and normalises it.
// Used at build time for the shipped models/ and at run time for a user's --models folder.
import { lstatSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { readLimitedText } from "../config/read-file.js";
import { checkOverride } from "./overlay.js";
import { modelSchemas } from "./schema.js";
import { ModelDataError, normaliseDataFile } from "./normalise.js";
import type { ModelData, ModelEntry } from "./types.js";
import { InputError, type Diagnostic } from "../util/diagnostic.js";
import { parseYamlSource, lineText, locate } from "../util/yaml-source.js";
import { zodIssuesToDiagnostics } from "../util/zod-diagnostics.js";

// Limits on a models folder, as on a config (engineering bounds, not figures): the shipped models are
// 64 files, the largest 140 KB, 1,028 entries and some 750 table cells in all.
/** Bytes in one model file. */
export const MAX_MODEL_FILE_BYTES = 1024 * 1024;
/** Model files in a folder. */
export const MAX_MODEL_FILES = 1000;
/** Entries in a folder, all files together. */
export const MAX_MODEL_ENTRIES = 10000;
/** Table cells in a folder, all tables together. */
export const MAX_MODEL_CELLS = 100000;

/**
 * The .yaml and .yml files under a folder, in name order. Folders reached by a symbolic link are not
 * entered (a link to a parent would loop); at most MAX_MODEL_FILES are listed.
 */
export function listYamlFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      if (lstatSync(p).isDirectory()) walk(p);
      else if (/\.ya?ml$/.test(name)) out.push(p);
      if (out.length > MAX_MODEL_FILES) return;
    }
  };
  if (!statSync(dir).isDirectory()) throw new Error("not a folder");
  walk(dir);
  return out;
}

export interface LoadOptions {
  /** Mark every value as user-supplied (a --models folder). */
  userSupplied?: boolean;
  /** Shown in messages instead of absolute paths. */
  displayRoot?: string;
  /** The entries a user's entries replace (by id): each replacement is checked against its entry. */
  base?: (id: string) => ModelEntry | undefined;
}

const KIND_LISTS = {
  table: "tables",
  figure: "figures",
  formula: "formulas",
  gap: "gaps",
  example: "examples",
  carry: "carries",
} as const;

export function loadModelDir(dir: string, options: LoadOptions = {}): ModelData {
  const data: ModelData = { sources: [], inventory: [], entries: [], notEncoded: [], files: [] };
  const diagnostics: Diagnostic[] = [];
  let files: string[];
  try {
    files = listYamlFiles(dir);
  } catch {
    throw new InputError([
      {
        file: dir,
        message: "cannot read the models folder",
        severity: "error",
        suggestion: "check the path of the models folder",
      },
    ]);
  }
  if (files.length > MAX_MODEL_FILES) {
    throw new InputError([
      {
        file: dir,
        message: `has more than ${MAX_MODEL_FILES} model files`,
        severity: "error",
        suggestion: "is this the right folder?",
      },
    ]);
  }
  let cells = 0;
  for (const path of files) {
    const file = relative(options.displayRoot ?? process.cwd(), path) || path;
    let text: string;
    try {
      text = readLimitedText(path, MAX_MODEL_FILE_BYTES, "model", true);
    } catch (err) {
      if (!(err instanceof InputError)) throw err;
      diagnostics.push(...err.diagnostics.map((d) => ({ ...d, file })));
      continue;
    }
    const src = parseYamlSource(text, file, { maxAliasCount: 1000 });
    if (src.errors.length) {
      diagnostics.push(...src.errors);
      continue;
    }
    const { ModelFile, SourcesFile, InventoryFile, InterpolationErrorFile, ConditionEvidenceFile, DataFile } =
      modelSchemas();
    const parsed = ModelFile.safeParse(src.value);
    if (!parsed.success) {
      const kind = (src.value as { kind?: unknown } | null)?.kind;
      const schema =
        kind === "sources"
          ? SourcesFile
          : kind === "inventory"
            ? InventoryFile
            : kind === "interpolation-error"
              ? InterpolationErrorFile
              : kind === "condition-evidence"
                ? ConditionEvidenceFile
                : DataFile;
      diagnostics.push(...zodIssuesToDiagnostics(parsed.error.issues, src, schema));
      continue;
    }
    const model = parsed.data;
    if (model.kind === "sources") data.sources.push(...model.sources);
    else if (model.kind === "inventory") data.inventory.push(...model.items);
    else if (model.kind === "interpolation-error") {
      const { generatedBy, scheme, pooled, tables } = model;
      data.interpolationErrors = { generatedBy, scheme, pooled, tables };
    } else if (model.kind === "condition-evidence") {
      data.conditionEvidence = {
        generatedBy: model.generatedBy,
        rows: model.rows.map(stripUndefined),
      };
    } else {
      try {
        const { entries, notEncoded } = normaliseDataFile(file, model, options.userSupplied ?? false);
        for (const e of entries) {
          if (e.type === "table") cells += e.cells.length;
          const shipped = options.base?.(e.id);
          if (!shipped) continue;
          const list = (model as Record<string, unknown>)[KIND_LISTS[e.type]] as { id: string }[] | undefined;
          const at = [KIND_LISTS[e.type], list?.findIndex((x) => x.id === e.id) ?? 0, "id"];
          for (const message of checkOverride(e, shipped)) {
            const pos = locate(src, at);
            diagnostics.push({
              file,
              ...pos,
              sourceLine: lineText(src.text, pos.line),
              message: `${e.id}: ${message}`,
              severity: "error",
            });
          }
        }
        data.entries.push(...entries);
        if (data.entries.length > MAX_MODEL_ENTRIES || cells > MAX_MODEL_CELLS) break;
        data.notEncoded.push(...notEncoded);
        data.files.push({ file, source: model.source, title: model.title });
      } catch (err) {
        if (!(err instanceof ModelDataError)) throw err;
        const pos = locate(src, err.path);
        diagnostics.push({
          file,
          ...pos,
          sourceLine: lineText(src.text, pos.line),
          message: `${err.path.join(".")}: ${err.message}`,
          severity: "error",
        });
      }
    }
  }
  if (data.entries.length > MAX_MODEL_ENTRIES || cells > MAX_MODEL_CELLS) {
    diagnostics.push({
      file: dir,
      message: `holds ${data.entries.length} entries and ${cells} table cells; a models folder is limited to ${MAX_MODEL_ENTRIES} and ${MAX_MODEL_CELLS}`,
      severity: "error",
      suggestion: "is this the right folder?",
    });
  }
  const seen = new Map<string, string>();
  for (const e of data.entries) {
    const prior = seen.get(e.id);
    // In a user's folder too: which of the two would replace the shipped entry is not the user's to guess.
    if (prior !== undefined) {
      diagnostics.push({
        file: e.file,
        message: `id ${e.id} is defined twice: here and in ${prior}`,
        severity: "error",
        suggestion: "keep one of them",
      });
    }
    seen.set(e.id, e.file);
  }
  if (diagnostics.length) throw new InputError(diagnostics);
  return data;
}

/** A row without its absent optional keys (exactOptionalPropertyTypes: a key present as undefined is not absent). */
function stripUndefined<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}
