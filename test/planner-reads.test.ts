// What a planner reads (#28): the figures printed as a capacity planner would check them.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { estimate } from "../src/api.js";
import { renderCsv } from "../src/report/csv.js";
import { renderHtml } from "../src/report/html.js";
import { renderMarkdown } from "../src/report/markdown.js";
import { renderTable } from "../src/report/table.js";
import { fmt, fmtRange } from "../src/report/text.js";
import { headroomText } from "../src/report/limits-text.js";
import { ROOT } from "./helpers/cli.js";
import { item } from "./helpers/items.js";

describe("CPU on the LPAR's engines and on the coupling facility apart", () => {
  // examples/how-far-order-entry.yaml: baseline qmgr 62 + chin 95 + app 40 + tcpip 18 = 215 us on the
  // LPAR, cf 30 us on the CF, at 3,000/s: 215 x 3000 / 1e6 = 0.645 CPU s/s on 8 CPs (8.06%), and
  // 30 x 3000 / 1e6 = 0.09 CPU s/s on the CF's processors.
  const e = estimate(join(ROOT, "examples", "how-far-order-entry.yaml"));
  it("keeps the coupling facility out of the engines' headline, as the LPAR share does", () => {
    expect(e.cpu.engines!.value).toBeCloseTo((215 * 3000) / 1e6, 9);
    expect(e.cpu.cf!.value).toBeCloseTo((30 * 3000) / 1e6, 9);
    const table = renderTable(e, { color: false });
    expect(table).toContain("CPU at 3,000/s: 0.645 CPU seconds per second (engines busy)");
    expect(table).toMatch(
      /coupling facility: 0\.09 CPU seconds per second, on the coupling facility's own\s+processors/,
    );
  });
  it("gives the coupling facility's CPU its own line in every format", () => {
    expect(renderMarkdown(e)).toContain("coupling facility: 0.09 CPU s/s, on the coupling facility's own processors");
    expect(renderHtml(e)).toContain("coupling facility: 0.09 CPU s/s, on the coupling facility&#39;s own processors");
    expect(renderCsv(e)).toMatch(/^cpu,cpu\.seconds-per-second,.*,0\.645,0\.645,0\.645,/m);
    expect(renderCsv(e)).toMatch(/^cpu,cpu\.coupling-facility,.*,0\.09,0\.09,0\.09,/m);
  });
});

describe("a 64-bit storage limit", () => {
  it('reads "16 EB (no practical limit)", not a 14-digit number of MB', () => {
    // 2^64 - 2^32 bytes (16 EB less 4 GB) = 17,592,186,040,320 MB; 2^64 bytes / 2^60 = 16 EB
    const mb = (2 ** 64 - 2 ** 32) / 2 ** 20;
    expect(mb).toBe(17592186040320);
    expect(fmtRange({ value: mb, low: mb, high: mb }, "MB")).toBe("16 EB (no practical limit)");
    expect(fmt(2 ** 64, "bytes")).toBe("16 EB (no practical limit)");
    // a 31-bit one stays in MB: 2GB = 2,048 MB
    expect(fmt(2048, "MB")).toBe("2,048 MB");
  });
});

describe("an exceeded limit", () => {
  it('says "over by 10.6×" where the headroom is -963%, and JSON keeps the negative figure', () => {
    // demand / limit = 1 - headroom / 100: 1 + 9.63 = 10.63, printed 10.6
    expect(headroomText(-963)).toBe("over by 10.6×");
    expect(headroomText(25)).toBe("headroom 25%");
    // 100 + 100 senders and receivers and 500 / SHARECNV 10 = 50 client instances, 250 against MAXCHL's
    // default 200: 1 - 250 / 200 = -25% headroom, over by 1.25x
    const e = estimate({
      version: 1,
      workload: { pattern: "request-reply", messageSize: "32KB", rate: "1000/s" },
      channels: [
        { name: "TO.PARTNER", type: "sender", count: 100 },
        { name: "FROM.PARTNER", type: "receiver", count: 100 },
        { name: "CLIENTS", type: "server-connection", conversations: 500 },
      ],
    });
    const h = e.headroom.find((x) => x.id === "storage.chin-max-channels")!;
    expect(h.headroomPct.value).toBeCloseTo(-25, 9);
    const table = renderTable(e, { color: false });
    expect(table).toContain("(channel instances of all channel definitions): over by 1.25×");
    expect(table).not.toContain("headroom -25%");
  });
});

describe("daily log volume", () => {
  const day = (hoursPerDay?: number) =>
    estimate({
      version: 1,
      workload: {
        pattern: "one-way",
        persistent: true,
        messageSize: "32KB",
        rate: "1000/s",
        ...(hoursPerDay ? { hoursPerDay } : {}),
      },
      logging: { dualLogs: false, dualArchives: false },
    });
  it("says the rate is held for 24 hours when no hours are given", () => {
    // 1000/s x 32 KB / 1024 = 31.25 MB/s; x 86,400 s / 1024 = 2,636.7 GB a day, one copy
    const a = item(day(), "logging.active-log-per-day");
    expect(a.value).toBeCloseTo((31.25 * 86400) / 1024, 9);
    expect(a.label).toContain("at 1,000/s held for 24 hours");
  });
  it("takes workload.hoursPerDay", () => {
    // 31.25 MB/s x 8 x 3600 s / 1024 = 878.9 GB a day
    const a = item(day(8), "logging.active-log-per-day");
    expect(a.value).toBeCloseTo((31.25 * 8 * 3600) / 1024, 9);
    expect(a.label).toContain("8 hours at 1,000/s");
    expect(item(day(8), "logging.archive-per-day").value).toBeCloseTo((31.25 * 8 * 3600) / 1024, 9);
  });
});

describe("the CF structure limit", () => {
  it("has a headroom line against sharedQueue.messagesOnQueue", () => {
    const e = estimate({
      version: 1,
      workload: { pattern: "request-reply", queues: "shared", persistent: true, messageSize: "4KB", rate: "1000/s" },
      sharedQueue: { messagesOnQueue: 100000, structureSize: "256MB" },
    });
    const limit = item(e, "shared-queue.structure-capacity");
    const h = e.headroom.find((x) => x.id === "shared-queue.structure-capacity")!;
    expect(h.demand.value).toBe(100000);
    // headroom = (1 - demand / limit) x 100
    expect(h.headroomPct.value).toBeCloseTo((1 - 100000 / limit.value) * 100, 9);
    expect(renderTable(e, { color: false })).toContain("at 100,000 messages (sharedQueue.messagesOnQueue)");
  });
});
