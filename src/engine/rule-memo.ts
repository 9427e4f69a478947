// A memo of rule runs within one command (a sweep, a sensitivity, a capacity search): each of them
// estimates dozens of configs that differ in one input, and most rules do not read that input. A rule
// is run with its config behind a recording proxy, which notes every value the rule read (each path,
// with the value there, the keys of an object it listed, the properties it tested); what the rule
// emitted (items, warnings, gaps) is kept with the reads. For the next config, if every value the
// rule read is the same, the rule's emissions are replayed through the same methods instead of
// running it: the estimate is the one the rule would have given, because a rule sees nothing but its
// config, the registry and those methods (RuleContext). Nothing is kept between commands.
import type { LineItem, Rule, RuleContext } from "./types.js";
import type { Citation, Registry } from "../model/registry.js";

type Path = readonly PropertyKey[];
type Read =
  | { path: Path; kind: "value"; value: unknown }
  | { path: Path; kind: "type"; value: string }
  | { path: Path; kind: "keys"; value: string }
  | { path: Path; kind: "has"; key: PropertyKey; value: boolean }
  | { path: Path; kind: "json"; value: string };
type Call =
  | { m: "item"; a: LineItem }
  | { m: "warn"; a: [Parameters<RuleContext["warn"]>[0], string, Citation[] | undefined] }
  | { m: "gap"; a: [Parameters<RuleContext["gap"]>[0], string, readonly string[] | undefined] };

interface Run {
  reads: Read[];
  calls: Call[];
}

/** Runs kept per rule and registry: a sweep alternates few distinct values of what a rule reads. */
const KEPT = 6;
const MISSES = 3;
const RETRY = 8;

/** A registry that gives one entry's figure differently (sensitivity's pinned figure), and the one it wraps. */
export const PINNED = Symbol("mqzcap.pinned");
export interface Pinned {
  base: Registry;
  id: string;
}

const typeOf = (v: object) => (Array.isArray(v) ? "array" : "object");

function at(root: unknown, path: Path): unknown {
  let v = root;
  for (const p of path) {
    if (v === null || typeof v !== "object") return undefined;
    v = (v as Record<PropertyKey, unknown>)[p];
  }
  return v;
}

function same(root: unknown, r: Read): boolean {
  const v = at(root, r.path);
  switch (r.kind) {
    case "value":
      return Object.is(v, r.value);
    case "type":
      return v !== null && typeof v === "object" && typeOf(v) === r.value;
    case "keys":
      return v !== null && typeof v === "object" && Object.keys(v).join("\u0000") === r.value;
    case "has":
      return v !== null && typeof v === "object" && r.key in v === r.value;
    case "json":
      return JSON.stringify(v) === r.value;
  }
}

/** The config behind a proxy that records each read into `reads` (one record per path and kind). */
function recording(config: object, reads: Map<string, Read>): object {
  const note = (key: string, r: Read) => {
    if (!reads.has(key)) reads.set(key, r);
  };
  const wrap = (target: object, path: Path): object =>
    new Proxy(target, {
      get(t, p, receiver) {
        const v: unknown = Reflect.get(t, p, receiver);
        if (typeof p === "symbol") return v;
        const own = Object.prototype.hasOwnProperty.call(t, p);
        if (!own && typeof v === "function") return v; // Array.prototype.map and the like
        const here = [...path, p];
        const key = here.map(String).join("\u0000");
        if (v !== null && typeof v === "object") {
          // A frozen object cannot be handed out as a proxy (its properties are fixed): read whole.
          if (Object.isFrozen(v)) {
            note(`${key}\u0001json`, { path: here, kind: "json", value: JSON.stringify(v) });
            return v;
          }
          note(`${key}\u0001type`, { path: here, kind: "type", value: typeOf(v) });
          return wrap(v, here);
        }
        note(`${key}\u0001value`, { path: here, kind: "value", value: v });
        return v;
      },
      has(t, p) {
        const v = Reflect.has(t, p);
        if (typeof p !== "symbol")
          note(`${path.map(String).join("\u0000")}\u0001has\u0001${p}`, { path, kind: "has", key: p, value: v });
        return v;
      },
      ownKeys(t) {
        note(`${path.map(String).join("\u0000")}\u0001keys`, {
          path,
          kind: "keys",
          value: Object.keys(t).join("\u0000"),
        });
        return Reflect.ownKeys(t);
      },
      set() {
        throw new TypeError("a rule must not change its config");
      },
    });
  return wrap(config, []);
}

export class RuleMemo {
  private readonly runs = new WeakMap<object, Map<string, Run[]>>();
  /**
   * Misses in a row by rule: a rule that reads what every estimate of the command changes (the swept
   * input) misses every time, and recording its reads through the proxy only slows it; after MISSES it
   * runs plain, and is recorded again every RETRY runs in case the command moves on to other inputs.
   */
  private readonly missed = new Map<string, number>();
  /** Rule runs replayed and run, for tests and the bench. */
  hits = 0;
  misses = 0;

  /** The registry whose runs a rule's run can share: a pinned figure's base, for a rule that never uses it. */
  private registryFor(registry: Registry, rule: Rule): object {
    const pinned = (registry as unknown as { [PINNED]?: Pinned })[PINNED];
    return pinned && !rule.uses.includes(pinned.id) ? pinned.base : registry;
  }

  /** Runs a rule on ctx, or replays the run of a config whose values it read are the same. */
  run(rule: Rule, ctx: RuleContext): void {
    const key = this.registryFor(ctx.registry, rule);
    let byRule = this.runs.get(key);
    if (!byRule) this.runs.set(key, (byRule = new Map()));
    let kept = byRule.get(rule.id);
    if (!kept) byRule.set(rule.id, (kept = []));
    const config = ctx.config;
    for (const r of kept)
      if (r.reads.every((x) => same(config, x))) {
        this.hits++;
        this.missed.set(rule.id, 0);
        for (const c of r.calls) {
          if (c.m === "item") ctx.item(c.a);
          else if (c.m === "warn") ctx.warn(c.a[0], c.a[1], c.a[2]);
          else ctx.gap(c.a[0], c.a[1], c.a[2]);
        }
        return;
      }
    this.misses++;
    const missed = (this.missed.get(rule.id) ?? 0) + 1;
    this.missed.set(rule.id, missed);
    if (missed > MISSES && missed % RETRY !== 0) {
      rule.run(ctx);
      return;
    }
    const reads = new Map<string, Read>();
    const calls: Call[] = [];
    rule.run({
      config: recording(config, reads) as typeof config,
      registry: ctx.registry,
      item: (i) => {
        calls.push({ m: "item", a: i });
        ctx.item(i);
      },
      warn: (concern, message, citations) => {
        calls.push({ m: "warn", a: [concern, message, citations] });
        ctx.warn(concern, message, citations);
      },
      gap: (concern, message, chartIds) => {
        calls.push({ m: "gap", a: [concern, message, chartIds] });
        ctx.gap(concern, message, chartIds);
      },
    });
    kept.unshift({ reads: [...reads.values()], calls });
    if (kept.length > KEPT) kept.pop();
  }
}
