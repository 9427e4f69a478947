// Terminal escapes and spreadsheet formulas in names: a config name with ESC [ 2 J cleared the screen,
// ESC ] 0 ; ... BEL set the window title, a newline printed a fake heading, cutting a title could
// split an emoji; a channel named =HYPERLINK(...) became a live formula in every CSV. Every format and
// every diagnostic must show control characters as escapes, and every CSV cell that a spreadsheet
// would run must start with a quote. Needs dist/ (npx tsx scripts/build.ts --no-types).
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { safeCsvText } from "../../src/util/csv-cell.js";
import { cutGraphemes, visibleDeep, visibleText } from "../../src/util/visible-text.js";
import { truncate } from "../../src/report/text.js";
import { ROOT, run } from "../helpers/cli.js";

// Any C0 or C1 control character, DEL, or a bidirectional override, as the terminal would get it.
// eslint-disable-next-line no-control-regex
const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

let dir = "";
const ESC = "\u001b";
const EVIL_NAME = `${ESC}[2Jpwned ${ESC}]0;title\u0007\nFAKE HEADING \u202e \u009b2J`;
const EVIL_CHANNEL = `=HYPERLINK(1)${ESC}[31m`;

const config = (name: string, channel: string) => `version: 1
name: ${JSON.stringify(name)}
mq: { release: "9.3" }
workload: { messageSize: 32KB }
storage:
  chin: { used: 120MB, free: 1346MB }
channels:
  - { name: ${JSON.stringify(channel)}, type: server-connection, sharecnv: 1 }
`;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "mqzcap-inject-"));
  writeFileSync(join(dir, "evil.yaml"), config(EVIL_NAME, EVIL_CHANNEL));
  writeFileSync(join(dir, "formula.yaml"), config("=1+1", "@SUM(A1)"));
  copyFileSync(join(ROOT, "examples", "quickstart.yaml"), join(dir, "plan.yaml"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const cli = (args: string[]) => run(args, { cwd: dir });

/** Lines other than the CRLF line ends of CSV: no raw control character at all. */
function expectNoRawControl(text: string, what: string) {
  const found = RAW_CONTROL.exec(text.replace(/\r\n/g, "\n"));
  expect(found && `${what}: U+${found[0].charCodeAt(0).toString(16).padStart(4, "0")} at ${found.index}`).toBeNull();
}

describe("control characters from configs are shown, not obeyed", () => {
  it("in every format of estimate, diff, compare and sweep", () => {
    const runs: [string, string[]][] = [];
    for (const f of ["table", "md", "csv", "html", "json"])
      runs.push([`estimate ${f}`, ["estimate", "evil.yaml", "--format", f, "--explain"]]);
    for (const f of ["table", "md", "csv", "html", "json"])
      runs.push([`diff ${f}`, ["diff", "plan.yaml", "evil.yaml", "--format", f]]);
    for (const f of ["table", "md", "csv", "html", "json"])
      runs.push([`compare ${f}`, ["compare", "plan.yaml", "evil.yaml", "--format", f]]);
    for (const f of ["table", "csv", "json"])
      runs.push([`sweep ${f}`, ["sweep", "evil.yaml", "--vary", `channels.0.sharecnv=1,10`, "--format", f]]);
    for (const [what, args] of runs) {
      const r = cli(args);
      expect(r.code, `${what}: ${r.stderr}`).toBe(0);
      expectNoRawControl(r.stdout, what);
      expectNoRawControl(r.stderr, `${what} (stderr)`);
    }
    const table = cli(["estimate", "evil.yaml"]).stdout;
    expect(table.split("\n")[0]).toBe(
      "mqzcap estimate: \\u001b[2Jpwned \\u001b]0;title\\u0007\\nFAKE HEADING \\u202e \\u009b2J",
    );
    expect(table).not.toMatch(/^FAKE HEADING/m);
  });

  it("in diagnostics on standard error (a misspelt key, a bad value, the file name)", () => {
    writeFileSync(join(dir, "badkey.yaml"), `version: 1\nworkload: { "rate${ESC}[2J": 1 }\n`);
    writeFileSync(join(dir, "badvalue.yaml"), `version: 1\nmq: { release: "9.3${ESC}]0;x\u0007" }\n`);
    const name = `bad${ESC}[2J.yaml`;
    writeFileSync(join(dir, name), "version: 2\n");
    for (const f of ["badkey.yaml", "badvalue.yaml", name]) {
      const r = cli(["validate", f]);
      expect(r.code, f).toBe(2);
      expectNoRawControl(r.stderr, f);
    }
    const key = cli(["validate", "badkey.yaml"]).stderr;
    expect(key).toContain('unknown key "rate\\u001b[2J"');
    // The caret sits under the key, the escape's extra characters counted.
    const [, line, caret] = key.split("\n");
    expect(line!.indexOf('"rate')).toBe(caret!.indexOf("^"));
  });

  it("in model text from --models (models show, models list, the explain output)", () => {
    const models = join(dir, "models");
    writeFileSync(join(dir, "plan2.yaml"), config("plain", "CLIENTS"));
    mkdirSync(models);
    {
      writeFileSync(
        join(models, "h.yaml"),
        `kind: data
source: "000"
title: "t${ESC}[2J"
appliesTo: { releases: ["9.3"], hardware: [z15] }
figures:
  - id: 000.chin-storage-headroom
    inventory: []
    section: "Site ${ESC}]0;pwned\u0007 standard"
    lines: 1
    quote: "keep below 70%${ESC}[2J"
    subject: chin-storage-headroom
    unit: percent
    value: "70%"
`,
      );
      for (const args of [
        ["models", "show", "000.chin-storage-headroom", "--models", "models"],
        ["models", "list", "--models", "models", "--source", "000"],
        ["estimate", "plan2.yaml", "--models", "models", "--explain"],
      ]) {
        const r = cli(args);
        expect(r.code, `${args.join(" ")}: ${r.stderr}`).toBe(0);
        expectNoRawControl(r.stdout, args.join(" "));
      }
      expect(cli(["models", "show", "000.chin-storage-headroom", "--models", "models"]).stdout).toContain(
        "Site \\u001b]0;pwned\\u0007 standard",
      );
    }
  });

  it("escapes controls, keeps ordinary text, and cuts between graphemes", () => {
    expect(visibleText("a\u001b[2Jb\nc\td\u0000")).toBe("a\\u001b[2Jb\\nc\\td\\u0000");
    expect(visibleText("plain €, 💡 and ü")).toBe("plain €, 💡 and ü");
    // 👍🏽 is two code points (four UTF-16 units); a cut at 3 must not split it.
    expect(cutGraphemes("ab👍🏽c", 3)).toBe("ab");
    expect(cutGraphemes("ab👍🏽c", 6)).toBe("ab👍🏽");
    expect(cutGraphemes("e\u0301\u0301x", 2)).toBe("");
    const title = truncate("x".repeat(97) + "👍🏽👍🏽", 100);
    expect(title).toBe("x".repeat(97) + "…");
    expect(/[\ud800-\udbff](?![\udc00-\udfff])/.test(title)).toBe(false);
  });

  it("deep in a report: controls JSON escapes (C0) and those it writes as they are (C1, U+2028, bidi)", () => {
    // visibleDeep decides from the value's JSON text whether to walk it: C0 controls are escapes there,
    // the others raw characters; each must still be found, in a key as in a value.
    const deep = (s: string) => ({ items: [{ label: "ok", inputs: { [s]: { from: s } } }] });
    for (const c of ["\u001b", "\n", "\t", "\u0085", "\u2028", "\u202e", "\u061c"]) {
      const out = visibleDeep(deep(`a${c}b`));
      expect(JSON.stringify(out)).not.toContain(c);
      expect(out.items[0]!.inputs[`a${visibleText(c)}b`]!.from).toBe(`a${visibleText(c)}b`);
    }
    // Nothing to escape (a backslash and quotes are ordinary text): the same object back.
    const plain = deep('C:\\new "quoted"');
    expect(visibleDeep(plain)).toBe(plain);
  });
});

describe("CSV cells a spreadsheet would run are neutralised", () => {
  it("every CSV: estimate, diff, compare (scenario names in the header), sweep", () => {
    const cells = (csv: string) => csv.split("\r\n").flatMap((row) => row.split(","));
    for (const args of [
      ["estimate", "formula.yaml", "--format", "csv"],
      ["diff", "plan.yaml", "formula.yaml", "--format", "csv"],
      ["compare", "plan.yaml", "formula.yaml", "--format", "csv"],
      [
        "sweep",
        "formula.yaml",
        "--vary",
        "channels.0.sharecnv=1,10",
        "--metric",
        "storage.chin-capacity.@SUM(A1)",
        "--format",
        "csv",
      ],
    ]) {
      const r = cli(args);
      expect(r.code, `${args.join(" ")}: ${r.stderr}`).toBe(0);
      for (const cell of cells(r.stdout)) {
        const text = cell.replace(/^"/, "");
        expect(/^[=+@\t\r]/.test(text) || /^-\D/.test(text), `${args[0]}: ${cell}`).toBe(false);
      }
    }
    expect(cli(["compare", "plan.yaml", "formula.yaml", "--format", "csv"]).stdout.split("\r\n")[0]).toBe(
      // The scenario names head their range and noise columns too (#16), each neutralised.
      "output,unit,quickstart - client capacity,'=1+1,quickstart - client capacity low,quickstart - client capacity high,'=1+1 low,'=1+1 high,'=1+1 noise",
    );
    expect(cli(["estimate", "formula.yaml", "--format", "csv"]).stdout).toContain(
      "'@SUM(A1): channels that fit free CHIN storage",
    );
  });

  it("prefixes =, +, -, @, tab and CR with a quote and leaves numbers and other text alone", () => {
    for (const s of ["=1+1", "+1", "-1", "@A1", "\t=1", "\r=1"])
      expect(safeCsvText(s).startsWith("'") || safeCsvText(s).startsWith("\\")).toBe(true);
    expect(safeCsvText("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(safeCsvText("CLIENTS")).toBe("CLIENTS");
    expect(safeCsvText("")).toBe("");
  });
});
