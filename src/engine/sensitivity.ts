// Sensitivity: which inputs and source figures move the answer most. Each input the config sets is
// moved across its range (the user's own range where the config writes one, otherwise the reports'
// run-to-run tolerance, docs/sensitivity.md), each choice across its alternatives, and each source
// figure the estimate used across its low..high; the swing of the total cost per transaction, the CPU
// at the rate, and the binding limit (its headroom, and its value) is recorded, one estimate per end.
// Platform-neutral: the config arrives as the object its YAML was (units as written).
import { CHANNEL_TYPE_ALIASES, configSchemas } from "../config/schema.js";
import { IANA_CIPHER_NAMES } from "../config/ciphers.js";
import { parseConfigValue, type ParseMemo } from "../config/load.js";
import { parseInterval } from "../config/units.js";
import type { Config, InputRange } from "../config/types.js";
import type { LookupResult, Registry } from "../model/registry.js";
import { InputError } from "../util/diagnostic.js";
import { defOf, unwrapped, type AnySchema } from "../util/zod-defs.js";
import { estimateWith, type Estimate } from "./engine.js";
import { metricOf } from "./metrics.js";
import { changedItems, gapDifference, roleOf, whyNoSwingFrom } from "./sensitivity-roles.js";
import { PINNED, RuleMemo, type Pinned } from "./rule-memo.js";
import { withPath } from "./sweep.js";

/** The outputs a sensitivity row swings. */
export const SENSITIVITY_OUTPUTS = ["cost", "cpu", "headroom", "limit"] as const;
export type SensitivityOutput = (typeof SENSITIVITY_OUTPUTS)[number];

/** An output's lowest and highest value over the points an input was moved to, and where each was. */
export interface Swing {
  low: number;
  high: number;
  /** The input's value (as written) or end ("low", "high") that gave low and high. */
  lowAt: string;
  highAt: string;
  /** high - low, in the output's unit. */
  swing: number;
  /**
   * The swing in percent: of the base value for cost, cpu and limit; for headroom (already a
   * percentage of the limit), in percentage points. Null where the base value is zero.
   */
  swingPct: number | null;
}

export interface SensitivityRow {
  /** input: a number the config sets; choice: an option or a yes/no; figure: a source figure's range. */
  kind: "input" | "choice" | "figure";
  /**
   * uncertainty: a source figure, or a number measured or estimated (to measure better); decision: a
   * planning choice (CPUs, target busy, rate, release, machine, policy, cipher...), a what-if.
   */
  role: "uncertainty" | "decision";
  /** The config path, or the model entry id. */
  name: string;
  /** The value as the config writes it, or the figure as printed. */
  base: string;
  /** The values tried: the range's two ends, or every alternative that makes a valid config. */
  tried: string[];
  /** What the range is and what states it. */
  basis: string;
  outputs: Record<SensitivityOutput, Swing | null>;
  /** The largest swingPct of the outputs: the order of the rows. */
  swingPct: number;
  /** The limits that bind at some value tried, where that is not always the same one. */
  binding: string[];
  /** Values that did not make a valid config (an option the release lacks), with why. */
  skipped: { value: string; reason: string }[];
  /**
   * A choice's alternatives whose estimate has a gap the config as written lacks, or lacks one it has:
   * they differ because the sources lack data on one side, so their swing is not counted in outputs.
   */
  missingData: { value: string; gaps: string[] }[];
  /** Why the row swings nothing (swingPct 0): a gap, no output reads it, ...; null when it swings. */
  why: string | null;
}

export interface SensitivityResult {
  format: "mqzcap/sensitivity@2";
  name: string | null;
  /** The outputs of the config as written (its points). */
  base: Record<SensitivityOutput, number | null> & { binding: string | null };
  units: Record<SensitivityOutput, string | null>;
  /** The swing given to a number the config writes as a point, and the figure stating it. */
  defaultSwing: { pct: number; figure: string; text: string } | null;
  /** Source figures and measured or estimated inputs, by swing: what to measure first. */
  uncertainties: SensitivityRow[];
  /** Planning choices, by swing: what-ifs, not things to measure. */
  decisions: SensitivityRow[];
  /** Inputs the config lists under `exact`, left out of the uncertainties. */
  exact: string[];
  /** Source figures with a range that move none of the outputs (left out of the rows). */
  figuresWithoutEffect: string[];
  notes: string[];
}

// Keys that name things rather than set a quantity or a choice: never moved.
const NOT_INPUTS = new Set(["version", "name", "$schema", "exact"]);
// A number as written with its unit after it: "2000/s", "32KB", "60%", "45us", "1,346MB".
const WRITTEN_NUMBER = /^\s*(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)\s*([^\d\s.,].*)?$/;

/**
 * What a row reads of a point's estimate, taken as soon as it is made: a row of six alternatives kept
 * six estimates of 1,000 channel definitions alive, and the collector copied them at every young
 * collection (a fifth of a sensitivity).
 */
interface Point {
  at: string;
  out: Record<SensitivityOutput, number | null>;
  bottleneck: string | null;
  /** The gaps it has and the config as written lacks, or the reverse (gapDifference); a choice's only. */
  gaps: string[];
  /** The line items whose value differs from the config as written (changedItems); null for a lean point. */
  changed: string[] | null;
}

/** A point's summary (Point) for a row of `kind`. */
function pointOf(
  at: string,
  e: Estimate,
  kind: "input" | "choice" | "figure",
  base: SensitivityResult["base"],
  baseEstimate: Estimate,
  lean: boolean,
): Point {
  const gaps = kind === "choice" ? gapDifference(baseEstimate, e) : [];
  return {
    at,
    out: outputsOf(e, base.binding),
    bottleneck: e.bottleneck?.id ?? null,
    gaps,
    // A figure's row never tells why (it is left out where it swings nothing); a lean point's row is
    // kept only where it swings, so it tells none either; a point whose gaps differ is not in the why.
    changed: kind === "figure" || lean || gaps.length > 0 ? null : changedItems(baseEstimate, e),
  };
}

interface Candidate {
  kind: "input" | "choice";
  path: string;
  base: string;
  basis: string;
  /** Each value to try, as it is to be written into the config, with its label. */
  values: { label: string; value: unknown }[];
}

/** The schema inside wrappers and pipes (a unit field is a union piped to a transform). */
function core(s: AnySchema): AnySchema {
  for (let k = 0; k < 20; k++) {
    const d = defOf(s);
    const inner = unwrapped(d) ?? (d.type === "pipe" ? d.in : undefined);
    if (!inner) return s;
    s = inner;
  }
  return s;
}

/** The schema of a key of an object schema, or of an array's items; undefined where there is none. */
function childOf(s: AnySchema | undefined, key: string | number): AnySchema | undefined {
  if (!s) return undefined;
  const d = defOf(core(s));
  if (typeof key === "number") return d.type === "array" ? d.element : undefined;
  if (d.type === "object") return d.shape?.[key];
  if (d.type === "record") return d.valueType;
  return undefined;
}

/**
 * Other spellings of an option the config accepts (MQ's SDR for sender, a cipher suite's IANA name for
 * its CipherSpec): not alternatives of their own, so not listed or tried as such.
 */
const ALIAS_SPELLINGS: ReadonlySet<string> = new Set([...Object.keys(CHANNEL_TYPE_ALIASES), ...IANA_CIPHER_NAMES]);

/** The string options a schema allows (enum values and string literals, through unions); [] if none. */
function optionsOf(s: AnySchema | undefined): string[] {
  if (!s) return [];
  const d = defOf(core(s)) as ReturnType<typeof defOf> & { entries?: Record<string, unknown>; values?: unknown[] };
  if (d.type === "enum" && d.entries) return Object.values(d.entries).filter((v): v is string => typeof v === "string");
  if (d.type === "literal" && d.values) return d.values.filter((v): v is string => typeof v === "string");
  if (d.type === "union" && d.options) return [...new Set(d.options.flatMap((o) => optionsOf(o)))];
  return [];
}

/** A number moved by a factor, as the config wrote it (its unit kept): "2000/s" x 0.94 = "1880/s". */
function moved(written: string | number, factor: number): string | number {
  if (typeof written === "number") return round(written * factor);
  const m = WRITTEN_NUMBER.exec(written)!;
  return `${round(Number(m[1]!.replace(/,/g, "")) * factor)}${m[2] ?? ""}`;
}

const round = (n: number) => Number(n.toPrecision(10));

/** Seconds as MQ's MMMM.SS interval: 56 is "0.56", 64 is "1.04". */
const intervalText = (seconds: number) => `${Math.floor(seconds / 60)}.${String(seconds % 60).padStart(2, "0")}`;

/**
 * Channel definitions whose inputs are moved one by one: the first ones in the config. Each input costs
 * an estimate per value tried, each as long as the config: every definition of 1,000 made sensitivity
 * quadratic in channels (200 senders took 62 s).
 */
export const MAX_CHANNELS_MOVED = 10;

/** A channel definition's settings, its name aside: two definitions with the same key are alike. */
function settingsKey(def: unknown): string {
  if (def === null || typeof def !== "object" || Array.isArray(def)) return JSON.stringify(def) ?? "";
  const { name: _name, ...rest } = def as Record<string, unknown>;
  return JSON.stringify(rest);
}

/**
 * The channel definitions whose inputs are moved: the first MAX_CHANNELS_MOVED with settings of their
 * own. A definition whose settings are an earlier moved one's (its name aside) moves every output as
 * that one does (no rule reads a definition's place in the list), so it is named beside it rather than
 * moved again: a generated list of 1,000 alike senders gave ten rows of the same swing.
 */
function channelsToMove(defs: readonly unknown[]): {
  moved: { def: unknown; index: number }[];
  alike: Map<number, string[]>;
  notMoved: number;
} {
  const moved: { def: unknown; index: number }[] = [];
  const byKey = new Map<string, number>();
  const alike = new Map<number, string[]>();
  let notMoved = 0;
  defs.forEach((def, index) => {
    const key = settingsKey(def);
    const first = byKey.get(key);
    if (first !== undefined) {
      const name = (def as { name?: unknown } | null)?.name;
      alike.get(first)!.push(typeof name === "string" ? name : String(index));
    } else if (moved.length < MAX_CHANNELS_MOVED) {
      byKey.set(key, index);
      alike.set(index, []);
      moved.push({ def, index });
    } else notMoved++;
  });
  return { moved, alike, notMoved };
}

/** Every input the raw config sets that can be moved, walking it beside its schema. */
function candidates(
  raw: Record<string, unknown>,
  ranges: Record<string, InputRange>,
  defaultPct: number | null,
  defaultText: string,
): { found: Candidate[]; notMoved: string[]; channelsNotMoved: number; channelsAlike: Map<string, string[]> } {
  const found: Candidate[] = [];
  const notMoved: string[] = [];
  let channelsNotMoved = 0;
  const channelsAlike = new Map<string, string[]>();
  const walkItem = (x: unknown, schema: AnySchema | undefined, path: string, k: number): string => {
    const name = (x as { name?: unknown } | null)?.name;
    const label = typeof name === "string" ? name : String(k);
    walk(x, childOf(schema, k), `${path}.${label}`, String(k));
    return label;
  };
  const walk = (v: unknown, schema: AnySchema | undefined, path: string, key: string): void => {
    if (NOT_INPUTS.has(key)) return;
    if (Array.isArray(v)) {
      if (path === "channels") {
        const { moved, alike, notMoved: rest } = channelsToMove(v);
        channelsNotMoved = rest;
        for (const { def, index } of moved) {
          const label = walkItem(def, schema, path, index);
          const same = alike.get(index)!;
          if (same.length) channelsAlike.set(label, same);
        }
        return;
      }
      (v as unknown[]).forEach((x, k) => void walkItem(x, schema, path, k));
      return;
    }
    if (v !== null && typeof v === "object") {
      for (const [k, x] of Object.entries(v)) walk(x, childOf(schema, k), path ? `${path}.${k}` : k, k);
      return;
    }
    const range = ranges[path];
    if (range) {
      found.push({
        kind: "input",
        path,
        base: range.written,
        basis: `your range, ${range.written}`,
        values: [
          { label: "low", value: range.low },
          { label: "high", value: range.high },
        ],
      });
      return;
    }
    if (typeof v === "boolean") {
      found.push({
        kind: "choice",
        path,
        base: String(v),
        basis: "yes and no",
        values: [false, true].map((b) => ({ label: String(b), value: b })),
      });
      return;
    }
    const options = optionsOf(schema).filter((o) => o === v || !ALIAS_SPELLINGS.has(o));
    if (typeof v === "string" && options.includes(v)) {
      found.push({
        kind: "choice",
        path,
        base: v,
        basis: `its ${options.length} options`,
        values: options.map((o) => ({ label: o, value: o })),
      });
      return;
    }
    // MQ's MMMM.SS intervals (STATIME, ACCTIME: "1.00" is a minute) move by their seconds, not as a
    // decimal number ("1.06" would be a minute and six seconds).
    const seconds = typeof v === "string" && /Interval$/.test(key) ? parseInterval(v) : undefined;
    if (seconds !== undefined && defaultPct !== null) {
      const ends = [1 - defaultPct / 100, 1 + defaultPct / 100].map((f) => intervalText(Math.round(seconds * f)));
      found.push({
        kind: "input",
        path,
        base: String(v),
        basis: `${defaultText}, of its seconds`,
        values: ends.map((e) => ({ label: e, value: e })),
      });
      return;
    }
    const numeric = typeof v === "number" || (typeof v === "string" && WRITTEN_NUMBER.test(v));
    if (!numeric || defaultPct === null) {
      notMoved.push(path);
      return;
    }
    const written = v as string | number;
    const ends = endsOf(written, defaultPct);
    found.push({
      kind: "input",
      path,
      base: String(written),
      basis: ends.whole ? `${defaultText}, in whole numbers (at least one either way)` : defaultText,
      values: [
        { label: String(ends.low), value: ends.low },
        { label: String(ends.high), value: ends.high },
      ],
    });
  };
  walk(raw, configSchemas().Config as AnySchema, "", "");
  return { found, notMoved, channelsNotMoved, channelsAlike };
}

/**
 * A number's ends at +/-pct. A whole number written without a unit (a count: CPUs, channels,
 * conversations) moves in whole steps, at least one either way: a count cannot move by 6% of one.
 */
function endsOf(
  written: string | number,
  pct: number,
): { low: string | number; high: string | number; whole: boolean } {
  if (typeof written === "number" && Number.isInteger(written)) {
    const d = Math.max(1, Math.round((Math.abs(written) * pct) / 100));
    return { low: written - d, high: written + d, whole: true };
  }
  return { low: moved(written, 1 - pct / 100), high: moved(written, 1 + pct / 100), whole: false };
}

/**
 * A registry whose lookups give one entry's figure at an end of its range: the value moved by each part
 * of its range that names the entry (its printed range, run-to-run, interpolation, flag), all at one end.
 * Every other entry, and the memo, are the registry's own.
 */
function pinned(registry: Registry, id: string, end: "low" | "high"): Registry {
  const pin = (r: LookupResult): LookupResult => {
    let f = 1;
    let hit = false;
    for (const p of r.parts) {
      if (p.from !== id) continue;
      f *= 1 + (end === "low" ? p.low : p.high) / 100;
      hit = true;
    }
    if (!hit) return r;
    const value = r.value * f;
    return Object.freeze({ ...r, value, low: value, high: value, parts: [] });
  };
  const wrapped = new Set<PropertyKey>(["figureValue", "parameter", "lookup"]);
  const pinnedOf: Pinned = { base: registry, id };
  return new Proxy(registry, {
    get(target, prop) {
      if (prop === PINNED) return pinnedOf; // rules that never use the entry share the base's runs
      const v = Reflect.get(target, prop, target) as unknown;
      if (typeof v !== "function") return v;
      const fn = v as (...a: unknown[]) => unknown;
      return wrapped.has(prop)
        ? (...a: unknown[]) => pin(fn.apply(target, a) as LookupResult)
        : (...a: unknown[]) => fn.apply(target, a);
    },
  });
}

// limits.ts gives a limit of zero with a demand the headroom -1e9 (JSON has no infinity): no number to swing.
const NO_HEADROOM = -1e8;

function outputsOf(e: Estimate, bindingId: string | null): Record<SensitivityOutput, number | null> {
  const headroom = e.bottleneck?.headroomPct ?? null;
  return {
    cost: metricOf(e, "cost.total"),
    cpu: metricOf(e, "cpu"),
    headroom: headroom !== null && headroom > NO_HEADROOM ? headroom : null,
    limit: bindingId === null ? null : (e.limits.find((l) => l.id === bindingId)?.value ?? null),
  };
}

function swingOf(
  base: number | null,
  points: { at: string; value: number | null }[],
  output: SensitivityOutput,
): Swing | null {
  if (base === null) return null;
  let lo = { at: "as written", value: base };
  let hi = lo;
  for (const p of points) {
    if (p.value === null) continue;
    if (p.value < lo.value) lo = { at: p.at, value: p.value };
    if (p.value > hi.value) hi = { at: p.at, value: p.value };
  }
  const swing = hi.value - lo.value;
  const swingPct = output === "headroom" ? swing : base === 0 ? null : (swing / Math.abs(base)) * 100;
  return { low: lo.value, high: hi.value, lowAt: lo.at, highAt: hi.at, swing, swingPct };
}

function rowOf(
  c: Omit<SensitivityRow, "outputs" | "swingPct" | "binding" | "role" | "missingData" | "why">,
  allPoints: Point[],
  base: SensitivityResult["base"],
  baseEstimate: Estimate,
): SensitivityRow {
  // A choice's alternative whose gaps differ from the config's as written: its difference is (partly)
  // data the sources lack, not what the choice costs; kept apart, out of the swing.
  const missingData: SensitivityRow["missingData"] = [];
  const points: Point[] = [];
  for (const p of allPoints) {
    if (p.gaps.length) missingData.push({ value: p.at, gaps: p.gaps });
    else points.push(p);
  }
  const outputs = Object.fromEntries(
    SENSITIVITY_OUTPUTS.map((o) => [
      o,
      swingOf(
        base[o],
        points.map((p) => ({ at: p.at, value: p.out[o] })),
        o,
      ),
    ]),
  ) as Record<SensitivityOutput, Swing | null>;
  let swingPct = 0;
  for (const o of SENSITIVITY_OUTPUTS) swingPct = Math.max(swingPct, outputs[o]?.swingPct ?? 0);
  const ids = new Set(points.map((p) => p.bottleneck));
  ids.add(base.binding);
  const binding = ids.size > 1 ? [...ids].map((b) => b ?? "none") : [];
  let why: string | null = null;
  // A figure that swings nothing is left out of the rows (figuresWithoutEffect): no why to tell. Nor
  // a lean row's (its points' items are not all there): one that swings nothing is made again in full.
  const changed = points.map((p) => p.changed);
  if (swingPct === 0 && c.kind !== "figure")
    why =
      points.length === 0 && missingData.length
        ? "its alternatives differ only where the sources lack data (missingData names the gaps)"
        : changed.every((x) => x !== null)
          ? whyNoSwingFrom(c.name, baseEstimate, changed)
          : null;
  return { ...c, role: roleOf(c.kind, c.name), outputs, swingPct, binding, missingData, why };
}

const isPlain = (v: object) => {
  const proto = Object.getPrototypeOf(v) as unknown;
  return Array.isArray(v) ? proto === Array.prototype : proto === Object.prototype || proto === null;
};
/** A value JSON leaves out of an object (and writes as null in an array). */
const omitted = (v: unknown) => v === undefined || typeof v === "function" || typeof v === "symbol";

/**
 * Whether two values have the same JSON text, without writing it: the values tried share the config's
 * unchanged sections (the same objects), and writing a config of 1,000 channel definitions for each
 * of some 80 values tried was 4% of a sensitivity. Anything but plain objects, arrays and primitives
 * (a toJSON, a class) is compared by its text.
 */
function sameJson(a: unknown, b: unknown): boolean {
  // JSON writes a number that is not finite as null; two finite numbers as the same text when equal.
  if (typeof a === "number" && typeof b === "number") return a === b || (!Number.isFinite(a) && !Number.isFinite(b));
  if (a === b) return true;
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object")
    return JSON.stringify(a) === JSON.stringify(b);
  if (!isPlain(a) || !isPlain(b) || "toJSON" in a || "toJSON" in b) return JSON.stringify(a) === JSON.stringify(b);
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let k = 0; k < a.length; k++) {
      const x: unknown = a[k];
      const y: unknown = b[k];
      // In an array JSON writes a left-out value as null.
      if (!sameJson(omitted(x) ? null : x, omitted(y) ? null : y)) return false;
    }
    return true;
  }
  const ka = Object.keys(a).filter((k) => !omitted((a as Record<string, unknown>)[k]));
  const kb = Object.keys(b).filter((k) => !omitted((b as Record<string, unknown>)[k]));
  if (ka.length !== kb.length) return false;
  for (let k = 0; k < ka.length; k++) {
    if (ka[k] !== kb[k]) return false;
    if (!sameJson((a as Record<string, unknown>)[ka[k]!], (b as Record<string, unknown>)[kb[k]!])) return false;
  }
  return true;
}

/** Input problems of a value tried, in one line. */
function reasonOf(err: InputError): string {
  const d = err.diagnostics[0];
  return d ? d.message : "not a valid config";
}

/**
 * The sensitivity of a config's estimate to each of its inputs and to each source figure it used.
 * `raw` is the config as its YAML or JSON reads (units as written); `config` the parsed one (for the
 * ranges the user wrote).
 */
export function sensitivityOf(
  raw: Record<string, unknown>,
  config: Config,
  registry: Registry,
  onProgress?: (done: number, total: number) => void,
): SensitivityResult {
  // One memo for the command: each point differs from the config in one input or one figure, and the
  // rules that read neither are replayed, not run (rule-memo.ts).
  // Its estimates are read and dropped: they may share finished line items (finished-items.ts).
  const memo = new RuleMemo(true);
  const sections: ParseMemo = new Map();
  const baseEstimate = estimateWith(config, registry, undefined, memo);
  // The config as written, lean too (the figures' and inputs' rows start lean): recorded, it is what
  // the rules that do not read a moved input replay; nothing after it is recorded (recordMisses).
  estimateWith(config, registry, undefined, memo, true);
  memo.recordMisses = false;
  const binding = baseEstimate.bottleneck?.id ?? null;
  const base = { ...outputsOf(baseEstimate, binding), binding };
  const units: Record<SensitivityOutput, string | null> = {
    cost: base.cost === null ? null : "us",
    cpu: base.cpu === null ? null : "CPU s/s",
    headroom: base.headroom === null ? null : "%",
    limit: base.limit === null ? null : (baseEstimate.bottleneck?.unit ?? null),
  };
  // A number written as a point moves by the reports' run-to-run tolerance (docs/sensitivity.md).
  const tol = registry.runToRun("000");
  const defaultSwing = tol
    ? {
        pct: tol.pct,
        figure: tol.figure,
        text: `+/-${tol.pct}%, the reports' run-to-run tolerance (${tol.figure})`,
      }
    : null;
  const { found, notMoved, channelsNotMoved, channelsAlike } = candidates(
    raw,
    config.ranges ?? {},
    tol?.pct ?? null,
    defaultSwing?.text ?? "",
  );
  // Source figures: every model entry a part of some line item's range names.
  const figures = new Map<string, { low: number; high: number; text: string[] }>();
  for (const i of baseEstimate.items) {
    for (const p of i.spread) {
      if (p.reason === "input" || p.reason === "rule" || !registry.has(p.from)) continue;
      let f = figures.get(p.from);
      if (!f) figures.set(p.from, (f = { low: 0, high: 0, text: [] }));
      if (!f.text.includes(p.text)) f.text.push(p.text);
    }
  }
  const rows: SensitivityRow[] = [];
  const steps = found.length + figures.size;
  // Inputs marked exact (the config's `exact` list) are not uncertain: not moved, and named.
  const exactPaths = config.exact ?? [];
  const exact = exactPaths.filter((p) => found.some((c) => c.path === p && roleOf(c.kind, p) === "uncertainty"));
  const unknown = exactPaths.filter((p) => !found.some((c) => c.path === p));
  for (const [n, c] of found.entries()) {
    onProgress?.(n, steps);
    if (exact.includes(c.path)) continue;
    const tried: { at: string; config: Config }[] = [];
    const skipped: { value: string; reason: string }[] = [];
    // Options that are other names of one another (SDR and sender, a CipherSpec's IANA name) make the
    // same config: tried once.
    const seen: Config[] = [config];
    for (const { label, value } of c.values) {
      if (c.kind === "choice" && label === c.base) continue; // the config as written is the base
      // Only the sections and lists on the path are copied (a deep copy of 1,000 definitions for each
      // of some 80 values was 3% of a sensitivity's time); the parse reads the config, never changes it.
      const cfg = withPath(raw, c.path, value);
      try {
        const parsed = parseConfigValue(cfg, `${c.path}=${label}`, { located: false, memo: sections }).config;
        if (seen.some((c) => sameJson(c, parsed))) continue;
        seen.push(parsed);
        tried.push({ at: label, config: parsed });
      } catch (err) {
        if (!(err instanceof InputError)) throw err;
        skipped.push({ value: label, reason: reasonOf(err) });
      }
    }
    const row = (lean: boolean) =>
      rowOf(
        { kind: c.kind, name: c.path, base: c.base, tried: tried.map((p) => p.at), basis: c.basis, skipped },
        tried.map((p) =>
          pointOf(p.at, estimateWith(p.config, registry, undefined, memo, lean), c.kind, base, baseEstimate, lean),
        ),
        base,
        baseEstimate,
      );
    // An input's row reads the outputs alone, which a lean estimate has (lean.ts), unless it swings
    // nothing: why not is told from every line item, so those points are estimated in full. A choice's
    // row compares the points' gaps with the config's: in full.
    const lean = c.kind === "input" ? row(true) : undefined;
    rows.push(lean && lean.swingPct > 0 ? lean : row(false));
  }
  const figuresWithoutEffect: string[] = [];
  for (const [k, id] of [...figures.keys()].sort().entries()) {
    onProgress?.(found.length + k, steps);
    // Lean (lean.ts): a figure's row reads the outputs alone; one that swings nothing is left out, so
    // its why (from every line item) is never read.
    const points: Point[] = (["low", "high"] as const).map((end) =>
      pointOf(
        end,
        estimateWith(config, pinned(registry, id, end), undefined, memo, true),
        "figure",
        base,
        baseEstimate,
        true,
      ),
    );
    const row = rowOf(
      {
        kind: "figure",
        name: id,
        base: figureText(registry, id),
        tried: ["low", "high"],
        basis: figures.get(id)!.text.join("; "),
        skipped: [],
      },
      points,
      base,
      baseEstimate,
    );
    if (row.swingPct > 0) rows.push(row);
    else figuresWithoutEffect.push(id);
  }
  onProgress?.(steps, steps);
  rows.sort((a, b) => b.swingPct - a.swingPct || a.kind.localeCompare(b.kind) || (a.name < b.name ? -1 : 1));
  const notes: string[] = [];
  if (unknown.length)
    notes.push(`exact lists ${unknown.join(", ")}: no input of that name is moved here (names as the rows give them)`);
  if (notMoved.length) notes.push(`not moved (text, not a number or a choice): ${notMoved.join(", ")}`);
  for (const [name, same] of channelsAlike)
    notes.push(
      `${listed(same)} ${same.length === 1 ? "is" : "are"} set as ${name} is, the name aside: moving ${same.length === 1 ? "its" : "any one's"} inputs moves the outputs as moving ${name}'s does (its rows)`,
    );
  if (channelsNotMoved > 0)
    notes.push(
      `the inputs of the first ${MAX_CHANNELS_MOVED} channel definitions with settings of their own are moved; those of the other ${channelsNotMoved} are not (each moved input costs an estimate of the whole config)`,
    );
  if (base.cost === null && base.cpu === null && base.headroom === null && base.limit === null)
    notes.push("the estimate has no total cost, CPU or limit to swing");
  return {
    format: "mqzcap/sensitivity@2",
    name: config.name ?? null,
    base,
    units,
    defaultSwing,
    uncertainties: rows.filter((r) => r.role === "uncertainty"),
    decisions: rows.filter((r) => r.role === "decision"),
    exact,
    figuresWithoutEffect,
    notes,
  };
}

/** Names, the first three and how many more: "C1, C2, C3 and 996 more". */
function listed(names: readonly string[]): string {
  return names.length <= 4 ? names.join(", ") : `${names.slice(0, 3).join(", ")} and ${names.length - 3} more`;
}

/** A model entry in a few words: a figure as printed; a table as "table" and its caption's start. */
function figureText(registry: Registry, id: string): string {
  const e = registry.get(id) as { type: string; caption?: string; v?: { raw?: string } };
  if (e.v?.raw !== undefined) return `"${e.v.raw}"`;
  const caption = e.caption ?? "";
  return `${e.type}: ${caption.length > 40 ? `${caption.slice(0, 39)}…` : caption}`;
}
