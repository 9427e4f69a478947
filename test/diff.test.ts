// Diffs: a line that one side leaves out because the sources do not give it there is a gap, not a
// saving, and totals that leave it out are marked as not like for like.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { estimate } from "../src/api.js";
import { diff, incompleteNote } from "../src/engine/diff.js";
import { diffChart } from "../src/report/chart-spec.js";
import { renderDiffHtml } from "../src/report/html.js";
import { renderDiffMarkdown } from "../src/report/markdown.js";
import { renderDiffTable } from "../src/report/table.js";
import { ROOT } from "./helpers/cli.js";

const example = (name: string) => estimate(join(ROOT, "examples", name));
const tls12 = example("tls12-before.yaml");
const tls13 = example("tls13-renegotiation.yaml");
const RENEG = ["FROM.PARTNER", "TO.PARTNER"].map((ch) => `tls.renegotiation-cpu.${ch}`);

describe("diff", () => {
  it("marks renegotiation CPU that TLS 1.3 has no figure for as now a gap, not removed", () => {
    const d = diff(tls12, tls13);
    // The proposed cipher, TLS_AES_256_GCM_SHA384, has no measured negotiation cost (a new tls gap).
    expect(d.gaps.added.some((g) => g.startsWith("tls: ") && g.includes("TLS_AES_256_GCM_SHA384"))).toBe(true);
    for (const key of RENEG) {
      const l = d.lines.find((x) => x.key === key);
      // 237,500 us/s each in the base: 62.5 negotiations/s x 3.8 ms x 1000 (see the golden files)
      expect(l).toMatchObject({ status: "now-gap", before: 237500, after: null });
    }
    expect(d.incomplete.proposed).toHaveLength(2);
    expect(d.incomplete.base).toEqual([]);
    expect(incompleteNote(d)).toMatch(/^Totals are not like for like: the proposed totals leave out 2 CPU line/);
  });

  it("marks the same lines as was a gap in the other direction", () => {
    const d = diff(tls13, tls12);
    for (const key of RENEG) expect(d.lines.find((x) => x.key === key)?.status).toBe("was-gap");
    expect(d.incomplete).toEqual({ base: expect.any(Array), proposed: [] });
    expect(d.incomplete.base).toHaveLength(2);
  });

  it("prints the status and a starred note on the totals in the table and Markdown", () => {
    const d = diff(tls12, tls13);
    const table = renderDiffTable(d, { color: false });
    expect(table).toMatch(/CPU at the target rate \(CPU s\/s\) .* \*\n/);
    expect(table).toContain("now a gap");
    expect(table).toContain("* Totals are not like for like");
    expect(renderDiffMarkdown(d)).toContain("| now a gap |");
    const html = renderDiffHtml(d, tls12, tls13);
    expect(html).toContain("<td>changed *</td>");
    expect(html).toContain("now a gap");
    expect(html).toMatch(/<h2>Gaps in the proposed config only<\/h2>\s*<ul><li>tls: [^<]*TLS_AES_256_GCM_SHA384/);
    // The chart's missing bars are labelled, not left as empty slots.
    const labels = diffChart(d, tls12, tls13).labels;
    expect(labels.filter((l) => l.endsWith("(after: a gap)"))).toHaveLength(2);
  });

  it("leaves a channel's lines removed when the channel is not in the other config, whatever else lacks a figure", () => {
    // z14-to-z15 has channel TO.HUB (with TLS gaps of its own), not FROM.PARTNER or TO.PARTNER.
    const d = diff(tls12, example("z14-to-z15.yaml"));
    expect(d.lines.filter((l) => l.status === "now-gap" || l.status === "was-gap")).toEqual([]);
    expect(d.lines.find((l) => l.key === "tls.renegotiation-cpu.TO.PARTNER")?.status).toBe("removed");
    expect(d.lines.find((l) => l.key === "tls.renegotiation-cpu.TO.HUB")?.status).toBe("added");
    expect(d.incomplete).toEqual({ base: [], proposed: [] });
  });

  it("leaves a removed line removed when no new gap of its concern appears", () => {
    // Turning TLS off on every channel removes its lines and adds no tls gap.
    const base = {
      version: 1,
      workload: { messageSize: "32KB", rate: "1000/s" },
      channels: [{ name: "C", type: "sender", tls: { cipher: "ECDHE_RSA_AES_256_CBC_SHA384", resetBytes: "1MB" } }],
    };
    const d = diff(estimate(base), estimate({ ...base, channels: [{ name: "C", type: "sender" }] }));
    const removed = d.lines.filter((l) => l.key.startsWith("tls."));
    expect(removed.length).toBeGreaterThan(0);
    for (const l of removed) expect(l.status).toBe("removed");
    expect(d.incomplete).toEqual({ base: [], proposed: [] });
    expect(incompleteNote(d)).toBeNull();
    expect(renderDiffTable(d, { color: false })).not.toContain(" *\n");
  });
});
