// --models overlays that validated but crashed estimate (exit 3), or were read wrongly (a declared unit
// ignored, a negative or absurd value used), and model folders read without limits (a FIFO that hangs,
// a link to /dev/zero, a huge file). Everything `validate --models` accepts must estimate; everything
// else is exit 2 with file:line:col. Needs dist/ (npx tsx scripts/build.ts --no-types).
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CLI, ROOT } from "../helpers/cli.js";

let dir = "";
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "mqzcap-overlay-"));
  mkdirSync(join(dir, "models"));
  copyFileSync(join(ROOT, "examples", "quickstart.yaml"), join(dir, "plan.yaml"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

// A child still running after this is a hang (a normal run takes a second or two).
const run = (args: string[]) => {
  const r = spawnSync(process.execPath, [CLI, ...args], {
    cwd: dir,
    env: { ...process.env, NO_COLOR: "1" },
    encoding: "utf8",
    timeout: 30_000,
  });
  return { code: r.status, signal: r.signal, stdout: r.stdout, stderr: r.stderr };
};

const headroom = (value: string, unit = "percent") => `kind: data
source: "000"
title: Our headroom
appliesTo: { releases: ["9.3"], hardware: [z15] }
figures:
  - id: 000.chin-storage-headroom
    inventory: []
    section: Site standard
    lines: 1
    quote: keep channel initiator storage below this
    subject: chin-storage-headroom
    unit: ${unit}
    value: ${value}
`;

/** The MQ 9.3 report's SVRCONN footprint table (models/000/chin-storage.yaml), in another unit or shape. */
const footprint = (opts: { unit?: string; scale?: number; axes?: string; releases?: string[] }) => {
  const unit = opts.unit ?? "KB";
  const scale = opts.scale ?? 1;
  const rows: string[] = [];
  const printed: Record<string, Record<number, number[]>> = {
    "9.1": { 0: [82, 99, 161, 187], 1: [156, 177, 234, 258], 10: [244, 268, 347, 369] },
    "9.2": { 0: [82, 97, 161, 187], 1: [157, 177, 233, 264], 10: [244, 270, 345, 383] },
    "9.3": { 0: [83, 99, 161, 188], 1: [156, 178, 232, 263], 10: [245, 268, 346, 373] },
  };
  for (const rel of opts.releases ?? ["9.1", "9.2", "9.3"])
    for (const sh of [0, 1, 10]) {
      const v = printed[rel]![sh]!.map((n) => n * scale);
      rows.push(
        `      - { at: { release: "${rel}", sharecnv: ${sh} }, values: { "1024": "${v[0]}", "10240": "${v[1]}", "32768": "${v[2]}", "65536": "${v[3]}" } }`,
      );
    }
  return `kind: data
source: "000"
title: Footprint
appliesTo: { releases: ["9.1", "9.2", "9.3"], hardware: [z15] }
tables:
  - id: 000.chin-footprint-svrconn
    inventory: []
    section: Our measurements
    lines: 1
    caption: footprint
    axes:
${
  opts.axes ??
  `      - { name: release, type: category, values: ["9.1", "9.2", "9.3"] }
      - { name: sharecnv, type: category, values: [0, 1, 10] }`
}
      - { name: messageSize, unit: bytes, type: numeric, scale: log, values: [1024, 10240, 32768, 65536] }
    measures:
      - { name: footprint, unit: ${unit}, addressSpace: chin }
    columns: messageSize
    rows:
${rows.join("\n")}
`;
};

const channels = (stdout: string) =>
  (JSON.parse(stdout) as { items: { id: string; value: number }[] }).items.find(
    (i) => i.id === "storage.chin-capacity.CLIENTS",
  )!.value;

/** validate --models and estimate agree: both 2 with the message, or both 0. */
function expectRefused(file: string, message: RegExp) {
  for (const args of [
    ["validate", "plan.yaml", "--models", "models"],
    ["estimate", "plan.yaml", "--models", "models"],
  ]) {
    const r = run(args);
    expect(r.signal, args[0]).toBeNull();
    expect(r.code, `${args[0]}: ${r.stderr}`).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).toMatch(new RegExp(`^models/${file.replace(".", "\\.")}:\\d+:\\d+: error: `, "m"));
    expect(r.stderr).not.toContain("internal error");
  }
}

describe("overlay values the rules cannot use are refused at load, with their position", () => {
  it('an unreadable raw value ("seventy", "1e308") is exit 2, not an internal error', () => {
    for (const raw of ["seventy", "1e308"]) {
      writeFileSync(join(dir, "models", "h.yaml"), headroom(`{ raw: "${raw}" }`));
      expectRefused("h.yaml", new RegExp(`"${raw}" is not a number the rules can use`));
    }
  });

  it("a table override missing an axis the rule needs, or a release row, is exit 2", () => {
    writeFileSync(
      join(dir, "models", "t.yaml"),
      footprint({ axes: "      - { name: sharecnv, type: category, values: [0, 1, 10] }", releases: ["9.3"] }).replace(
        /release: "9\.3", /g,
        "",
      ),
    );
    expectRefused("t.yaml", /has no axis release, which the shipped table has and the rules look up by/);
    writeFileSync(join(dir, "models", "t.yaml"), footprint({ releases: ["9.3"] }));
    expectRefused("t.yaml", /cell footprint at release=9\.1, sharecnv=0, messageSize=1024: no number/);
  });

  it("a declared unit is converted: the footprint table in bytes gives the report's 4,643 channels", () => {
    // 232 KB x 1024 = 237,568 bytes: in bytes the table must give what the KB table gives (seed 000,
    // line 361: 4,643); read as KB it would be 1024 times the footprint and about 4 channels.
    writeFileSync(join(dir, "models", "t.yaml"), footprint({ unit: "bytes", scale: 1024 }));
    const r = run(["estimate", "plan.yaml", "--models", "models", "--format", "json"]);
    expect(r.code, r.stderr).toBe(0);
    expect(channels(r.stdout)).toBe(4643);
  });

  it("a unit that does not convert, a negative value, an absurd value are refused", () => {
    writeFileSync(join(dir, "models", "h.yaml"), headroom('"70"', "ms"));
    expectRefused("h.yaml", /unit "ms" does not convert to "percent"/);
    writeFileSync(join(dir, "models", "h.yaml"), headroom('"-70"'));
    expectRefused("h.yaml", /-70 is negative; the shipped figure is never below 0/);
    writeFileSync(join(dir, "models", "h.yaml"), headroom('{ raw: "lots", value: 1e23 }'));
    expectRefused("h.yaml", /lots is out of range: at most 1e\+9 percent/);
  });
});

describe("model folders are read within limits", () => {
  it("a FIFO named *.yaml and a link to /dev/zero are refused without being read", () => {
    spawnSync("mkfifo", [join(dir, "models", "fifo.yaml")]);
    symlinkSync("/dev/zero", join(dir, "models", "zero.yaml"));
    const r = run(["validate", "plan.yaml", "--models", "models"]);
    expect(r.signal).toBeNull();
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("models/fifo.yaml: error: is not a regular file (a device, pipe or socket)");
    expect(r.stderr).toContain("models/zero.yaml: error: is not a regular file (a device, pipe or socket)");
  });

  it("an unreadable model file (a link to nothing, a binary file, not UTF-8) is exit 2, not an internal error", () => {
    symlinkSync(join(dir, "nowhere.yaml"), join(dir, "models", "dangling.yaml"));
    writeFileSync(join(dir, "models", "binary.yaml"), Buffer.from([0x6b, 0x00, 0x01, 0x02]));
    writeFileSync(join(dir, "models", "latin1.yaml"), Buffer.from([0x6b, 0x3a, 0x20, 0xe9, 0x0a]));
    for (const args of [
      ["validate", "plan.yaml", "--models", "models"],
      ["estimate", "plan.yaml", "--models", "models"],
    ]) {
      const r = run(args);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toContain("models/dangling.yaml: error: no such file");
      expect(r.stderr).toContain("models/binary.yaml: error: is a binary file");
      expect(r.stderr).toContain("models/latin1.yaml: error: is not UTF-8 text");
      expect(r.stderr).not.toContain("internal error");
    }
  });

  it("a model file over 1 MB is refused by its size", () => {
    writeFileSync(join(dir, "models", "big.yaml"), `# ${"x".repeat(2 * 1024 * 1024)}\n`);
    const r = run(["validate", "plan.yaml", "--models", "models"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("models/big.yaml: error: is 2048 KB; models are limited to 1024 KB");
  });

  it("a folder of more than 10,000 entries is refused", () => {
    const figure = (k: number) =>
      `  - { id: my.f${k}, inventory: [], section: s, lines: 1, quote: q, subject: s, unit: us, value: "1" }`;
    for (const part of [0, 1]) {
      const list = Array.from({ length: 5001 }, (_, k) => figure(part * 5001 + k)).join("\n");
      writeFileSync(
        join(dir, "models", `many${part}.yaml`),
        `kind: data\nsource: "000"\ntitle: many\nappliesTo: { releases: ["9.3"], hardware: [z15] }\nfigures:\n${list}\n`,
      );
    }
    const r = run(["validate", "plan.yaml", "--models", "models"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("a models folder is limited to 10000 and 100000");
  });
});
