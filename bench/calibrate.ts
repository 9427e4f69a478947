// Bench section 7: calibrate on a generated 1 GB of mq-smf-csv output. The fixtures' rows
// (shared/fixtures/smf/TESTCHL, and TESTCHL.ndjson) are written again and again with the record Date
// shifted by a day each copy, so every copy is other intervals and other class 3 tasks, into a
// temporary folder; `mqzcap calibrate` (the built CLI, one process pinned to one CPU) reads it. MB/s is
// input bytes over wall time; peak RSS by /usr/bin/time -v (or process.resourceUsage at exit).
import { spawnSync } from "node:child_process";
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeSync,
} from "node:fs";
import { join } from "node:path";

export interface CalibrateBench {
  form: string;
  inputMB: number;
  parsedMB: number;
  seconds: number;
  mbPerSecond: number;
  parsedMbPerSecond: number;
  peakRssMB: number;
  /** User plus system CPU seconds of the calibrate process: on a busy machine MB per CPU second says
   * what the code costs when wall time says mostly how long it waited for the core. */
  cpuSeconds: number;
  mbPerCpuSecond: number;
  rate?: string;
}

const DAY = 86_400_000;
const shiftDate = (ymd: string, days: number, sep: string) => {
  const [y, m, d] = ymd.split(/[/-]/).map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d) + days * DAY).toISOString().slice(0, 10).replaceAll("-", sep);
};

/** Writes `targetMB` of CSV (one file per structure, as mqsmfcsv does) from the fixture's rows. */
function generateCsv(fixture: string, out: string, targetMB: number): void {
  mkdirSync(out, { recursive: true });
  const files = readdirSync(fixture).filter((f) => f.endsWith(".csv"));
  const parts = files.map((f) => {
    const lines = readFileSync(join(fixture, f), "latin1").split("\n").filter(Boolean);
    return { f, head: lines[0]!, rows: lines.slice(1) };
  });
  const perCopy = parts.reduce((a, p) => a + p.rows.reduce((b, r) => b + r.length + 1, 0), 0);
  const copies = Math.ceil((targetMB * 1e6) / perCopy);
  for (const p of parts) {
    const fd = openSync(join(out, p.f), "w");
    writeSync(fd, p.head + "\n");
    // Rows start "2016/02/27",: the record Date, shifted a day per copy.
    const date = p.rows[0]?.slice(1, 11) ?? "2016/02/27";
    for (let k = 0; k < copies; k++) {
      const d = `"${shiftDate(date, k, "/")}"`;
      writeSync(fd, p.rows.map((r) => d + r.slice(12)).join("\n") + "\n", null, "latin1");
    }
    closeSync(fd);
  }
}

function generateNdjson(fixture: string, out: string, targetMB: number): void {
  const lines = readFileSync(fixture, "utf8").split("\n").filter(Boolean);
  const perCopy = lines.reduce((a, l) => a + l.length + 1, 0);
  const copies = Math.ceil((targetMB * 1e6) / perCopy);
  const fd = openSync(out, "w");
  for (let k = 0; k < copies; k++) {
    const d = shiftDate("2016/02/27", k, "/");
    writeSync(fd, lines.map((l) => l.replace('"date": "2016/02/27"', `"date": "${d}"`)).join("\n") + "\n");
  }
  closeSync(fd);
}

function runOnce(
  root: string,
  cli: string,
  input: string,
  form: string,
  inputBytes: number,
  parsedBytes: number,
): CalibrateBench {
  const useTime = existsSync("/usr/bin/time");
  const hasTaskset = spawnSync("taskset", ["-c", "0", "true"]).status === 0;
  const node = [
    process.execPath,
    ...(useTime ? [] : ["--import", join(root, "bench/maxrss.mjs")]),
    cli,
    "calibrate",
    input,
    "--format",
    "json",
  ];
  const cmd = [...(hasTaskset ? ["taskset", "-c", "0"] : []), ...(useTime ? ["/usr/bin/time", "-v"] : []), ...node];
  const t = performance.now();
  const r = spawnSync(cmd[0]!, cmd.slice(1), { cwd: root, encoding: "utf8", maxBuffer: 1 << 26 });
  const seconds = (performance.now() - t) / 1000;
  if (r.status !== 0) throw new Error(`calibrate bench (${form}) failed: ${r.stderr.slice(-2000)}`);
  const m = useTime
    ? /Maximum resident set size \(kbytes\): (\d+)/.exec(r.stderr)
    : /mqzcap-bench-maxrss-kb (\d+)/.exec(r.stderr);
  const c = JSON.parse(r.stdout) as { config: { baseline?: { rate?: string } } };
  const user = useTime ? /User time \(seconds\): ([\d.]+)/.exec(r.stderr) : null;
  const sys = useTime ? /System time \(seconds\): ([\d.]+)/.exec(r.stderr) : null;
  const cpuSeconds = user && sys ? Number(user[1]) + Number(sys[1]) : NaN;
  return {
    form,
    inputMB: Math.round(inputBytes / 1e6),
    parsedMB: Math.round(parsedBytes / 1e6),
    seconds: Math.round(seconds * 10) / 10,
    mbPerSecond: Math.round((inputBytes / 1e6 / seconds) * 10) / 10,
    parsedMbPerSecond: Math.round((parsedBytes / 1e6 / seconds) * 10) / 10,
    peakRssMB: m ? Math.round(Number(m[1]) / 102.4) / 10 : NaN,
    cpuSeconds: Math.round(cpuSeconds * 10) / 10,
    mbPerCpuSecond: Math.round((inputBytes / 1e6 / cpuSeconds) * 10) / 10,
    rate: c.config.baseline?.rate,
  };
}

/** Generates the inputs in `tmp`, calibrates each, removes them. */
export function calibrateBench(root: string, cli: string, tmp: string, targetMB: number): CalibrateBench[] | undefined {
  const fixtures = join(root, "..", "shared", "fixtures", "smf");
  if (!existsSync(fixtures)) return undefined;
  const out: CalibrateBench[] = [];
  const csvDir = join(tmp, "smf-csv");
  generateCsv(join(fixtures, "TESTCHL"), csvDir, targetMB);
  const sizes = readdirSync(csvDir).map((f) => ({ f, n: statSync(join(csvDir, f)).size }));
  const total = sizes.reduce((a, s) => a + s.n, 0);
  // Structures calibrate does not need (QPST, Q5ST, ...) are found and not read.
  const needed = /^SMF-(?:QMST|QJST|QCCT|QCTDSP|QCTADP|QCTSSL|QCTDNS|QMAC|WTID|WTAS|WQ|QCST)\.csv$/;
  const parsed = sizes.filter((s) => needed.test(s.f)).reduce((a, s) => a + s.n, 0);
  out.push(runOnce(root, cli, csvDir, "CSV folder (mqsmfcsv default)", total, parsed));
  rmSync(csvDir, { recursive: true, force: true });
  const nd = join(tmp, "smf.ndjson");
  generateNdjson(join(fixtures, "TESTCHL.ndjson"), nd, targetMB);
  const ndBytes = statSync(nd).size;
  out.push(runOnce(root, cli, nd, "NDJSON (-f json_compact)", ndBytes, ndBytes));
  rmSync(nd, { force: true });
  return out;
}

export function calibrateSection(
  res: CalibrateBench[] | undefined,
  goals: { mbPerSecond: number; rssMB: number },
): string[] {
  const L = ["## 7. calibrate on a generated 1 GB of SMF data", ""];
  if (!res) return [...L, "Skipped: ../shared/fixtures/smf is not beside this checkout.", ""];
  L.push(
    `Goal: ${goals.mbPerSecond} MB/s or more on one core, peak RSS ${goals.rssMB} MB or less. MB/s is the input's bytes over the wall time of \`mqzcap calibrate\` (pinned to one CPU, from start to exit); "parsed" counts only the files of structures calibrate reads.`,
    "",
    "| input | size MB | parsed MB | seconds | MB/s | parsed MB/s | CPU s | MB per CPU s | peak RSS MB | rate derived | goals met |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |",
  );
  for (const r of res)
    L.push(
      `| ${r.form} | ${r.inputMB} | ${r.parsedMB} | ${r.seconds} | ${r.mbPerSecond} | ${r.parsedMbPerSecond} | ${r.cpuSeconds} | ${r.mbPerCpuSecond} | ${r.peakRssMB} | ${r.rate ?? "-"} | ${r.mbPerSecond >= goals.mbPerSecond ? "speed yes" : "speed **no**"}, ${r.peakRssMB <= goals.rssMB ? "memory yes" : "memory **no**"} |`,
    );
  L.push("");
  return L;
}

// Section 7 alone: tsx bench/calibrate.ts [MB] (build first). Prints the table; writes nothing.
if (process.argv[1]?.endsWith("calibrate.ts")) {
  const { mkdtempSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const root = join(import.meta.dirname, "..");
  const tmp = mkdtempSync(join(tmpdir(), "mqzcap-calibrate-bench-"));
  try {
    const res = calibrateBench(root, join(root, "dist", "cli.cjs"), tmp, Number(process.argv[2] ?? 1000));
    console.log(calibrateSection(res, { mbPerSecond: 100, rssMB: 150 }).join("\n"));
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
