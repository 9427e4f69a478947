// Small helpers shared by rules: turning model lookups into line-item parts, choosing release data.
import type { Citation, Confidence, LookupResult, Registry } from "../model/registry.js";
import type { RuleContext, LineItem } from "../engine/types.js";
import { compareText, formatNumber } from "../util/number-format.js";
import { RELEASES } from "../config/schema.js";
import { formatSize } from "../config/units.js";

export function fromLookups(...results: LookupResult[]): Pick<LineItem, "citations" | "confidence" | "flags"> {
  const citations: Citation[] = [];
  for (const r of results)
    if (!citations.some((c) => c.id === r.citation.id && c.lines === r.citation.lines)) citations.push(r.citation);
  const rank: Confidence[] = ["measured", "user-supplied", "carried-forward", "interpolated", "extrapolated"];
  const confidence = results
    .map((r) => r.confidence)
    .reduce<Confidence>((a, b) => (rank.indexOf(b) > rank.indexOf(a) ? b : a), "measured");
  const flags = results.flatMap((r) => r.flags.map((f) => ({ ...f, entry: r.citation.id })));
  return { citations, confidence, flags };
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
): { release: string; carried: boolean } | undefined {
  const want = ctx.config.mq.release;
  if (available.includes(want)) return { release: want, carried: false };
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
    const carry = ctx.registry.carryFor("release", r, want);
    if (carry) {
      const quote = carry.quote.length > 110 ? `${carry.quote.slice(0, 107)}...` : carry.quote;
      ctx.warn(concern, `${what}: MQ ${want} is not measured; MQ ${r} data is used, as the source states: "${quote}"`, [
        ctx.registry.citation(carry),
      ]);
      return { release: r, carried: true };
    }
  }
  return undefined;
}

export function tableReleases(registry: Registry, tableId: string): string[] {
  const axis = registry.table(tableId).axes.find((a) => a.name === "release");
  return axis ? axis.values.map(String) : registry.table(tableId).appliesTo.releases;
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
): { carried: boolean } | undefined {
  const rel = chooseRelease(ctx, ctx.registry.get(id).appliesTo.releases, concern, what);
  return rel ? { carried: rel.carried } : undefined;
}

/** Marks lookups carried from another release. */
export function carried<T extends { confidence: Confidence }>(r: T, isCarried: boolean): T {
  if (isCarried && (r.confidence === "measured" || r.confidence === "interpolated")) r.confidence = "carried-forward";
  return r;
}

/** Messages put per transaction: a request and a reply, or one. */
export function putsPerTransaction(pattern: string): number {
  return pattern === "request-reply" ? 2 : 1;
}

// chartsFor scans every gap entry with a regular expression; its answer depends only on the registry
// and the arguments, so it is kept per registry (a third of an estimate's time went here).
const chartsCache = new WeakMap<Registry, Map<string, string[]>>();

/** Charts whose numbers are lost (model gaps) on a concern, those for the config's release first. */
export function chartsFor(ctx: RuleContext, concern: string, match: RegExp, most = 3): string[] {
  const release = ctx.config.mq.release;
  let cache = chartsCache.get(ctx.registry);
  if (!cache) chartsCache.set(ctx.registry, (cache = new Map()));
  const key = JSON.stringify([concern, match.source, match.flags, release, most]);
  let ids = cache.get(key);
  if (!ids) cache.set(key, (ids = findCharts(ctx.registry, concern, match, release, most)));
  return [...ids];
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
