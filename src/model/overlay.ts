// A user's model entry that replaces a shipped one (same id, through --models) must be one the rules
// can read exactly as they read the shipped entry: the same kind, every axis, measure and parameter
// the shipped entry has, a number wherever the shipped entry has one, in a unit that is the shipped
// one or converts to it, and within bounds. An entry that passes estimates; one that does not is
// refused when the folder is loaded (validate --models says so too), never a crash in a rule.
import type { FormulaEntry, ModelEntry, TableEntry, Value } from "./types.js";

/** Units that convert into one another, by how many of the first unit of their group each is. */
const UNIT_GROUPS: Record<string, Record<string, number>> = {
  time: { us: 1, "\u00b5s": 1, microseconds: 1, ms: 1000, milliseconds: 1000, s: 1e6, seconds: 1e6, minutes: 6e7 },
  // KB = 1024 bytes and MB = 1024 KB, as everywhere in mqzcap (the reports' worked examples need it).
  size: { bytes: 1, B: 1, KB: 1024, MB: 1048576, GB: 1073741824 },
  rate: { "MB/s": 1, "GB/s": 1024 },
};

/** The factor that turns a value in `from` into `to`, or undefined when the two do not convert. */
export function unitFactor(from: string, to: string): number | undefined {
  if (from === to) return 1;
  for (const group of Object.values(UNIT_GROUPS)) {
    const a = group[from];
    const b = group[to];
    if (a !== undefined && b !== undefined) return a / b;
  }
  return undefined;
}

/**
 * Largest magnitude a user's value may have, in the shipped entry's unit: far beyond any MQ figure,
 * and small enough that sums of many of them stay exact to the digits a report prints (1e23 did not).
 * An engineering bound, not a figure from a report.
 */
export const MAX_OVERLAY_MAGNITUDE = 1e9;

/**
 * Checks a user's entry against the shipped entry it replaces and converts its values to the shipped
 * units (in place). Returns the problems; none means the rules can use it.
 */
export function checkOverride(user: ModelEntry, shipped: ModelEntry): string[] {
  if (user.type !== shipped.type) {
    return [
      `replaces ${shipped.id}, a ${shipped.type} in the shipped models, with a ${user.type}; write a ${shipped.type}`,
    ];
  }
  if (user.type === "figure" && shipped.type === "figure") {
    return checkValue(user.v, user.unit, shipped.unit, [shipped.v], "value").problems.concat(
      setUnit(user, shipped.unit),
    );
  }
  if (user.type === "formula" && shipped.type === "formula") return checkFormula(user, shipped);
  if (user.type === "table" && shipped.type === "table") return checkTable(user, shipped);
  return [];
}

function setUnit(e: { unit: string }, unit: string): string[] {
  e.unit = unit;
  return [];
}

/** Checks one value: a finite number, in a unit that converts to the shipped one, within bounds; converts it. */
function checkValue(
  v: Value,
  unit: string,
  shippedUnit: string,
  shippedValues: readonly Value[],
  what: string,
): { problems: string[] } {
  const factor = unitFactor(unit, shippedUnit);
  if (factor === undefined) {
    return {
      problems: [
        `${what}: unit "${unit}" does not convert to "${shippedUnit}", the unit the rules read; write it in ${shippedUnit}`,
      ],
    };
  }
  if (v.value === null || !Number.isFinite(v.value)) {
    return {
      problems: [
        `${what}: "${v.raw}" is not a number the rules can use; write it as { raw: "${v.raw}", value: <number> }`,
      ],
    };
  }
  for (const k of ["value", "low", "high"] as const) {
    const n = v[k];
    if (n !== undefined && n !== null) v[k] = n * factor;
  }
  const nonNegative = shippedValues.every((s) => s.value === null || s.value >= 0);
  const problems: string[] = [];
  for (const k of ["value", "low", "high"] as const) {
    const n = v[k];
    if (n === undefined || n === null) continue;
    if (!Number.isFinite(n) || Math.abs(n) > MAX_OVERLAY_MAGNITUDE)
      problems.push(
        `${what}: ${v.raw} is out of range: at most ${MAX_OVERLAY_MAGNITUDE.toExponential()} ${shippedUnit}`,
      );
    else if (nonNegative && n < 0)
      problems.push(`${what}: ${v.raw} is negative; the shipped figure is never below 0 and the rules read it so`);
    if (problems.length) break;
  }
  return { problems };
}

function checkFormula(user: FormulaEntry, shipped: FormulaEntry): string[] {
  const problems: string[] = [];
  for (const [name, p] of Object.entries(shipped.parameters)) {
    const mine = user.parameters[name];
    if (!mine) {
      problems.push(`has no parameter ${name}, which the shipped formula has and the rules read`);
      continue;
    }
    if (p.v.value === null) continue;
    problems.push(...checkValue(mine.v, mine.unit, p.unit, [p.v], `parameter ${name}`).problems);
    mine.unit = p.unit;
  }
  return problems;
}

function cellName(at: Record<string, unknown>, measure: string): string {
  const where = Object.entries(at)
    .map(([k, v]) => `${k}=${String(v)}`)
    .join(", ");
  return `cell ${measure}${where ? ` at ${where}` : ""}`;
}

function checkTable(user: TableEntry, shipped: TableEntry): string[] {
  const problems: string[] = [];
  const axes = new Map(user.axes.map((a) => [a.name, a]));
  for (const a of shipped.axes) {
    const mine = axes.get(a.name);
    if (!mine) problems.push(`has no axis ${a.name}, which the shipped table has and the rules look up by`);
    else if (mine.type !== a.type) problems.push(`axis ${a.name} is ${mine.type}; the shipped table's is ${a.type}`);
  }
  for (const a of user.axes)
    if (!shipped.axes.some((s) => s.name === a.name))
      problems.push(
        `axis ${a.name} is not an axis of the shipped table (${shipped.axes.map((s) => s.name).join(", ")}): the rules cannot look it up`,
      );
  const measures = new Map(user.measures.map((m) => [m.name, m]));
  for (const m of shipped.measures) {
    const mine = measures.get(m.name);
    if (!mine) {
      problems.push(`has no measure ${m.name}, which the shipped table has`);
      continue;
    }
    const f = unitFactor(mine.unit, m.unit);
    if (f === undefined)
      problems.push(`measure ${m.name}: unit "${mine.unit}" does not convert to "${m.unit}", the unit the rules read`);
  }
  if (problems.length) return problems;
  // Every cell the shipped table has a number for, the user's table must have a number for too.
  const key = (c: { at: Record<string, unknown>; measure: string }) =>
    `${c.measure}\u0000${shipped.axes.map((a) => String(c.at[a.name])).join("\u0000")}`;
  const mine = new Map(user.cells.map((c) => [key(c), c]));
  for (const c of shipped.cells) {
    if (c.v.value === null) continue;
    const u = mine.get(key(c));
    if (!u || u.v.value === null) {
      problems.push(
        `${cellName(c.at, c.measure)}: no number, where the shipped table has one (${c.v.raw}) that the rules may read`,
      );
      if (problems.length >= 5) return problems;
    }
  }
  const shippedOf = new Map(
    shipped.measures.map((m) => [m.name, shipped.cells.filter((c) => c.measure === m.name).map((c) => c.v)]),
  );
  for (const c of user.cells) {
    if (c.v.value === null) continue;
    const m = shipped.measures.find((x) => x.name === c.measure);
    if (!m) continue;
    const mu = measures.get(c.measure)!;
    problems.push(
      ...checkValue(c.v, mu.unit, m.unit, shippedOf.get(c.measure) ?? [], cellName(c.at, c.measure)).problems,
    );
    if (problems.length >= 5) return problems;
  }
  for (const m of user.measures) {
    const s = shipped.measures.find((x) => x.name === m.name);
    if (s) m.unit = s.unit;
  }
  return problems;
}
