// Consistency with the prose: figures the reports state that can be recomputed from their own tables
// (a ratio, a percentage change, a total) are recomputed from the model data and compared with the
// printed value. Each recomputation reads its inputs from model entries by id, never from constants
// typed here, so a change to a model file changes the answer.
import type { Registry } from "../src/model/registry.js";
import type { ExampleEntry, TableEntry, Value } from "../src/model/types.js";

export type Label =
  | "agrees"
  | "source rounding"
  | "source truncation"
  | "source mistake (flagged in the model)"
  | "differs (not flagged in the model)";

export interface Recomputation {
  id: string;
  claim: string;
  /** The computation, in words, with the values read from the model. */
  formula: string;
  entries: string[];
  printedRaw: string;
  printed: number;
  recomputed: number;
  difference: number;
  label: Label;
  /** Flag codes the model puts on the printed value (or on the values compared). */
  modelFlags: string[];
  note?: string;
}

interface Spec {
  id: string;
  claim: string;
  entries: string[];
  /** The printed value, its text and any flags. `scale` converts the model value to the printed unit. */
  printed: { v: Value; which?: "value" | "low" | "high"; scale?: number; abs?: boolean };
  /** Extra flags that bear on the comparison (e.g. the other side of a cross-table disagreement). */
  otherFlags?: Value[];
  compute: () => { value: number; formula: string };
  /**
   * Set when the source derived the printed value from unrounded data (a table's derived column): the
   * difference the rounding of the printed inputs can explain, in printed units.
   */
  inputRounding?: number;
  note?: string;
}

/** Half a unit in the last printed digit of a value's text (0.5 for "233", 0.05 for "26.6"). */
export function halfUnit(v: Value): number {
  return 0.5 * 10 ** -decimalsOf(v.raw, v.value ?? 0);
}

function decimalsOf(raw: string, n: number): number {
  const tokens = raw.match(/\d[\d,]*(?:\.\d+)?/g) ?? [];
  const t = tokens.find((x) => Math.abs(Number(x.replace(/,/g, "")) - Math.abs(n)) < 1e-9) ?? tokens[0];
  const dot = t?.indexOf(".") ?? -1;
  return t && dot >= 0 ? t.length - dot - 1 : 0;
}

const roundTo = (x: number, unit: number) => Math.round(x / unit) * unit;
const truncTo = (x: number, unit: number) => Math.trunc(x / unit + (x >= 0 ? 1e-9 : -1e-9)) * unit;
const same = (a: number, b: number) => Math.abs(a - b) < 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));

export function classify(
  printed: number,
  decimals: number,
  recomputed: number,
  flagged: boolean,
  inputRounding?: number,
): Label {
  const unit = 10 ** -decimals;
  if (same(roundTo(recomputed, unit), printed)) return "agrees";
  if (same(truncTo(recomputed, unit), printed)) return "source truncation";
  if (inputRounding !== undefined && Math.abs(recomputed - printed) <= inputRounding + unit / 2 + 1e-9)
    return "source rounding";
  // A figure of three or more digits printed with a trailing zero may be given to tens ("4,620", "550").
  if (decimals === 0 && printed % 10 === 0 && Math.abs(printed) >= 100) {
    if (same(truncTo(recomputed, 10), printed)) return "source truncation";
    if (same(roundTo(recomputed, 10), printed)) return "source rounding";
  }
  return flagged ? "source mistake (flagged in the model)" : "differs (not flagged in the model)";
}

export function recompute(reg: Registry): Recomputation[] {
  const table = (id: string) => reg.table(id);
  const cell = (id: string, at: Record<string, string | number | boolean>, measure: string): Value => {
    const t: TableEntry = table(id);
    const c = t.cells.find(
      (x) => x.measure === measure && Object.entries(at).every(([k, v]) => String(x.at[k]) === String(v)),
    );
    if (!c) throw new Error(`${id}: no cell ${JSON.stringify(at)} ${measure}`);
    return c.v;
  };
  const fig = (id: string): Value => reg.figure(id).v;
  const example = (id: string) => reg.get(id) as ExampleEntry;
  const input = (exampleId: string, key: string): number => {
    const v = example(exampleId).inputs[key];
    const n = typeof v === "number" ? v : parseFloat(String(v));
    if (!Number.isFinite(n)) throw new Error(`${exampleId}: input ${key} is not a number`);
    return n;
  };
  const num = (v: Value): number => {
    if (v.value === null) throw new Error(`"${v.raw}" is not a number`);
    return v.value;
  };
  const f = (n: number) => String(Number(n.toPrecision(6)));

  const specs: Spec[] = [];
  const add = (s: Spec) => specs.push(s);

  // 000 T04: the SMF task record, private queue without and with a streaming queue.
  for (const sq of [false, true]) {
    const T = "000.streaming-mqsmf-task-before-after";
    const g = (m: string) => cell(T, { streamQueue: sq }, m);
    add({
      id: `000-T04-total-${sq ? "with" : "without"}-streamq`,
      claim: `000 T04: total queue CPU ${sq ? "with" : "without"} a streaming queue equals open + close + puts`,
      entries: [T],
      printed: { v: g("totalQueueCpu") },
      // The per-API averages are printed to whole microseconds: 12 calls can differ by 6 us.
      inputRounding: 0.5 * (num(g("openCount")) + num(g("closeCount")) + num(g("putCount"))),
      compute: () => {
        const parts = ["open", "close", "put"].map((k) => [num(g(`${k}Count`)), num(g(`${k}AvgCpu`))] as const);
        return {
          value: parts.reduce((s, [n, c]) => s + n * c, 0),
          formula: parts.map(([n, c]) => `${n} x ${c}`).join(" + ") + " us",
        };
      },
    });
  }

  // 003: archive log compression, peak log rate 282 -> 520 MB/s per log, against the printed range.
  {
    const lo = fig("003.archive-peak-rate-uncompressed");
    const hi = fig("003.archive-peak-rate-compressed");
    const pct = () => ({ value: (num(hi) / num(lo) - 1) * 100, formula: `(${num(hi)} / ${num(lo)} - 1) x 100%` });
    add({
      id: "003-archive-compression-peak-vs-table",
      claim: "003: peak log throughput increase at 4MB, 80% compressible, upper end of the printed 45-82%",
      entries: [
        "003.archive-peak-rate-uncompressed",
        "003.archive-peak-rate-compressed",
        "003.archive-compression-overhead",
      ],
      printed: {
        v: cell("003.archive-compression-overhead", { messageSize: 4194304 }, "peakLogThroughputIncrease"),
        which: "high",
      },
      otherFlags: [lo, hi],
      compute: pct,
    });
    add({
      id: "003-archive-compression-peak-vs-prose",
      claim: '003: "up to 82%" better log write rate with compressed archives',
      entries: [
        "003.archive-peak-rate-uncompressed",
        "003.archive-peak-rate-compressed",
        "003.archive-log-write-improvement",
      ],
      printed: { v: fig("003.archive-log-write-improvement"), which: "high" },
      otherFlags: [lo, hi],
      compute: pct,
    });
    const rate = cell("003.archive-recovery", { archiveCompression: "compressed" }, "recoveryRate");
    const rate0 = cell("003.archive-recovery", { archiveCompression: "none" }, "recoveryRate");
    add({
      id: "003-archive-recovery-rate-ratio",
      claim: "003: recovery from compressed archives runs at 38% of the uncompressed rate",
      entries: ["003.archive-recovery", "003.archive-recovery-rate-ratio"],
      printed: { v: fig("003.archive-recovery-rate-ratio") },
      compute: () => ({ value: (num(rate) / num(rate0)) * 100, formula: `${num(rate)} / ${num(rate0)} x 100%` }),
    });
    const cost = cell("003.archive-recovery", { archiveCompression: "compressed" }, "costPerMB");
    const cost0 = cell("003.archive-recovery", { archiveCompression: "none" }, "costPerMB");
    add({
      id: "003-archive-recovery-cost-ratio",
      claim: "003: recovery from compressed archives costs 1.6 times as much per MB",
      entries: ["003.archive-recovery", "003.archive-recovery-cost-ratio"],
      printed: { v: fig("003.archive-recovery-cost-ratio") },
      compute: () => ({ value: num(cost) / num(cost0), formula: `${num(cost)} / ${num(cost0)}` }),
    });
  }

  // W01 in 000 (MQ 9.3) and 001 (MQ 9.2): how many SHARECNV(1) clients fit the channel initiator.
  for (const [src, release, printedV, printedId] of [
    ["000", "9.3", example("000.how-many-clients").expected.v, "000.how-many-clients"],
    ["001", "9.2", fig("001.chin-max-svrconn-example"), "001.chin-max-svrconn-example"],
  ] as const) {
    const used = num(fig(`${src}.chin-storage-used-example`));
    const free = num(fig(`${src}.chin-storage-free-example`));
    const headroom = num(fig(`${src}.chin-storage-headroom`));
    const fp = num(cell(`${src}.chin-footprint-svrconn`, { release, sharecnv: 1, messageSize: 32768 }, "footprint"));
    add({
      id: `${src}-W01-svrconn-channels`,
      claim: `${src} W01: SHARECNV(1) 32KB client channels that fit ${free} MB free with ${used} MB used (MQ ${release})`,
      entries: [
        `${src}.chin-storage-used-example`,
        `${src}.chin-storage-free-example`,
        `${src}.chin-storage-headroom`,
        `${src}.chin-footprint-svrconn`,
        printedId,
      ],
      printed: { v: printedV },
      compute: () => {
        const limit = Math.floor((headroom / 100) * (used + free)); // the report floors the limit
        return {
          value: ((limit - used) * 1024) / fp,
          formula: `(floor(${headroom}% x (${used} + ${free})) - ${used}) x 1024 / ${fp} KB`,
        };
      },
    });
    if (src === "001") {
      add({
        id: "001-W01-storage-limit",
        claim: "001 W01: 80% of the 1466 MB channel initiator region",
        entries: ["001.chin-storage-total-example", "001.chin-storage-headroom", "001.chin-storage-limit-example"],
        printed: { v: fig("001.chin-storage-limit-example") },
        compute: () => {
          const total = num(fig("001.chin-storage-total-example"));
          return { value: (headroom / 100) * total, formula: `${headroom}% x ${total} MB` };
        },
      });
      add({
        id: "001-W01-storage-total",
        claim: "001 W01: used + free channel initiator storage",
        entries: ["001.chin-storage-used-example", "001.chin-storage-free-example", "001.chin-storage-total-example"],
        printed: { v: fig("001.chin-storage-total-example") },
        compute: () => ({ value: used + free, formula: `${used} + ${free} MB` }),
      });
    }
  }

  // 001: data set encryption of logs, 1GB logged, dual logs and dual archives.
  {
    const perMB = (t: "active" | "archive") => num(cell("001.dse-log-cost", { logType: t }, "perMB"));
    const factor = (t: "active" | "archive") => num(cell("001.dse-log-1gb-example-table", { logType: t }, "factor"));
    const mb = (t: "active" | "archive") => num(cell("001.dse-log-1gb-example-table", { logType: t }, "mbInLog"));
    const ms = (t: "active" | "archive") => (perMB(t) * mb(t) * factor(t)) / 1000;
    for (const t of ["active", "archive"] as const) {
      add({
        id: `001-DSE-1GB-${t}`,
        claim: `001: encrypting ${t} logs costs ${t === "active" ? 550 : 315} CPU ms per GB logged`,
        entries: ["001.dse-log-cost", "001.dse-log-1gb-example-table"],
        printed: { v: cell("001.dse-log-1gb-example-table", { logType: t }, "cost"), scale: 1 / 1000 },
        compute: () => ({ value: ms(t), formula: `${perMB(t)} us/MB x ${mb(t)} MB x ${factor(t)} passes` }),
      });
    }
    add({
      id: "001-DSE-1GB-total",
      claim: "001: approximately 0.86 CPU seconds per GB logged with everything encrypted",
      entries: ["001.dse-log-cost", "001.dse-log-1gb-example-table", "001.dse-log-cost-per-gb-example"],
      printed: { v: fig("001.dse-log-cost-per-gb-example") },
      compute: () => ({
        value: (ms("active") + ms("archive")) / 1000,
        formula: `(${f(ms("active"))} + ${f(ms("archive"))}) ms`,
      }),
    });
  }

  // 001: zHyperWrite raises MSTR SRB per MB by 15 on 302 at 4MB.
  add({
    id: "001-zHW-SRB-4MB",
    claim: "001: MSTR SRB per MB rises 4.9% with zHyperWrite at 4MB",
    entries: ["001.zhw-srb-increase-4mb-example", "001.zhw-srb-increase-4mb"],
    printed: { v: fig("001.zhw-srb-increase-4mb") },
    compute: () => {
      const d = input("001.zhw-srb-increase-4mb-example", "deltaPerMB");
      const base = input("001.zhw-srb-increase-4mb-example", "pprcSrbPerMB");
      return { value: (d / base) * 100, formula: `${d} / ${base} x 100%` };
    },
  });

  // 001: fasp.io gateway throughput, N4 (loss) and N5 (no loss).
  {
    const T = "001.fasp-zero-loss-throughput";
    const tp = (transport: string, size: number, net: string) =>
      num(cell(T, { transport, messageSize: size, networkProfile: net }, "throughput"));
    for (const size of [10240, 1048576]) {
      const label = size === 10240 ? "10KB" : "1MB";
      add({
        id: `001-fasp-vs-tcp-N4-${label}`,
        claim: `001: fasp.io over TCP throughput on N4, streaming ${label} messages`,
        entries: [T, "001.fasp-throughput-vs-tcp"],
        printed: {
          v: cell(
            "001.fasp-throughput-vs-tcp",
            { workload: "streaming", messageSize: size, networkProfile: "N4" },
            "throughputVsTcp",
          ),
        },
        compute: () => ({
          value: tp("fasp", size, "N4") / tp("tcp", size, "N4"),
          formula: `${tp("fasp", size, "N4")} / ${tp("tcp", size, "N4")} MB/s`,
        }),
      });
      for (const transport of ["tcp", "fasp"]) {
        const ex = `001.fasp-zero-loss-${label.toLowerCase()}-${transport}-ratio`;
        const pctForm = example(ex).expected.unit === "percent";
        add({
          id: `001-fasp-N5-vs-N4-${transport}-${label}`,
          claim: `001: ${transport} throughput without loss (N5) against N4, ${label}`,
          entries: [T, ex],
          printed: { v: example(ex).expected.v },
          compute: () => {
            const r = tp(transport, size, "N5") / tp(transport, size, "N4");
            return pctForm
              ? {
                  value: (r - 1) * 100,
                  formula: `(${tp(transport, size, "N5")} / ${tp(transport, size, "N4")} - 1) x 100%`,
                }
              : { value: r, formula: `${tp(transport, size, "N5")} / ${tp(transport, size, "N4")}` };
          },
        });
      }
    }
  }

  // Derived columns: overhead = with - without, printed from unrounded values.
  {
    const T = "000.streaming-private-mqput-cost-by-size";
    const w = cell(T, { messageSize: 32768 }, "putCpuWithStreamQueue");
    const b = cell(T, { messageSize: 32768 }, "putCpuBaseline");
    add({
      id: "000-streaming-private-overhead-32KB",
      claim: "000: streaming queue MQPUT overhead at 32KB = with - without",
      entries: [T],
      printed: { v: cell(T, { messageSize: 32768 }, "streamingOverhead") },
      inputRounding: halfUnit(w) + halfUnit(b),
      compute: () => ({ value: num(w) - num(b), formula: `${num(w)} - ${num(b)} us` }),
      note: "the baseline is printed as 13 where its neighbours carry a decimal; 26.6 - 13.3 = 13.3",
    });
  }
  for (const [src, size, label] of [
    ["001", 65536, "64KB"],
    ["001", 4194304, "4MB"],
    ["000", 4194304, "4MB"],
  ] as const) {
    const T = `${src}.chin-footprint-per-channel`;
    const a = cell(T, { messageSize: size }, "footprint");
    const base = cell(T, { messageSize: 1024 }, "footprint");
    add({
      id: `${src}-chin-overhead-${label}`,
      claim: `${src}: message channel footprint at ${label} over 1KB`,
      entries: [T],
      printed: { v: cell(T, { messageSize: size }, "overheadOver1KB") },
      inputRounding: halfUnit(a) + halfUnit(base),
      compute: () => ({ value: num(a) - num(base), formula: `${num(a)} - ${num(base)} KB` }),
    });
  }

  // 001: SMDS encryption, MQGET application cost at 10MB.
  add({
    id: "001-SMDS-get-10MB",
    claim: "001: encrypted SMDS makes the 10MB MQGET application cost 22% lower",
    entries: ["001.smds-get-saving-per-page", "001.smds-get-app-cost-10mb"],
    printed: { v: fig("001.smds-get-app-cost-10mb") },
    compute: () => {
      const u = input("001.smds-get-saving-per-page", "unencryptedCpu_us");
      const e = input("001.smds-get-saving-per-page", "encryptedCpu_us");
      return { value: ((e - u) / u) * 100, formula: `(${e} - ${u}) / ${u} x 100%` };
    },
  });

  // 001: AMS, the same configuration (3 dispatchers, 10 adapters) in two tables.
  {
    const a = cell("001.ams-vary-adapters", { chiadaps: 10 }, "txnRate");
    const d = cell("001.ams-vary-dispatchers", { chidisps: 3 }, "txnRate");
    add({
      id: "001-AMS-same-config-two-tables",
      claim: "001: transaction rate with 3 dispatchers and 10 adapters, as the two AMS tables print it",
      entries: ["001.ams-vary-dispatchers", "001.ams-vary-adapters"],
      printed: { v: a },
      otherFlags: [d],
      compute: () => ({ value: num(d), formula: "001.ams-vary-dispatchers at 3 dispatchers" }),
    });
    const busy = [2, 3, 4].map((n) => num(cell("001.ams-vary-dispatchers", { chidisps: n }, "adapterBusy")));
    add({
      id: "001-AMS-adapter-busy-peak",
      claim: "001: adapters 40-60% busy at the peak rate (2 to 4 dispatchers), upper end",
      entries: ["001.ams-vary-dispatchers", "001.ams-adapter-busy-at-peak"],
      printed: { v: fig("001.ams-adapter-busy-at-peak"), which: "high" },
      compute: () => ({ value: Math.max(...busy), formula: `max(${busy.join(", ")})%` }),
    });
  }

  // 000: SMF class(3) accounting, ACCTIME 1 minute against 15 seconds.
  {
    const t1 = fig("000.class3-total-acctime-1min");
    const t15 = fig("000.class3-total-acctime-15s");
    add({
      id: "000-class3-acctime-increase",
      claim: "000: ACCTIME(0.15) raises the class(3) cost by 0.4%",
      entries: ["000.class3-total-acctime-1min", "000.class3-total-acctime-15s", "000.class3-acctime-15s-increase"],
      printed: { v: fig("000.class3-acctime-15s-increase") },
      compute: () => ({
        value: ((num(t15) - num(t1)) / num(t1)) * 100,
        formula: `(${num(t15)} - ${num(t1)}) / ${num(t1)} x 100%`,
      }),
    });
    const gather = fig("000.class3-data-gathering-per-minute");
    const write = cell("000.smf-class3-acctime-cost", { row: "total", component: "smf-write-acctime-1.00" }, "cost");
    add({
      id: "000-class3-total-1min",
      claim: "000: class(3) cost per minute at ACCTIME(1.00) = gathering + SMF writes",
      entries: ["000.class3-data-gathering-per-minute", "000.smf-class3-acctime-cost", "000.class3-total-acctime-1min"],
      printed: { v: t1 },
      compute: () => ({ value: num(gather) + num(write), formula: `${num(gather)} + ${num(write)} us` }),
    });
  }

  // 000: channel compression, 32KB at 80% compressible.
  {
    const F = reg.figure("000.compression-80pct-32kb-size");
    add({
      id: "000-compressed-32KB-80pct",
      claim: "000: a 32KB message 80% compressible becomes approximately 6.5KB",
      entries: ["000.compression-80pct-32kb-size"],
      printed: { v: F.v },
      compute: () => {
        const kb = Number(F.condition.messageSize) / 1024;
        const c = Number(F.condition.compressibility);
        return { value: kb * (1 - c / 100), formula: `${kb}KB x (1 - ${c}%)` };
      },
    });
  }

  // 000: streaming queues, BESTEF and MUSTDUP each against pub/sub, and against each other.
  {
    const be = fig("000.streaming-bestef-vs-pubsub-rate");
    const md = fig("000.streaming-mustdup-vs-pubsub-rate");
    add({
      id: "000-streaming-bestef-over-mustdup",
      claim: "000: BESTEF 16% better than MUSTDUP, against their printed gains over pub/sub",
      entries: [
        "000.streaming-bestef-vs-pubsub-rate",
        "000.streaming-mustdup-vs-pubsub-rate",
        "000.streaming-bestef-over-mustdup-rate",
      ],
      printed: { v: fig("000.streaming-bestef-over-mustdup-rate") },
      compute: () => ({
        value: ((1 + num(be) / 100) / (1 + num(md) / 100) - 1) * 100,
        formula: `(${1 + num(be) / 100} / ${1 + num(md) / 100} - 1) x 100%`,
      }),
      note: "the workloads of the two statements differ in shape (the charts that would reconcile them are lost)",
    });
  }

  // 004 T1: CF structure backup interval estimate, log MB/s from messages per second.
  {
    const T = "004.sq-backup-interval-estimate";
    const msgKB = parseFloat(String(example("004.backup-interval-400").inputs.messageSize));
    const over = num(reg.formula("004.sq-backup-interval").parameters.logOverheadPerMessageQsg!.v);
    for (const rate of [400, 1200, 2200]) {
      add({
        id: `004-T1-log-MBps-${rate}`,
        claim: `004 T1: log MB/s for ${rate} messages/s to the longest log`,
        entries: [T, "004.sq-backup-interval", "004.backup-interval-400"],
        printed: { v: cell(T, { msgsPerSecLongestLog: rate }, "logMBps") },
        compute: () => ({ value: (rate * (msgKB + over)) / 1024, formula: `${rate} x (${msgKB} + ${over}) KB / 1024` }),
      });
    }
  }

  return specs.map((s) => {
    const v = s.printed.v;
    const raw = s.printed.which === "high" ? v.high : s.printed.which === "low" ? v.low : v.value;
    if (raw === undefined || raw === null) throw new Error(`${s.id}: printed value missing`);
    const printed = raw * (s.printed.scale ?? 1);
    const decimals = decimalsOf(v.raw, printed);
    const { value, formula } = s.compute();
    const flags = [...v.flags, ...(s.otherFlags ?? []).flatMap((o) => o.flags)].map((x) => x.code);
    const modelFlags = [...new Set(flags.filter((c) => c !== "duplicate" && c !== "sic"))];
    const out: Recomputation = {
      id: s.id,
      claim: s.claim,
      formula,
      entries: s.entries,
      printedRaw: v.raw,
      printed,
      recomputed: value,
      difference: printed - value,
      label: classify(printed, decimals, value, modelFlags.length > 0, s.inputRounding),
      modelFlags,
    };
    if (s.note) out.note = s.note;
    return out;
  });
}
