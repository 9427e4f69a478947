// A Registry that records which model entries are read: for tests only (the shipped Registry has no
// hook, so the estimate path pays nothing for this). Every way a rule reaches an entry goes through
// one of the public methods overridden here: get (which table, figure, formula, gap and carry call),
// and the memoised value lookups, whose cache hits never reach get.
import { Registry, type LookupResult } from "../../src/model/registry.js";
import type { Scheme } from "../../src/model/interpolate.js";
import type { ModelData, ModelEntry } from "../../src/model/types.js";

export class TracingRegistry extends Registry {
  /** Ids read since the last reset. */
  readonly reads = new Set<string>();
  /**
   * When true, only value lookups count (figureValue, lookup, parameter), not get: for the engine's
   * pass after the rules, which reads the metadata (machines measured on) of entries already cited.
   */
  valuesOnly = false;

  constructor(data: ModelData) {
    super(data);
  }

  reset(): void {
    this.reads.clear();
  }

  override get(id: string): ModelEntry {
    if (!this.valuesOnly) this.reads.add(id);
    return super.get(id);
  }

  override figureValue(id: string): LookupResult {
    this.reads.add(id);
    return super.figureValue(id);
  }

  override lookup(
    tableId: string,
    at: Record<string, string | number | boolean>,
    measure?: string,
    scheme?: Scheme,
  ): LookupResult {
    this.reads.add(tableId);
    return super.lookup(tableId, at, measure, scheme);
  }

  override parameter(formulaId: string, name: string): LookupResult {
    this.reads.add(formulaId);
    return super.parameter(formulaId, name);
  }
}
