// The registry: model entries by id, lookups in tables (exact and interpolated), citations.
import { interpolate, type Scheme } from "./interpolate.js";
import type {
  CarryEntry,
  FigureEntry,
  FormulaEntry,
  GapEntry,
  ModelData,
  ModelEntry,
  SourceInfo,
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

export type Confidence = "measured" | "interpolated" | "extrapolated" | "carried-forward" | "user-supplied";

export interface LookupResult {
  value: number;
  low?: number;
  high?: number;
  raw: string;
  confidence: Confidence;
  /** Measured points used for an interpolated value. */
  points?: { x: number; y: number; raw: string }[];
  flags: { code: string; reason: string }[];
  citation: Citation;
  unit: string;
}

export class ModelError extends Error {}

export const DEFAULT_SCHEME: Scheme = "log";

export class Registry {
  readonly byId = new Map<string, ModelEntry>();
  readonly sources = new Map<string, SourceInfo>();

  constructor(readonly data: ModelData) {
    for (const s of data.sources) this.sources.set(s.id, s);
    for (const e of data.entries) this.byId.set(e.id, e);
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
    return new Registry(merged);
  }

  get(id: string): ModelEntry {
    const e = this.byId.get(id);
    if (!e) throw new ModelError(`model entry ${id} is missing`);
    return e;
  }

  has(id: string): boolean {
    return this.byId.has(id);
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
    return this.data.entries.filter((e) => e.type === type) as Extract<ModelEntry, { type: T }>[];
  }

  citation(entry: ModelEntry, lines?: Value["lines"]): Citation {
    const src = this.sources.get(entry.source);
    const c: Citation = {
      id: entry.id,
      source: entry.source,
      title: src?.title ?? entry.source,
      section: entry.section,
      lines: (lines ?? entry.lines).map(([a, b]) => (a === b ? `${a}` : `${a}-${b}`)).join(", "),
      file: entry.file,
    };
    if (entry.userSupplied) c.userSupplied = true;
    return c;
  }

  /** A figure's value with its citation. */
  figureValue(id: string): LookupResult {
    const f = this.figure(id);
    return this.result(f, f.v, f.unit, f.userSupplied ? "user-supplied" : "measured");
  }

  /** A formula's printed constant. */
  parameter(formulaId: string, name: string): LookupResult {
    const f = this.formula(formulaId);
    const p = f.parameters[name];
    if (!p) throw new ModelError(`formula ${formulaId} has no parameter ${name}`);
    return this.result(f, p.v, p.unit, f.userSupplied ? "user-supplied" : "measured");
  }

  private result(entry: ModelEntry, v: Value, unit: string, confidence: Confidence): LookupResult {
    if (v.value === null) throw new ModelError(`${entry.id}: "${v.raw}" is not a number`);
    const r: LookupResult = {
      value: v.value,
      raw: v.raw,
      confidence: v.userSupplied ? "user-supplied" : confidence,
      flags: v.flags,
      citation: this.citation(entry, v.lines),
      unit,
    };
    if (v.low !== undefined) r.low = v.low;
    if (v.high !== undefined) r.high = v.high;
    return r;
  }

  /**
   * A table cell. Category axes must match exactly; at most one numeric axis may fall between measured
   * values, and is interpolated (log-linear for scale: log, linear otherwise).
   */
  lookup(
    tableId: string,
    at: Record<string, string | number | boolean>,
    measure?: string,
    scheme?: Scheme,
  ): LookupResult {
    const t = this.table(tableId);
    const m = measure ?? (t.measures.length === 1 ? t.measures[0]!.name : undefined);
    const mdef = t.measures.find((x) => x.name === m);
    if (!mdef) throw new ModelError(`table ${tableId} has no measure ${measure ?? "(default)"}`);
    let free: string | undefined;
    for (const axis of t.axes) {
      const want = at[axis.name];
      if (want === undefined) throw new ModelError(`lookup in ${tableId} needs ${axis.name}`);
      if (!axis.values.some((v) => String(v) === String(want))) {
        if (axis.type !== "numeric" || typeof want !== "number") {
          throw new ModelError(`${tableId} has no ${axis.name}=${String(want)} (measured: ${axis.values.join(", ")})`);
        }
        if (free) throw new ModelError(`${tableId}: can interpolate along one axis only`);
        free = axis.name;
      }
    }
    const matches = (cellAt: Record<string, unknown>, skip?: string) =>
      t.axes.every((a) => a.name === skip || String(cellAt[a.name]) === String(at[a.name]));
    if (!free) {
      const cell = t.cells.find((c) => c.measure === m && matches(c.at));
      if (!cell) throw new ModelError(`${tableId} has no cell for ${JSON.stringify(at)} ${m}`);
      return this.result(t, cell.v, mdef.unit, t.userSupplied ? "user-supplied" : "measured");
    }
    const axis = t.axes.find((a) => a.name === free)!;
    const cells = t.cells.filter((c) => c.measure === m && matches(c.at, free) && c.v.value !== null);
    if (cells.length === 0) throw new ModelError(`${tableId} has no cells to interpolate for ${JSON.stringify(at)}`);
    const points = cells.map((c) => ({ x: Number(c.at[free!]), y: c.v.value!, raw: c.v.raw }));
    const x = Number(at[free]);
    const r = interpolate(points, x, scheme ?? (axis.scale === "log" ? DEFAULT_SCHEME : "linear"));
    const used = points.filter((p) => r.from.some((f) => f.x === p.x));
    const flags = cells.filter((c) => used.some((u) => u.x === Number(c.at[free!]))).flatMap((c) => c.v.flags);
    return {
      value: r.value,
      raw: used.map((p) => p.raw).join(" .. "),
      confidence: r.kind === "extrapolated" ? "extrapolated" : "interpolated",
      points: used,
      flags,
      citation: this.citation(t),
      unit: mdef.unit,
    };
  }

  /** Release carry statements that allow data for `from` to stand for `to`. */
  carryFor(axis: "release" | "hardware", from: string, to: string): CarryEntry | undefined {
    return this.entriesOf("carry").find((c) => c.axis === axis && c.from.includes(from) && c.to.includes(to));
  }
}
