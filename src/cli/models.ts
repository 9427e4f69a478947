// `mqzcap models list|show|coverage`: what data is shipped, one entry in full, and coverage of the
// sources' inventory.
import { Command, Option } from "commander";
import { coverage } from "../model/coverage.js";
import type { Registry } from "../model/registry.js";
import { toJson } from "../report/json.js";
import { InputError } from "../util/diagnostic.js";
import { didYouMean } from "../util/zod-diagnostics.js";
import { pad, truncate, WIDTH } from "../report/text.js";
import { writeStdout } from "./stdout.js";

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
          `${pad(e.id, idWidth)}${pad(e.type, 8)}${pad(e.source, 4)}${truncate(String(title ?? ""), captionWidth)}\n`,
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
      writeStdout(lines.join("\n") + "\n");
    });
  cmd
    .command("coverage")
    .description("how much of each source's inventory the model files account for")
    .addOption(fmt())
    .option("-m, --models <dir>", "include a folder of your own model files")
    .action((opts: { format: string; models?: string }) => {
      const cov = coverage(registryFor(opts).data);
      if (opts.format === "json") {
        writeStdout(toJson(cov));
        return;
      }
      writeStdout(
        `${pad("source", 8)}${pad("inventory", 11, true)}${pad("encoded", 10, true)}${pad("gaps", 8, true)}${pad("not enc.", 10, true)}${pad("missing", 10, true)}\n`,
      );
      for (const s of cov.bySource) {
        writeStdout(
          `${pad(s.source, 8)}${pad(String(s.inventory), 11, true)}${pad(String(s.encoded), 10, true)}${pad(String(s.gaps), 8, true)}${pad(String(s.notEncoded), 10, true)}${pad(String(s.missing.length), 10, true)}\n`,
        );
      }
      writeStdout(`${cov.accounted} of ${cov.total} inventory ids accounted for\n`);
      if (cov.missing.length) writeStdout(`missing: ${cov.missing.join(" ")}\n`);
      const pending = cov.examples.filter((e) => !e.computed);
      writeStdout(
        `worked examples run by the engine: ${cov.examples.length - pending.length} of ${cov.examples.length}\n`,
      );
      for (const p of pending) writeStdout(`  not yet: ${p.id}: ${p.reason}\n`);
    });
  return cmd;
}
