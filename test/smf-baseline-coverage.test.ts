// calibrate's baseline as a measured configuration (issue 31): measuredWith filled from SMF, each cost's
// coverage, the sample and its minimum, and the errors that name what is missing. On the real formatter
// output in shared/fixtures/smf; the figures are recomputed from the CSV columns the test names.
import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { formatterCsv } from "./helpers/formatter-csv.js";
import { describe, expect, it } from "vitest";
import { capacity, estimate } from "../src/api.js";
import { parseConfigText } from "../src/config/load.js";
import { mergeIntoPlan } from "../src/smf/fragment.js";
import { calibrate } from "../src/smf/files.js";
import { ROOT, run } from "./helpers/cli.js";
import { spreadOf } from "../src/smf/derive.js";

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
    // 16 QMST rows of 947 s in all; (Put 1,173 + Put1 0) / 2 = 586.5 transactions, rounded
    expect(c.sample).toEqual({ intervals: 16, seconds: 947, transactions: Math.round(1173 / 2) });
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

const table = formatterCsv;
const num = (r: Record<string, string>, col: string) => Number(r[col]);
const at = (r: Record<string, string>) => `${r.Date} ${r.Time!.slice(0, 8)}`;
const cpuUs = (r: Record<string, string>) => num(r, "Task_CPU_Time(S)") * 1e6 + num(r, "Task_CPU_Time(US)");
/** A row's record time in ms: Date "2016/02/27", Time "18:01:33,540000". */
const when = (r: Record<string, string>) => {
  const [y, mo, d] = r.Date!.split("/").map(Number);
  const [h, mi, sec] = r.Time!.split(",")[0]!.split(":").map(Number);
  return Date.UTC(y!, mo! - 1, d!, h!, mi!, sec!) + Number(r.Time!.split(",")[1]) / 1000;
};
/** The QMST interval (its end, ms) a record time falls in: after end less Interval_Duration, to end + 2 s. */
const intervalEnd = (qmst: Record<string, string>[], t: number) =>
  qmst
    .map((r) => ({ end: when(r), start: when(r) - (num(r, "Interval_Duration") + 1) * 1000 }))
    .sort((a, b) => a.end - b.end)
    .find((x) => Math.floor(t / 1000) * 1000 <= x.end + 2000 && Math.floor(t / 1000) * 1000 > x.start)!.end;
/** The p-th percentile of sorted values, linear between order statistics. */
const pct = (v: number[], p: number) => {
  const h = (v.length - 1) * p;
  const lo = Math.floor(h);
  return v[lo]! + (h - lo) * (v[Math.min(lo + 1, v.length - 1)]! - v[lo]!);
};

describe.skipIf(!there)("same window, enough data", () => {
  const chl = join(FIX, "TESTCHL");
  it("every baseline value states its sample and its spread across intervals (TESTCHL)", async () => {
    const c = await calibrate(chl);
    const qmst = table(join(chl, "SMF-QMST.csv"));
    const rate = c.values.find((v) => v.path === "baseline.rate")!;
    const txn = (r: Record<string, string>) => (num(r, "Put") + num(r, "Put1")) / 2;
    expect(rate.sample).toEqual({ intervals: 16, seconds: 947, transactions: 586.5 });
    // Each interval's rate, Put + Put1 over 2 over its Interval_Duration; p10 and p90 between order statistics.
    const rates = qmst.map((r) => txn(r) / num(r, "Interval_Duration")).sort((a, b) => a - b);
    expect(rate.spread!.p10).toBeCloseTo(Number(pct(rates, 0.1).toPrecision(4)), 9);
    expect(rate.spread!.p90).toBeCloseTo(Number(pct(rates, 0.9).toPrecision(4)), 9);
    // The channel initiator's cost: each interval's QCTDSP + QCTADP Task_CPU_Time over the same interval's transactions.
    const chin = c.values.find((v) => v.path === "baseline.cost.chin")!;
    const tasks = [...table(join(chl, "SMF-QCTDSP.csv")), ...table(join(chl, "SMF-QCTADP.csv"))];
    const perInterval = qmst
      .filter((r) => txn(r) > 0)
      .map((r) => tasks.filter((t) => at(t) === at(r)).reduce((a, t) => a + cpuUs(t), 0) / txn(r))
      .sort((a, b) => a - b);
    expect(chin.spread!.intervals).toBe(perInterval.length);
    expect(chin.spread!.p10).toBeCloseTo(Number(pct(perInterval, 0.1).toPrecision(4)), 6);
    expect(chin.spread!.p90).toBeCloseTo(Number(pct(perInterval, 0.9).toPrecision(4)), 6);
    // written as the range p10..VALUE..p90, neither end moved to make it symmetric
    expect((c.config.baseline as { cost: { chin: string } }).cost.chin).toBe(
      `${chin.spread!.p10}..744.1..${chin.spread!.p90}us`,
    );
  });

  it("a channel initiator interval with no queue manager interval at its time is dropped, not divided by another window's rate", async () => {
    const dir = mkdtempSync(join(tmpdir(), "mqzcap-h31-"));
    cpSync(chl, dir, { recursive: true });
    // Keep the queue manager's statistics of the first 8 intervals only.
    const lines = readFileSync(join(chl, "SMF-QMST.csv"), "latin1").split("\n");
    writeFileSync(join(dir, "SMF-QMST.csv"), [...lines.slice(0, 9), ""].join("\n"), "latin1");
    const c = await calibrate(dir);
    const kept = table(join(dir, "SMF-QMST.csv"));
    const times = new Set(kept.map(at));
    const tasks = [...table(join(chl, "SMF-QCTDSP.csv")), ...table(join(chl, "SMF-QCTADP.csv"))];
    const cpu = tasks.filter((t) => times.has(at(t))).reduce((a, t) => a + cpuUs(t), 0);
    const txns = kept.reduce((a, r) => a + (num(r, "Put") + num(r, "Put1")) / 2, 0);
    const chin = c.values.find((v) => v.path === "baseline.cost.chin")!;
    expect(chin.value).toBeCloseTo(Number((cpu / txns).toPrecision(4)), 6);
    expect(chin.sample!.intervals).toBe(8);
    expect(chin.formula).toMatch(/8 dropped: no interval of the other at that time/);
  });

  it("two fixtures ten hours apart: the application cost of one transaction is refused, not divided by the other's rate", async () => {
    // TEST115/SMF-QMST.csv: "2015/11/23","21:10:04,930000",... Interval_Start "2015/11/23","20:40:12", 1,792 s
    // TEST116/SMF-WTAS.csv: "2015/11/23","11:00:00,020000": the one task record, ten hours before it
    const c = await calibrate([join(FIX, "TEST115"), join(FIX, "TEST116")], { qmgr: "MQPC" });
    expect([...c.values, ...c.withheld].map((w) => w.path)).not.toContain("baseline.cost.app");
    const app = c.notDerived.find((n) => n.what === "baseline.cost.app")!;
    expect(app.why).toMatch(/1 class 3 task record written outside them dropped/);
  });

  it("class 3 application CPU: per statistics interval, by record time, with p10..p90 (TESTCHL's tasks as TSO)", async () => {
    // TESTCHL's class 3 tasks are the channel initiator's (WTID Appl_Type "CHIN"), which baseline.cost.app
    // leaves out: the same rows with Appl_Type "TSO" are an application's.
    const dir = mkdtempSync(join(tmpdir(), "mqzcap-h36-"));
    cpSync(chl, dir, { recursive: true });
    const wtidText = readFileSync(join(chl, "SMF-WTID.csv"), "latin1");
    writeFileSync(join(dir, "SMF-WTID.csv"), wtidText.replaceAll(',"CHIN","QML1CHIN"', ',"TSO","QML1CHIN"'), "latin1");
    const c = await calibrate(dir);
    const app = c.values.find((v) => v.path === "baseline.cost.app")!;

    // The test's own join: WTID WTAS_Correlator = WTAS Correl = WQ Correlation, with the same Date and Time.
    const tso = new Set(
      table(join(dir, "SMF-WTID.csv"))
        .filter((r) => r.Appl_Type === "TSO")
        .map((r) => `${r.Date} ${r.Time} ${r.WTAS_Correlator}`),
    );
    const us = (r: Record<string, string>, verb: string) => num(r, `${verb}_CT(S)`) * 1e6 + num(r, `${verb}_CT(US)`);
    // The verbs of the formula: WQ Open/Close/Get/Put/Put1/Inq/Set/CallBack_CT, WTAS Other_MQI/Commit/
    // Backout/Prepare/Subscribe/SubReq/MQCTL/MQSTAT_CT.
    const wq = table(join(dir, "SMF-WQ.csv")).map((r) => ({
      t: when(r),
      cpu: tso.has(`${r.Date} ${r.Time} ${r.Correlation}`)
        ? ["Open", "Close", "Get", "Put", "Put1", "Inq", "Set", "CallBack"].reduce((a, v) => a + us(r, v), 0)
        : 0,
      puts: num(r, "Put_Count") + num(r, "Put1_Count"),
    }));
    const wtas = table(join(dir, "SMF-WTAS.csv")).map((r) => ({
      t: when(r),
      cpu: tso.has(`${r.Date} ${r.Time} ${r.Correl}`)
        ? ["Other_MQI", "Commit", "Backout", "Prepare", "Subscribe", "SubReq", "MQCTL", "MQSTAT"].reduce(
            (a, v) => a + us(r, v),
            0,
          )
        : 0,
      puts: 0,
    }));
    // Each record to the statistics interval it was written in: after the interval's start (its end
    // less Interval_Duration, a second more for the whole seconds), up to 2 s after its end (QMST Time).
    const intervals = table(join(dir, "SMF-QMST.csv"))
      .map((r) => ({ end: when(r), duration: num(r, "Interval_Duration"), cpu: 0, puts: 0, records: 0 }))
      .sort((a, b) => a.end - b.end);
    for (const rec of [...wq, ...wtas]) {
      const second = Math.floor(rec.t / 1000) * 1000;
      const i = intervals.find((x) => second <= x.end + 2000)!;
      expect(second).toBeGreaterThan(i.end - (i.duration + 1) * 1000);
      i.cpu += rec.cpu;
      i.puts += rec.puts;
      i.records++;
    }
    const cpu = intervals.reduce((a, i) => a + i.cpu, 0);
    const txns = intervals.reduce((a, i) => a + i.puts, 0) / 2;
    // WQ Put_Count + Put1_Count 1,100 (the 22 WQ rows of ELKINSC.CLIENT.TEST, 100 or 0 puts each) / 2
    expect(txns).toBe(550);
    expect(app.value).toBe(Number((cpu / txns).toPrecision(4)));
    const perInterval = intervals
      .filter((i) => i.puts > 0)
      .map((i) => i.cpu / (i.puts / 2))
      .sort((a, b) => a - b);
    const p10 = Number(pct(perInterval, 0.1).toPrecision(4));
    const p90 = Number(pct(perInterval, 0.9).toPrecision(4));
    expect(app.spread).toEqual({ p10, p90, intervals: perInterval.length });
    // The intervals holding records (every one: the channel initiator's tasks write at each), their 947 s
    expect(app.sample).toEqual({
      intervals: intervals.filter((i) => i.records > 0).length,
      seconds: intervals.filter((i) => i.records > 0).reduce((a, i) => a + i.duration, 0),
      transactions: 550,
    });
    expect(app.sample!.seconds).toBe(947);
    expect((c.config.baseline as { cost: { app: string } }).cost.app).toBe(`${p10}..${app.value}..${p90}us`);
    expect(c.withheld).toEqual([]);
  });

  it("class 1 application CPU, without class 3 applications: QMAC rows per statistics interval (TESTCHL's as TSO)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "mqzcap-h36-"));
    cpSync(chl, dir, { recursive: true });
    // QMAC Application_Type "CHIN" made "TSO"; class 3 (WTID) left the channel initiator's.
    const text = readFileSync(join(chl, "SMF-QMAC.csv"), "latin1");
    writeFileSync(join(dir, "SMF-QMAC.csv"), text.replaceAll(',"MQUSER  ","CHIN",', ',"MQUSER  ","TSO",'), "latin1");
    const qmac = table(join(dir, "SMF-QMAC.csv"));
    expect(qmac.every((r) => r.Application_Type === "TSO")).toBe(true);
    const qmst = table(join(chl, "SMF-QMST.csv"));
    const per = new Map<number, { cpu: number; puts: number }>();
    for (const r of qmac) {
      const end = intervalEnd(qmst, when(r));
      const x = per.get(end) ?? { cpu: 0, puts: 0 };
      x.cpu += num(r, "CPU_Time(S)") * 1e6 + num(r, "CPU_Time(US)");
      x.puts += ["0to99", "100to999", "1000to9999", "10000"].reduce((a, k) => a + num(r, `Puts_Len_${k}`), 0);
      per.set(end, x);
    }
    const cpu = [...per.values()].reduce((a, x) => a + x.cpu, 0);
    // Puts_Len_* 1,101 in all (1,100 + 1, as the class 1 figure above says) / 2
    const txns = [...per.values()].reduce((a, x) => a + x.puts, 0) / 2;
    expect(txns).toBe(1101 / 2);
    const c = await calibrate(dir);
    const app = c.values.find((v) => v.path === "baseline.cost.app")!;
    expect(app.value).toBe(Number((cpu / txns).toPrecision(4)));
    expect(app.formula).toMatch(/^QMAC CPU_Time of TSO connections/);
    const perInterval = [...per.values()]
      .filter((x) => x.puts > 0)
      .map((x) => x.cpu / (x.puts / 2))
      .sort((a, b) => a - b);
    expect(app.spread).toEqual({
      p10: Number(pct(perInterval, 0.1).toPrecision(4)),
      p90: Number(pct(perInterval, 0.9).toPrecision(4)),
      intervals: perInterval.length,
    });
    expect(app.sample!.intervals).toBe(per.size);
  });

  it("an application cost from accounting records of 2 of the 16 intervals is withheld, exit 1", async () => {
    const dir = mkdtempSync(join(tmpdir(), "mqzcap-h36-"));
    cpSync(chl, dir, { recursive: true });
    // Class 3 rows written 18:03:06 to 18:04:44 only: the intervals that end 18:03:47 and 18:04:44
    // (QMST Time; Interval_Start 18:03:05 and 18:03:47), as TSO tasks.
    const keep = (line: string, k: number) =>
      k === 0 || (line.slice(14, 22) > "18:03:05" && line.slice(14, 22) <= "18:04:44");
    for (const f of ["SMF-WTID.csv", "SMF-WTAS.csv", "SMF-WQ.csv"]) {
      const lines = readFileSync(join(chl, f), "latin1").split("\n").filter(Boolean);
      const kept = lines.filter(keep).map((l) => l.replace(',"CHIN","QML1CHIN"', ',"TSO","QML1CHIN"'));
      writeFileSync(join(dir, f), kept.join("\n") + "\n", "latin1");
    }
    const c = await calibrate(dir);
    expect(c.small).toContain("baseline.cost.app over 2 statistics intervals (fewer than 3)");
    expect(c.withheld.map((w) => w.path).sort()).toEqual(["baseline.cost.app", "baseline.cost.chin", "baseline.rate"]);
    const r = run(["calibrate", dir]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^# baseline\.cost\.app: /m);
  });

  it("the channel rate and the class 3 message size state their spread across the statistics intervals (TESTCHL)", async () => {
    const c = await calibrate(chl);
    const qmst = table(join(chl, "SMF-QMST.csv"));
    // SMF-QCST.csv: the channel's rows are written at the statistics intervals' record times
    // ("2016/02/27","18:03:47,..." as QMST's); an interval with no row of it carried no message.
    const qcst = table(join(chl, "SMF-QCST.csv"));
    const rates = qmst
      .map(
        (r) =>
          qcst.filter((x) => at(x) === at(r)).reduce((a, x) => a + num(x, "Msg_All_Count"), 0) /
          num(r, "Interval_Duration"),
      )
      .sort((a, b) => a - b);
    const ch = c.channels.find((x) => x.name === "ELKINSC.TEST.SVRCONN")!;
    expect(ch.spread).toEqual({
      p10: Number(pct(rates, 0.1).toPrecision(4)),
      p90: Number(pct(rates, 0.9).toPrecision(4)),
      intervals: 16,
    });
    // WQ Total_Bytes_Put / Total_Valid_Puts of each interval's rows: 1,100 bytes / 100 puts in every
    // row with puts, so 11 bytes at both ends, over the 8 intervals that had puts.
    const size = c.values.find((v) => v.path === "workload.messageSize")!;
    const wq = table(join(chl, "SMF-WQ.csv")).filter((r) => num(r, "Total_Valid_Puts") > 0);
    expect(new Set(wq.map((r) => num(r, "Total_Bytes_Put") / num(r, "Total_Valid_Puts")))).toEqual(new Set([11]));
    const ends = new Set(wq.map((r) => intervalEnd(qmst, when(r))));
    expect(size.spread).toEqual({ p10: 11, p90: 11, intervals: ends.size });
    expect(size.sample!.intervals).toBe(ends.size);
    // API calls per transaction: its transactions are the rate's
    const calls = c.values.find((v) => v.path === "smf.apiCallsPerTransaction")!;
    expect(calls.sample).toEqual({ intervals: 16, seconds: 947, transactions: 586.5 });
  });

  it("spreadOf: the 10th and 90th percentiles between order statistics", () => {
    // 1..11: p10 at position 1 (value 2), p90 at position 9 (value 10)
    expect(spreadOf([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11])).toEqual({ p10: 2, p90: 10, intervals: 11 });
    expect(spreadOf([])).toBeUndefined();
  });
});
