// mqzcap calibrate: a baseline from the planner's own SMF data (mq-smf-csv output). Thin: options in,
// src/smf out, the project's --out writing path.
import { Command, Option } from "commander";
import { parseConfigText, type LoadedConfig } from "../config/load.js";
import { readConfigText } from "../config/read-file.js";
import { parseSize } from "../config/units.js";
import { InputError, formatDiagnostic, type Diagnostic } from "../util/diagnostic.js";
import { useColor } from "../report/text.js";
import { parseAsidCpu } from "../smf/asid.js";
import type { Calibration, CalibrateOptions } from "../smf/calibrate.js";
import type { AsidCpu } from "../smf/derive.js";
import { parseUserTime } from "../smf/values.js";
import { visibleDeep, visibleText } from "../util/visible-text.js";
import { LIMITS_TEXT } from "../smf/limits.js";
import { checkTarget, isStdout, writeOutput, type Inputs } from "./output.js";
import { writeStderr } from "./stdout.js";
import { loadSmf } from "./load-smf.js";

interface CalibrateFlags {
  qmgr?: string;
  from?: string;
  to?: string;
  peak?: boolean;
  pattern?: "request-reply" | "one-way";
  asidCpu?: string[];
  logCiSize?: string;
  format: "yaml" | "json";
  out?: string;
  merge?: string;
  strict?: boolean;
  acceptSmall?: boolean;
}

function bad(file: string, message: string, suggestion?: string): never {
  throw new InputError([{ file, message, severity: "error", ...(suggestion ? { suggestion } : {}) }]);
}

function optionsOf(f: CalibrateFlags): CalibrateOptions {
  const time = (flag: string, text: string | undefined) => {
    if (text === undefined) return undefined;
    const t = parseUserTime(text);
    if (t === undefined)
      bad(
        flag,
        `expected a date and time such as 2016-02-27 18:00 (or 2016/02/27T18:00:30), found "${text}"`,
        "times are the data's own (the Date and Time columns; mqsmfcsv -g yes prints GMT)",
      );
    return t;
  };
  const from = time("--from", f.from);
  const to = time("--to", f.to);
  if (from !== undefined && to !== undefined && from > to) bad("--from", "--from is after --to");
  const asidCpu: AsidCpu[] = [];
  for (const a of f.asidCpu ?? []) {
    const r = parseAsidCpu(a);
    if (typeof r === "string") bad("--asid-cpu", r);
    if (asidCpu.some((x) => x.space === r.space)) bad("--asid-cpu", `${r.space} is given twice`);
    asidCpu.push(r);
  }
  let logCiBytes: number | undefined;
  if (f.logCiSize !== undefined) {
    const n = parseSize(f.logCiSize);
    if (n === undefined || n < 512 || n > 1048576 || !Number.isInteger(n))
      bad("--log-ci-size", `expected a size such as 4KB, found "${f.logCiSize}"`);
    logCiBytes = n;
  }
  return {
    qmgr: f.qmgr?.trim() || undefined,
    from,
    to,
    peak: Boolean(f.peak),
    pattern: f.pattern,
    asidCpu,
    logCiBytes,
    strict: Boolean(f.strict),
    acceptSmall: Boolean(f.acceptSmall),
  };
}

/** What calibrate says on standard error beside the fragment: rows skipped, files missing, what could
 * not be derived. */
function report(c: Calibration): void {
  c = visibleDeep(c);
  const color = useColor(process.stderr);
  const lines: string[] = [];
  const diags: Diagnostic[] = c.problems.slice(0, 20).map((p) => ({
    file: p.file,
    line: p.line,
    col: 1,
    message: `malformed row skipped: ${p.message}`,
    severity: "warning",
  }));
  lines.push(...diags.map((d) => formatDiagnostic(d, color)));
  if (c.rows.malformed > diags.length)
    lines.push(`mqzcap calibrate: ${c.rows.malformed - diags.length} more malformed row(s) skipped`);
  for (const m of c.missing) lines.push(`mqzcap calibrate: no ${m.file} (${m.what}): not derived: ${m.neededFor}`);
  const skipped = c.notDerived.filter((n) => !n.what.startsWith("baseline.cost.cf"));
  if (skipped.length)
    lines.push(`mqzcap calibrate: not derived: ${skipped.map((n) => n.what).join(", ")} (reasons in the output)`);
  if (lines.length) writeStderr(lines.join("\n") + "\n");
}

// The SMF reading (csv-parse, zlib) loads only when calibrating, not at every mqzcap start. In the CLI
// it is a bundle of its own with its own copy of InputError: its errors are made this bundle's, so
// that they get exit 2 and a message, not "internal error".
const sameError = (err: unknown): never => {
  if (err instanceof Error && err.name === "InputError" && Array.isArray((err as InputError).diagnostics))
    throw new InputError((err as InputError).diagnostics);
  throw err;
};
async function smf() {
  const m = await loadSmf();
  return {
    calibrate: (...a: Parameters<typeof m.calibrate>) => m.calibrate(...a).catch(sameError),
    mergeIntoPlan: (...a: Parameters<typeof m.mergeIntoPlan>) => {
      try {
        return m.mergeIntoPlan(...a);
      } catch (err) {
        return sameError(err);
      }
    },
    renderJson: m.renderJson,
    renderYaml: m.renderYaml,
  };
}

/** Reads a plan and merges a calibration into it; the merged config is checked like any other. */
export async function mergedPlan(
  plan: string,
  c: Calibration,
): Promise<{ loaded: LoadedConfig; text: string; notes: string[] }> {
  const merged = (await smf()).mergeIntoPlan(readConfigText(plan), c);
  const loaded = parseConfigText(merged.text, plan);
  return { loaded, text: merged.text, notes: merged.notes };
}

/** calibrate's selection options, which estimate --baseline-from takes too. */
export type SmfSelection = Pick<CalibrateFlags, "qmgr" | "from" | "to" | "peak" | "acceptSmall">;

/** A sample below the minimum: the baseline was withheld; said, and exit 1. */
function smallSample(c: Calibration): void {
  if (c.withheld.length === 0) return;
  writeStderr(
    `mqzcap calibrate: the sample is below the minimum (${c.small.join(", ")}): ${c.withheld.map((w) => w.path).join(", ")} written commented out; --accept-small writes them\n`,
  );
  process.exitCode = 1;
}

/** For estimate --baseline-from DIR: the plan with the baseline calibrated from DIR (the records chosen as calibrate would). */
export async function planWithBaseline(plan: string, dir: string, select: SmfSelection = {}): Promise<LoadedConfig> {
  const c = await (await smf()).calibrate(dir, optionsOf({ ...select, format: "yaml" }));
  report(c);
  if (c.withheld.length > 0)
    bad(
      "--baseline-from",
      `the sample is below the minimum (${c.small.join(", ")}): no baseline is taken from it`,
      "choose more intervals (--from, --to), or write the baseline with mqzcap calibrate --accept-small and merge it",
    );
  const { loaded, notes } = await mergedPlan(plan, c);
  // The folder's name and the queue manager's (from the data) are shown with control characters visible.
  writeStderr(
    `mqzcap: baseline from ${visibleText(dir)} (${visibleText(c.queueManager.qmgr)}, ${visibleText(c.selection.rule)}): ${notes.length ? visibleText(notes.join("; ")) : "nothing derived that the plan lacks"}\n`,
  );
  return loaded;
}

export function calibrateCommand(): Command {
  return new Command("calibrate")
    .description("write a baseline (rate, message mix, CPU per transaction, logging, channels) from mq-smf-csv output")
    .argument("<inputs...>", "folders of mqsmfcsv output (SMF-*.csv, .csv.gz) or NDJSON files (-f json_compact)")
    .option("--qmgr <name>", "the queue manager (QMgr, or LPAR/QMGR) when the data holds several")
    .option("--from <time>", "only records written from this time (2016-02-27 18:00; the data's clock)")
    .option("--to <time>", "only records written up to this time")
    .option("--peak", "only the busiest statistics interval (MQPUT + MQPUT1 per second)")
    .addOption(
      new Option("--pattern <pattern>", "messages per transaction: request-reply (2 puts) or one-way (1)").choices([
        "request-reply",
        "one-way",
      ]),
    )
    .option(
      "--asid-cpu <space=cpu...>",
      "address-space CPU MQ SMF lacks, for the same intervals (SMF 30 / RMF): MSTR=12.5s, CHIN=4%, TCPIP=..., APP=...",
    )
    .option("--log-ci-size <size>", "bytes per log control interval", "4KB")
    .addOption(new Option("-f, --format <format>", "output format").choices(["yaml", "json"]).default("yaml"))
    .option("-o, --out <file>", "write to a file (atomically, never over an input) instead of standard output")
    .option("--merge <plan>", "write the plan with the calibrated baseline merged in (the plan's own targets kept)")
    .option("--strict", "stop at the first malformed row (exit 2) instead of skipping it")
    .option(
      "--accept-small",
      "write the baseline even from fewer than 3 statistics intervals or 100 transactions (else withheld, exit 1)",
    )
    .addHelpText("after", `\n${LIMITS_TEXT}`)
    .action(async (inputs: string[], flags: CalibrateFlags) => {
      // --out checked against every input before anything is read (a folder covers its files).
      const read: Inputs = { files: flags.merge !== undefined ? [flags.merge] : [], paths: inputs };
      if (!isStdout(flags.out)) checkTarget(flags.out!, "--out", read);
      const { calibrate, renderJson, renderYaml } = await smf();
      const c = await calibrate(inputs, optionsOf(flags));
      report(c);
      read.files.push(...c.inputs.files.map((x) => x.name));
      if (flags.merge) {
        const { text, notes } = await mergedPlan(flags.merge, c);
        writeStderr(
          `mqzcap calibrate: merged into ${visibleText(flags.merge)}: ${visibleText(notes.join("; ")) || "nothing new"}\n`,
        );
        writeOutput(flags.out, flags.format === "json" ? renderJson(c) : text, read);
        smallSample(c);
        return;
      }
      writeOutput(flags.out, flags.format === "json" ? renderJson(c) : renderYaml(c), read);
      smallSample(c);
    });
}
