// Writes the README's config reference from the generated JSON Schema (between the markers), so the
// reference cannot drift from the schema. Run after the build: tsx scripts/config-reference.ts [--check]
import { readFileSync, writeFileSync } from "node:fs";

type Node = {
  type?: string | string[];
  description?: string;
  properties?: Record<string, Node>;
  items?: Node;
  anyOf?: Node[];
  enum?: unknown[];
  default?: unknown;
  examples?: unknown[];
  const?: unknown;
};

function kind(n: Node): string {
  if (n.enum) return n.enum.map((v) => `\`${String(v)}\``).join(" ");
  if (n.const !== undefined) return `\`${String(n.const)}\``;
  if (n.anyOf)
    return n.anyOf
      .map(kind)
      .filter((k, i, a) => a.indexOf(k) === i)
      .join(" or ");
  if (n.type === "array") return `list`;
  return Array.isArray(n.type) ? n.type.join(" or ") : (n.type ?? "");
}

function rows(n: Node, prefix: string, out: string[]): void {
  for (const [k, v] of Object.entries(n.properties ?? {})) {
    const path = prefix ? `${prefix}.${k}` : k;
    const obj = v.properties ? v : v.anyOf?.find((a) => a.properties);
    const arr = v.type === "array" ? v.items : undefined;
    const ex = v.examples?.length ? ` e.g. \`${JSON.stringify(v.examples[0])}\`` : "";
    const def =
      v.default !== undefined && typeof v.default !== "object" ? ` Default \`${JSON.stringify(v.default)}\`.` : "";
    out.push(
      `| \`${path}\` | ${obj || arr ? (arr ? "list" : "section") : kind(v)} | ${(v.description ?? "").replace(/\|/g, "\\|")}${def}${ex} |`,
    );
    if (obj) rows(obj, path, out);
    if (arr?.properties) rows(arr, `${path}[]`, out);
  }
}

export function withReference(readme: string, schema: Node): string {
  const out = ["| key | type | meaning |", "|---|---|---|"];
  rows(schema, "", out);
  const start = "<!-- config-reference:start -->";
  const end = "<!-- config-reference:end -->";
  const i = readme.indexOf(start);
  const j = readme.indexOf(end);
  if (i < 0 || j < 0) throw new Error("README.md has no config-reference markers");
  return `${readme.slice(0, i + start.length)}\n${out.join("\n")}\n${readme.slice(j)}`;
}

if (process.argv[1]?.endsWith("config-reference.ts")) {
  const schema = JSON.parse(readFileSync("schema/config.schema.json", "utf8")) as Node;
  const readme = readFileSync("README.md", "utf8");
  const next = withReference(readme, schema);
  if (process.argv.includes("--check")) {
    if (next !== readme) {
      console.error("README config reference is out of date: run tsx scripts/config-reference.ts");
      process.exit(1);
    }
  } else writeFileSync("README.md", next);
}
