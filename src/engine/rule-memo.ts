// A memo of rule runs within one command (a sweep, a sensitivity, a capacity search): each of them
// estimates dozens of configs that differ in one input, and most rules do not read that input. A rule
// is run with its config behind a recording proxy, which notes every value the rule read (a tree of
// the objects it read through, with the values there, the keys it listed, the properties it tested;
// an object the next config shares is the same values, unchecked); what the rule
// emitted (items, warnings, gaps) is kept with the reads. For the next config, if every value the
// rule read is the same, the rule's emissions are replayed through the same methods instead of
// running it: the estimate is the one the rule would have given, because a rule sees nothing but its
// config, the registry and those methods (RuleContext). Nothing is kept between commands.
import type { Concern, LineItem, NotedFinding, RangedLineItem, Rule, RuleContext } from "./types.js";
import type { Citation, Registry } from "../model/registry.js";

/**
 * What a rule read of one object of its config, as a tree: the object itself (a config is never
 * changed once made, so the same object is the same values, and its reads need no checking: capacity's
 * configs share every channel but the one searched), the fields it read, and the objects it read
 * through. Checking a run against a config of 1,000 channels was a walk of some 20,000 paths from the
 * root, as long as running the rule.
 */
interface Node {
  obj: object;
  type: "array" | "object";
  /**
   * What was read, in arrays walked by index when checked (same): iterating Maps made an iterator and
   * an entry per value at each check, a sixth of what a sensitivity of 1,000 channel definitions
   * allocated. Each key once, at its first read (firstRead; a Set once there are many).
   */
  valueKeys: PropertyKey[];
  values: unknown[];
  hasKeys: PropertyKey[];
  has: boolean[];
  /** Object.keys of it, where the rule listed them. */
  keys: readonly string[] | undefined;
  /**
   * Frozen objects read whole (they cannot be handed out as proxies): the object, and its JSON for
   * another object with the same text (the same object is the same without writing it).
   */
  jsonKeys: PropertyKey[];
  json: { obj: unknown; text: string }[];
  kidKeys: PropertyKey[];
  kids: Node[];
  kidProxies: object[];
  /** Index of kidKeys, made once there are many (the channel list's 1,000 definitions). */
  kidIndex: Map<PropertyKey, number> | undefined;
  /** valueKeys, hasKeys and jsonKeys as a set, made once there are many. */
  seenSet: Set<string> | undefined;
}

/**
 * An item a rule emitted, as kept: `f` the estimate's finished copy of it, fitted to the machine `on`,
 * where the command shares finished items (finished-items.ts); undefined until then.
 */
export interface KeptItem {
  readonly m: "item";
  readonly a: LineItem;
  f: RangedLineItem | undefined;
  on: string | undefined;
}
type Call = KeptItem | WarnCall | GapCall;
type WarnCall = { m: "warn"; a: [Concern, string, Citation[] | undefined] } & NotedFinding;
type GapCall = { m: "gap"; a: [Concern, string, readonly string[] | undefined] } & NotedFinding;

interface Run {
  reads: Node;
  calls: Call[];
}

/** A part's variants kept per name (a sensitivity row tries some six values of one definition). */
const VARIANTS = 16;

/**
 * What a rule emitted for each part of its config (a channel definition's lines) in its runs of a
 * command, with what the part was made of (RuleContext.kept): the memo replays a whole run where
 * nothing the rule read changed; this, a part of a run where only other parts changed (a sensitivity
 * point moves one channel definition of 1,000, and the others' lines are what they were).
 */
export class Kept {
  /** By part (a rule's kind of lines: "footprint"), then by name (a channel definition's). */
  readonly parts = new Map<string, Map<string, { inputs: readonly unknown[]; calls: readonly Call[] }[]>>();
  /** Runs of a part by what it read of the config, as a rule's are (keptOrRun), newest first. */
  readonly runs = new Map<string, Run[]>();
}

function replay(calls: readonly Call[], ctx: RuleContext): void {
  for (const c of calls) {
    if (c.m === "item") ctx.item(c.a, c);
    else if (c.m === "warn") ctx.warn(c.a[0], c.a[1], c.a[2], c);
    else ctx.gap(c.a[0], c.a[1], c.a[2], c);
  }
}

/** A context that passes every emission on to ctx and notes it in calls (a class: no closures per run). */
class Noting implements RuleContext {
  constructor(
    private readonly ctx: RuleContext,
    readonly config: RuleContext["config"],
    private readonly calls: Call[],
    readonly kept: Kept | undefined,
  ) {}
  get registry() {
    return this.ctx.registry;
  }
  get lean() {
    return this.ctx.lean;
  }
  item(i: LineItem, kept?: KeptItem): void {
    // A replayed item is kept as the same record, with its finished copy.
    const c = kept ?? { m: "item", a: i, f: undefined, on: undefined };
    this.calls.push(c);
    this.ctx.item(i, c);
  }
  warn(concern: Concern, message: string, citations?: Citation[], noted?: NotedFinding): void {
    // A replayed warning is kept as the same record, with its split (as an item is).
    const c = (noted as WarnCall | undefined) ?? { m: "warn", a: [concern, message, citations] };
    this.calls.push(c);
    this.ctx.warn(concern, message, citations, c);
  }
  gap(concern: Concern, message: string, chartIds?: readonly string[], noted?: NotedFinding): void {
    const c = (noted as GapCall | undefined) ?? { m: "gap", a: [concern, message, chartIds] };
    this.calls.push(c);
    this.ctx.gap(concern, message, chartIds, c);
  }
}

/** ctx with a Kept (a class: no closures per run). */
class Passing implements RuleContext {
  constructor(
    private readonly ctx: RuleContext,
    readonly kept: Kept,
  ) {}
  get config() {
    return this.ctx.config;
  }
  get registry() {
    return this.ctx.registry;
  }
  get lean() {
    return this.ctx.lean;
  }
  item(i: LineItem, kept?: KeptItem): void {
    this.ctx.item(i, kept);
  }
  warn(concern: Concern, message: string, citations?: Citation[], noted?: NotedFinding): void {
    this.ctx.warn(concern, message, citations, noted);
  }
  gap(concern: Concern, message: string, chartIds?: readonly string[], noted?: NotedFinding): void {
    this.ctx.gap(concern, message, chartIds, noted);
  }
}

const sameInputs = (a: readonly unknown[], b: readonly unknown[]) => {
  if (a.length !== b.length) return false;
  for (let k = 0; k < a.length; k++) if (!Object.is(a[k], b[k])) return false;
  return true;
};

/**
 * Emits what `build` emits for a `part` of the config (a kind of lines) that `name` names, made of
 * `inputs` (every value it reads, numbers and strings, and nothing else: the registry is the one the
 * Kept is for): replayed from an earlier run of the command that had the same inputs, else built and
 * kept. Without a command's memo (ctx.kept absent), built.
 */
export function keptOrBuilt(
  ctx: RuleContext,
  part: string,
  name: string,
  inputs: readonly unknown[],
  build: (ctx: RuleContext) => void,
): void {
  const kept = ctx.kept;
  if (kept === undefined) return build(ctx);
  let byName = kept.parts.get(part);
  if (byName === undefined) kept.parts.set(part, (byName = new Map()));
  let list = byName.get(name);
  if (list === undefined) byName.set(name, (list = []));
  for (let k = 0; k < list.length; k++) {
    const v = list[k]!;
    if (!sameInputs(v.inputs, inputs)) continue;
    if (k > 0) {
      list.splice(k, 1);
      list.unshift(v);
    }
    replay(v.calls, ctx);
    return;
  }
  const calls: Call[] = [];
  build(new Noting(ctx, ctx.config, calls, kept));
  list.unshift({ inputs, calls });
  if (list.length > VARIANTS) list.pop();
}

/**
 * Emits what `build` emits for a `part` of a rule, replayed from an earlier run of the command where
 * every value of the config it read is the same (its reads recorded as a rule's are): for a part that
 * reads less than its rule (the log-rate ceiling reads no rate, its rule does), which the rule memo
 * reruns at every point of a sweep. Without a command's memo, built.
 */
export function keptOrRun(ctx: RuleContext, part: string, build: (ctx: RuleContext) => void): void {
  const kept = ctx.kept;
  if (kept === undefined) return build(ctx);
  let runs = kept.runs.get(part);
  if (runs === undefined) kept.runs.set(part, (runs = []));
  // Where the rule's own run is being recorded (ctx.config its proxy), checking the reads reads them
  // all through that proxy, so the rule's run records what the part read.
  const config = ctx.config;
  for (const r of runs)
    if (same(r.reads, config)) {
      replay(r.calls, ctx);
      return;
    }
  const reads = recording(config);
  const calls: Call[] = [];
  build(new Noting(ctx, reads.proxy as typeof config, calls, kept));
  runs.unshift({ reads: reads.node, calls });
  if (runs.length > KEPT) runs.pop();
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

/** Whether `v` has what the rule read of the object `n` was recorded from. */
function same(n: Node, v: unknown): boolean {
  if (v === n.obj) return true;
  if (v === null || typeof v !== "object" || typeOf(v) !== n.type) return false;
  const o = v as Record<PropertyKey, unknown>;
  for (let k = 0; k < n.valueKeys.length; k++) if (!Object.is(o[n.valueKeys[k]!], n.values[k])) return false;
  for (let k = 0; k < n.hasKeys.length; k++) if (n.hasKeys[k]! in o !== n.has[k]) return false;
  if (n.keys !== undefined && !sameKeys(o, n.keys)) return false;
  for (let k = 0; k < n.jsonKeys.length; k++) {
    const now = o[n.jsonKeys[k]!];
    const was = n.json[k]!;
    if (now !== was.obj && JSON.stringify(now) !== was.text) return false;
  }
  for (let k = 0; k < n.kidKeys.length; k++) if (!same(n.kids[k]!, o[n.kidKeys[k]!])) return false;
  return true;
}

/**
 * Whether an object's own enumerable keys are `keys`, in order, as Object.keys gives them: a plain
 * object's by for-in, which makes no array (joining Object.keys of each of 1,000 channel definitions
 * at every check was a tenth of what a sensitivity allocated); an array's by Object.keys.
 */
function sameKeys(o: object, keys: readonly string[]): boolean {
  if (Array.isArray(o) || Object.getPrototypeOf(o) !== Object.prototype) {
    const now = Object.keys(o);
    if (now.length !== keys.length) return false;
    for (let k = 0; k < now.length; k++) if (now[k] !== keys[k]) return false;
    return true;
  }
  let k = 0;
  for (const key in o) {
    // for-in gives the own keys in Object.keys's order, then any enumerable one inherited (none, unless
    // Object.prototype was written to): those are not keys Object.keys gives, and not counted.
    if (!Object.prototype.hasOwnProperty.call(o, key)) continue;
    if (key !== keys[k]) return false;
    k++;
  }
  return k === keys.length;
}

/** Whether `key` of kind `kind` (v: value, h: has, j: JSON) was read before; notes it if not. */
function firstRead(node: Node, kind: "v" | "h" | "j", key: string, keys: PropertyKey[]): boolean {
  if (node.seenSet === undefined) {
    if (keys.length < 8) return !keys.includes(key);
    node.seenSet = new Set([
      ...node.valueKeys.map((k) => `v${String(k)}`),
      ...node.hasKeys.map((k) => `h${String(k)}`),
      ...node.jsonKeys.map((k) => `j${String(k)}`),
    ]);
  }
  const tag = kind + key;
  if (node.seenSet.has(tag)) return false;
  node.seenSet.add(tag);
  return true;
}

/** The index of a kid read before, or -1. */
function kidAt(node: Node, key: string): number {
  if (node.kidIndex !== undefined) return node.kidIndex.get(key) ?? -1;
  if (node.kidKeys.length < 8) return node.kidKeys.indexOf(key);
  node.kidIndex = new Map(node.kidKeys.map((k, i) => [k, i]));
  return node.kidIndex.get(key) ?? -1;
}

/**
 * The proxy handler that records a rule's reads into its node: one object per node with the traps as
 * its methods (a handler of closures made four functions for each of 1,000 channel definitions).
 */
class Recorder implements ProxyHandler<object> {
  constructor(readonly node: Node) {}
  get(t: object, p: PropertyKey, receiver: unknown): unknown {
    const v: unknown = Reflect.get(t, p, receiver);
    if (typeof p === "symbol") return v;
    const key = p as string; // a proxy's trap gets a string or a symbol
    const node = this.node;
    const own = Object.prototype.hasOwnProperty.call(t, p);
    if (!own && typeof v === "function") return v; // Array.prototype.map and the like
    if (v !== null && typeof v === "object") {
      // A frozen object cannot be handed out as a proxy (its properties are fixed): read whole.
      if (Object.isFrozen(v)) {
        if (firstRead(node, "j", key, node.jsonKeys)) {
          (node.jsonKeys = ownArray(node.jsonKeys)).push(key);
          (node.json = ownArray(node.json)).push({ obj: v, text: JSON.stringify(v) });
        }
        return v;
      }
      const at = kidAt(node, key);
      if (at >= 0 && node.kids[at]!.obj === v) return node.kidProxies[at]!;
      const kid = recording(v);
      if (at >= 0) {
        node.kids[at] = kid.node;
        node.kidProxies[at] = kid.proxy;
      } else {
        node.kidIndex?.set(key, node.kidKeys.length);
        (node.kidKeys = ownArray(node.kidKeys)).push(key);
        (node.kids = ownArray(node.kids)).push(kid.node);
        (node.kidProxies = ownArray(node.kidProxies)).push(kid.proxy);
      }
      return kid.proxy;
    }
    if (firstRead(node, "v", key, node.valueKeys)) {
      (node.valueKeys = ownArray(node.valueKeys)).push(key);
      (node.values = ownArray(node.values)).push(v);
    }
    return v;
  }
  has(t: object, p: PropertyKey): boolean {
    const v = Reflect.has(t, p);
    const node = this.node;
    if (typeof p !== "symbol" && firstRead(node, "h", p as string, node.hasKeys)) {
      (node.hasKeys = ownArray(node.hasKeys)).push(p);
      (node.has = ownArray(node.has)).push(v);
    }
    return v;
  }
  ownKeys(t: object): ArrayLike<string | symbol> {
    this.node.keys ??= Object.keys(t);
    return Reflect.ownKeys(t);
  }
  set(): boolean {
    throw new TypeError("a rule must not change its config");
  }
}

/**
 * The arrays of a node nothing was read into yet: shared, replaced by a node's own at its first read of
 * the kind (most nodes are channel definitions with a few values read, and no kids).
 */
const NONE: never[] = [];

/** A node's own array for a kind: a new one in place of NONE. */
const ownArray = <T>(a: T[]): T[] => (a === NONE ? [] : a);

/** The object behind a proxy that records each read into `node` (and its kids, for objects read through it). */
function recording(obj: object): { node: Node; proxy: object } {
  const node: Node = {
    obj,
    type: typeOf(obj),
    valueKeys: NONE,
    values: NONE,
    hasKeys: NONE,
    has: NONE,
    keys: undefined,
    jsonKeys: NONE,
    json: NONE,
    kidKeys: NONE,
    kids: NONE,
    kidProxies: NONE,
    kidIndex: undefined,
    seenSet: undefined,
  };
  return { node, proxy: new Proxy(obj, new Recorder(node)) };
}

export class RuleMemo {
  private readonly runs = new WeakMap<object, Map<string, Run[]>>();
  /** Each rule's Kept (RuleContext.kept), beside its runs. */
  private readonly kept = new WeakMap<object, Map<string, Kept>>();
  /**
   * Misses in a row by rule: a rule that reads what every estimate of the command changes (the swept
   * input) misses every time, and recording its reads through the proxy only slows it; after MISSES it
   * runs plain, and is recorded again every RETRY runs in case the command moves on to other inputs.
   * A hit does not start the count again once past MISSES: capacity's search replays the config itself
   * once per target between some ten misses, and recording three of those each time (at 1,000 channel
   * definitions, a proxy per definition) was a third of the search.
   */
  private readonly missed = new Map<string, number>();
  /**
   * Whether its estimates may share finished items (finished-items.ts): only a command whose estimates
   * are read and dropped sets it (sensitivity).
   */
  constructor(readonly shareFinished = false) {}

  /** Rule runs replayed and run, for tests and the bench. */
  hits = 0;
  misses = 0;
  /**
   * Whether a run that replays nothing is recorded for later points. A sensitivity sets it false once
   * the config as written is recorded: each later point moves one input from it, so a rule that reads
   * the input runs afresh at every point (no later point has that value again), and recording its reads
   * through proxies was work no point used; a rule that does not read it replays the config's run. Its
   * parts (RuleContext.kept) are kept either way.
   */
  recordMisses = true;

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
    // A lean run (RuleContext.lean) emits less than a full one: kept apart.
    const id = ctx.lean ? `${rule.id}\u0000lean` : rule.id;
    let runs = byRule.get(id);
    if (!runs) byRule.set(id, (runs = []));
    const config = ctx.config;
    for (const r of runs)
      if (same(r.reads, config)) {
        this.hits++;
        if ((this.missed.get(id) ?? 0) <= MISSES) this.missed.set(id, 0);
        replay(r.calls, ctx);
        return;
      }
    this.misses++;
    const missed = (this.missed.get(id) ?? 0) + 1;
    this.missed.set(id, missed);
    let keptBy = this.kept.get(byRule);
    if (!keptBy) this.kept.set(byRule, (keptBy = new Map()));
    let lines = keptBy.get(id);
    if (!lines) keptBy.set(id, (lines = new Kept()));
    if (!this.recordMisses || (missed > MISSES && missed % RETRY !== 0)) {
      rule.run(new Passing(ctx, lines));
      return;
    }
    const reads = recording(config);
    const calls: Call[] = [];
    rule.run(new Noting(ctx, reads.proxy as typeof config, calls, lines));
    runs.unshift({ reads: reads.node, calls });
    // The oldest run is the config the command started from, which its points differ from in one
    // input each: kept; the oldest of the others goes.
    if (runs.length > KEPT) runs.splice(runs.length - 2, 1);
  }
}
