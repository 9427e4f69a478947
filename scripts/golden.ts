// Regenerates examples/golden/: each example's estimate as JSON and as the terminal table, from the
// built CLI, and for the how-far-* examples their capacity answer as well. Review the diff before committing: a golden file changes only when a number should.
// Run: npm run build && tsx scripts/golden.ts
import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";

export function goldenOutputs(root: string): Map<string, string> {
  const out = new Map<string, string>();
  const examples = readdirSync(join(root, "examples"))
    .filter((f) => f.endsWith(".yaml"))
    .sort();
  for (const f of examples) {
    const name = basename(f, ".yaml");
    // The "how far" examples ask mqzcap capacity their question; they keep its answer too.
    const commands: [string, string][] = [["estimate", ""]];
    if (name.startsWith("how-far")) commands.push(["capacity", ".capacity"]);
    for (const [command, suffix] of commands)
      for (const [format, ext] of [
        ["json", "json"],
        ["table", "txt"],
      ] as const) {
        const r = spawnSync(
          process.execPath,
          [join(root, "dist", "cli.cjs"), command, `examples/${f}`, "--format", format],
          {
            cwd: root,
            encoding: "utf8",
            env: { ...process.env, NO_COLOR: "1" },
          },
        );
        if (r.status !== 0) throw new Error(`${f}: exit ${r.status}: ${r.stderr}`);
        out.set(`${name}${suffix}.${ext}`, r.stdout);
      }
  }
  return out;
}

const isMain = process.argv[1]?.endsWith("golden.ts");
if (isMain) {
  const root = process.cwd();
  mkdirSync(join(root, "examples", "golden"), { recursive: true });
  for (const [file, text] of goldenOutputs(root)) writeFileSync(join(root, "examples", "golden", file), text);
  console.log("wrote examples/golden/");
}
