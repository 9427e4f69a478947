// The formatter's cell forms, and the class 3 join, without fixtures.
import { describe, expect, it } from "vitest";
import {
  BadValue,
  clockAt,
  countAt,
  parseCount,
  parseDuration,
  parseText,
  parseTimeOfDay,
  parseTimestamp,
  parseUserTime,
} from "../src/smf/values.js";
import { TaskJoin, emptySums, type TaskIdentity, type TaskSums } from "../src/smf/join.js";
import { RecentKeys } from "../src/smf/recent-keys.js";
import { parseAsidCpu } from "../src/smf/asid.js";
import { cipherName } from "../src/smf/ciphers.js";
import { releaseOf } from "../src/smf/derive.js";

describe("SMF cell values", () => {
  it('read ="800" and padded numbers as numbers', () => {
    expect(parseCount('="800"', "MQ_Version")).toBe(800);
    expect(parseCount(" 313 ", "Task_CPU_Time(US)")).toBe(313);
    expect(parseCount("0", "x")).toBe(0);
  });
  it("take padding (dots, -1, empty) as missing, not zero", () => {
    expect(parseCount("....", "x")).toBeUndefined();
    expect(parseCount("-1", "PersPuts")).toBeUndefined();
    expect(parseCount(" -1 ", "x")).toBeUndefined();
    expect(parseCount("", "x")).toBeUndefined();
    expect(parseText("....................")).toBeUndefined();
    expect(parseText('="    "')).toBeUndefined();
    expect(parseTimestamp("1970/01/01", "00:00:00,000000", "x")).toBeUndefined();
    expect(parseDuration("0", "-1", "x")).toBeUndefined();
  });
  it("add a duration's seconds and microseconds", () => {
    expect(parseDuration("59", " 768674 ", "Task_Wait_Time")).toBe(59_768_674);
    expect(parseDuration(313, undefined, "taskCpuTimeUs")).toBe(313);
  });
  it("read both timestamp forms alike (CSV comma, NDJSON point)", () => {
    const csv = parseTimestamp("2016/02/27", "18:01:33,540000", "Date");
    expect(csv).toBe(Date.UTC(2016, 1, 27, 18, 1, 33, 540));
    expect(parseTimestamp("2016-02-27", "18:01:33.540000", "date")).toBe(csv);
  });
  it("refuse a value its column cannot hold, naming the column", () => {
    expect(() => parseCount("12x", "Put")).toThrow(BadValue);
    expect(() => parseCount("12x", "Put")).toThrow(/Put: expected a whole number, found "12x"/);
    expect(() => parseTimestamp("27.02.2016", "", "Date")).toThrow(/Date/);
  });
  it("read --from and --to times, and refuse impossible ones", () => {
    expect(parseUserTime("2016-02-27 18:05")).toBe(Date.UTC(2016, 1, 27, 18, 5));
    expect(parseUserTime("2016/02/27T18:05:30")).toBe(Date.UTC(2016, 1, 27, 18, 5, 30));
    expect(parseUserTime("2016-02-31 10:00")).toBeUndefined();
    expect(parseUserTime("yesterday")).toBeUndefined();
  });
  it("read --asid-cpu as CPU seconds or a percentage of one engine", () => {
    expect(parseAsidCpu("MSTR=12.5s")).toMatchObject({ space: "MSTR", seconds: 12.5 });
    expect(parseAsidCpu("qmgr=850ms")).toMatchObject({ space: "MSTR", seconds: 0.85 });
    expect(parseAsidCpu("CHIN=4%")).toMatchObject({ space: "CHIN", percent: 4 });
    expect(parseAsidCpu("DB2=1s")).toMatch(/unknown address space/);
    expect(parseAsidCpu("MSTR=lots")).toMatch(/expected CPU seconds/);
  });
  it("name TLS cipher suites by code, and only known ones", () => {
    expect(cipherName("9D")).toBe("TLS_RSA_WITH_AES_256_GCM_SHA384");
    expect(cipherName("C030")).toBe("ECDHE_RSA_AES_256_GCM_SHA384");
    expect(cipherName("1302")).toBe("TLS_AES_256_GCM_SHA384");
    expect(cipherName("FFFF")).toBeUndefined();
  });
  it("map MQ_Version to a release the config knows", () => {
    expect(releaseOf("800")).toBe("8.0");
    expect(releaseOf("930")).toBe("9.3");
    expect(releaseOf("090300")).toBe("9.3");
    expect(releaseOf("100000")).toBeUndefined(); // MQ 10: no report covers it
  });
});

describe("SMF cell values read from the bytes", () => {
  // countAt and clockAt read the common forms from a line's bytes and hand every other cell, as text,
  // to parseCount and parseTimeOfDay: for any cell both ways give the same value or the same error.
  const outcome = (f: () => unknown) => {
    try {
      return { value: f() };
    } catch (err) {
      return { error: (err as Error).message };
    }
  };
  /** The cell inside a line ("x,CELL,y"), as the scanner would point at it: ASCII lines also as text. */
  const bytesOf = (cell: string) => {
    const b = new TextEncoder().encode(`x,${cell},y`);
    const ascii = b.every((c) => c < 128);
    return { b, from: 2, to: b.length - 2, latin1: ascii ? `x,${cell},y` : undefined };
  };
  const counts = [
    ...["", "0", "007", "313", " 313 ", "  4  ", '="800"', '=""', '="  7 "', '="12', "-1", " -1 ", "-0", "-5"],
    ...["12 ", "\t12", " \t12", "....", "-", "--1", "+5", "=5", ' ="800"', "1e3", "1.5", "12x", "Zürich", "١٢"],
    ...["123456789012345", "1234567890123456", "12345678901234567890", "123456789012345678901", " 9007199254740993 "],
  ];
  it.each(counts)("countAt(%j) is parseCount's", (cell) => {
    const { b, from, to, latin1 } = bytesOf(cell);
    const want = outcome(() => parseCount(cell, "Put"));
    expect(outcome(() => countAt(b, from, to, latin1, "Put"))).toEqual(want);
    expect(outcome(() => countAt(b, from, to, undefined, "Put"))).toEqual(want);
  });
  const clocks = [
    ...["", "18:01:33,540000", "18:01:33", "18:01:33,", "18:01:33 ", " 18:01:33,5", "18:01:33,5 ", "00:00:00,000001"],
    ...["24:00:00", "25:00:00", "18:60:00", "18:01:61", "18:01:33,-5", "1 :02:03", "18:01:3", "18-01-33", "18:01:33.5"],
    ...["18:01:33,123456789012345", "18:01:33,1234567890123456", '="18:01:33,5"', "18:01:33é5", "18:01:33,5é"],
  ];
  it.each(clocks)("clockAt(%j) is parseTimeOfDay's", (cell) => {
    const { b, from, to, latin1 } = bytesOf(cell);
    const want = outcome(() => parseTimeOfDay(cell, "Time"));
    expect(outcome(() => clockAt(b, from, to, latin1, "Time"))).toEqual(want);
    expect(outcome(() => clockAt(b, from, to, undefined, "Time"))).toEqual(want);
  });
});

describe("the join's window of recent keys", () => {
  it("finds the last N keys added, as a Map that drops its oldest key would", () => {
    // A reference: a Map and the keys in the order added. Keys of every length around the 64
    // characters kept in the pool, non-ASCII ones, and many alike (hash buckets shared).
    const size = 50;
    const recent = new RecentKeys<number>(size);
    const map = new Map<string, number>();
    const order: string[] = [];
    let seed = 7;
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed % n);
    for (let i = 0; i < 5000; i++) {
      const key = [
        "k",
        String(rand(200)),
        "x".repeat(rand(3) === 0 ? 60 + rand(10) : rand(5)),
        rand(9) === 0 ? "é☃" : "",
      ].join("|");
      expect(recent.get(key), `step ${i}`).toBe(map.get(key));
      if (map.has(key)) continue;
      recent.add(key, i);
      map.set(key, i);
      order.push(key);
      if (order.length > size) map.delete(order.shift()!);
      expect(recent.length).toBe(map.size);
    }
    for (const [k, v] of map) expect(recent.get(k)).toBe(v);
    expect(recent.get("never added")).toBeUndefined();
  });
});

describe("class 3 join", () => {
  const sums = (cpuUs: number, tasks = 0, queueRows = 1): TaskSums => ({ ...emptySums(), cpuUs, tasks, queueRows });
  const who = (applType: string): TaskIdentity => ({ applType, channel: undefined, connection: undefined, qm: "L/Q" });

  it("joins rows that come before or after their WTID, by the whole key", () => {
    const got: [string | undefined, number][] = [];
    const j = new TaskJoin((w, s) => got.push([w?.applType, s.cpuUs]));
    // NDJSON order: WTAS and WQ first, then the WTID.
    expect(j.part("L/Q|t1|C1", "WTAS", sums(10, 1, 0), "L/Q")).toBe(false);
    j.part("L/Q|t1|C1", "WQ", sums(5), "L/Q");
    j.wtid("L/Q|t1|C1", who("CICS"));
    // The same correlator in the next interval is another set.
    j.wtid("L/Q|t2|C1", who("TSO"));
    expect(j.part("L/Q|t2|C1", "WTAS", sums(7, 1, 0), "L/Q")).toBe(true);
    j.finish();
    expect(got).toEqual([
      ["CICS", 15],
      ["TSO", 7],
    ]);
    expect(j.stats).toMatchObject({ wtid: 2, matchedWtas: 2, matchedWq: 1, orphanWtas: 0, orphanWq: 0 });
  });

  it("counts rows with no WTID in reach as unmatched, and keeps a bounded window", () => {
    const got: (string | undefined)[] = [];
    const j = new TaskJoin((w) => got.push(w?.applType), 4);
    j.part("L/Q|t0|LOST", "WQ", sums(1), "L/Q");
    for (let i = 0; i < 10; i++) j.wtid(`L/Q|t${i}|C`, who("CICS"));
    // The waiting row expired after window/2 WTIDs; the oldest WTIDs left the window.
    expect(j.waiting("L/Q|t0|LOST")).toBe(false);
    expect(got[0]).toBeUndefined();
    expect(j.part("L/Q|t0|C", "WTAS", sums(1, 1, 0), "L/Q")).toBe(false);
    j.finish();
    expect(j.stats.orphanWq).toBe(1);
    expect(j.stats.orphanWtas).toBe(1);
  });
});
