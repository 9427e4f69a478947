// Every line item's low and high, from its lookups' ranges, without each rule doing the arithmetic
// (docs/ranges.md). A rule that sets low or high keeps them (its formula is not a product of its
// lookups: rangeOf in rules/helpers.ts); otherwise the item's value is taken to be proportional to each
// lookup fromLookups names, and their ranges combine as a product's do: the item moves by each
// lookup's factor, low/value and high/value, all at once.
import type { RangePart } from "../model/ranges.js";
import type { LineItem, RangedLineItem } from "./types.js";

/**
 * A line item's fields, read into one object of one shape. Rules make items with some 150 object
 * literals, each its own hidden class: reading their fields by name is megamorphic, and at that many
 * classes V8's stub cache misses (a runtime lookup per field, about 0.1 us each: most of an item's cost).
 * A for-in walk reads each own field by its slot, through the class's enum cache, whatever the class.
 */
export interface ItemFields {
  id: LineItem["id"];
  concern: LineItem["concern"];
  label: LineItem["label"];
  addressSpace: LineItem["addressSpace"];
  metric: LineItem["metric"];
  value: LineItem["value"];
  low: LineItem["low"];
  high: LineItem["high"];
  unit: LineItem["unit"];
  formula: LineItem["formula"];
  inputs: LineItem["inputs"];
  citations: LineItem["citations"];
  confidence: LineItem["confidence"];
  flags: LineItem["flags"];
  measuredOn: LineItem["measuredOn"];
  limitOf: LineItem["limitOf"];
  demand: LineItem["demand"];
  hardwareFit: LineItem["hardwareFit"];
  scalesWithCpu: LineItem["scalesWithCpu"];
  lookups: LineItem["lookups"];
  spread: LineItem["spread"];
}

// Every key of a line item (the compiler checks the list is whole): a field added to LineItem must be
// added to ItemFields, readItem and rangedFrom, or estimates would drop it.
type Whole<T extends Record<keyof LineItem, unknown>> = T;

/** The one object readItem fills: estimates are made one at a time, and it is read before the next. */
const scratch: Whole<ItemFields> = {
  id: "",
  concern: "workload",
  label: "",
  addressSpace: undefined,
  metric: "info",
  value: 0,
  low: undefined,
  high: undefined,
  unit: "",
  formula: "",
  inputs: {},
  citations: [],
  confidence: "measured",
  flags: [],
  measuredOn: undefined,
  limitOf: undefined,
  demand: undefined,
  hardwareFit: undefined,
  scalesWithCpu: undefined,
  lookups: undefined,
  spread: undefined,
};

/**
 * The item's fields (an absent one undefined, as reading it gives), in a shared object overwritten by
 * the next call: read what you need from it before then.
 */
export function readItem(i: LineItem): ItemFields {
  const f = scratch;
  f.addressSpace = undefined;
  f.low = undefined;
  f.high = undefined;
  f.measuredOn = undefined;
  f.limitOf = undefined;
  f.demand = undefined;
  f.hardwareFit = undefined;
  f.scalesWithCpu = undefined;
  f.lookups = undefined;
  f.spread = undefined;
  // The required fields are set by every item; read like the optional ones, so that one left out by
  // an untyped caller reads undefined, as before.
  f.id = undefined as unknown as string;
  f.concern = undefined as unknown as LineItem["concern"];
  f.label = undefined as unknown as string;
  f.metric = undefined as unknown as LineItem["metric"];
  f.value = undefined as unknown as number;
  f.unit = undefined as unknown as string;
  f.formula = undefined as unknown as string;
  f.inputs = undefined as unknown as LineItem["inputs"];
  f.citations = undefined as unknown as LineItem["citations"];
  f.confidence = undefined as unknown as LineItem["confidence"];
  f.flags = undefined as unknown as LineItem["flags"];
  const item = i as unknown as Record<string, unknown>;
  for (const k in item) {
    const v = item[k];
    switch (k) {
      case "id":
        f.id = v as string;
        break;
      case "concern":
        f.concern = v as LineItem["concern"];
        break;
      case "label":
        f.label = v as string;
        break;
      case "addressSpace":
        f.addressSpace = v as LineItem["addressSpace"];
        break;
      case "metric":
        f.metric = v as LineItem["metric"];
        break;
      case "value":
        f.value = v as number;
        break;
      case "low":
        f.low = v as number | undefined;
        break;
      case "high":
        f.high = v as number | undefined;
        break;
      case "unit":
        f.unit = v as string;
        break;
      case "formula":
        f.formula = v as string;
        break;
      case "inputs":
        f.inputs = v as LineItem["inputs"];
        break;
      case "citations":
        f.citations = v as LineItem["citations"];
        break;
      case "confidence":
        f.confidence = v as LineItem["confidence"];
        break;
      case "flags":
        f.flags = v as LineItem["flags"];
        break;
      case "measuredOn":
        f.measuredOn = v as LineItem["measuredOn"];
        break;
      case "limitOf":
        f.limitOf = v as LineItem["limitOf"];
        break;
      case "demand":
        f.demand = v as LineItem["demand"];
        break;
      case "hardwareFit":
        f.hardwareFit = v as LineItem["hardwareFit"];
        break;
      case "scalesWithCpu":
        f.scalesWithCpu = v as LineItem["scalesWithCpu"];
        break;
      case "lookups":
        f.lookups = v as LineItem["lookups"];
        break;
      case "spread":
        f.spread = v as LineItem["spread"];
        break;
    }
  }
  return f;
}

/** The item with low, high and spread set, keys in one order (one shape for every item of every estimate). */
export function rangedItem(i: LineItem): RangedLineItem {
  return rangedFrom(readItem(i));
}

/** rangedItem of an item's fields as readItem gives them. */
export function rangedFrom(i: ItemFields): RangedLineItem {
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
