// What the page's two scripts give each other. The main script (main.ts: the core, the results, the
// first estimate) runs as the page loads; the editors' script (editors.ts: CodeMirror, lint marks,
// completion and hover) is inert in the file until the first estimate has been painted, then run by
// the main script, and so neither its 350 KB of CodeMirror nor their setup delay that first paint.
import type { Diagnostic } from "../util/diagnostic.js";
import type { SchemaNode } from "./schema-help.js";

/** The main script's side, on window.mqzcapEditorHost before it runs the editors' script. */
export interface EditorHost {
  /** The config's JSON Schema (completion and hover). */
  schema: SchemaNode;
  /** The config the page started with: both editors' first text. */
  firstText: string;
  /** Estimates the text and shows it (the text just estimated: not again); its problems, if any. */
  lint(text: string): Diagnostic[];
  /** Called by the editors' script, as it runs, with its side. */
  ready(editors: Editors): void;
}

/** The editors' side: the config's editor, and the second tab's editor of the proposed config. */
export interface Editors {
  text(): string;
  setText(text: string): void;
  /** The proposed config's editor is built when first asked for (the second tab opened). */
  afterText(): string;
  setAfterText(text: string): void;
  showAfter(): void;
}
