// The tests' own reading of an mq-smf-csv formatter CSV (quoted fields, ="..." fields, bare numbers),
// independent of the program's parser, so that expected values come from the rows themselves.
import { readFileSync } from "node:fs";

export function formatterCsv(file: string): Record<string, string>[] {
  const lines = readFileSync(file, "latin1").split("\n").filter(Boolean);
  const split = (line: string) => {
    const out: string[] = [];
    let i = 0;
    while (i < line.length) {
      if (line[i] === "=" && line[i + 1] === '"') i++;
      if (line[i] === '"') {
        const end = line.indexOf('",', i + 1);
        out.push(line.slice(i + 1, end));
        i = end + 2;
      } else {
        const end = line.indexOf(",", i);
        out.push(line.slice(i, end).trim());
        i = end + 1;
      }
    }
    return out;
  };
  const head = split(lines[0]!).map((h) => h.trim());
  return lines.slice(1).map((l) => Object.fromEntries(split(l).map((v, k) => [head[k], v])));
}
