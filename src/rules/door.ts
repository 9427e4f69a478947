// The one door to a figure (DESIGN.md, "Conditions"): a rule asks for a model value by id (and a
// table's cell) with the config's subject, and the door applies, every time, the release carry the
// rule's release choice made, the comparison of the figure's measured conditions with the config, and
// the widening for each condition outside (a carry's tolerance, the candidates' spread, the sources'
// evidence for that kind of change, or open), and says so in a warning. The source's qualifier ("up to",
// "in excess of", "approximately") and the run-to-run tolerance are the registry's (src/model/ranges.ts).
import type { LookupResult, Registry } from "../model/registry.js";
import type { Concern, RuleContext } from "../engine/types.js";
import {
  CONFIG_CONDITIONS,
  assumedMessage,
  checkConditions,
  outsideMessage,
  subjectOf,
  widen,
  type ConditionCheck,
  type ConditionKey,
  type Outside,
  type Subject,
} from "./conditions.js";
import { carried, type ReleaseCarry } from "./helpers.js";

type Scalar = string | number | boolean;

export interface DoorRequest {
  /** A table's cell: its axis values and measure; a figure needs neither. */
  at?: Record<string, Scalar>;
  measure?: string;
  /** A value the rule looked up itself (a lookup at several cells, a difference): the door widens it. */
  value?: LookupResult;
  /** The release the rule's release choice carried it from (entryForRelease / releaseChoice's `carried`). */
  carry?: boolean | ReleaseCarry;
  /** The config in the models' vocabulary; default subjectOf(ctx.config). */
  subject?: Subject;
  /**
   * The conditions compared, where a rule knows others do not move the figure (and says why): a CPU
   * figure leaves the machine out, which the hardware rule scales by a factor the sources give.
   */
  only?: readonly ConditionKey[];
  /**
   * Conditions outside that the entry's own conditions cannot state (a table row measured with dual
   * archives whose conditions name none, a test's size range given as a figure): compared as the rest.
   */
  also?: readonly Outside[];
  /** The values the sources measured under the other conditions (the rule's candidates), if any. */
  spread?: { low: number; high: number };
  /** For the warnings: the concern and what the figure is, in words ("peak log rate"). */
  concern?: Concern;
  what?: string;
}

export interface ThroughDoor {
  r: LookupResult;
  check: ConditionCheck;
}

/**
 * Every condition a config can be compared on but `left` (for a rule's `only` constant: the checks are
 * memoised by the list's identity, so make it once, at module level). The rule says in a comment why
 * the conditions left out do not move its figure.
 */
export function comparedExcept(...left: readonly ConditionKey[]): readonly ConditionKey[] {
  return Object.freeze((Object.keys(CONFIG_CONDITIONS) as ConditionKey[]).filter((k) => !left.includes(k)));
}

/** The figure as the rules use it: looked up, carried, compared, widened, warned about. */
export function through(ctx: RuleContext, id: string, req: DoorRequest = {}): ThroughDoor {
  return throughRegistry(ctx.registry, id, req.subject ?? subjectOf(ctx.config), req, ctx);
}

/** The door without a rule context (the bench's predictions, the page's helpers): no warnings. */
export function throughRegistry(
  registry: Registry,
  id: string,
  subject: Subject,
  req: DoorRequest = {},
  ctx?: RuleContext,
): ThroughDoor {
  let r =
    req.value ??
    (req.at !== undefined || req.measure !== undefined
      ? registry.lookup(id, req.at ?? {}, req.measure)
      : registry.figureValue(id));
  const carriedHere = req.carry !== undefined && req.carry !== false;
  if (carriedHere) r = carried(r, req.carry!);
  const compared = checkConditions(registry, id, subject, req.only);
  const check =
    req.also && req.also.length > 0
      ? { ...compared, inside: false, outside: [...compared.outside, ...req.also] }
      : compared;
  // A release carried above is not widened again for the release.
  const rest = carriedHere ? { ...check, outside: check.outside.filter((o) => o.key !== "release") } : check;
  r = widen(r, rest, req.spread);
  if (ctx && req.concern && req.what) {
    if (!check.inside) ctx.warn(req.concern, outsideMessage(req.what, check), [r.citation]);
    for (const a of check.assumed) ctx.warn(req.concern, assumedMessage(req.what, a), [r.citation]);
  }
  return { r, check };
}

/**
 * A figure the rule works out from several cells of one measured run (a difference, a quotient), as a
 * lookup result with `from`'s citation, unit and run-to-run parts, so that it goes through the door
 * once, as that run's figure (`value`): its inputs, widened each on their own, would widen a difference
 * past zero. A copy.
 */
export function workedOut(from: LookupResult, range: { value: number; low: number; high: number }): LookupResult {
  return { ...from, value: range.value, low: range.low, high: range.high };
}

/**
 * A figure that stands in for another quantity the sources measured only elsewhere (the archive
 * recovery rate for a backward read of the active log): its range widened to take in `spread`, the
 * values the sources give for both, with a part citing `basis`. A copy.
 */
export function standIn(r: LookupResult, spread: { low: number; high: number }, basis: string): LookupResult {
  if (spread.low >= r.low && spread.high <= r.high) return r;
  const low = Math.min(r.low, spread.low);
  const high = Math.max(r.high, spread.high);
  const pct = (x: number) => (r.value === 0 ? 0 : ((x - r.value) / Math.abs(r.value)) * 100);
  return {
    ...r,
    low,
    high,
    parts: [
      ...r.parts,
      {
        from: r.citation.id,
        reason: "condition",
        low: pct(low),
        high: pct(high),
        text: `stands in for a quantity the sources measured elsewhere; the range spans both (${spread.low} to ${spread.high})`,
        basis,
      },
    ],
  };
}
