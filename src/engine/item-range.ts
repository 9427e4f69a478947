// Every line item's low and high, from its lookups' ranges, without each rule doing the arithmetic
// (docs/ranges.md). A rule that sets low or high keeps them (its formula is not a product of its
// lookups: rangeOf in rules/helpers.ts); otherwise the item's value is taken to be proportional to each
// lookup fromLookups names, and their ranges combine as a product's do: the item moves by each
// lookup's factor, low/value and high/value, all at once.
import type { RangePart } from "../model/ranges.js";
import type { LineItem, RangedLineItem } from "./types.js";

/** The item with low, high and spread set, keys in one order (one shape for every item of every estimate). */
export function rangedItem(i: LineItem): RangedLineItem {
  const lookups = i.lookups;
  const value = i.value;
  let spread: readonly RangePart[];
  let low = i.low;
  let high = i.high;
  if (lookups === undefined || lookups.length === 0) {
    spread = i.spread ?? [];
    if (low !== undefined && high !== undefined && (low !== value || high !== value) && spread.length === 0)
      spread = [ruleBounds(i.id, value, low, high)];
  } else {
    // One lookup and nothing else: its parts as they are (frozen, shared); several: gathered once each.
    let own: RangePart[] | undefined;
    if (lookups.length === 1 && !i.spread) spread = lookups[0]!.parts;
    else {
      spread = own = i.spread ? i.spread.slice() : [];
      for (let k = 0; k < lookups.length; k++) {
        const parts = lookups[k]!.parts;
        for (let j = 0; j < parts.length; j++) if (!own.includes(parts[j]!)) own.push(parts[j]!);
      }
    }
    // The product of the lookups' factors, as an interval: [fl, fh] x [a, b] at each step.
    let fl = 1;
    let fh = 1;
    for (let k = 0; k < lookups.length; k++) {
      const r = lookups[k]!;
      if (r.value === 0 || (r.low === r.value && r.high === r.value)) continue;
      const a = r.low / r.value;
      const b = r.high / r.value;
      const lo = a < b ? a : b;
      const hi = a < b ? b : a;
      const p1 = fl * lo;
      const p2 = fl * hi;
      const p3 = fh * lo;
      const p4 = fh * hi;
      fl = Math.min(p1, p2, p3, p4);
      fh = Math.max(p1, p2, p3, p4);
    }
    if (low === undefined || high === undefined) {
      // An item that is its one lookup (a percentage change as measured) takes the lookup's range as
      // it is: a zero value has no factor to carry it.
      const only = lookups.length === 1 && lookups[0]!.value === value ? lookups[0]! : undefined;
      const a = only ? only.low : value * fl;
      const b = only ? only.high : value * fh;
      low ??= a < b ? a : b;
      high ??= a < b ? b : a;
    } else if (low !== value || high !== value) {
      spread = [...spread, ruleBounds(i.id, value, low, high)];
    }
  }
  // A rule's bounds hold the value (a bound set beside a point taken from elsewhere must not exclude it).
  if (low === undefined || low > value) low = value;
  if (high === undefined || high < value) high = value;
  // Every key of a line item, in one order: a field added to LineItem must be added here (the type
  // makes the compiler say so), or estimates would drop it.
  const out: Record<keyof RangedLineItem, unknown> = {
    id: i.id,
    concern: i.concern,
    label: i.label,
    addressSpace: i.addressSpace,
    metric: i.metric,
    value,
    low,
    high,
    unit: i.unit,
    formula: i.formula,
    inputs: i.inputs,
    citations: i.citations,
    confidence: i.confidence,
    flags: i.flags,
    spread,
    measuredOn: i.measuredOn,
    limitOf: i.limitOf,
    demand: i.demand,
    hardwareFit: i.hardwareFit,
    scalesWithCpu: i.scalesWithCpu,
  };
  return out as RangedLineItem;
}

function ruleBounds(id: string, value: number, low: number, high: number): RangePart {
  const pct = (x: number) => (value === 0 ? 0 : ((x - value) / Math.abs(value)) * 100);
  return {
    from: id,
    reason: "rule",
    low: pct(low),
    high: pct(high),
    text: "the rule sets this line's bounds from its formula and its lookups' ranges",
  };
}
