// What format a report is written in when --format is not given: the --out file's extension says
// (report.html, report.md, report.csv, report.json), as `chart` takes PNG or SVG from its file; else
// the table.
import { extname } from "node:path";
import { InputError } from "../util/diagnostic.js";
import { tableWidth, WIDTH } from "../report/text.js";

const BY_EXTENSION: Readonly<Record<string, string>> = {
  ".html": "html",
  ".htm": "html",
  ".md": "md",
  ".markdown": "md",
  ".csv": "csv",
  ".json": "json",
  ".txt": "table",
};

/** The format to write: --format when given, else the one --out's extension names, else the table. */
export function outputFormat(format: string | undefined, out: string | undefined, allowed: readonly string[]): string {
  if (format !== undefined) return format;
  if (out === undefined || out === "-") return "table";
  const byExtension = BY_EXTENSION[extname(out).toLowerCase()];
  if (byExtension === undefined) return "table";
  if (!allowed.includes(byExtension))
    throw new InputError([
      {
        file: out,
        message: `this command does not write ${byExtension}, which the file's extension asks for`,
        severity: "error",
        suggestion: `name a file ending in ${Object.keys(BY_EXTENSION)
          .filter((x) => allowed.includes(BY_EXTENSION[x]!))
          .join(", ")}, or give --format (${allowed.join(", ")})`,
      },
    ]);
  return byExtension;
}

/** Columns for a table: a terminal's own (at least 80) when writing to one, else 100. */
export function reportWidth(toTerminal: boolean, columns: number | undefined): number {
  return toTerminal && columns !== undefined && columns > 0 ? tableWidth(columns) : WIDTH;
}
