// `mqzcap init`: a commented starter config (examples/starter.yaml) or one of the shipped examples,
// written to a new file with its schema line pointing at the schema of the mqzcap that wrote it, so
// that an editor checks it at once. Never over an existing file.
import { Command } from "commander";
import { existsSync, readdirSync, readFileSync, realpathSync } from "node:fs";
import { dirname, isAbsolute, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { InputError } from "../util/diagnostic.js";
import { didYouMean } from "../util/zod-diagnostics.js";
import { writeStderr, writeStdout } from "./stdout.js";
import { createNewFile } from "./output.js";

const DEFAULT_FILE = "plan.yaml";
const STARTER = "starter";

/** The package's root: dist/ (the bundle) or src/cli/ (tsx) is below it. */
function packageRoot(): string {
  for (const up of ["..", "../.."]) {
    const root = fileURLToPath(new URL(`${up}/`, import.meta.url));
    if (existsSync(resolve(root, "examples", `${STARTER}.yaml`))) return root;
  }
  throw new Error("the shipped examples/ folder is missing from the mqzcap package");
}

/** The names --example takes: the YAML files in examples/, without the extension. */
export function exampleNames(root: string = packageRoot()): string[] {
  return readdirSync(resolve(root, "examples"))
    .filter((f) => f.endsWith(".yaml"))
    .map((f) => f.slice(0, -".yaml".length))
    .sort();
}

/** The schema path as a config in `folder` names it: relative, with forward slashes, "./" first. */
export function schemaReference(folder: string, root: string): string {
  let schema = resolve(root, "schema", "config.schema.json");
  try {
    schema = realpathSync(schema);
    folder = realpathSync(folder);
  } catch {
    /* shown as resolved */
  }
  const rel = relative(folder, schema).split(sep).join("/");
  // Relative when the package is below the folder or in a node_modules above it (a project's own
  // install); absolute otherwise (a global install, npx's cache), where "../../.." would say little.
  if (/^(?:\.\.\/)*node_modules\//.test(rel)) return rel.startsWith("../") ? rel : `./${rel}`;
  if (!rel.startsWith("../") && !isAbsolute(rel)) return `./${rel}`;
  return schema.split(sep).join("/");
}

/** The example's text with its schema line made to point at this package's schema from `folder`. */
export function starterText(name: string, folder: string, root: string = packageRoot()): string {
  const text = readFileSync(resolve(root, "examples", `${name}.yaml`), "utf8");
  const line = `# yaml-language-server: $schema=${schemaReference(folder, root)}`;
  return text.startsWith("# yaml-language-server:") ? text.replace(/^[^\n]*/, () => line) : `${line}\n${text}`;
}

function refuse(file: string, message: string, suggestion: string): never {
  throw new InputError([{ file, message, severity: "error", suggestion }]);
}

export function initCommand(): Command {
  return new Command("init")
    .description("write a commented starter config (or one of the shipped examples) to a new file")
    .argument("[file]", `the new config file (default ${DEFAULT_FILE})`)
    .option("-o, --out <file>", "the new config file, as the argument")
    .option("-e, --example <name>", "start from a shipped example instead (names: see --example list)")
    .action((fileArg: string | undefined, opts: { out?: string; example?: string }) => {
      if (fileArg !== undefined && opts.out !== undefined && fileArg !== opts.out)
        refuse(fileArg, `two files named: ${fileArg} and --out ${opts.out}`, "give the file once");
      const file = opts.out ?? fileArg ?? DEFAULT_FILE;
      const root = packageRoot();
      const names = exampleNames(root);
      const name = opts.example ?? STARTER;
      if (name === "list") {
        writeStdout(`${names.join("\n")}\n`);
        return;
      }
      if (!names.includes(name)) {
        const guess = didYouMean(name, names);
        refuse(
          "--example",
          `no example is named "${name}"`,
          `${guess ? `did you mean "${guess}"? ` : ""}the examples are ${names.join(", ")}`,
        );
      }
      const target = resolve(file);
      if (!existsSync(dirname(target))) refuse(file, "the folder for the new config does not exist", "create it first");
      const text = starterText(name, dirname(target), root);
      // Whole or not at all (a full disk left an empty file the retry called "already exists"), and never
      // over an existing file or a link planted at the name.
      if (!createNewFile(file, target, text))
        refuse(file, "already exists; init writes new files only", `name a new file: mqzcap init other.yaml`);
      writeStderr(
        `mqzcap init: wrote ${file}${name === STARTER ? "" : ` (example ${name})`}; edit it, then: mqzcap estimate ${file}\n`,
      );
    });
}
