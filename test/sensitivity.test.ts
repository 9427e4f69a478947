// mqzcap sensitivity: each input moved across its range, each choice across its options, each source
// figure across its low..high; the swings computed by hand for small configs.
import { describe, expect, it } from "vitest";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { InputError, sensitivity } from "../src/api.js";
import type { SensitivityResult, SensitivityRow } from "../src/engine/sensitivity.js";
import { toJson } from "../src/report/json.js";
import {
  measureFirst,
  renderSensitivityCsv,
  renderSensitivityMarkdown,
  renderSensitivityTable,
  tornadoChart,
} from "../src/report/sensitivity.js";
import { renderSensitivityHtml } from "../src/report/sensitivity-html.js";
import { chartJsConfig } from "../src/report/chart-spec.js";
import { run } from "./helpers/cli.js";
import { stringify } from "yaml";

// 000 line 1296 (and 001 line 2167): "a tolerance of +/-6% is regarded as acceptable variation between
// runs": the swing given to a number the config writes as a point.
const TOL = 0.06;

const SMALL = {
  version: 1,
  name: "small",
  mq: { release: "9.3" },
  hardware: { generation: "z15" },
  baseline: { rate: "1000/s", cost: { qmgr: "40us", chin: "100us" } },
  workload: { rate: "1000/s" },
};

const row = (r: SensitivityResult, name: string): SensitivityRow => {
  const found = r.rows.find((x) => x.name === name);
  if (!found) throw new Error(`no row ${name}`);
  return found;
};

describe("sensitivity of a small config (baseline only)", () => {
  const r = sensitivity(SMALL);

  it("takes the config as written for the base: 40 + 100 us, at 1,000/s", () => {
    expect(r.base.cost).toBe(140);
    // 140 us x 1,000/s = 0.14 CPU seconds per second
    expect(r.base.cpu).toBeCloseTo(0.14, 10);
    expect(r.defaultSwing?.pct).toBe(TOL * 100);
  });

  it("moves baseline.cost.chin by +/-6%: the total by 6 us either way", () => {
    const chin = row(r, "baseline.cost.chin");
    expect(chin.kind).toBe("input");
    expect(chin.tried).toEqual(["94us", "106us"]); // 100 x 0.94, 100 x 1.06, in the unit written
    // total: 40 + 94 = 134 and 40 + 106 = 146; swing 12 us = 8.571% of 140
    expect(chin.outputs.cost!.low).toBeCloseTo(134, 10);
    expect(chin.outputs.cost!.high).toBeCloseTo(146, 10);
    expect(chin.outputs.cost!.swingPct).toBeCloseTo((12 / 140) * 100, 8);
    // CPU: 134 and 146 us x 1,000/s
    expect(chin.outputs.cpu!.low).toBeCloseTo(0.134, 10);
    expect(chin.outputs.cpu!.high).toBeCloseTo(0.146, 10);
  });

  it("moves workload.rate by +/-6%: CPU 140 us x 940/s .. 1,060/s, the cost not at all", () => {
    const rate = row(r, "workload.rate");
    expect(rate.tried).toEqual(["940/s", "1060/s"]);
    expect(rate.outputs.cost!.swing).toBe(0);
    expect(rate.outputs.cpu!.low).toBeCloseTo(0.1316, 10);
    expect(rate.outputs.cpu!.high).toBeCloseTo(0.1484, 10);
    expect(rate.swingPct).toBeCloseTo(12, 8); // (0.1484 - 0.1316) / 0.14
  });

  it("sorts by swing: rate (12%), then chin (8.57%), then qmgr (40 x 12% / 140 = 3.43%)", () => {
    const inputs = r.rows.filter((x) => x.kind === "input").map((x) => x.name);
    expect(inputs.indexOf("workload.rate")).toBeLessThan(inputs.indexOf("baseline.cost.chin"));
    expect(inputs.indexOf("baseline.cost.chin")).toBeLessThan(inputs.indexOf("baseline.cost.qmgr"));
    expect(row(r, "baseline.cost.qmgr").swingPct).toBeCloseTo((4.8 / 140) * 100, 8);
    for (let k = 1; k < r.rows.length; k++) expect(r.rows[k - 1]!.swingPct).toBeGreaterThanOrEqual(r.rows[k]!.swingPct);
  });

  it("moves choices across their options (the release) and leaves names alone", () => {
    const release = row(r, "mq.release");
    expect(release.kind).toBe("choice");
    expect(release.tried).not.toContain("9.3"); // the base is not tried again
    expect(release.tried.length + release.skipped.length).toBeGreaterThanOrEqual(4);
    expect(r.rows.some((x) => x.name === "name" || x.name === "version")).toBe(false);
  });

  it("lists a choice's other spellings (SDR for sender, a cipher suite's IANA name) not as options of their own", () => {
    const c = sensitivity({
      version: 1,
      mq: { release: "9.3" },
      workload: { rate: "100/s" },
      channels: [{ name: "TO.HUB", type: "sender", tls: { cipher: "ECDHE_RSA_AES_256_GCM_SHA384" } }],
    });
    // schema.ts CHANNEL_TYPES: sender, receiver, server, requester, server-connection, cluster-sender,
    // cluster-receiver; SDR, RCVR, ... are MQ's names for them.
    const type = row(c, "channels.TO.HUB.type");
    expect(type.basis).toBe("its 7 options");
    expect([...type.tried, ...type.skipped.map((x) => x.value)].filter((v) => /^[A-Z]+$/.test(v))).toEqual([]);
    const cipher = row(c, "channels.TO.HUB.tls.cipher");
    expect([...cipher.tried, ...cipher.skipped.map((x) => x.value)].some((v) => v.startsWith("TLS_ECDHE_"))).toBe(
      false,
    );
  });

  it("gives byte-identical JSON for the same config", () => {
    expect(toJson(sensitivity(SMALL))).toBe(toJson(r));
  });
});

describe("sensitivity to a source figure", () => {
  // 32KB request/reply, AMS privacy. The AMS rule (its formula, as the estimate prints it): protect and
  // unprotect cost (4 - 1) x (135 / 70%) / 2 per message, x 2 a transaction = 578.57 us, from
  // 001's "4 times", "135 microseconds" and "70%"; each figure's range is the run-to-run +/-6%.
  const r = sensitivity({
    version: 1,
    name: "ams",
    mq: { release: "9.3" },
    hardware: { generation: "z15" },
    baseline: { rate: "800/s", cost: { qmgr: "40us", chin: "95us", app: "55us" } },
    workload: { pattern: "request-reply", messageSize: "32KB", rate: "800/s" },
    ams: { policy: "privacy" },
  });
  const added = (3 * 135) / 0.7; // 578.571 us a transaction

  it("pins the figure at each end: 135 us x (1 +/- 6%) moves the total by 578.57 x 6% = 34.71 us", () => {
    expect(r.base.cost).toBeCloseTo(40 + 95 + 55 + added, 2);
    const f = row(r, "001.ams-conf-kr32-txn-cost-increase");
    expect(f.kind).toBe("figure");
    expect(f.base).toBe('"135 microseconds"');
    expect(f.outputs.cost!.high - r.base.cost!).toBeCloseTo(added * 0.06, 2);
    expect(r.base.cost! - f.outputs.cost!.low).toBeCloseTo(added * 0.06, 2);
  });

  it("moves the AMS policy across its options: none leaves the baseline, 40 + 95 + 55 us", () => {
    const policy = row(r, "ams.policy");
    expect(policy.tried).toContain("none");
    expect(policy.outputs.cost!.low).toBeCloseTo(190, 8);
    expect(policy.outputs.cost!.lowAt).toBe("none");
  });

  it("names what to measure first: inputs and figures, not choices", () => {
    const first = measureFirst(r);
    expect(first.length).toBeGreaterThan(0);
    expect(first.every((x) => x.kind !== "choice")).toBe(true);
    expect(first.some((x) => x.kind === "figure")).toBe(true);
  });

  it("renders a table, Markdown, CSV, HTML and a tornado chart with every row", () => {
    const table = renderSensitivityTable(r);
    expect(table).toContain("Measure first: ");
    expect(table).toContain("001.ams-conf-kr32-txn-cost-increase");
    expect(renderSensitivityMarkdown(r)).toContain("| 1 | ");
    const csv = renderSensitivityCsv(r).split("\r\n");
    expect(csv[0]).toMatch(/^rank,kind,name,asWritten,basis,swingPct,costLow,costHigh/);
    expect(csv.length - 2).toBe(r.rows.length); // header, rows, and the final CRLF
    const html = renderSensitivityHtml(r);
    expect(html).toContain("mqzcap-chart-0");
    const spec = tornadoChart(r);
    expect(spec.kind).toBe("tornado");
    // Widest swing of the total cost first: the AMS policy's 578.57 us before the figure's 69.43 us.
    expect(spec.labels.findIndex((l) => l.startsWith("ams.policy"))).toBeLessThan(
      spec.labels.findIndex((l) => l.startsWith("001.ams-conf-kr32-txn-cost-increase (")),
    );
    const cfg = chartJsConfig(spec) as { options: { indexAxis?: string } };
    expect(cfg.options.indexAxis).toBe("y");
  });
});

describe("sensitivity across a range the config writes", () => {
  // The parser keeps a range written in the config (rate: 4000..6000/s) under config.ranges, the field
  // holding its middle (#16); sensitivity moves the input across that range instead of +/-6%.
  it("moves workload.rate from 4,000/s to 6,000/s: CPU 140 us x 4,000 .. 6,000/s", async () => {
    const { parseConfigText } = await import("../src/config/load.js");
    const { sensitivityOf } = await import("../src/engine/sensitivity.js");
    const { shippedRegistry } = await import("../src/model/models.js");
    const loaded = parseConfigText(stringify({ ...SMALL, workload: { rate: "5000/s" } }), "ranged.yaml");
    const config = {
      ...loaded.config,
      ranges: { "workload.rate": { low: 4000, value: 5000, high: 6000, written: "4000..6000/s" } },
    };
    const r = sensitivityOf(loaded.source.value as Record<string, unknown>, config, shippedRegistry());
    const rate = row(r, "workload.rate");
    expect(rate.base).toBe("4000..6000/s");
    expect(rate.basis).toBe("your range, 4000..6000/s");
    expect(rate.tried).toEqual(["low", "high"]);
    expect(rate.outputs.cpu!.low).toBeCloseTo(0.56, 10); // 140 us x 4,000/s
    expect(rate.outputs.cpu!.high).toBeCloseTo(0.84, 10); // 140 us x 6,000/s
    expect(rate.swingPct).toBeCloseTo(40, 8); // (0.84 - 0.56) / 0.7
  });
});

describe("sensitivity of an MQ interval (MMMM.SS)", () => {
  it('moves STATIME "1.00" by 6% of its 60 seconds: 56 s ("0.56") and 64 s ("1.04")', () => {
    const r = sensitivity({ ...SMALL, smf: { statisticsInterval: "1.00" } });
    expect(row(r, "smf.statisticsInterval").tried).toEqual(["0.56", "1.04"]);
  });
});

describe("sensitivity() arguments", () => {
  it("throws InputError naming the function for a config that is not one", () => {
    expect(() => sensitivity(null as never)).toThrow(
      /^sensitivity\(\): error: the config must be a file path or a config object/,
    );
    expect(() => sensitivity(SMALL, { models: 7 } as never)).toThrow(
      /options\.models must be a folder path or a Registry/,
    );
    expect(() => sensitivity({ version: 1, workload: { rate: "fast" } })).toThrow(InputError);
  });
});

describe("mqzcap sensitivity (CLI)", () => {
  const dir = mkdtempSync(join(tmpdir(), "mqzcap-sens-"));
  const file = join(dir, "small.yaml");
  writeFileSync(
    file,
    "version: 1\nname: small\nbaseline: { rate: 1000/s, cost: { qmgr: 40us, chin: 100us } }\nworkload: { rate: 1000/s }\n",
  );

  it("prints JSON with the rows sorted", () => {
    const out = run(["sensitivity", file, "--format", "json"]);
    expect(out.code).toBe(0);
    const r = JSON.parse(out.stdout) as SensitivityResult;
    expect(r.format).toBe("mqzcap/sensitivity@1");
    expect(r.rows.find((x) => x.name === "baseline.cost.chin")!.outputs.cost!.swing).toBeCloseTo(12, 6);
  });

  it("writes the report to a file with --out", () => {
    const out = join(dir, "s.md");
    expect(run(["sensitivity", file, "--format", "md", "--out", out]).code).toBe(0);
    expect(readFileSync(out, "utf8")).toContain("# Sensitivity: small");
  });

  it("exits 2 with file:line:col on a bad config, and on a missing one", () => {
    const bad = join(dir, "bad.yaml");
    writeFileSync(bad, "version: 1\nworkload: { rate: fast }\n");
    const r = run(["sensitivity", bad]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("bad.yaml:2:");
    expect(r.stderr).not.toContain("    at ");
    expect(run(["sensitivity", join(dir, "none.yaml")]).code).toBe(2);
  });
});
