// A problem with something the user gave us, told the way a compiler would: where, what, and a hint.
import { cutGraphemes, visibleText } from "./visible-text.js";
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

/**
 * A diagnostic as a compiler prints it. Everything in it may echo the user's text (a file name, a
 * value, the source line), so control characters are shown as escapes, never sent to the terminal;
 * the caret moves with the escapes before it.
 */
export function formatDiagnostic(d: Diagnostic, color: boolean): string {
  const red = (s: string) => (color ? `\x1b[31m${s}\x1b[39m` : s);
  const dim = (s: string) => (color ? `\x1b[2m${s}\x1b[22m` : s);
  const file = visibleText(d.file);
  const where = d.line !== undefined ? `${file}:${d.line}:${d.col ?? 1}` : file;
  const out = [`${where}: ${red(d.severity)}: ${visibleText(d.message)}`];
  if (d.sourceLine !== undefined && d.line !== undefined) {
    const gutter = String(d.line);
    const cut = cutGraphemes(d.sourceLine, 200);
    const shown = visibleText(cut) + (cut.length < d.sourceLine.length ? "…" : "");
    const caret = visibleText(d.sourceLine.slice(0, Math.max(0, (d.col ?? 1) - 1))).length;
    out.push(dim(`  ${gutter} | `) + shown);
    out.push(dim(`  ${" ".repeat(gutter.length)} | `) + " ".repeat(Math.min(caret, shown.length)) + red("^"));
  }
  if (d.suggestion) out.push(`  hint: ${visibleText(d.suggestion)}`);
  return out.join("\n");
}
