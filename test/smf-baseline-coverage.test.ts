// calibrate's baseline as a measured configuration (issue 31): measuredWith filled from SMF, each cost's
// coverage, the sample and its minimum, and the errors that name what is missing. On the real formatter
// output in shared/fixtures/smf; the figures are recomputed from the CSV columns the test names.
import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { capacity, estimate } from "../src/api.js";
import { parseConfigText } from "../src/config/load.js";
import { mergeIntoPlan } from "../src/smf/fragment.js";
import { calibrate } from "../src/smf/files.js";
import { ROOT, run } from "./helpers/cli.js";

const FIX = join(ROOT, "..", "shared", "fixtures", "smf");
const there = existsSync(FIX);
const PLAN = "version: 1\nname: TESTCHL plan\nhardware: { generation: z15, cpus: 6 }\nworkload: { rate: 2000/s }\n";

describe.skipIf(!there)("TESTCHL: channel initiator task CPU only", () => {
  it("fills baseline.measuredWith from what SMF shows and marks the CHIN cost a lower bound", async () => {
    const c = await calibrate(join(FIX, "TESTCHL"));
    const b = c.config.baseline as Record<string, Record<string, unknown>>;
    // SMF-QMST.csv MQ_Version 800: MQ 8.0
    expect(b.measuredWith!.mq).toEqual({ release: "8.0" });
    // SMF-QJST.csv: copy 2 write I/Os 0, so single logs
    expect(b.measuredWith!.logging).toEqual({ dualLogs: false });
    // SMF-WTAS.csv rows: class 3 on
    expect((b.measuredWith!.smf as Record<string, unknown>).accountingClass3).toBe(true);
    // SMF-QCST.csv: the one channel with accounting
    expect((b.measuredWith!.channels as { name: string }[]).map((x) => x.name)).toEqual(["ELKINSC.TEST.SVRCONN"]);
    expect(b.coverage).toEqual({ chin: "lower-bound" });
    expect(Object.keys(b.cost!)).toEqual(["chin"]);
    // 16 QMST rows of 947 s in all; (Put 1,173 + Put1 0) / 2 = 586.5 transactions
    expect(c.sample).toEqual({ intervals: 16, seconds: 947, transactions: 586 });
    expect(c.withheld).toEqual([]);
  });

  it("merged into a plan: the CPU range is open above and capacity names the missing address spaces", async () => {
    const c = await calibrate(join(FIX, "TESTCHL"));
    const merged = mergeIntoPlan(PLAN, c).text;
    const config = parseConfigText(merged, "plan.yaml").config;
    const dir = mkdtempSync(join(tmpdir(), "mqzcap-h31-"));
    const file = join(dir, "merged.yaml");
    writeFileSync(file, merged);
    const e = estimate(file);
    const chin = e.totals.costPerTransaction.find((x) => x.addressSpace === "chin")!;
    expect(chin.baseline!.high).toBe(Number.POSITIVE_INFINITY);
    expect(e.totals.cpuSecondsPerSecond!.high).toBe(Number.POSITIVE_INFINITY);
    expect(e.cpu.notCounted).toEqual({ missing: ["qmgr", "app", "tcpip"], partial: ["chin"] });
    // The plan keeps the channel the baseline was measured with: it adds nothing for it.
    expect(config.baseline!.measuredWith!.channels).toEqual(config.channels);
    const cap = capacity(file);
    const rate = cap.answers.find((a) => a.target.path === "workload.rate")!;
    expect(rate.notCounted.join(" ")).toMatch(/qmgr, app, tcpip not counted .*chin a lower bound/);
  });

  it("--peak: one statistics interval is below the minimum: the baseline is withheld, exit 1; --accept-small writes it", () => {
    const r = run(["calibrate", join(FIX, "TESTCHL"), "--peak"]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/# Withheld: the sample is below the minimum \(1 statistics interval \(fewer than 3\)\)/);
    expect(r.stdout).toMatch(/^# baseline\.cost\.chin: /m);
    expect(r.stdout).not.toMatch(/^ {4}chin: /m);
    const ok = run(["calibrate", join(FIX, "TESTCHL"), "--peak", "--accept-small"]);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(/^ {4}chin: \d/m);
  });

  it("estimate --baseline-from takes calibrate's selection options", () => {
    const dir = mkdtempSync(join(tmpdir(), "mqzcap-h31-"));
    writeFileSync(join(dir, "plan.yaml"), PLAN);
    const r = run([
      "estimate",
      join(dir, "plan.yaml"),
      "--baseline-from",
      join(FIX, "TESTCHL"),
      "--peak",
      "-f",
      "json",
    ]);
    // one interval: no baseline taken from it, and said so
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--baseline-from: error: the sample is below the minimum \(1 statistics interval/);
    const q = run(["estimate", join(dir, "plan.yaml"), "--baseline-from", join(FIX, "TESTCHL"), "--qmgr", "NOPE"]);
    expect(q.code).toBe(2);
    expect(q.stderr).toMatch(/no rows of queue manager NOPE; the data has MPX1\/QML1/);
    const stray = run(["estimate", join(dir, "plan.yaml"), "--peak"]);
    expect(stray.code).toBe(2);
    expect(stray.stderr).toMatch(/--peak choose the SMF data of --baseline-from/);
  });
});

describe.skipIf(!there)("TEST116: one transaction of class 3", () => {
  it("the 449 us application cost from a single transaction is withheld", async () => {
    const c = await calibrate(join(FIX, "TEST116"));
    expect(c.small.join(" ")).toMatch(/fewer than 100/);
    expect(c.withheld.map((w) => w.path)).toContain("baseline.cost.app");
    expect((c.config.baseline as Record<string, unknown> | undefined)?.cost).toBeUndefined();
  });
});

describe.skipIf(!there)("calibrate's errors name the missing file or column", () => {
  it("a folder of QSG statistics only names them and the files calibrate reads", () => {
    const dir = mkdtempSync(join(tmpdir(), "mqzcap-h31-"));
    for (const f of ["SMF-Q5ST.csv", "SMF-QESD.csv"]) cpSync(join(FIX, "TESTCHL", f), join(dir, f));
    const r = run(["calibrate", dir]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/only of structures calibrate does not read \(SMF-Q5ST\.csv, SMF-QESD\.csv\)/);
    expect(r.stderr).toMatch(/SMF-QMST\.csv/);
  });
  it("a file whose header lacks a column names the column", () => {
    const dir = mkdtempSync(join(tmpdir(), "mqzcap-h31-"));
    const text = readFileSync(join(FIX, "TESTCHL", "SMF-QMST.csv"), "latin1").replace(
      "Interval_Duration,",
      "Interval_Dur,",
    );
    writeFileSync(join(dir, "SMF-QMST.csv"), text, "latin1");
    const r = run(["calibrate", dir]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/the header has no column Interval_Duration/);
  });
});
