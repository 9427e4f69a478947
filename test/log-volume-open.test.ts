// Log volumes counted from the message data only are lower bounds (no source gives the overhead per
// message for MQ 9.x: src/rules/logging.ts), so their ranges are open above; with the overhead the user
// gives (logging.logOverheadPerMessage) they are not.
import { describe, expect, it } from "vitest";
import { estimate } from "../src/api.js";
import type { ConfigInput } from "../src/config/schema.js";
import { item } from "./helpers/items.js";

const persistent: ConfigInput = {
  version: 1,
  mq: { release: "9.3" },
  workload: { rate: "1000/s", persistent: true, messageSize: "4KB", pattern: "request-reply" },
};

describe("log volumes from message data only", () => {
  it("are open above: at least the message data, with no upper end", () => {
    const e = estimate(persistent);
    for (const id of [
      "logging.bytes-per-transaction",
      "logging.log-write-rate",
      "logging.active-log-per-day",
      "logging.archive-per-day",
    ]) {
      const i = item(e, id);
      expect(i.high, id).toBe(Infinity);
      expect(i.low, id).toBeLessThanOrEqual(i.value);
    }
    // 4KB x 2 messages (request-reply) = 8 KB per transaction, message data only.
    expect(item(e, "logging.bytes-per-transaction").value).toBeCloseTo(8, 9);
  });

  it("are bounded when the overhead per message is given", () => {
    const e = estimate({ ...persistent, logging: { logOverheadPerMessage: "1.25KB" } });
    const i = item(e, "logging.bytes-per-transaction");
    // (4KB + 1.25KB) x 2 = 10.5 KB.
    expect(i.value).toBeCloseTo(10.5, 9);
    expect(Number.isFinite(i.high)).toBe(true);
  });

  it("make the log-rate ceiling open below (more data per transaction, fewer transactions), bounded with the overhead", () => {
    expect(item(estimate(persistent), "logging.log-rate-ceiling").low).toBe(0);
    const bounded = item(
      estimate({ ...persistent, logging: { logOverheadPerMessage: "1.25KB" } }),
      "logging.log-rate-ceiling",
    );
    expect(bounded.low).toBeGreaterThan(0);
  });
});
