// A problem with something the user gave us, told the way a compiler would: where, what, and a hint.
export interface Diagnostic {
  file: string;
  line?: number;
  col?: number;
  message: string;
  /** The offending source line, for the caret display. */
  sourceLine?: string;
  suggestion?: string;
  severity: "error" | "warning";
}

export class InputError extends Error {
  constructor(readonly diagnostics: Diagnostic[]) {
    super(diagnostics.map((d) => formatDiagnostic(d, false)).join("\n"));
    this.name = "InputError";
  }
}

export function formatDiagnostic(d: Diagnostic, color: boolean): string {
  const red = (s: string) => (color ? `\x1b[31m${s}\x1b[39m` : s);
  const dim = (s: string) => (color ? `\x1b[2m${s}\x1b[22m` : s);
  const where = d.line !== undefined ? `${d.file}:${d.line}:${d.col ?? 1}` : d.file;
  const out = [`${where}: ${red(d.severity)}: ${d.message}`];
  if (d.sourceLine !== undefined && d.line !== undefined) {
    const gutter = String(d.line);
    const visible = d.sourceLine.length > 200 ? d.sourceLine.slice(0, 200) + "…" : d.sourceLine;
    out.push(dim(`  ${gutter} | `) + visible);
    out.push(
      dim(`  ${" ".repeat(gutter.length)} | `) + " ".repeat(Math.max(0, Math.min((d.col ?? 1) - 1, 200))) + red("^"),
    );
  }
  if (d.suggestion) out.push(`  hint: ${d.suggestion}`);
  return out.join("\n");
}
