// `mqzcap models list|show|coverage`: what data is shipped, one entry in full, and coverage of the
// sources' inventory.
import { Command, Option } from "commander";
import { coverage, type Coverage } from "../model/coverage.js";
import { RULES } from "../rules/index.js";
import type { Registry } from "../model/registry.js";
import { toJson } from "../report/json.js";
import { InputError } from "../util/diagnostic.js";
import { didYouMean } from "../util/zod-diagnostics.js";
import { pad, truncate, WIDTH } from "../report/text.js";
import { writeStdout } from "./stdout.js";
import { visibleText } from "../util/visible-text.js";

export function modelsCommand(registryFor: (o: { models?: string }) => Registry): Command {
  const cmd = new Command("models").description(
    "list, show and check the model data (the reports' tables and figures)",
  );
  const fmt = () => new Option("-f, --format <format>", "output format").choices(["table", "json"]).default("table");
  cmd
    .command("list")
    .description("list model entries")
    .addOption(fmt())
    .option("-m, --models <dir>", "include a folder of your own model files")
    .option("-s, --source <id>", "only entries from one source (000-004)")
    .option("-t, --type <type>", "only one type: table, figure, formula, gap, example, carry")
    .action((opts: { format: string; models?: string; source?: string; type?: string }) => {
      const r = registryFor(opts);
      const entries = r.data.entries.filter(
        (e) => (!opts.source || e.source === opts.source) && (!opts.type || e.type === opts.type),
      );
      if (opts.format === "json") {
        writeStdout(
          toJson(
            entries.map((e) => ({
              id: e.id,
              type: e.type,
              source: e.source,
              lines: r.citation(e).lines,
              file: e.file,
              userSupplied: e.userSupplied,
            })),
          ),
        );
        return;
      }
      // Ids are printed whole (they are what `models show` takes); the caption gets what is left.
      const idWidth = Math.max(0, ...entries.map((e) => e.id.length)) + 1;
      const captionWidth = Math.max(20, WIDTH - idWidth - 12);
      const out: string[] = [];
      for (const e of entries) {
        const title =
          "caption" in e ? e.caption : "quote" in e ? e.quote : "title" in e ? e.title : "name" in e ? e.name : "";
        out.push(
          `${pad(visibleText(e.id), idWidth)}${pad(e.type, 8)}${pad(visibleText(e.source), 4)}${truncate(visibleText(String(title ?? "")), captionWidth)}\n`,
        );
      }
      out.push(`${entries.length} entries\n`);
      writeStdout(out.join(""));
    });
  cmd
    .command("show")
    .description("show one model entry in full, with its citation")
    .argument("<id>", "entry id, e.g. 000.chin-footprint-svrconn")
    .addOption(fmt())
    .option("-m, --models <dir>", "include a folder of your own model files")
    .action((id: string, opts: { format: string; models?: string }) => {
      const r = registryFor(opts);
      if (!r.has(id)) {
        const guess = didYouMean(id, [...r.byId.keys()]);
        throw new InputError([
          {
            file: id,
            message: "no model entry has this id",
            severity: "error",
            suggestion: guess ? `did you mean ${guess}?` : "see mqzcap models list",
          },
        ]);
      }
      const e = r.get(id);
      const c = r.citation(e);
      if (opts.format === "json") {
        writeStdout(toJson({ ...e, citation: c }));
        return;
      }
      const lines = [
        `${e.id} (${e.type})`,
        `source: ${c.title}`,
        `section: ${c.section}`,
        `lines: ${c.lines} of seed ${e.source}`,
        `applies to: MQ ${e.appliesTo.releases.join(", ")} on ${e.appliesTo.hardware.join(", ")}`,
      ];
      if (e.type === "table") {
        lines.push(`caption: ${e.caption}`);
        lines.push(
          `axes: ${e.axes.map((a) => `${a.name} [${a.values.join(", ")}]${a.unit ? ` ${a.unit}` : ""}`).join("; ")}`,
        );
        lines.push(
          `measures: ${e.measures.map((m) => `${m.name} (${m.unit}${m.addressSpace ? `, ${m.addressSpace}` : ""})`).join("; ")}`,
        );
        for (const cell of e.cells)
          lines.push(
            `  ${Object.entries(cell.at)
              .map(([k, v]) => `${k}=${String(v)}`)
              .join(
                " ",
              )} ${cell.measure}: ${cell.v.raw}${cell.v.flags.length ? `  ⚑ ${cell.v.flags.map((f) => f.reason).join("; ")}` : ""}`,
          );
      } else if (e.type === "figure") {
        lines.push(`quote: "${e.quote}"`, `value: ${e.v.raw} (${e.v.qualifier}) ${e.unit}`, `subject: ${e.subject}`);
        if (e.relativeTo) lines.push(`relative to: ${e.relativeTo}`);
      } else if (e.type === "formula") {
        lines.push(`formula: ${e.expression}`);
        for (const [k, p] of Object.entries(e.parameters)) lines.push(`  ${k} = ${p.v.raw} ${p.unit}`);
      } else if (e.type === "gap") {
        lines.push(`chart: ${e.caption}`, `would give: ${e.wouldGive}`);
      } else if (e.type === "example") {
        lines.push(
          `example: ${e.title}`,
          `expected: ${e.expected.v.raw} ${e.expected.unit}`,
          ...e.steps.map((s) => `  ${s}`),
        );
      } else if (e.type === "carry") {
        lines.push(`carries ${e.axis} ${e.from.join(", ")} -> ${e.to.join(", ")}: "${e.quote}"`);
      }
      for (const n of e.notes) lines.push(`note: ${n}`);
      // Model text may be a user's (--models): each line with its control characters as escapes.
      writeStdout(lines.map(visibleText).join("\n") + "\n");
    });
  cmd
    .command("coverage")
    .description(
      "how much of each source's inventory the model files account for, and which rule reads each table, figure and formula",
    )
    .addOption(fmt())
    .option("-m, --models <dir>", "include a folder of your own model files")
    .option("-e, --entries", "list every table, figure and formula with the rules that read it or its context reason")
    .action((opts: { format: string; models?: string; entries?: boolean }) => {
      const cov = coverage(registryFor(opts).data, RULES);
      if (opts.format === "json") {
        writeStdout(toJson(cov));
        return;
      }
      writeStdout(coverageTable(cov, opts.entries === true));
    });
  return cmd;
}

/** Beyond this many, the unused entries are left to --entries (a list a screen long is not read). */
const UNUSED_LISTED = 40;

function coverageTable(cov: Coverage, listEntries: boolean): string {
  const out: string[] = [];
  out.push(
    `${pad("source", 8)}${pad("inventory", 11, true)}${pad("encoded", 10, true)}${pad("gaps", 8, true)}${pad("not enc.", 10, true)}${pad("missing", 10, true)}\n`,
  );
  for (const s of cov.bySource) {
    out.push(
      `${pad(s.source, 8)}${pad(String(s.inventory), 11, true)}${pad(String(s.encoded), 10, true)}${pad(String(s.gaps), 8, true)}${pad(String(s.notEncoded), 10, true)}${pad(String(s.missing.length), 10, true)}\n`,
    );
  }
  out.push(`${cov.accounted} of ${cov.total} inventory ids accounted for\n`);
  if (cov.missing.length) out.push(`missing: ${cov.missing.join(" ")}\n`);
  const pending = cov.examples.filter((e) => !e.computed);
  out.push(`worked examples run by the engine: ${cov.examples.length - pending.length} of ${cov.examples.length}\n`);
  for (const p of pending) out.push(`  not yet: ${p.id}: ${p.reason}\n`);
  const u = cov.use;
  out.push(
    `\ntables, figures and formulas read by a rule: ${u.read} of ${u.entries}; context (no rule, with a reason): ${u.context}; unused without a reason: ${u.unused}\n`,
  );
  const fileWidth = Math.max(8, ...cov.byFile.map((f) => f.file.length)) + 1;
  out.push(
    `${pad("model file", fileWidth)}${pad("entries", 9, true)}${pad("read", 7, true)}${pad("context", 9, true)}${pad("unused", 8, true)}\n`,
  );
  for (const f of cov.byFile) {
    out.push(
      `${pad(f.file, fileWidth)}${pad(String(f.entries), 9, true)}${pad(String(f.read), 7, true)}${pad(String(f.context), 9, true)}${pad(String(f.unused), 8, true)}\n`,
    );
  }
  if (listEntries) {
    for (const e of cov.entries) {
      const by = e.rules.length
        ? `read by ${e.rules.join(", ")}`
        : e.context !== undefined
          ? `context: ${e.context}`
          : "UNUSED";
      out.push(`  ${e.id}: ${by}\n`);
    }
  } else if (cov.unusedWithoutReason.length > UNUSED_LISTED) {
    out.push(`${cov.unusedWithoutReason.length} unused without a reason: --entries lists them (UNUSED)\n`);
  } else {
    for (const id of cov.unusedWithoutReason) out.push(`  unused without a reason: ${id}\n`);
  }
  if (cov.contextButRead.length) out.push(`marked use: context but read by a rule: ${cov.contextButRead.join(" ")}\n`);
  for (const x of cov.usesUnknown) out.push(`rule ${x.rule} uses ${x.id}, which no model entry has\n`);
  return out.join("");
}
