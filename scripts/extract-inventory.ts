// Extracts every inventory id from shared/inventory/*.md into models/inventory.yaml, so that the
// coverage command can list what is not accounted for without the inventory being present.
// Run: tsx scripts/extract-inventory.ts [--check]
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { stringify } from "yaml";

export interface Item {
  id: string;
  type: string;
  lines?: string;
  title: string;
}

const TYPE: Record<string, string> = {
  T: "table",
  B: "block",
  L: "list",
  R: "prose",
  C: "chart",
  D: "diagram",
  W: "example",
  F: "formula",
};

const clean = (s: string) => s.replace(/`/g, "").replace(/\*\*/g, "").replace(/\s+/g, " ").trim().slice(0, 160);

export function extract(invDir: string): Item[] {
  const items = new Map<string, Item>();
  const add = (id: string, lines: string | undefined, title: string) => {
    if (items.has(id)) return;
    const letter = id.split(":")[1]![0]!;
    const item: Item = { id, type: TYPE[letter]!, title: clean(title) };
    if (lines) item.lines = lines.replace(/L/g, "").replace(/–/g, "-").trim();
    items.set(id, item);
  };

  // 000.md
  for (const line of readFileSync(join(invDir, "000.md"), "utf8").split("\n")) {
    let m: RegExpExecArray | null;
    if ((m = /^### \d+\. `([TB]\d+) ([^`]+)`/.exec(line))) add(`000:${m[1]}`, undefined, m[2]!);
    else if ((m = /^- \*\*(R\d+) — (L[^*]+)\*\* — (.*)$/.exec(line))) add(`000:${m[1]}`, m[2], m[3]!);
    else if ((m = /^\| ([CD]\d+) \| (\d+) \| ([^|]*)\|/.exec(line))) add(`000:${m[1]}`, m[2], m[3]!);
    else if ((m = /^### (W\d+) — (.*?)(?: \((L[^)]*)\))?$/.exec(line))) add(`000:${m[1]}`, m[3]?.split(",")[0], m[2]!);
  }
  // 001.md
  for (const line of readFileSync(join(invDir, "001.md"), "utf8").split("\n")) {
    let m: RegExpExecArray | null;
    if ((m = /^\*\*(T\d+) `([^`]+)`\*\*/.exec(line))) add(`001:${m[1]}`, undefined, m[2]!);
    else if ((m = /^\| (L\d+) `([^`]+)` \| ([^|]*)\|/.exec(line))) add(`001:${m[1]}`, m[3], m[2]!);
    else if ((m = /^\| (R\d+) \| ([^|]*)\| ([^|]*)\|/.exec(line))) add(`001:${m[1]}`, m[2], m[3]!);
    else if ((m = /^\| ([CD]\d+) \| ([^|]*)\| ([^|]*)\|/.exec(line))) add(`001:${m[1]}`, m[2], m[3]!);
    else if ((m = /^\| (F\d+) \| ([^|]*)\| ([^|]*)\|/.exec(line))) add(`001:${m[1]}`, m[2], m[3]!);
    else if ((m = /^\*\*(W\d+) — (.*?)\*\*(?: \(lines ([^;)]*))?/.exec(line))) add(`001:${m[1]}`, m[3], m[2]!);
  }
  // 002-004.md: ids carry the seed ("003-T4"); prose rows are numbered within each part.
  let part = "";
  for (const line of readFileSync(join(invDir, "002-004.md"), "utf8").split("\n")) {
    let m: RegExpExecArray | null;
    if ((m = /^## ([ABC])\.2 /.exec(line))) part = { A: "002", B: "003", C: "004" }[m[1]!]!;
    else if (/^## /.test(line)) part = "";
    if ((m = /^### (00[234])-(T\d+)(?:[^`\d][^`]*)?`([^`]+)`/.exec(line))) add(`${m[1]}:${m[2]}`, undefined, m[3]!);
    else if ((m = /^\| (00[234])-(C\d+)(?:\/(C\d+))? \| ([^|]*)\| ([^|]*)\|/.exec(line))) {
      add(`${m[1]}:${m[2]}`, m[4], m[5]!);
      if (m[3]) add(`${m[1]}:${m[3]}`, m[4], m[5]!);
    } else if ((m = /^\* \*\*(00[234])-(W\d+) \(?([^)*]*)(?:(?:\)\*{0,2}|\*{1,2})(.*))?$/.exec(line)))
      add(
        `${m[1]}:${m[2]}`,
        /L\d/.test(m[3]!) ? m[3]!.replace(/^.*?\((L[^)]*)\).*$/, "$1") : undefined,
        `${m[3]} ${m[4] ?? ""}`,
      );
    else if (part && (m = /^\| (\d+) \| (L[^|]*)\| ([^|]*)\|/.exec(line))) add(`${part}:R${m[1]}`, m[2], m[3]!);
  }
  const order = (id: string) => {
    const [seed, rest] = id.split(":");
    const letter = rest![0]!;
    return `${seed}:${"TBLRFWCD".indexOf(letter)}:${rest!.slice(1).padStart(4, "0")}`;
  };
  return [...items.values()].sort((a, b) => order(a.id).localeCompare(order(b.id)));
}

const isMain = process.argv[1] && import.meta.url.endsWith(process.argv[1].split("/").pop()!);
if (isMain) {
  const inv = join(process.cwd(), "..", "shared", "inventory");
  const items = extract(inv);
  const text =
    "# yaml-language-server: $schema=../schema/model.schema.json\n" +
    "# Every id in shared/inventory/, extracted by scripts/extract-inventory.ts. Do not edit by hand.\n" +
    stringify({ kind: "inventory", items }, { lineWidth: 0 });
  const out = join(process.cwd(), "models", "inventory.yaml");
  if (process.argv.includes("--check")) {
    const current = readFileSync(out, "utf8");
    if (current !== text) {
      console.error("models/inventory.yaml is out of date: run tsx scripts/extract-inventory.ts");
      process.exit(1);
    }
  } else writeFileSync(out, text);
  const counts: Record<string, number> = {};
  for (const i of items) counts[i.id.slice(0, 3) + " " + i.type] = (counts[i.id.slice(0, 3) + " " + i.type] ?? 0) + 1;
  console.log(items.length, "ids", counts);
}
