// Small helpers shared by rules: turning model lookups into line-item parts, choosing release data.
import {
  widenResult,
  withConfidence,
  withParts,
  type Citation,
  type Confidence,
  type LookupResult,
  isStorageEntry,
  type Registry,
} from "../model/registry.js";
import type { CarryEntry, TableEntry } from "../model/types.js";
import { isMeasurement, runToRunOf } from "../model/ranges.js";
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
  // Indexed loops and direct calls for up to four inputs: a spread call and the arrays behind it cost
  // more than the formula (every item with a quotient or a sum comes through here).
  const n = inputs.length;
  const xs: number[] = [];
  for (let k = 0; k < n; k++) xs.push(inputs[k]!.value);
  const value = apply(f, xs);
  let low = value;
  let high = value;
  // Bit b of a corner picks the high end of the b-th ranged input.
  const ranged: number[] = [];
  for (let k = 0; k < n; k++) if (inputs[k]!.low !== inputs[k]!.high) ranged.push(k);
  if (ranged.length > MAX_CORNERS) throw new Error(`rangeOf: ${ranged.length} ranged inputs; at most ${MAX_CORNERS}`);
  for (let corner = 0; corner < 1 << ranged.length; corner++) {
    for (let b = 0; b < ranged.length; b++) {
      const x = inputs[ranged[b]!]!;
      xs[ranged[b]!] = corner & (1 << b) ? x.high : x.low;
    }
    const y = apply(f, xs);
    if (y < low) low = y;
    if (y > high) high = y;
  }
  return { value, low, high };
}

/** f(...xs), called directly for up to four arguments. */
function apply(f: (...xs: number[]) => number, xs: readonly number[]): number {
  switch (xs.length) {
    case 1:
      return f(xs[0]!);
    case 2:
      return f(xs[0]!, xs[1]!);
    case 3:
      return f(xs[0]!, xs[1]!, xs[2]!);
    case 4:
      return f(xs[0]!, xs[1]!, xs[2]!, xs[3]!);
    default:
      return f(...xs);
  }
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
  // toLocaleString("en-US") without ICU's start-up cost (see util/number-format.ts). A config's -0
  // (used: -0) is zero in a label, not "-0" ("- -0 MB used").
  return formatNumber(n === 0 ? 0 : n, Number.isInteger(n) ? 0 : digits);
}

export { formatSize as sizeLabel };

const RELEASE_ORDER: readonly string[] = RELEASES;

/**
 * Which of an entry's releases to use for the config's release (releaseChoice), warned with the
 * statement that lets it stand or the extrapolation it is. Undefined when there is none: a gap.
 */
export function chooseRelease(
  ctx: RuleContext,
  entryId: string,
  available: readonly string[],
  concern: Parameters<RuleContext["warn"]>[0],
  what: string,
): { release: string; carried: false | ReleaseCarry } | undefined {
  const want = ctx.config.mq.release;
  const found = releaseChoice(ctx.registry, entryId, available, want);
  if (!found || !found.carried) return found;
  const c = found.carried;
  if (c.carry)
    ctx.warn(
      concern,
      `${what}: MQ ${want} is not measured; MQ ${c.release} data is used, as the source states: "${c.quote}"`,
      [ctx.registry.citation(c.carry)],
    );
  else
    ctx.warn(
      concern,
      `${what}: MQ ${want} is not measured; MQ ${c.release}'s figure is extrapolated to it (${c.quote})`,
      [ctx.registry.citation(ctx.registry.get(entryId))],
    );
  return found;
}

/**
 * Another release's data in use, and what lets it stand: a carry statement (`carry`), or for storage the
 * report measured, with no statement, an extrapolation across `steps` releases. Truthy where a rule tests
 * `carried`; `carried(r, it)` widens a lookup by `tolerance`.
 */
export interface ReleaseCarry {
  release: string;
  /** The carry statement; undefined for storage extrapolated across releases. */
  carry?: CarryEntry;
  /** The carry's statement, shortened for the warning; or what the extrapolation rests on. */
  quote: string;
  /** The width in percent either way: the carry's stated tolerance, or where it states none (`basis`). */
  tolerance?: number;
  /** Where the tolerance comes from, when the carry does not state it. */
  basis?: string;
  /** Release steps between the data and the release wanted, for storage extrapolated. */
  steps?: number;
}

type Choice = { release: string; carried: false | ReleaseCarry };

// Which release of an entry serves the release wanted depends only on the registry, the entry, the
// releases on offer (arrays kept by the model entries or by tableReleases), the release wanted and
// what the bench leaves out: found once.
const choices = new WeakMap<
  Registry,
  WeakMap<readonly string[], Map<string, Map<string, Map<string, Choice | null>>>>
>();

/**
 * Which release of an entry's data serves `want`, and how (the rules' and the bench's one way to
 * decide): the same release; else the nearest (earlier first, then later) under a carry statement that
 * covers the entry (its stated tolerance; where it states none, for storage the sources' release spread,
 * otherwise the run-to-run tolerance the statements of regression rest on); else, for storage the
 * report measured, the nearest release within the span the sources measured storage for, extrapolated:
 * widened by the sources' storage release spread for each release step; else undefined (a gap).
 * `except` leaves a table's own release steps out of the spread (the bench predicts it without them).
 */
export function releaseChoice(
  registry: Registry,
  entryId: string,
  available: readonly string[],
  want: string,
  except = "",
): Choice | undefined {
  if (available.includes(want)) return { release: want, carried: false };
  let byAvailable = choices.get(registry);
  if (!byAvailable) choices.set(registry, (byAvailable = new WeakMap()));
  let byEntry = byAvailable.get(available);
  if (!byEntry) byAvailable.set(available, (byEntry = new Map()));
  // Nested by argument, no key string built per call (rules ask in every estimate).
  let byExcept = byEntry.get(entryId);
  if (!byExcept) byEntry.set(entryId, (byExcept = new Map()));
  let byWant = byExcept.get(except);
  if (!byWant) byExcept.set(except, (byWant = new Map()));
  let found = byWant.get(want);
  if (found === undefined) byWant.set(want, (found = findRelease(registry, entryId, available, want, except) ?? null));
  return found ?? undefined;
}

const releaseIndex = (r: string) => RELEASE_ORDER.indexOf(r);

function findRelease(
  registry: Registry,
  entryId: string,
  available: readonly string[],
  want: string,
  except: string,
): Choice | undefined {
  const entry = registry.get(entryId);
  // Nearest earlier release first, then later ones.
  const w = releaseIndex(want);
  const candidates = available
    .filter((r) => releaseIndex(r) >= 0)
    .sort((a, b) => {
      const da = releaseIndex(a) - w;
      const db = releaseIndex(b) - w;
      return (da < 0 ? -da : 100 + da) - (db < 0 ? -db : 100 + db);
    });
  const storage = isStorageEntry(entry) && entry.measuredStorage !== undefined;
  const spread = storage ? registry.storageReleaseSpread(except || undefined) : undefined;
  const steps = (r: string) => Math.abs(releaseIndex(r) - w);
  const perSteps = (n: number) => (spread ? ((1 + spread.pct / 100) ** n - 1) * 100 : undefined);
  for (const r of candidates) {
    const carry = registry.carryFor("release", r, want, entry);
    if (!carry) continue;
    const quote = carry.quote.length > 110 ? `${carry.quote.slice(0, 107)}...` : carry.quote;
    const t = carry.tolerance;
    const stated = t && t.value !== null ? Math.abs(t.high ?? t.value) : undefined;
    if (stated !== undefined && Number.isFinite(stated))
      return { release: r, carried: { release: r, carry, quote, tolerance: stated } };
    // A carry that states no tolerance: storage moves as the sources' storage tables show it moving
    // between releases; a statement of regression rests on its report's run-to-run tolerance.
    if (storage && spread) {
      const n = steps(r);
      return {
        release: r,
        carried: {
          release: r,
          carry,
          quote,
          tolerance: perSteps(n)!,
          steps: n,
          basis: `the statement gives no tolerance: ${pctWords(spread.pct)} per release step, the ${spread.how}`,
        },
      };
    }
    const between = registry.runToRun(carry.source);
    return {
      release: r,
      carried: between
        ? {
            release: r,
            carry,
            quote,
            tolerance: between.pct,
            basis: `the statement gives no tolerance: its report's run-to-run tolerance (${between.figure}), on which its statements of regression rest`,
          }
        : { release: r, carry, quote },
    };
  }
  // Storage with no statement: a figure outside its measured release, extrapolated within the span
  // of releases whose storage the sources measured side by side.
  if (storage && spread && spread.releases.includes(want)) {
    const r = [...candidates].sort((a, b) => steps(a) - steps(b) || releaseIndex(a) - releaseIndex(b))[0];
    if (r === undefined) return undefined;
    const n = steps(r);
    return {
      release: r,
      carried: {
        release: r,
        quote: `no statement covers storage across releases; ${pctWords(spread.pct)} per release step, the ${spread.how}, over ${n} step${n === 1 ? "" : "s"}`,
        tolerance: perSteps(n)!,
        steps: n,
        basis: `the ${spread.how}`,
      },
    };
  }
  return undefined;
}

const pctWords = (pct: number) => `+/-${Math.round(pct * 10) / 10}%`;

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
  const rel = chooseRelease(ctx, id, ctx.registry.get(id).appliesTo.releases, concern, what);
  return rel ? { carried: rel.carried } : undefined;
}

// A carried lookup depends only on the kept result and how it is carried: made once, shared (frozen).
const carriedResults = new WeakMap<LookupResult, WeakMap<ReleaseCarry, LookupResult>>();

/**
 * Rules reach this through the door (door.ts `through`, its `carry`), never directly; the benches and
 * tests call it to check the carry alone.
 * Marks a lookup carried from another release (a copy: lookup results are shared) and, given how
 * (chooseRelease's or entryForRelease's `carried`), widens its range: by the carry's tolerance, or for
 * storage extrapolated across releases by the sources' release spread.
 */
export function carried(r: LookupResult, how: boolean | ReleaseCarry): LookupResult {
  if (how === false) return r;
  const confidence = r.confidence === "measured" ? "carried-forward" : r.confidence;
  if (how === true || how.tolerance === undefined) return withConfidence(r, confidence);
  let byHow = carriedResults.get(r);
  if (!byHow) carriedResults.set(r, (byHow = new WeakMap()));
  let c = byHow.get(how);
  if (!c) byHow.set(how, (c = Object.freeze(carriedBy(r, how, how.tolerance, confidence))));
  return c;
}

function carriedBy(r: LookupResult, how: ReleaseCarry, tolerance: number, confidence: Confidence): LookupResult {
  const t = Math.round(tolerance * 100) / 100;
  if (!how.carry) {
    // Storage outside its measured release: extrapolated, by the spread the sources show between releases.
    return widenResult(
      r,
      tolerance,
      {
        from: r.citation.id,
        reason: "release-extrapolation",
        text: `MQ ${how.release}'s figure extrapolated ${how.steps ?? 1} release step(s): +/-${t}%, ${how.basis ?? ""}`,
        basis: "models (storage tables with a release axis)",
        tolerance,
      },
      "extrapolated",
    );
  }
  // The reports' release carries rest on their run-to-run tolerance ("within +/-6%", 000 lines 252,
  // 1296): a figure already as wide as that between runs is not widened again, only marked. A change
  // (a percentage, a ratio) is not widened by a carry at all: the statement is about costs, which a
  // release moves together, so the change between two of them keeps its own range. A setting, limit
  // or count is exact: the carry lets it stand, and no tolerance between runs applies to it.
  const between = runToRunOf(r.parts);
  const change = r.unit === "percent" || r.unit === "ratio";
  const exact = !change && between === 0 && !isMeasurement(r.unit, false);
  const counted = change || exact || between >= tolerance;
  const part = {
    from: r.citation.id,
    reason: "release-carry" as const,
    text: `MQ ${how.release} data carried under the source's statement, within +/-${t}%${how.basis ? ` (${how.basis})` : ""}${
      change
        ? ": a change between two costs, which a release moves together, keeps its own range"
        : exact
          ? ": a setting, limit or count, exact"
          : counted
            ? ": the tolerance between runs, counted once"
            : ""
    }`,
    basis: how.carry.id,
    tolerance,
  };
  return counted ? withParts(r, confidence, { ...part, low: 0, high: 0 }) : widenResult(r, tolerance, part, confidence);
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

/**
 * What a rule works out from the models alone (no config), made on first use and kept per registry:
 * model data does not change, and an estimate would otherwise repeat it.
 */
export function perRegistry<T>(make: (registry: Registry) => T): (registry: Registry) => T {
  const kept = new WeakMap<Registry, T>();
  return (registry) => {
    let value = kept.get(registry);
    if (value === undefined) kept.set(registry, (value = make(registry)));
    return value;
  };
}
