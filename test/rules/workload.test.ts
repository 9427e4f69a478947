// Workload rule: messages per second from transactions per second, two per request/reply transaction
// (seed 004 line 355: "there are two messages completely processed ... for each request/reply
// transaction"; seed 000 line 1334 and seed 001 lines 2204-2206 double 575,000 transactions to
// 1,150,000 messages).
import { item } from "../helpers/items.js";
import { describe, expect, it } from "vitest";
import { estimate } from "../../src/api.js";

describe("workload rule", () => {
  it("doubles request/reply transactions into messages, as arithmetic citing its statement", () => {
    const e = estimate({ version: 1, workload: { pattern: "request-reply", rate: "575000/s" } });
    const m = item(e, "workload.messages-per-second");
    expect(m.value).toBe(575000 * 2);
    expect(m.confidence).toBe("arithmetic");
    expect(m.citations.map((c) => c.id)).toEqual(["004.sq-request-reply-messages-per-transaction"]);
    const oneWay = estimate({ version: 1, workload: { pattern: "one-way", rate: "100/s" } });
    expect(item(oneWay, "workload.messages-per-second").value).toBe(100);
    // no rate, no item
    expect(estimate({ version: 1 }).items.some((i) => i.id === "workload.messages-per-second")).toBe(false);
  });
});
