// The registry: model entries by id, lookups in tables (exact and interpolated), citations.
import { argError } from "../util/args.js";
import { interpolate, type Scheme } from "./interpolate.js";
import { evidenceFactors, evidenceFor, noEvidenceWords, quantityKindOf } from "./evidence.js";
import {
  interpolationError,
  P90_MIN_POINTS,
  pctText,
  STORAGE_UNITS,
  valueRange,
  widenBy,
  type RangePart,
  type ValueKind,
} from "./ranges.js";
import type {
  AxisDef,
  CarryEntry,
  FigureEntry,
  FormulaEntry,
  GapEntry,
  ModelData,
  LooStats,
  ModelEntry,
  SourceInfo,
  TableCellN,
  TableEntry,
  Value,
} from "./types.js";

export interface Citation {
  id: string;
  source: string;
  title: string;
  section: string;
  lines: string;
  file: string;
  userSupplied?: boolean;
}

/**
 * How a value stands to the sources. arithmetic: computed from the config's own inputs by a formula a
 * source states (bytes per transaction, renegotiations per second, records per interval), no measured
 * figure in it; measured: a figure as printed; user-supplied: the config's own figure; carried-forward:
 * another release's or machine's figure under a stated carry; interpolated; extrapolated.
 */
export type Confidence =
  "arithmetic" | "measured" | "interpolated" | "extrapolated" | "carried-forward" | "user-supplied";

/**
 * A looked-up value with its citation and its range. Results are kept by the registry and shared by
 * every caller (frozen): a caller that needs another confidence takes a copy with withConfidence.
 */
export interface LookupResult {
  readonly value: number;
  /**
   * The range the value may take (src/model/ranges.ts): what the source prints (a range, a bound,
   * approximately), run-to-run variation on a measurement, interpolation error, a flagged value's other
   * reading, and any carry a rule applied. Equal to value when nothing widens it.
   */
  readonly low: number;
  readonly high: number;
  /** Why the range is as wide as it is, one part per reason (for --explain). */
  readonly parts: readonly RangePart[];
  readonly raw: string;
  readonly confidence: Confidence;
  /** Measured points used for an interpolated value. */
  readonly points?: { x: number; y: number; raw: string }[];
  readonly flags: { code: string; reason: string }[];
  readonly citation: Citation;
  readonly unit: string;
}

export class ModelError extends Error {}

/**
 * Map nodes of the lookup memo kept per registry before it starts afresh (an engineering bound, not a
 * figure; a lookup takes a few nodes, shared with lookups that begin alike).
 */
const MEMO_LIMIT = 100000;

/** The memo: nested maps by a lookup's arguments, the result under RESULT at the end of the path. */
type MemoNode = Map<unknown, unknown>;
const RESULT = Symbol("result");
const SCHEME = Symbol("scheme");

/**
 * How lookups interpolate along a scale: log axis (message sizes). Linear in bytes: in the bench's
 * leave-one-out test over every message-size series of the shipped tables (bench/RESULTS.md, section
 * 5) it predicts dropped points with a median error of 5.8%, against 10.9% for log-linear and 8.7% for
 * monotone cubic in log size. Axes with scale: linear always interpolate linearly.
 */
export const DEFAULT_SCHEME: Scheme = "linear";

/**
 * A ModelData may carry, under this key, a function giving its entries' ids and types and a loader
 * of one entry by position; the precompiled models of the build do (scripts/build.ts), so that a
 * registry parses only the entries an estimate asks for. `data.entries` still gives them all.
 */
export const LAZY_ENTRIES = Symbol.for("mqzcap.lazyEntries");

export interface LazyEntries {
  ids: readonly string[];
  types: readonly string[];
  load(index: number): ModelEntry;
}

export class Registry {
  readonly sources = new Map<string, SourceInfo>();
  private entryMap = new Map<string, ModelEntry>();
  private complete = true;
  private readonly lazy?: { source: LazyEntries; position: Map<string, number> };
  private readonly byType = new Map<string, ModelEntry[]>();
  /** Whether a user's entries (--models) are laid over the shipped ones. */
  overlaid = false;

  constructor(readonly data: ModelData) {
    const d = data as Partial<Record<keyof ModelData, unknown>> | null | undefined;
    // "entries" is only asked for, not read: precompiled models give it by a getter that parses them all.
    if (d === null || typeof d !== "object" || !Array.isArray(d.sources) || !("entries" in d))
      throw argError("new Registry", "the model data", "{ sources, entries, ... } as loadModels() reads them", data);
    for (const s of data.sources) this.sources.set(s.id, s);
    const lazy = (data as { [LAZY_ENTRIES]?: () => LazyEntries })[LAZY_ENTRIES]?.();
    if (lazy) {
      const position = new Map<string, number>();
      lazy.ids.forEach((id, i) => position.set(id, i)); // the last of equal ids wins, as below
      this.lazy = { source: lazy, position };
      this.complete = false;
    } else for (const e of data.entries) this.entryMap.set(e.id, e);
  }

  /** Every entry by id (with lazily loaded models, parses them all). */
  get byId(): Map<string, ModelEntry> {
    if (!this.complete) {
      const map = new Map<string, ModelEntry>();
      for (const e of this.data.entries) map.set(e.id, e);
      this.entryMap = map;
      this.complete = true;
    }
    return this.entryMap;
  }

  private entry(id: string): ModelEntry | undefined {
    const known = this.entryMap.get(id);
    if (known || this.complete) return known;
    const i = this.lazy!.position.get(id);
    if (i === undefined) return undefined;
    const e = this.lazy!.source.load(i);
    this.entryMap.set(id, e);
    return e;
  }

  /** A registry with a user's entries laid over this one's (same id replaces). */
  withOverrides(user: ModelData): Registry {
    const merged: ModelData = {
      sources: [...this.data.sources, ...user.sources.filter((s) => !this.sources.has(s.id))],
      inventory: this.data.inventory,
      entries: [...this.data.entries.filter((e) => !user.entries.some((u) => u.id === e.id)), ...user.entries],
      notEncoded: this.data.notEncoded,
      files: [...this.data.files, ...user.files],
    };
    const errors = user.interpolationErrors ?? this.data.interpolationErrors;
    if (errors) merged.interpolationErrors = errors;
    const evidence = user.conditionEvidence ?? this.data.conditionEvidence;
    if (evidence) merged.conditionEvidence = evidence;
    const r = new Registry(merged);
    r.overlaid = true;
    return r;
  }

  get(id: string): ModelEntry {
    const e = this.entry(id);
    if (!e) throw new ModelError(`model entry ${id} is missing`);
    return e;
  }

  has(id: string): boolean {
    return this.entry(id) !== undefined;
  }

  table(id: string): TableEntry {
    return this.typed(id, "table");
  }
  figure(id: string): FigureEntry {
    return this.typed(id, "figure");
  }
  formula(id: string): FormulaEntry {
    return this.typed(id, "formula");
  }
  gap(id: string): GapEntry {
    return this.typed(id, "gap");
  }
  carry(id: string): CarryEntry {
    return this.typed(id, "carry");
  }

  private typed<T extends ModelEntry["type"]>(id: string, type: T): Extract<ModelEntry, { type: T }> {
    const e = this.get(id);
    if (e.type !== type) throw new ModelError(`model entry ${id} is a ${e.type}, not a ${type}`);
    return e as Extract<ModelEntry, { type: T }>;
  }

  entriesOf<T extends ModelEntry["type"]>(type: T): Extract<ModelEntry, { type: T }>[] {
    // Indexed by type on first use: rules ask for every carry or gap entry in each estimate.
    let list = this.byType.get(type);
    if (!list) {
      const lazy = this.complete ? undefined : this.lazy!.source;
      list = lazy
        ? lazy.types.flatMap((t, i) => (t === type ? [lazy.load(i)] : []))
        : this.data.entries.filter((e) => e.type === type);
      this.byType.set(type, list);
    }
    return list.slice() as Extract<ModelEntry, { type: T }>[];
  }

  // Citations are made once per entry and line ranges, frozen, and shared by every line item that
  // cites them (an estimate has dozens): nothing downstream changes a citation, only the lists.
  private readonly citations = new WeakMap<ModelEntry, Map<Value["lines"], Citation>>();

  citation(entry: ModelEntry, lines?: Value["lines"]): Citation {
    const cited = lines ?? entry.lines;
    let byLines = this.citations.get(entry);
    if (!byLines) this.citations.set(entry, (byLines = new Map()));
    let c = byLines.get(cited);
    if (!c) byLines.set(cited, (c = Object.freeze(this.newCitation(entry, cited))));
    return c;
  }

  private newCitation(entry: ModelEntry, lines: Value["lines"]): Citation {
    const src = this.sources.get(entry.source);
    const c: Citation = {
      id: entry.id,
      source: entry.source,
      title: src?.title ?? entry.source,
      section: entry.section,
      lines: linesText(lines),
      file: entry.file,
    };
    if (entry.userSupplied) c.userSupplied = true;
    return c;
  }

  /** A figure's value with its citation. */
  figureValue(id: string): LookupResult {
    // Figures are kept by id alone (a rule asks for several in every estimate); at most one per figure
    // entry, so this memo needs no bound.
    let r = this.figureMemo.get(id);
    if (!r) {
      const f = this.figure(id);
      let made = this.result(f, f.v, f.unit, f.userSupplied ? "user-supplied" : "measured");
      if (f.difference)
        made = differenceOf(made, this.figureValue(f.difference.of), this.figureValue(f.difference.minus), f.id);
      r = Object.freeze(copyResult(made));
      this.figureMemo.set(id, r);
    }
    return r;
  }

  // Lookups are pure functions of the registry's data, and an estimate repeats many of them. Results
  // are kept in nested maps by the lookup's arguments (no key string to build and hash per call: that
  // was most of a lookup's time), frozen and shared: no copy per call.
  private memoRoot: MemoNode = new Map();
  private memoNodes = 0;
  private readonly figureMemo = new Map<string, LookupResult>();

  /** The memo node for a kind of lookup and its first argument; the memo starts afresh when full. */
  private memoPath(kind: string, first: string): MemoNode {
    // Bounded: a long sweep over many message sizes must not grow the registry without end.
    if (this.memoNodes >= MEMO_LIMIT) {
      this.memoRoot = new Map();
      this.memoNodes = 0;
    }
    return this.memoStep(this.memoStep(this.memoRoot, kind), first);
  }

  /** One step down the memo by an argument (a primitive: 1, "1" and true stay apart, as before). */
  private memoStep(node: MemoNode, key: unknown): MemoNode {
    let next = node.get(key) as MemoNode | undefined;
    if (!next) {
      node.set(key, (next = new Map()));
      this.memoNodes++;
    }
    return next;
  }

  private keep(node: MemoNode, r: LookupResult): LookupResult {
    const kept = Object.freeze(copyResult(r));
    node.set(RESULT, kept);
    return kept;
  }

  /** A formula's printed constant. */
  parameter(formulaId: string, name: string): LookupResult {
    const node = this.memoStep(this.memoPath("p", formulaId), name);
    const hit = node.get(RESULT) as LookupResult | undefined;
    if (hit) return hit;
    const f = this.formula(formulaId);
    const p = f.parameters[name];
    if (!p) throw new ModelError(`formula ${formulaId} has no parameter ${name}`);
    return this.keep(node, this.result(f, p.v, p.unit, f.userSupplied ? "user-supplied" : "measured"));
  }

  private result(
    entry: ModelEntry,
    v: Value,
    unit: string,
    confidence: Confidence,
    bounds?: { low?: Value; high?: Value },
  ): LookupResult {
    if (v.value === null) throw new ModelError(`${entry.id}: "${v.raw}" is not a number`);
    const range = valueRange(v, this.valueKind(entry, unit));
    for (const end of [bounds?.low, bounds?.high]) {
      if (end?.value === undefined || end.value === null) continue;
      const before = { low: range.low, high: range.high };
      range.low = Math.min(range.low, end.value);
      range.high = Math.max(range.high, end.value);
      if (range.low !== before.low || range.high !== before.high)
        range.parts.push(
          Object.freeze({
            from: entry.id,
            reason: "min-max",
            low: v.value === 0 ? 0 : ((range.low - v.value) / Math.abs(v.value)) * 100,
            high: v.value === 0 ? 0 : ((range.high - v.value) / Math.abs(v.value)) * 100,
            text: `the table's ${end === bounds?.low ? "lowest" : "highest"} observed value, "${end.raw}"`,
          }),
        );
    }
    return {
      value: v.value,
      raw: v.raw,
      confidence: v.userSupplied ? "user-supplied" : confidence,
      flags: v.flags,
      citation: this.citation(entry, v.lines),
      unit,
      low: range.low,
      high: range.high,
      parts: Object.freeze(range.parts),
    };
  }

  /** What a value of an entry is, for its range: its unit, whether a change, and its run-to-run tolerance. */
  private valueKind(entry: ModelEntry, unit: string): ValueKind {
    const relative = entry.type === "table" || (entry.type === "figure" && entry.relativeTo !== undefined);
    const kind: ValueKind = { from: entry.id, unit, relative };
    if (entry.measuredStorage !== undefined) kind.storage = true;
    if (entry.notRunToRun === undefined) {
      const t = this.runToRun(entry.source);
      if (t) kind.runToRun = t;
    }
    return kind;
  }

  private readonly runToRunBySource = new Map<string, { pct: number; figure: string } | null>();

  /** A source's run-to-run tolerance (models/sources.yaml runToRun), in percent, with the figure stating it. */
  runToRun(source: string): { pct: number; figure: string } | undefined {
    let t = this.runToRunBySource.get(source);
    if (t === undefined) {
      const id = this.sources.get(source)?.runToRun?.figure;
      // Read past get(), which a test's tracing registry counts as a rule's read.
      const e = id !== undefined ? this.entry(id) : undefined;
      const f = e?.type === "figure" ? e : undefined;
      const pct = f ? Math.abs(f.v.high ?? f.v.value ?? NaN) : NaN;
      t = f && Number.isFinite(pct) ? { pct, figure: f.id } : null;
      this.runToRunBySource.set(source, t);
    }
    return t ?? undefined;
  }

  /**
   * A range carried along a table's axis from its one measured value to another: widened by the sources'
   * evidence for that condition and kind of quantity (models/condition-evidence.yaml), or open on both
   * sides where they hold none. Adds its part.
   */
  private carriedAcross(
    t: TableEntry,
    unit: string,
    axis: string,
    from: number,
    to: number,
    low: number,
    high: number,
    parts: RangePart[],
  ): [number, number] {
    const relative = unit === "percent" || unit === "ratio";
    const kind = quantityKindOf(unit, relative, t.measuredStorage !== undefined);
    const sizes = axis === "messageSize" && from > 0 && to > 0 ? { measured: from, config: to } : undefined;
    const row = kind ? evidenceFor(this.data.conditionEvidence, axis, kind, sizes) : undefined;
    const what = `carried from its one measured ${axis} ${from} to ${to}`;
    if (!row) {
      parts.push(
        Object.freeze({
          from: t.id,
          reason: "extrapolation" as const,
          low: -100,
          high: Infinity,
          text: `${what}: ${kind ? noEvidenceWords(this.data.conditionEvidence, axis, kind, { what: "such", condition: axis }, sizes) : `the sources hold no pairs of such figures measured under two values of ${axis} in two or more tables`}, so the range is open on both sides`,
          basis: "models/condition-evidence.yaml",
        }),
      );
      return [unit === "percent" ? Math.min(low, -100) : Math.min(low, 0), Infinity];
    }
    const [fl, fh] = evidenceFactors(row, to > from ? 1 : -1);
    const [a, b] = unit === "percent" ? [(100 + low) * fl - 100, (100 + high) * fh - 100] : [low * fl, high * fh];
    const nl = Math.min(low, a);
    const nh = Math.max(high, b);
    parts.push(
      Object.freeze({
        from: t.id,
        reason: "extrapolation" as const,
        low: (fl - 1) * 100,
        high: (fh - 1) * 100,
        text: `${what}: the sources' own ${axis} changes${row.band ? ` ${row.band} apart` : ""} move such figures by ${pctText((fl - 1) * 100, (fh - 1) * 100)} (${row.how === "p90" ? "p90" : "the worst"} of ${row.n} pairs${row.whole ? `: ${row.whole}` : ""})`,
        basis: "models/condition-evidence.yaml",
      }),
    );
    return [nl, nh];
  }

  /**
   * Whether the sources' own figures of this kind move away from a table's measured edge the way its
   * trend does, going from `edge` to `to` along `axis` (models/condition-evidence.yaml: the p5 to p95 of
   * the value at the larger setting over the smaller all on one side of 1): then the edge's measured
   * value bounds an extrapolation on its side, and the words saying so; else undefined.
   */
  private edgeBounds(
    t: TableEntry,
    unit: string,
    axis: string,
    edge: number,
    to: number,
    trend: number,
  ): string | undefined {
    const relative = unit === "percent" || unit === "ratio";
    const kind = quantityKindOf(unit, relative, t.measuredStorage !== undefined);
    const sizes = axis === "messageSize" && edge > 0 && to > 0 ? { measured: edge, config: to } : undefined;
    const row = kind ? evidenceFor(this.data.conditionEvidence, axis, kind, sizes) : undefined;
    if (!row?.up || trend === 0) return undefined;
    // +1: the value grows with the axis in every pair from p5 to p95; -1: it falls; 0: either.
    const grows = row.up.low > 0 ? 1 : row.up.high < 0 ? -1 : 0;
    if (grows === 0 || Math.sign(trend) !== grows * Math.sign(to - edge)) return undefined;
    return `the sources' own ${axis} changes${row.band ? ` ${row.band} apart` : ""} move such figures ${grows > 0 ? "up" : "down"} with ${axis} (${pctText(row.up.low, row.up.high)}, ${row.n >= 5 && row.how === "p90" ? "p5 to p95" : "least to most"} of ${row.n} pairs)`;
  }

  /** The leave-one-out interpolation error of a table's axis (models/interpolation-error.yaml). */
  interpolationErrorOf(
    tableId: string,
    axis: string,
    messageSize: boolean,
    flagged = true,
  ): ReturnType<typeof interpolationError> | undefined {
    const data = this.data.interpolationErrors;
    if (!data) return undefined;
    const t = data.tables.find((x) => x.table === tableId && x.axis === axis);
    // A lookup between unflagged points takes the predictions made from unflagged neighbours, where
    // enough of them give a p90: the others' errors are the flagged values' (as a flagged point's own).
    const own: LooStats | undefined =
      !flagged && t?.unflagged && t.unflagged.n >= P90_MIN_POINTS ? t.unflagged : t?.stats;
    return interpolationError(own, messageSize ? data.pooled.messageSize : data.pooled.other);
  }

  /**
   * A table cell. Category axes must match exactly; at most one numeric axis may fall between measured
   * values, and is interpolated (DEFAULT_SCHEME for scale: log, linear otherwise).
   */
  lookup(
    tableId: string,
    at: Record<string, string | number | boolean>,
    measure?: string,
    scheme?: Scheme,
  ): LookupResult {
    let node = this.memoStep(this.memoPath("t", tableId), measure ?? "");
    // Most lookups name no scheme: no step for it then. The symbol keeps a scheme's step apart from
    // the axis names that follow (strings).
    if (scheme !== undefined) node = this.memoStep(this.memoStep(node, SCHEME), scheme);
    for (const k in at) node = this.memoStep(this.memoStep(node, k), at[k]);
    return (
      (node.get(RESULT) as LookupResult | undefined) ??
      this.keep(node, this.lookupUncached(tableId, at, measure, scheme))
    );
  }

  private lookupUncached(
    tableId: string,
    at: Record<string, string | number | boolean>,
    measure?: string,
    scheme?: Scheme,
  ): LookupResult {
    const t = this.table(tableId);
    const m = measure ?? (t.measures.length === 1 ? t.measures[0]!.name : undefined);
    const mdef = t.measures.find((x) => x.name === m);
    if (!mdef) throw new ModelError(`table ${tableId} has no measure ${measure ?? "(default)"}`);
    const index = tableIndex(t);
    let free: string | undefined;
    for (const axis of t.axes) {
      const want = at[axis.name];
      if (want === undefined) throw new ModelError(`lookup in ${tableId} needs ${axis.name}`);
      if (!index.axisValues.get(axis.name)!.has(String(want))) {
        if (axis.type !== "numeric" || typeof want !== "number") {
          throw new ModelError(`${tableId} has no ${axis.name}=${String(want)} (measured: ${axis.values.join(", ")})`);
        }
        if (free) throw new ModelError(`${tableId}: can interpolate along one axis only`);
        free = axis.name;
      }
    }
    if (!free) {
      // A cell that leaves an axis out holds for every value of it (a list printed for both cases).
      const cell =
        index.exact.get(cellKey(t, m!, at)) ??
        t.cells.find(
          (c) =>
            c.measure === m &&
            t.axes.every((a) => c.at[a.name] === undefined || String(c.at[a.name]) === String(at[a.name])),
        );
      if (cell) {
        const r = this.result(
          t,
          cell.v,
          mdef.unit,
          t.userSupplied ? "user-supplied" : "measured",
          mdef.bounds && boundCells(t, index, mdef.bounds, cell.at),
        );
        const d = mdef.difference;
        return d
          ? differenceOf(r, this.lookup(tableId, at, d.of), this.lookup(tableId, { ...at, ...d.minus }, d.of), tableId)
          : r;
      }
      // A sparse row: the size is on the axis but not measured in this row; interpolate along the row.
      free = t.axes.find(
        (a) =>
          a.type === "numeric" &&
          typeof at[a.name] === "number" &&
          (freeCells(t, index, a.name).get(cellKey(t, m!, at, a.name)) ?? []).length > 0,
      )?.name;
      if (!free) throw new ModelError(`${tableId} has no cell for ${JSON.stringify(at)} ${m}`);
    }
    const axis = t.axes.find((a) => a.name === free)!;
    const cells = freeCells(t, index, free).get(cellKey(t, m!, at, free)) ?? [];
    if (cells.length === 0) throw new ModelError(`${tableId} has no cells to interpolate for ${JSON.stringify(at)}`);
    const points = cells.map((c) => ({ x: Number(c.at[free!]), y: c.v.value!, raw: c.v.raw }));
    const x = Number(at[free]);
    const how = scheme ?? (axis.scale === "log" ? DEFAULT_SCHEME : "linear");
    const r = interpolate(points, x, how);
    const used = points.filter((p) => r.from.some((f) => f.x === p.x));
    const usedCells = cells.filter((c) => used.some((u) => u.x === Number(c.at[free!])));
    const flags = usedCells.flatMap((c) => c.v.flags);
    // The range: each measured end's own range, interpolated as the value is, then widened by the
    // table's leave-one-out error (more for each segment's length beyond the measured span).
    const kind = this.valueKind(t, mdef.unit);
    const ends = cells.map((c) => ({ c, range: valueRange(c.v, kind) }));
    const lowAt = interpolate(
      ends.map((e) => ({ x: Number(e.c.at[free!]), y: e.range.low })),
      x,
      how,
    ).value;
    const highAt = interpolate(
      ends.map((e) => ({ x: Number(e.c.at[free!]), y: e.range.high })),
      x,
      how,
    ).value;
    const parts: RangePart[] = [];
    for (const e of ends) {
      if (!usedCells.includes(e.c)) continue;
      for (const p of e.range.parts) {
        const k = parts.findIndex((q) => q.reason === p.reason && q.from === p.from);
        if (k < 0) parts.push(p);
        else if (p.high - p.low > parts[k]!.high - parts[k]!.low) parts[k] = p;
      }
    }
    let low = Math.min(lowAt, highAt, r.value);
    let high = Math.max(lowAt, highAt, r.value);
    const messageSize = free === "messageSize" || (axis.unit === "bytes" && axis.scale === "log");
    const err = this.interpolationErrorOf(tableId, free, messageSize, flags.length > 0);
    if (r.kind === "extrapolated" && points.length === 1) {
      // One measured point along the axis: no trend to extend, so the value is carried across the axis,
      // widened as a figure used under another condition is (the sources' evidence, or open).
      [low, high] = this.carriedAcross(t, mdef.unit, free, points[0]!.x, x, low, high, parts);
    } else if (err && r.kind !== "exact") {
      const dist = (a: number, b: number) =>
        axis.scale === "log" && a > 0 && b > 0 ? Math.abs(Math.log(a / b)) : Math.abs(a - b);
      let pct = err.pct;
      let how = err.how;
      let where = `interpolated between ${used.map((p) => `${p.raw} (${axis.name} ${p.x})`).join(" and ")}`;
      // Between two measured points: the table's error per unit of span, times this span. A leave-one-out
      // prediction crosses two segments (its dropped point's neighbours), so its error is that of a span
      // twice as wide as a lookup between adjacent measured points crosses (docs/ranges.md).
      if (r.kind === "interpolated" && err.perSpan && used.length === 2) {
        const span = dist(used[0]!.x, used[1]!.x);
        pct = err.perSpan.pct * span;
        how = `${spanText(err.perSpan.pct, span, axis)}, the ${err.perSpan.how}`;
      }
      let edgeSide: [number, number] | undefined;
      let edgeValue: number | undefined;
      if (r.kind === "extrapolated") {
        const xs = points.map((p) => p.x).sort((a, b) => a - b);
        const above = x > xs[xs.length - 1]!;
        const edge = above ? xs[xs.length - 1]! : xs[0]!;
        const next = above ? xs[xs.length - 2] : xs[1];
        const segments = next !== undefined && dist(edge, next) > 0 ? dist(x, edge) / dist(edge, next) : 1;
        pct = err.pct * (1 + segments);
        how = `the ${err.how}`;
        where = `extrapolated ${segments.toFixed(1)} segment(s) beyond the measured ${above ? "top" : "bottom"} (${axis.name} ${edge})`;
        // Beyond the span the sources do not say whether the trend goes on: the range spans the edge's
        // own value as well as the trend's extension (which may stop at zero, a width of nothing).
        const edgeCell = ends.find((e) => Number(e.c.at[free!]) === edge);
        if (edgeCell) {
          where += `, spanning the edge's own value ${edgeCell.c.v.raw} and the trend`;
          const bound = this.edgeBounds(t, mdef.unit, free, edge, x, r.value - edgeCell.c.v.value!);
          if (bound) {
            // The sources' own figures of this kind move away from the edge the way the trend does:
            // the edge's measured value bounds that side; the extrapolation's error widens the trend.
            edgeSide = [edgeCell.range.low, edgeCell.range.high];
            edgeValue = edgeCell.c.v.value!;
            how += `; the edge's value bounds it ${r.value > edgeCell.c.v.value! ? "below" : "above"}: ${bound}`;
          } else {
            low = Math.min(low, edgeCell.range.low);
            high = Math.max(high, edgeCell.range.high);
          }
        }
      }
      [low, high] = widenBy(low, high, pct);
      // The edge's measured range is that side's end, whichever way the widened trend reaches.
      if (edgeSide && r.value > edgeValue!) low = edgeSide[0];
      else if (edgeSide) high = edgeSide[1];
      parts.push(
        Object.freeze({
          from: tableId,
          reason: r.kind === "extrapolated" ? ("extrapolation" as const) : ("interpolation" as const),
          low: -pct,
          high: pct,
          text: `${where}: ${pctText(-pct, pct)}, ${how}`,
          basis: "models/interpolation-error.yaml",
        }),
      );
    }
    return {
      value: r.value,
      raw: used.map((p) => p.raw).join(" .. "),
      confidence: r.kind === "extrapolated" ? "extrapolated" : "interpolated",
      points: used,
      flags,
      citation: this.citation(t),
      unit: mdef.unit,
      low,
      high,
      parts: Object.freeze(parts),
    };
  }

  /**
   * A carry statement that lets data of `entry` for `from` stand for `to`: one whose `covers` takes the
   * entry in (a statement of regression covers every figure but storage; a statement about named entries
   * covers those; one about lost charts covers no looked-up value).
   */
  carryFor(axis: "release" | "hardware", from: string, to: string, entry: ModelEntry): CarryEntry | undefined {
    const storage = isStorageEntry(entry);
    return this.entriesOf("carry").find(
      (c) =>
        c.axis === axis &&
        c.from.includes(from) &&
        c.to.includes(to) &&
        (Array.isArray(c.covers) ? c.covers.includes(entry.id) : c.covers === "cpu-and-throughput" && !storage),
    );
  }

  private storageSteps?: { table: string; pct: number; releases: readonly string[] }[];

  /**
   * How far storage moves from one release to the next in the sources: every pair of neighbouring
   * releases in a storage table that prints several side by side (the SVRCONN footprint tables), as
   * (larger / smaller - 1) in percent. Cells the source flags are left out, as in the interpolation
   * error (their spread is the flag's).
   */
  storageReleaseSteps(): readonly { table: string; pct: number; releases: readonly string[] }[] {
    if (this.storageSteps) return this.storageSteps;
    const steps: { table: string; pct: number; releases: readonly string[] }[] = [];
    for (const t of this.entriesOf("table")) {
      const axis = t.axes.find((a) => a.name === "release");
      if (!axis) continue;
      const releases = axis.values.map(String);
      for (const m of t.measures) {
        if (!STORAGE_UNITS.has(m.unit) || m.difference) continue;
        const rows = new Map<string, Map<string, number>>();
        for (const c of t.cells) {
          if (c.measure !== m.name || c.v.value === null || c.v.flags.length > 0) continue;
          const key = t.axes.map((a) => (a.name === "release" ? "" : String(c.at[a.name]))).join("\u0000");
          let row = rows.get(key);
          if (!row) rows.set(key, (row = new Map()));
          row.set(String(c.at.release), c.v.value);
        }
        for (const row of rows.values())
          for (let k = 1; k < releases.length; k++) {
            const a = row.get(releases[k - 1]!);
            const b = row.get(releases[k]!);
            if (a === undefined || b === undefined || a <= 0 || b <= 0) continue;
            steps.push({ table: t.id, pct: (Math.max(a, b) / Math.min(a, b) - 1) * 100, releases });
          }
      }
    }
    return (this.storageSteps = steps);
  }

  private storageReleaseList?: readonly string[];

  /**
   * The releases whose storage the sources print side by side (every release of storageReleaseSteps'
   * tables): a storage figure is extrapolated to these only, the span the release spread was measured on.
   */
  storageReleases(): readonly string[] {
    if (!this.storageReleaseList)
      this.storageReleaseList = [...new Set(this.storageReleaseSteps().flatMap((s) => s.releases))];
    return this.storageReleaseList;
  }

  /**
   * The relative error to widen a storage figure by for each release step it is used away from its own
   * (the p90 of storageReleaseSteps over five or more steps, the worst of fewer), leaving out the steps
   * of `except` (a table id: the bench predicts a table's figures without its own data). Undefined
   * where the sources give no steps.
   */
  storageReleaseSpread(
    except?: string,
  ): { pct: number; n: number; how: string; releases: readonly string[] } | undefined {
    const steps = this.storageReleaseSteps().filter((s) => s.table !== except);
    if (steps.length === 0) return undefined;
    const xs = steps.map((s) => s.pct).sort((a, b) => a - b);
    const tables = [...new Set(steps.map((s) => s.table))];
    const releases = this.storageReleases();
    const p90 = xs.length >= P90_MIN_POINTS;
    const pct = p90 ? quantile(xs, 0.9) : xs[xs.length - 1]!;
    const how = `${p90 ? "p90" : "worst"} of ${xs.length} release-to-release changes in ${tables.join(", ")}`;
    return { pct, n: xs.length, how, releases };
  }
}

/**
 * Whether an entry is about storage (KB, MB, GB): a figure's unit, or any measure of a table (a storage
 * table's count column, such as clients per channel instance, describes the storage measured).
 */
export function isStorageEntry(entry: ModelEntry): boolean {
  if (entry.type === "figure") return STORAGE_UNITS.has(entry.unit);
  if (entry.type === "table") return entry.measures.some((m) => STORAGE_UNITS.has(m.unit));
  return false;
}

/** The q-quantile of sorted values, interpolated between neighbours (as the bench's). */
function quantile(sorted: readonly number[], q: number): number {
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
}

/**
 * A value the source computed as a difference (an overhead over 1KB, a shared-queue overhead): its
 * range is the difference of its operands' ranges, not a tolerance on the difference itself, which
 * would understate it; never across zero, as noise does not reverse an overhead.
 */
function differenceOf(r: LookupResult, a: LookupResult, b: LookupResult, from: string): LookupResult {
  let low = a.low - b.high;
  let high = a.high - b.low;
  if (r.value >= 0 && low < 0) low = 0;
  if (r.value <= 0 && high > 0) high = 0;
  low = Math.min(low, r.value);
  high = Math.max(high, r.value);
  const pct = (x: number) => (r.value === 0 ? 0 : ((x - r.value) / Math.abs(r.value)) * 100);
  const c = copyResult(r) as Mutable<LookupResult>;
  c.low = low;
  c.high = high;
  // The operands' parts say why they are as wide as they are; the value's own tolerance is theirs.
  c.parts = Object.freeze([
    ...r.parts.filter((p) => p.reason !== "run-to-run"),
    Object.freeze({
      from,
      reason: "derived" as const,
      low: pct(low),
      high: pct(high),
      text: `computed by the source as ${a.raw} - ${b.raw}: the difference of their ranges, ${fmt(a.low)}..${fmt(a.high)} less ${fmt(b.low)}..${fmt(b.high)}`,
    }),
  ]);
  return c;
}

const fmt = (x: number) => String(Math.round(x * 100) / 100);

/** A result with another confidence (a release carry, a nearest measured size): a copy, the kept one shared. */
export function withConfidence(r: LookupResult, confidence: Confidence): LookupResult {
  return r.confidence === confidence ? r : copyResult(r, confidence);
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * A shallow copy, keys in the order the lookups make them (one shape for results kept and copied):
 * spread takes V8's slow path (a property at a time) for results of several shapes.
 */
function copyResult(r: LookupResult, confidence: Confidence = r.confidence): LookupResult {
  const c = { value: r.value, raw: r.raw, confidence } as Mutable<LookupResult>;
  if (r.points !== undefined) c.points = r.points;
  c.flags = r.flags;
  c.citation = r.citation;
  c.unit = r.unit;
  c.low = r.low;
  c.high = r.high;
  c.parts = r.parts;
  return c;
}

/**
 * A result widened by a relative tolerance either way (a release carry's "+/-6%", a machine's
 * spread), the part saying why: a copy, the kept one shared.
 */
export function widenResult(
  r: LookupResult,
  pct: number,
  part: Omit<RangePart, "low" | "high">,
  confidence: Confidence = r.confidence,
): LookupResult {
  const c = copyResult(r, confidence) as Mutable<LookupResult>;
  [c.low, c.high] = widenBy(r.low, r.high, pct, r.unit === "percent");
  c.parts = Object.freeze([...r.parts, Object.freeze({ ...part, low: -pct, high: pct })]);
  return c;
}

/** A copy of a result with one more part that does not move its range (a note of why it does not). */
export function withParts(r: LookupResult, confidence: Confidence, part: RangePart): LookupResult {
  const c = copyResult(r, confidence) as Mutable<LookupResult>;
  c.parts = Object.freeze([...r.parts, Object.freeze(part)]);
  return c;
}

/** The cells of a measure's min and max columns at the same axis values as a cell. */
function boundCells(
  t: TableEntry,
  index: TableIndex,
  bounds: { low?: string; high?: string },
  at: Record<string, string | number | boolean>,
): { low?: Value; high?: Value } {
  const out: { low?: Value; high?: Value } = {};
  if (bounds.low !== undefined) {
    const c = index.exact.get(cellKey(t, bounds.low, at));
    if (c) out.low = c.v;
  }
  if (bounds.high !== undefined) {
    const c = index.exact.get(cellKey(t, bounds.high, at));
    if (c) out.high = c.v;
  }
  return out;
}

/** Line ranges as cited: "336-347, 350" (once per citation, which is kept). */
/**
 * An error per unit of span and the span it is taken over, in words: per doubling on a log axis (a
 * message size), per unit of the axis otherwise.
 */
function spanText(perUnit: number, span: number, axis: AxisDef): string {
  const r = (x: number) => String(Math.round(x * 100) / 100);
  return axis.scale === "log"
    ? `${r(perUnit * Math.LN2)}% per doubling of ${axis.name} over ${r(span / Math.LN2)} doubling(s)`
    : `${r(perUnit)}% per unit of ${axis.name} over ${r(span)}`;
}

function linesText(lines: Value["lines"]): string {
  return lines.map(([a, b]) => (a === b ? `${a}` : `${a}-${b}`)).join(", ");
}

// Lookups by key instead of scanning a table's cells: built once per table entry, on first lookup.
// Keys compare values as strings, as the scans they replace did; the first of equal cells wins.
interface TableIndex {
  axisValues: Map<string, Set<string>>;
  exact: Map<string, TableCellN>;
  /** By free axis: the cells with a number, in table order, by the other axes' values and measure. */
  free: Map<string, Map<string, TableCellN[]>>;
}

const tableIndexes = new WeakMap<TableEntry, TableIndex>();

function cellKey(t: TableEntry, measure: string, at: Record<string, unknown>, skip?: string): string {
  const parts: string[] = [measure];
  for (const a of t.axes) if (a.name !== skip) parts.push(String(at[a.name]));
  return parts.join("\u0000");
}

function tableIndex(t: TableEntry): TableIndex {
  let index = tableIndexes.get(t);
  if (index) return index;
  index = { axisValues: new Map(), exact: new Map(), free: new Map() };
  for (const a of t.axes) index.axisValues.set(a.name, new Set(a.values.map(String)));
  for (const c of t.cells) {
    const key = cellKey(t, c.measure, c.at);
    if (!index.exact.has(key)) index.exact.set(key, c);
  }
  tableIndexes.set(t, index);
  return index;
}

function freeCells(t: TableEntry, index: TableIndex, free: string): Map<string, TableCellN[]> {
  let byKey = index.free.get(free);
  if (byKey) return byKey;
  byKey = new Map();
  for (const c of t.cells) {
    if (c.v.value === null) continue;
    const key = cellKey(t, c.measure, c.at, free);
    const list = byKey.get(key);
    if (list) list.push(c);
    else byKey.set(key, [c]);
  }
  index.free.set(free, byKey);
  return byKey;
}
