// From a queue manager's running sums to the config fragment: each value with its formula and where it
// came from (structures, files, rows, intervals). Platform-neutral.
import { CHANNEL_TYPES, RELEASES } from "../config/schema.js";
import { formatNumber } from "../util/number-format.js";
import {
  connectionGroup,
  UNKNOWN_TYPE,
  type AccountingSecond,
  type ChannelSums,
  type IntervalSums,
  type LogIntervalSums,
  type QmgrState,
  type StructureUse,
} from "./aggregate.js";
import { cipherName } from "./ciphers.js";
import type { Structure } from "./fields.js";
import { emptySums, type JoinStats, type TaskSums } from "./join.js";
import { formatTimestamp } from "./values.js";

export type AddressSpace = "MSTR" | "CHIN" | "TCPIP" | "APP";

/** Address-space CPU the user supplies (MQ SMF has none): CPU seconds over the calibrated intervals,
 * or a percentage of one engine. */
export interface AsidCpu {
  space: AddressSpace;
  seconds?: number;
  percent?: number;
  text: string;
}

export interface DeriveOptions {
  pattern: "request-reply" | "one-way";
  /** Set when the pattern was taken as the default, not given. */
  patternAssumed: boolean;
  asidCpu: AsidCpu[];
  logCiBytes: number;
}

export interface Provenance {
  structures: string[];
  files: string[];
  rows: number;
  intervals?: number;
  seconds?: number;
  from?: string;
  to?: string;
}

/** What a value rests on: statistics intervals, the seconds they cover, the transactions in them. */
export interface Sample {
  intervals: number;
  seconds: number;
  transactions?: number;
}

/** How a value moves from one statistics interval to the next: its 10th and 90th percentiles. */
export interface IntervalSpread {
  p10: number;
  p90: number;
  /** The intervals the percentiles are of (those with transactions). */
  intervals: number;
}

export interface Derived {
  /** Config path ("baseline.cost.app", "channels.TO.QM2.rate") or a figure id ("figures.logWriteRate"). */
  path: string;
  label: string;
  value: number | string | boolean;
  unit?: string;
  formula: string;
  provenance: Provenance;
  note?: string;
  sample?: Sample;
  spread?: IntervalSpread;
  /** The value as the config is written, where it is a range ("578.6..744.1..1211us": p10..value..p90). */
  written?: string;
}

export interface ConnectionTypeFigures {
  type: string;
  group: string;
  source: "class 3" | "class 1";
  /** Tasks (class 3 WTAS rows) or connections (class 1 QMAC rows). */
  records: number;
  apiCalls?: number;
  puts: number;
  cpuUs: number;
  cpuPerCallUs?: number;
  /** The type's MQ API CPU over all transactions of the same records. */
  cpuPerTransactionUs?: number;
  countedIn: "app" | "chin (not added: in the adapter tasks' CPU)" | "qmgr (not added)" | "not counted";
}

export interface ChannelFigures {
  name: string;
  type: string;
  configType?: string;
  rows: number;
  instancesInOneInterval: number;
  messages: number;
  persistentMessages: number;
  ratePerSecond?: number;
  messageBytes: number;
  averageMessageBytes?: number;
  bytesSent: number;
  bytesReceived: number;
  batches: number;
  averageBatch?: number;
  batchSizeAttribute?: number;
  cipherCodes: string[];
  cipher?: string;
  compressionRateMax: number;
  /** The channel's rate in each statistics interval, p10..p90 (with SMF-QMST.csv). */
  spread?: IntervalSpread;
}

export interface NotDerived {
  what: string;
  why: string;
}

export interface Derivation {
  values: Derived[];
  figures: Derived[];
  byConnectionType: ConnectionTypeFigures[];
  channels: ChannelFigures[];
  notDerived: NotDerived[];
  notes: string[];
  window: { from?: string; to?: string; seconds: number; intervals: number; basis: string };
  release?: string;
}

const sig = (x: number, digits = 4): number => (x === 0 ? 0 : Number(x.toPrecision(digits)));
/** A figure for a formula: four significant digits, grouped (1,234.5; 0.0004609). */
const f = (x: number): string => {
  if (x === 0 || !Number.isFinite(x)) return String(x);
  const fraction = Math.min(9, Math.max(0, 3 - Math.floor(Math.log10(Math.abs(x)))));
  return formatNumber(sig(x), fraction);
};
const plural = (k: number, one: string, many = `${one}s`) => `${formatNumber(k, 0)} ${k === 1 ? one : many}`;

export function derive(
  s: QmgrState,
  opts: DeriveOptions,
  join: JoinStats | undefined,
  hasStructure: (st: Structure) => boolean,
): Derivation {
  const values: Derived[] = [];
  const figures: Derived[] = [];
  const notDerived: NotDerived[] = [];
  const notes: string[] = [];
  const use = (st: Structure): StructureUse | undefined => s.use.get(st);
  const prov = (sts: Structure[], extra: Partial<Provenance> = {}): Provenance => {
    const us = sts.map((st) => [st, use(st)] as const).filter((x): x is [Structure, StructureUse] => !!x[1]);
    const first = Math.min(...us.map(([, u]) => u.first ?? Infinity));
    const last = Math.max(...us.map(([, u]) => u.last ?? -Infinity));
    const p: Provenance = {
      structures: us.map(([st]) => st),
      files: [...new Set(us.flatMap(([, u]) => [...u.files]))].sort(),
      rows: us.reduce((a, [, u]) => a + u.rows, 0),
    };
    const stats = us.filter(([, u]) => u.seconds > 0);
    if (stats.length > 0) {
      p.intervals = stats[0]![1].intervals;
      p.seconds = stats[0]![1].seconds;
    }
    if (Number.isFinite(first)) p.from = formatTimestamp(first);
    if (Number.isFinite(last)) p.to = formatTimestamp(last);
    return { ...p, ...extra };
  };
  const mpt = opts.pattern === "one-way" ? 1 : 2;
  const mptText = `${mpt} message${mpt === 1 ? "" : "s"} put per transaction (${opts.pattern})`;

  // ---------------------------------------------------------------- window
  const qmst = use("QMST");
  const class3 = [...s.class3.values()].reduce((a, t) => (addInto(a, t), a), emptySums());
  const spanSeconds =
    s.class3Span.start !== undefined && s.class3Span.end !== undefined
      ? Math.max(0, (s.class3Span.end - s.class3Span.start) / 1000)
      : 0;
  let windowSeconds = 0;
  let basis = "";
  let windowIntervals = 0;
  for (const st of ["QMST", "QCCT", "QJST"] as const) {
    const u = use(st);
    if (u && u.seconds > 0) {
      windowSeconds = u.seconds;
      windowIntervals = u.intervals;
      basis = `${st} Interval_Duration, summed over ${plural(u.intervals, "statistics interval")} (whole seconds, as the formatter writes them)`;
      break;
    }
  }
  if (windowSeconds === 0 && spanSeconds > 0) {
    windowSeconds = spanSeconds;
    basis = "class 3 task intervals, first WTAS_Interval_Start to last WTAS_Interval_End";
  }
  const allUses = [...s.use.values()];
  const from = Math.min(...allUses.map((u) => u.first ?? Infinity));
  const to = Math.max(...allUses.map((u) => u.last ?? -Infinity));

  // ---------------------------------------------------------------- rate
  let rate: number | undefined;
  let rateFrom: "QMST" | "class 3" | undefined;
  if (qmst && qmst.seconds > 0) {
    const puts = s.qmst.put + s.qmst.put1;
    rate = puts / mpt / qmst.seconds;
    rateFrom = "QMST";
    if (rate > 0) {
      const formula = `(Put ${formatNumber(s.qmst.put, 0)} + Put1 ${formatNumber(s.qmst.put1, 0)}) / ${mptText} / ${formatNumber(qmst.seconds, 0)} s = ${f(rate)}/s`;
      const perInterval = [...s.qmstIntervals.values()].filter((i) => i.duration > 0);
      values.push({
        sample: { intervals: perInterval.length, seconds: qmst.seconds, transactions: sig(puts / mpt) },
        spread: spreadOf(perInterval.map((i) => i.puts / mpt / i.duration)),
        path: "baseline.rate",
        label: "transactions per second when the baseline was measured",
        value: sig(rate),
        unit: "/s",
        formula,
        provenance: prov(["QMST"]),
        note: "MQPUT and MQPUT1 calls of every connection (applications and channels) counted by the queue manager",
      });
    }
  } else if (class3.puts > 0 && spanSeconds > 0) {
    rate = class3.puts / mpt / spanSeconds;
    rateFrom = "class 3";
    values.push({
      path: "baseline.rate",
      label: "transactions per second when the baseline was measured",
      value: sig(rate),
      unit: "/s",
      formula: `(WQ Put_Count + Put1_Count ${formatNumber(class3.puts, 0)}) / ${mptText} / ${f(spanSeconds)} s (first WTAS_Interval_Start to last WTAS_Interval_End) = ${f(rate)}/s`,
      provenance: prov(["WQ", "WTAS"]),
      note: "only tasks with class 3 accounting are counted; SMF-QMST.csv (statistics) counts every connection",
    });
  }
  if (rate === undefined) {
    notDerived.push({
      what: "baseline.rate and workload.rate",
      why: "needs SMF-QMST.csv (message manager statistics) or class 3 accounting (SMF-WQ.csv with SMF-WTAS.csv)",
    });
  } else if (rate === 0) {
    notDerived.push({
      what: "baseline.rate",
      why: `no MQPUT or MQPUT1 in the ${rateFrom} data of the chosen intervals`,
    });
    rate = undefined;
  } else {
    values.push({
      ...values.find((x) => x.path === "baseline.rate")!,
      path: "workload.rate",
      label: "target transactions per second",
      note: "the measured rate: change it to the rate you plan for",
    });
    values.push({
      path: "workload.pattern",
      label: "message pattern",
      value: opts.pattern,
      formula: opts.patternAssumed
        ? "assumed: SMF does not tell request-reply from one-way (--pattern one-way to change)"
        : "as given (--pattern or the plan)",
      provenance: { structures: [], files: [], rows: 0 },
    });
  }

  // ---------------------------------------------------------------- message mix
  if (s.qmst.persistenceRows > 0 && s.qmst.persPuts + s.qmst.nonPersPuts > 0) {
    const q = s.qmst;
    const puts = q.persPuts + q.nonPersPuts;
    const size = (q.persBytes + q.nonPersBytes) / puts;
    values.push({
      path: "workload.messageSize",
      label: "average message size put",
      value: Math.max(1, Math.round(size)),
      unit: "bytes",
      formula: `(PersPutBytes ${formatNumber(q.persBytes, 0)} + NonPersPutBytes ${formatNumber(q.nonPersBytes, 0)}) / (PersPuts ${formatNumber(q.persPuts, 0)} + NonPersPuts ${formatNumber(q.nonPersPuts, 0)}) = ${f(size)} bytes`,
      provenance: prov(["QMST"], { rows: q.persistenceRows }),
      spread: spreadOf([...s.qmstIntervals.values()].filter((i) => i.sizedPuts > 0).map((i) => i.bytes / i.sizedPuts)),
    });
    persistence(q.persPuts, puts, "PersPuts", "PersPuts + NonPersPuts", prov(["QMST"], { rows: q.persistenceRows }));
  } else if (class3.validPuts > 0) {
    const size = class3.bytesPut / class3.validPuts;
    values.push({
      path: "workload.messageSize",
      label: "average message size put",
      value: Math.max(1, Math.round(size)),
      unit: "bytes",
      formula: `WQ Total_Bytes_Put ${formatNumber(class3.bytesPut, 0)} / Total_Valid_Puts ${formatNumber(class3.validPuts, 0)} = ${f(size)} bytes`,
      provenance: prov(["WQ"]),
      ...(qmst && qmst.seconds > 0 ? accountingSpread(s, s.class3BySecond, (b) => [b.bytesPut, b.validPuts]) : {}),
      note:
        qmst && s.qmst.persistenceRows === 0
          ? "class 3 queue records: QMST has no put byte counts before MQ 9.3 (-1 in these records)"
          : undefined,
    });
    if (class3.putsWithPersistence > 0)
      persistence(
        class3.persistentPuts,
        class3.putsWithPersistence,
        "WQ Put_Persistent_Count + Put1_Persistent_Count",
        "Put_Count + Put1_Count",
        prov(["WQ"]),
      );
  } else {
    notDerived.push({
      what: "workload.messageSize and workload.persistent",
      why: "need QMST put byte and persistent counts (MQ 9.3 and later) or class 3 queue records (SMF-WQ.csv)",
    });
  }
  if (s.class1PutSizes.some((x) => x > 0)) {
    const [a, b, c, d] = s.class1PutSizes as [number, number, number, number];
    const total = a + b + c + d;
    figures.push({
      path: "figures.putSizes",
      label: "MQPUTs by message size (class 1)",
      value: `0-99 bytes ${pct(a / total)}, 100-999 ${pct(b / total)}, 1,000-9,999 ${pct(c / total)}, 10,000 and more ${pct(d / total)}`,
      formula: `QMAC Puts_Len_0to99 ${formatNumber(a, 0)}, Puts_Len_100to999 ${formatNumber(b, 0)}, Puts_Len_1000to9999 ${formatNumber(c, 0)}, Puts_Len_10000 ${formatNumber(d, 0)}`,
      provenance: prov(["QMAC"]),
    });
  }
  if (qmst && qmst.seconds > 0) {
    const q = s.qmst;
    const puts = q.put + q.put1;
    figures.push({
      path: "figures.apiMix",
      label: "MQ API mix (message manager statistics)",
      value: `MQPUT ${f(q.put / qmst.seconds)}/s, MQPUT1 ${f(q.put1 / qmst.seconds)}/s, MQGET ${f(q.get / qmst.seconds)}/s${puts > 0 ? `, ${f(q.get / puts)} MQGETs per put` : ""}`,
      formula: `Put ${formatNumber(q.put, 0)}, Put1 ${formatNumber(q.put1, 0)}, Get ${formatNumber(q.get, 0)} over ${formatNumber(qmst.seconds, 0)} s; MQGETs include unsuccessful ones (no message)`,
      provenance: prov(["QMST"]),
    });
    if (rate !== undefined && rateFrom === "QMST") {
      const perTx = q.calls / (puts / mpt);
      if (perTx <= 1000)
        values.push({
          path: "smf.apiCallsPerTransaction",
          label: "MQ API calls per transaction",
          value: sig(perTx),
          formula: `(Open + Close + Get + Put + Put1 + Inq + Set + Sub + SubReq + CB + CTL + Status) ${formatNumber(q.calls, 0)} / transactions ${f(puts / mpt)} = ${f(perTx)}`,
          provenance: prov(["QMST"]),
          sample: { intervals: qmst.intervals, seconds: qmst.seconds, transactions: sig(puts / mpt) },
          spread: spreadOf(
            [...s.qmstIntervals.values()].filter((i) => i.puts > 0).map((i) => i.calls / (i.puts / mpt)),
          ),
        });
    }
  }

  // ---------------------------------------------------------------- MQ API CPU by connection type
  const byConnectionType: ConnectionTypeFigures[] = [];
  const asid = (space: AddressSpace) => opts.asidCpu.find((a) => a.space === space);
  const cpuPerSecond = (a: AsidCpu): number | undefined =>
    a.percent !== undefined ? a.percent / 100 : windowSeconds > 0 ? a.seconds! / windowSeconds : undefined;
  const fromAsid = (space: AddressSpace, path: string, label: string): boolean => {
    const a = asid(space);
    if (!a) return false;
    const perSecond = cpuPerSecond(a);
    if (perSecond === undefined || rate === undefined) {
      notDerived.push({
        what: path,
        why: `--asid-cpu ${a.text} needs the ${rate === undefined ? "transaction rate" : "length of the intervals"}, which could not be derived`,
      });
      return true;
    }
    const us = (perSecond / rate) * 1e6;
    values.push({
      path,
      label,
      value: sig(us),
      unit: "us",
      formula:
        a.percent !== undefined
          ? `${a.space} ${f(a.percent)}% of one engine = ${f(perSecond)} CPU s/s / ${f(rate)} transactions/s = ${f(us)} us`
          : `${a.space} ${f(a.seconds!)} CPU s / ${formatNumber(windowSeconds, 0)} s = ${f(perSecond)} CPU s/s / ${f(rate)} transactions/s = ${f(us)} us`,
      provenance: { ...prov(["QMST"]), structures: ["--asid-cpu", ...prov(["QMST"]).structures] },
      note: "address space CPU you supplied (SMF 30 / RMF), for the same intervals: one figure for all of them, so no spread across intervals",
    });
    return true;
  };

  const class3Txns = class3.puts / mpt;
  for (const [type, t] of [...s.class3].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const group = type === UNKNOWN_TYPE ? "unknown" : connectionGroup(type);
    byConnectionType.push({
      type,
      group,
      source: "class 3",
      records: t.tasks,
      apiCalls: t.calls,
      puts: t.puts,
      cpuUs: t.cpuUs,
      cpuPerCallUs: t.calls > 0 ? sig(t.cpuUs / t.calls) : undefined,
      cpuPerTransactionUs: class3Txns > 0 ? sig(t.cpuUs / class3Txns) : undefined,
      countedIn: countedIn(group),
    });
  }
  const class1Txns = [...s.class1.values()].reduce((a, c) => a + c.puts, 0) / mpt;
  for (const [type, c] of [...s.class1].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const group = connectionGroup(type);
    byConnectionType.push({
      type,
      group,
      source: "class 1",
      records: c.rows,
      puts: c.puts,
      cpuUs: c.cpuUs,
      cpuPerTransactionUs: class1Txns > 0 ? sig(c.cpuUs / class1Txns) : undefined,
      countedIn: countedIn(group),
    });
  }

  if (!fromAsid("APP", "baseline.cost.app", "application CPU per transaction")) {
    const appFrom = (source: "class 3" | "class 1") =>
      byConnectionType.filter((x) => x.source === source && x.countedIn === "app");
    const apps3 = appFrom("class 3");
    const apps1 = appFrom("class 1");
    const verbs = `sum of WQ ${["Open", "Close", "Get", "Put", "Put1", "Inq", "Set", "CallBack"].join("/")}_CT and WTAS Other_MQI/Commit/Backout/Prepare/Subscribe/SubReq/MQCTL/MQSTAT_CT`;
    const appNote =
      "MQ API CPU only: the applications' own CPU is in SMF 30 / 110, not in MQ SMF (--asid-cpu APP=... to use the address spaces' CPU)";
    if (apps3.length > 0 && class3Txns > 0) {
      const types = apps3.map((x) => x.type).join(", ");
      if (rateFrom === "QMST")
        appAligned("class 3", s.class3BySecond, {
          source: `${verbs} of ${types} tasks`,
          puts: "WQ Put_Count + Put1_Count of all tasks",
          records: "class 3 task record",
          provenance: prov(["WTID", "WTAS", "WQ"]),
          note: appNote,
        });
      else {
        const cpu = apps3.reduce((a, x) => a + x.cpuUs, 0);
        const us = cpu / class3Txns;
        values.push({
          path: "baseline.cost.app",
          label: "MQ API CPU per transaction charged to applications",
          value: sig(us),
          unit: "us",
          formula: `${verbs} of ${types} tasks ${f(cpu / 1e6)} CPU s / transactions ${f(class3Txns)} ((WQ Put_Count + Put1_Count ${formatNumber(class3.puts, 0)} of all tasks) / ${mpt}) = ${f(us)} us`,
          provenance: prov(["WTID", "WTAS", "WQ"]),
          // No statistics intervals to match the task records to: no intervals, and no spread across them.
          sample: { intervals: 0, seconds: sig(spanSeconds), transactions: sig(class3Txns) },
          note: `${appNote}; no statistics intervals (SMF-QMST.csv) to spread it across`,
        });
      }
    } else if (apps1.length > 0 && class1Txns > 0) {
      const types = apps1.map((x) => x.type).join(", ");
      const note = "class 1 accounting: MQ API CPU only (the applications' own CPU is in SMF 30 / 110)";
      if (rateFrom === "QMST")
        appAligned("class 1", s.class1BySecond, {
          source: `QMAC CPU_Time of ${types} connections`,
          puts: "QMAC Puts_Len_* of all connections",
          records: "QMAC row",
          provenance: prov(["QMAC"]),
          note,
        });
      else {
        const cpu = apps1.reduce((a, x) => a + x.cpuUs, 0);
        const us = cpu / class1Txns;
        values.push({
          path: "baseline.cost.app",
          label: "MQ API CPU per transaction charged to applications",
          value: sig(us),
          unit: "us",
          formula: `QMAC CPU_Time of ${types} connections ${f(cpu / 1e6)} CPU s / transactions ${f(class1Txns)} ((QMAC Puts_Len_* ${formatNumber(class1Txns * mpt, 0)} of all connections) / ${mpt}) = ${f(us)} us`,
          provenance: prov(["QMAC"]),
          sample: { intervals: 0, seconds: 0, transactions: sig(class1Txns) },
          note: `${note}; no statistics intervals (SMF-QMST.csv) to spread it across`,
        });
      }
    } else {
      notDerived.push({
        what: "baseline.cost.app",
        why:
          s.class3.size > 0 || s.class1.size > 0
            ? "no application connections (CICS, batch/TSO, IMS, RRS) in the accounting data: every MQ API call was made by the channel initiator (clients and channels) or the command server"
            : "needs class 3 accounting (SMF-WTID.csv, SMF-WTAS.csv, SMF-WQ.csv) or class 1 (SMF-QMAC.csv)",
      });
    }
  }

  /**
   * A ratio of log manager statistics in each QJST interval (with the queue manager statistics interval
   * of its record time, where it needs them; NaN where the interval has none of it): its spread.
   */
  function logSpread(ratio: (l: LogIntervalSums, i: IntervalSums | undefined) => number): { spread?: IntervalSpread } {
    const within = intervalMatcher(s);
    const spread = spreadOf([...s.qjstIntervals].map(([at, l]) => ratio(l, within(at)?.[1])));
    return spread ? { spread } : {};
  }

  /**
   * baseline.cost.app from accounting records matched to the statistics intervals by record time, as
   * the channel initiator's: the applications' MQ API CPU over the accounted transactions of the same
   * intervals, with its spread across them; records of no interval are dropped and counted.
   */
  function appAligned(
    source: "class 3" | "class 1",
    seconds: Map<number, AccountingSecond>,
    text: { source: string; puts: string; records: string; provenance: Provenance; note: string },
  ) {
    const a = alignAccounting(s, seconds);
    const dropped = a.droppedRecords
      ? `; ${plural(a.droppedRecords, text.records)} written outside these intervals dropped`
      : "";
    const txns = a.puts / mpt;
    if (txns <= 0) {
      notDerived.push({
        what: "baseline.cost.app",
        why: `no ${source} accounting record with puts was written within the chosen statistics intervals (matched by record time)${a.droppedRecords ? `: ${plural(a.droppedRecords, text.records)} written outside them dropped` : ""}; a cost from other intervals than the rate's is no cost per transaction`,
      });
      return;
    }
    const us = a.cpuUs / txns;
    const spread = spreadOf(a.perInterval.map((i) => (i.puts > 0 ? i.cpuUs / (i.puts / mpt) : NaN)));
    values.push({
      path: "baseline.cost.app",
      label: "MQ API CPU per transaction charged to applications",
      value: sig(us),
      unit: "us",
      formula: `${text.source} ${f(a.cpuUs / 1e6)} CPU s / transactions ${f(txns)} ((${text.puts} ${formatNumber(a.puts, 0)}) / ${mpt}) of the same ${plural(a.perInterval.length, "statistics interval")} (matched by record time) = ${f(us)} us${dropped}`,
      provenance: text.provenance,
      sample: { intervals: a.perInterval.length, seconds: a.seconds, transactions: sig(txns) },
      spread,
      written: rangeWritten(sig(us), spread, "us"),
      note: text.note,
    });
  }

  // ---------------------------------------------------------------- channel initiator
  const chinParts = (["QCTDSP", "QCTADP", "QCTSSL", "QCTDNS"] as const)
    .map((st) => [st, s.chin.get(st)] as const)
    .filter(([, t]) => t && t.seconds > 0) as [Structure, NonNullable<ReturnType<typeof s.chin.get>>][];
  const chinCpuPerSecond = chinParts.reduce((a, [, t]) => a + t.cpuUs / t.seconds, 0) / 1e6;
  const chinFormula = chinParts
    .map(([st, t]) => `${st} ${f(t.cpuUs / 1e6)} CPU s / ${formatNumber(t.seconds, 0)} s`)
    .join(" + ");
  if (chinParts.length > 0) {
    figures.push({
      path: "figures.chinTaskCpu",
      label: "channel initiator task CPU (dispatchers, adapters, SSL, DNS)",
      value: sig(chinCpuPerSecond),
      unit: "CPU s/s",
      formula: `${chinFormula} = ${f(chinCpuPerSecond)} CPU s/s; ${chinParts.map(([st, t]) => `${st} ${plural(t.tasksMax, "task")}`).join(", ")}`,
      provenance: prov(chinParts.map(([st]) => st)),
    });
  }
  const channelMessages = [...s.channels.values()].reduce((a, c) => a + c.messages, 0);
  if (chinParts.length > 0 && channelMessages > 0 && windowSeconds > 0) {
    const msgsPerSecond = channelMessages / windowSeconds;
    const us = (chinCpuPerSecond / msgsPerSecond) * 1e6;
    figures.push({
      path: "figures.chinCpuPerMessage",
      label: "channel initiator task CPU per message moved by channels",
      value: sig(us),
      unit: "us",
      formula: `${f(chinCpuPerSecond)} CPU s/s / (QCST Msg_All_Count ${formatNumber(channelMessages, 0)} / ${formatNumber(windowSeconds, 0)} s = ${f(msgsPerSecond)} messages/s) = ${f(us)} us`,
      provenance: prov([...chinParts.map(([st]) => st), "QCST"]),
      note: `messages of the ${plural(s.channels.size, "channel")} with channel accounting (STATCHL/ACCTQ) only`,
    });
  }
  // The rate's window (QMST intervals, or the class 3 span) and the channel initiator tasks' must be the
  // same intervals: a CPU of one window over a rate of another is no cost per transaction.
  const rateSeconds = rateFrom === "QMST" ? (qmst?.seconds ?? 0) : spanSeconds;
  const chinOff = chinParts.find(([, t]) => Math.abs(t.seconds - rateSeconds) > Math.max(1, 0.05 * rateSeconds));
  if (!fromAsid("CHIN", "baseline.cost.chin", "channel initiator CPU per transaction")) {
    const aligned = rateFrom === "QMST" ? alignChin(s, mpt) : undefined;
    if (aligned && rate !== undefined) {
      if (aligned.transactions <= 0)
        notDerived.push({
          what: "baseline.cost.chin",
          why: `no channel initiator statistics interval matches a queue manager statistics interval with transactions (by record time, within ${MATCH_MS / 1000} s)`,
        });
      else {
        const us = aligned.cpuUs / aligned.transactions;
        const spread = spreadOf(aligned.perInterval);
        values.push({
          path: "baseline.cost.chin",
          label: "channel initiator CPU per transaction",
          value: sig(us),
          unit: "us",
          formula: `(${chinParts.map(([st]) => st).join(" + ")} Task_CPU_Time ${f(aligned.cpuUs / 1e6)} CPU s) / transactions ${f(aligned.transactions)} ((QMST Put + Put1) / ${mpt}) of the same ${plural(aligned.matched, "statistics interval")} (matched by record time) = ${f(us)} us${aligned.dropped ? `; ${aligned.dropped} dropped: no interval of the other at that time` : ""}`,
          provenance: prov(chinParts.map(([st]) => st)),
          sample: { intervals: aligned.matched, seconds: aligned.seconds, transactions: sig(aligned.transactions) },
          spread,
          written: rangeWritten(sig(us), spread, "us"),
          note: "the dispatcher, adapter, SSL and DNS tasks only: a lower bound of the channel initiator address space's CPU, which is in SMF 30 / RMF (--asid-cpu CHIN=... to use it)",
        });
      }
    } else if (chinOff && rate !== undefined)
      notDerived.push({
        what: "baseline.cost.chin",
        why: `the channel initiator task statistics (${chinOff[0]}) cover ${formatNumber(chinOff[1].seconds, 0)} s and the rate ${formatNumber(rateSeconds, 0)} s: not the same intervals, so their ratio is no cost per transaction; choose the intervals with --from and --to (or --peak)`,
      });
    else if (chinParts.length > 0 && rate !== undefined) {
      const us = (chinCpuPerSecond / rate) * 1e6;
      values.push({
        path: "baseline.cost.chin",
        label: "channel initiator CPU per transaction",
        value: sig(us),
        unit: "us",
        formula: `(${chinFormula} = ${f(chinCpuPerSecond)} CPU s/s) / ${f(rate)} transactions/s = ${f(us)} us`,
        provenance: prov(chinParts.map(([st]) => st)),
        note: "the dispatcher, adapter, SSL and DNS tasks only: a lower bound of the channel initiator address space's CPU, which is in SMF 30 / RMF (--asid-cpu CHIN=... to use it)",
      });
    } else
      notDerived.push({
        what: "baseline.cost.chin",
        why:
          chinParts.length === 0
            ? "needs the channel initiator's task statistics (SMF-QCTDSP.csv, SMF-QCTADP.csv; SMF 115 subtype 231) or --asid-cpu CHIN=..."
            : "needs the transaction rate",
      });
  }
  if (!fromAsid("MSTR", "baseline.cost.qmgr", "queue manager CPU per transaction"))
    notDerived.push({
      what: "baseline.cost.qmgr",
      why: "MQ SMF carries no CPU of the queue manager address space (MSTR): it is in SMF 30 or RMF type 72; give --asid-cpu MSTR=SECONDS (CPU seconds over the same intervals) or MSTR=PERCENT% (of one engine)",
    });
  if (!fromAsid("TCPIP", "baseline.cost.tcpip", "TCP/IP CPU per transaction"))
    notDerived.push({
      what: "baseline.cost.tcpip",
      why: "MQ SMF carries no TCP/IP address space CPU (SMF 30 / RMF); give --asid-cpu TCPIP=SECONDS or TCPIP=PERCENT%",
    });
  notDerived.push({
    what: "baseline.cost.cf",
    why: "coupling facility CPU is in RMF's CF activity report, not MQ SMF",
  });

  // ---------------------------------------------------------------- logging
  const qjst = use("QJST");
  if (qjst && qjst.seconds > 0) {
    const j = s.qjst;
    const ci = opts.logCiBytes;
    const copies = j.ioRows > 0 ? (j.copy2Io > 0 ? 2 : 1) : undefined;
    if (copies !== undefined)
      values.push({
        path: "logging.dualLogs",
        label: "dual active logs",
        value: copies === 2,
        formula: `log copy 2 write I/Os (IO_Count {2.1} + {2.2}) ${formatNumber(j.copy2Io, 0)}${copies === 2 ? " > 0" : " = 0, copy 1 " + formatNumber(j.copy1Io, 0)}`,
        provenance: prov(["QJST"], { rows: j.ioRows }),
      });
    const perCopy = copies ? j.logCi / copies : j.logCi;
    const mbps = (perCopy * ci) / qjst.seconds / 1048576;
    figures.push({
      path: "figures.logWriteRate",
      label: copies ? "log write rate per log copy" : "log write rate, all copies together",
      value: sig(mbps),
      unit: "MB/s",
      formula: `QJST Log_CI ${formatNumber(j.logCi, 0)} control intervals written${copies ? ` / ${copies} cop${copies === 1 ? "y" : "ies"}` : ""} x ${formatNumber(ci, 0)} bytes / ${formatNumber(qjst.seconds, 0)} s = ${f(mbps)} MB/s`,
      provenance: prov(["QJST"]),
      note: `CI size assumed ${formatNumber(ci, 0)} bytes, MQ's active log control interval (--log-ci-size to change); rewrites of a partly filled CI count again`,
    });
    if (j.activeLogCi > 0)
      figures.push({
        path: "figures.logDataRate",
        label: "log data created",
        value: sig((j.activeLogCi * ci) / qjst.seconds / 1048576),
        unit: "MB/s",
        formula: `QJST Active_Log_CI ${formatNumber(j.activeLogCi, 0)} control intervals created x ${formatNumber(ci, 0)} bytes / ${formatNumber(qjst.seconds, 0)} s`,
        provenance: prov(["QJST"]),
      });
    if (j.ciOffloads > 0 || j.archiveWrite > 0) {
      values.push({
        path: "logging.archiving",
        label: "active logs are archived",
        value: true,
        formula: `QJST CI_Offloads ${formatNumber(j.ciOffloads, 0)}, Archive_Write ${formatNumber(j.archiveWrite, 0)} (archive data sets allocated for writing)`,
        provenance: prov(["QJST"]),
      });
      figures.push({
        path: "figures.archiveOffloads",
        label: "archive offloads",
        value: j.archiveWrite,
        formula: `QJST Archive_Write ${formatNumber(j.archiveWrite, 0)}; CI_Offloads ${formatNumber(j.ciOffloads, 0)} control intervals = ${f((j.ciOffloads * ci) / 1048576)} MB offloaded in ${formatNumber(qjst.seconds, 0)} s`,
        provenance: prov(["QJST"]),
      });
    } else
      notDerived.push({
        what: "logging.archiving",
        why: "no offload to archive in the chosen intervals (QJST CI_Offloads 0), which does not show that archiving is off",
      });
    if (j.compRequests > 0 && j.compUncompressed > 0) {
      const saved = (1 - j.compCompressed / j.compUncompressed) * 100;
      values.push({
        path: "logging.archiveCompression",
        label: "log compression (COMPLOG)",
        value: true,
        formula: `QJST Comp_Requests ${formatNumber(j.compRequests, 0)} > 0`,
        provenance: prov(["QJST"]),
      });
      values.push({
        path: "logging.archiveCompressibility",
        label: "log data saved by compression",
        value: `${sig(Math.max(0, Math.min(100, saved)), 3)}%`,
        unit: "%",
        formula: `1 - Comp_Compressed_Bytes ${formatNumber(j.compCompressed, 0)} / Comp_Uncompressed_Bytes ${formatNumber(j.compUncompressed, 0)} = ${f(saved)}%`,
        provenance: prov(["QJST"]),
        ...logSpread((l) => (l.compUncompressed > 0 ? (1 - l.compCompressed / l.compUncompressed) * 100 : NaN)),
      });
    } else
      notDerived.push({
        what: "logging.archiveCompression",
        why: "no log compression requests recorded (QJST Comp_Requests 0): COMPLOG off, or nothing persistent logged",
      });
    if (j.zhwRows > 0 && j.newLogs > 0)
      values.push({
        path: "logging.zHyperWrite",
        label: "zHyperWrite for active log writes",
        value: j.newLogsZhw > 0,
        formula: `QJST New_Logs_ZHW_Enabled ${formatNumber(j.newLogsZhw, 0)} of Copy1_New_Logs ${formatNumber(j.newLogs, 0)} log data sets opened`,
        provenance: prov(["QJST"], { rows: j.zhwRows }),
      });
    const q = s.qmst;
    if (q.persistenceRows > 0 && q.persPuts > 0 && j.activeLogCi > 0) {
      const overhead = (j.activeLogCi * ci - q.persBytes) / q.persPuts;
      if (overhead >= 0)
        values.push({
          path: "logging.logOverheadPerMessage",
          label: "log bytes per persistent message beyond the message",
          value: Math.round(overhead),
          unit: "bytes",
          formula: `(Active_Log_CI ${formatNumber(j.activeLogCi, 0)} x ${formatNumber(ci, 0)} bytes - PersPutBytes ${formatNumber(q.persBytes, 0)}) / PersPuts ${formatNumber(q.persPuts, 0)} = ${f(overhead)} bytes`,
          provenance: prov(["QJST", "QMST"]),
          ...logSpread((l, i) => (i && i.persPuts > 0 ? (l.activeLogCi * ci - i.persBytes) / i.persPuts : NaN)),
          note: "all log data (gets, commits, checkpoints) charged to the persistent puts",
        });
    }
  } else notDerived.push({ what: "logging", why: "needs SMF-QJST.csv (log manager statistics, SMF 115 subtype 1)" });

  // ---------------------------------------------------------------- channels
  const channels: ChannelFigures[] = [];
  for (const c of [...s.channels.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const type = [...c.types].join("/");
    const configType = CHANNEL_TYPE_MAP[type];
    const codes = [...c.ciphers].sort();
    const names = codes.map(cipherName);
    channels.push({
      name: c.name,
      type,
      configType,
      rows: c.rows,
      instancesInOneInterval: c.instancesMax,
      messages: c.messages,
      persistentMessages: c.persistentMessages,
      ratePerSecond: windowSeconds > 0 ? sig(c.messages / windowSeconds) : undefined,
      messageBytes: c.bytes,
      averageMessageBytes: c.bytes > 0 && c.messages > 0 ? sig(c.bytes / c.messages) : undefined,
      bytesSent: c.bytesSent,
      bytesReceived: c.bytesReceived,
      batches: c.batches,
      averageBatch: c.batches > 0 ? sig(c.messages / c.batches, 3) : undefined,
      batchSizeAttribute: c.batchSizeAttr,
      cipherCodes: codes,
      cipher: names.length === 1 ? names[0] : undefined,
      compressionRateMax: c.compressionRateMax,
      ...(rateFrom === "QMST" ? { spread: channelSpread(s, c).spread } : {}),
    });
    if (codes.length > 0 && names.some((x) => x === undefined))
      notes.push(
        `channel ${c.name}: TLS cipher suite code ${codes.join(", ")} is not one mqzcap knows; tls left out of the fragment`,
      );
  }
  if (s.channels.size === 0)
    notDerived.push({
      what: "channels",
      why: "needs channel accounting (SMF-QCST.csv, SMF 116 subtype 10: STATCHL or ACCTQ on the channels)",
    });
  const cc = s.qcct;
  if (use("QCCT")) {
    figures.push({
      path: "figures.channelCounts",
      label: "channels (channel initiator statistics)",
      value: `current ${cc.currentHighWater} at most (MAXCHL ${cc.currentMax}), active ${cc.activeHighWater} at most (ACTCHL ${cc.activeMax}), TCP/IP limit ${cc.maxTcp}`,
      formula:
        "QCCT Current_Chl_High_Water, Current_Chl_Max, Active_Chl_High_Water, Active_Chl_Max, Max_TCP_Chl: the highest in the chosen intervals",
      provenance: prov(["QCCT"]),
    });
    if (cc.storage31Max !== undefined)
      figures.push({
        path: "figures.chinStorage",
        label: "channel initiator storage in use",
        value: `${cc.storage31Max} MB below the bar${cc.storage64Max !== undefined ? `, ${cc.storage64Max} MB above (limit ${cc.storageLimit64 ?? "?"} MB)` : ""}, the highest in the chosen intervals`,
        formula: `QCCT Storage_Usage_31${cc.storage64Max !== undefined ? ", Storage_Usage_64, Storage_Limit_64" : ""} (Storage_Usage in formatters before 5.4.5)`,
        provenance: prov(["QCCT"]),
        note: "in use with the channels running, not at start: storage.chin.used (CSQX004I at start) is not set from it",
      });
  }

  // ---------------------------------------------------------------- the release, class 3
  const release = releaseOf(s.mqVersion);
  if (s.mqVersion !== undefined && release === undefined)
    notes.push(`MQ_Version ${s.mqVersion}: no report covers this release; mq.release left out`);
  if (s.use.has("WTAS"))
    values.push({
      path: "smf.accountingClass3",
      label: "class 3 accounting",
      value: true,
      formula: `${plural(s.use.get("WTAS")!.rows, "WTAS row")} in the data`,
      provenance: prov(["WTAS"]),
    });
  if (join && (join.orphanWtas > 0 || join.orphanWq > 0))
    notes.push(
      `${plural(join.orphanWtas, "WTAS row")} and ${plural(join.orphanWq, "WQ row")} had no WTID with the same correlator, Date, Time, LPAR and QMgr: their CPU is counted under "${UNKNOWN_TYPE}", not in baseline.cost.app`,
    );
  if (join && join.duplicateWtid > 0)
    notes.push(
      `${plural(join.duplicateWtid, "WTID row")} repeated a correlator and record time already seen: the first was kept`,
    );
  if (!hasStructure("QCTSSL"))
    notes.push(
      "no SMF-QCTSSL.csv: no SSL server tasks were reported (SSLTASKS 0, or no TLS); their CPU is not in the CHIN figures",
    );

  // Every value states its sample: the statistics intervals it rests on, where it has none of its own.
  for (const v of values)
    if (!v.sample && v.provenance.intervals !== undefined)
      v.sample = { intervals: v.provenance.intervals, seconds: v.provenance.seconds ?? 0 };
  return {
    values,
    figures,
    byConnectionType,
    channels,
    notDerived,
    notes,
    window: {
      from: Number.isFinite(from) ? formatTimestamp(from) : undefined,
      to: Number.isFinite(to) ? formatTimestamp(to) : undefined,
      seconds: windowSeconds,
      intervals: windowIntervals,
      basis,
    },
    release,
  };

  function persistence(persistent: number, total: number, num: string, den: string, p: Provenance) {
    const share = persistent / total;
    values.push({
      path: "workload.persistent",
      label: "persistent messages",
      value: share >= 0.5,
      formula: `${num} ${formatNumber(persistent, 0)} / (${den}) ${formatNumber(total, 0)} = ${pct(share)} persistent`,
      provenance: p,
      note:
        share > 0.1 && share < 0.9
          ? `a mix: ${pct(share)} of puts persistent; the config takes one kind, the majority`
          : undefined,
    });
  }
}

/** Channel initiator and queue manager statistics intervals are matched by record time within this. */
export const MATCH_MS = 2000;

/**
 * The channel initiator's task CPU and the queue manager's transactions over the same statistics
 * intervals: each channel initiator interval matched to the queue manager interval of the same record
 * time (the two address spaces write theirs within a second or so of each other); intervals of either
 * with no partner are dropped and counted.
 */
function alignChin(s: QmgrState, mpt: number) {
  const qm = [...s.qmstIntervals].sort((a, b) => a[0] - b[0]);
  const used = new Set<number>();
  let cpuUs = 0;
  let transactions = 0;
  let seconds = 0;
  let matched = 0;
  let dropped = 0;
  const perInterval: number[] = [];
  for (const [at, c] of [...s.chinIntervals].sort((a, b) => a[0] - b[0])) {
    const partner = qm.find(([t]) => !used.has(t) && Math.abs(t - at) <= MATCH_MS);
    if (!partner) {
      dropped++;
      continue;
    }
    used.add(partner[0]);
    const txn = partner[1].puts / mpt;
    cpuUs += c.cpuUs;
    transactions += txn;
    seconds += partner[1].duration;
    matched++;
    if (txn > 0) perInterval.push(c.cpuUs / txn);
  }
  dropped += qm.length - used.size;
  return { cpuUs, transactions, seconds, matched, dropped, perInterval };
}

/**
 * Accounting records (by the second they were written in) matched to the queue manager's statistics
 * intervals: a record belongs to the interval it was written in, from the interval's start to its end
 * (its record time), with MATCH_MS of slack after the end for records written with the statistics.
 * Records of no interval are dropped and counted.
 */
export function alignAccounting(s: QmgrState, seconds: ReadonlyMap<number, AccountingSecond>) {
  const within = intervalMatcher(s);
  const hit = new Map<number, { cpuUs: number; puts: number; duration: number }>();
  let droppedRecords = 0;
  for (const [second, b] of seconds) {
    const match = within(second);
    if (!match) {
      droppedRecords += b.records;
      continue;
    }
    const i = hit.get(match[0]) ?? { cpuUs: 0, puts: 0, duration: match[1].duration };
    i.cpuUs += b.appCpuUs;
    i.puts += b.puts;
    hit.set(match[0], i);
  }
  const perInterval = [...hit.values()];
  return {
    cpuUs: perInterval.reduce((a, i) => a + i.cpuUs, 0),
    puts: perInterval.reduce((a, i) => a + i.puts, 0),
    seconds: perInterval.reduce((a, i) => a + i.duration, 0),
    perInterval,
    droppedRecords,
  };
}

/**
 * The queue manager statistics interval (QMST) a record time falls in: after the interval's start (its
 * end less Interval_Duration, a second more: the duration is whole seconds, cut short) and up to
 * MATCH_MS after its end (its record time), for records written with the statistics; the earlier
 * interval where two would do. Undefined for a time in no interval.
 */
function intervalMatcher(s: QmgrState): (at: number) => [number, IntervalSums] | undefined {
  const qm = [...s.qmstIntervals].filter(([, i]) => i.duration > 0).sort((a, b) => a[0] - b[0]);
  return (at) => {
    let lo = 0;
    let hi = qm.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (qm[mid]![0] + MATCH_MS < at) lo = mid + 1;
      else hi = mid;
    }
    const match = qm[lo];
    return match && at > match[0] - (match[1].duration + 1) * 1000 ? match : undefined;
  };
}

/**
 * A channel's messages per second in each statistics interval (its QCST rows matched by record time; an
 * interval with no row of it carried none), and its rows of no interval.
 */
function channelSpread(s: QmgrState, c: ChannelSums): { spread?: IntervalSpread; dropped: number } {
  const within = intervalMatcher(s);
  const per = new Map<number, number>();
  for (const [end, i] of s.qmstIntervals) if (i.duration > 0) per.set(end, 0);
  let dropped = 0;
  for (const [at, m] of c.byTime) {
    const match = within(at);
    if (!match) dropped++;
    else per.set(match[0], per.get(match[0])! + m);
  }
  const rates = [...per].map(([end, m]) => m / s.qmstIntervals.get(end)!.duration);
  return { spread: spreadOf(rates), dropped };
}

/**
 * A ratio of accounting sums (numerator, denominator of each second's) in each statistics interval the
 * records are matched to by record time: its sample and spread, for a value of all the records.
 */
function accountingSpread(
  s: QmgrState,
  seconds: ReadonlyMap<number, AccountingSecond>,
  pick: (b: AccountingSecond) => [number, number],
): { sample: Sample; spread?: IntervalSpread } {
  const within = intervalMatcher(s);
  const per = new Map<number, [number, number]>();
  for (const [second, b] of seconds) {
    const match = within(second);
    if (!match) continue;
    const [num, den] = pick(b);
    const x = per.get(match[0]) ?? [0, 0];
    per.set(match[0], [x[0] + num, x[1] + den]);
  }
  // The intervals the ratio rests on: those with a denominator.
  const used = [...per].filter(([, [, den]]) => den > 0);
  return {
    sample: {
      intervals: used.length,
      seconds: used.reduce((a, [end]) => a + s.qmstIntervals.get(end)!.duration, 0),
    },
    spread: spreadOf(used.map(([, [num, den]]) => num / den)),
  };
}

/** The 10th and 90th percentiles of per-interval values (linear between order statistics); undefined with none. */
export function spreadOf(values: readonly number[]): IntervalSpread | undefined {
  const v = values.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (v.length === 0) return undefined;
  const q = (p: number) => {
    const h = (v.length - 1) * p;
    const lo = Math.floor(h);
    return v[lo]! + (h - lo) * (v[Math.min(lo + 1, v.length - 1)]! - v[lo]!);
  };
  return { p10: sig(q(0.1)), p90: sig(q(0.9)), intervals: v.length };
}

/**
 * A value with its spread across intervals as the config writes a range: LOW..VALUE..HIGH, the ends
 * p10 and p90 (widened to hold the value, a ratio of sums that may lie outside them). Neither end is
 * moved to make the range symmetric: a symmetric VALUE +/- DELTA wide enough for a far p90 would put
 * its low end below p10, below 0 for a spread wider above than the value. A per-interval cost is never
 * below 0, so neither is p10.
 */
export function rangeWritten(value: number, spread: IntervalSpread | undefined, unit: string): string | undefined {
  if (!spread) return undefined;
  const low = Math.min(value, spread.p10);
  const high = Math.max(value, spread.p90);
  return low < high ? `${low}..${value}..${high}${unit}` : undefined;
}

function addInto(a: TaskSums, t: TaskSums) {
  for (const k of Object.keys(a) as (keyof TaskSums)[]) a[k] += t[k];
}

function pct(x: number): string {
  return `${formatNumber(sig(x * 100, 3), 1)}%`;
}

function countedIn(group: string): ConnectionTypeFigures["countedIn"] {
  if (group === "CHIN") return "chin (not added: in the adapter tasks' CPU)";
  if (group === "command server") return "qmgr (not added)";
  if (group === "unknown" || group === "other") return "not counted";
  return "app";
}

/** QCST channel types (as the formatter names them) and the config's. */
const CHANNEL_TYPE_MAP: Record<string, (typeof CHANNEL_TYPES)[number] | undefined> = {
  Sender: "sender",
  Receiver: "receiver",
  SvrConn: "server-connection",
  ClusSdr: "cluster-sender",
  ClusRcvr: "cluster-receiver",
};

/** "800" (VRM) or "100000" (VVRRMM) as a release the config knows, "8.0". */
export function releaseOf(v: string | undefined): string | undefined {
  if (!v || !/^\d+$/.test(v)) return undefined;
  const [ver, rel] = v.length >= 6 ? [Number(v.slice(0, 2)), Number(v.slice(2, 4))] : [Number(v[0]), Number(v[1])];
  const r = `${ver}.${rel}`;
  return (RELEASES as readonly string[]).includes(r) ? r : undefined;
}
