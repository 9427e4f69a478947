// parseConfigValue with a memo (src/config/load.ts bySection): what a command that tries many values
// of one config gets. Each config it gives must be the config a parse without the memo gives, and a
// value the schema refuses must be refused with the same message, whichever shortcut took it.
import { describe, expect, it } from "vitest";
import { parseConfigValue, type ParseMemo } from "../src/config/load.js";
import { InputError } from "../src/util/diagnostic.js";

const plan = (types: string[]) => ({
  version: 1,
  mq: { release: "9.3" },
  hardware: { generation: "z15", cpus: 8 },
  workload: { rate: "1000/s", messageSize: "4KB" },
  channels: types.map((type, i) => ({ name: `C${i}`, type, rate: `${i + 1}/s` })),
});

const fresh = (raw: object) => parseConfigValue(raw, "plan.yaml").config;
const messageOf = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    if (e instanceof InputError) return e.diagnostics.map((d) => d.message);
    throw e;
  }
  return undefined;
};

describe("parsing with a memo, one channel definition moved at a time", () => {
  const base = plan(Array.from({ length: 40 }, () => "sender"));

  it("gives, for each definition moved, the config a parse without the memo gives", () => {
    const memo: ParseMemo = new Map();
    parseConfigValue(base, "plan.yaml", { memo });
    for (const k of [0, 7, 39]) {
      // As sensitivity writes a value tried: the list copied, the other definitions the same objects.
      const channels = [...base.channels];
      channels[k] = { ...channels[k]!, type: "receiver", rate: "2,500/s" };
      const moved = { ...base, channels };
      const withMemo = parseConfigValue(moved, "plan.yaml", { memo }).config;
      expect(withMemo).toEqual(fresh(moved));
      // "2,500/s" read as 2,500 a second, as written (the schema's own transform).
      expect(withMemo.channels![k]!.rate).toBe(2500);
      expect(withMemo.channels![k]!.type).toBe("receiver");
    }
  });

  it("refuses a moved definition the schema refuses, with the message a whole parse gives", () => {
    const memo: ParseMemo = new Map();
    parseConfigValue(base, "plan.yaml", { memo });
    const channels = [...base.channels];
    channels[3] = { ...channels[3]!, type: "teleport" };
    const moved = { ...base, channels };
    const expected = messageOf(() => fresh(moved));
    expect(expected?.[0]).toMatch(/^channels\.3\.type: "teleport" is not allowed/);
    expect(messageOf(() => parseConfigValue(moved, "plan.yaml", { memo }))).toEqual(expected);
  });

  it("takes a section it has seen as the same object as parsed before, for that section only", () => {
    // Two sections written as one object (a library caller's shared {}): each is its own section's.
    const shared = {};
    const raw = { ...base, smf: shared, ams: shared };
    const memo: ParseMemo = new Map();
    parseConfigValue(raw, "plan.yaml", { memo });
    const again = parseConfigValue({ ...raw, workload: { ...raw.workload, rate: "1200/s" } }, "plan.yaml", { memo });
    expect(again.config).toEqual(fresh({ ...raw, workload: { ...raw.workload, rate: "1200/s" } }));
  });
});
