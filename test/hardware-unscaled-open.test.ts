// A CPU figure measured on one machine and shown unscaled on another (no factor from the sources, no
// hardware.factor) is that machine's in name only: its range is open on the side the move goes (#27
// point 1). Newer machine: costs less by an amount not given, open below; older: open above.
import { describe, expect, it } from "vitest";
import { estimate } from "../src/api.js";
import { parseConfigValue } from "../src/config/load.js";
import { estimateWith } from "../src/engine/engine.js";
import { RuleMemo } from "../src/engine/rule-memo.js";
import { shippedRegistry } from "../src/model/models.js";
import type { ConfigInput } from "../src/config/schema.js";

// The TLS negotiation cost is measured on z14 and z15 (003, "Cost of secret key negotiation").
const tls = (generation: string, factor?: number): ConfigInput => ({
  version: 1,
  mq: { release: "9.3" },
  hardware: { generation, ...(factor !== undefined ? { factor } : {}) } as ConfigInput["hardware"],
  workload: { rate: "1000/s", messageSize: "4KB" },
  channels: [{ name: "TO.HUB", type: "sender", tls: { cipher: "ECDHE_RSA_AES_256_CBC_SHA384", resetBytes: 1048576 } }],
});

const renegotiation = (c: ConfigInput) => estimate(c).items.find((i) => i.id.startsWith("tls.renegotiation-cpu"))!;

describe("CPU figures shown unscaled on another machine", () => {
  it("on a newer machine (z16) are open below, their high end as measured", () => {
    const onZ15 = renegotiation(tls("z15"));
    const onZ16 = renegotiation(tls("z16"));
    expect(onZ16.value).toBe(onZ15.value);
    expect(onZ16.low).toBe(0);
    expect(onZ16.high).toBe(onZ15.high);
    expect(onZ16.spread.some((p) => p.text.includes("shown unscaled on z16"))).toBe(true);
  });

  it("on an older machine (2064) are open above", () => {
    const i = renegotiation(tls("2064"));
    expect(i.high).toBe(Infinity);
    expect(Number.isFinite(i.low)).toBe(true);
  });

  it("scaled by the user's hardware.factor keep a finite range", () => {
    const i = renegotiation(tls("z16", 1.1));
    expect(Number.isFinite(i.high)).toBe(true);
    expect(i.low).toBeGreaterThan(0);
  });
});

describe("hardware.factor in an item's working, point by point within one command", () => {
  it("each point keeps its own factor where a command's memo replays the rule's item", () => {
    // Two points of one command (as a sweep of hardware.factor runs them): the TLS rule does not read
    // hardware.factor, so the memo replays its item at the second point; the factor is added to the
    // engine's copy. The first point's working must still say 1.1, not the second's 1.3.
    const memo = new RuleMemo();
    const registry = shippedRegistry();
    const at = (factor: number) =>
      estimateWith(
        parseConfigValue(tls("z16", factor) as Record<string, unknown>, "<test>").config,
        registry,
        undefined,
        memo,
      ).items.find((i) => i.id.startsWith("tls.renegotiation-cpu"))!;
    const first = at(1.1);
    const second = at(1.3);
    expect(first.inputs.hardwareFactor?.value).toBe(1.1);
    expect(second.inputs.hardwareFactor?.value).toBe(1.3);
    // And the two points' values are the measured cost over each factor: in the ratio 1.3 / 1.1.
    expect(first.value / second.value).toBeCloseTo(1.3 / 1.1, 9);
  });
});
