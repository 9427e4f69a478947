// Rows as the file edge hands them over (a CSV row's cells, or an NDJSON record), decoded into records
// of the fields calibrate reads. Platform-neutral: no file system here.
import { fieldsOf, headerKey, type FieldSpec, type Structure } from "./fields.js";
import { BadValue, parseCount, parseDuration, parseText, parseTimeOfDay, parseTimestamp } from "./values.js";

export type Value = number | string | undefined;

/** One decoded row: its structure, where it came from, and the fields of fields.ts by name. */
export interface SmfRecord {
  structure: Structure;
  file: string;
  line: number;
  v: Record<string, Value>;
}

/** A row from the edge: CSV cells (the first row of a CSV source is its header), an NDJSON object, or
 * a row the parser could not read. */
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

/** Decodes the rows of one CSV file of one structure, by the column names of its header. */
export class CsvDecoder {
  readonly absent: string[] = [];
  readonly missingRequired: string[] = [];
  private readonly getters: [string, Getter][] = [];
  private readonly template: Record<string, Value> = {};
  readonly columns: number;
  /** The columns the getters read (a superset at worst): the only cells later rows need. */
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
          this.used.push(i);
          return i;
        }
      }
      return undefined;
    };
    for (const f of fieldsOf(structure)) {
      const g = this.getter(f, find);
      if (g) this.getters.push([f.name, g]);
      else (f.required ? this.missingRequired : this.absent).push(columnTitle(f));
    }
    for (const [name] of this.getters) this.template[name] = undefined;
  }

  private getter(f: FieldSpec, find: (names: readonly string[], suffix?: string) => number | undefined) {
    const col = columnTitle(f);
    switch (f.kind) {
      case "count": {
        const i = find(f.csv);
        return i === undefined ? undefined : (c: string[]) => parseCount(c[i], col);
      }
      case "text": {
        const i = find(f.csv);
        return i === undefined ? undefined : (c: string[]) => parseText(c[i]);
      }
      case "duration": {
        const s = find(f.csv, "(S)");
        const us = find(f.csv, "(US)");
        return s === undefined || us === undefined ? undefined : (c: string[]) => parseDuration(c[s], c[us], col);
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
        return (c: string[]) => {
          const date = c[d];
          if (date !== lastDate || date === undefined) {
            lastDay = parseTimestamp(date, "", col);
            lastDate = date;
          }
          if (lastDay === undefined) return undefined;
          return lastDay + parseTimeOfDay(c[t], col);
        };
      }
    }
  }

  /** Throws RowError for a row that does not fit the header or has a value its column cannot hold. */
  decode(cells: string[], line: number, count = cells.length): SmfRecord {
    if (count !== this.columns) {
      throw new RowError(
        this.file,
        line,
        `expected ${this.columns} columns, as the header on line 1 has, found ${count}`,
      );
    }
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

/** Decodes one NDJSON record (-f json_compact: camelCase keys, durations as one integer, ...Us). */
export function decodeJson(structure: Structure, o: Record<string, unknown>, file: string, line: number): SmfRecord {
  const v: Record<string, Value> = {};
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
