// The file edge of calibrate: folders and files of mq-smf-csv output (SMF-<STRUCTURE>.csv, with or
// without .gz; NDJSON from -f json_compact), read as streams: csv-parse with relaxed quotes for the
// formatter's ="800" cells, gunzip by node:zlib, NDJSON a line at a time. Node only; the core it feeds
// (calibrate.ts) is platform-neutral.
import { isAscii } from "node:buffer";
import { closeSync, createReadStream, openSync, readSync, readdirSync, statSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { Readable } from "node:stream";
import { createGunzip } from "node:zlib";
import { parse } from "csv-parse";
import { InputError } from "../util/diagnostic.js";
import {
  calibrateSources,
  type Calibration,
  type CalibrateOptions,
  type RowSource,
  type SkippedFile,
} from "./calibrate.js";
import { SimpleCsvLines, type CsvLineBatch } from "./csv-lines.js";
import { isStructure, STRUCTURE_NAMES, type Structure } from "./fields.js";
import { MAX_FILE_BYTES, MAX_LINE_BYTES } from "./limits.js";

/** The files calibrate reads, as the formatter names them. */
const NEEDED_FILES = STRUCTURE_NAMES.map((st) => `SMF-${st}.csv`);
import type { RawRow } from "./records.js";

/** Bytes of text or a stream of them, as a library caller hands them over. */
export type ByteStream = AsyncIterable<Uint8Array | string>;

/**
 * What calibrate() reads: a path (a folder of mq-smf-csv output or one file), or a named stream: the
 * name says what it holds (SMF-QMST.csv, SMF-WTAS.csv.gz, or anything ending .json/.ndjson). A stream
 * is read once; give open() instead for --peak, which reads twice.
 */
export type CalibrateInput = string | { name: string; stream: ByteStream } | { name: string; open: () => ByteStream };

function tooBig(name: string, what: string): InputError {
  return new InputError([{ file: name, message: what, severity: "error", suggestion: "is it mq-smf-csv output?" }]);
}

/** The bytes, refused past MAX_FILE_BYTES. */
async function* bounded(src: ByteStream, name: string): ByteStream {
  let total = 0;
  for await (const chunk of src) {
    total += typeof chunk === "string" ? Buffer.byteLength(chunk) : chunk.length;
    if (total > MAX_FILE_BYTES)
      throw tooBig(name, `holds more than ${MAX_FILE_BYTES / 1024 ** 3} GB; calibrate reads at most that from a file`);
    yield chunk;
  }
}

const CSV_NAME = /^SMF-([a-z0-9]{2,8})\.csv(?:\.gz)?$/i;
const JSON_NAME = /\.(?:json|ndjson|jsonl)(?:\.gz)?$/i;

type Kind = { kind: Structure | "ndjson" } | { skip: string };

function kindOfName(name: string): Kind | undefined {
  const base = basename(name);
  const m = CSV_NAME.exec(base);
  if (m) {
    const st = m[1]!.toUpperCase();
    return isStructure(st) ? { kind: st } : { skip: `${st} is not a structure calibrate needs` };
  }
  if (JSON_NAME.test(base)) return { kind: "ndjson" };
  if (base === "mqsmfcsv.log") return { skip: "the formatter's log" };
  return undefined;
}

/** The first bytes of a file: gzip's magic number, or the start of the text. */
function sniff(path: string): Buffer {
  const fd = openSync(path, "r");
  try {
    const b = Buffer.alloc(512);
    return b.subarray(0, readSync(fd, b, 0, 512, 0));
  } finally {
    closeSync(fd);
  }
}

const isGzip = (b: Uint8Array) => b.length >= 2 && b[0] === 0x1f && b[1] === 0x8b;

function fileBytes(path: string): ByteStream {
  const gz = isGzip(sniff(path));
  // 64 KB reads: a batch of rows per chunk then dies young (with 1 MB reads the batches outlived the
  // young generation, and peak RSS on 96 MB of CSV was 171 MB against 123 MB).
  const raw = createReadStream(path, { highWaterMark: 1 << 16 });
  if (!gz) return raw;
  const gunzip = createGunzip({ chunkSize: 1 << 16 });
  raw.on("error", (e) => gunzip.destroy(e));
  return raw.pipe(gunzip);
}

/** Bytes that may be gzip-compressed, as plain bytes. */
async function* maybeGunzip(src: ByteStream): ByteStream {
  const it = src[Symbol.asyncIterator]();
  const first = await it.next();
  if (first.done) return;
  const head = typeof first.value === "string" ? Buffer.from(first.value) : first.value;
  const rest = {
    async *[Symbol.asyncIterator]() {
      yield head;
      for (;;) {
        const n = await it.next();
        if (n.done) return;
        yield n.value;
      }
    },
  };
  if (!isGzip(head)) {
    yield* rest;
    return;
  }
  yield* Readable.from(rest).pipe(createGunzip({ chunkSize: 1 << 16 }));
}

const PARSE_OPTIONS = {
  relax_quotes: true,
  relax_column_count: true,
  skip_empty_lines: true,
  skip_records_with_error: true,
  info: true,
  // A record past the line bound is reported and skipped, not held whole.
  max_record_size: MAX_LINE_BYTES,
} as const;

/** CSV rows by csv-parse: relaxed quotes (="800" is a field, not an error), a row that breaks the
 * parser reported with its line and skipped. Lines are numbered from `firstLine`. */
export async function* csvParseRows(bytes: ByteStream, name: string, firstLine = 1): AsyncGenerator<RawRow> {
  const errors: RawRow[] = [];
  const offset = firstLine - 1;
  const parser = parse({
    ...PARSE_OPTIONS,
    on_skip: (err) => {
      const line = (err as unknown as { lines?: number } | undefined)?.lines ?? 0;
      // csv-parse counts lines from where it started reading; its message says "at line N" too.
      const message = err
        ? err.message.replace(/\s+/g, " ").replace(/at line (\d+)/, (_m, n: string) => `at line ${Number(n) + offset}`)
        : "unreadable row";
      errors.push({ line: line + offset, error: message });
      return undefined;
    },
  });
  const input = Readable.from(bytes, { objectMode: false });
  input.on("error", (e) => parser.destroy(e));
  input.pipe(parser);
  try {
    for await (const rec of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      while (errors.length) yield errors.shift()!;
      yield { line: rec.info.lines + offset, cells: rec.record };
    }
  } catch (err) {
    throw unreadable(name, err);
  }
  while (errors.length) yield errors.shift()!;
}

const asBytes = (chunk: Uint8Array | string): Uint8Array =>
  typeof chunk === "string" ? Buffer.from(chunk, "utf8") : chunk;

/** The bytes as text, one character a byte, when they are all ASCII (then the same as UTF-8). */
const latin1Of = (b: Uint8Array): string | undefined =>
  isAscii(b) ? Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString("latin1") : undefined;

/** Joins two byte arrays (a line that spans two chunks). */
function joined(a: Uint8Array, b: Uint8Array): Uint8Array {
  return concatBytes([a, b]);
}

/** Joins byte arrays, once (a line that spans several chunks). */
function concatBytes(list: Uint8Array[]): Uint8Array {
  let n = 0;
  for (const x of list) n += x.length;
  const out = new Uint8Array(n);
  let at = 0;
  for (const x of list) {
    out.set(x, at);
    at += x.length;
  }
  return out;
}

function longLine(name: string, line: number): InputError {
  return new InputError([
    {
      file: name,
      line,
      message: `line ${line} is longer than ${MAX_LINE_BYTES / 1024 / 1024} MB; calibrate reads lines up to that`,
      severity: "error",
      suggestion: "is it mq-smf-csv output? Its longest rows are a few KB",
    },
  ]);
}

/** CSV rows, a batch per chunk read: the common lines by SimpleCsvLines, everything from the first line
 * it does not take on by csv-parse. The header row carries select(): calibrate names the columns it
 * reads, and later lines come as a CsvLineBatch of where those cells are (count still says how many
 * fields a row has). */
export async function* csvRows(bytes: ByteStream, name: string): AsyncGenerator<RawRow[]> {
  const lines = new SimpleCsvLines();
  const it = bytes[Symbol.asyncIterator]();
  let carry: Uint8Array | undefined; // the start of a line the last chunk did not end
  let parts: Uint8Array[] = []; // more of that line, from chunks with no newline: joined once, at its end
  let partBytes = 0;
  let line = 0;
  let header = true;
  let fallback: Uint8Array | undefined;
  let batch: CsvLineBatch | undefined; // the lines of the bytes take() was last given
  const take = (b: Uint8Array, i: number, j: number, out: RawRow[], latin1?: string): boolean => {
    line++;
    const end = j > i && b[j - 1] === 13 ? j - 1 : j;
    if (end === i) return true; // an empty line (skip_empty_lines)
    if (lines.selected) {
      if (batch?.bytes !== b) {
        // Rows per chunk: a guess from the line's length, grown when short.
        batch = lines.batch(b, latin1, Math.max(4, Math.ceil((b.length - i) / Math.max(16, end - i)) + 2));
        out.push({ batch });
      }
      if (lines.scan(b, i, end, line, batch)) return true;
      line--;
      return false;
    }
    // A carriage return inside the first line: csv-parse would take it for the record delimiter.
    const cr = header ? b.indexOf(13, i) : -1;
    const r = cr >= 0 && cr < end ? undefined : lines.split(b, i, end, latin1);
    if (!r) {
      line--;
      return false;
    }
    if (header) {
      header = false;
      out.push({ line, cells: r.cells, select: (cols: readonly number[]) => lines.select(cols) });
    } else out.push({ line, cells: r.cells, count: r.count });
    return true;
  };
  /** Drops an empty batch left at the end of out (its first line went to csv-parse). */
  const trimmed = (out: RawRow[]) => {
    const last = out[out.length - 1];
    if (last && "batch" in last && last.batch.n === 0) out.pop();
    return out;
  };
  try {
    for (;;) {
      const n = await it.next();
      if (n.done) {
        if (parts.length) carry = concatBytes([carry!, ...parts]);
        if (carry && carry.length > 0) {
          const out: RawRow[] = [];
          if (!take(carry, 0, carry.length, out, latin1Of(carry))) fallback = carry;
          if (trimmed(out).length > 0) yield out;
        }
        break;
      }
      const b = asBytes(n.value);
      const out: RawRow[] = [];
      let i = 0;
      if (carry) {
        const nl = b.indexOf(10);
        partBytes += nl < 0 ? b.length : nl;
        if (carry.length + partBytes > MAX_LINE_BYTES) throw longLine(name, line + 1);
        if (nl < 0) {
          parts.push(b);
          continue;
        }
        const first = concatBytes([carry, ...parts, b.subarray(0, nl)]);
        carry = undefined;
        parts = [];
        partBytes = 0;
        if (!take(first, 0, first.length, out, latin1Of(first))) {
          fallback = joined(first, b.subarray(nl));
          if (trimmed(out).length > 0) yield out;
          break;
        }
        i = nl + 1;
      }
      const text = latin1Of(b);
      for (let j = b.indexOf(10, i); j >= 0; j = b.indexOf(10, i)) {
        if (!take(b, i, j, out, text)) {
          fallback = b.subarray(i);
          break;
        }
        i = j + 1;
      }
      if (trimmed(out).length > 0) yield out;
      if (fallback) break;
      // Copied: a view would keep the whole chunk alive for a few bytes.
      carry = i < b.length ? b.slice(i) : undefined;
      if (carry && carry.length > MAX_LINE_BYTES) throw longLine(name, line + 1);
    }
  } catch (err) {
    if (err instanceof InputError) throw err;
    throw unreadable(name, err);
  }
  if (!fallback) return;
  // From this line on, csv-parse reads what is left (its rows keep every cell).
  const rest = fallback;
  const remaining: ByteStream = {
    async *[Symbol.asyncIterator]() {
      yield rest;
      for (;;) {
        const n = await it.next();
        if (n.done) return;
        yield n.value;
      }
    },
  };
  for await (const row of csvParseRows(remaining, name, line + 1)) yield [row];
}

function unreadable(name: string, err: unknown): InputError {
  const code = (err as NodeJS.ErrnoException).code;
  const message =
    code === "Z_DATA_ERROR" || code === "Z_BUF_ERROR"
      ? "is not a complete gzip file (it ends early or is damaged)"
      : code === "ENOENT"
        ? "no such file"
        : code === "EACCES"
          ? "cannot be read (permission denied)"
          : `cannot be read: ${(err as Error).message ?? String(err)}`;
  return new InputError([{ file: name, message, severity: "error" }]);
}

/** Text of a chunk: latin1 while every byte is ASCII (the same characters, several times faster than
 * TextDecoder), UTF-8 from the first chunk that is not. */
class ChunkText {
  private decoder: TextDecoder | undefined;
  text(chunk: Uint8Array | string): string {
    if (typeof chunk === "string") return chunk;
    if (!this.decoder && isAscii(chunk))
      return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).toString("latin1");
    this.decoder ??= new TextDecoder("utf-8");
    return this.decoder.decode(chunk, { stream: true });
  }
  end(): string {
    return this.decoder ? this.decoder.decode() : "";
  }
}

/** NDJSON records, a batch per chunk read; only the structures calibrate reads are parsed. The
 * structure is taken from the first "structure" key: a QESD record has a second one (its SMDS
 * structure's name). */
export async function* ndjsonRows(bytes: ByteStream, name: string): AsyncGenerator<RawRow[]> {
  const decoder = new ChunkText();
  let rest = "";
  let line = 0;
  const one = (text: string): RawRow | undefined => {
    line++;
    const t = text.trim();
    if (t === "") return undefined;
    const k = t.indexOf('"structure"');
    const q1 = k < 0 ? -1 : t.indexOf('"', t.indexOf(":", k + 11) + 1);
    const q2 = q1 < 0 ? -1 : t.indexOf('"', q1 + 1);
    if (t.charCodeAt(0) !== 123 || q2 < 0) return { line, error: 'not an mq-smf-csv JSON record (no "structure" key)' };
    const structure = t.slice(q1 + 1, q2).trim();
    if (!isStructure(structure)) return { line, json: {}, structure };
    try {
      return { line, json: JSON.parse(t) as Record<string, unknown>, structure };
    } catch (err) {
      return { line, error: `not valid JSON: ${(err as Error).message}` };
    }
  };
  // The start of a line no chunk has ended yet, in pieces: joined once, when its newline comes (joining
  // and searching it at every chunk was quadratic in the line's length).
  let pieces: string[] = [];
  let pending = 0;
  try {
    for await (const chunk of maybeGunzip(bytes)) {
      const text = decoder.text(chunk);
      const nl = text.indexOf("\n");
      if (nl < 0) {
        pieces.push(text);
        pending += text.length;
        // UTF-16 code units: at least a byte each.
        if (rest.length + pending > MAX_LINE_BYTES) throw longLine(name, line + 1);
        continue;
      }
      const s = rest + pieces.join("") + text;
      const start = s.length - text.length;
      pieces = [];
      pending = 0;
      const out: RawRow[] = [];
      let i = 0;
      for (let j = s.indexOf("\n", start); j >= 0; j = s.indexOf("\n", i)) {
        if (j - i > MAX_LINE_BYTES) throw longLine(name, line + 1);
        const r = one(s.slice(i, j));
        if (r) out.push(r);
        i = j + 1;
      }
      rest = s.slice(i);
      if (rest.length > MAX_LINE_BYTES) throw longLine(name, line + 1);
      if (out.length > 0) yield out;
    }
  } catch (err) {
    if (err instanceof InputError) throw err;
    throw unreadable(name, err);
  }
  rest += pieces.join("");
  rest += decoder.end();
  if (rest.trim() !== "") {
    const r = one(rest);
    if (r) yield [r];
  }
}

function source(
  name: string,
  group: string,
  kind: Structure | "ndjson",
  open: () => ByteStream,
  reopenable: boolean,
  bytes?: number,
): RowSource {
  return {
    name,
    group,
    kind,
    bytes,
    reopenable,
    open: () =>
      kind === "ndjson"
        ? ndjsonRows(bounded(maybeGunzip(open()), name), name)
        : csvRows(bounded(maybeGunzip(open()), name), name),
  };
}

/** Finds the mq-smf-csv files among the inputs. Throws InputError for a path that does not exist or a
 * file whose kind cannot be told. */
export function sourcesOf(inputs: CalibrateInput[]): { sources: RowSource[]; skipped: SkippedFile[] } {
  const sources: RowSource[] = [];
  const skipped: SkippedFile[] = [];
  const seen = new Set<string>();
  for (const input of inputs) {
    if (typeof input !== "string") {
      const k = kindOfName(input.name);
      if (!k || "skip" in k)
        throw new InputError([
          {
            file: input.name,
            message: k ? `not read: ${k.skip}` : "cannot tell what this stream holds from its name",
            severity: "error",
            suggestion: "name it as mqsmfcsv does: SMF-QMST.csv (or .csv.gz), or *.json for -f json_compact output",
          },
        ]);
      const open = "open" in input ? input.open : () => input.stream;
      sources.push(source(input.name, "streams", k.kind, open, "open" in input));
      continue;
    }
    let st;
    if (input === "-")
      throw new InputError([
        {
          file: "-",
          message: "calibrate does not read standard input: it may read its data twice (--peak)",
          severity: "error",
          suggestion: "save the data to a file first (... > TESTCHL.ndjson) and name the file",
        },
      ]);
    try {
      st = statSync(input);
    } catch {
      throw new InputError([
        {
          file: input,
          message: "no such file or folder",
          severity: "error",
          suggestion: "name the folder mqsmfcsv -o wrote",
        },
      ]);
    }
    if (!st.isDirectory() && !st.isFile()) {
      // A device never ends (/dev/zero, whatever the link to it is called); a pipe cannot be read twice
      // (--peak does) nor its kind told from its first bytes without taking them.
      const device = st.isCharacterDevice() || st.isBlockDevice();
      throw new InputError([
        {
          file: input,
          message: device
            ? "is a device, not a file: calibrate reads files and folders of mq-smf-csv output"
            : "is a pipe or socket (standard input, <(...), a FIFO), not a file: calibrate reads files and folders",
          severity: "error",
          suggestion: device
            ? "name the folder mqsmfcsv -o wrote"
            : "save the data to a file first (... > TESTCHL.ndjson) and name the file",
        },
      ]);
    }
    const files = st.isDirectory()
      ? readdirSync(input, { withFileTypes: true })
          .filter((e) => e.isFile())
          .map((e) => join(input, e.name))
          .sort()
      : [input];
    const group = st.isDirectory() ? resolve(input) : resolve(dirname(input));
    let found = 0;
    for (const file of files) {
      const real = resolve(file);
      if (seen.has(real)) continue;
      seen.add(real);
      const size = statSync(file).size;
      let k = kindOfName(file);
      if (!k && !st.isDirectory()) {
        // A file named on the command line: NDJSON if it starts like one.
        const head = sniff(file);
        if (isGzip(head) || head.toString("utf8").trimStart().startsWith("{")) k = { kind: "ndjson" };
        else
          throw new InputError([
            {
              file,
              message: "cannot tell which SMF structure this file holds",
              severity: "error",
              suggestion: "mqsmfcsv names its files SMF-<STRUCTURE>.csv (SMF-QMST.csv, ...); keep those names",
            },
          ]);
      }
      if (!k) {
        skipped.push({ name: file, reason: "not mq-smf-csv output", bytes: size });
        continue;
      }
      if ("skip" in k) {
        skipped.push({ name: file, reason: k.skip, bytes: size });
        continue;
      }
      found++;
      sources.push(source(file, group, k.kind, () => fileBytes(file), true, size));
    }
    if (st.isDirectory() && found === 0) {
      const sub = readdirSync(input, { withFileTypes: true })
        .filter((e) => e.isDirectory())
        .map((e) => e.name);
      // Formatter output of structures calibrate does not read (QSG statistics only, say): name them,
      // and the files it needs.
      const others = skipped.filter((x) => x.reason !== "not mq-smf-csv output" && x.name.startsWith(input));
      const base = (n: string) => n.slice(Math.max(n.lastIndexOf("/"), n.lastIndexOf("\\")) + 1);
      throw new InputError([
        {
          file: input,
          message:
            others.length > 0
              ? `holds mq-smf-csv output only of structures calibrate does not read (${others.map((x) => base(x.name)).join(", ")}); it reads ${NEEDED_FILES.join(", ")}, none of which is here`
              : "has no mq-smf-csv output (SMF-<STRUCTURE>.csv files, .csv.gz, or NDJSON)",
          severity: "error",
          suggestion:
            sub.length > 0
              ? `name one of its folders: ${sub.slice(0, 5).join(", ")}`
              : "run mqsmfcsv -i SMFDATA -o DIR -g yes, then mqzcap calibrate DIR",
        },
      ]);
    }
  }
  return { sources, skipped };
}

/**
 * Calibrates from mq-smf-csv output: folders, files or named streams. Resolves to the baseline, its
 * provenance and the config fragment; rejects with InputError when nothing could be derived.
 */
export async function calibrate(
  inputs: CalibrateInput | CalibrateInput[],
  options: CalibrateOptions = {},
): Promise<Calibration> {
  const list = Array.isArray(inputs) ? inputs : [inputs];
  const { sources, skipped } = sourcesOf(list);
  return calibrateSources(sources, skipped, options);
}
