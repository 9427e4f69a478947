// The mqzcap command line. Thin: parse arguments, call the library, format, write, set the exit code.
import "./zod-jitless.js"; // first: before the config and model schemas are built
import { Command, Option } from "commander";
import { loadConfigFile } from "../config/read-file.js";
import { estimateWith, type Estimate } from "../engine/engine.js";
import { loadModels } from "../model/load-models.js";
import type { Registry } from "../model/registry.js";
import { InputError, formatDiagnostic } from "../util/diagnostic.js";
import { toJson } from "../report/json.js";
import { renderTable } from "../report/table.js";
import { useColor } from "../report/text.js";
import { checkOutputs, isStdout, writeOutput, type Inputs } from "./output.js";
import { stderrState, stdoutIsTTY, terminalColumns, writeStderr, writeStdout } from "./stdout.js";
import { outputFormat, reportWidth } from "./out-format.js";
import { loadChart } from "./load-chart.js";
import { VERSION } from "../version.js";
import { formatNumber } from "../util/number-format.js";
import { visibleText } from "../util/visible-text.js";
import { modelsCommand } from "./models.js";
import { calibrateCommand, planWithBaseline, type SmfSelection } from "./calibrate.js";
import { schemaText } from "./schema.js";
import { initCommand } from "./init.js";
import { pageHtml } from "./page.js";
import { diff, type Diff } from "../engine/diff.js";
import { DEFAULT_METRICS } from "../engine/metrics.js";
import { MAX_SWEEP_POINTS, measuredSteps, parseVary, sweep } from "../engine/sweep.js";
import { renderCompareTable, renderDiffTable, renderSweepTable } from "../report/table.js";
import type { ChartSpec } from "../report/chart-spec.js";
import { BUDGET_RULES, checkBudget, type Budgets, type CapacityResult } from "../engine/capacity.js";
import { parsePercent, parseSize } from "../config/units.js";

export const EXIT = { ok: 0, strict: 1, input: 2, internal: 3 } as const;

interface CommonOptions {
  format?: string;
  out?: string;
  models?: string;
  strict?: boolean;
  explain?: boolean;
}

function registryFor(opts: { models?: string }): Registry {
  return loadModels(opts.models);
}

// "markdown" is taken for "md": both are what people type.
export const FORMATS = ["table", "json", "md", "markdown", "csv", "html"] as const;
const SWEEP_FORMATS = ["table", "json", "csv", "html"];

function unknownFormat(format: string): never {
  throw new InputError([
    {
      file: "--format",
      message: `unknown format "${format}"`,
      severity: "error",
      suggestion: `use ${FORMATS.join(", ")}`,
    },
  ]);
}

/** The table's colour and width: a terminal's, when the report goes to one. */
function tableLook(toFile: boolean): { color: boolean; width: number } {
  const tty = !toFile && stdoutIsTTY();
  return { color: !toFile && useColor({ isTTY: tty }), width: reportWidth(tty, tty ? terminalColumns() : undefined) };
}

export async function renderEstimate(e: Estimate, format: string, explain: boolean, toFile: boolean): Promise<string> {
  switch (format) {
    case "json":
      return toJson(e);
    case "table":
      return renderTable(e, { ...tableLook(toFile), explain });
    case "md":
    case "markdown":
      return (await import("../report/markdown.js")).renderMarkdown(e);
    case "csv":
      return (await import("../report/csv.js")).renderCsv(e);
    case "html":
      return (await import("../report/html.js")).renderHtml(e);
    default:
      return unknownFormat(format);
  }
}

async function renderDiff(
  d: Diff,
  before: Estimate,
  after: Estimate,
  format: string,
  toFile: boolean,
): Promise<string> {
  switch (format) {
    case "json":
      return toJson(d);
    case "table":
      return renderDiffTable(d, tableLook(toFile));
    case "md":
    case "markdown":
      return (await import("../report/markdown.js")).renderDiffMarkdown(d);
    case "csv":
      return (await import("../report/csv.js")).renderDiffCsv(d);
    case "html":
      return (await import("../report/html.js")).renderDiffHtml(d, before, after);
    default:
      return unknownFormat(format);
  }
}

/**
 * Loads chart.js and the canvas when a command is to draw, before anything is computed or written, so
 * that where the canvas cannot load (an optional dependency, with no build for some platforms) the
 * command stops at once with exit 2 and the way round it (--format html).
 */
async function readyToDraw(file: string | undefined): Promise<void> {
  if (file !== undefined) (await loadChart()).loadCanvas();
}

/** Draws a chart to FILE.png or FILE.svg; chart.js and the canvas load only here. */
async function writeChart(file: string, spec: () => Promise<ChartSpec>, inputs: Inputs): Promise<void> {
  const format = file.toLowerCase().endsWith(".svg") ? "svg" : "png"; // checkOutputs allowed these two
  const { renderChart } = await loadChart();
  writeOutput(file, await renderChart(await spec(), { format }), inputs);
}

/** What a command reads, for the --out checks: its config files, the --models folder, SMF data. */
function inputsOf(files: string[], opts: { models?: string }, smf?: string): Inputs {
  return {
    files,
    ...(opts.models !== undefined ? { modelsDir: opts.models } : {}),
    ...(smf !== undefined ? { paths: [smf] } : {}),
  };
}

interface CapacityCliOptions {
  for?: string[];
  cpuBusy?: string;
  cpus?: string;
  chinUsed?: string;
  chinFree?: string;
  csaAvailable?: string;
  belowBarAvailable?: string;
  chart?: string;
}

/** The command line's budgets, each checked as the library's are (BUDGET_RULES). */
function budgetsOf(o: CapacityCliOptions): Budgets {
  const b: Budgets = {};
  const take = (key: keyof Budgets, raw: string | undefined, parse: (s: string) => number | undefined) => {
    if (raw === undefined) return;
    b[key] = checkBudget(key, parse(raw), raw, BUDGET_RULES[key].flag);
  };
  take("cpuBusy", o.cpuBusy, parsePercent);
  take("cpus", o.cpus, (s) => (s.trim() === "" ? undefined : Number(s)));
  take("chinUsed", o.chinUsed, parseSize);
  take("chinFree", o.chinFree, parseSize);
  take("csaAvailable", o.csaAvailable, parseSize);
  take("belowBarAvailable", o.belowBarAvailable, parseSize);
  return b;
}

async function renderCapacity(r: CapacityResult, format: string, toFile: boolean): Promise<string> {
  switch (format) {
    case "json":
      return toJson(r);
    case "table":
      return (await import("../report/capacity.js")).renderCapacityTable(r, tableLook(toFile));
    case "md":
    case "markdown":
      return (await import("../report/capacity.js")).renderCapacityMarkdown(r);
    case "csv":
      return (await import("../report/capacity.js")).renderCapacityCsv(r);
    case "html":
      return (await import("../report/html.js")).renderCapacityHtml(r);
    default:
      return unknownFormat(format);
  }
}

/**
 * Progress on standard error once a command has run for a second (MQZCAP_PROGRESS_AFTER_MS changes
 * that, for tests): one updating line on a terminal, a line per tenth on a pipe or file.
 */
function progress(command: string, unit: string): (done: number, total: number) => void {
  const started = Date.now();
  const after = Number(process.env.MQZCAP_PROGRESS_AFTER_MS ?? 1000);
  let lastTenth = -1;
  return (done, total) => {
    if (Date.now() - started < after) return;
    const tenth = Math.floor((done * 10) / total);
    if (process.stderr.isTTY) writeStderr(`\rmqzcap ${command}: ${done}/${total} ${unit}`);
    else if (tenth !== lastTenth) writeStderr(`mqzcap ${command}: ${done}/${total} ${unit}\n`);
    lastTenth = tenth;
    if (done === total && process.stderr.isTTY) writeStderr("\n");
  };
}

function strictFailed(e: Estimate): boolean {
  return e.warnings.length > 0;
}

/** Where commander writes; its messages quote the arguments given ("unknown option '--x'"), so each
 * line is shown with control characters escaped. */
const COMMANDER_OUTPUT = {
  writeOut: writeStdout,
  writeErr: writeStderr,
  outputError: (str: string, write: (s: string) => void) => write(str.split("\n").map(visibleText).join("\n")),
};

/**
 * The program. `command`, the first argument of a run: for "estimate", the program has that command
 * alone, as making commander's objects for every command (about 2 ms) was most of the start before the
 * estimate ran; any other run, help and a mistyped command included, gets the whole program.
 */
export function buildProgram(command?: string): Command {
  const program = new Command();
  program
    .name("mqzcap")
    .description(
      "Capacity estimates for IBM MQ for z/OS: CPU, throughput and storage, from IBM's performance reports, every number cited.",
    )
    .version(VERSION)
    .showHelpAfterError("(run with --help for usage)")
    .configureOutput(COMMANDER_OUTPUT);

  // No default: without --format the --out file's extension says (report.html), else the table.
  const formatOption = () =>
    new Option("-f, --format <format>", "output format (default: from --out's extension, else table)").choices([
      ...FORMATS,
    ]);

  program
    .command("estimate")
    .description("estimate CPU, throughput and storage for a config")
    .argument("<config>", "config file (.yaml or .json)")
    .addOption(formatOption())
    .option(
      "-o, --out <file>",
      "write the report to a file (atomically; never over an input) instead of standard output",
    )
    .option("-m, --models <dir>", "a folder of your own model files, laid over the shipped ones")
    .option("--strict", "exit 1 when the estimate has warnings (extrapolation, carried data, flagged source values)")
    .option("--explain", "show each line's formula, inputs, confidence and citations")
    .option("--chart <file>", "also draw cost by address space to FILE.png or FILE.svg")
    .option("--baseline-from <dir>", "take the baseline from SMF data (mq-smf-csv output), as mqzcap calibrate --merge")
    .option("--qmgr <name>", "with --baseline-from: the queue manager (QMgr, or LPAR/QMGR) when the data holds several")
    .option("--from <time>", "with --baseline-from: only records written from this time (2016-02-27 18:00)")
    .option("--to <time>", "with --baseline-from: only records written up to this time")
    .option("--peak", "with --baseline-from: only the busiest statistics interval")
    .option("--accept-small", "with --baseline-from: take a baseline from fewer than 3 intervals or 100 transactions")
    .action(async (file: string, opts: CommonOptions & { chart?: string; baselineFrom?: string } & SmfSelection) => {
      if (!opts.baselineFrom) {
        const stray = (["qmgr", "from", "to", "peak", "acceptSmall"] as const).filter((k) => opts[k] !== undefined);
        if (stray.length)
          throw new InputError([
            {
              file: `--${flagName(stray[0]!)}`,
              message: `--${stray.map(flagName).join(", --")} choose the SMF data of --baseline-from, which is not given`,
              severity: "error",
              suggestion: "add --baseline-from DIR, or leave the option out",
            },
          ]);
      }
      const inputs = inputsOf([file], opts, opts.baselineFrom);
      checkOutputs(opts.out, opts.chart, inputs);
      const format = outputFormat(opts.format, opts.out, FORMATS);
      await readyToDraw(opts.chart);
      const registry = registryFor(opts);
      const { config } = opts.baselineFrom
        ? await planWithBaseline(file, opts.baselineFrom, opts)
        : loadConfigFile(file);
      const e = estimateWith(config, registry);
      writeOutput(opts.out, await renderEstimate(e, format, Boolean(opts.explain), !isStdout(opts.out)), inputs);
      if (opts.chart)
        await writeChart(opts.chart, async () => (await import("../report/chart-spec.js")).estimateChart(e), inputs);
      if (opts.strict && strictFailed(e)) {
        writeStderr(`mqzcap: --strict: ${e.warnings.length} warning(s)\n`);
        process.exitCode = EXIT.strict;
      }
    });
  if (command === "estimate") return program;

  program
    .command("diff")
    .description("compare two configs: every changed line item and total, with delta and percentage")
    .argument("<base>", "the config as it is")
    .argument("<proposed>", "the config as proposed")
    .addOption(formatOption())
    .option("-o, --out <file>", "write the report to a file (atomically)")
    .option("-m, --models <dir>", "a folder of your own model files")
    .option("--chart <file>", "also draw the changes as grouped bars to FILE.png or FILE.svg")
    .action(async (a: string, b: string, opts: CommonOptions & { chart?: string }) => {
      const inputs = inputsOf([a, b], opts);
      checkOutputs(opts.out, opts.chart, inputs);
      const format = outputFormat(opts.format, opts.out, FORMATS);
      await readyToDraw(opts.chart);
      const registry = registryFor(opts);
      const before = estimateWith(loadConfigFile(a).config, registry);
      const after = estimateWith(loadConfigFile(b).config, registry);
      const d = diff(before, after);
      writeOutput(opts.out, await renderDiff(d, before, after, format, !isStdout(opts.out)), inputs);
      if (opts.chart)
        await writeChart(
          opts.chart,
          async () => (await import("../report/chart-spec.js")).diffChart(d, before, after),
          inputs,
        );
    });

  program
    .command("compare")
    .description("put two or more configs side by side: cost, CPU, limits and storage, one column each")
    .argument("<configs...>", "config files (options A, B, C, ...)")
    .addOption(formatOption())
    .option("-o, --out <file>", "write the table to a file (atomically)")
    .option("-m, --models <dir>", "a folder of your own model files")
    .option("--metric <name...>", `outputs: ${DEFAULT_METRICS.join(", ")}, or a line item id`)
    .option(
      "--chart <file>",
      "also draw cost per transaction by address space, a bar per scenario, to FILE.png or FILE.svg",
    )
    .action(async (files: string[], opts: CommonOptions & { metric?: string[]; chart?: string }) => {
      if (files.length < 2)
        throw new InputError([
          {
            file: files[0] ?? "compare",
            message: "compare needs two or more configs",
            severity: "error",
            suggestion: "mqzcap compare a.yaml b.yaml [c.yaml ...]; for one config, mqzcap estimate",
          },
        ]);
      const inputs = inputsOf(files, opts);
      checkOutputs(opts.out, opts.chart, inputs);
      const format = outputFormat(opts.format, opts.out, FORMATS);
      await readyToDraw(opts.chart);
      const registry = registryFor(opts);
      const scenarios = files.map((file) => ({ file, estimate: estimateWith(loadConfigFile(file).config, registry) }));
      const { compare } = await import("../engine/compare.js");
      const result = compare(scenarios, opts.metric, "--metric");
      const out =
        format === "json"
          ? toJson(result)
          : format === "csv"
            ? (await import("../report/csv.js")).renderCompareCsv(result)
            : format === "md" || format === "markdown"
              ? (await import("../report/markdown.js")).renderCompareMarkdown(result)
              : format === "html"
                ? (await import("../report/html.js")).renderCompareHtml(result)
                : renderCompareTable(result, tableLook(!isStdout(opts.out)));
      writeOutput(opts.out, out, inputs);
      if (format === "csv") for (const n of result.notes) writeStderr(`mqzcap compare: note: ${visibleText(n)}\n`);
      if (opts.chart)
        await writeChart(
          opts.chart,
          async () => (await import("../report/chart-spec.js")).compareChart(result),
          inputs,
        );
    });

  program
    .command("sweep")
    .description("vary one input (or two, for a grid) and tabulate chosen outputs")
    .argument("<config>", "config file")
    .requiredOption(
      "--vary <spec...>",
      `PATH=V1,V2,... or PATH=LOW..HIGH (sizes step through the sizes the data has, other numbers in ten equal steps, with their unit: 1000..50000/s); once, or twice for a grid of at most ${formatNumber(MAX_SWEEP_POINTS, 0)} points`,
    )
    .option("--metric <name...>", `outputs: ${DEFAULT_METRICS.join(", ")}, or a line item id`)
    .addOption(
      new Option("-f, --format <format>", "output format (default: from --out's extension, else table)").choices(
        SWEEP_FORMATS,
      ),
    )
    .option("-o, --out <file>", "write the table to a file (atomically)")
    .option("-m, --models <dir>", "a folder of your own model files")
    .option(
      "--chart <file>",
      "also draw the sweep, one panel per unit, to FILE.png, FILE.svg or FILE.html (interactive, offline)",
    )
    .action(
      async (
        file: string,
        opts: { vary: string[]; metric?: string[]; format?: string; out?: string; models?: string; chart?: string },
      ) => {
        const inputs = inputsOf([file], opts);
        checkOutputs(opts.out, opts.chart, inputs, { html: true });
        const format = outputFormat(opts.format, opts.out, SWEEP_FORMATS);
        const htmlChart = opts.chart?.toLowerCase().endsWith(".html") ?? false;
        if (!htmlChart) await readyToDraw(opts.chart);
        const registry = registryFor(opts);
        const { source } = loadConfigFile(file);
        const vary = opts.vary.map((v) => parseVary(v, (_p, lo, hi) => measuredSteps(registry, lo, hi)));
        const result = sweep(
          source.value as Record<string, unknown>,
          vary,
          registry,
          opts.metric,
          progress("sweep", "estimates"),
        );
        const out =
          format === "json"
            ? toJson(result)
            : format === "csv"
              ? (await import("../report/csv.js")).renderSweepCsv(result)
              : format === "html"
                ? (await import("../report/sweep-html.js")).renderSweepHtml(result)
                : renderSweepTable(result);
        writeOutput(opts.out, out, inputs);
        // CSV is data only: what the table would print as a note goes to standard error.
        if (format === "csv") for (const n of result.notes) writeStderr(`mqzcap sweep: note: ${visibleText(n)}\n`);
        if (opts.chart && htmlChart)
          writeOutput(opts.chart, (await import("../report/sweep-html.js")).renderSweepHtml(result), inputs);
        else if (opts.chart) {
          const { sweepResultChart } = await import("../report/sweep-chart.js");
          await writeChart(opts.chart, async () => sweepResultChart(result), inputs);
        }
      },
    );

  program
    .command("sensitivity")
    .description(
      "which inputs and source figures move the answer most: each moved across its range, the swing of total cost, CPU and the binding limit, sorted",
    )
    .argument("<config>", "config file (.yaml or .json)")
    .addOption(formatOption())
    .option("-o, --out <file>", "write the report to a file (atomically) instead of standard output")
    .option("-m, --models <dir>", "a folder of your own model files, laid over the shipped ones")
    .option("--chart <file>", "also draw a tornado chart of the widest swings to FILE.png or FILE.svg")
    .action(async (file: string, opts: CommonOptions & { chart?: string }) => {
      const inputs = inputsOf([file], opts);
      checkOutputs(opts.out, opts.chart, inputs);
      await readyToDraw(opts.chart);
      const registry = registryFor(opts);
      const { config, source } = loadConfigFile(file);
      const { sensitivityOf } = await import("../engine/sensitivity.js");
      const result = sensitivityOf(
        source.value as Record<string, unknown>,
        config,
        registry,
        progress("sensitivity", "inputs and figures moved"),
      );
      const report = await import("../report/sensitivity.js");
      const out =
        opts.format === "json"
          ? toJson(result)
          : opts.format === "csv"
            ? report.renderSensitivityCsv(result)
            : opts.format === "md" || opts.format === "markdown"
              ? report.renderSensitivityMarkdown(result)
              : opts.format === "html"
                ? (await import("../report/sensitivity-html.js")).renderSensitivityHtml(result)
                : report.renderSensitivityTable(result);
      writeOutput(opts.out, out, inputs);
      if (opts.chart) await writeChart(opts.chart, async () => report.tornadoChart(result), inputs);
    });

  program
    .command("capacity")
    .description(
      "how far a config can go: the largest rate, channel count or client conversations that fit every limit, which binds first and the next",
    )
    .argument("<config>", "config file (.yaml or .json)")
    .addOption(formatOption())
    .option("-o, --out <file>", "write the report to a file (atomically) instead of standard output")
    .option("-m, --models <dir>", "a folder of your own model files, laid over the shipped ones")
    .option(
      "--for <path...>",
      "what to solve for: workload.rate, channels.NAME.count or channels.NAME.conversations (default: the rate and the first 10 channel definitions)",
    )
    .option("--cpu-busy <percent>", "target CPU busy of the LPAR's engines, e.g. 70% (hardware.targetBusy)")
    .option("--cpus <count>", "general-purpose processors in the LPAR (hardware.cpus)")
    .option("--chin-used <size>", "channel initiator storage in use at start, CSQX004I, e.g. 120MB (storage.chin.used)")
    .option("--chin-free <size>", "channel initiator storage free at start, CSQX004I, e.g. 1346MB (storage.chin.free)")
    .option("--csa-available <size>", "CSA this queue manager can use, e.g. 400MB (storage.csa.available)")
    .option(
      "--below-bar-available <size>",
      "queue manager storage below the bar left for connections, e.g. 1GB (storage.belowTheBar.available)",
    )
    .option(
      "--chart <file>",
      "also draw the share of each limit used as the first value grows, to FILE.png or FILE.svg",
    )
    .option("--strict", "exit 1 when the estimate as configured has warnings (a limit exceeded among them)")
    .action(async (file: string, opts: CommonOptions & CapacityCliOptions) => {
      const inputs = inputsOf([file], opts);
      checkOutputs(opts.out, opts.chart, inputs);
      const format = outputFormat(opts.format, opts.out, FORMATS);
      const budgets = budgetsOf(opts);
      const registry = registryFor(opts);
      const { config } = loadConfigFile(file);
      const { capacityOf } = await import("../engine/capacity.js");
      // The curve (25 more estimates) only where it is shown: the chart, the HTML page, the JSON's data.
      const curve = opts.chart !== undefined || format === "json" || format === "html";
      const result = capacityOf(config, registry, {
        budgets,
        ...(opts.for ? { for: opts.for } : {}),
        ...(curve ? {} : { curvePoints: 0 }),
        onProgress: progress("capacity", "answers"),
      });
      writeOutput(opts.out, await renderCapacity(result, format, !isStdout(opts.out)), inputs);
      if (opts.chart)
        await writeChart(
          opts.chart,
          async () => (await import("../report/chart-spec.js")).capacityChart(result),
          inputs,
        );
      if (opts.strict && strictFailed(result.estimate)) {
        writeStderr(`mqzcap: --strict: ${result.estimate.warnings.length} warning(s)\n`);
        process.exitCode = EXIT.strict;
      }
    });

  program
    .command("chart")
    .description("draw an estimate's cost by address space (stacked bars) to a PNG or SVG file")
    .argument("<config>", "config file")
    .requiredOption("-o, --out <file>", "FILE.png or FILE.svg")
    .option("-m, --models <dir>", "a folder of your own model files")
    .action(async (file: string, opts: { out: string; models?: string }) => {
      const inputs = inputsOf([file], opts);
      checkOutputs(undefined, opts.out, inputs);
      await readyToDraw(opts.out);
      const e = estimateWith(loadConfigFile(file).config, registryFor(opts));
      await writeChart(opts.out, async () => (await import("../report/chart-spec.js")).estimateChart(e), inputs);
    });

  program
    .command("validate")
    .description(
      "check config files without estimating; exit 2 if any is bad (with --strict, also estimate: exit 1 on any warning, such as a limit exceeded)",
    )
    .argument("<config...>", "config files")
    .option("-m, --models <dir>", "also validate a folder of your own model files")
    .option(
      "--strict",
      "also estimate each config and exit 1 when an estimate has warnings: a limit exceeded (CPU, CHIN storage, CSA, a measured ceiling), extrapolation, carried data",
    )
    .action((files: string[], opts: { models?: string; strict?: boolean }) => {
      const registry = opts.models || opts.strict ? registryFor(opts) : undefined;
      const problems: string[] = [];
      let warned = 0;
      for (const f of files) {
        try {
          const { config } = loadConfigFile(f);
          const warnings = opts.strict ? estimateWith(config, registry!).warnings : [];
          const shown = visibleText(f);
          if (warnings.length === 0) writeStdout(`${shown}: ok\n`);
          else {
            warned++;
            writeStdout(`${shown}: ${warnings.length} warning(s)\n`);
            for (const w of warnings) writeStderr(`${shown}: warning: ${w.concern}: ${visibleText(w.message)}\n`);
          }
        } catch (err) {
          if (!(err instanceof InputError)) throw err;
          problems.push(...err.diagnostics.map((d) => formatDiagnostic(d, useColor(process.stderr))));
        }
      }
      if (problems.length) {
        writeStderr(problems.join("\n") + "\n");
        process.exitCode = EXIT.input;
      } else if (warned) {
        writeStderr(`mqzcap: --strict: ${warned} config(s) with warnings\n`);
        process.exitCode = EXIT.strict;
      }
    });

  program
    .command("schema")
    .description("print the JSON Schema of a config (or, with --model, of a model file)")
    .option("--model", "the schema of model files instead")
    .action((opts: { model?: boolean }) => {
      writeStdout(schemaText(Boolean(opts.model)));
    });

  program.addCommand(initCommand());
  program
    .command("page")
    .description(
      "write the live page: one offline HTML file to edit a config in and see the estimate change (no install, no network)",
    )
    .option("-o, --out <file>", "write the page to a file (atomically), e.g. mqzcap.html; default standard output")
    .action((opts: { out?: string }) => {
      writeOutput(opts.out, pageHtml(), { files: [] });
    });

  program.addCommand(modelsCommand(registryFor));
  program.addCommand(calibrateCommand());
  // Commands added whole (init, models, calibrate) do not inherit the program's output.
  const output = (c: Command): void => {
    c.configureOutput(COMMANDER_OUTPUT);
    c.commands.forEach(output);
  };
  output(program);
  return program;
}

export async function main(argv: string[]): Promise<number> {
  const program = buildProgram(argv[2]);
  // Every command, nested ones included, throws instead of exiting, so that a usage error gets exit 2.
  const override = (c: Command): void => {
    c.exitOverride();
    c.commands.forEach(override);
  };
  override(program);
  try {
    await program.parseAsync(argv);
    const code = typeof process.exitCode === "number" ? process.exitCode : EXIT.ok;
    // A message that could not reach standard error (2> /dev/full) is a failure of the run.
    return stderrState.failed && code === EXIT.ok ? EXIT.input : code;
  } catch (err) {
    return handleError(err);
  }
}

export function handleError(err: unknown): number {
  // The chart and SMF bundles have their own copy of InputError: one is known by its name and diagnostics.
  if (
    err instanceof InputError ||
    (err instanceof Error && err.name === "InputError" && Array.isArray((err as InputError).diagnostics))
  ) {
    const color = useColor(process.stderr);
    writeStderr((err as InputError).diagnostics.map((d) => formatDiagnostic(d, color)).join("\n") + "\n");
    return EXIT.input;
  }
  const code = (err as { code?: string; exitCode?: number }).code;
  if (typeof code === "string" && code.startsWith("commander.")) {
    if (code === "commander.helpDisplayed" || code === "commander.version" || code === "commander.help") return EXIT.ok;
    return EXIT.input;
  }
  const message = err instanceof Error ? err.message : String(err);
  writeStderr(`mqzcap: internal error: ${message}\nPlease report it with the config that caused it.\n`);
  if (process.env.MQZCAP_DEBUG && err instanceof Error) writeStderr(`${err.stack}\n`);
  return EXIT.internal;
}

/** An option's name as typed: acceptSmall is --accept-small. */
function flagName(key: string): string {
  return key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}
