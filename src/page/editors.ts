// The live page's editors (CodeMirror 6): the config, with the tool's diagnostics as lint marks and
// completion and hover from the JSON Schema; and the second tab's proposed config. A script of its
// own, run by the main script after the first estimate is painted (editor-host.ts says why).
import {
  autocompletion,
  type Completion,
  type CompletionContext,
  type CompletionResult,
} from "@codemirror/autocomplete";
import { defaultKeymap, history, historyKeymap, indentWithTab } from "@codemirror/commands";
import { yaml } from "@codemirror/lang-yaml";
import { defaultHighlightStyle, syntaxHighlighting } from "@codemirror/language";
import { linter, lintGutter, type Diagnostic as CmDiagnostic } from "@codemirror/lint";
import { EditorState, type Text } from "@codemirror/state";
import { EditorView, hoverTooltip, keymap, lineNumbers, type Tooltip } from "@codemirror/view";
import type { Diagnostic } from "../util/diagnostic.js";
import type { EditorHost } from "./editor-host.js";
import { describe, keyAt, keyOfValue, nodeAt, pathAt, propertiesOf, valuesOf } from "./schema-help.js";

const host = (window as unknown as { mqzcapEditorHost: EditorHost }).mqzcapEditorHost;

function toCm(doc: Text, d: Diagnostic): CmDiagnostic {
  const line = doc.line(Math.min(Math.max(d.line ?? 1, 1), doc.lines));
  const from = Math.min(line.from + Math.max((d.col ?? 1) - 1, 0), line.to);
  // Mark from the column to the end of the word there (or the line's end), as an editor would.
  const rest = doc.sliceString(from, line.to);
  const word = /^[^\s,:{}[\]]+/.exec(rest);
  const to = word ? from + word[0].length : line.to;
  return {
    from,
    to: Math.max(to, from),
    severity: d.severity,
    message: d.suggestion ? `${d.message} (hint: ${d.suggestion})` : d.message,
    source: "mqzcap",
  };
}

const configLinter = linter((view) => host.lint(view.state.doc.toString()).map((d) => toCm(view.state.doc, d)), {
  delay: 120,
});

function completions(ctx: CompletionContext): CompletionResult | null {
  const line = ctx.state.doc.lineAt(ctx.pos);
  const col = ctx.pos - line.from;
  const lines = ctx.state.doc.toString().split("\n");
  const before = line.text.slice(0, col);
  const word = ctx.matchBefore(/[\w$.-]*/);
  if (!word || (word.from === word.to && !ctx.explicit)) return null;
  // In a value (after "key:" in the current flow segment or block line) offer the key's values.
  const valueOf = keyOfValue(before);
  const path = pathAt(lines, line.number - 1, col);
  if (valueOf) {
    const node = nodeAt(host.schema, [...path, valueOf]);
    const values = node ? valuesOf(node) : [];
    if (!values.length) return null;
    return { from: word.from, options: values.map((v) => ({ label: v, type: "enum" })) };
  }
  const node = nodeAt(host.schema, path);
  if (!node) return null;
  const options: Completion[] = propertiesOf(node).map(([k, v]) => ({
    label: k,
    type: "property",
    detail: Array.isArray(v.type) ? v.type.join(" | ") : (v.type ?? ""),
    info: describe(v),
    apply: `${k}: `,
  }));
  return { from: word.from, options };
}

const schemaHover = hoverTooltip((view, pos): Tooltip | null => {
  const line = view.state.doc.lineAt(pos);
  const hit = keyAt(line.text, pos - line.from);
  if (!hit) return null;
  const path = pathAt(view.state.doc.toString().split("\n"), line.number - 1, hit.from);
  const node = nodeAt(host.schema, [...path, hit.key]);
  const text = node && describe(node);
  if (!text) return null;
  return {
    pos: line.from + hit.from,
    end: line.from + hit.to,
    above: true,
    create: () => {
      const dom = document.createElement("div");
      dom.className = "cm-schema-hover";
      dom.textContent = `${[...path, hit.key].join(".")}: ${text}`;
      return { dom };
    },
  };
});

// Built over the plain text the first paint showed.
const parent = document.getElementById("editor")!;
parent.textContent = "";
const editor = new EditorView({
  parent,
  state: EditorState.create({
    doc: host.firstText,
    extensions: [
      lineNumbers(),
      history(),
      keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
      yaml(),
      syntaxHighlighting(defaultHighlightStyle),
      lintGutter(),
      configLinter,
      autocompletion({ override: [completions] }),
      schemaHover,
      EditorView.lineWrapping,
    ],
  }),
});

let afterView: EditorView | undefined;
function after(): EditorView {
  afterView ??= new EditorView({
    parent: document.getElementById("after-editor")!,
    state: EditorState.create({
      doc: host.firstText,
      extensions: [
        lineNumbers(),
        history(),
        keymap.of([...defaultKeymap, ...historyKeymap]),
        yaml(),
        syntaxHighlighting(defaultHighlightStyle),
      ],
    }),
  });
  return afterView;
}

function setText(view: EditorView, text: string): void {
  view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
}

host.ready({
  text: () => editor.state.doc.toString(),
  setText: (text) => setText(editor, text),
  afterText: () => after().state.doc.toString(),
  setAfterText: (text) => setText(after(), text),
  showAfter: () => void after(),
});
