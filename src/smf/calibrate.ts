// calibrate's core: rows in (async iterables, from whatever read them), a baseline out. It streams:
// every row is decoded, added to running sums and dropped. Platform-neutral (no file system): the
// CLI and the library reach it through src/smf/files.ts; the live page may feed it rows itself.
import { InputError, type Diagnostic } from "../util/diagnostic.js";
import { QmgrState, class3Sums } from "./aggregate.js";
import { derive, type AsidCpu, type Derivation, type Derived } from "./derive.js";
import { isStructure, STRUCTURE_NAMES, STRUCTURE_TITLES, type Structure } from "./fields.js";
import { TaskJoin, taskKey, type JoinStats, type TaskIdentity } from "./join.js";
import { CsvDecoder, decodeJson, RowError, type RawRow, type SmfRecord, type Value } from "./records.js";
import { formatTimestamp, owned } from "./values.js";

/** A stream of rows: one CSV file of one structure (its first row the header), or NDJSON of many. */
export interface RowSource {
  /** The file as the user named it (for messages and provenance). */
  name: string;
  /** Files of one formatter run (one folder): class 3 files of a group are joined together. */
  group: string;
  kind: Structure | "ndjson";
  bytes?: number;
  /** Opens the rows, one at a time or in batches; a second call (for --peak) reads them again, where
   * the source allows it. */
  open(): AsyncIterable<RawRow | readonly RawRow[]>;
  reopenable: boolean;
}

/** A file that was found but not read, and why. */
export interface SkippedFile {
  name: string;
  reason: string;
  bytes?: number;
}

export interface CalibrateOptions {
  /** Queue manager name (QMgr), or LPAR/QMGR. Needed when the data holds more than one. */
  qmgr?: string;
  /** Record times (SMF Date and Time) from and to, inclusive, as milliseconds on the data's clock. */
  from?: number;
  to?: number;
  /** Only the busiest statistics interval (by MQPUT + MQPUT1 per second, QMST). */
  peak?: boolean;
  pattern?: "request-reply" | "one-way";
  asidCpu?: AsidCpu[];
  /** Bytes per log control interval; MQ's active log CI is 4 KB. */
  logCiBytes?: number;
  /** A malformed row stops calibrate (InputError) instead of being skipped and reported. */
  strict?: boolean;
  /** Write the baseline even from a sample below the minimum (MIN_INTERVALS, MIN_TRANSACTIONS). */
  acceptSmall?: boolean;
}

/**
 * The least sample a baseline is written from: calibrate's own policy, not a figure of the reports. One
 * interval, or a few dozen transactions, is one moment of a queue manager, not its cost.
 */
export const MIN_INTERVALS = 3;
export const MIN_TRANSACTIONS = 100;

/** MQ's active log data sets have 4 KB control intervals (VSAM CONTROLINTERVALSIZE(4096)): a product
 * fact, not a measured figure; --log-ci-size changes it. */
export const LOG_CI_BYTES = 4096;

export interface RowProblem {
  file: string;
  line: number;
  message: string;
}

export interface FileUse {
  name: string;
  kind: string;
  rows: number;
  bytes?: number;
}

export interface Calibration extends Derivation {
  format: "mqzcap/calibration@1";
  queueManager: { lpar: string; qmgr: string; qsg?: string; mqVersion?: string; release?: string };
  selection: { rule: string; from?: string; to?: string };
  inputs: { files: FileUse[]; skipped: SkippedFile[] };
  missing: { structure: string; file: string; what: string; neededFor: string }[];
  rows: { read: number; used: number; outside: number; otherQueueManagers: number; malformed: number };
  problems: RowProblem[];
  join?: JoinStats;
  /** What the baseline rests on: statistics intervals, seconds and transactions of the window. */
  sample: { intervals: number; seconds: number; transactions: number | null };
  /** Why the sample is below the minimum; the baseline values are then withheld (unless acceptSmall). */
  small: string[];
  /** Values not written for a sample below the minimum, with the reason (written commented out). */
  withheld: Derived[];
  /** The config fragment (version 1 and the derived keys), as it would be written in YAML. */
  config: Record<string, unknown>;
}

const NEEDED_FOR: Record<Structure, string> = {
  QMST: "the transaction rate, message size and persistence (MQ 9.3+), API calls per transaction",
  QJST: "logging: write rate, dual logs, archiving, compression",
  QCCT: "channel counts and channel initiator storage",
  QCTDSP: "channel initiator CPU (dispatcher tasks)",
  QCTADP: "channel initiator CPU (adapter tasks)",
  QCTSSL: "channel initiator CPU (SSL tasks; absent when there are none)",
  QCTDNS: "channel initiator CPU (DNS task)",
  QMAC: "MQ API CPU by connection type (class 1), when class 3 is absent",
  WTID: "MQ API CPU by connection type (class 3: who each task is)",
  WTAS: "MQ API CPU by connection type (class 3 task figures)",
  WQ: "MQ API CPU by connection type, message size and persistence (class 3 queue figures)",
  QCST: "per-channel rates, sizes, batches, TLS cipher; channel initiator CPU per message",
};
const OPTIONAL: ReadonlySet<Structure> = new Set(["QCTSSL", "QCTDNS", "QMAC"]);
const MAX_PROBLEMS_KEPT = 100;

class Run {
  readonly states = new Map<string, QmgrState>();
  readonly others = new Map<string, number>();
  readonly problems: RowProblem[] = [];
  malformed = 0;
  read = 0;
  used = 0;
  outside = 0;
  readonly fileRows = new Map<string, FileUse>();
  readonly structuresSeen = new Set<Structure>();
  readonly joins: TaskJoin[] = [];
  window?: { from?: number; to?: number; openStart?: boolean };
  private last = { lpar: "", qmgr: "", key: "/" };
  private readonly identities: TaskIdentity[] = [];

  constructor(readonly opts: CalibrateOptions) {}

  problem(file: string, line: number, message: string): void {
    this.malformed++;
    if (this.opts.strict)
      throw new InputError([
        {
          file,
          line,
          col: 1,
          message: `malformed row: ${message}`,
          severity: "error",
          suggestion: "without --strict, calibrate skips such rows and reports them",
        },
      ]);
    if (this.problems.length < MAX_PROBLEMS_KEPT) this.problems.push({ file, line, message });
  }

  /** The queue manager's state for a record inside the selection, or undefined (counted). */
  accept(r: SmfRecord): QmgrState | undefined {
    const v = r.v;
    if (typeof v.at !== "number" || typeof v.qmgr !== "string" || typeof v.lpar !== "string") {
      this.problem(r.file, r.line, "no record Date, Time, LPAR or QMgr");
      return undefined;
    }
    const key = this.qmKey(v.lpar, v.qmgr);
    const want = this.opts.qmgr;
    if (want && want !== v.qmgr && want !== key) {
      this.others.set(key, (this.others.get(key) ?? 0) + 1);
      return undefined;
    }
    const w = this.window;
    if (w) {
      const at = v.at;
      if ((w.from !== undefined && (w.openStart ? at <= w.from : at < w.from)) || (w.to !== undefined && at > w.to)) {
        this.outside++;
        return undefined;
      }
    }
    let s = this.states.get(key);
    if (!s) this.states.set(key, (s = new QmgrState(owned(v.lpar), owned(v.qmgr))));
    this.used++;
    return s;
  }

  /** LPAR/QMGR, made once for a run of rows of one queue manager. */
  qmKey(lpar: string, qmgr: string): string {
    const l = this.last;
    if (lpar !== l.lpar || qmgr !== l.qmgr) this.last = { lpar, qmgr, key: owned(`${lpar}/${qmgr}`) };
    return this.last.key;
  }

  /** Decoded records of a source, a batch at a time (one per chunk the source hands over: a generator
   * step per row cost more than decoding it); malformed rows reported and skipped. */
  async *records(src: RowSource, only?: ReadonlySet<Structure>): AsyncGenerator<SmfRecord[]> {
    const use = this.fileRows.get(src.name) ?? { name: src.name, kind: src.kind, rows: 0, bytes: src.bytes };
    this.fileRows.set(src.name, use);
    const state: { decoder?: CsvDecoder; skip: boolean } = { skip: false };
    for await (const got of src.open()) {
      const out: SmfRecord[] = [];
      if (Array.isArray(got))
        for (const raw of got as readonly RawRow[]) this.decodeRow(src, raw, only, use, state, out);
      else this.decodeRow(src, got as RawRow, only, use, state, out);
      if (state.skip) return;
      if (out.length > 0) yield out;
    }
  }

  /**
   * A decoded record kept, or reported as malformed and skipped: a statistics interval of negative
   * length (Interval_Duration) would shrink the window the rates are divided by.
   */
  private keep(out: SmfRecord[], r: SmfRecord): void {
    const d = r.v.duration;
    if (typeof d === "number" && d < 0) {
      this.problem(r.file, r.line, `Interval_Duration ${d} is negative: an interval cannot be`);
      return;
    }
    out.push(r);
  }

  private decodeRow(
    src: RowSource,
    raw: RawRow,
    only: ReadonlySet<Structure> | undefined,
    use: FileUse,
    state: { decoder?: CsvDecoder; skip: boolean },
    out: SmfRecord[],
  ): void {
    if (state.skip) return;
    if ("error" in raw) {
      this.read++;
      this.problem(src.name, raw.line, raw.error);
      return;
    }
    if ("batch" in raw) {
      const decoder = state.decoder;
      const batch = raw.batch;
      if (!decoder) return; // select() is called with a decoder only
      for (let r = 0; r < batch.n; r++) {
        this.read++;
        use.rows++;
        try {
          this.keep(out, decoder.decodeLine(batch, r));
        } catch (err) {
          if (err instanceof RowError) this.problem(err.file, err.line, err.message);
          else throw err;
        }
      }
      return;
    }
    if ("cells" in raw) {
      const decoder = state.decoder;
      if (!decoder) {
        const d = new CsvDecoder(src.kind as Structure, raw.cells, src.name);
        if (d.missingRequired.length > 0) {
          this.problem(
            src.name,
            raw.line,
            `the header has no column ${d.missingRequired.join(", ")}: not the mq-smf-csv ${src.kind} file calibrate reads; file skipped`,
          );
          state.skip = true;
          return;
        }
        state.decoder = d;
        this.structuresSeen.add(d.structure);
        raw.select?.(d.used);
        return;
      }
      this.read++;
      use.rows++;
      try {
        this.keep(out, decoder.decode(raw.cells, raw.line, raw.count));
      } catch (err) {
        if (err instanceof RowError) this.problem(err.file, err.line, err.message);
        else throw err;
      }
      return;
    }
    if (!isStructure(raw.structure) || (only && !only.has(raw.structure))) return;
    this.read++;
    use.rows++;
    this.structuresSeen.add(raw.structure);
    try {
      this.keep(out, decodeJson(raw.structure, raw.json, src.name, raw.line));
    } catch (err) {
      if (err instanceof RowError) this.problem(err.file, err.line, err.message);
      else throw err;
    }
  }

  /** A WTID's identity, shared with earlier WTIDs of the same: the join keeps 20,000 of them, which
   * outlive the young generation, so each new one is garbage later in the old one. Its text owned
   * (values.ts): it outlives its chunk of text too. */
  private identity(v: Record<string, Value>, qm: string): TaskIdentity {
    const applType = owned(v.applType as string | undefined);
    const channel = owned(v.channel as string | undefined);
    const connection = owned(v.connection as string | undefined);
    const ids = this.identities;
    for (const w of ids)
      if (w.applType === applType && w.channel === channel && w.connection === connection && w.qm === qm) return w;
    const w = { applType, channel, connection, qm };
    // The last 16 seen, newest first: tasks of a few regions and channels, most of the time.
    ids.unshift(w);
    if (ids.length > 16) ids.pop();
    return w;
  }

  /** The class 3 join key of a record. */
  taskKey(r: SmfRecord): string {
    const v = r.v;
    return taskKey(this.qmKey(String(v.lpar), String(v.qmgr)), v.at, v.correl);
  }

  /** `key`: the class 3 join key, when the caller has made it already (one string per row, not two). */
  feed(r: SmfRecord, join: TaskJoin, key?: string): void {
    const s = this.accept(r);
    if (!s) return;
    if (r.structure === "WTID" || r.structure === "WTAS" || r.structure === "WQ") {
      s.usedClass3(r);
      const v = r.v;
      key ??= this.taskKey(r);
      const qm = this.qmKey(v.lpar as string, v.qmgr as string);
      if (r.structure === "WTID") join.wtid(key, this.identity(v, qm));
      else join.part(key, r.structure, class3Sums(r), qm, v.at as number);
      return;
    }
    s.add(r);
  }

  newJoin(): TaskJoin {
    const j = new TaskJoin((who, sums, qm, at) => this.states.get(qm)?.addTask(who, sums, at));
    this.joins.push(j);
    return j;
  }
}

/** The busiest statistics interval by MQPUT + MQPUT1 per second (pass one of --peak). */
async function findPeak(run: Run, sources: RowSource[]) {
  const best = new Map<string, { at: number; duration: number; perSecond: number }>();
  const only = new Set<Structure>(["QMST"]);
  for (const src of sources.filter((x) => x.kind === "QMST" || x.kind === "ndjson")) {
    if (!src.reopenable)
      throw new InputError([
        {
          file: src.name,
          message: "--peak reads the data twice (to find the busiest interval, then to calibrate it)",
          severity: "error",
          suggestion: "pass files or folders, or streams that can be opened again",
        },
      ]);
    for await (const batch of run.records(src, only))
      for (const r of batch) {
        if (r.structure !== "QMST") continue;
        const v = r.v;
        if (typeof v.at !== "number" || typeof v.duration !== "number" || v.duration <= 0) continue;
        const key = `${v.lpar}/${v.qmgr}`;
        if (run.opts.qmgr && run.opts.qmgr !== v.qmgr && run.opts.qmgr !== key) continue;
        if ((run.opts.from !== undefined && v.at < run.opts.from) || (run.opts.to !== undefined && v.at > run.opts.to))
          continue;
        const perSecond = (((v.put as number) ?? 0) + ((v.put1 as number) ?? 0)) / v.duration;
        const b = best.get(key);
        if (!b || perSecond > b.perSecond) best.set(key, { at: v.at, duration: v.duration, perSecond });
      }
  }
  // The first pass's counts are not this run's.
  run.read = 0;
  run.malformed = 0;
  run.problems.length = 0;
  for (const u of run.fileRows.values()) u.rows = 0;
  return best;
}

function manyQueueManagers(keys: string[], counts: (k: string) => number): never {
  throw new InputError([
    {
      file: "calibrate",
      message: `the data holds ${keys.length} queue managers: ${keys.map((k) => `${k} (${counts(k)} rows)`).join(", ")}`,
      severity: "error",
      suggestion: `a baseline is one queue manager's: choose one with --qmgr ${keys[0]!.split("/")[1]}`,
    },
  ]);
}

/**
 * Calibrates from row sources. Throws InputError when nothing could be derived, when the data holds
 * several queue managers and none was chosen, or (with strict) at the first malformed row.
 */
export async function calibrateSources(
  sources: RowSource[],
  skipped: SkippedFile[],
  options: CalibrateOptions = {},
): Promise<Calibration> {
  const run = new Run(options);
  let rule = "every record";
  if (options.from !== undefined || options.to !== undefined) {
    run.window = { from: options.from, to: options.to };
    rule = `records written from ${options.from !== undefined ? formatTimestamp(options.from) : "the first"} to ${options.to !== undefined ? formatTimestamp(options.to) : "the last"}`;
  }
  if (options.peak) {
    const best = await findPeak(run, sources);
    if (best.size === 0)
      throw new InputError([
        {
          file: sources[0]?.name ?? "calibrate",
          message:
            "--peak picks the busiest statistics interval, and there are no QMST rows (SMF-QMST.csv) to find it by",
          severity: "error",
          suggestion: "use --from and --to to choose the intervals instead",
        },
      ]);
    if (best.size > 1 && !options.qmgr) manyQueueManagers([...best.keys()].sort(), () => 0);
    const p = [...best.values()][0]!;
    // The interval's records: written after the previous interval's (Interval_Duration is whole
    // seconds, cut short) and up to a second after this one's, for the channel initiator's records,
    // which come from another address space.
    run.window = { from: p.at - p.duration * 1000 + 1000, to: p.at + 1000, openStart: true };
    rule = `the busiest statistics interval, ${formatTimestamp(p.at - p.duration * 1000)} to ${formatTimestamp(p.at)} (${p.duration} s, ${formatNumberPlain(p.perSecond)} MQPUT + MQPUT1 per second)`;
  }

  // Single-structure files other than class 3, and NDJSON (in which a task's rows are close together).
  const class3 = new Set<string>(["WTID", "WTAS", "WQ"]);
  for (const src of sources.filter((x) => !class3.has(x.kind))) {
    const join = run.newJoin();
    for await (const batch of run.records(src)) for (const r of batch) run.feed(r, join);
    join.finish();
  }
  // Class 3 CSV files of one folder read in step, so that a task's WTID, WTAS and WQ rows meet.
  const groups = new Map<string, Partial<Record<"WTID" | "WTAS" | "WQ", RowSource[]>>>();
  for (const src of sources.filter((x) => class3.has(x.kind))) {
    const g = groups.get(src.group) ?? {};
    (g[src.kind as "WTID"] ??= []).push(src);
    groups.set(src.group, g);
  }
  for (const g of groups.values()) await joinInStep(run, g);

  // ---------------------------------------------------------------- which queue manager
  const keys = [...run.states.keys()].sort();
  const missing = STRUCTURE_NAMES.filter((st) => !OPTIONAL.has(st) && !run.structuresSeen.has(st)).map((st) => ({
    structure: st,
    file: `SMF-${st}.csv`,
    what: STRUCTURE_TITLES[st],
    neededFor: NEEDED_FOR[st],
  }));
  if (keys.length === 0) {
    const others = [...run.others.keys()];
    throw new InputError([
      {
        file: sources.map((x) => x.name).join(", ") || "calibrate",
        message:
          sources.length === 0
            ? "no mq-smf-csv output found (SMF-<STRUCTURE>.csv files, with or without .gz, or NDJSON from -f json_compact)"
            : others.length > 0
              ? `no rows of queue manager ${options.qmgr}; the data has ${others.join(", ")}`
              : run.outside > 0
                ? `no rows in the chosen time range (${run.outside} rows outside it)`
                : run.problems.length > 0
                  ? `no rows calibrate could use: ${run.problems
                      .slice(0, 5)
                      .map((p) => `${p.file}:${p.line}: ${p.message}`)
                      .join("; ")}`
                  : "no rows calibrate could use",
        severity: "error",
        suggestion:
          sources.length === 0
            ? "run mqsmfcsv -i SMFDATA -o DIR -g yes, then mqzcap calibrate DIR"
            : missing.length > 0
              ? `calibrate reads ${missing.map((m) => m.file).join(", ")}`
              : undefined,
      },
    ]);
  }
  if (keys.length > 1 && !options.qmgr) manyQueueManagers(keys, (k) => run.states.get(k)!.use.size);
  const state = run.states.get(keys[0]!)!;

  const joinStats = run.joins.reduce<JoinStats | undefined>((a, j) => {
    if (j.stats.wtid + j.stats.orphanWtas + j.stats.orphanWq === 0) return a;
    if (!a) return { ...j.stats };
    for (const k of Object.keys(a) as (keyof JoinStats)[]) a[k] += j.stats[k];
    return a;
  }, undefined);
  const d = derive(
    state,
    {
      pattern: options.pattern ?? "request-reply",
      patternAssumed: options.pattern === undefined,
      asidCpu: options.asidCpu ?? [],
      logCiBytes: options.logCiBytes ?? LOG_CI_BYTES,
    },
    joinStats,
    (st) => run.structuresSeen.has(st),
  );
  if (d.values.length === 0 && d.figures.length === 0) {
    throw new InputError([
      {
        file: sources.map((x) => x.name).join(", "),
        message: `nothing could be derived: ${d.notDerived.map((x) => `${x.what} (${x.why})`).join("; ")}`,
        severity: "error",
      },
    ]);
  }
  measuredWithOf(d, state.mqVersion);
  // The rate's sample (its intervals and transactions), else the window's.
  const rated = d.values.find((v) => v.path === "baseline.rate");
  const transactions =
    rated?.sample?.transactions !== undefined
      ? Math.round(rated.sample.transactions)
      : typeof rated?.value === "number"
        ? Math.round(rated.value * d.window.seconds)
        : null;
  const sample = {
    intervals: rated?.sample?.intervals ?? d.window.intervals,
    seconds: rated?.sample?.seconds ?? d.window.seconds,
    transactions,
  };
  const small: string[] = [];
  if (d.window.intervals < MIN_INTERVALS)
    small.push(
      `${d.window.intervals} statistics interval${d.window.intervals === 1 ? "" : "s"} (fewer than ${MIN_INTERVALS})`,
    );
  if (transactions !== null && transactions < MIN_TRANSACTIONS)
    small.push(`${transactions} transactions (fewer than ${MIN_TRANSACTIONS})`);
  // A cost over fewer transactions than the minimum (class 3 of a few tasks) is as small a sample.
  // So is a cost over fewer intervals than the minimum where the window has enough (accounting records
  // in a few of them).
  for (const v of d.values) {
    if (!v.path.startsWith("baseline.cost.") || !v.sample) continue;
    const { transactions: t, intervals: k } = v.sample;
    if (k < MIN_INTERVALS && d.window.intervals >= MIN_INTERVALS)
      small.push(`${v.path} over ${k} statistics interval${k === 1 ? "" : "s"} (fewer than ${MIN_INTERVALS})`);
    if (t !== undefined && t < MIN_TRANSACTIONS)
      small.push(`${v.path} over ${formatNumberPlain(t)} transactions (fewer than ${MIN_TRANSACTIONS})`);
  }
  const withheld: Derived[] = [];
  if (small.length > 0 && !options.acceptSmall) {
    // The costs and the rate they rest on are withheld together: a baseline is one measurement.
    for (let k = d.values.length - 1; k >= 0; k--)
      if (d.values[k]!.path.startsWith("baseline.rate") || d.values[k]!.path.startsWith("baseline.cost."))
        withheld.unshift(...d.values.splice(k, 1));
    for (let k = d.values.length - 1; k >= 0; k--) if (d.values[k]!.path.startsWith("baseline.")) d.values.splice(k, 1);
  }
  return {
    format: "mqzcap/calibration@1",
    queueManager: {
      lpar: state.lpar,
      qmgr: state.qmgr,
      ...(state.qsg !== undefined ? { qsg: state.qsg } : {}),
      ...(state.mqVersion !== undefined ? { mqVersion: state.mqVersion } : {}),
      ...(d.release !== undefined ? { release: d.release } : {}),
    },
    selection: { rule, from: d.window.from, to: d.window.to },
    inputs: { files: [...run.fileRows.values()].sort((a, b) => (a.name < b.name ? -1 : 1)), skipped },
    missing,
    rows: {
      read: run.read,
      used: run.used,
      outside: run.outside,
      otherQueueManagers: [...run.others.values()].reduce((a, b) => a + b, 0),
      malformed: run.malformed,
    },
    problems: run.problems,
    ...(joinStats ? { join: joinStats } : {}),
    sample,
    small,
    withheld,
    ...d,
    config: configOf(state.qmgr, state.lpar, d),
  };
}

function formatNumberPlain(x: number): string {
  return String(Number(x.toPrecision(4)));
}

/** Pulls WTID, WTAS and WQ rows of one folder in step (see join.ts). */
async function joinInStep(run: Run, g: Partial<Record<"WTID" | "WTAS" | "WQ", RowSource[]>>) {
  const join = run.newJoin();
  // A record at a time from batches: an await only when a batch runs out.
  const reader = (srcs: RowSource[] | undefined) => {
    const list = srcs ?? [];
    const gen = (async function* () {
      for (const s of list) yield* run.records(s);
    })();
    let batch: SmfRecord[] = [];
    let at = 0;
    const cursor = {
      done: list.length === 0,
      last: undefined as string | undefined,
      async next(): Promise<SmfRecord | undefined> {
        while (at >= batch.length) {
          const n = await gen.next();
          if (n.done) return undefined;
          batch = n.value;
          at = 0;
        }
        return batch[at++];
      },
    };
    return cursor;
  };
  const ids = reader(g.WTID);
  const parts = [reader(g.WTAS), reader(g.WQ)];
  if (ids.done) join.wtidEnded();
  for (;;) {
    for (const p of parts) {
      while (!p.done && (p.last === undefined || !join.waiting(p.last))) {
        const next = await p.next();
        if (!next) {
          p.done = true;
          break;
        }
        p.last = run.taskKey(next);
        run.feed(next, join, p.last);
      }
    }
    if (!ids.done) {
      const next = await ids.next();
      if (!next) {
        ids.done = true;
        join.wtidEnded();
      } else run.feed(next, join);
      continue;
    }
    if (parts.every((p) => p.done)) break;
  }
  join.finish();
}

/** The config fragment: version 1 and every derived value at its path. */
function configOf(qmgr: string, lpar: string, d: Derivation): Record<string, unknown> {
  const c: Record<string, unknown> = {
    version: 1,
    name: `${qmgr} on ${lpar}, calibrated from SMF${d.window.from ? ` ${d.window.from} to ${d.window.to}` : ""}`,
  };
  if (d.release) c.mq = { release: d.release };
  const put = (path: string, value: unknown) => {
    const parts = path.split(".");
    let o = c;
    for (const p of parts.slice(0, -1)) o = (o[p] ??= {}) as Record<string, unknown>;
    o[parts[parts.length - 1]!] = value;
  };
  for (const x of d.values) put(x.path, x.written ?? configValue(x.value, x.unit));
  const chans = d.channels
    .filter((ch) => ch.configType)
    .map((ch) => {
      const o: Record<string, unknown> = { name: ch.name, type: ch.configType };
      if (ch.ratePerSecond) o.rate = `${ch.ratePerSecond}/s`;
      if (ch.averageMessageBytes) o.messageSize = Math.max(1, Math.round(ch.averageMessageBytes));
      if (ch.batchSizeAttribute && ch.batchSizeAttribute <= 9999) o.batchSize = ch.batchSizeAttribute;
      if (ch.cipher) o.tls = { cipher: ch.cipher };
      return o;
    });
  if (chans.length > 0) {
    c.channels = chans;
    // The channels the baseline was measured with: the same definitions, so that a plan that keeps them
    // adds nothing (with a baseline to go with them: none when it was withheld).
    if (d.values.some((v) => v.path === "baseline.rate")) put("baseline.measuredWith.channels", structuredClone(chans));
  }
  return c;
}

/** Values the baseline's configuration (baseline.measuredWith) takes from what SMF shows. */
const MEASURED_WITH = [
  "logging.dualLogs",
  "logging.archiving",
  "logging.archiveCompression",
  "logging.zHyperWrite",
  "smf.accountingClass3",
  "smf.apiCallsPerTransaction",
];

/**
 * Adds to the derivation what the baseline was measured with (release, logging, class 3) and what each
 * baseline cost covers: MQ SMF's channel initiator task CPU and class 3 / class 1 MQ API CPU are parts
 * of their address spaces' CPU, lower bounds (the address spaces' own CPU, from --asid-cpu, is whole).
 */
function measuredWithOf(d: Derivation, mqVersion: string | undefined): void {
  const extra: Derived[] = [];
  if (d.release !== undefined)
    extra.push({
      path: "baseline.measuredWith.mq.release",
      label: "the MQ release the baseline was measured on",
      value: d.release,
      formula: `MQ_Version ${mqVersion ?? "?"} in the statistics records`,
      provenance: { structures: [], files: [], rows: 0 },
    });
  for (const v of d.values)
    if (MEASURED_WITH.includes(v.path))
      extra.push({ ...v, path: `baseline.measuredWith.${v.path}`, label: `measured with: ${v.label}` });
  for (const v of d.values) {
    const as = v.path.startsWith("baseline.cost.") ? v.path.slice("baseline.cost.".length) : undefined;
    if (as === undefined) continue;
    const whole = v.provenance.structures.includes("--asid-cpu");
    extra.push({
      path: `baseline.coverage.${as}`,
      label: `what baseline.cost.${as} covers`,
      value: whole ? "whole" : "lower-bound",
      formula: whole
        ? "the address space's CPU you supplied (--asid-cpu)"
        : as === "chin"
          ? "MQ SMF's channel initiator task CPU (dispatchers, adapters, SSL, DNS) only: not the address space's other CPU, so a lower bound, open above"
          : "MQ API CPU from accounting only: not the application's own CPU, so a lower bound, open above",
      provenance: v.provenance,
    });
  }
  d.values.push(...extra);
}

function configValue(value: number | string | boolean, unit?: string): unknown {
  if (typeof value !== "number") return value;
  if (unit === "/s") return `${value}/s`;
  if (unit === "us") return `${value}us`;
  return value;
}

/** For messages: a Diagnostic per reported row problem. */
export function problemDiagnostics(c: Calibration): Diagnostic[] {
  return c.problems.map((p) => ({
    file: p.file,
    line: p.line,
    col: 1,
    message: `malformed row skipped: ${p.message}`,
    severity: "warning" as const,
  }));
}
