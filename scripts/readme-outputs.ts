// Refreshes the command outputs shown in README.md (between `<!-- output:ARGS -->` and
// `<!-- output:end -->`) from the built CLI, so the README never shows output the tool no longer gives.
// Run after the build: tsx scripts/readme-outputs.ts [--check]. An empty block (```text then ```) is
// filled too: one was left empty, unchecked, when its section was written.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export function refreshReadme(readme: string, root: string): string {
  return readme.replace(
    /<!-- output:(?!end)(.+?) -->\n```text\n(?:[\s\S]*?\n)?```\n<!-- output:end -->/g,
    (block: string, args: string) => {
      // Outputs of the shared fixtures stay as they are in a checkout without ../shared beside it.
      if (args.includes("../shared/") && !existsSync(join(root, "..", "shared"))) return block;
      const r = spawnSync(process.execPath, ["dist/cli.cjs", ...args.trim().split(/\s+/)], {
        cwd: root,
        encoding: "utf8",
        env: { ...process.env, NO_COLOR: "1" },
      });
      if (r.status !== 0) throw new Error(`mqzcap ${args}: exit ${r.status}: ${r.stderr}`);
      return `<!-- output:${args} -->\n\`\`\`text\n${r.stdout.replace(/\n$/, "")}\n\`\`\`\n<!-- output:end -->`;
    },
  );
}

if (process.argv[1]?.endsWith("readme-outputs.ts")) {
  const readme = readFileSync("README.md", "utf8");
  const next = refreshReadme(readme, process.cwd());
  if (process.argv.includes("--check")) {
    if (next !== readme) {
      console.error("README.md outputs are out of date: run tsx scripts/readme-outputs.ts");
      process.exit(1);
    }
  } else writeFileSync("README.md", next);
}
