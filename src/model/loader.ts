// Reads every model file under a folder, validates it against the zod model schema and normalises it.
// Used at build time for the shipped models/ and at run time for a user's --models folder.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { modelSchemas } from "./schema.js";
import { ModelDataError, normaliseDataFile } from "./normalise.js";
import type { ModelData } from "./types.js";
import { InputError, type Diagnostic } from "../util/diagnostic.js";
import { parseYamlSource, lineText, locate } from "../util/yaml-source.js";
import { zodIssuesToDiagnostics } from "../util/zod-diagnostics.js";

export function listYamlFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (/\.ya?ml$/.test(name)) out.push(p);
    }
  };
  walk(dir);
  return out;
}

export interface LoadOptions {
  /** Mark every value as user-supplied (a --models folder). */
  userSupplied?: boolean;
  /** Shown in messages instead of absolute paths. */
  displayRoot?: string;
}

export function loadModelDir(dir: string, options: LoadOptions = {}): ModelData {
  const data: ModelData = { sources: [], inventory: [], entries: [], notEncoded: [], files: [] };
  const diagnostics: Diagnostic[] = [];
  let files: string[];
  try {
    files = listYamlFiles(dir);
  } catch {
    throw new InputError([
      { file: dir, message: "cannot read the models folder", severity: "error", suggestion: "check the --models path" },
    ]);
  }
  for (const path of files) {
    const file = relative(options.displayRoot ?? process.cwd(), path) || path;
    const src = parseYamlSource(readFileSync(path, "utf8"), file, { maxAliasCount: 1000 });
    if (src.errors.length) {
      diagnostics.push(...src.errors);
      continue;
    }
    const { ModelFile, SourcesFile, InventoryFile, InterpolationErrorFile, DataFile } = modelSchemas();
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
    } else {
      try {
        const { entries, notEncoded } = normaliseDataFile(file, model, options.userSupplied ?? false);
        data.entries.push(...entries);
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
  const seen = new Map<string, string>();
  for (const e of data.entries) {
    const prior = seen.get(e.id);
    if (prior !== undefined && !options.userSupplied) {
      diagnostics.push({ file: e.file, message: `id ${e.id} is used twice (also in ${prior})`, severity: "error" });
    }
    seen.set(e.id, e.file);
  }
  if (diagnostics.length) throw new InputError(diagnostics);
  return data;
}
