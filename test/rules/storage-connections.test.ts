// Connection storage rule, checked against seed 000 (MQ 9.3 report) lines 276 (about 6MB CSA per queue
// manager), 282-285 (CSA per connection) and 313-317 (queue manager storage per connection).
import { item } from "../helpers/items.js";
import { describe, expect, it } from "vitest";
import { estimate } from "../../src/api.js";

describe("storage-connections rule", () => {
  it("uses 2.47KB CSA per local connection and 16KB queue manager storage (seed 000 lines 282, 313)", () => {
    const e = estimate({ version: 1, storage: { localConnections: 1000 } });
    // 1000 x 2.47 KB / 1024 = 2.412 MB
    expect(item(e, "storage.csa-connections.local connections").value).toBeCloseTo((1000 * 2.47) / 1024, 9);
    // 1000 x 16 KB / 1024 = 15.625 MB
    expect(item(e, "storage.qmgr-connections.local connections").value).toBeCloseTo((1000 * 16) / 1024, 9);
    // 6 MB initial + 2.412 MB (line 276)
    expect(item(e, "storage.csa-total").value).toBeCloseTo(6 + (1000 * 2.47) / 1024, 9);
  });

  it("uses 4.9KB CSA and 24KB storage for SHARECNV(1), 2.7KB and 17KB for SHARECNV(10) (seed 000 lines 283, 285, 315-316)", () => {
    const e = estimate({
      version: 1,
      channels: [
        { name: "ONE", type: "server-connection", sharecnv: 1, conversations: 500 },
        { name: "TEN", type: "server-connection", sharecnv: 10, count: 20 },
      ],
    });
    // 500 x 4.9 KB = 2,450 KB; 500 x 24 KB = 12,000 KB
    expect(item(e, "storage.csa-connections.ONE").value).toBeCloseTo((500 * 4.9) / 1024, 9);
    expect(item(e, "storage.qmgr-connections.ONE").value).toBeCloseTo((500 * 24) / 1024, 9);
    // 20 instances x 10 conversations = 200 connections: 200 x 2.7 = 540 KB; 200 x 17 = 3,400 KB
    expect(item(e, "storage.csa-connections.TEN").value).toBeCloseTo((200 * 2.7) / 1024, 9);
    expect(item(e, "storage.qmgr-connections.TEN").value).toBeCloseTo((200 * 17) / 1024, 9);
    // CSA total: 6 MB + (2,450 + 540) KB / 1024
    expect(item(e, "storage.csa-total").value).toBeCloseTo(6 + (500 * 4.9 + 200 * 2.7) / 1024, 9);
  });

  it("uses 29.5KB for SHARECNV(1) to shared queues (seed 000 line 317)", () => {
    const e = estimate({
      version: 1,
      workload: { queues: "shared" },
      channels: [{ name: "SQ", type: "server-connection", sharecnv: 1, conversations: 100 }],
    });
    // 100 x 29.5 KB / 1024 = 2.881 MB (24 KB + the 5.5 KB shared queue overhead)
    expect(item(e, "storage.qmgr-connections.SQ").value).toBeCloseTo((100 * 29.5) / 1024, 9);
  });

  it("uses 2.47KB CSA for MCA channels and SHARECNV(0), and gives SHARECNV(5) 3KB (seed 000 lines 282, 284)", () => {
    const e = estimate({
      version: 1,
      channels: [
        { name: "TO.B", type: "sender", count: 40 },
        { name: "ZERO", type: "server-connection", sharecnv: 0, count: 10 },
        { name: "FIVE", type: "server-connection", sharecnv: 5, count: 10 },
      ],
    });
    expect(item(e, "storage.csa-connections.TO.B").value).toBeCloseTo((40 * 2.47) / 1024, 9);
    expect(item(e, "storage.csa-connections.ZERO").value).toBeCloseTo((10 * 2.47) / 1024, 9);
    // 10 instances x 5 conversations x 3 KB
    expect(item(e, "storage.csa-connections.FIVE").value).toBeCloseTo((50 * 3) / 1024, 9);
    // the report gives no queue manager storage for MCA channels: a gap, not a guess
    expect(e.items.some((i) => i.id === "storage.qmgr-connections.TO.B")).toBe(false);
    expect(e.gaps.some((g) => g.message.startsWith("TO.B: queue manager storage per connection"))).toBe(true);
  });

  it("gives a gap for MQ releases before 9.1", () => {
    const e = estimate({
      version: 1,
      mq: { release: "8.0" },
      hardware: { generation: "z13" },
      storage: { localConnections: 10 },
    });
    expect(e.items.some((i) => i.id === "storage.csa-total")).toBe(false);
    expect(e.gaps.some((g) => g.concern === "storage" && g.message.includes("MQ 8.0"))).toBe(true);
  });

  it("gives what shared queues add to a SHARECNV(1) connection: 29.5 - 24 = 5.5KB on 9.3, 29.8 - 24 = 5.8KB on 9.2 (seed 000 lines 315-317, seed 001 lines 336-338)", () => {
    const over = (release: "9.2" | "9.3") =>
      item(
        estimate({ version: 1, mq: { release }, workload: { queues: "shared" }, storage: { localConnections: 100 } }),
        "storage.shared-queue-overhead-per-connection",
      ).value;
    // 000 line 317: "the storage is 29.5KB, giving an additional shared queue overhead of 5.5KB"
    expect(over("9.3")).toBeCloseTo(5.5, 9);
    // 001 line 338: "the storage is 29.8KB, giving an additional shared queue overhead of 5.8KB"
    expect(over("9.2")).toBeCloseTo(5.8, 9);
    // private queues: no such item
    const e = estimate({ version: 1, storage: { localConnections: 100 } });
    expect(e.items.some((i) => i.id === "storage.shared-queue-overhead-per-connection")).toBe(false);
  });
});
