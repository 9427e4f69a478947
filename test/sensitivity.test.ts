// mqzcap sensitivity: each input moved across its range, each choice across its options, each source
// figure across its low..high; the swings computed by hand for small configs.
import { describe, expect, it } from "vitest";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { InputError, sensitivity } from "../src/api.js";
import type { SensitivityResult, SensitivityRow } from "../src/engine/sensitivity.js";
import { toJson } from "../src/report/json.js";
import {
  allRows,
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
  const found = allRows(r).find((x) => x.name === name);
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

  it("sorts each part by swing: chin (8.57%), then qmgr (40 x 12% / 140 = 3.43%); the rate (12%) is a decision", () => {
    expect(row(r, "workload.rate").role).toBe("decision");
    expect(r.decisions.map((x) => x.name)).toContain("workload.rate");
    const inputs = r.uncertainties.filter((x) => x.kind === "input").map((x) => x.name);
    expect(inputs.indexOf("baseline.cost.chin")).toBeLessThan(inputs.indexOf("baseline.cost.qmgr"));
    expect(row(r, "baseline.cost.qmgr").swingPct).toBeCloseTo((4.8 / 140) * 100, 8);
    for (const part of [r.uncertainties, r.decisions])
      for (let k = 1; k < part.length; k++) expect(part[k - 1]!.swingPct).toBeGreaterThanOrEqual(part[k]!.swingPct);
  });

  it("moves choices across their options (the release) and leaves names alone", () => {
    const release = row(r, "mq.release");
    expect(release.kind).toBe("choice");
    expect(release.tried).not.toContain("9.3"); // the base is not tried again
    expect(release.tried.length + release.skipped.length).toBeGreaterThanOrEqual(4);
    expect(allRows(r).some((x) => x.name === "name" || x.name === "version")).toBe(false);
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

  it("tries an option once where the config writes its other spelling (SDR is sender: the config as written)", () => {
    const c = sensitivity({
      version: 1,
      mq: { release: "9.3" },
      workload: { rate: "100/s" },
      channels: [
        { name: "A", type: "SDR" },
        { name: "B", type: "receiver" },
      ],
    });
    const type = row(c, "channels.A.type");
    // The 7 types less sender, which parses to the config as written (SDR); the others each once.
    expect([...type.tried, ...type.skipped.map((x) => x.value)].sort()).toEqual(
      ["cluster-receiver", "cluster-sender", "receiver", "requester", "server", "server-connection"].sort(),
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

  it("puts the AMS policy among the decisions, and its 135 us figure among the uncertainties", () => {
    expect(r.decisions.map((x) => x.name)).toContain("ams.policy");
    expect(r.uncertainties.map((x) => x.name)).toContain("001.ams-conf-kr32-txn-cost-increase");
    expect(r.uncertainties.every((x) => x.role === "uncertainty" && x.kind !== "choice")).toBe(true);
  });

  it("renders a table, Markdown, CSV, HTML and a tornado chart with every row", () => {
    const table = renderSensitivityTable(r);
    expect(table).toContain("Measure first: ");
    expect(table).toContain("001.ams-conf-kr32-txn-cost-increase");
    expect(renderSensitivityMarkdown(r)).toContain("| 1 | ");
    const csv = renderSensitivityCsv(r).split("\r\n");
    expect(csv[0]).toMatch(/^part,rank,kind,name,asWritten,basis,swingPct,costLow,costHigh/);
    expect(csv.length - 2).toBe(allRows(r).length); // header, rows, and the final CRLF
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

  // #29: options beyond the config were not checked: an option sensitivity() does not take was
  // ignored, and the answer was not the one asked for.
  const refused = (options: unknown): InputError => {
    try {
      sensitivity(SMALL, options as never);
    } catch (e) {
      if (e instanceof InputError) return e;
      throw e;
    }
    throw new Error("not refused");
  };

  it("refuses options it does not take, naming those it does and where the swing comes from", () => {
    for (const options of [{ percent: 5 }, { steps: 3 }, { limits: ["cpu"] }, { percent: Number.NaN }]) {
      const d = refused(options).diagnostics[0]!;
      expect(d.file).toBe("sensitivity()");
      expect(d.message).toBe(`options.${Object.keys(options)[0]} is not an option of sensitivity()`);
      expect(d.suggestion).toContain("sensitivity() takes models, onProgress");
      expect(d.suggestion).toContain("its range written in the config");
    }
  });

  it("refuses options of the wrong type: not an object, models, onProgress", () => {
    expect(refused([]).message).toMatch(/options must be an object such as/);
    expect(refused(42).message).toMatch(/options must be an object such as/);
    expect(refused({ models: -1 }).message).toMatch(
      /options\.models must be a folder path or a Registry from loadModels\(\); got a number \(-1\)/,
    );
    expect(refused({ models: "" }).message).toMatch(
      /options\.models must be a folder path or a Registry from loadModels\(\); got an empty string/,
    );
    expect(refused({ models: Number.NaN }).message).toMatch(/options\.models must be/);
    expect(refused({ onProgress: "yes" }).message).toMatch(/options\.onProgress must be a function/);
    expect(refused({ onProgress: 1 }).message).toMatch(/options\.onProgress must be a function/);
  });

  it("takes onProgress, called up to every input and figure moved", () => {
    const calls: [number, number][] = [];
    const r = sensitivity(SMALL, { onProgress: (done, total) => calls.push([done, total]) });
    const total = calls[0]![1];
    // The last call says all done; every row was one step (figures without effect too).
    expect(calls.at(-1)).toEqual([total, total]);
    expect(total).toBeGreaterThanOrEqual(allRows(r).length);
    // An undefined option is no option.
    expect(toJson(sensitivity(SMALL, { onProgress: undefined }))).toBe(toJson(r));
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
    expect(r.format).toBe("mqzcap/sensitivity@2");
    expect(Object.keys(r)).toEqual(expect.arrayContaining(["uncertainties", "decisions"]));
    expect(r.uncertainties.find((x) => x.name === "baseline.cost.chin")!.outputs.cost!.swing).toBeCloseTo(12, 6);
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

describe("uncertainties and decisions", () => {
  // The complaint: "Measure first" named hardware.cpus, targetBusy and workload.rate, which a
  // planner chooses. Every shipped example: they are decisions, never in "measure first".
  const examples = readdirSync("examples").filter((f) => f.endsWith(".yaml"));
  it.each(examples)("%s: hardware.cpus, hardware.targetBusy and workload.rate are never in measure first", (f) => {
    const r = sensitivity(join("examples", f));
    const names = r.uncertainties.map((x) => x.name);
    for (const d of ["hardware.cpus", "hardware.targetBusy", "workload.rate"]) {
      expect(names).not.toContain(d);
      expect(measureFirst(r, 100).map((x) => x.name)).not.toContain(d);
    }
    for (const x of r.decisions) expect(x.role).toBe("decision");
  });

  it("leaves out an input the config marks exact, and says so", () => {
    const r = sensitivity({ ...SMALL, exact: ["baseline.cost.chin", "no.such.input"] });
    expect(allRows(r).map((x) => x.name)).not.toContain("baseline.cost.chin");
    expect(r.exact).toEqual(["baseline.cost.chin"]);
    expect(row(r, "baseline.cost.qmgr").role).toBe("uncertainty");
    expect(r.notes.join(" ")).toContain("no.such.input");
    expect(renderSensitivityTable(r)).toContain("Marked exact in the config (not moved): baseline.cost.chin.");
  });

  it("says why a row swings nothing, and puts hardware.cpus among the decisions", () => {
    // Every row that swings nothing says why; a row that swings has no why.
    const r = sensitivity({ ...SMALL, hardware: { generation: "z15", cpus: 8 } });
    const cpus = row(r, "hardware.cpus");
    expect(cpus.role).toBe("decision");
    for (const x of allRows(r)) {
      if (x.swingPct === 0) expect(x.why).toMatch(/\S/);
      else expect(x.why).toBeNull();
    }
  });

  it("keeps apart a choice's alternatives that differ because the sources lack data: not in its swing", () => {
    const r = sensitivity("examples/how-far-order-entry.yaml");
    const gen = row(r, "hardware.generation");
    expect(gen.missingData.length).toBeGreaterThan(0);
    for (const m of gen.missingData) {
      expect(gen.tried).toContain(m.value);
      expect(m.gaps.length).toBeGreaterThan(0);
    }
    // The swing counts only the alternatives with the same gaps as the config as written.
    const counted = gen.tried.filter((v) => !gen.missingData.some((m) => m.value === v));
    if (counted.length === 0) expect(gen.swingPct).toBe(0);
  });
});

describe("the tornado chart at 30 rows", () => {
  // 30 uncertainties with long names and values as written (labels that wrap to two and three lines):
  // every row's label is drawn, and no two overlap, read from Chart.js's computed layout of the PNG.
  it("draws every label, none overlapping", async () => {
    const { categoryLabelLayout } = await import("../src/report/chart.js");
    const r = sensitivity("examples/ams-privacy.yaml");
    const template = r.uncertainties.find((x) => (x.outputs.cost?.swing ?? 0) > 0)!;
    const many: SensitivityResult = {
      ...r,
      uncertainties: Array.from({ length: 30 }, (_, k) => ({
        ...template,
        name: k % 3 === 0 ? `channels.TO.PARTNER.NUMBER.${k}.messageSize` : `001.some-long-model-entry-id-${k}`,
        base: k % 2 ? `"${k} microseconds per message at 32KB"` : `${k}KB`,
        kind: k % 3 === 0 ? "input" : "figure",
        outputs: { ...template.outputs, cost: { ...template.outputs.cost!, swing: 100 - k } },
      })),
    };
    const spec = tornadoChart(many);
    expect(spec.labels).toHaveLength(30);
    const boxes = categoryLabelLayout(spec);
    expect(boxes).toHaveLength(30); // none skipped
    const sorted = [...boxes].sort((a, b) => a.top - b.top);
    for (let k = 1; k < sorted.length; k++) expect(sorted[k]!.top).toBeGreaterThanOrEqual(sorted[k - 1]!.bottom);
    // and all of them inside the drawing
    expect(sorted[0]!.top).toBeGreaterThanOrEqual(0);
    expect(sorted.at(-1)!.bottom).toBeLessThanOrEqual(spec.height!);
  });

  it("overlapped at the old fixed 500 pixels (the test can fail)", async () => {
    const { categoryLabelLayout } = await import("../src/report/chart.js");
    const r = sensitivity("examples/ams-privacy.yaml");
    const template = r.uncertainties.find((x) => (x.outputs.cost?.swing ?? 0) > 0)!;
    const many: SensitivityResult = {
      ...r,
      uncertainties: Array.from({ length: 30 }, (_, k) => ({
        ...template,
        name: `001.some-long-model-entry-id-${k}`,
        base: `"${k} microseconds per message"`,
        kind: "figure" as const,
        outputs: { ...template.outputs, cost: { ...template.outputs.cost!, swing: 100 - k } },
      })),
    };
    const boxes = categoryLabelLayout({ ...tornadoChart(many), height: 500 });
    const sorted = [...boxes].sort((a, b) => a.top - b.top);
    expect(sorted.some((b, k) => k > 0 && b.top < sorted[k - 1]!.bottom)).toBe(true);
  });
});

describe("sensitivity roles of this round's settings", () => {
  it("puts MAXCHL, ACTCHL and hours per day among the decisions, never in 'measure first'", async () => {
    const { roleOf } = await import("../src/engine/sensitivity-roles.js");
    // channelInitiator.maxChannels and .activeChannels are MQ's MAXCHL and ACTCHL, set with ALTER QMGR;
    // workload.hoursPerDay is how long the plan runs at its rate: all three are chosen, not measured.
    for (const p of ["channelInitiator.maxChannels", "channelInitiator.activeChannels", "workload.hoursPerDay"])
      expect(roleOf("input", p)).toBe("decision");
  });
});
