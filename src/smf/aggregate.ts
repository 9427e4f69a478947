// Running sums per queue manager, fed one decoded record at a time; nothing keeps a row. Memory grows
// with the number of queue managers, connection types and channel names, not with the input.
// Platform-neutral.
import { WQ_VERBS, WTAS_VERBS, camel, type Structure } from "./fields.js";
import { emptySums, addSums, type TaskIdentity, type TaskSums } from "./join.js";
import type { SmfRecord } from "./records.js";
import { owned } from "./values.js";

const n = (x: unknown): number => (typeof x === "number" ? x : 0);
const has = (x: unknown): x is number => typeof x === "number";

/** What calibrate knows about where a figure came from. */
export interface StructureUse {
  files: Set<string>;
  rows: number;
  /** Statistics intervals (distinct record times, counted as they change). */
  intervals: number;
  /** Seconds those intervals cover (Interval_Duration, whole seconds as the formatter writes them). */
  seconds: number;
  first?: number;
  last?: number;
  lastAt?: number;
}

export interface ChannelSums {
  name: string;
  types: Set<string>;
  rows: number;
  /** Most instances (rows) of this channel in one record time. */
  instancesMax: number;
  instancesAt?: number;
  instancesNow: number;
  messages: number;
  persistentMessages: number;
  batches: number;
  fullBatches: number;
  bytes: number;
  bytesSent: number;
  bytesReceived: number;
  batchSizeAttr?: number;
  ciphers: Set<string>;
  compressionRateMax: number;
  connections: Set<string>;
  /** Messages by record time (one entry a statistics interval the channel wrote in). */
  byTime: Map<number, number>;
}

export interface ChinTaskSums {
  rows: number;
  cpuUs: number;
  requests: number;
  tasksMax: number;
  tasksNow: number;
  lastAt?: number;
  seconds: number;
  intervals: number;
}

/** Class 1 (QMAC) sums for one connection type. */
export interface Class1Sums {
  rows: number;
  cpuUs: number;
  puts: number;
  gets: number;
}

/** One statistics interval's sums, by its record time (the interval's end). */
export interface IntervalSums {
  duration: number;
  puts: number;
  calls: number;
  cpuUs: number;
  /** QMST put bytes and the puts they are of (MQ 9.3 and later: 0 before). */
  bytes: number;
  sizedPuts: number;
  persBytes: number;
  persPuts: number;
}

/** One log manager statistics interval's (QJST) sums, by its record time. */
export interface LogIntervalSums {
  activeLogCi: number;
  compUncompressed: number;
  compCompressed: number;
}

/**
 * Accounting records (class 3 tasks, class 1 connections) written in one second: their application
 * connections' MQ API CPU, every connection's puts, and the records. Kept by the second of their record
 * time, to be matched to the statistics intervals in derive: one entry a second that has accounting
 * records (at most 86,400 a day), not one a record.
 */
export interface AccountingSecond {
  appCpuUs: number;
  puts: number;
  records: number;
  /** Class 3 WQ Total_Bytes_Put and Total_Valid_Puts: the message size's. */
  bytesPut: number;
  validPuts: number;
}

export class QmgrState {
  readonly use = new Map<Structure, StructureUse>();
  /** Message manager statistics (QMST) by interval: the rate's intervals. */
  readonly qmstIntervals = new Map<number, IntervalSums>();
  /** Log manager statistics (QJST) by interval. */
  readonly qjstIntervals = new Map<number, LogIntervalSums>();
  /** Channel initiator task statistics (QCTDSP, QCTADP, QCTSSL, QCTDNS together) by interval. */
  readonly chinIntervals = new Map<number, IntervalSums>();
  qsg?: string;
  mqVersion?: string;
  qmst = {
    put: 0,
    put1: 0,
    get: 0,
    calls: 0,
    persPuts: 0,
    nonPersPuts: 0,
    persBytes: 0,
    nonPersBytes: 0,
    /** Rows that carry the 9.3 persistent counts (-1 before). */
    persistenceRows: 0,
  };
  qjst = {
    logCi: 0,
    activeLogCi: 0,
    logWrites: 0,
    ciOffloads: 0,
    archiveWrite: 0,
    compRequests: 0,
    compUncompressed: 0,
    compCompressed: 0,
    ioRows: 0,
    copy1Io: 0,
    copy2Io: 0,
    copy1Ci: 0,
    newLogs: 0,
    newLogsZhw: 0,
    zhwRows: 0,
  };
  qcct = {
    currentHighWater: 0,
    currentMax: 0,
    activeHighWater: 0,
    activeMax: 0,
    maxTcp: 0,
    storage31Max: undefined as number | undefined,
    storage64Max: undefined as number | undefined,
    storageLimit64: undefined as number | undefined,
  };
  readonly chin = new Map<Structure, ChinTaskSums>();
  readonly class1 = new Map<string, Class1Sums>();
  readonly class1PutSizes = [0, 0, 0, 0];
  readonly class3 = new Map<string, TaskSums>();
  readonly class3Channels = new Map<string, TaskSums>();
  /** Class 3 (WTAS + WQ) and class 1 (QMAC) sums by the second they were written in. */
  readonly class3BySecond = new Map<number, AccountingSecond>();
  readonly class1BySecond = new Map<number, AccountingSecond>();
  class3Span: { start?: number; end?: number } = {};
  readonly channels = new Map<string, ChannelSums>();

  constructor(
    readonly lpar: string,
    readonly qmgr: string,
  ) {}

  private used(r: SmfRecord, statsDuration?: number): StructureUse {
    let u = this.use.get(r.structure);
    if (!u) this.use.set(r.structure, (u = { files: new Set(), rows: 0, intervals: 0, seconds: 0 }));
    u.files.add(r.file);
    u.rows++;
    const at = r.v.at as number;
    if (u.first === undefined || at < u.first) u.first = at;
    if (u.last === undefined || at > u.last) u.last = at;
    if (u.lastAt !== at) {
      u.lastAt = at;
      u.intervals++;
      if (statsDuration !== undefined) u.seconds += statsDuration;
    }
    return u;
  }

  add(r: SmfRecord): void {
    const v = r.v;
    // Owned (values.ts): kept after the row's text is done with.
    if (has(v.mqVersion) || typeof v.mqVersion === "string") this.mqVersion = owned(String(v.mqVersion));
    if (typeof v.qsg === "string") this.qsg = owned(v.qsg);
    switch (r.structure) {
      case "QMST": {
        this.used(r, n(v.duration));
        const q = this.qmst;
        q.put += n(v.put);
        q.put1 += n(v.put1);
        q.get += n(v.get);
        const before = q.calls;
        q.calls +=
          n(v.open) +
          n(v.close) +
          n(v.get) +
          n(v.put) +
          n(v.put1) +
          n(v.inq) +
          n(v.set) +
          n(v.sub) +
          n(v.subReq) +
          n(v.cb) +
          n(v.ctl) +
          n(v.status);
        const i = intervalAt(this.qmstIntervals, v.at as number);
        i.duration += n(v.duration);
        i.puts += n(v.put) + n(v.put1);
        i.calls += q.calls - before;
        if (has(v.persPuts) && has(v.nonPersPuts)) {
          q.persistenceRows++;
          q.persPuts += v.persPuts;
          q.nonPersPuts += v.nonPersPuts;
          q.persBytes += n(v.persPutBytes);
          q.nonPersBytes += n(v.nonPersPutBytes);
          i.bytes += n(v.persPutBytes) + n(v.nonPersPutBytes);
          i.sizedPuts += v.persPuts + v.nonPersPuts;
          i.persBytes += n(v.persPutBytes);
          i.persPuts += v.persPuts;
        }
        break;
      }
      case "QJST": {
        this.used(r, n(v.duration));
        const j = this.qjst;
        j.logCi += n(v.logCi);
        j.activeLogCi += n(v.activeLogCi);
        j.logWrites += n(v.logWrites);
        j.ciOffloads += n(v.ciOffloads);
        j.archiveWrite += n(v.archiveWrite);
        j.compRequests += n(v.compRequests);
        j.compUncompressed += n(v.compUncompressed);
        j.compCompressed += n(v.compCompressed);
        const li = this.qjstIntervals.get(v.at as number) ?? { activeLogCi: 0, compUncompressed: 0, compCompressed: 0 };
        li.activeLogCi += n(v.activeLogCi);
        li.compUncompressed += n(v.compUncompressed);
        li.compCompressed += n(v.compCompressed);
        this.qjstIntervals.set(v.at as number, li);
        if (has(v.io11) && has(v.io21)) {
          j.ioRows++;
          j.copy1Io += v.io11 + n(v.io12);
          j.copy2Io += v.io21 + n(v.io22);
          j.copy1Ci += n(v.ioCi11) + n(v.ioCi12);
        }
        if (has(v.newLogsCopy1) && has(v.newLogsZhwEnabled)) {
          j.zhwRows++;
          j.newLogs += v.newLogsCopy1;
          j.newLogsZhw += v.newLogsZhwEnabled;
        }
        break;
      }
      case "QCCT": {
        this.used(r, n(v.duration));
        const c = this.qcct;
        c.currentHighWater = Math.max(c.currentHighWater, n(v.currentHighWater));
        c.activeHighWater = Math.max(c.activeHighWater, n(v.activeHighWater));
        c.currentMax = Math.max(c.currentMax, n(v.currentMax));
        c.activeMax = Math.max(c.activeMax, n(v.activeMax));
        c.maxTcp = Math.max(c.maxTcp, n(v.maxTcp));
        if (has(v.storage31)) c.storage31Max = Math.max(c.storage31Max ?? 0, v.storage31);
        if (has(v.storage64)) c.storage64Max = Math.max(c.storage64Max ?? 0, v.storage64);
        if (has(v.storageLimit64)) c.storageLimit64 = v.storageLimit64;
        break;
      }
      case "QCTDSP":
      case "QCTADP":
      case "QCTSSL":
      case "QCTDNS": {
        this.used(r);
        let t = this.chin.get(r.structure);
        if (!t) {
          t = { rows: 0, cpuUs: 0, requests: 0, tasksMax: 0, tasksNow: 0, seconds: 0, intervals: 0 };
          this.chin.set(r.structure, t);
        }
        t.rows++;
        t.cpuUs += n(v.cpu);
        t.requests += n(v.requests);
        const ci = intervalAt(this.chinIntervals, v.at as number);
        ci.cpuUs += n(v.cpu);
        // Every task's row gives the interval's duration: the longest is the interval's.
        ci.duration = Math.max(ci.duration, n(v.duration));
        // One row per task per interval: an interval's rows share the record time.
        if (t.lastAt !== v.at) {
          t.lastAt = v.at as number;
          t.intervals++;
          t.seconds += n(v.duration);
          t.tasksNow = 0;
        }
        t.tasksMax = Math.max(t.tasksMax, ++t.tasksNow);
        break;
      }
      case "QMAC": {
        this.used(r);
        const type = connectionType(v.applType as string | undefined);
        let s = this.class1.get(type);
        if (!s) this.class1.set(owned(type), (s = { rows: 0, cpuUs: 0, puts: 0, gets: 0 }));
        s.rows++;
        s.cpuUs += n(v.cpu);
        const puts = [n(v.puts0), n(v.puts1), n(v.puts2), n(v.puts3)];
        puts.forEach((p, i) => (this.class1PutSizes[i]! += p));
        s.puts += puts[0]! + puts[1]! + puts[2]! + puts[3]!;
        s.gets += n(v.gets0) + n(v.gets1) + n(v.gets2) + n(v.gets3);
        const b = secondAt(this.class1BySecond, v.at as number);
        if (isApplication(type)) b.appCpuUs += n(v.cpu);
        b.puts += puts[0]! + puts[1]! + puts[2]! + puts[3]!;
        b.records++;
        break;
      }
      case "QCST": {
        this.used(r);
        let name = v.channel as string;
        let c = this.channels.get(name);
        if (!c) {
          name = owned(name);
          c = {
            name,
            types: new Set(),
            rows: 0,
            instancesMax: 0,
            instancesNow: 0,
            messages: 0,
            persistentMessages: 0,
            batches: 0,
            fullBatches: 0,
            bytes: 0,
            bytesSent: 0,
            bytesReceived: 0,
            ciphers: new Set(),
            compressionRateMax: 0,
            connections: new Set(),
            byTime: new Map(),
          };
          this.channels.set(name, c);
        }
        c.rows++;
        if (c.instancesAt !== v.at) {
          c.instancesAt = v.at as number;
          c.instancesNow = 0;
        }
        c.instancesMax = Math.max(c.instancesMax, ++c.instancesNow);
        if (typeof v.type === "string" && !c.types.has(v.type)) c.types.add(owned(v.type));
        c.messages += n(v.messages);
        c.byTime.set(v.at as number, (c.byTime.get(v.at as number) ?? 0) + n(v.messages));
        c.persistentMessages += n(v.persistentMessages);
        c.batches += n(v.batches);
        c.fullBatches += n(v.fullBatches);
        c.bytes += n(v.bytes);
        c.bytesSent += n(v.bytesSent);
        c.bytesReceived += n(v.bytesReceived);
        if (has(v.batchSizeAttr) && v.batchSizeAttr > 0) c.batchSizeAttr = v.batchSizeAttr;
        if (typeof v.cipher === "string" && v.cipher !== "0" && !c.ciphers.has(v.cipher))
          c.ciphers.add(owned(v.cipher));
        c.compressionRateMax = Math.max(c.compressionRateMax, n(v.compressionRate));
        // A bounded sample: a channel's partners are few; a server-connection's clients may be many.
        if (typeof v.connection === "string" && c.connections.size < 50 && !c.connections.has(v.connection))
          c.connections.add(owned(v.connection));
        break;
      }
      default:
        break;
    }
  }

  /** A class 3 task's (or unmatched rows') sums, with who it is and its record time (NaN: none). */
  addTask(who: TaskIdentity | undefined, s: TaskSums, at = NaN): void {
    const type = who ? connectionType(who.applType) : UNKNOWN_TYPE;
    let t = this.class3.get(type);
    if (!t) this.class3.set(owned(type), (t = emptySums()));
    addSums(t, s);
    if (Number.isFinite(at)) {
      const b = secondAt(this.class3BySecond, at);
      if (type !== UNKNOWN_TYPE && isApplication(type)) b.appCpuUs += s.cpuUs;
      b.puts += s.puts;
      b.records += s.tasks;
      b.bytesPut += s.bytesPut;
      b.validPuts += s.validPuts;
    }
    if (who?.channel) {
      let c = this.class3Channels.get(who.channel);
      if (!c) this.class3Channels.set(who.channel, (c = emptySums()));
      addSums(c, s);
    }
  }

  /** Notes a class 3 record's use (files, rows, span of the task intervals). */
  usedClass3(r: SmfRecord): void {
    this.used(r);
    if (r.structure === "WTAS") {
      const s = r.v.taskStart;
      const e = r.v.taskEnd;
      if (has(s) && (this.class3Span.start === undefined || s < this.class3Span.start)) this.class3Span.start = s;
      if (has(e) && (this.class3Span.end === undefined || e > this.class3Span.end)) this.class3Span.end = e;
    }
  }
}

function secondAt(m: Map<number, AccountingSecond>, at: number): AccountingSecond {
  const second = Math.floor(at / 1000) * 1000;
  let b = m.get(second);
  if (!b) m.set(second, (b = { appCpuUs: 0, puts: 0, records: 0, bytesPut: 0, validPuts: 0 }));
  return b;
}

function intervalAt(m: Map<number, IntervalSums>, at: number): IntervalSums {
  let i = m.get(at);
  if (!i)
    m.set(at, (i = { duration: 0, puts: 0, calls: 0, cpuUs: 0, bytes: 0, sizedPuts: 0, persBytes: 0, persPuts: 0 }));
  return i;
}

export const UNKNOWN_TYPE = "unknown (no WTID)";

/** Connection types as the formatter names them (CICS, TSO, IMS Ctl, IMS MPP/BMP, Cmd Svr, CHIN, RRS),
 * trimmed: older formatters padded them with spaces. */
export function connectionType(t: string | undefined): string {
  const s = (t ?? "").trim();
  return s === "" ? "unknown" : s;
}

/** The groups the baseline speaks of. */
export function connectionGroup(
  type: string,
): "CICS" | "batch/TSO" | "IMS" | "CHIN" | "RRS" | "command server" | "other" {
  const t = type.toUpperCase();
  if (t === "CICS") return "CICS";
  if (t === "TSO" || t === "BATCH") return "batch/TSO";
  if (t.startsWith("IMS")) return "IMS";
  if (t === "CHIN") return "CHIN";
  if (t === "RRS") return "RRS";
  if (t === "CMD SVR") return "command server";
  return "other";
}

/** Whether a connection type's MQ API CPU is the applications' (baseline.cost.app): not the channel
 * initiator's (in its adapter tasks' CPU), the command server's (the queue manager's), nor unknown. */
export function isApplication(type: string): boolean {
  const g = connectionGroup(type);
  return g !== "CHIN" && g !== "command server" && g !== "other";
}

/** A WQ or WTAS row as class 3 sums. */
export function class3Sums(r: SmfRecord): TaskSums {
  const v = r.v;
  const s = emptySums();
  if (r.structure === "WTAS") {
    s.tasks = 1;
    for (const [ct, count] of WTAS_KEYS) {
      s.cpuUs += n(v[ct]);
      s.calls += n(v[count]);
    }
  } else {
    s.queueRows = 1;
    for (const [ct, count] of WQ_KEYS) {
      s.cpuUs += n(v[ct]);
      s.calls += n(v[count]);
    }
    const puts = n(v.putCount) + n(v.put1Count);
    s.puts = puts;
    s.gets = n(v.getCount);
    if (has(v.putPersistent) || has(v.put1Persistent)) {
      s.persistentPuts = n(v.putPersistent) + n(v.put1Persistent);
      s.putsWithPersistence = puts;
    }
    s.bytesPut = n(v.bytesPut);
    s.validPuts = n(v.validPuts);
  }
  return s;
}

/** Each verb's CPU and count field names (made once: a name made per row cost more than the sums). */
const verbKeys = (verbs: readonly string[]) =>
  verbs.map((verb) => [`${camel(verb)}Ct`, `${camel(verb)}Count`] as const);
const WTAS_KEYS = verbKeys(WTAS_VERBS);
const WQ_KEYS = verbKeys(WQ_VERBS);
