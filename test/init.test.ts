// mqzcap init: a commented starter config, or a shipped example, written to a new file only.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { exampleNames, schemaReference } from "../src/cli/init.js";
import { ROOT, run } from "./helpers/cli.js";

const dir = mkdtempSync(join(tmpdir(), "mqzcap-init-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const schemaLine = (text: string) => /^# yaml-language-server: \$schema=(\S+)$/m.exec(text)?.[1];

describe("mqzcap init", () => {
  it("writes plan.yaml, commented, whose schema line names this package's schema, and it validates", () => {
    const r = run(["init"], { cwd: dir });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain("wrote plan.yaml");
    expect(r.stderr).toContain("mqzcap estimate plan.yaml");
    const text = readFileSync(join(dir, "plan.yaml"), "utf8");
    const ref = schemaLine(text.split("\n")[0]!);
    expect(ref).toBeDefined();
    // The reference leads to the schema file (relative to the config's folder, or absolute).
    expect(readFileSync(resolve(dir, ref!), "utf8")).toBe(
      readFileSync(join(ROOT, "schema/config.schema.json"), "utf8"),
    );
    expect(text.split("\n").filter((l) => l.trimStart().startsWith("#")).length).toBeGreaterThan(10);
    expect(run(["validate", join(dir, "plan.yaml")]).stdout).toContain(": ok");
    const est = run(["estimate", "plan.yaml"], { cwd: dir });
    expect(est.code).toBe(0);
    expect(est.stdout).toContain("mqzcap estimate: my queue manager");
  });

  it("refuses to overwrite a file: exit 2, a message and a hint, the file untouched", () => {
    writeFileSync(join(dir, "mine.yaml"), "version: 1\n");
    for (const args of [
      ["init", "mine.yaml"],
      ["init", "-o", "mine.yaml"],
      ["init", "--out", "mine.yaml"],
    ]) {
      const r = run(args, { cwd: dir });
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.stderr).toContain("mine.yaml: error: already exists; init writes new files only");
      expect(r.stderr).toContain("hint: name a new file");
      expect(r.stderr).not.toContain("internal error");
    }
    expect(readFileSync(join(dir, "mine.yaml"), "utf8")).toBe("version: 1\n");
  });

  it("--example NAME copies a shipped example; the quickstart gives the MQ 9.3 report's answer", () => {
    const r = run(["init", "--example", "quickstart", "-o", "q.yaml"], { cwd: dir });
    expect(r.code).toBe(0);
    const est = run(["estimate", "q.yaml"], { cwd: dir });
    // 000 line 361: the report's answer is 4,643 SHARECNV(1) clients.
    expect(est.stdout).toContain("4,643 channels");
    // The example as shipped, but for its schema line.
    const shipped = readFileSync(join(ROOT, "examples/quickstart.yaml"), "utf8").split("\n").slice(1);
    expect(readFileSync(join(dir, "q.yaml"), "utf8").split("\n").slice(1)).toEqual(shipped);
  });

  it("a misspelt --example gets exit 2, a did-you-mean and the names; --example list lists them", () => {
    const r = run(["init", "--example", "quikstart", "x.yaml"], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('no example is named "quikstart"');
    expect(r.stderr).toContain('did you mean "quickstart"?');
    expect(r.stderr).toContain("z14-to-z15");
    const list = run(["init", "--example", "list"], { cwd: dir });
    expect(list.code).toBe(0);
    expect(list.stdout.trim().split("\n")).toEqual(exampleNames(ROOT));
    expect(exampleNames(ROOT)).toContain("starter");
    expect(exampleNames(ROOT)).toContain("tls13-renegotiation");
  });

  it("names the schema relatively through a project's node_modules, absolutely elsewhere", () => {
    const project = join(dir, "project");
    const pkg = join(project, "node_modules", "mqzcap");
    mkdirSync(join(pkg, "schema"), { recursive: true });
    mkdirSync(join(project, "capacity"), { recursive: true });
    writeFileSync(join(pkg, "schema", "config.schema.json"), "{}");
    expect(schemaReference(project, pkg)).toBe("./node_modules/mqzcap/schema/config.schema.json");
    expect(schemaReference(join(project, "capacity"), pkg)).toBe("../node_modules/mqzcap/schema/config.schema.json");
    const elsewhere = join(dir, "elsewhere");
    mkdirSync(elsewhere);
    expect(schemaReference(elsewhere, pkg)).toMatch(
      /^\/.*\/project\/node_modules\/mqzcap\/schema\/config\.schema\.json$/,
    );
  });

  it("an empty config's hint points at mqzcap init, which an installed user has", () => {
    writeFileSync(join(dir, "empty.yaml"), "# nothing yet\n");
    const r = run(["estimate", "empty.yaml"], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("mqzcap init FILE");
  });
});
