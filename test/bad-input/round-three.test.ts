// Issue #29, hostile and unlucky input (round three): inputs overwritten by --out, --out naming the
// command's own standard output, and the like. Needs dist/ for the CLI runs.
import {
  cpSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
  copyFileSync,
  chmodSync,
  readdirSync,
  mkdirSync,
  symlinkSync,
} from "node:fs";
import { gzipSync } from "node:zlib";
import { spawnSync } from "node:child_process";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CLI, ROOT, run } from "../helpers/cli.js";

const SMF = join(ROOT, "..", "shared", "fixtures", "smf");
let dir = "";
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "mqzcap-r3-"));
  copyFileSync(join(ROOT, "examples", "quickstart.yaml"), join(dir, "plan.yaml"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));
const cli = (args: string[]) => run(args, { cwd: dir });

/** A writable copy of an SMF fixture (the shared ones are read-only, which --out refuses already). */
function smfCopy(name: string): string {
  const to = join(dir, name);
  cpSync(join(SMF, name), to, { recursive: true });
  chmodSync(to, 0o755);
  if (statSync(to).isDirectory()) for (const f of readdirSync(to)) chmodSync(join(to, f), 0o644);
  else chmodSync(to, 0o644);
  return to;
}

describe("#29.1 --out never over an input a command reads", () => {
  it("estimate --baseline-from FOLDER -o a file in that folder: refused, the SMF data intact", () => {
    const folder = smfCopy("TESTCHL");
    const before = readFileSync(join(folder, "SMF-QEST.csv"));
    const r = cli(["estimate", "plan.yaml", "--baseline-from", "TESTCHL", "-o", "TESTCHL/SMF-QEST.csv"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("--out names one of this command's input files");
    expect(readFileSync(join(folder, "SMF-QEST.csv"))).toEqual(before);
  });

  it("estimate --baseline-from FILE.ndjson -o the same file: refused, the file intact", () => {
    const file = smfCopy("TESTCHL.ndjson");
    const size = statSync(file).size;
    const r = cli(["estimate", "plan.yaml", "--baseline-from", "TESTCHL.ndjson", "-o", "./TESTCHL.ndjson"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("--out names one of this command's input files");
    expect(statSync(file).size).toBe(size);
  });

  it("calibrate --merge plan.yaml -o plan.yaml is refused before any SMF data is read", () => {
    // A folder that does not exist: were it read first, the message would be about it.
    const r = cli(["calibrate", "no-such-folder", "--merge", "plan.yaml", "-o", "plan.yaml"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("--out names one of this command's input files");
    expect(r.stderr).not.toContain("no such file or folder");
  });
});

describe("#29.2 --out naming the command's own standard output", () => {
  for (const name of ["/dev/stdout", "/dev/fd/1", "/proc/self/fd/1"]) {
    it(`-o ${name} with standard output appended to a file: refused, the file keeps what it had`, () => {
      const log = join(dir, "applog.txt");
      writeFileSync(log, "earlier lines\n");
      const r = spawnSync("sh", ["-c", `"${process.execPath}" "${CLI}" estimate plan.yaml -o ${name} >> applog.txt`], {
        cwd: dir,
        encoding: "utf8",
        env: { ...process.env, NO_COLOR: "1" },
      });
      expect(r.status).toBe(2);
      expect(r.stderr).toContain("names this command's standard output");
      expect(readFileSync(log, "utf8")).toBe("earlier lines\n");
    });
  }
});

// Every character the one escaping function (src/util/visible-text.ts) must show as an escape: ESC with
// a CSI (clear screen), BEL, BS, RLO, NEL, LS, and the bidi marks U+200F (RLM), U+200E, U+061C.
const HOSTILE = "A\u001b[2J\u0007\b\u202e\u0085\u2028\u200f\u200e\u061cZ";
// eslint-disable-next-line no-control-regex
const RAW = /[\u0000-\u0009\v\f\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

describe("#29.3 no control character reaches the screen", () => {
  it("capacity's table: config and channel names escaped", () => {
    writeFileSync(
      join(dir, "hostile.yaml"),
      JSON.stringify({
        version: 1,
        name: `plan ${HOSTILE}`,
        mq: { release: "9.3" },
        hardware: { generation: "z15" },
        workload: { pattern: "request-reply", messageSize: "32KB" },
        storage: { chin: { used: "120MB", free: "1346MB" } },
        channels: [{ name: `CH${HOSTILE}`, type: "server-connection", sharecnv: 1 }],
      }),
    );
    for (const format of ["table", "md", "csv", "json"]) {
      const r = cli(["capacity", "hostile.yaml", "-f", format]);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout, format).not.toMatch(RAW);
      expect(r.stderr, format).not.toMatch(RAW);
    }
    expect(cli(["capacity", "hostile.yaml"]).stdout).toContain("\\u001b[2J");
  });

  it("calibrate's YAML, JSON and messages: queue manager, LPAR and channel names from the data escaped", () => {
    const text = readFileSync(join(SMF, "TESTCHL.ndjson"), "utf8")
      .replaceAll('"QML1"', JSON.stringify(`QM${HOSTILE}`))
      .replaceAll('"MPX1"', JSON.stringify(`LP${HOSTILE}`))
      .replaceAll('"TO.QML2             "', JSON.stringify(`TO${HOSTILE}`));
    writeFileSync(join(dir, "hostile.ndjson"), text);
    for (const format of ["yaml", "json"]) {
      const r = cli(["calibrate", "hostile.ndjson", "-f", format]);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout, format).toContain("QM"); // the names are there, escaped
      expect(r.stdout, format).not.toMatch(RAW);
      expect(r.stderr, format).not.toMatch(RAW);
    }
    const merged = cli(["calibrate", "hostile.ndjson", "--merge", "plan.yaml"]);
    expect(merged.code, merged.stderr).toBe(0);
    expect(merged.stdout).not.toMatch(RAW);
  });

  it("commander's own errors echo the argument escaped, in every command", () => {
    for (const args of [
      ["estimate", "plan.yaml", `--x${HOSTILE}`],
      ["calibrate", `--x${HOSTILE}`, "dir"],
      [`estimat${HOSTILE}`],
      ["estimate", "plan.yaml", "-f", `t${HOSTILE}`],
    ]) {
      const r = cli(args);
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.stderr, args.join(" ")).toContain("\\u001b[2J");
      expect(r.stderr, args.join(" ")).not.toMatch(RAW);
    }
  });
});

describe("#29.7, #29.8 calibrate: bounded lines and files, no devices, no pipes", () => {
  const calibrate = (args: string[], input?: string) =>
    spawnSync(process.execPath, [CLI, "calibrate", ...args], {
      cwd: dir,
      encoding: "utf8",
      env: { ...process.env, NO_COLOR: "1" },
      // A bound for a hang (on main these never ended), not a speed check.
      timeout: 60_000,
      ...(input !== undefined ? { input } : {}),
    });

  it("refuses a character device whatever its name (a link named SMF-QMST.csv or zero.ndjson to /dev/zero)", () => {
    symlinkSync("/dev/zero", join(dir, "SMF-QMST.csv"));
    symlinkSync("/dev/zero", join(dir, "zero.ndjson"));
    for (const name of ["SMF-QMST.csv", "zero.ndjson", "/dev/zero"]) {
      const r = calibrate([name]);
      expect(r.status, name).toBe(2);
      expect(r.stderr, name).toContain("is a device, not a file");
    }
  });

  it("refuses a line past the bound, NDJSON and CSV, gzip too, naming the line", () => {
    const long = "1".repeat(20 * 1024 * 1024);
    writeFileSync(join(dir, "long.ndjson"), `{"structure":"QMST","x":"${long}"}\n`);
    writeFileSync(join(dir, "long.ndjson.gz"), gzipSync(`{"structure":"QMST"}\n{"structure":"QMST","x":"${long}"}\n`));
    const qmst = readFileSync(join(SMF, "TEST115", "SMF-QMST.csv"), "utf8").split("\n");
    mkdirSync(join(dir, "csv"));
    writeFileSync(join(dir, "csv", "SMF-QMST.csv"), `${qmst[0]}\n${qmst[1]}\n${long}\n`);
    for (const [name, line] of [
      ["long.ndjson", 1],
      ["long.ndjson.gz", 2],
      ["csv", 3],
    ] as const) {
      const r = calibrate([name]);
      expect(r.status, name).toBe(2);
      expect(r.stderr, name).toContain(`:${line}:1: error: line ${line} is longer than 1 MB`);
    }
  });

  it("says its limits in --help", () => {
    expect(calibrate(["--help"]).stdout).toMatch(/a line .* of at most 1 MB, at most 4 GB read from a file/);
  });

  it("refuses a pipe clearly (standard input, -), not 'internal error: ESPIPE'", () => {
    const text = readFileSync(join(SMF, "TESTCHL.ndjson"), "utf8");
    for (const name of ["/dev/stdin", "-"]) {
      const r = calibrate([name], text);
      expect(r.status, name).toBe(2);
      expect(r.stderr, name).not.toContain("internal error");
      expect(r.stderr, name).toMatch(/is a pipe or socket|does not read standard input/);
    }
  });
});

describe("#29.5 progress from capacity and sensitivity", () => {
  it("each says how far it is on standard error once it has run past the threshold", () => {
    const env = { MQZCAP_PROGRESS_AFTER_MS: "0" };
    const cap = run(["capacity", "plan.yaml"], { cwd: dir, env });
    expect(cap.code, cap.stderr).toBe(0);
    expect(cap.stderr).toContain("mqzcap capacity: 2/2 answers");
    const sens = run(["sensitivity", "plan.yaml"], { cwd: dir, env });
    expect(sens.code, sens.stderr).toBe(0);
    expect(sens.stderr).toMatch(/mqzcap sensitivity: (\d+)\/\1 inputs and figures moved/);
    // Standard error only: the report on standard output is the report alone.
    expect(cap.stdout).not.toMatch(/mqzcap capacity: \d+\/\d+ answers/);
    expect(sens.stdout).not.toMatch(/mqzcap sensitivity: \d+\/\d+ inputs/);
  });

  // On a terminal, one line rewritten in place (carriage returns), ended once; the report written with
  // -o is JSON alone. A terminal from script(1) (util-linux), where the machine has it.
  const script = spawnSync("script", ["--version"], { encoding: "utf8" });
  it.skipIf(script.status !== 0)("on a terminal: one line updated in place, and none of it in the report", () => {
    const r = spawnSync(
      "script",
      ["-qec", `"${process.execPath}" "${CLI}" capacity plan.yaml -o cap.json`, "/dev/null"],
      { cwd: dir, encoding: "utf8", env: { ...process.env, NO_COLOR: "1", MQZCAP_PROGRESS_AFTER_MS: "0" } },
    );
    expect(r.status, r.stderr).toBe(0);
    // The terminal's output: stderr's progress (quickstart solves 2 answers), and nothing else.
    expect(r.stdout).toBe("\rmqzcap capacity: 1/2 answers\rmqzcap capacity: 2/2 answers\r\n");
    const report = readFileSync(join(dir, "cap.json"), "utf8");
    expect(JSON.parse(report).format).toBe("mqzcap/capacity@1");
    expect(report).not.toMatch(/mqzcap capacity: \d+\/\d+ answers/);
  });
});

describe("#29 medium: a negative Interval_Duration", () => {
  // The first QMST record's interval made negative: it was summed into the window (947 s) as -826.
  function negative(): void {
    const lines = readFileSync(join(SMF, "TESTCHL.ndjson"), "utf8").split("\n");
    const k = lines.findIndex((l) => l.includes('"structure" : "QMST"'));
    lines[k] = lines[k]!.replace(/"intervalDuration": \d+/, '"intervalDuration": -826');
    writeFileSync(join(dir, "neg.ndjson"), lines.join("\n"));
  }

  it("is a malformed row, counted, reported and skipped; fatal under --strict", () => {
    negative();
    const r = cli(["calibrate", "neg.ndjson"]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain("malformed row skipped: Interval_Duration -826 is negative");
    expect(r.stdout).toContain("1 malformed row(s) skipped");
    // The window is the other 15 intervals' seconds, never less than without the row at all.
    expect(r.stdout).not.toMatch(/window: 121 s/);
    const strict = cli(["calibrate", "neg.ndjson", "--strict"]);
    expect(strict.code).toBe(2);
    expect(strict.stderr).toContain("malformed row: Interval_Duration -826 is negative");
  });
});

describe("#29 medium: an id defined twice in a user's model folder", () => {
  it("is an error naming both files (the last one won, silently)", () => {
    mkdirSync(join(dir, "mine"));
    const shipped = join(ROOT, "models", "000", "ams-regression.yaml");
    copyFileSync(shipped, join(dir, "mine", "a.yaml"));
    copyFileSync(shipped, join(dir, "mine", "b.yaml"));
    const r = cli(["validate", "-m", "mine", "plan.yaml"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/mine\/b\.yaml: error: id 000\.\S+ is defined twice: here and in mine\/a\.yaml/);
  });
});

describe("#29 medium: the library's capacity() checks budgets as the command line does", () => {
  it("refuses cpus: -3, cpuBusy: 500, NaN, chinFree: -1 with InputError naming the budget", async () => {
    const { capacity } = await import("../../src/api.js");
    const { InputError } = await import("../../src/util/diagnostic.js");
    const plan = join(ROOT, "examples", "quickstart.yaml");
    for (const [budgets, where] of [
      [{ cpus: -3 }, "options.budgets.cpus"],
      [{ cpuBusy: 500 }, "options.budgets.cpuBusy"],
      [{ cpuBusy: Number.NaN }, "options.budgets.cpuBusy"],
      [{ chinFree: -1 }, "options.budgets.chinFree"],
      [{ cpus: "8" }, "options.budgets.cpus"],
    ] as const) {
      let err: unknown;
      try {
        capacity(plan, { budgets: budgets as never });
      } catch (e) {
        err = e;
      }
      expect(err, where).toBeInstanceOf(InputError);
      expect((err as InstanceType<typeof InputError>).diagnostics[0]!.file).toBe(where);
    }
    // The command line says the same about the same value.
    const r = cli(["capacity", "plan.yaml", "--cpus", "-3"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--cpus: error: "-3" is not a count of processors from 1 to 200');
  });
});

describe("#29: the library's capacity() checks its other options", () => {
  it("refuses an unknown option, a for that is not a list of paths, a curve of NaN, -1 or 10^9 points", async () => {
    const { capacity } = await import("../../src/api.js");
    const { InputError } = await import("../../src/util/diagnostic.js");
    const plan = join(ROOT, "examples", "quickstart.yaml");
    for (const [options, message] of [
      [{ percent: 5 }, "options.percent is not an option of capacity()"],
      [{ for: "workload.rate" }, "options.for must be an array of config paths"],
      [{ for: [7] }, "options.for must be an array of config paths"],
      [{ curvePoints: Number.NaN }, "options.curvePoints must be a whole number from 0 to 200"],
      [{ curvePoints: -1 }, "options.curvePoints must be a whole number from 0 to 200"],
      [{ curvePoints: 1e9 }, "options.curvePoints must be a whole number from 0 to 200"],
      [{ curvePoints: 2.5 }, "options.curvePoints must be a whole number from 0 to 200"],
      [{ onProgress: "yes" }, "options.onProgress must be a function"],
    ] as const) {
      let err: unknown;
      try {
        capacity(plan, options as never);
      } catch (e) {
        err = e;
      }
      expect(err, message).toBeInstanceOf(InputError);
      expect((err as Error).message).toContain(message);
    }
  });
});

describe("#29: estimate() and sweep() refuse options they do not take, as capacity() and sensitivity() do", () => {
  it("names the option and the ones the function takes", async () => {
    const { estimate, sweep } = await import("../../src/api.js");
    const { InputError } = await import("../../src/util/diagnostic.js");
    const plan = join(ROOT, "examples", "quickstart.yaml");
    const calls: [() => unknown, string, string][] = [
      [
        () => estimate(plan, { model: "my-models/" } as never),
        "options.model is not an option of estimate()",
        "estimate() takes models",
      ],
      [
        () => sweep(plan, ["workload.rate=100/s,200/s"], { metric: ["cpu"] } as never),
        "options.metric is not an option of sweep()",
        "sweep() takes models, metrics",
      ],
    ];
    for (const [call, message, suggestion] of calls) {
      let err: unknown;
      try {
        call();
      } catch (e) {
        err = e;
      }
      expect(err, message).toBeInstanceOf(InputError);
      expect((err as InstanceType<typeof InputError>).diagnostics[0]!.message).toBe(message);
      expect((err as InstanceType<typeof InputError>).diagnostics[0]!.suggestion).toBe(suggestion);
    }
    // The options they take still work.
    expect(estimate(plan, { models: undefined }).items.length).toBeGreaterThan(0);
  });
});

describe("#29 medium: init writes its file whole or not at all", () => {
  it("a write that fails (file size limit 0, as a full disk) leaves no empty file, and the retry works", () => {
    const r = spawnSync("sh", ["-c", `ulimit -f 0; "${process.execPath}" "${CLI}" init new.yaml`], {
      cwd: dir,
      encoding: "utf8",
      env: { ...process.env, NO_COLOR: "1" },
    });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("new.yaml: error: cannot write");
    expect(readdirSync(dir).sort()).toEqual(["plan.yaml"]); // no new.yaml, no temporary file
    const again = cli(["init", "new.yaml"]);
    expect(again.code, again.stderr).toBe(0);
    expect(readFileSync(join(dir, "new.yaml"), "utf8")).toContain("version: 1");
    expect(cli(["init", "new.yaml"]).stderr).toContain("already exists");
  });
});

describe("#29 medium and low: library config objects bounded before they are walked", () => {
  it("100,000 levels of nesting, 200,000 channels and a function value are InputError, not RangeError or TypeError", async () => {
    const { estimate, InputError } = await import("../../src/api.js");
    let deep: Record<string, unknown> = {};
    const top = deep;
    for (let k = 0; k < 100_000; k++) deep = deep.x = {} as Record<string, unknown>;
    const many = {
      version: 1,
      channels: Array.from({ length: 200_000 }, (_, i) => ({ name: `C${i}`, type: "sender" })),
    };
    const cases: [unknown, string][] = [
      [{ version: 1, workload: top }, "nests deeper than 32 levels"],
      [many, "holds more than 200,000 values"],
      [{ version: 1, name: () => "x" }, "a function is not a value a config can hold"],
      [{ version: 1, hardware: { cpus: 10n } }, "a bigint is not a value a config can hold"],
    ];
    for (const [config, message] of cases) {
      let err: unknown;
      try {
        estimate(config as never);
      } catch (e) {
        err = e;
      }
      expect(err, message).toBeInstanceOf(InputError);
      expect((err as Error).message).toContain(message);
    }
  });
});

describe("#29 low: wrong arguments and odd --out names", () => {
  it("renderers and sweep() refuse null with InputError, not TypeError", async () => {
    const lib = await import("../../src/index.js");
    const calls: [string, () => unknown][] = [
      ["renderTable", () => lib.renderTable(null as never, { color: false })],
      ["renderCsv", () => lib.renderCsv(undefined as never)],
      ["renderCapacityTable", () => lib.renderCapacityTable(3 as never, { color: false })],
      ["sweep", () => lib.sweep(join(ROOT, "examples", "quickstart.yaml"), [null as never])],
    ];
    for (const [name, call] of calls) {
      let err: unknown;
      try {
        call();
      } catch (e) {
        err = e;
      }
      expect(err, name).toBeInstanceOf(lib.InputError);
    }
  });

  it('-o "" and -o out.txt/ are refused; a legal 250-character name is written', () => {
    const empty = cli(["estimate", "plan.yaml", "-o", ""]);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain("--out is empty");
    const slash = cli(["estimate", "plan.yaml", "-o", "out.txt/"]);
    expect(slash.code).toBe(2);
    expect(slash.stderr).toContain("ends in a folder separator");
    expect(readdirSync(dir)).not.toContain("out.txt");
    const long = `${"r".repeat(246)}.txt`; // 250 characters, under the 255-byte limit of a name
    const r = cli(["estimate", "plan.yaml", "-o", long]);
    expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(join(dir, long), "utf8")).toContain("mqzcap estimate");
  });
});

describe("#29 low: odd numbers", () => {
  it("used: -0 is shown as 0; a sweep end that is no number is not 'LOW below HIGH'; --asid-cpu has a bound", () => {
    writeFileSync(
      join(dir, "zero.yaml"),
      'version: 1\nmq: { release: "9.3" }\nstorage:\n  chin: { used: -0, free: 1346MB }\nchannels:\n  - { name: C, type: sender }\n',
    );
    const e = cli(["estimate", "zero.yaml"]);
    expect(e.code, e.stderr).toBe(0);
    expect(e.stdout).not.toContain("-0 MB");
    expect(e.stdout).toContain("- 0 MB used");
    const v = cli(["sweep", "plan.yaml", "--vary", "workload.rate=0..1e300/s"]);
    expect(v.code).toBe(2);
    expect(v.stderr).toContain("each end must be a number in digits");
    expect(v.stderr).not.toContain("LOW below HIGH");
    const a = cli(["calibrate", join(SMF, "TESTCHL"), "--asid-cpu", "MSTR=99999999999999999999s"]);
    expect(a.code).toBe(2);
    expect(a.stderr).toContain("is more CPU than 200 engines give in 31 days");
  });
});

describe("#29 low: a signal during -o", () => {
  it("waits for the write to end (rename or removal), then ends the run with 128 + its number", () => {
    const script = join(dir, "signal.ts");
    writeFileSync(
      script,
      `import { writeFileAtomic } from ${JSON.stringify(join(ROOT, "src", "cli", "output.ts"))};
const a = ${JSON.stringify(join(dir, "a.txt"))};
const b = ${JSON.stringify(join(dir, "b.txt"))};
writeFileAtomic(a, a, "first\\n");
process.kill(process.pid, "SIGINT"); // arrives while the next write runs
writeFileAtomic(b, b, "x".repeat(20 * 1024 * 1024));
`,
    );
    const r = spawnSync(process.execPath, ["--import", "tsx", script], { cwd: ROOT, encoding: "utf8" });
    expect(r.status, r.stderr).toBe(130);
    // The second file whole, and no temporary file left (the default action killed the process at once).
    expect(statSync(join(dir, "b.txt")).size).toBe(20 * 1024 * 1024);
    expect(readdirSync(dir).filter((f) => f.endsWith(".tmp"))).toEqual([]);
  });
});
