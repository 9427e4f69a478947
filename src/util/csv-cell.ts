// A CSV cell that a spreadsheet will not run: text beginning with =, +, -, @, a tab or a carriage
// return is read by Excel, LibreOffice and Google Sheets as a formula (=HYPERLINK(...) in a channel
// name would be a live link, =cmd|... worse). OWASP's advice: prefix such a cell with a single quote,
// which the spreadsheet shows as text. Numbers are written as numbers and left as they are. Control
// characters are shown as escapes first (visible-text.ts). Every CSV the tool writes goes through this.
import { visibleText } from "./visible-text.js";

const FORMULA_START = new Set(["=", "+", "-", "@", "\t", "\r"]);

/** Text for a CSV cell: control characters visible, a formula-looking start neutralised. */
export function safeCsvText(s: string): string {
  const t = visibleText(s);
  return t.length > 0 && FORMULA_START.has(t[0]!) ? `'${t}` : t;
}
