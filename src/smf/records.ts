// Rows as the file edge hands them over (a CSV row's cells, or an NDJSON record), decoded into records
// of the fields calibrate reads. Platform-neutral: no file system here.
import { cellString, type CsvLineBatch } from "./csv-lines.js";
import { fieldsOf, headerKey, type FieldSpec, type Structure } from "./fields.js";
import {
  BadValue,
  clockAt,
  countAt,
  parseCount,
  parseDuration,
  parseText,
  parseTimeOfDay,
  parseTimestamp,
} from "./values.js";

export type Value = number | string | undefined;

/** One decoded row: its structure, where it came from, and the fields of fields.ts by name. */
export interface SmfRecord {
  structure: Structure;
  file: string;
  line: number;
  v: Record<string, Value>;
}

/** A row from the edge: CSV cells (the first row of a CSV source is its header), CSV lines as byte
 * positions of the cells the header's select() named, an NDJSON object, or a row the parser could not
 * read. */
export type RawRow =
  | {
      line: number;
      /** The cells; with `count`, only those calibrate selected are filled. */
      cells: string[];
      /** Fields on the line, where `cells` holds only the selected ones. */
      count?: number;
      /** On a header row: names the columns later rows need (the others may be left empty). */
      select?: (columns: readonly number[]) => void;
    }
  | { batch: CsvLineBatch }
  | { line: number; json: Record<string, unknown>; structure: string }
  | { line: number; error: string };

/** A malformed row, by file and line. */
export class RowError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    message: string,
  ) {
    super(message);
  }
}

type Getter = (cells: string[]) => Value;
/** A field from a line of a batch: `at` is the row's first position in batch.pos. */
type ByteGetter = (b: Uint8Array, pos: Int32Array, at: number, latin1: string | undefined) => Value;

/** Remembers a cell's last bytes and what they read as: rows of a file repeat most text (LPAR, QMgr,
 * the record's date), and comparing a few bytes costs less than making and reading the string. */
class LastCell {
  private readonly bytes = new Uint8Array(64);
  private len = -1;
  value: Value;
  same(b: Uint8Array, from: number, to: number): boolean {
    const n = to - from;
    if (n !== this.len) return false;
    const mine = this.bytes;
    for (let i = 0; i < n; i++) if (mine[i] !== b[from + i]) return false;
    return true;
  }
  set(b: Uint8Array, from: number, to: number, value: Value): Value {
    this.value = value;
    if (to - from > this.bytes.length) this.len = -1;
    else {
      this.bytes.set(b.subarray(from, to));
      this.len = to - from;
    }
    return value;
  }
}

/** Decodes the rows of one CSV file of one structure, by the column names of its header. */
export class CsvDecoder {
  readonly absent: string[] = [];
  readonly missingRequired: string[] = [];
  private readonly getters: [string, Getter][] = [];
  private readonly byteGetters: [string, ByteGetter][] = [];
  private readonly template: Record<string, Value>;
  readonly columns: number;
  /** The columns the getters read, each once: the only cells later rows need; for a CsvLineBatch, the
   * k-th is its slot k. */
  readonly used: number[] = [];

  constructor(
    readonly structure: Structure,
    header: string[],
    readonly file: string,
  ) {
    this.columns = header.length;
    const index = new Map<string, number>();
    header.forEach((h, i) => {
      const k = headerKey(h);
      if (!index.has(k)) index.set(k, i);
    });
    const find = (names: readonly string[], suffix = ""): number | undefined => {
      for (const n of names) {
        const i = index.get(headerKey(n + suffix));
        if (i !== undefined) {
          if (!this.used.includes(i)) this.used.push(i);
          return i;
        }
      }
      return undefined;
    };
    for (const f of fieldsOf(structure)) {
      const g = this.getter(f, find);
      if (g) {
        this.getters.push([f.name, g[0]]);
        this.byteGetters.push([f.name, g[1]]);
      } else (f.required ? this.missingRequired : this.absent).push(columnTitle(f));
    }
    this.template = templateOf(this.getters.map(([name]) => name));
  }

  /** A field's getter from cells and from a batch's bytes (slot k at pos[at + 2k], as used says). */
  private getter(
    f: FieldSpec,
    find: (names: readonly string[], suffix?: string) => number | undefined,
  ): [Getter, ByteGetter] | undefined {
    const col = columnTitle(f);
    const slot = (i: number) => 2 * this.used.indexOf(i);
    switch (f.kind) {
      case "count": {
        const i = find(f.csv);
        if (i === undefined) return undefined;
        const k = slot(i);
        return [(c) => parseCount(c[i], col), (b, pos, at, t) => countAt(b, pos[at + k]!, pos[at + k + 1]!, t, col)];
      }
      case "text": {
        const i = find(f.csv);
        if (i === undefined) return undefined;
        const k = slot(i);
        const last = new LastCell();
        return [
          (c) => parseText(c[i]),
          (b, pos, at, t) => {
            const from = pos[at + k]!;
            const to = pos[at + k + 1]!;
            return last.same(b, from, to) ? last.value : last.set(b, from, to, parseText(cellString(b, from, to, t)));
          },
        ];
      }
      case "duration": {
        const s = find(f.csv, "(S)");
        const us = find(f.csv, "(US)");
        if (s === undefined || us === undefined) return undefined;
        const [ks, kus] = [slot(s), slot(us)];
        const colS = `${col}(S)`;
        const colUs = `${col}(US)`;
        return [
          (c) => parseDuration(c[s], c[us], col),
          (b, pos, at, t) => {
            // parseDuration's order: the seconds first (their error first), then the microseconds.
            const sec = countAt(b, pos[at + ks]!, pos[at + ks + 1]!, t, colS);
            const micros = countAt(b, pos[at + kus]!, pos[at + kus + 1]!, t, colUs);
            return sec === undefined || micros === undefined ? undefined : sec * 1_000_000 + micros;
          },
        ];
      }
      case "timestamp": {
        // The common Date and Time columns, or NAME (DATE) and NAME (TIME).
        const [d, t] =
          f.csv.length === 2
            ? [find([f.csv[0]!]), find([f.csv[1]!])]
            : [find(f.csv, " (DATE)"), find(f.csv, " (TIME)")];
        if (d === undefined || t === undefined) return undefined;
        // Rows of a file share few dates: the day's milliseconds are worked out once per date text.
        let lastDate: string | undefined;
        let lastDay: number | undefined;
        const [kd, kt] = [slot(d), slot(t)];
        const day = new LastCell();
        return [
          (c: string[]) => {
            const date = c[d];
            if (date !== lastDate || date === undefined) {
              lastDay = parseTimestamp(date, "", col);
              lastDate = date;
            }
            if (lastDay === undefined) return undefined;
            return lastDay + parseTimeOfDay(c[t], col);
          },
          (b, pos, at, text) => {
            const from = pos[at + kd]!;
            const to = pos[at + kd + 1]!;
            const ms = day.same(b, from, to)
              ? day.value
              : day.set(b, from, to, parseTimestamp(cellString(b, from, to, text), "", col));
            if (ms === undefined) return undefined;
            return (ms as number) + clockAt(b, pos[at + kt]!, pos[at + kt + 1]!, text, col);
          },
        ];
      }
    }
  }

  /** Throws RowError for a row that does not fit the header or has a value its column cannot hold. */
  decode(cells: string[], line: number, count = cells.length): SmfRecord {
    if (count !== this.columns) throw this.wrongCount(line, count);
    // A copy of one template object: every record of a file has the same shape from the start (adding
    // 35 properties one by one cost more than reading the row).
    const v: Record<string, Value> = { ...this.template };
    try {
      for (const [name, get] of this.getters) v[name] = get(cells);
    } catch (err) {
      if (err instanceof BadValue) throw new RowError(this.file, line, err.message);
      throw err;
    }
    return { structure: this.structure, file: this.file, line, v };
  }

  /** decode() of row r of a batch whose slots are `used`. */
  decodeLine(batch: CsvLineBatch, r: number): SmfRecord {
    const line = batch.lines[r]!;
    if (batch.counts[r] !== this.columns) throw this.wrongCount(line, batch.counts[r]!);
    const v: Record<string, Value> = { ...this.template };
    const { bytes, pos, latin1 } = batch;
    const at = r * 2 * batch.slots;
    try {
      for (const [name, get] of this.byteGetters) v[name] = get(bytes, pos, at, latin1);
    } catch (err) {
      if (err instanceof BadValue) throw new RowError(this.file, line, err.message);
      throw err;
    }
    return { structure: this.structure, file: this.file, line, v };
  }

  private wrongCount(line: number, count: number): RowError {
    return new RowError(
      this.file,
      line,
      `expected ${this.columns} columns, as the header on line 1 has, found ${count}`,
    );
  }
}

/** An object with these keys, all undefined, for records to be copied from. Made in one go: an object
 * given more than a dozen properties one at a time by computed names becomes a dictionary in V8, and
 * copying that for every record cost more than the rest of decoding (1.6 us against 1 us a row). */
function templateOf(names: readonly string[]): Record<string, Value> {
  return Object.fromEntries(names.map((n) => [n, undefined])) as Record<string, Value>;
}

function columnTitle(f: FieldSpec): string {
  return f.kind === "timestamp" && f.csv.length === 2 ? `${f.csv[0]}, ${f.csv[1]}` : f.csv[0]!;
}

/** The value of an NDJSON key, "ioCount[2]" reading an array element. */
function jsonValue(o: Record<string, unknown>, key: string): unknown {
  const b = key.indexOf("[");
  if (b < 0) return o[key];
  const arr = o[key.slice(0, b)];
  return Array.isArray(arr) ? arr[Number(key.slice(b + 1, -1))] : undefined;
}

function firstJson(o: Record<string, unknown>, keys: readonly string[]): unknown {
  for (const k of keys) {
    const x = jsonValue(o, k);
    if (x !== undefined) return x;
  }
  return undefined;
}

const asCell = (x: unknown): string | number | undefined =>
  typeof x === "number" || typeof x === "string" ? x : x === null || x === undefined ? undefined : String(x);

const JSON_TEMPLATES: Partial<Record<Structure, Record<string, Value>>> = {};

/** Decodes one NDJSON record (-f json_compact: camelCase keys, durations as one integer, ...Us). */
export function decodeJson(structure: Structure, o: Record<string, unknown>, file: string, line: number): SmfRecord {
  const v: Record<string, Value> = {
    ...(JSON_TEMPLATES[structure] ??= templateOf(fieldsOf(structure).map((f) => f.name))),
  };
  try {
    for (const f of fieldsOf(structure)) {
      switch (f.kind) {
        case "count":
        case "duration": {
          const x = asCell(firstJson(o, f.json));
          if (x === undefined && f.required) throw new BadValue(f.json[0]!, "", "a value (the key is missing)");
          v[f.name] = parseCount(x, f.json[0]!);
          break;
        }
        case "text": {
          const x = asCell(firstJson(o, f.json));
          // NDJSON gives the TLS cipher suite as a number; the CSV prints it in hexadecimal.
          v[f.name] = parseText(f.name === "cipher" && typeof x === "number" ? x.toString(16).toUpperCase() : x);
          break;
        }
        case "timestamp": {
          const d = asCell(o[f.json[0]!]);
          const t = asCell(o[f.json[1]!]);
          v[f.name] = parseTimestamp(
            d === undefined ? undefined : String(d),
            t === undefined ? undefined : String(t),
            f.json[0]!,
          );
          break;
        }
      }
    }
  } catch (err) {
    if (err instanceof BadValue) throw new RowError(file, line, err.message);
    throw err;
  }
  return { structure, file, line, v };
}
