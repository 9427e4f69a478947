// The common lines of mq-smf-csv's CSV, split without csv-parse. Why by hand: csv-parse reads 16 MB
// of SMF-WTAS.csv per CPU second on the 2-core machine (papaparse 32, csv-parser 14), while calibrate
// reads about 35 of the 403 columns of such rows and has a goal of 100 MB/s. This scanner works on the
// bytes: scan() says where the selected cells of a line are (calibrate parses most of them, numbers,
// from the bytes: a string per cell cost more than the rest of the row), split() makes strings of every
// cell (the header, and rows before select()). It takes only the lines whose every field is
// either unquoted (a comma ends it; a quote inside is text, as csv-parse's relax_quotes reads ="800")
// or quoted with no quote inside and a comma or the line's end after the closing quote. Any other line
// (a doubled quote, text after a closing quote, a quoted field that runs past the line) is not taken:
// the caller hands it and the rest of the file to csv-parse. test/smf-csv-lines.test.ts checks that
// both give the same rows on every fixture and on the odd cases.
// Platform-neutral: bytes in (Uint8Array), positions or strings out.

/** A split line: its cells (for batchRow, the selected ones only) and how many fields it has. */
export interface SplitLine {
  cells: string[];
  count: number;
}

/**
 * Lines of one chunk split by scan(): no strings, only where each selected cell is. The cell of slot k
 * (the k-th column given to select()) of row r is bytes[pos[r * 2K + 2k], pos[r * 2K + 2k + 1]) with
 * its quotes removed, K the number of slots; -1 where the line has no such column. `latin1` is the
 * chunk as text when it is all ASCII (a cell's string is then a slice of it).
 */
export interface CsvLineBatch {
  bytes: Uint8Array;
  latin1: string | undefined;
  slots: number;
  /** Rows held. */
  n: number;
  /** Per row: its line in the file, and how many fields it has. */
  lines: Int32Array;
  counts: Int32Array;
  pos: Int32Array;
}

/** A cell as text, as split() makes it: a slice of the chunk's text, or its bytes decoded as UTF-8. */
export function cellString(b: Uint8Array, from: number, to: number, latin1: string | undefined): string {
  return latin1 !== undefined ? latin1.slice(from, to) : from === to ? "" : utf8.decode(b.subarray(from, to));
}

/** Row r of a batch as split() would give it: the selected cells (others undefined), for tests. */
export function batchRow(batch: CsvLineBatch, r: number, columns: readonly number[]): SplitLine {
  const cells: string[] = [];
  columns.forEach((col, k) => {
    const at = r * 2 * batch.slots + 2 * k;
    if (batch.pos[at]! >= 0) cells[col] = cellString(batch.bytes, batch.pos[at]!, batch.pos[at + 1]!, batch.latin1);
  });
  return { cells, count: batch.counts[r]! };
}

const COMMA = 44;
const QUOTE = 34;
const utf8 = new TextDecoder("utf-8", { ignoreBOM: true });

export class SimpleCsvLines {
  /** Slot + 1 of each selected column (0: not kept), for scan(). */
  private slotOf: Int32Array | undefined;
  /** Columns not selected from each column to the next selected one. */
  private skip = new Int32Array(0);
  private slots = 0;

  /** The columns scan() finds: the k-th column given is slot k of a batch. */
  select(columns: readonly number[]): void {
    const slotOf = new Int32Array(columns.reduce((a, c) => Math.max(a, c), -1) + 1);
    columns.forEach((c, k) => {
      if (slotOf[c] === 0) slotOf[c] = k + 1;
    });
    const skip = new Int32Array(slotOf.length);
    for (let c = slotOf.length - 1; c >= 0; c--) skip[c] = slotOf[c] !== 0 ? 0 : 1 + (skip[c + 1] ?? 0);
    this.slotOf = slotOf;
    this.skip = skip;
    this.slots = columns.length;
  }

  /** Whether select() was called (then scan() can be used). */
  get selected(): boolean {
    return this.slotOf !== undefined;
  }

  /** An empty batch for lines of b. */
  batch(b: Uint8Array, latin1: string | undefined, rows = 64): CsvLineBatch {
    return {
      bytes: b,
      latin1,
      slots: this.slots,
      n: 0,
      lines: new Int32Array(rows),
      counts: new Int32Array(rows),
      pos: new Int32Array(rows * 2 * this.slots),
    };
  }

  /** As split(), but into a batch: where the selected cells are, not their strings (calibrate parses
   * most of them, numbers, from the bytes). Returns false for a line this scanner does not take. */
  scan(b: Uint8Array, start: number, end: number, line: number, into: CsvLineBatch): boolean {
    const slotOf = this.slotOf!;
    const kept = slotOf.length;
    const r = into.n;
    if (r === into.lines.length) grow(into);
    const pos = into.pos;
    const base = r * 2 * into.slots;
    pos.fill(-1, base, base + 2 * into.slots);
    let col = 0;
    let p = start;
    for (;;) {
      // Fields not selected are passed over a byte at a time, counting commas without a branch (a
      // field at a time cost twice as much: most are 1 to 3 bytes, and the end of each was a
      // mispredicted branch); a quote stops that, and its field is read as any selected one.
      const skip = col < kept ? this.skip[col]! : 0x7fffffff;
      if (skip > 0) {
        let left = skip;
        let i = p;
        // Four bytes a step while neither a quote nor the last comma wanted is among them.
        for (; i + 4 <= end; i += 4) {
          const c0 = b[i]!;
          const c1 = b[i + 1]!;
          const c2 = b[i + 2]!;
          const c3 = b[i + 3]!;
          const q = isByte(c0, QUOTE) | isByte(c1, QUOTE) | isByte(c2, QUOTE) | isByte(c3, QUOTE);
          const commas = isByte(c0, COMMA) + isByte(c1, COMMA) + isByte(c2, COMMA) + isByte(c3, COMMA);
          if (q !== 0 || commas >= left) break;
          left -= commas;
        }
        for (; i < end; i++) {
          const c = b[i]!;
          if (c === QUOTE) break;
          left -= isByte(c, COMMA);
          if (left === 0) break;
        }
        if (left === 0) {
          // i is the comma after the last field passed over (at the line's end, the next field is
          // an empty one: read below, or passed over as the line's last).
          col += skip;
          p = i + 1;
          continue;
        }
        if (i >= end) {
          // The line ends in the fields passed over: one more than the commas seen.
          col += skip - left + 1;
          break;
        }
        // A quote at i: its field, from the comma before it, is read below.
        let from = i;
        while (from > p && b[from - 1] !== COMMA) from--;
        col += skip - left;
        p = from;
      }
      let from = p;
      let to: number;
      if (p < end && b[p] === QUOTE) {
        from = p + 1;
        let q = from;
        while (q < end && b[q] !== QUOTE) q++;
        if (q >= end) return false;
        to = q;
        p = q + 1;
        if (p < end && b[p] !== COMMA) return false;
      } else {
        while (p < end && b[p] !== COMMA) p++;
        to = p;
      }
      if (col < kept) {
        const k = slotOf[col]!;
        if (k !== 0) {
          pos[base + 2 * k - 2] = from;
          pos[base + 2 * k - 1] = to;
        }
      }
      col++;
      if (p >= end) break;
      p++; // the comma
      if (p === end) {
        // A trailing comma: one more, empty field.
        if (col < kept && slotOf[col] !== 0) {
          const k = slotOf[col]!;
          pos[base + 2 * k - 2] = end;
          pos[base + 2 * k - 1] = end;
        }
        col++;
        break;
      }
    }
    into.lines[r] = line;
    into.counts[r] = col;
    into.n = r + 1;
    return true;
  }

  /** Splits b[start, end) (no line ending in it) into the strings of all its cells, or returns
   * undefined for a line this scanner does not take. `latin1` as for cellString. */
  split(b: Uint8Array, start: number, end: number, latin1?: string): SplitLine | undefined {
    const cells: string[] = [];
    let p = start;
    for (;;) {
      // One field from p: quoted (no quote inside, a comma or the end after it) or up to a comma.
      let from = p;
      let to: number;
      if (p < end && b[p] === QUOTE) {
        from = p + 1;
        let q = from;
        while (q < end && b[q] !== QUOTE) q++;
        if (q >= end) return undefined; // runs past the line: csv-parse's
        to = q;
        p = q + 1;
        if (p < end && b[p] !== COMMA) return undefined; // "" or "a"b: csv-parse's
      } else {
        while (p < end && b[p] !== COMMA) p++;
        to = p;
      }
      cells.push(cellString(b, from, to, latin1));
      if (p >= end) break;
      p++; // the comma
      if (p === end) {
        cells.push(""); // a trailing comma: one more, empty field
        break;
      }
    }
    return { cells, count: cells.length };
  }
}

/** 1 when c is the byte x, else 0, without a branch. */
const isByte = (c: number, x: number) => ((c ^ x) - 1) >>> 31;

function grow(b: CsvLineBatch): void {
  const more = (a: Int32Array) => {
    const x = new Int32Array(a.length * 2);
    x.set(a);
    return x;
  };
  b.lines = more(b.lines);
  b.counts = more(b.counts);
  b.pos = more(b.pos);
}
