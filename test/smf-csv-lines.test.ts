// calibrate splits most CSV lines with its own scanner (src/smf/csv-lines.ts: csv-parse read 16 MB/s)
// and hands csv-parse every line the scanner does not take and the rest of that file. These tests
// check that the rows are the same as csv-parse alone gives: on every CSV fixture, on the odd lines
// the scanner leaves to csv-parse, and whatever the chunk boundaries. Rows after the header's select()
// come as positions in a batch (scan()); those before it, in the header's chunk, as strings (split()):
// small chunks give both.
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { batchRow } from "../src/smf/csv-lines.js";
import { csvParseRows, csvRows, type ByteStream } from "../src/smf/files.js";
import type { RawRow } from "../src/smf/records.js";
import { ROOT } from "./helpers/cli.js";

const FIX = join(ROOT, "..", "shared", "fixtures", "smf");
const there = existsSync(FIX);

/** The bytes in chunks of `size` (a line, a quoted field or a UTF-8 character may be cut anywhere). */
function chunks(bytes: Uint8Array, size: number): ByteStream {
  return (async function* () {
    for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
  })();
}

type Plain = { line: number; cells?: string[]; count?: number; error?: string };
const plain = (r: RawRow): Plain =>
  "cells" in r
    ? { line: r.line, cells: [...r.cells] }
    : "error" in r
      ? { line: r.line, error: r.error }
      : { line: "line" in r ? r.line : -1 };

/** The scanner's rows as csv-parse gives them; `select` names the columns after the header ("all": the
 * header's). */
async function byScanner(
  src: ByteStream,
  select?: number[] | "all",
): Promise<{ rows: Plain[]; counts: number[]; scanned: boolean[] }> {
  const rows: Plain[] = [];
  const counts: number[] = [];
  const scanned: boolean[] = [];
  let columns: number[] = [];
  for await (const got of csvRows(src, "t.csv"))
    for (const r of got) {
      if ("batch" in r) {
        for (let k = 0; k < r.batch.n; k++) {
          const { cells, count } = batchRow(r.batch, k, columns);
          rows.push({ line: r.batch.lines[k]!, cells: [...cells] });
          counts.push(count);
          scanned.push(true);
          scanned.push(true);
        }
        continue;
      }
      if ("cells" in r && r.select && select) {
        columns = select === "all" ? r.cells.map((_, i) => i) : select;
        r.select(columns);
      }
      rows.push(plain(r));
      counts.push("cells" in r ? (r.count ?? r.cells.length) : -1);
      scanned.push(false);
    }
  return { rows, counts, scanned };
}

async function byCsvParse(src: ByteStream): Promise<Plain[]> {
  const rows: Plain[] = [];
  for await (const r of csvParseRows(src, "t.csv")) rows.push(plain(r));
  return rows;
}

const bytes = (s: string) => new TextEncoder().encode(s);

describe.skipIf(!there)("the CSV scanner reads every fixture as csv-parse does", () => {
  const files = there
    ? readdirSync(FIX, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .flatMap((d) =>
          readdirSync(join(FIX, d.name))
            .filter((f) => f.endsWith(".csv"))
            .map((f) => join(d.name, f)),
        )
    : [];
  it("finds the fixtures' CSV files", () => {
    // TEST115 (9), TEST116, TESTCHL (18) and TESTCHL-r (18) hold SMF-*.csv files.
    expect(files.length).toBeGreaterThan(40);
  });
  it.each(files)("%s: the same rows, lines and cells", async (f) => {
    const b = readFileSync(join(FIX, f));
    const expected = await byCsvParse(chunks(b, 1 << 20));
    for (const size of [65_536, 1000]) {
      const got = await byScanner(chunks(b, size), "all");
      expect(got.rows, `chunks of ${size}`).toEqual(expected);
      expect(got.counts, `chunks of ${size}`).toEqual(expected.map((r) => r.cells?.length ?? -1));
    }
    // A few columns, as calibrate selects them: the fields between them are passed over, not split.
    const width = expected[0]?.cells?.length ?? 0;
    for (const select of [
      [0, 1, 5],
      [7, 20, 21, width - 3],
      [2, 11, 33, 34, 35, 60, 151],
    ]) {
      const cols = select.filter((c) => c >= 0 && c < width);
      const got = await byScanner(chunks(b, 1000), cols);
      // Rows of the header's chunk come before select() and keep every cell; the others, the selected.
      const want = expected.map((r, i) =>
        !got.scanned[i] || !r.cells
          ? r
          : { line: r.line, cells: cols.reduce<string[]>((a, c) => ((a[c] = r.cells![c]!), a), []) },
      );
      expect(got.rows, `columns ${cols.join(",")}`).toEqual(want);
      expect(got.counts, `columns ${cols.join(",")}`).toEqual(expected.map((r) => r.cells?.length ?? -1));
      if (b.length > 2000) expect(got.scanned.filter(Boolean).length).toBeGreaterThan(0);
    }
  });
});

describe("lines the scanner leaves to csv-parse, and chunk boundaries", () => {
  const cases: [string, string][] = [
    ['plain rows and ="800" cells', 'A,B,C\n"2016/02/27","18:01:33,540000",="800"\n1, 313 ,x\n'],
    ["a doubled quote inside a quoted field", 'A,B\n"a""b",2\n3,4\n'],
    ["a quoted field over two lines", 'A,B\n"one\ntwo",2\n3,4\n'],
    ["text after a closing quote", 'A,B\n"abc"def,2\n3,4\n'],
    ["CRLF line endings and empty lines", "A,B\r\n1,2\r\n\r\n3,4\r\n"],
    ["a trailing comma and empty fields", "A,B,C\n1,,\n,,\n"],
    ["no newline at the end", "A,B\n1,2\n3,4"],
    ["UTF-8 text", 'A,B\n"Zürich ☃",2\nétoile,3\n'],
    ["a byte order mark", "\uFEFFA,B\n1,2\n"],
    ["an unterminated quote at the end", 'A,B\n1,2\n"open,3\n'],
  ];
  it.each(cases)("%s", async (_name, text) => {
    const b = bytes(text);
    // By line: csv-parse alone hands over a row it skipped (the unterminated quote) before the rows
    // it read earlier in the same chunk.
    const byLine = (rows: Plain[]) => [...rows].sort((x, y) => x.line - y.line);
    const expected = byLine(await byCsvParse(chunks(b, b.length)));
    for (const size of [1, 2, 3, 7, b.length])
      for (const select of [undefined, "all"] as const) {
        const got = await byScanner(chunks(b, size), select);
        expect(byLine(got.rows), `chunks of ${size}, ${select ?? "no"} select`).toEqual(expected);
      }
  });
});

describe("selected columns", () => {
  it("fills only the cells asked for and still counts every field", async () => {
    const text = "A,B,C,D\n1,2,3,4\n5,6,7,8,9\n";
    // Chunks of 8 bytes: the header "A,B,C,D\n" is a chunk of its own, and select() applies from the next.
    const got = await byScanner(chunks(bytes(text), 8), [1, 3]);
    // Line 2 "1,2,3,4": cells 1 and 3 are "2" and "4"; 4 fields. Line 3 has 5 fields.
    expect(got.rows[1]!.cells![1]).toBe("2");
    expect(got.rows[1]!.cells![3]).toBe("4");
    expect(got.rows[1]!.cells![0]).toBeUndefined();
    expect(got.counts).toEqual([4, 4, 5]);
  });
});
