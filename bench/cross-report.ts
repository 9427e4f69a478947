// Accuracy against the reports themselves (#16 point 3): where two reports measured the same quantity,
// each figure is predicted from the OTHER report only, as a user on the other release or machine would
// get it from mqzcap: the other report's value looked up through the registry (with its range: run-to-run,
// qualifiers, flags) and carried by the tool's own rules (a release carry's tolerance, helpers.carried;
// no carry between machines but the ones the rules make). The point error and whether the range holds
// the measured figure are recorded for every case. Run alone: `npx tsx bench/cross-report.ts` (writes
// bench/ACCURACY.md); `npm run bench` runs it as section 8.
//
// Pairs of "the same quantity" are found from the model files, not listed by hand:
//   - table cells of tables with the same id after the source prefix (000.chin-footprint-svrconn and
//     001.chin-footprint-svrconn), the same measure, at the same axis values;
//   - formula parameters of formulas with the same id after the prefix and the same parameter name;
//   - figures with the same subject, unit, kind (a change relative to something, or not) and conditions;
//   - a figure and a table cell whose table id (or measure name) is the figure's subject, in the same unit,
//     the figure's conditions naming every axis of the cell with the same value.
// Release and machine are never part of the match: they are what a user carries across.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { loadModelDir } from "../src/model/loader.js";
import { Registry, type LookupResult } from "../src/model/registry.js";
import type { FigureEntry, ModelData, TableEntry, Value } from "../src/model/types.js";
import { carried, releaseChoice, tableReleases } from "../src/rules/helpers.js";
import { pairSpread, TEST_CONDITIONS, widenForConditions } from "../src/rules/conditions.js";
import { mqCipherName } from "../src/config/ciphers.js";
import { median, r3 } from "./lib/stats.js";
import { conditionAccuracy, renderConditionAccuracy, type ConditionAccuracy } from "./condition-accuracy.js";

/** Targets of #16: the range holds the measurement in >= 90% of cases, median half-width <= 15%, points within +/-6% in >= 60%. */
export const TARGETS = { containsPct: 90, medianHalfWidthPct: 15, withinPct: 6, withinSharePct: 60 };

// Values that are not measurements of MQ (settings, product limits, environment, test message sizes, a
// worked example's inputs): by unit, and by subject where the unit does not tell.
const NOT_MEASURED_UNITS = new Set([
  "count",
  "level",
  "GB",
  "id",
  "code",
  "text",
  "boolean",
  "version",
  "mqrc",
  "algorithm",
  "release",
  "Gbit/s",
  "bytes",
]);
const NOT_MEASURED_SUBJECTS: Record<string, string> = {
  "chin-storage-used": "the input of a worked example (CSQX004I 'using 120 MB'), not a measurement",
  "chin-storage-free": "the input of a worked example (CSQX004I '1346 MB are free'), not a measurement",
  "chin-storage-headroom": "a guideline (keep usage below 80%), not a measurement",
  "run-to-run-tolerance": "a statement about the runs, not a measurement of MQ",
};

interface Quantity {
  /** Where the value is: entry id, and the cell's axis values and measure or the parameter name. */
  entry: string;
  where: string;
  source: string;
  kind: "cell" | "figure" | "parameter";
  /** Match keys (see the header). */
  keys: string[];
  coords: Record<string, string | number | boolean>;
  releases: string[];
  hardware: string[];
  unit: string;
  v: Value;
  /** How to look the value up through the registry, as a rule would. */
  look: (r: Registry) => LookupResult;
  figure?: FigureEntry;
  table?: TableEntry;
  at?: Record<string, string | number | boolean>;
  /** A cell's measure and its address space. */
  measure?: string;
  addressSpace?: string;
}

export interface CrossCase {
  /** The figure predicted, and what it is predicted from. */
  target: {
    entry: string;
    where: string;
    source: string;
    raw: string;
    value: number;
    releases: string[];
    hardware: string[];
    /** Whether the models flag the measured figure (suspect, contradiction...). */
    flagged: boolean;
  };
  from: { entry: string; where: string; source: string; raw: string; releases: string[]; hardware: string[] };
  matchedBy: string;
  unit: string;
  /** The prediction, or null with why there is none (the tool would give a gap). */
  predicted: { value: number; low: number; high: number; carry: string } | null;
  noPrediction?: string;
  errorPct: number | null;
  halfWidthPct: number | null;
  contains: boolean | null;
  /** Why a miss is a miss, or what to know of a hit. */
  note: string;
}

export interface CrossResult {
  cases: CrossCase[];
  excluded: { entry: string; why: string }[];
  summary: {
    cases: number;
    predicted: number;
    gaps: number;
    containsPct: number;
    medianHalfWidthPct: number;
    withinSharePct: number;
    met: { contains: boolean; halfWidth: boolean; within: boolean };
  };
}

const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, "");
const stem = (id: string) => id.slice(id.indexOf(".") + 1);
const CARRIED_AXES = new Set(["release", "hardware"]);

function withoutCarried(c: Record<string, string | number | boolean>): Record<string, string | number | boolean> {
  return Object.fromEntries(Object.entries(c).filter(([k]) => !CARRIED_AXES.has(k)));
}

function sameCoords(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const ka = Object.keys(a).sort();
  const kb = Object.keys(b).sort();
  return ka.length === kb.length && ka.every((k, i) => k === kb[i] && String(a[k]) === String(b[k]));
}

function quantities(data: ModelData): { qs: Quantity[]; excluded: { entry: string; why: string }[] } {
  const qs: Quantity[] = [];
  const excluded: { entry: string; why: string }[] = [];
  for (const e of data.entries) {
    if (e.type === "table") {
      const t = e;
      const conditions = t.appliesTo.conditions ?? {};
      for (const c of t.cells) {
        if (c.v.value === null) continue;
        const m = t.measures.find((x) => x.name === c.measure);
        const unit = m?.unit ?? "";
        if (NOT_MEASURED_UNITS.has(unit)) continue;
        qs.push({
          entry: t.id,
          where: `${Object.entries(c.at)
            .map(([k, v]) => `${k}=${String(v)}`)
            .join(", ")}; ${c.measure}`,
          source: t.source,
          kind: "cell",
          keys: [`t:${stem(t.id)}:${c.measure}`],
          coords: { ...withoutCarried(conditions), ...withoutCarried(c.at) },
          releases: c.at.release !== undefined ? [String(c.at.release)] : t.appliesTo.releases,
          hardware: c.at.hardware !== undefined ? [String(c.at.hardware)] : t.appliesTo.hardware,
          unit,
          v: c.v,
          // A cell that leaves an axis out holds for every value of it: any value looks it up, as a rule does.
          look: (r) =>
            r.lookup(t.id, { ...Object.fromEntries(t.axes.map((a) => [a.name, a.values[0]!])), ...c.at }, c.measure),
          table: t,
          at: c.at,
          measure: c.measure,
          ...(m?.addressSpace !== undefined ? { addressSpace: m.addressSpace } : {}),
        });
      }
    } else if (e.type === "figure") {
      const f = e;
      if (f.v.value === null) continue;
      if (NOT_MEASURED_UNITS.has(f.unit)) continue;
      const why = NOT_MEASURED_SUBJECTS[f.subject];
      if (why) {
        excluded.push({ entry: f.id, why });
        continue;
      }
      qs.push({
        entry: f.id,
        where: "",
        source: f.source,
        kind: "figure",
        keys: [`f:${f.subject}:${f.unit}:${f.relativeTo === undefined ? "absolute" : "change"}`],
        coords: withoutCarried({ ...(f.appliesTo.conditions ?? {}), ...f.condition }),
        releases: f.appliesTo.releases,
        hardware: f.appliesTo.hardware,
        unit: f.unit,
        v: f.v,
        look: (r) => r.figureValue(f.id),
        figure: f,
      });
    } else if (e.type === "formula") {
      for (const [name, p] of Object.entries(e.parameters)) {
        if (p.v.value === null || NOT_MEASURED_UNITS.has(p.unit)) continue;
        const id = e.id;
        qs.push({
          entry: id,
          where: name,
          source: e.source,
          kind: "parameter",
          keys: [`p:${stem(id)}:${name}`],
          coords: {},
          releases: e.appliesTo.releases,
          hardware: e.appliesTo.hardware,
          unit: p.unit,
          v: p.v,
          look: (r) => r.parameter(id, name),
        });
      }
    }
  }
  return { qs, excluded };
}

/** How two values are the same quantity, or undefined. */
function matchOf(a: Quantity, b: Quantity): string | undefined {
  if (a.source === b.source || a.unit !== b.unit) return undefined;
  if (a.kind === "cell" && b.kind === "cell" && a.keys[0] !== b.keys[0]) return sameMeasureElsewhere(a, b);
  if (a.kind === b.kind) {
    if (a.keys[0] !== b.keys[0]) return undefined;
    if (!sameCoords(a.coords, b.coords)) return undefined;
    return a.kind === "cell"
      ? `same table (${stem(a.entry)}), measure and axis values`
      : a.kind === "parameter"
        ? `same formula (${stem(a.entry)}) and parameter`
        : `same subject (${a.figure!.subject}), unit and conditions`;
  }
  const [f, c] = a.kind === "figure" ? [a, b] : b.kind === "figure" ? [b, a] : [undefined, undefined];
  if (!f || !c || c.kind !== "cell") return undefined;
  const t = c.table!;
  const subject = norm(f.figure!.subject);
  const named =
    (t.measures.length === 1 && norm(stem(t.id)) === subject) ||
    norm(c.where.slice(c.where.lastIndexOf("; ") + 2)) === subject;
  if (!named) return undefined;
  if ((f.figure!.relativeTo === undefined) !== (f.unit !== "percent" && f.unit !== "ratio")) {
    // a change matched to an absolute (or the other way) is not the same quantity
  }
  const axes = withoutCarried(c.at!);
  for (const [k, v] of Object.entries(axes))
    if (!(k in f.coords) || String(f.coords[k]) !== String(v)) return undefined;
  for (const [k, v] of Object.entries(f.coords))
    if (k in c.coords && String(c.coords[k]) !== String(v)) return undefined;
  return `figure subject ${f.figure!.subject} names table ${t.id}; its conditions give the cell's axis values`;
}

/** A value as the sources name it: IANA cipher suite names as MQ's CipherSpec names. */
const canon = (v: unknown) => mqCipherName(String(v)) ?? String(v);

/**
 * Cells of two reports' differently named tables that measure the same thing: measure names equal or
 * one ending in the other (startCost, channelStartCost), the same unit and address space, the axes of
 * one among the other's with the same values (cipher names as MQ CipherSpecs), and no condition a
 * config is compared on set differently. Test conditions (src/rules/conditions.ts TEST_CONDITIONS,
 * e.g. how many channel pairs were in SYSTEM.CHANNEL.SYNCQ) may differ: the case says which.
 */
function sameMeasureElsewhere(a: Quantity, b: Quantity): string | undefined {
  const ma = norm(a.measure!);
  const mb = norm(b.measure!);
  const [short, long] = ma.length <= mb.length ? [ma, mb] : [mb, ma];
  if (!(short === long || (short.length >= 6 && long.endsWith(short)))) return undefined;
  if (a.addressSpace !== undefined && b.addressSpace !== undefined && a.addressSpace !== b.addressSpace)
    return undefined;
  const axA = Object.keys(withoutCarried(a.at!));
  const axB = Object.keys(withoutCarried(b.at!));
  const [few, many] = axA.length <= axB.length ? [a, b] : [b, a];
  const fewAxes = few === a ? axA : axB;
  const manyAxes = few === a ? axB : axA;
  if (fewAxes.length === 0 || !fewAxes.every((k) => manyAxes.includes(k))) return undefined;
  for (const k of fewAxes) if (canon(few.at![k]) !== canon(many.at![k])) return undefined;
  const differ: string[] = [];
  for (const k of [...new Set([...Object.keys(a.coords), ...Object.keys(b.coords)])].sort()) {
    // Axes are the cell's coordinates, matched above (or said to be given by one table only).
    if (k in a.at! || k in b.at!) continue;
    if (k in a.coords && k in b.coords && canon(a.coords[k]) === canon(b.coords[k])) continue;
    if (k in a.coords && k in b.coords && !TEST_CONDITIONS.includes(k)) return undefined;
    const side = (q: Quantity) => (k in q.coords ? String(q.coords[k]) : "not stated");
    differ.push(`${k} ${side(a)} / ${side(b)}`);
  }
  const extra = manyAxes.filter((k) => !fewAxes.includes(k));
  return `measure ${a.measure} ~ ${b.measure} (${a.unit}), same ${fewAxes.join(", ")}${extra.length ? `; ${extra.join(", ")} given by one table only` : ""}${differ.length ? `; test conditions differ: ${differ.join(", ")}` : ""}`;
}

const pct = (x: number, of: number) => (of === 0 ? 0 : (x / Math.abs(of)) * 100);

/** The releases an entry gives, as the rules offer them to releaseChoice (a table's release axis, or appliesTo). */
function releasesOffered(registry: Registry, q: Quantity): readonly string[] {
  return q.table ? tableReleases(registry, q.entry) : registry.get(q.entry).appliesTo.releases;
}

/**
 * Which release of `from`'s entry the tool would use for `target`'s release (helpers.releaseChoice, the
 * rules' own choice), leaving the target table's own release steps out of the storage release spread:
 * "same" where the other report measured the target's release, a choice, or undefined (a gap).
 */
function choiceFor(registry: Registry, target: Quantity, from: Quantity) {
  if (from.releases.some((x) => target.releases.includes(x))) return "same" as const;
  for (const want of target.releases) {
    const c = releaseChoice(registry, from.entry, releasesOffered(registry, from), want, target.entry);
    if (c) return c;
  }
  return undefined;
}

/** The other matched pairs of two tables' same measures, for the spread between their test conditions. */
type ConditionPairs = Map<string, { where: string; from: number; target: number }[]>;
const pairKey = (target: Quantity, from: Quantity) =>
  `${target.entry}\u0000${target.measure ?? ""}\u0000${from.entry}\u0000${from.measure ?? ""}`;

/**
 * The prediction of `target` from `from` as the tool would make it: the release the rules choose and
 * their carry (helpers.releaseChoice and carried), and where the two tables were measured under
 * different test conditions the widening the rules apply for it (conditions.widenForConditions, as
 * tls.ts does for channel starts), from the spread of the two tables' other pairs.
 */
function predict(
  registry: Registry,
  target: Quantity,
  from: Quantity,
  how: string,
  conditionPairs: ConditionPairs,
): { r: LookupResult; carry: string } | { none: string } {
  let r: LookupResult;
  try {
    r = from.look(registry);
  } catch (err) {
    return { none: `the registry cannot look the value up as a rule would: ${(err as Error).message}` };
  }
  const carries: string[] = [];
  const choice = choiceFor(registry, target, from);
  if (choice === undefined)
    return {
      none: `no release carry covers ${from.entry} from MQ ${from.releases.join("/")} to ${target.releases.join("/")}, and it is not storage the tool extrapolates across releases: the tool gives a gap`,
    };
  if (choice !== "same" && choice.carried) {
    const c = choice.carried;
    r = carried(r, c);
    carries.push(
      c.carry
        ? `release carry ${c.carry.id} (+/-${fmt(c.tolerance ?? 0)}%${c.basis ? `: ${c.basis}` : ""})`
        : `extrapolated from MQ ${c.release} (${c.quote})`,
    );
  }
  const sameMachine = from.hardware.some((x) => target.hardware.includes(x));
  if (!sameMachine) {
    if (["KB", "MB", "bytes"].includes(target.unit))
      carries.push("storage: the same on any machine, as the tool takes it");
    else
      return {
        none: `measured on ${from.hardware.join("/")}, wanted on ${target.hardware.join("/")}: the tool scales CPU only between z14 and z15 (LSPR), else a gap`,
      };
  }
  if (how.includes("test conditions differ")) {
    const others = (conditionPairs.get(pairKey(target, from)) ?? []).filter((p) => p.where !== target.where);
    const spread = pairSpread(others.map((p) => [p.from, p.target] as const));
    if (!spread)
      return {
        none: "measured under other test conditions, and no other pair of the two tables gives their spread: a gap",
      };
    r = widenForConditions(
      r,
      spread,
      "measured under other test conditions; the two tables' other figures differ",
      from.entry,
    );
    carries.push(`test conditions (+/-${fmt(spread.pct)}%, the ${spread.how} of the two tables' other cells)`);
  }
  return { r, carry: carries.join("; ") || "none (same release and machine)" };
}

export function crossReport(data: ModelData): CrossResult {
  const registry = new Registry(data);
  const { qs, excluded } = quantities(data);
  const cases: CrossCase[] = [];
  const byKey = new Map<string, Quantity[]>();
  for (const q of qs) for (const k of q.keys) (byKey.get(k) ?? byKey.set(k, []).get(k)!).push(q);
  const figures = qs.filter((q) => q.kind === "figure");
  const cells = qs.filter((q) => q.kind === "cell");
  const pairs: [Quantity, Quantity, string][] = [];
  for (const group of byKey.values())
    for (const a of group)
      for (const b of group) {
        const how = a !== b ? matchOf(a, b) : undefined;
        if (how) pairs.push([a, b, how]);
      }
  // Cells of differently named tables: only between tables that share a measure name's ending.
  for (const a of cells)
    for (const b of cells) {
      if (a.keys[0] === b.keys[0] || a.source === b.source) continue;
      const how = matchOf(a, b);
      if (how) pairs.push([a, b, how]);
    }
  for (const f of figures)
    for (const c of cells) {
      const how = matchOf(f, c);
      if (how) {
        pairs.push([f, c, how]);
        pairs.push([c, f, how]);
      }
    }
  // As a user would: from each other report, the value at the target's own release where that report
  // measured it; only where it did not, the release the rules choose (helpers.releaseChoice), or none.
  const chosen = new Map<string, { pair: [Quantity, Quantity, string] }>();
  const conditionPairs: ConditionPairs = new Map();
  for (const pair of pairs) {
    const [target, from, how] = pair;
    const key = `${target.entry}\u0000${target.where}\u0000${from.entry}`;
    const choice = choiceFor(registry, target, from);
    const kept = chosen.get(key);
    const fits = choice === "same" || (choice !== undefined && from.releases.includes(choice.release));
    // A gap is kept (with any of the cells) only while no cell fits.
    if (fits || !kept) chosen.set(key, { pair });
    if (fits && how.includes("test conditions differ") && target.v.value !== null && from.v.value !== null) {
      const k = pairKey(target, from);
      (conditionPairs.get(k) ?? conditionPairs.set(k, []).get(k)!).push({
        where: target.where,
        from: from.v.value,
        target: target.v.value,
      });
    }
  }
  for (const {
    pair: [target, from, how],
  } of chosen.values()) {
    const actual = target.v.value!;
    const base = {
      target: {
        entry: target.entry,
        where: target.where,
        source: target.source,
        raw: target.v.raw,
        value: actual,
        releases: target.releases,
        hardware: target.hardware,
        flagged: target.v.flags.length > 0,
      },
      from: {
        entry: from.entry,
        where: from.where,
        source: from.source,
        raw: from.v.raw,
        releases: from.releases,
        hardware: from.hardware,
      },
      matchedBy: how,
      unit: target.unit,
    };
    const p = predict(registry, target, from, how, conditionPairs);
    if ("none" in p) {
      cases.push({
        ...base,
        predicted: null,
        noPrediction: p.none,
        errorPct: null,
        halfWidthPct: null,
        contains: null,
        note: p.none,
      });
      continue;
    }
    const { r } = p;
    const errorPct = pct(r.value - actual, actual);
    const halfWidthPct = pct((r.high - r.low) / 2, r.value);
    const contains = r.low <= actual && actual <= r.high;
    cases.push({
      ...base,
      predicted: { value: r.value, low: r.low, high: r.high, carry: p.carry },
      errorPct,
      halfWidthPct,
      contains,
      note: contains ? "" : missReason(target, from, r, actual),
    });
  }
  cases.sort((a, b) =>
    `${a.target.entry} ${a.target.where} ${a.from.entry}`.localeCompare(
      `${b.target.entry} ${b.target.where} ${b.from.entry}`,
    ),
  );
  const predicted = cases.filter((c) => c.predicted !== null);
  const containsPct = pct(predicted.filter((c) => c.contains).length, predicted.length);
  const medianHalfWidthPct = median(predicted.map((c) => c.halfWidthPct!));
  const withinSharePct = pct(
    predicted.filter((c) => Math.abs(c.errorPct!) <= TARGETS.withinPct).length,
    predicted.length,
  );
  return {
    cases,
    excluded,
    summary: {
      cases: cases.length,
      predicted: predicted.length,
      gaps: cases.length - predicted.length,
      containsPct,
      medianHalfWidthPct,
      withinSharePct,
      met: {
        contains: containsPct >= TARGETS.containsPct,
        halfWidth: medianHalfWidthPct <= TARGETS.medianHalfWidthPct,
        within: withinSharePct >= TARGETS.withinSharePct,
      },
    },
  };
}

/** Why the range missed: which side, by how much, and what the two reports' figures are. */
function missReason(target: Quantity, from: Quantity, r: LookupResult, actual: number): string {
  const side =
    actual > r.high
      ? `above the high end by ${r3(pct(actual - r.high, r.high))}%`
      : `below the low end by ${r3(pct(r.low - actual, r.low))}%`;
  const parts = r.parts.map((p) => p.reason);
  return `measured ${target.v.raw} is ${side}; the prediction's range comes from ${parts.length ? [...new Set(parts)].join(", ") : "nothing (a point: no tolerance applies to this kind of value)"}`;
}

const fmt = (n: number | null) => (n === null ? "-" : String(r3(n)));

/** The pairs by entry: which entries were matched with which, how, and how often the range held. */
function matchedGroups(res: CrossResult): string[] {
  const groups = new Map<
    string,
    { target: string; from: string; how: string; n: number; held: number; predicted: number }
  >();
  for (const c of res.cases) {
    const key = `${c.target.entry}\u0000${c.from.entry}`;
    let g = groups.get(key);
    if (!g)
      groups.set(
        key,
        (g = { target: c.target.entry, from: c.from.entry, how: c.matchedBy, n: 0, held: 0, predicted: 0 }),
      );
    g.n++;
    if (c.predicted) g.predicted++;
    if (c.contains) g.held++;
  }
  return [...groups.values()].map(
    (g) =>
      `| ${g.target} | ${g.from} | ${g.how} | ${g.n} | ${g.predicted ? `${g.held} of ${g.predicted}` : "no prediction"} |`,
  );
}

/** The misses among cases widened for test conditions: which figures, how far apart, against what width. */
function conditionMisses(cases: readonly CrossCase[]): string {
  const missed = cases.filter((c) => c.contains === false);
  if (missed.length === 0) return "";
  const apart = (c: CrossCase) => {
    const a = Number(c.target.value);
    const b = c.predicted!.value;
    return (Math.max(a, b) / Math.min(a, b) - 1) * 100;
  };
  return ` The misses: ${missed
    .map(
      (c) =>
        `${c.target.where} (${c.target.source}) "${c.target.raw}" against "${c.from.raw}", ${fmt(apart(c))}% apart`,
    )
    .join("; ")}, wider apart than the other ciphers' pairs that set the width (${missed
    .map((c) => {
      const carry = c.predicted!.carry;
      const from = carry.indexOf("test conditions (") + "test conditions (".length;
      return carry.slice(from, carry.indexOf(")", from));
    })
    .join("; ")}).`;
}

/** What the figures say about the ranges, in numbers: where the misses are and why. */
function findings(res: CrossResult): string[] {
  const predicted = res.cases.filter((c) => c.predicted);
  const misses = predicted.filter((c) => c.contains === false);
  const points = predicted.filter((c) => c.predicted!.low === c.predicted!.high);
  const storage = predicted.filter((c) => ["KB", "MB"].includes(c.unit));
  const sameRelease = storage.filter((c) => c.target.releases.some((r) => c.from.releases.includes(r)));
  const sameReleaseErr = sameRelease.map((c) => Math.abs(c.errorPct!));
  const extrapolated = storage.filter((c) => c.predicted!.carry.includes("extrapolated from MQ"));
  const conditions = predicted.filter((c) => c.predicted!.carry.includes("test conditions"));
  const worst = [...predicted].sort((a, b) => Math.abs(b.errorPct!) - Math.abs(a.errorPct!))[0];
  const out = ["## What the cases show", ""];
  out.push(
    `- ${misses.length} of ${predicted.length} predictions miss (each is listed below with its reason); ${points.length} of the ${predicted.length} ranges are a single point.`,
    `- Storage (${storage.length} predictions in KB or MB): a storage footprint the reports measured takes the run-to-run tolerance, +/-6%, as CPU and throughput do (docs/ranges.md). Where both reports give the same release (${sameRelease.length} cases, the 9.3 report reprinting the 9.2 report's storage tables), the two printed values differ by ${fmt(median(sameReleaseErr))}% at the median and ${fmt(Math.max(...sameReleaseErr))}% at most, and the range holds ${sameRelease.filter((c) => c.contains).length} of them.`,
    `- Storage at a release the other report did not measure (${extrapolated.length} cases): no statement of the sources covers storage across releases (the statements of regression are about CPU cost and throughput), so the tool extrapolates from the nearest release measured, warned, widened for each release step by the p90 of the release-to-release changes in the storage tables that print several releases side by side, here without the predicted table's own (leave one table out). The range holds ${extrapolated.filter((c) => c.contains).length} of ${extrapolated.length}.`,
  );
  const v90 = extrapolated.filter((c) => c.contains === false);
  if (v90.length)
    out.push(
      `- The storage misses, ${v90.length}, are all the 9.2 report's MQ 9.0 row at ${[...new Set(v90.map((c) => c.target.where.replace(/^release=[^,]*, /, "").replace(/; .*$/, "")))].join("; ")}: printed ${v90.map((c) => c.target.raw).join(", ")} KB against the 9.3 report's MQ 9.1 ${v90.map((c) => c.from.raw).join(", ")} KB (+${fmt(Math.min(...v90.map((c) => -c.errorPct! / (1 + c.errorPct! / 100))))}% to +${fmt(Math.max(...v90.map((c) => -c.errorPct! / (1 + c.errorPct! / 100))))}%). The report does not say why; the models flag ${v90.filter((c) => c.target.flagged).length} of them as suspect; the two reports' rows for the releases both measured agree within ${fmt(Math.max(...sameReleaseErr))}%. Nothing in the 9.3 report predicts a jump of that size, so these are misses, not widened away.`,
    );
  if (conditions.length)
    out.push(
      `- TLS channel starts (${conditions.length} cases, the 9.2 report against the z15 report): the z15 report states that the start rate and CPU cost vary with the channels in SYSTEM.CHANNEL.SYNCQ and measured with a stated population; the 9.2 report states none. The tool widens both by how far the two reports' figures for the same cipher differ (src/rules/tls.ts startSpread); here from the two other ciphers only. The range holds ${conditions.filter((c) => c.contains).length} of ${conditions.length}.${conditionMisses(conditions)} (The two tables' cryptoCard conditions, "Crypto Express7" and "CEX7S", name the same Crypto Express7S card: the card is not the difference.)`,
    );
  out.push(
    `- The median half-width, ${fmt(res.summary.medianHalfWidthPct)}%, is the run-to-run tolerance: most predictions are one report's figure for the same release.`,
  );
  if (worst)
    out.push(
      `- The largest point error: ${worst.target.entry} (${worst.target.where || "figure"}) "${worst.target.raw}" predicted ${fmt(worst.predicted!.value)} from ${worst.from.entry} "${worst.from.raw}", ${fmt(worst.errorPct)}%${worst.contains ? " (inside the range)" : ""}.`,
    );
  out.push(
    "",
    "By unit:",
    "",
    "| unit | predicted | range holds | median abs. error % | largest abs. error % |",
    "| --- | ---: | ---: | ---: | ---: |",
  );
  for (const unit of [...new Set(predicted.map((c) => c.unit))].sort()) {
    const u = predicted.filter((c) => c.unit === unit);
    const err = u.map((c) => Math.abs(c.errorPct!));
    out.push(
      `| ${unit} | ${u.length} | ${u.filter((c) => c.contains).length} | ${fmt(median(err))} | ${fmt(Math.max(...err))} |`,
    );
  }
  out.push("");
  out.push(
    `- ${res.summary.gaps} cases have no prediction (the tool gives a gap, counted neither as a hit nor as a miss): ${[...new Set(res.cases.filter((c) => !c.predicted).map((c) => c.noPrediction!))].join("; ")}.`,
    "- The reports overlap mostly in storage (channel initiator footprints, CSA per connection): the CPU and throughput figures of the 9.2 and 9.3 reports survive mostly as charts (models list them as gaps), and the z15, sysplex and V5.3 reports measured other things, so few CPU figures can be checked this way.",
    "- Every width comes from a source statement or from data other than the case predicted (docs/ranges.md says which); none was chosen to meet these targets.",
    "",
  );
  return out;
}

export function renderAccuracy(res: CrossResult, conditions?: ConditionAccuracy): string {
  const s = res.summary;
  const yes = (b: boolean) => (b ? "met" : "**not met**");
  const lines = [
    "# Accuracy against the reports themselves",
    "",
    "Generated by `npx tsx bench/cross-report.ts` (also section 8 of `npm run bench`); data about the",
    "models, not timing: the same models give the same file. Each case predicts a figure one report",
    "measured from another report only, as a user on the other release or machine would get it from",
    "mqzcap: the other report's value through the registry (its range: run-to-run tolerance, qualifiers",
    "such as 'approximately' and 'up to', flags), at the release the rules would use and carried or",
    "extrapolated as they would (src/rules/helpers.ts releaseChoice and carried, imported here), and",
    "widened for other test conditions as the rules do (src/rules/conditions.ts widenForConditions).",
    "Pairs are found from the model files (bench/cross-report.ts says how): same table",
    "id and cell, same formula parameter, same figure subject, unit and conditions, or a figure whose",
    "subject names a table and whose conditions give the cell. Each matched pair is two cases, one each way.",
    "",
    "## Summary",
    "",
    `| | value | target | |`,
    `| --- | ---: | ---: | --- |`,
    `| cases (matched pairs, both ways) | ${s.cases} | | |`,
    `| predicted | ${s.predicted} | | |`,
    `| no prediction (the tool gives a gap) | ${s.gaps} | | |`,
    `| range contains the measured figure | ${fmt(s.containsPct)}% | >= ${TARGETS.containsPct}% | ${yes(s.met.contains)} |`,
    `| median half-width of the range | ${fmt(s.medianHalfWidthPct)}% | <= ${TARGETS.medianHalfWidthPct}% | ${yes(s.met.halfWidth)} |`,
    `| point within +/-${TARGETS.withinPct}% | ${fmt(s.withinSharePct)}% | >= ${TARGETS.withinSharePct}% | ${yes(s.met.within)} |`,
    "",
    ...findings(res),
    ...(conditions ? renderConditionAccuracy(conditions) : []),
    "## How the pairs were matched",
    "",
    "| predicted | from | how the model files make them the same quantity | cases | range holds |",
    "| --- | --- | --- | ---: | ---: |",
    ...matchedGroups(res),
    "",
    "## Every case",
    "",
    "| target (measured) | value | predicted from | predicted | range | error % | half-width % | contains | carry, or why none / why missed |",
    "| --- | ---: | --- | ---: | --- | ---: | ---: | --- | --- |",
  ];
  const cell = (t: string) => t.replace(/\|/g, "\\|");
  for (const c of res.cases) {
    const tgt = `${c.target.entry}${c.target.where ? ` (${c.target.where})` : ""} [${c.target.source}, MQ ${c.target.releases.join("/")}, ${c.target.hardware.join("/")}]`;
    const from = `${c.from.entry}${c.from.where ? ` (${c.from.where})` : ""} [${c.from.source}, MQ ${c.from.releases.join("/")}] "${c.from.raw}"`;
    const p = c.predicted;
    lines.push(
      `| ${cell(tgt)} | ${cell(`"${c.target.raw}"`)} ${c.unit} | ${cell(from)} | ${p ? fmt(p.value) : "-"} | ${p ? `${fmt(p.low)}..${fmt(p.high)}` : "-"} | ${fmt(c.errorPct)} | ${fmt(c.halfWidthPct)} | ${c.contains === null ? "gap" : c.contains ? "yes" : "**no**"} | ${cell(c.contains === false ? c.note : p ? p.carry : (c.noPrediction ?? ""))} |`,
    );
  }
  lines.push("", "## Left out: not measurements", "");
  lines.push(
    `Values in units that are not measurements of MQ (${[...NOT_MEASURED_UNITS].join(", ")}: settings, product limits, environment) are not matched. Figures left out by subject:`,
    "",
  );
  for (const e of res.excluded) lines.push(`- ${e.entry}: ${e.why}`);
  lines.push("");
  return lines.join("\n");
}

if (process.argv[1]?.endsWith("cross-report.ts")) {
  const root = process.cwd();
  const data = loadModelDir(join(root, "models"), { displayRoot: root });
  const res = crossReport(data);
  const cond = conditionAccuracy(data);
  writeFileSync(join(root, "bench", "ACCURACY.md"), renderAccuracy(res, cond));
  const s = res.summary;
  console.log(
    `bench/ACCURACY.md: ${s.cases} cases, ${s.predicted} predicted; range holds ${r3(s.containsPct)}%, median half-width ${r3(s.medianHalfWidthPct)}%, within +/-6% ${r3(s.withinSharePct)}%`,
  );
  for (const k of cond.byKind)
    console.log(
      `across conditions, ${k.kind}: ${k.cases} cases, range holds ${k.containsPct}% (target >= 90%${k.met ? (k.met.contains ? ", met" : ", not met") : ", fewer than 20 cases"}), median half-width ${k.medianHalfWidthPct === Infinity ? "open" : `${k.medianHalfWidthPct}%`} (target <= 20%${k.met ? (k.met.halfWidth ? ", met" : ", not met") : ""})`,
    );
}
