// The common lines of mq-smf-csv's CSV, split without csv-parse. Why by hand: csv-parse reads 16 MB
// of SMF-WTAS.csv per CPU second on the 2-core machine (papaparse 32, csv-parser 14), while calibrate
// reads about 35 of the 403 columns of such rows and has a goal of 100 MB/s. This scanner works on the
// bytes and makes strings of the selected cells only. It takes only the lines whose every field is
// either unquoted (a comma ends it; a quote inside is text, as csv-parse's relax_quotes reads ="800")
// or quoted with no quote inside and a comma or the line's end after the closing quote. Any other line
// (a doubled quote, text after a closing quote, a quoted field that runs past the line) is not taken:
// the caller hands it and the rest of the file to csv-parse. test/smf-csv-lines.test.ts checks that
// both give the same rows on every fixture and on the odd cases.
// Platform-neutral: bytes in (Uint8Array), strings out.

/** A split line: the cells asked for (others left empty) and how many fields the line has. */
export interface SplitLine {
  cells: string[];
  count: number;
}

const COMMA = 44;
const QUOTE = 34;
const utf8 = new TextDecoder("utf-8", { ignoreBOM: true });

export class SimpleCsvLines {
  /** Columns to keep, by index; undefined keeps every column. */
  private keep: Uint8Array | undefined;

  /** Keeps only these columns from now on (the header is always split whole). */
  select(columns: readonly number[]): void {
    const last = columns.reduce((a, c) => Math.max(a, c), -1);
    const keep = new Uint8Array(last + 1);
    for (const c of columns) keep[c] = 1;
    this.keep = keep;
  }

  /** Splits b[start, end) (no line ending in it), or returns undefined for a line this scanner does
   * not take. One pass over the bytes. `latin1` is b as text when b is all ASCII (then a cell is a
   * slice of it: a string made per cell from bytes cost 400 ns); otherwise cells are decoded UTF-8,
   * as csv-parse decodes them. */
  split(b: Uint8Array, start: number, end: number, latin1?: string): SplitLine | undefined {
    const keep = this.keep;
    const kept = keep ? keep.length : Infinity;
    const cells: string[] = keep ? new Array<string>(kept) : [];
    let col = 0;
    let p = start;
    for (;;) {
      // One field from p: quoted (no quote inside, a comma or the end after it) or up to a comma.
      let from = p;
      let to: number;
      if (p < end && b[p] === QUOTE) {
        from = p + 1;
        let q = from;
        while (q < end) {
          const c = b[q]!;
          if (c === QUOTE) break;
          q++;
        }
        if (q >= end) return undefined; // runs past the line: csv-parse's
        to = q;
        p = q + 1;
        if (p < end && b[p] !== COMMA) return undefined; // "" or "a"b: csv-parse's
      } else {
        while (p < end) {
          const c = b[p]!;
          if (c === COMMA) break;
          p++;
        }
        to = p;
      }
      if (col < kept && (!keep || keep[col] === 1)) {
        const t = latin1 !== undefined ? latin1.slice(from, to) : from === to ? "" : utf8.decode(b.subarray(from, to));
        if (keep) cells[col] = t;
        else cells.push(t);
      }
      col++;
      if (p >= end) break;
      p++; // the comma
      if (p === end) {
        // A trailing comma: one more, empty field.
        if (!keep) cells.push("");
        else if (col < kept && keep[col] === 1) cells[col] = "";
        col++;
        break;
      }
    }
    return { cells, count: col };
  }
}
