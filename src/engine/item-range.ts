// Every line item's low and high, from its lookups' ranges, without each rule doing the arithmetic
// (docs/ranges.md). A rule that sets low or high keeps them (its formula is not a product of its
// lookups: rangeOf in rules/helpers.ts); otherwise the item's value is taken to be proportional to each
// lookup fromLookups names, and their ranges combine as a product's do: the item moves by each
// lookup's factor, low/value and high/value, all at once.
import { mulOpen, type RangePart } from "../model/ranges.js";
import type { LineItem, RangedLineItem } from "./types.js";

/** An estimate's line item before its range is set: every key, in the order estimates give them. */
type Copy = Record<keyof RangedLineItem, unknown>;

/** A line item of no fields yet (absent ones stay undefined): one literal, one shape for every item. */
function blank(): Copy {
  return {
    id: undefined,
    concern: undefined,
    label: undefined,
    addressSpace: undefined,
    metric: undefined,
    value: undefined,
    low: undefined,
    high: undefined,
    unit: undefined,
    formula: undefined,
    inputs: undefined,
    citations: undefined,
    confidence: undefined,
    flags: undefined,
    spread: undefined,
    measuredOn: undefined,
    limitOf: undefined,
    demand: undefined,
    hardwareFit: undefined,
    scalesWithCpu: undefined,
    growsWithRate: undefined,
  };
}

/** The lookups of the item copyFields copied last (they are not part of an estimate's item). */
let copiedLookups: LineItem["lookups"] = undefined;

/**
 * The item's fields copied into a blank item (lookups to copiedLookups). Rules make items with some
 * 150 object literals of many hidden classes: reading their fields by name is megamorphic (a runtime
 * lookup per field when V8's stub cache misses). A for-in walk reads each own field by its slot,
 * through the class's enum cache, whatever the class; each is stored by name into the one shape.
 */
function copyFields(i: LineItem): Copy {
  const out = blank();
  copiedLookups = undefined;
  const item = i as unknown as Record<string, unknown>;
  for (const k in item) {
    const v = item[k];
    // Cases in the order rules mostly write the fields (a string switch compares one case at a time).
    const key = k as keyof LineItem;
    switch (key) {
      case "id":
        out.id = v;
        break;
      case "concern":
        out.concern = v;
        break;
      case "label":
        out.label = v;
        break;
      case "metric":
        out.metric = v;
        break;
      case "value":
        out.value = v;
        break;
      case "unit":
        out.unit = v;
        break;
      case "formula":
        out.formula = v;
        break;
      case "inputs":
        out.inputs = v;
        break;
      case "citations":
        out.citations = v;
        break;
      case "confidence":
        out.confidence = v;
        break;
      case "flags":
        out.flags = v;
        break;
      case "lookups":
        copiedLookups = v as LineItem["lookups"];
        break;
      case "addressSpace":
        out.addressSpace = v;
        break;
      case "low":
        out.low = v;
        break;
      case "high":
        out.high = v;
        break;
      case "spread":
        out.spread = v;
        break;
      case "measuredOn":
        out.measuredOn = v;
        break;
      case "limitOf":
        out.limitOf = v;
        break;
      case "demand":
        out.demand = v;
        break;
      case "hardwareFit":
        out.hardwareFit = v;
        break;
      case "scalesWithCpu":
        out.scalesWithCpu = v;
        break;
      case "growsWithRate":
        out.growsWithRate = v;
        break;
      default: {
        // A field added to LineItem must be copied above, or estimates would drop it (the compiler
        // says so here); a key no LineItem has (an untyped caller's) is left out.
        const unknownKey: never = key;
        void unknownKey;
      }
    }
  }
  return out;
}

/** The item with low, high and spread set, keys in one order (one shape for every item of every estimate). */
export function rangedItem(i: LineItem): RangedLineItem {
  const out = copyFields(i);
  setRange(out, copiedLookups);
  return out as RangedLineItem;
}

/**
 * rangedItem of an item whose value, low and high (as the rule set them) are finite; undefined for
 * any other, which is left to the caller to say.
 */
export function rangedIfFinite(i: LineItem, keep = false): RangedLineItem | undefined {
  const out = copyFields(i);
  // The value must be finite; a bound may be open (low -Infinity, high Infinity: the sources give no end
  // on that side, DESIGN.md "Ranges"), but never NaN, nor open on the wrong side.
  const low = out.low as number | undefined;
  const high = out.high as number | undefined;
  if (!Number.isFinite(out.value as number)) return undefined;
  if (low !== undefined && (Number.isNaN(low) || low === Infinity)) return undefined;
  if (high !== undefined && (Number.isNaN(high) || high === -Infinity)) return undefined;
  const known = RANGES.get(i);
  if (known !== undefined) {
    out.low = known.low;
    out.high = known.high;
    out.spread = known.spread;
    return out as RangedLineItem;
  }
  setRange(out, copiedLookups);
  if (keep)
    RANGES.set(i, { low: out.low as number, high: out.high as number, spread: out.spread as readonly RangePart[] });
  return out as RangedLineItem;
}

/**
 * The range setRange gave an item a rule emitted, kept where a command's memo may replay the same item
 * (rule-memo.ts: a sensitivity of 1,000 channel definitions replays some 5,000 items per point, each
 * ranged again the same way). setRange reads the item alone, and no one changes an emitted item (the
 * memo replays it as it is) or a spread array (a new one replaces it): the same low, high and spread.
 */
const RANGES = new WeakMap<LineItem, { low: number; high: number; spread: readonly RangePart[] }>();

/** Sets a copied item's low, high and spread from its own bounds and spread and its lookups. */
function setRange(i: Copy, lookups: LineItem["lookups"]): void {
  const value = i.value as number;
  const own = i.spread as readonly RangePart[] | undefined;
  let spread: readonly RangePart[];
  let low = i.low as number | undefined;
  let high = i.high as number | undefined;
  if (lookups === undefined || lookups.length === 0) {
    spread = own ?? [];
    if (low !== undefined && high !== undefined && (low !== value || high !== value) && spread.length === 0)
      spread = [ruleBounds(i.id as string, value, low, high)];
  } else {
    // One lookup and nothing else: its parts as they are (frozen, shared); several: gathered once each.
    if (lookups.length === 1 && !own) spread = lookups[0]!.parts;
    else {
      const gathered = own ? own.slice() : [];
      for (let k = 0; k < lookups.length; k++) {
        const parts = lookups[k]!.parts;
        for (let j = 0; j < parts.length; j++) if (!gathered.includes(parts[j]!)) gathered.push(parts[j]!);
      }
      spread = gathered;
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
      const p1 = mulOpen(fl, lo);
      const p2 = mulOpen(fl, hi);
      const p3 = mulOpen(fh, lo);
      const p4 = mulOpen(fh, hi);
      fl = Math.min(p1, p2, p3, p4);
      fh = Math.max(p1, p2, p3, p4);
    }
    if (low === undefined || high === undefined) {
      // An item that is its one lookup (a percentage change as measured) takes the lookup's range as
      // it is: a zero value has no factor to carry it.
      const only = lookups.length === 1 && lookups[0]!.value === value ? lookups[0]! : undefined;
      const a = only ? only.low : mulOpen(value, fl);
      const b = only ? only.high : mulOpen(value, fh);
      low ??= a < b ? a : b;
      high ??= a < b ? b : a;
    } else if (low !== value || high !== value) {
      spread = [...spread, ruleBounds(i.id as string, value, low, high)];
    }
  }
  // A rule's bounds hold the value (a bound set beside a point taken from elsewhere must not exclude it).
  if (low === undefined || low > value) low = value;
  if (high === undefined || high < value) high = value;
  i.low = low;
  i.high = high;
  i.spread = spread;
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
