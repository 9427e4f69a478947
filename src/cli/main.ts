// The mqzcap command line. Thin: parse arguments, call the library, format, write, set the exit code.
import { Command, Option } from "commander";
import { loadConfigFile } from "../config/load.js";
import { estimateWith, type Estimate } from "../engine/engine.js";
import { loadModels } from "../model/models.js";
import type { Registry } from "../model/registry.js";
import { InputError, formatDiagnostic } from "../util/diagnostic.js";
import { toJson } from "../report/json.js";
import { renderTable } from "../report/table.js";
import { useColor } from "../report/text.js";
import { writeOutput } from "./output.js";
import { VERSION } from "../version.js";
import { modelsCommand } from "./models.js";
import { schemaText } from "./schema.js";

export const EXIT = { ok: 0, strict: 1, input: 2, internal: 3 } as const;

interface CommonOptions {
  format: string;
  out?: string;
  models?: string;
  strict?: boolean;
  explain?: boolean;
}

function registryFor(opts: { models?: string }): Registry {
  return loadModels(opts.models);
}

export function renderEstimate(e: Estimate, format: string, explain: boolean): string {
  switch (format) {
    case "json":
      return toJson(e);
    case "table":
      return renderTable(e, { color: useColor(process.stdout), explain });
    default:
      throw new InputError([
        { file: "--format", message: `unknown format "${format}"`, severity: "error", suggestion: "use table or json" },
      ]);
  }
}

function strictFailed(e: Estimate): boolean {
  return e.warnings.length > 0;
}

export function buildProgram(): Command {
  const program = new Command();
  program
    .name("mqzcap")
    .description(
      "Capacity estimates for IBM MQ for z/OS: CPU, throughput and storage, from IBM's performance reports, every number cited.",
    )
    .version(VERSION)
    .showHelpAfterError("(run with --help for usage)")
    .configureOutput({ outputError: (str, write) => write(str) });

  const formatOption = () =>
    new Option("-f, --format <format>", "output format").choices(["table", "json"]).default("table");

  program
    .command("estimate")
    .description("estimate CPU, throughput and storage for a config")
    .argument("<config>", "config file (.yaml or .json)")
    .addOption(formatOption())
    .option("-o, --out <file>", "write the report to a file (atomically) instead of standard output")
    .option("-m, --models <dir>", "a folder of your own model files, laid over the shipped ones")
    .option("--strict", "exit 1 when the estimate has warnings (extrapolation, carried data, flagged source values)")
    .option("--explain", "show each line's formula, inputs, confidence and citations")
    .action((file: string, opts: CommonOptions) => {
      const registry = registryFor(opts);
      const { config } = loadConfigFile(file);
      const e = estimateWith(config, registry);
      writeOutput(opts.out, renderEstimate(e, opts.format, Boolean(opts.explain)), [file]);
      if (opts.strict && strictFailed(e)) {
        process.stderr.write(`mqzcap: --strict: ${e.warnings.length} warning(s)\n`);
        process.exitCode = EXIT.strict;
      }
    });

  program
    .command("validate")
    .description("check config files without estimating; exit 2 on the first bad one")
    .argument("<config...>", "config files")
    .option("-m, --models <dir>", "also validate a folder of your own model files")
    .action((files: string[], opts: { models?: string }) => {
      if (opts.models) registryFor(opts);
      const problems: string[] = [];
      for (const f of files) {
        try {
          loadConfigFile(f);
          process.stdout.write(`${f}: ok\n`);
        } catch (err) {
          if (!(err instanceof InputError)) throw err;
          problems.push(...err.diagnostics.map((d) => formatDiagnostic(d, useColor(process.stderr))));
        }
      }
      if (problems.length) {
        process.stderr.write(problems.join("\n") + "\n");
        process.exitCode = EXIT.input;
      }
    });

  program
    .command("schema")
    .description("print the JSON Schema of a config (or, with --model, of a model file)")
    .option("--model", "the schema of model files instead")
    .action((opts: { model?: boolean }) => {
      process.stdout.write(schemaText(Boolean(opts.model)));
    });

  program.addCommand(modelsCommand(registryFor));
  return program;
}

export async function main(argv: string[]): Promise<number> {
  const program = buildProgram();
  program.exitOverride();
  try {
    await program.parseAsync(argv);
    return typeof process.exitCode === "number" ? process.exitCode : EXIT.ok;
  } catch (err) {
    return handleError(err);
  }
}

export function handleError(err: unknown): number {
  if (err instanceof InputError) {
    const color = useColor(process.stderr);
    process.stderr.write(err.diagnostics.map((d) => formatDiagnostic(d, color)).join("\n") + "\n");
    return EXIT.input;
  }
  const code = (err as { code?: string; exitCode?: number }).code;
  if (typeof code === "string" && code.startsWith("commander.")) {
    if (code === "commander.helpDisplayed" || code === "commander.version" || code === "commander.help") return EXIT.ok;
    return EXIT.input;
  }
  const message = err instanceof Error ? err.message : String(err);
  process.stderr.write(`mqzcap: internal error: ${message}\nPlease report it with the config that caused it.\n`);
  if (process.env.MQZCAP_DEBUG && err instanceof Error) process.stderr.write(`${err.stack}\n`);
  return EXIT.internal;
}
