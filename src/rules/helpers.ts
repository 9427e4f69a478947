// Small helpers shared by rules: turning model lookups into line-item parts, choosing release data.
import {
  widenResult,
  withConfidence,
  withParts,
  type Citation,
  type Confidence,
  type LookupResult,
  type Registry,
} from "../model/registry.js";
import type { CarryEntry, TableEntry } from "../model/types.js";
import type { RuleContext, LineItem } from "../engine/types.js";
import { compareText, formatNumber } from "../util/number-format.js";
import { RELEASES } from "../config/schema.js";
import { formatSize } from "../config/units.js";

/** Confidences from best to worst: a line item is as weak as its weakest lookup. */
const CONFIDENCE_RANK: Record<Confidence, number> = {
  arithmetic: -1,
  measured: 0,
  "user-supplied": 1,
  "carried-forward": 2,
  interpolated: 3,
  extrapolated: 4,
};

/** The weaker of two confidences (a line item is as weak as its weakest part). */
export function weaker(a: Confidence, b: Confidence): Confidence {
  return CONFIDENCE_RANK[b] > CONFIDENCE_RANK[a] ? b : a;
}

/**
 * The parts of a line item that come from its model lookups: citations, the weakest confidence, flags,
 * and the lookups themselves, from whose ranges the engine gives the item its low and high. The
 * engine takes the item's value to be proportional to each lookup (a product of them and the config's
 * numbers, the usual shape); a rule whose formula is another shape sets low and high itself (rangeOf).
 */
export function fromLookups(
  ...results: LookupResult[]
): Pick<LineItem, "citations" | "confidence" | "flags" | "lookups"> {
  // Indexed loops, no closures or intermediate arrays: every line item with a model figure comes
  // through here.
  const citations: Citation[] = [];
  let confidence: Confidence = "measured";
  const flags: LineItem["flags"] = [];
  for (let k = 0; k < results.length; k++) {
    const r = results[k]!;
    const cited = r.citation;
    if (!hasCitation(citations, cited)) citations.push(cited);
    if (CONFIDENCE_RANK[r.confidence] > CONFIDENCE_RANK[confidence]) confidence = r.confidence;
    for (let j = 0; j < r.flags.length; j++) flags.push(flagOf(r.flags[j]!, cited.id));
  }
  return { citations, confidence, flags, lookups: results };
}

/**
 * The parts of a line item computed from the config's own inputs by a formula a source states (messages
 * per transaction, an interval ratio): the statements cited, confidence arithmetic, and no lookups, so
 * no measured figure's range moves the value.
 */
export function arithmetic(...statements: Citation[]): Pick<LineItem, "citations" | "confidence" | "flags"> {
  return { citations: statements, confidence: "arithmetic", flags: [] };
}

/** Corners evaluated at most: 2^6 for six ranged inputs. */
const MAX_CORNERS = 6;

/**
 * A value and its range from a formula over looked-up (or otherwise ranged) inputs, for a rule whose
 * formula is not a product of them (a quotient, a sum, a difference): `f` evaluated at the inputs'
 * values, and at every corner of their ranges, the lowest and highest taken. Exact for a formula
 * monotone in each input; one that is not (a minimum inside a range) is documented in docs/ranges.md.
 * Spread the result into the item with fromLookups: the rule's low and high then stand as set.
 */
export function rangeOf(
  f: (...xs: number[]) => number,
  ...inputs: readonly { value: number; low: number; high: number }[]
): { value: number; low: number; high: number } {
  const value = f(...inputs.map((x) => x.value));
  let low = value;
  let high = value;
  const ranged = inputs.map((x, k) => (x.low !== x.high ? k : -1)).filter((k) => k >= 0);
  if (ranged.length > MAX_CORNERS) throw new Error(`rangeOf: ${ranged.length} ranged inputs; at most ${MAX_CORNERS}`);
  const xs = inputs.map((x) => x.value);
  for (let corner = 0; corner < 1 << ranged.length; corner++) {
    for (let b = 0; b < ranged.length; b++) {
      const x = inputs[ranged[b]!]!;
      xs[ranged[b]!] = corner & (1 << b) ? x.high : x.low;
    }
    const y = f(...xs);
    if (y < low) low = y;
    if (y > high) high = y;
  }
  return { value, low, high };
}

function hasCitation(list: readonly Citation[], c: Citation): boolean {
  for (let k = 0; k < list.length; k++) if (list[k]!.id === c.id && list[k]!.lines === c.lines) return true;
  return false;
}

// A flag as a line item carries it (with the entry it came from) depends only on the model's flag and
// the entry: made once and shared, frozen.
const flagsOf = new WeakMap<object, Map<string, LineItem["flags"][number]>>();

function flagOf(f: { code: string; reason: string }, entry: string): LineItem["flags"][number] {
  let byEntry = flagsOf.get(f);
  if (!byEntry) flagsOf.set(f, (byEntry = new Map()));
  let flag = byEntry.get(entry);
  if (!flag) byEntry.set(entry, (flag = Object.freeze({ ...f, entry })));
  return flag;
}

export function num(n: number, digits = 1): string {
  // toLocaleString("en-US") without ICU's start-up cost (see util/number-format.ts).
  return formatNumber(n, Number.isInteger(n) ? 0 : digits);
}

export { formatSize as sizeLabel };

const RELEASE_ORDER: readonly string[] = RELEASES;

/**
 * Which of a table's releases to use for the config's release: the same one, or else the nearest one
 * (earlier releases first) that a carry statement in the models covers (warned, with its citation).
 * Undefined when neither exists.
 */
export function chooseRelease(
  ctx: RuleContext,
  available: readonly string[],
  concern: Parameters<RuleContext["warn"]>[0],
  what: string,
): { release: string; carried: false | ReleaseCarry } | undefined {
  const want = ctx.config.mq.release;
  if (available.includes(want)) return { release: want, carried: false };
  const found = carriedRelease(ctx.registry, available, want);
  if (!found) return undefined;
  ctx.warn(
    concern,
    `${what}: MQ ${want} is not measured; MQ ${found.release} data is used, as the source states: "${found.quote}"`,
    [ctx.registry.citation(found.carry)],
  );
  return { release: found.release, carried: found };
}

/**
 * A release carry in use: the statement that lets one release's data stand for another. Truthy where
 * a rule tests `carried`; `carried(r, it)` widens a lookup by the carry's stated tolerance.
 */
export interface ReleaseCarry {
  release: string;
  carry: CarryEntry;
  /** The carry's statement, shortened for the warning. */
  quote: string;
  /** Its stated tolerance in percent (the "+/-6%"), when it states one. */
  tolerance?: number;
}

type CarriedRelease = ReleaseCarry;

// Which release a carry lets stand for another depends only on the registry, the releases on offer
// (arrays kept by the model entries or by tableReleases) and the release wanted: found once.
const carriedReleases = new WeakMap<Registry, WeakMap<readonly string[], Map<string, CarriedRelease | null>>>();

function carriedRelease(registry: Registry, available: readonly string[], want: string): CarriedRelease | undefined {
  let byAvailable = carriedReleases.get(registry);
  if (!byAvailable) carriedReleases.set(registry, (byAvailable = new WeakMap()));
  let byWant = byAvailable.get(available);
  if (!byWant) byAvailable.set(available, (byWant = new Map()));
  let found = byWant.get(want);
  if (found === undefined) byWant.set(want, (found = findCarriedRelease(registry, available, want) ?? null));
  return found ?? undefined;
}

function findCarriedRelease(
  registry: Registry,
  available: readonly string[],
  want: string,
): CarriedRelease | undefined {
  // Nearest earlier release first, then later ones: either way only under a stated carry.
  const w = RELEASE_ORDER.indexOf(want);
  const candidates = available
    .filter((r) => RELEASE_ORDER.indexOf(r) >= 0)
    .sort((a, b) => {
      const da = RELEASE_ORDER.indexOf(a) - w;
      const db = RELEASE_ORDER.indexOf(b) - w;
      return (da < 0 ? -da : 100 + da) - (db < 0 ? -db : 100 + db);
    });
  for (const r of candidates) {
    const carry = registry.carryFor("release", r, want);
    if (carry) {
      const quote = carry.quote.length > 110 ? `${carry.quote.slice(0, 107)}...` : carry.quote;
      const t = carry.tolerance;
      const pct = t && t.value !== null ? Math.abs(t.high ?? t.value) : undefined;
      return pct !== undefined && Number.isFinite(pct)
        ? { release: r, carry, quote, tolerance: pct }
        : { release: r, carry, quote };
    }
  }
  return undefined;
}

// A table's releases and numeric axis values are asked for in every estimate: kept per table entry.
const releasesOf = new WeakMap<TableEntry, readonly string[]>();
const numbersOf = new WeakMap<TableEntry, Map<string, readonly number[]>>();

export function tableReleases(registry: Registry, tableId: string): readonly string[] {
  const t = registry.table(tableId);
  let releases = releasesOf.get(t);
  if (!releases) {
    const axis = t.axes.find((a) => a.name === "release");
    releasesOf.set(t, (releases = axis ? axis.values.map(String) : t.appliesTo.releases));
  }
  return releases;
}

const cellValuesOf = new WeakMap<TableEntry, Map<string, ReadonlySet<string>>>();

/** The values (as strings) that a table's cells have on an axis. */
export function cellValues(registry: Registry, tableId: string, axisName: string): ReadonlySet<string> {
  const t = registry.table(tableId);
  let byAxis = cellValuesOf.get(t);
  if (!byAxis) cellValuesOf.set(t, (byAxis = new Map()));
  let values = byAxis.get(axisName);
  if (!values) byAxis.set(axisName, (values = new Set(t.cells.map((c) => String(c.at[axisName])))));
  return values;
}

/** The values of a table's axis as numbers (the axis must exist). */
export function axisNumbers(registry: Registry, tableId: string, axisName: string): readonly number[] {
  const t = registry.table(tableId);
  let byAxis = numbersOf.get(t);
  if (!byAxis) numbersOf.set(t, (byAxis = new Map()));
  let values = byAxis.get(axisName);
  if (!values) byAxis.set(axisName, (values = t.axes.find((a) => a.name === axisName)!.values.map(Number)));
  return values;
}

/**
 * Whether a model entry may serve the config's release: measured for it, or carried to it by a
 * stated carry (warned once per entry). Undefined when neither.
 */
export function entryForRelease(
  ctx: RuleContext,
  id: string,
  concern: Parameters<RuleContext["warn"]>[0],
  what: string,
): { carried: false | ReleaseCarry } | undefined {
  const rel = chooseRelease(ctx, ctx.registry.get(id).appliesTo.releases, concern, what);
  return rel ? { carried: rel.carried } : undefined;
}

// A carried lookup depends only on the kept result and the carry: made once, shared (frozen).
const carriedResults = new WeakMap<LookupResult, WeakMap<CarryEntry, LookupResult>>();

/**
 * Marks a lookup carried from another release (a copy: lookup results are shared) and, given the carry
 * (chooseRelease's or entryForRelease's `carried`), widens its range by the carry's stated tolerance.
 */
export function carried(r: LookupResult, how: boolean | ReleaseCarry): LookupResult {
  if (how === false) return r;
  const confidence = r.confidence === "measured" ? "carried-forward" : r.confidence;
  if (how === true || how.tolerance === undefined) return withConfidence(r, confidence);
  let byCarry = carriedResults.get(r);
  if (!byCarry) carriedResults.set(r, (byCarry = new WeakMap()));
  let c = byCarry.get(how.carry);
  if (!c) {
    // The reports' release carries rest on their run-to-run tolerance ("within +/-6%", 000 lines 252,
    // 1296): a figure already as wide as that between runs is not widened again, only marked. A change
    // (a percentage, a ratio) is not widened by a carry at all: the statement is about costs, which a
    // release moves together, so the change between two of them keeps its own range.
    const between = r.parts.find((p) => p.reason === "run-to-run")?.tolerance ?? 0;
    const change = r.unit === "percent" || r.unit === "ratio";
    const counted = change || between >= how.tolerance;
    const part = {
      from: r.citation.id,
      reason: "release-carry" as const,
      text: `MQ ${how.release} data carried under the source's statement, within +/-${how.tolerance}%${
        change
          ? ": a change between two costs, which a release moves together, keeps its own range"
          : counted
            ? ": the tolerance between runs, counted once"
            : ""
      }`,
      basis: how.carry.id,
      tolerance: how.tolerance,
    };
    c = Object.freeze(
      counted
        ? withParts(r, confidence, { ...part, low: 0, high: 0 })
        : widenResult(r, how.tolerance, part, confidence),
    );
    byCarry.set(how.carry, c);
  }
  return c;
}

/**
 * A context whose line items pass through `map` before they are emitted: for a rule that adjusts every
 * item it makes (a machine's cost change, say). Warnings and gaps go straight through.
 */
export function mapItems(ctx: RuleContext, map: (i: LineItem) => LineItem): RuleContext {
  return {
    config: ctx.config,
    registry: ctx.registry,
    item: (i) => ctx.item(map(i)),
    warn: (concern, message, citations) => ctx.warn(concern, message, citations),
    gap: (concern, message, chartIds) => ctx.gap(concern, message, chartIds),
  };
}

/** Messages put per transaction: a request and a reply, or one. */
export function putsPerTransaction(pattern: string): number {
  return pattern === "request-reply" ? 2 : 1;
}

// chartsFor scans every gap entry with a regular expression; its answer depends only on the registry
// and the arguments, so it is kept per registry (a third of an estimate's time went here), in maps
// nested by argument: a key string built per call cost more than the rest of the call.
const chartsCache = new WeakMap<Registry, Map<unknown, unknown>>();

/** Charts whose numbers are lost (model gaps) on a concern, those for the config's release first. */
export function chartsFor(ctx: RuleContext, concern: string, match: RegExp, most = 3): readonly string[] {
  const release = ctx.config.mq.release;
  let node = chartsCache.get(ctx.registry);
  if (!node) chartsCache.set(ctx.registry, (node = new Map()));
  node = nestedMap(nestedMap(nestedMap(nestedMap(node, concern), release), most), match.flags);
  let ids = node.get(match.source) as readonly string[] | undefined;
  // Frozen and shared: gaps only read the list.
  if (!ids) node.set(match.source, (ids = Object.freeze(findCharts(ctx.registry, concern, match, release, most))));
  return ids;
}

function nestedMap(map: Map<unknown, unknown>, key: unknown): Map<unknown, unknown> {
  let next = map.get(key) as Map<unknown, unknown> | undefined;
  if (!next) map.set(key, (next = new Map()));
  return next;
}

function findCharts(registry: Registry, concern: string, match: RegExp, release: string, most: number): string[] {
  return registry
    .entriesOf("gap")
    .filter((g) => g.concern === concern && (match.test(g.caption) || match.test(g.wouldGive)))
    .sort(
      (a, b) =>
        Number(!a.appliesTo.releases.includes(release)) - Number(!b.appliesTo.releases.includes(release)) ||
        compareText(a.id, b.id),
    )
    .slice(0, most)
    .map((g) => g.id);
}
