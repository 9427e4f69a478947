// The HTML report in a real headless Chromium (charts drawn, no errors, no network, text escaped),
// and the markdown and CSV reports.
import { reportConfigs } from "./helpers/report-fixtures.js";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { chromium, type Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { estimate } from "../src/api.js";
import { diff } from "../src/engine/diff.js";
import type { Estimate } from "../src/engine/engine.js";
import { csvField, DIFF_COLUMNS, ITEM_COLUMNS, renderCsv, renderDiffCsv } from "../src/report/csv.js";
import { renderDiffHtml, renderHtml } from "../src/report/html.js";
import { renderDiffMarkdown, renderMarkdown } from "../src/report/markdown.js";

const CHROMIUM = "/usr/bin/chromium";
const HAVE_CHROMIUM = existsSync(CHROMIUM);
const XSS = "<script>window.__pwned = 1</script> & co";

const { BASELINE, CHANGED } = reportConfigs(XSS);

let before: Estimate;
let after: Estimate;
let quick: Estimate;
beforeAll(() => {
  // The config type wants literal unions; these objects are written as a user would write YAML.
  before = estimate(BASELINE as Parameters<typeof estimate>[0]);
  after = estimate(CHANGED as Parameters<typeof estimate>[0]);
  quick = estimate("examples/quickstart.yaml");
});

describe("renderHtml (static)", () => {
  it("is one self-contained document with Chart.js inlined and the name escaped", () => {
    const html = renderHtml(before);
    expect(html.startsWith("<!doctype html>")).toBe(true);
    expect(html).not.toMatch(/<script\b[^>]*\ssrc=/i);
    expect(html).not.toMatch(/<link\b/i);
    expect(html).toContain("Content-Security-Policy");
    expect(html).not.toContain(XSS);
    expect(html).toContain("&lt;script&gt;window.__pwned = 1&lt;/script&gt; &amp; co");
    expect(html.length).toBeGreaterThan(150_000); // Chart.js itself is about 200 KB
  });

  it("shows totals, limits, items with formula and citations, gaps and the config", () => {
    const html = renderHtml(quick);
    for (const text of [
      "Limits",
      "4,643",
      "floor((floor(80% x (120 + 1,346) MB)",
      // The report's title and section, which a reader can find in IBM's published report (no seed line numbers).
      "MQ for z/OS Performance Report (v1.1), IBM MQ for z/OS 9.3, Chapter 2 &gt; Capacity of the queue manager",
      "[000.chin-footprint-svrconn]",
      "Gaps (",
      "Config as understood",
      "messageSize: 32768",
    ])
      expect(html).toContain(text);
  });

  it("takes a title", () => {
    expect(renderHtml(quick, { title: "Q <1>" })).toContain("<title>Q &lt;1&gt;</title>");
  });
});

describe.skipIf(!HAVE_CHROMIUM)(
  `HTML in headless Chromium${HAVE_CHROMIUM ? "" : ` (skipped: ${CHROMIUM} is not installed; apt-get install chromium)`}`,
  () => {
    let browser: Browser;
    let dir: string;
    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), "mqzcap-html-"));
      browser = await chromium.launch({
        executablePath: CHROMIUM,
        args: [
          "--headless",
          "--no-sandbox",
          "--disable-gpu",
          "--disable-quic",
          "--no-first-run",
          "--disable-background-networking",
          "--disable-component-update",
          "--disable-sync",
        ],
      });
    });
    afterAll(async () => {
      await browser?.close();
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    const pages: Record<string, () => string> = {
      estimate: () => renderHtml(before),
      "estimate without a baseline": () => renderHtml(quick),
      diff: () => renderDiffHtml(diff(before, after), before, after),
    };

    for (const [name, html] of Object.entries(pages)) {
      it(`${name}: draws every chart, logs no error and makes no request`, async () => {
        const file = join(dir, `${name.replace(/\W+/g, "-")}.html`);
        writeFileSync(file, html());
        const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
        const errors: string[] = [];
        const requests: string[] = [];
        page.on("console", (m) => {
          if (m.type() === "error") errors.push(`console: ${m.text()}`);
        });
        page.on("pageerror", (err) => errors.push(`page: ${err.message}`));
        page.on("request", (r) => requests.push(r.url()));
        // Any http(s) request is a failure: abort it (no real traffic) and record it.
        const network: string[] = [];
        await page.route(/^(https?|wss?):/, (route) => {
          network.push(route.request().url());
          return route.abort();
        });
        try {
          await page.goto(pathToFileURL(file).href, { waitUntil: "load" });
          await page.waitForFunction(
            () => {
              const cs = Array.from(document.querySelectorAll("canvas"));
              return cs.length > 0 && cs.every((c) => c.getAttribute("data-drawn") !== null);
            },
            undefined,
            { timeout: 15000 },
          );
          const canvases = await page.$$eval("canvas", (cs) =>
            cs.map((c) => {
              const { data } = c.getContext("2d")!.getImageData(0, 0, c.width, c.height);
              let ink = 0;
              for (let i = 0; i < data.length; i += 4)
                if (data[i]! < 240 || data[i + 1]! < 240 || data[i + 2]! < 240) ink++;
              return { drawn: c.getAttribute("data-drawn"), ink, size: c.width * c.height };
            }),
          );
          expect(canvases.length).toBeGreaterThan(0);
          for (const c of canvases) {
            expect(c.drawn).toBe("true");
            expect(c.ink).toBeGreaterThan(c.size * 0.01);
          }
          expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
          expect(errors).toEqual([]);
          expect(network).toEqual([]);
          expect(requests.filter((u) => !u.startsWith("file:") && !u.startsWith("data:"))).toEqual([]);
        } finally {
          await page.close();
        }
      });
    }

    it("shows the config name as text, not markup", async () => {
      const page = await browser.newPage();
      try {
        await page.setContent(renderHtml(before));
        expect(await page.textContent("h1")).toBe(`mqzcap estimate: ${XSS}`);
      } finally {
        await page.close();
      }
    });
  },
);

describe("renderMarkdown", () => {
  it("has totals and items tables with citations, and the gaps", () => {
    const md = renderMarkdown(before);
    expect(md).toContain("| address space | baseline | added | total |");
    expect(md).toMatch(/\| queue manager \| 45 \| 0 \| 45 \|/);
    expect(md).toContain("| item | value | unit | confidence | citation |");
    expect(md).toContain("MQ for z/OS Performance Report (v1.1), IBM MQ for z/OS 9.3, Chapter 2");
    expect(md).not.toContain("seed 000");
    expect(md).not.toContain("<script>");
    expect(md).toContain("\\<script\\>");
  });

  it("lists the gaps, baseline needs included", () => {
    expect(renderMarkdown(quick)).toMatch(/## Gaps \(\d+\)\n\n(- .*\n)*- baseline: total cost per transaction/);
  });

  it("keeps a pipe in a label inside its cell", () => {
    const e = structuredClone(quick);
    e.items[0]!.label = "a | b";
    expect(renderMarkdown(e)).toContain("a \\| b");
  });

  it("renders a diff", () => {
    const md = renderDiffMarkdown(diff(before, after));
    // A noise column (#16): whether each change is larger than the uncertainty of both sides.
    expect(md).toContain("| line | unit | before | after | change | change % | noise | status |");
    expect(md).toMatch(
      /cost per transaction, qmgr \| us \| 45 \| 50 \| \+5 \| \+11\.1% \| beyond the noise \| changed/,
    );
  });
});

/** An RFC 4180 reader, strict enough to catch a quoting mistake: every record must end in CRLF. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let i = 0;
  while (i < text.length) {
    let field = "";
    if (text[i] === '"') {
      // A quoted field: runs to the next lone quote; a doubled quote is one quote.
      for (i++; !(text[i] === '"' && text[i + 1] !== '"'); i++) {
        if (i >= text.length) throw new Error("unterminated quoted field");
        if (text[i] === '"') i++;
        field += text[i];
      }
      i++;
    } else {
      while (i < text.length && text[i] !== "," && text[i] !== "\r") field += text[i++];
    }
    record.push(field);
    if (text[i] === ",") {
      i++;
    } else if (text.startsWith("\r\n", i)) {
      records.push(record);
      record = [];
      i += 2;
    } else {
      throw new Error(`bad character at ${i}: ${JSON.stringify(text.slice(i, i + 10))}`);
    }
  }
  return records;
}

describe("renderCsv", () => {
  it("has a header and one row per line item, all with the same columns", () => {
    const rows = parseCsv(renderCsv(quick));
    expect(rows[0]).toEqual([...ITEM_COLUMNS]);
    // The line items first (section item, limit or storage), then the headline rows.
    expect(rows.slice(1, quick.items.length + 1).map((r) => r[1])).toEqual(quick.items.map((i) => i.id));
    for (const r of rows) expect(r.length).toBe(ITEM_COLUMNS.length);
    const capacity = rows.find((r) => r[1] === "storage.chin-capacity.CLIENTS")!;
    expect(capacity[6]).toBe("4643");
    expect(capacity[11]).toContain("IBM MQ for z/OS 9.3, Chapter 2 > Capacity of the queue manager");
    expect(capacity[11]).toContain("[000.chin-footprint-svrconn]");
  });

  it("round-trips a label with a comma and quotes; a line break shows as an escape, not a break", () => {
    const e = structuredClone(quick);
    const label = 'CLIENTS, "the big one"\r\nsecond line';
    e.items[0]!.label = label;
    const rows = parseCsv(renderCsv(e));
    expect(rows.length).toBeGreaterThan(e.items.length + 1);
    // Control characters from a config are shown, never written raw (test/bad-input/output-injection).
    expect(rows[1]![3]).toBe('CLIENTS, "the big one"\\r\\nsecond line');
  });

  it("quotes only what needs quoting", () => {
    expect(csvField("plain")).toBe("plain");
    expect(csvField('a "b"')).toBe('"a ""b"""');
    expect(csvField(null)).toBe("");
    expect(csvField(0.1 + 0.2)).toBe("0.3");
  });

  it("renders a diff", () => {
    const d = diff(before, after);
    const rows = parseCsv(renderDiffCsv(d));
    expect(rows[0]).toEqual([...DIFF_COLUMNS]);
    expect(rows.length).toBe(d.lines.length + 1);
    expect(rows.find((r) => r[0] === "total.cost.qmgr")!.slice(4, 7)).toEqual(["45", "50", "5"]);
  });
});
