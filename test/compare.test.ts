// compare: several configs side by side, one column each, with what makes the columns unlike.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { estimate } from "../src/api.js";
import { compare } from "../src/engine/compare.js";
import { InputError } from "../src/util/diagnostic.js";
import { metricOf } from "../src/engine/metrics.js";
import { compareChart } from "../src/report/chart-spec.js";
import { renderCompareCsv } from "../src/report/csv.js";
import { renderCompareHtml } from "../src/report/html.js";
import { renderCompareTable, scenarioLetter } from "../src/report/table.js";
import { ROOT, run } from "./helpers/cli.js";

const scenario = (name: string) => {
  const file = `examples/${name}.yaml`;
  return { file, estimate: estimate(join(ROOT, file)) };
};
const tls12 = scenario("tls12-before");
const tls13 = scenario("tls13-renegotiation");
const hyper = scenario("zhyperwrite-log-encryption");

describe("compare", () => {
  const r = compare([tls12, tls13, hyper]);

  it("adds storage like with like: CHIN, CSA and below the bar apart, per-connection CSA counted once", () => {
    const e = tls12.estimate;
    const mb = (pick: (id: string) => boolean) =>
      e.storage.filter((s) => pick(s.id)).reduce((sum, s) => sum + s.value, 0);
    // The CSA total already holds the per-connection CSA (initial 6MB plus 2.47KB per MCA connection).
    expect(r.values["storage.csa"]![0]).toBe(mb((id) => id === "storage.csa-total"));
    expect(r.values["storage.chin"]![0]).toBe(mb((id) => id.startsWith("storage.chin-footprint.")));
    expect(r.values["storage.csa"]![0]).not.toBe(
      mb((id) => id === "storage.csa-total" || id.startsWith("storage.csa-connections.")),
    );
    expect(r.metrics).not.toContain("storage");
  });

  it("gives each output of each scenario as its own estimate does, with units", () => {
    for (const m of r.metrics)
      expect(r.values[m], m).toEqual([tls12, tls13, hyper].map((s) => metricOf(s.estimate, m)));
    // The TLS examples have a tcpip baseline of 20 us (their config); no scenario has a CF cost.
    expect(r.values["cost.tcpip"]).toEqual([20, 20, null]);
    expect(r.metrics).not.toContain("cost.cf");
    expect(r.units).toMatchObject({
      "cost.total": "us",
      cpu: "CPU s/s",
      "storage.chin": "MB",
      "storage.csa": "MB",
      limit: "txn/s",
    });
    expect(r.scenarios.map((s) => s.name)).toEqual([
      "payments hub - TLS 1.2 today",
      "payments hub - TLS 1.3, SSLRKEYC 1MB",
      "settlement - zHyperWrite and log encryption",
    ]);
    expect(r.bottlenecks).toEqual([
      "CPU-bound rate, 3 CPs all busy (no target set)",
      "CPU-bound rate, 3 CPs all busy (no target set)",
      "log rate ceiling at the measured peak per log copy",
    ]);
  });

  it("notes that the totals are not like for like when the gap counts differ", () => {
    expect(r.gaps).toEqual([tls12, tls13, hyper].map((s) => s.estimate.gaps.length + s.estimate.needsBaseline.length));
    expect(new Set(r.gaps).size).toBeGreaterThan(1);
    expect(r.notes.at(-1)).toMatch(/^the scenarios have \d+, \d+, \d+ gaps/);
    expect(compare([tls12, tls12]).notes).toEqual([]);
    // Two options as a diff sees them: TLS 1.3's renegotiation CPU has no source figure (now a gap).
    expect(compare([tls12, tls13]).notes[0]).toBe(
      "payments hub - TLS 1.3, SSLRKEYC 1MB leaves out 2 CPU line(s) that payments hub - TLS 1.2 today has, for want of a source figure: FROM.PARTNER: renegotiation CPU, 3.8 ms each (z15); TO.PARTNER: renegotiation CPU, 3.8 ms each (z15)",
    );
    expect(compare([tls13, tls12]).notes[0]).toMatch(
      /^payments hub - TLS 1\.3, SSLRKEYC 1MB leaves out 2 CPU line\(s\) that payments hub - TLS 1\.2 today has/,
    );
  });

  it("names scenarios by file where configs share a name", () => {
    const same = compare([tls12, { ...tls12, file: "copy.yaml" }]);
    expect(same.scenarios.map((s) => s.name)).toEqual(["examples/tls12-before.yaml", "copy.yaml"]);
  });

  it("prints lettered columns under a legend, within 100 columns, with the bottlenecks and the note", () => {
    const text = renderCompareTable(r, { color: false });
    const lines = text.split("\n");
    expect(lines[1]).toBe("  A  payments hub - TLS 1.2 today (examples/tls12-before.yaml)");
    const row = (first: string) =>
      lines
        .find((l) => l.startsWith(first))!
        .trim()
        .split(/\s+/);
    expect(row("output")).toEqual(["output", "unit", "A", "B", "C"]);
    expect(row("cost.tcpip")).toEqual(["cost.tcpip", "us", "20", "20", "-"]);
    expect(text).toContain("  C  log rate ceiling at the measured peak per log copy");
    expect(text).toContain("note: the scenarios have");
    for (const l of lines) expect(l.length).toBeLessThanOrEqual(100);
    expect([0, 25, 26, 27, 51, 52].map(scenarioLetter)).toEqual(["A", "Z", "AA", "AB", "AZ", "BA"]);
  });

  it("charts cost per transaction by address space, a bar per scenario, other units left to the table", () => {
    const c = compareChart(r);
    expect(c.labels).toEqual(["all", "queue manager", "channel initiator", "application", "TCP/IP"]);
    expect(c.datasets.map((d) => d.label)).toEqual(r.scenarios.map((s) => s.name));
    expect(c.datasets[0]!.data).toEqual(
      ["cost.total", "cost.qmgr", "cost.chin", "cost.app", "cost.tcpip"].map((m) => r.values[m]![0]),
    );
    expect(c.subtitle).toMatch(/output\(s\) in other units are in the table/);
  });

  it("splits many scenarios into blocks of columns that fit 100 columns, and shows no cost where there is none", () => {
    const all = ["ams-privacy", "clients-5000-sharecnv10", "quickstart", "streaming-analytics"]
      .map(scenario)
      .concat([tls12, tls13, scenario("z14-to-z15"), hyper]);
    const many = compare(all);
    // The quickstart has no baseline and no per-transaction cost: no total, rather than 0.
    expect(many.values["cost.total"]![2]).toBeNull();
    const lines = renderCompareTable(many, { color: false }).split("\n");
    for (const l of lines) expect(l.length).toBeLessThanOrEqual(100);
    const heads = lines.filter((l) => l.startsWith("output")).map((l) => l.trim().split(/\s+/).slice(2));
    expect(heads.length).toBeGreaterThan(1);
    expect(heads.flat()).toEqual(["A", "B", "C", "D", "E", "F", "G", "H"]);
  });

  it("writes one HTML page with the table, the notes and the chart", () => {
    const html = renderCompareHtml(compare([tls12, tls13]));
    expect(html).toMatch(/^<!doctype html>/i);
    expect(html).toContain("<th>payments hub - TLS 1.3, SSLRKEYC 1MB</th>");
    expect(html).toContain('<p class="warn">payments hub - TLS 1.3, SSLRKEYC 1MB leaves out 2 CPU line(s)');
    expect(html).toContain('<canvas id="mqzcap-chart-0"');
  });

  it("writes CSV with the scenario names as column heads", () => {
    const csv = renderCompareCsv(compare([tls12, tls13]));
    // The scenario columns first, as before; each scenario's low and high and the verdict appended.
    expect(csv.split("\r\n")[0]).toMatch(
      /^output,unit,payments hub - TLS 1\.2 today,"payments hub - TLS 1\.3, SSLRKEYC 1MB",payments hub - TLS 1\.2 today low,/,
    );
    expect(csv.split("\r\n")[0]).toMatch(/,"payments hub - TLS 1\.3, SSLRKEYC 1MB noise"$/);
  });

  it("refuses an output name it does not know, with a did-you-mean, instead of an empty row", () => {
    expect(() => compare([tls12, tls13], ["cpuu"])).toThrow(InputError);
    const thrown = (() => {
      try {
        compare([tls12, tls13], ["cpu", "tls.renegotiation-cpu.TOPARTNER"]);
      } catch (e) {
        return e as InputError;
      }
    })();
    expect(thrown?.diagnostics[0]!.suggestion).toBe('did you mean "tls.renegotiation-cpu.TO.PARTNER"?');
    // A line item id is an output: one column per scenario.
    expect(compare([tls12, tls13], ["tls.renegotiation-cpu.TO.PARTNER"]).values).toEqual({
      "tls.renegotiation-cpu.TO.PARTNER": [237500, null],
    });
  });

  it("runs from the CLI, and refuses one config with exit 2", () => {
    const ok = run(["compare", "examples/tls12-before.yaml", "examples/tls13-renegotiation.yaml", "--format", "json"]);
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.stdout).format).toBe("mqzcap/compare@1");
    const one = run(["compare", "examples/tls12-before.yaml"]);
    expect(one.code).toBe(2);
    expect(one.stderr).toContain("compare needs two or more configs");
    expect(one.stderr).not.toMatch(/\n[ \t]+at /); // no stack trace
    const typo = run(["sweep", "examples/z14-to-z15.yaml", "--vary", "workload.rate=1000,2000", "--metric", "cpuu"]);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain('--metric: error: unknown output "cpuu"');
    expect(typo.stderr).toContain('hint: did you mean "cpu"?');
  });
});
