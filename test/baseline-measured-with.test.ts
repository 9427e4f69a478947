// baseline.measuredWith: the estimate adds, per concern and address space, the plan's cost less the cost
// of the configuration the baseline was measured on (src/engine/baseline-delta.ts). Expected values from
// seed 001 (MQ 9.2 report, chapter 7) or from arithmetic shown here.
import { describe, expect, it } from "vitest";
import { estimate } from "../src/api.js";
import type { ConfigInput } from "../src/config/schema.js";
import { differenceOf } from "../src/engine/baseline-delta.js";
import type { RangedLineItem } from "../src/engine/types.js";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pageSchema } from "../scripts/page.js";
import { nodeAt, type SchemaNode } from "../src/page/schema-help.js";
import { ROOT, run } from "./helpers/cli.js";
import { parseConfigText } from "../src/config/load.js";
import { InputError, type Diagnostic } from "../src/util/diagnostic.js";

const cost = { qmgr: "45us", chin: "120us", app: "30us" };
const plan = (features: Partial<ConfigInput>, measuredWith?: Record<string, unknown>): ConfigInput =>
  ({
    version: 1,
    mq: { release: "9.2" },
    hardware: { generation: "z15", cpus: 6 },
    workload: { messageSize: "2KB", pattern: "request-reply", persistent: true, rate: "2000/s" },
    baseline: { rate: "1500/s", cost, ...(measuredWith ? { measuredWith } : {}) },
    ...features,
  }) as ConfigInput;
const addedBy = (e: ReturnType<typeof estimate>, concern: string, as?: string) =>
  (e.againstBaseline?.effects ?? [])
    .filter((x) => x.concern === concern && (as === undefined || x.addressSpace === as))
    .reduce((a, x) => a + x.added.value, 0);

// One plan per concern the issue names; each is measured with itself.
const CONCERNS: [string, Partial<ConfigInput>][] = [
  ["logging", { logging: { dualLogs: true, zHyperWrite: true, metroMirror: true } }],
  ["encryption", { encryption: { logs: true, pagesets: true } }],
  [
    "tls",
    {
      channels: [
        { name: "TO.HUB", type: "sender", tls: { cipher: "ECDHE_RSA_AES_256_CBC_SHA384", resetBytes: "1MB" } },
      ],
    },
  ],
  ["ams", { ams: { policy: "privacy" } }],
  ["streaming", { mq: { release: "9.3" }, streamingQueues: { copies: 1, quality: "best-effort" } }],
  ["smf", { smf: { accountingClass3: true, accountingInterval: "1.00", tasks: 40 } }],
  // The V5.3 report gives the shared queue uplift as text; the 9.x reports only as charts.
  [
    "shared-queue",
    {
      mq: { release: "5.3" },
      workload: { queues: "shared", messageSize: "2KB", rate: "2000/s", transport: "shared-queue" },
      sharedQueue: { queueManagers: 2, cfProcessors: 2 },
    },
  ],
];

describe("baseline.measuredWith equal to the plan adds nothing", () => {
  for (const [concern, features] of CONCERNS)
    it(`${concern}: every concern adds exactly 0, in value and range`, () => {
      const { mq, workload, ...rest } = features as Record<string, unknown>;
      const measuredWith = {
        ...(mq ? { mq } : { mq: { release: "9.2" } }),
        ...(workload ? { workload: { queues: (workload as { queues: string }).queues } } : {}),
        ...rest,
      };
      const without = estimate(plan(features));
      const e = estimate(plan(features, measuredWith));
      // The plan prices the concern at all (else the test would prove nothing): without measuredWith it adds
      // (per transaction, as a share, or per second).
      expect(without.againstBaseline!.effects.some((x) => x.concern === concern && x.added.value !== 0)).toBe(true);
      expect(e.againstBaseline?.measuredWith).toBe(true);
      for (const x of e.againstBaseline!.effects) expect(x.added).toEqual({ value: 0, low: 0, high: 0 });
      for (const c of e.totals.costPerTransaction) expect(c.added).toEqual({ value: 0, low: 0, high: 0 });
      expect(e.totals.total!.value).toBeCloseTo(45 + 120 + 30, 9);
      expect(e.totals.backgroundCpuSecondsPerSecond.value).toBe(0);
    });
});

describe("a baseline measured with another AMS policy", () => {
  // 001 lines 1857-1859: "Integrity added 11.5 CPU microseconds per MQGET." "Privacy added 12.5 CPU
  // microseconds per MQGET." "Confidentiality added 4.5 CPU microseconds per MQGET."; 001 line 1853:
  // Confidentiality protection "to a 2KB message is 7 CPU microseconds". Request/reply: 2 MQGETs, 2 MQPUTs.
  it("integrity to privacy adds the sources' difference, 2 x (12.5 - 11.5) = 2 us in the application", () => {
    const e = estimate(plan({ ams: { policy: "privacy" } }, { ams: { policy: "integrity" } }));
    expect(addedBy(e, "ams", "app")).toBeCloseTo(2 * (12.5 - 11.5), 9);
    expect(e.totals.costPerTransaction.find((c) => c.addressSpace === "app")!.added.value).toBeCloseTo(2, 9);
    // Two different figures: their difference is as wide as both ranges together, never narrower.
    const ams = e.againstBaseline!.effects.find((x) => x.concern === "ams")!;
    expect(ams.added.high - ams.added.low).toBeCloseTo(
      ams.plan.high - ams.plan.low + (ams.baseline.high - ams.baseline.low),
      9,
    );
  });
  it("confidentiality to privacy: 2 x 12.5 - (2 x 7 + 2 x 4.5) = 2 us", () => {
    const e = estimate(plan({ ams: { policy: "privacy" } }, { ams: { policy: "confidentiality", keyReuse: 32 } }));
    expect(addedBy(e, "ams", "app")).toBeCloseTo(2 * 12.5 - (2 * 7 + 2 * 4.5), 9);
  });
  it("a removed feature subtracts what the sources say it costs: privacy dropped takes off 2 x 12.5 us", () => {
    const e = estimate(plan({}, { ams: { policy: "privacy" } }));
    expect(addedBy(e, "ams", "app")).toBeCloseTo(-2 * 12.5, 9);
    expect(e.totals.costPerTransaction.find((c) => c.addressSpace === "app")!.total!.value).toBeCloseTo(30 - 25, 9);
  });
});

describe("without measuredWith", () => {
  it("says once that the baseline is taken to hold none of the features, naming those added", () => {
    const e = estimate(plan({ ams: { policy: "privacy" } }));
    const notes = e.needsBaseline.filter((n) => n.includes("measuredWith is not given"));
    expect(notes).toHaveLength(1);
    // 2 MQGETs x 12.5 us (001 line 1858)
    expect(notes[0]).toContain("ams 25 us app");
    expect(e.againstBaseline?.measuredWith).toBe(false);
    expect(addedBy(e, "ams", "app")).toBeCloseTo(25, 9);
  });
  it("says nothing of it with no baseline", () => {
    const e = estimate({ version: 1, ams: { policy: "privacy" } } as ConfigInput);
    expect(e.againstBaseline).toBeUndefined();
    expect(e.needsBaseline.some((n) => n.includes("measuredWith"))).toBe(false);
  });
});

describe("the machine the baseline was measured on", () => {
  const z14 = (b: Record<string, unknown>): ConfigInput =>
    ({
      version: 1,
      hardware: { generation: "z15", cpus: 16, rni: "average" },
      workload: { rate: "6000/s" },
      baseline: { rate: "5000/s", cost: { qmgr: "38us" }, ...b },
    }) as ConfigInput;
  it("measuredWith.hardware scales the measured cost as the old baseline.hardware did, which is still read with a warning", () => {
    const now = estimate(z14({ measuredWith: { hardware: { generation: "z14" } } }));
    const old = estimate(z14({ hardware: "z14" }));
    const q = (e: ReturnType<typeof estimate>) => e.totals.costPerTransaction.find((c) => c.addressSpace === "qmgr")!;
    expect(q(now).baseline).toEqual(q(old).baseline);
    // scaled down: the z15 does the same work in less CPU than the z14
    expect(q(now).baseline!.value).toBeLessThan(38);
    expect(old.warnings.some((w) => w.message.includes("baseline.hardware z14 is read as"))).toBe(true);
    expect(now.warnings.some((w) => w.message.includes("baseline.hardware"))).toBe(false);
    // The machine's effect is shown against the baseline: the scaled cost less the measured one.
    const hw = now.againstBaseline!.effects.find((x) => x.concern === "hardware" && x.addressSpace === "qmgr")!;
    expect(hw.added.value).toBeCloseTo(q(now).baseline!.value - 38, 9);
  });
});

describe("the range of a difference (docs/ranges.md section 4)", () => {
  const it0 = (value: number, low: number, high: number, from = "x"): RangedLineItem =>
    ({
      id: "a",
      concern: "ams",
      metric: "cpu-per-txn",
      value,
      low,
      high,
      spread: [{ from, reason: "run-to-run", low: -6, high: 6, text: "" }],
    }) as unknown as RangedLineItem;
  it("the same item on both sides cancels exactly", () => {
    expect(differenceOf(it0(10, 9.4, 10.6), it0(10, 9.4, 10.6))).toEqual({ value: 0, low: 0, high: 0 });
  });
  it("the same figure at two scales moves together: 20 +/-6% less 10 +/-6% is 10 +/-6%", () => {
    const d = differenceOf(it0(20, 18.8, 21.2), it0(10, 9.4, 10.6));
    expect(d.value).toBe(10);
    expect(d.low).toBeCloseTo(9.4, 9);
    expect(d.high).toBeCloseTo(10.6, 9);
  });
  it("different figures are independent: the widths add (never understated)", () => {
    const d = differenceOf(it0(20, 18.8, 21.2, "x"), it0(10, 9.4, 10.6, "y"));
    expect(d.low).toBeCloseTo(18.8 - 10.6, 9);
    expect(d.high).toBeCloseTo(21.2 - 9.4, 9);
  });
});

describe("baseline.measuredWith as a config", () => {
  it("a feature its release lacks is an error there, positioned in measuredWith", () => {
    const dir = mkdtempSync(join(tmpdir(), "mqzcap-h31-"));
    const file = join(dir, "plan.yaml");
    writeFileSync(
      file,
      [
        "version: 1",
        'mq: { release: "9.3" }',
        "baseline:",
        "  rate: 100/s",
        "  cost: { qmgr: 40us }",
        "  measuredWith:",
        '    mq: { release: "9.1" }',
        "    logging: { zHyperWrite: true }",
        "",
      ].join("\n"),
    );
    const r = run(["validate", file]);
    expect(r.code).toBe(2);
    // zHyperWrite needs MQ 9.2 (FEATURE_SINCE): the measured configuration's release is 9.1
    expect(r.stderr).toMatch(/plan\.yaml:8:\d+: error: baseline\.measuredWith: .*zHyperWrite.* needs MQ 9\.2 or later/);
  });
  it("an error of the plan and its measuredWith is said once per place it is written, not again for what measuredWith takes from the plan", () => {
    const text = [
      "version: 1",
      'mq: { release: "9.1" }',
      "hardware: { generation: z15, factorRelativeTo: z14 }",
      "logging: { zHyperWrite: true }",
      "baseline:",
      "  rate: 100/s",
      "  cost: { qmgr: 40us }",
      "  measuredWith:",
      "    logging: { zHyperWrite: true }",
      "",
    ].join("\n");
    let diagnostics: Diagnostic[] = [];
    try {
      parseConfigText(text, "plan.yaml");
    } catch (err) {
      if (!(err instanceof InputError)) throw err;
      diagnostics = err.diagnostics;
    }
    expect(diagnostics.map((d) => `${d.line}:${d.col} ${d.message}`)).toEqual([
      // zHyperWrite needs MQ 9.2 (FEATURE_SINCE), written in both: once at each
      "4:25 zHyperWrite for active logs needs MQ 9.2 or later; mq.release is 9.1",
      // the plan's hardware, which measuredWith (no hardware of its own) takes: once, at the plan's
      "3:48 factorRelativeTo needs hardware.factor",
      "9:29 baseline.measuredWith: zHyperWrite for active logs needs MQ 9.2 or later; mq.release is 9.1",
    ]);
  });

  it("the page's schema names measuredWith's sections by the top-level ones, and completion still finds their keys", () => {
    const schema = pageSchema(JSON.parse(readFileSync(join(ROOT, "schema", "config.schema.json"), "utf8")));
    const mw = (
      schema as { properties: Record<string, { properties: Record<string, { properties: Record<string, unknown> }> }> }
    ).properties.baseline!.properties.measuredWith!.properties;
    expect(mw.logging).toMatchObject({ sameAs: "logging" });
    const node = nodeAt(schema as SchemaNode, ["baseline", "measuredWith", "logging", "dualLogs"]);
    expect(node?.description).toMatch(/Dual active logs/);
    expect(nodeAt(schema as SchemaNode, ["baseline", "measuredWith", "channels", "[]", "tls", "cipher"])).toBeDefined();
  });
});
