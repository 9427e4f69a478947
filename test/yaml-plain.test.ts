// The plain reader (src/util/yaml-plain.ts) must give, for every text it takes, what the yaml library
// gives for it, and take no text the library refuses. Checked on every YAML file of the repository
// (examples, the bad-config corpus, fixtures, the model files) and on thousands of variations of the
// examples made by a seeded generator: characters YAML gives a meaning to put in, lines indented
// differently, comments, quotes, CRLF. Where the reader says no, the library reads the text, as before.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { random } from "./helpers/random.js";
import { parseDocument } from "yaml";
import { parsePlainYaml } from "../src/util/yaml-plain.js";
import { parseConfigText } from "../src/config/load.js";
import { InputError } from "../src/util/diagnostic.js";

/** The library's reading, with the options the config loader gives it; undefined where it has errors. */
function library(text: string): { value: unknown } | undefined {
  const doc = parseDocument(text, { prettyErrors: false, uniqueKeys: true, strict: true });
  if (doc.errors.length > 0 || doc.warnings.length > 0) return undefined;
  return { value: doc.toJS({ maxAliasCount: 100 }) };
}

function yamlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) return yamlFiles(p);
    return f.endsWith(".yaml") || f.endsWith(".yml") ? [p] : [];
  });
}

const files = [...yamlFiles("examples"), ...yamlFiles("test"), ...yamlFiles("models")];

const SIGNIFICANT = [..."-?:,[]{}#&*!|>'\"%@` \t\\~.0123456789eExo+_\r\n"];
const WORDS = ["true", "null", "~", ".inf", "-.inf", ".nan", "0x1F", "0o17", "1e3", "-0", "+5", "1.50", "{}", "[]"];

function variation(text: string, next: () => number): string {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]!;
  const lines = text.split("\n");
  const n = Math.floor(next() * lines.length);
  const line = lines[n] ?? "";
  const at = Math.floor(next() * (line.length + 1));
  switch (Math.floor(next() * 7)) {
    case 0: // a character YAML gives a meaning to
      lines[n] = line.slice(0, at) + pick(SIGNIFICANT) + line.slice(at);
      break;
    case 1: // a line indented one more or one less
      lines[n] = next() < 0.5 ? ` ${line}` : line.replace(/^ /, "");
      break;
    case 2: // a value replaced by a word the core schema resolves
      lines[n] = line.replace(/: .*$/, `: ${pick(WORDS)}`);
      break;
    case 3: // a comment
      lines[n] = `${line}${pick([" # note", "# note", " #", "  # 'quoted' \"text\""])}`;
      break;
    case 4: // quotes around a value
      lines[n] = line.replace(/: (.+)$/, next() < 0.5 ? `: '$1'` : `: "$1"`);
      break;
    case 5: // a line repeated (duplicate keys) or removed
      if (next() < 0.5) lines.splice(n, 0, line);
      else lines.splice(n, 1);
      break;
    default: // CRLF, or a character taken out
      return next() < 0.5 ? lines.join("\r\n") : text.slice(0, at) + text.slice(at + 1);
  }
  return lines.join("\n");
}

describe("the plain YAML reader", () => {
  it("gives the library's value for every file of the repository it takes, and takes every example", () => {
    let taken = 0;
    for (const f of files) {
      const text = readFileSync(f, "utf8").replace(/^\uFEFF/, "");
      const plain = parsePlainYaml(text);
      if (plain === undefined) continue;
      taken++;
      const lib = library(text);
      expect(lib, `${f}: taken, but the library has errors`).toBeDefined();
      expect(plain.value, f).toStrictEqual(lib!.value);
    }
    // Every shipped example is read without the library: they are what a planner's config looks like.
    for (const f of yamlFiles("examples"))
      expect(parsePlainYaml(readFileSync(f, "utf8")), `${f} not taken`).toBeDefined();
    expect(taken).toBeGreaterThan(20);
  });

  it("gives the library's value, or says no, for 6,000 variations of the examples", () => {
    const next = random(20261128);
    const bases = yamlFiles("examples").map((f) => readFileSync(f, "utf8"));
    let taken = 0;
    let refused = 0;
    for (let k = 0; k < 6000; k++) {
      let text = bases[k % bases.length]!;
      for (let m = 1 + Math.floor(next() * 3); m > 0; m--) text = variation(text, next);
      const plain = parsePlainYaml(text);
      if (plain === undefined) {
        refused++;
        continue;
      }
      taken++;
      const lib = library(text);
      expect(
        lib,
        `taken, but the library has errors:\n${JSON.stringify(text)}\n${JSON.stringify(parseDocument(text, { prettyErrors: false, uniqueKeys: true, strict: true }).errors.map((e) => e.message))}`,
      ).toBeDefined();
      expect(plain.value, text).toStrictEqual(lib!.value);
    }
    // Both kinds occur: the variations test the reader's refusals as well as its readings.
    expect(taken).toBeGreaterThan(1000);
    expect(refused).toBeGreaterThan(1000);
  });

  it("reads the core schema's scalars as the library does", () => {
    const words = ["~", "null", "Null", "NULL", "true", "True", "FALSE", "0o17", "017", "-0", "+5", "0x1F", "-0x1F"];
    words.push(".inf", "-.inf", "+.INF", ".NaN", "1e3", "-1.5E-2", "1.", ".5", "1.50", "1_000", "2000/s", "4KB", "a#b");
    for (const w of words) {
      const text = `v: ${w}\nl: [${w}, x]\n`;
      expect(parsePlainYaml(text)?.value, w).toStrictEqual(library(text)!.value);
    }
  });

  it("trims only spaces from a scalar, as YAML does (a no-break space, a form feed, U+2028 stay)", () => {
    // JavaScript's trimEnd took these off; YAML's white space is the space and the tab alone.
    for (const ch of ["\u00a0", "\u000c", "\u000b", "\u2028", "\u0085", "\ufeff"])
      for (const text of [`a: x${ch}\n`, `a: [x${ch}, y]\n`, `a:\n  - b${ch}\n`]) {
        const lib = library(text);
        const plain = parsePlainYaml(text);
        if (plain !== undefined) expect(plain.value, JSON.stringify(text)).toStrictEqual(lib!.value);
      }
    expect(parsePlainYaml("a: x\u00a0\n")?.value).toStrictEqual({ a: "x\u00a0" });
  });

  it("leaves to the library what it does not read: anchors, tags, block scalars, escapes, documents", () => {
    for (const text of [
      "a: &x 1\nb: *x\n",
      "a: !!str 1\n",
      "a: |\n  text\n",
      'a: "tab\\there"\n',
      "---\na: 1\n",
      "%YAML 1.2\n---\na: 1\n",
      "a: 1\na: 2\n",
      "a:\n  b\n",
      "a: [1,\n  2]\n",
      "? a\n: 1\n",
      "a:\tb\n",
      "__proto__: 1\n",
      "a: { b: 1, }\n",
    ])
      expect(parsePlainYaml(text), text).toBeUndefined();
  });

  it("points a diagnostic at the line and column the library gives, for a config it read", () => {
    // Taken by the plain reader (no syntax the library alone reads); the schema refuses a value and
    // the loader asks the document for its position.
    const text =
      "version: 1\nmq: { release: '9.3' }\nhardware: { generation: z15, cpus: 8 }\nworkload:\n  rate: 2000/s\n  messageSize: 4QB\n";
    expect(parsePlainYaml(text)).toBeDefined();
    try {
      parseConfigText(text, "plan.yaml");
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(InputError);
      const d = (e as InputError).diagnostics[0]!;
      expect([d.line, d.col]).toEqual([6, 16]);
      expect(d.sourceLine).toBe("  messageSize: 4QB");
    }
  });
});
