// The class 3 join: WTID (who the task is), WTAS (its task-level figures) and WQ (per queue) rows of one
// task belong together by correlator AND the record's Date, Time, LPAR and QMgr: a long-running task
// writes one set per accounting interval, so the correlator alone is not unique. Platform-neutral.
//
// The three structures arrive in the same record order (three CSV files read in step, or one NDJSON
// stream where a record's WTAS and WQ come before its WTID), so a task's partner rows are never far
// apart. The join keeps a window of recent WTIDs and, for WTAS/WQ rows that came before their WTID,
// small running sums (never the rows): memory is bounded by the window, not by the input.
import { RecentKeys } from "./recent-keys.js";

const f64 = new Float64Array(1);
const u8 = new Uint8Array(f64.buffer);

/**
 * The join key of a class 3 row: its queue manager (LPAR/QMGR), record time and correlator, as one
 * flat string made by join() (a key built with + or a template is a tree of its parts, and one kept
 * waiting would keep its correlator's whole chunk of text alive: a cell's text is a slice of its
 * chunk's). The time is its 8 bytes, a character each: String(at) cost 180 ns a row, and characters
 * under 256 keep the key one byte a character. Two keys are equal when the queue managers, the times
 * (as numbers) and the correlators are.
 */
export function taskKey(qm: string, at: unknown, correl: unknown): string {
  f64[0] = typeof at === "number" ? at : NaN;
  const t = String.fromCharCode(u8[0]!, u8[1]!, u8[2]!, u8[3]!, u8[4]!, u8[5]!, u8[6]!, u8[7]!);
  return [qm, t, String(correl)].join("|");
}

/** Sums of one task's class 3 figures, or of many tasks'. */
export interface TaskSums {
  tasks: number; // WTAS rows
  queueRows: number; // WQ rows
  cpuUs: number; // CPU of MQ API calls charged to the task (*_CT)
  calls: number; // MQ API calls
  puts: number; // MQPUT + MQPUT1
  persistentPuts: number;
  putsWithPersistence: number; // puts from WQ rows that carry the persistent counts
  bytesPut: number;
  validPuts: number;
  gets: number;
}

export const emptySums = (): TaskSums => ({
  tasks: 0,
  queueRows: 0,
  cpuUs: 0,
  calls: 0,
  puts: 0,
  persistentPuts: 0,
  putsWithPersistence: 0,
  bytesPut: 0,
  validPuts: 0,
  gets: 0,
});

export function addSums(into: TaskSums, s: TaskSums): void {
  into.tasks += s.tasks;
  into.queueRows += s.queueRows;
  into.cpuUs += s.cpuUs;
  into.calls += s.calls;
  into.puts += s.puts;
  into.persistentPuts += s.persistentPuts;
  into.putsWithPersistence += s.putsWithPersistence;
  into.bytesPut += s.bytesPut;
  into.validPuts += s.validPuts;
  into.gets += s.gets;
}

/** Who a task is, from its WTID. */
export interface TaskIdentity {
  applType: string | undefined;
  channel: string | undefined;
  connection: string | undefined;
  /** LPAR/QMGR of the task. */
  qm: string;
}

export interface JoinStats {
  wtid: number;
  matchedWtas: number;
  matchedWq: number;
  /** WTAS/WQ rows with no WTID in reach (counted under an unknown connection type). */
  orphanWtas: number;
  orphanWq: number;
  /** A WTID seen twice for one key (same correlator, same record time). */
  duplicateWtid: number;
}

interface Pending {
  sums: TaskSums;
  /** WTIDs seen when the first row of this key arrived. */
  since: number;
  lastKind: "WTAS" | "WQ";
  qm: string;
  /** The record time of the task's rows (they share it: it is part of the key). */
  at: number;
}

export class TaskJoin {
  /** The last `window` WTIDs by key (RecentKeys, not a Map: see there). */
  private readonly ids: RecentKeys<TaskIdentity>;
  private readonly pending = new Map<string, Pending>();
  private wtidSeen = 0;
  private wtidDone = false;
  readonly stats: JoinStats = { wtid: 0, matchedWtas: 0, matchedWq: 0, orphanWtas: 0, orphanWq: 0, duplicateWtid: 0 };

  /**
   * @param window WTIDs kept for partners still to come; a WTAS/WQ row waits for its WTID while at
   *   most window/2 further WTIDs arrive, then counts as unmatched.
   * @param add receives each task's sums with its identity (undefined when unmatched) and the record
   *   time of its rows (NaN when the caller gave none).
   */
  constructor(
    private readonly add: (who: TaskIdentity | undefined, sums: TaskSums, qm: string, at: number) => void,
    private readonly window = 20_000,
  ) {
    this.ids = new RecentKeys(window);
  }

  wtid(key: string, who: TaskIdentity): void {
    this.stats.wtid++;
    this.wtidSeen++;
    if (this.ids.has(key)) this.stats.duplicateWtid++;
    else this.ids.add(key, who);
    const waiting = this.pending.get(key);
    if (waiting) {
      this.pending.delete(key);
      this.countMatched(waiting.sums);
      this.add(who, waiting.sums, who.qm, waiting.at);
    }
    // Rows that waited while half a window of WTIDs went by have no WTID in reach.
    for (const [k, p] of this.pending) {
      if (this.wtidSeen - p.since <= this.window / 2) break;
      this.pending.delete(k);
      this.orphan(p.sums, p.qm, p.at);
    }
  }

  /** Adds a WTAS or WQ row's sums (`at` its record time); returns false when it waits for its WTID. */
  part(key: string, kind: "WTAS" | "WQ", sums: TaskSums, qm: string, at = NaN): boolean {
    const who = this.ids.get(key);
    if (who) {
      this.countMatched(sums);
      this.add(who, sums, qm, at);
      return true;
    }
    if (this.wtidDone) {
      this.orphan(sums, qm, at);
      return true;
    }
    const p = this.pending.get(key);
    if (p) {
      addSums(p.sums, sums);
      p.lastKind = kind;
    } else this.pending.set(key, { sums: { ...sums }, since: this.wtidSeen, lastKind: kind, qm, at });
    return false;
  }

  /** Whether rows of this key still wait for their WTID. */
  waiting(key: string): boolean {
    return this.pending.has(key);
  }

  /** No more WTIDs will come: what waits is unmatched, and so is every later row without one in reach. */
  wtidEnded(): void {
    this.wtidDone = true;
    for (const p of this.pending.values()) this.orphan(p.sums, p.qm, p.at);
    this.pending.clear();
  }

  finish(): void {
    this.wtidEnded();
  }

  private countMatched(s: TaskSums): void {
    this.stats.matchedWtas += s.tasks;
    this.stats.matchedWq += s.queueRows;
  }

  private orphan(s: TaskSums, qm: string, at: number): void {
    this.stats.orphanWtas += s.tasks;
    this.stats.orphanWq += s.queueRows;
    this.add(undefined, s, qm, at);
  }
}
