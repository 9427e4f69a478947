// A model entry's `notes` are sentences. Written as a YAML flow list (`notes: [A, b, c.]`), an
// unquoted comma splits one note into fragments ("A", "b", "c."): 23 notes of models/002 and 003 were
// stored that way. This test rejects a note that is not a sentence, so a split note cannot come back.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadModelDir } from "../src/model/loader.js";
import { ROOT } from "./helpers/cli.js";

const data = loadModelDir(join(ROOT, "models"), { displayRoot: ROOT });

const PAIRS: readonly [string, string][] = [
  ["(", ")"],
  ["[", "]"],
  ["{", "}"],
];

/** Why a note is not a sentence, or undefined when it is one. */
export function notSentence(note: string): string | undefined {
  const s = note.trim();
  if (s !== note) return "has leading or trailing white space";
  const words = s.split(/\s+/);
  if (words.length < 2) return "is a single word";
  // Ends as a sentence does: . ! or ?, closed by any brackets or quotes.
  let end = s.length;
  while (end > 0 && `)]"'\``.includes(s[end - 1]!)) end--;
  if (end === 0 || !".!?".includes(s[end - 1]!)) return "does not end with a full stop";
  // Starts as a sentence does: a capital, a digit, a quote or bracket, or a name that is not a plain
  // lower-case word (z15, mqmdLength, 000.smds-..., sic:).
  const first = words[0]!;
  if (/^[a-z]+[,;)]?$/.test(first)) return `starts with the lower-case word "${first}"`;
  if ((s.match(/"/g)?.length ?? 0) % 2 !== 0) return "has an unpaired double quote";
  // Brackets pair up outside quotations (a quotation may keep a stray bracket as printed).
  const unquoted = s.replace(/"[^"]*"/g, '""').replace(/(?<![A-Za-z])'[^']*'(?![A-Za-z])/g, "''");
  for (const [open, close] of PAIRS) {
    let depth = 0;
    for (const ch of unquoted) {
      if (ch === open) depth++;
      else if (ch === close && --depth < 0) return `closes a "${close}" it never opened`;
    }
    if (depth !== 0) return `leaves a "${open}" open`;
  }
  return undefined;
}

describe("model notes", () => {
  it("tells a sentence from a fragment", () => {
    // The fragments that models/002/sysplex-cf-usage.yaml held before its notes were quoted.
    expect(notSentence("Elapsed CF synchronous service time in microseconds")).toBe("does not end with a full stop");
    expect(notSentence("not us or cf-us).")).toBe('starts with the lower-case word "not"');
    expect(notSentence("IGQ too, L218).")).toBe('closes a ")" it never opened');
    expect(notSentence("z15.")).toBe("is a single word");
    expect(notSentence("z15 only: hardware inflate (L223).")).toBeUndefined();
    expect(notSentence('sic: the header prints "Private queue)" (line 860).')).toBeUndefined();
    expect(notSentence('The "Cost CPU ms column is per start.')).toBe("has an unpaired double quote");
    expect(notSentence("Measured on z16 (line 711).")).toBeUndefined();
  });

  it("are every one a sentence", () => {
    const bad: string[] = [];
    for (const e of data.entries) {
      for (const n of e.notes) {
        const why = notSentence(n);
        if (why) bad.push(`${e.file}: ${e.id}: note ${why}: ${JSON.stringify(n)}`);
      }
    }
    expect(bad).toEqual([]);
  });
});
