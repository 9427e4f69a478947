// Advanced Message Security: what protect and unprotect cost and where each runs (the application, or
// the channel initiator under interception), by policy, key reuse and the message sizes measured; the
// z14-to-z15 change; what the sources measured of a transaction under Privacy. The channel initiator's
// tasks and the rates interception sustained are in ams-interception.ts.
import type { LineItem, Rule, RuleContext } from "../engine/types.js";
import type { RangePart, RangeReason } from "../model/ranges.js";
import type { Citation, Confidence, LookupResult, Registry } from "../model/registry.js";
import type { AddressSpace } from "../model/vocabulary.js";
import {
  arithmetic,
  chartsFor,
  entryForRelease,
  fromLookups,
  mapItems,
  num,
  perRegistry,
  putsPerTransaction,
  rangeOf,
  sizeLabel,
  type ReleaseCarry,
} from "./helpers.js";
import { measuredUnder, type ConditionKey } from "./conditions.js";
import { comparedExcept, through, workedOut } from "./door.js";

// The AMS costs are compared on every condition but these. The rule bounds three by the sources' own
// figures, which stand for the evidence: the machine (z14 by the z15 report's AMS cost change, onZ14;
// others by the hardware rule), the policy (Privacy's figures bound Confidentiality's on purpose) and
// key reuse (up to Privacy's cost for less reuse, key reuse 32's as an upper bound for more:
// stretchKeyReuse, confidentialityPair). Persistence does not move a protect or unprotect cost: "the
// increase of 135 microseconds would be seen in the 32KB non-persistent workload whether the
// application cost was 10 microseconds or 1000 microseconds" (001 line 1613); persistence moves the
// rest of the transaction (the logging rules). Between the two measured sizes the range spans the step
// from one to the other (stepUp, stepDown): the message size is left out there too.
const AMS_COMPARED = comparedExcept("hardware", "amsPolicy", "keyReuse", "persistent");
// The rate effect is shown as the report measured it, its conditions in its label (one channel pair,
// 32KB, non-persistent, 001 lines 1591, 1675): not this config's rate, which the limits give. Compared
// on the release only.
const RATE_COMPARED: readonly ConditionKey[] = Object.freeze(["release"]);
const AMS_COMPARED_BETWEEN = comparedExcept(
  "hardware",
  "amsPolicy",
  "keyReuse",
  "persistent",
  "messageSize",
  "messageSizeMin",
  "messageSizeMax",
  "messageSizeAbove",
);

/** 2KB, business partner streaming: chin protect (Confidentiality) and the getter's unprotect per policy. */
export const BP_2KB = "001.ams-bp-streaming-cost-increments";
const PRIVACY_PAIR = "001.ams-privacy-protect-unprotect-cost";
const PRIVACY_FACTOR = "001.ams-privacy-cost-factor";
const PRIVACY_RATE = "001.ams-privacy-rate-share";
const CONF_PAIR = "001.ams-conf-kr32-one-way-cost";
const CONF_TXN = "001.ams-conf-kr32-txn-cost-increase";
const CONF_TXN_PCT = "001.ams-conf-kr32-txn-cost-increase-pct";
const CONF_RATE = "001.ams-conf-kr32-rate-drop";
const KEY_REUSES = "001.ams-policy-catalog";
// Why less key reuse costs up to Privacy's (a key encrypted for every message, and Privacy signs as
// well), and why more costs no more than key reuse 32 (fewer asymmetric operations): 000 lines 1787-1807.
const PRIVACY_OPS = "000.ams-sign-verify-asymmetric-ops-privacy";
const KEY_PER_MESSAGE = "000.ams-encrypt-asymmetric-ops-per-recipient";
const REUSE_AVOIDS = "000.ams-key-reuse-avoided-10-messages";
// The same statement in the 9.3 and 9.2 reports (000 lines 1801-1807, 001 lines 2695-2701).
const REUSE_FORMULAS = ["000.ams-key-reuse-asymmetric-ops", "001.ams-key-reuse-asymmetric-saving"];
const Z14 = "003.ams-cost-change-z14-z15";

type Policy = "integrity" | "privacy" | "confidentiality";
type Op = "protect" | "unprotect";

/** Channel types that send messages (the channel initiator gets them) or receive them (it puts them). */
const SENDING = new Set(["sender", "server", "cluster-sender"]);
const RECEIVING = new Set(["receiver", "requester", "cluster-receiver"]);

/** A cost per operation with its range, the lookups it comes from and why it is as wide as it is. */
interface Unit {
  value: number;
  low: number;
  high: number;
  results: LookupResult[];
  confidence: Confidence;
  parts: RangePart[];
  /** The message size the figure was measured at. */
  measuredAt: number;
  formula: string;
}

function unitOf(r: LookupResult, measuredAt: number, formula: string): Unit {
  return {
    value: r.value,
    low: r.low,
    high: r.high,
    results: [r],
    confidence: r.confidence,
    parts: [...r.parts],
    measuredAt,
    formula,
  };
}

const RANK: Record<Confidence, number> = {
  arithmetic: -1,
  measured: 0,
  "user-supplied": 1,
  "carried-forward": 2,
  interpolated: 3,
  extrapolated: 4,
};

function worse(a: Confidence, b: Confidence): Confidence {
  return RANK[b] > RANK[a] ? b : a;
}

/** The unit with its range stretched to take in [low, high], the part saying why. */
function stretch(u: Unit, low: number, high: number, from: string, reason: RangeReason, text: string): Unit {
  const l = Math.min(u.low, low);
  const h = Math.max(u.high, high);
  const pct = (x: number) => (u.value === 0 ? 0 : ((x - u.value) / Math.abs(u.value)) * 100);
  return { ...u, low: l, high: h, parts: [...u.parts, { from, reason, low: pct(l), high: pct(h), text }] };
}

/** The measured message size nearest in log terms. */
function nearest(size: number, measured: readonly number[]): number {
  return measured.reduce((a, b) => (Math.abs(Math.log(b / size)) < Math.abs(Math.log(a / size)) ? b : a));
}

/** How many protects and unprotects a transaction makes, and in which address space. */
export interface Placement {
  app: Record<Op, number>;
  chin: Record<Op, number>;
  /** In words, for the formula. */
  how: string;
}

/**
 * Every message is protected once and unprotected once on this queue manager (001 lines 1400-1410):
 * by the applications when both ends are here; under interception the channel initiator protects what
 * arrives over a receiving channel (SPLPROT(ASPOLICY)) and unprotects what leaves over a sending one
 * (SPLPROT(REMOVE)) (001 lines 1331-1333). A request/reply sends one message each way.
 */
export function placement(messages: number, inbound: boolean, outbound: boolean): Placement {
  const chinProtect = inbound ? 1 : 0;
  const chinUnprotect = outbound && (messages === 2 || !inbound) ? 1 : 0;
  const how =
    chinProtect + chinUnprotect === 0
      ? "both ends on this queue manager"
      : [
          chinProtect
            ? "arriving over a receiving channel: the channel initiator protects, the application unprotects"
            : "",
          chinUnprotect
            ? "leaving over a sending channel: the application protects, the channel initiator unprotects"
            : "",
        ]
          .filter(Boolean)
          .join("; ");
  return {
    app: { protect: messages - chinProtect, unprotect: messages - chinUnprotect },
    chin: { protect: chinProtect, unprotect: chinUnprotect },
    how,
  };
}

export function interceptionSides(config: RuleContext["config"]): { inbound: boolean; outbound: boolean } {
  const intercepting = (config.channels ?? []).filter((ch) => ch.amsInterception);
  return {
    inbound: intercepting.some((ch) => RECEIVING.has(ch.type)),
    outbound: intercepting.some((ch) => SENDING.has(ch.type)),
  };
}

export const ams: Rule = {
  id: "ams",
  concern: "ams",
  description:
    "AMS protect and unprotect costs by policy, key reuse and message size, where each runs; z14 versus z15.",
  reads: ["ams.policy", "ams.keyReuse", "channels[].amsInterception", "channels[].type", "workload.*", "hardware.*"],
  uses: [
    BP_2KB,
    PRIVACY_PAIR,
    PRIVACY_FACTOR,
    PRIVACY_RATE,
    CONF_PAIR,
    CONF_TXN,
    CONF_TXN_PCT,
    CONF_RATE,
    KEY_REUSES,
    PRIVACY_OPS,
    KEY_PER_MESSAGE,
    REUSE_AVOIDS,
    ...REUSE_FORMULAS,
    Z14,
  ],
  applies: (c) => c.ams !== undefined && c.ams.policy !== "none",
  run(context) {
    let ctx: RuleContext = context;
    const { config, registry } = ctx;
    const policy = config.ams!.policy as Policy;
    const rel = entryForRelease(ctx, BP_2KB, "ams", "AMS costs");
    if (!rel) {
      ctx.gap(
        "ams",
        `AMS costs for MQ ${config.mq.release}: the per-message figures come from the MQ 9.2 report only`,
        chartsFor(ctx, "ams", /cost/i),
      );
      return;
    }
    if (config.hardware.generation === "z14" && config.hardware.factor === undefined) ctx = onZ14(ctx, policy);
    const w = config.workload;
    const messages = putsPerTransaction(w.pattern);
    const { inbound, outbound } = interceptionSides(config);
    const place = placement(messages, inbound, outbound);
    // The sizes measured: 2KB (per operation, 001 lines 1853-1859) and 32KB (protect and unprotect
    // together, 001 lines 1611-1615, 1675-1677); Integrity at 2KB only.
    const size2KB = measuredUnder(registry, BP_2KB, "messageSize");
    const size32KB = measuredUnder(registry, CONF_PAIR, "messageSize");
    const between = policy !== "integrity" && w.messageSize > size2KB && w.messageSize < size32KB;
    const only = between ? AMS_COMPARED_BETWEEN : AMS_COMPARED;
    const look = (r: LookupResult) =>
      through(ctx, r.citation.id, { value: r, carry: rel.carried, only, concern: "ams", what: "AMS costs" }).r;

    const at = nearest(w.messageSize, policy === "integrity" ? [size2KB] : [size2KB, size32KB]);
    if (at !== w.messageSize) {
      ctx.warn(
        "ams",
        `AMS ${policy} at ${sizeLabel(w.messageSize)}: the sources measured ${policy === "integrity" ? sizeLabel(size2KB) : `${sizeLabel(size2KB)} and ${sizeLabel(size32KB)}`}; the ${sizeLabel(at)} figures are used (extrapolated)`,
        [registry.citation(registry.get(at === size2KB ? BP_2KB : CONF_PAIR))],
      );
    }
    const exactSize = at === w.messageSize;
    const keyReuse = config.ams?.keyReuse;
    if (policy === "confidentiality") keyReuseWarning(ctx, keyReuse, at === size2KB);
    if (policy === "confidentiality" && typeof keyReuse === "number") keyReuseAvoided(ctx, keyReuse);

    // Between the two measured sizes the cost per transaction lies between the figures measured at each
    // (the reports measured no size in between, 001 lines 1611, 1853): the range spans the step rather
    // than the value jumping from one to the other at their midpoint. The 2KB side is its unprotects
    // alone where its protect is not given, a lower end that only widens the range.
    const emit = (
      id: string,
      label: string,
      as: AddressSpace,
      count: number,
      unit: Unit,
      extra = "",
      step?: { low?: number; high?: number; text: string },
    ) => {
      const u = step ? stepped(unit, count, step, id) : unit;
      const confidence = exactSize ? u.confidence : worse(u.confidence, "extrapolated");
      const parts = fromLookups(...u.results);
      // Privacy's figures bound another policy's range; their flags are Privacy's, not this item's.
      if (policy !== "privacy") parts.flags = parts.flags.filter((f) => f.entry !== PRIVACY_PAIR);
      ctx.item({
        id,
        concern: "ams",
        label,
        addressSpace: as,
        metric: "cpu-per-txn",
        value: u.value * count,
        low: u.low * count,
        high: u.high * count,
        unit: "us",
        formula: `${u.formula} x ${count} per transaction${extra}`,
        inputs: {
          perOperationUs: { value: u.value, unit: "us", from: u.results[0]!.citation.id },
          measuredAt: { value: u.measuredAt, unit: "bytes", from: u.results[0]!.citation.id },
        },
        ...parts,
        confidence,
        spread: u.parts,
      });
    };

    let stepDone = false;
    if (at === size2KB) {
      // Per operation, each where it runs.
      const unprotect = unitOf(look(registry.lookup(BP_2KB, { amsPolicy: policy, addressSpace: "app" })), size2KB, "");
      unprotect.formula = `${unprotect.results[0]!.raw} (measured at ${sizeLabel(size2KB)}${place.chin.unprotect > 0 ? ", the one unprotect the text measured" : ""})`;
      const privacyUnprotect = look(registry.lookup(BP_2KB, { amsPolicy: "privacy", addressSpace: "app" }));
      const u =
        policy === "confidentiality"
          ? stretch(
              unprotect,
              unprotect.low,
              privacyUnprotect.value,
              KEY_REUSES,
              "condition",
              `key reuse of the ${sizeLabel(size2KB)} Confidentiality figure not stated (measured 1, 32, 64, unlimited); up to Privacy's ${privacyUnprotect.raw.replace(/^Privacy added /, "")}, which encrypts a key for every message as key reuse 1 does, and signs too`,
            )
          : unprotect;
      if (policy === "confidentiality") u.results.push(privacyUnprotect);
      const protect =
        policy === "confidentiality"
          ? unitOf(look(registry.lookup(BP_2KB, { amsPolicy: policy, addressSpace: "chin" })), size2KB, "")
          : undefined;
      if (protect)
        protect.formula = `${protect.results[0]!.raw} (measured in the channel initiator at ${sizeLabel(size2KB)}, the one protect the text measured)`;
      for (const as of ["app", "chin"] as const) {
        const n = place[as];
        const where = as === "app" ? "the application" : "the channel initiator";
        if (n.protect > 0) {
          if (!protect) {
            ctx.gap(
              "ams",
              `AMS ${policy} protect in ${where} at ${sizeLabel(size2KB)}: not given (the text gives the channel initiator's Confidentiality protect and the getter's unprotect per policy only, 001 lines 1853-1859)`,
              chartsFor(ctx, "ams", /2KB.*cost|breakdown of cost/i),
            );
          } else {
            const p =
              as === "app"
                ? { ...protect, confidence: worse(protect.confidence, "extrapolated") as Confidence }
                : protect;
            emit(`ams.protect.${as}`, `AMS ${policy}: protect in ${where}`, as, n.protect, p);
          }
        }
        if (n.unprotect > 0) {
          const x = as === "chin" ? { ...u, confidence: worse(u.confidence, "extrapolated") as Confidence } : u;
          // The step to the larger measured size rides on the application's unprotect, once.
          const up =
            between && as === "app" && !stepDone
              ? ((stepDone = true), stepUp(ctx, look, policy, keyReuse, messages, size32KB))
              : undefined;
          emit(`ams.unprotect.${as}`, `AMS ${policy}: unprotect in ${where}`, as, n.unprotect, x, "", up);
        }
      }
    } else {
      // 32KB: protect and unprotect together, all address spaces (MSTR, CHIN, AMSM, application).
      const pair = policy === "privacy" ? privacyPair(ctx, look) : confidentialityPair(ctx, look, keyReuse);
      const chin = place.chin.protect + place.chin.unprotect;
      const as: AddressSpace = chin > 0 ? "chin" : "app";
      const where =
        chin > 0
          ? "application and channel initiator together (the split is in a lost chart), on this LPAR"
          : "in the applications";
      const intercepted = place.chin.protect > 0 && place.chin.unprotect > 0;
      if (
        policy === "confidentiality" &&
        intercepted &&
        messages === 2 &&
        (keyReuse === undefined || keyReuse === 32)
      ) {
        // Measured as such: a request/reply whose requester side intercepts both ways (001 line 1611).
        const r = look(registry.figureValue(CONF_TXN));
        const u = unitOf(
          r,
          size32KB,
          `${r.raw} per request/reply transaction, requester side intercepted (measured at ${sizeLabel(size32KB)})`,
        );
        emit(
          "ams.protect-unprotect",
          `AMS ${policy}: protect and unprotect, ${where}`,
          as,
          1,
          keyReuse === undefined ? stretchKeyReuse(ctx, u, 2, look) : u,
          `; ${place.how}`,
        );
      } else {
        const down = between
          ? stepDown(ctx, look, policy, place.app.unprotect + place.chin.unprotect, size2KB)
          : undefined;
        emit(
          "ams.protect-unprotect",
          `AMS ${policy}: protect and unprotect, ${where}`,
          as,
          messages,
          pair,
          `; ${place.how}`,
          down,
        );
      }
      if (w.pattern === "request-reply") rateEffect(ctx, policy, rel.carried);
    }
  },
};

/** A unit whose per-transaction range (count of them) is widened to a step's other side. */
function stepped(u: Unit, count: number, step: { low?: number; high?: number; text: string }, id: string): Unit {
  const low = step.low !== undefined ? Math.min(u.low, step.low / count) : u.low;
  const high = step.high !== undefined ? Math.max(u.high, step.high / count) : u.high;
  const pct = (x: number) => (u.value === 0 ? 0 : ((x - u.value) / u.value) * 100);
  return {
    ...u,
    low,
    high,
    formula: `${u.formula}; ${step.text}`,
    parts: [...u.parts, { from: id, reason: "condition", low: pct(low), high: pct(high), text: step.text }],
  };
}

/** Below the larger measured size: the range reaches up to the 32KB protect and unprotect per transaction. */
function stepUp(
  ctx: RuleContext,
  look: (r: LookupResult) => LookupResult,
  policy: Policy,
  keyReuse: number | "unlimited" | undefined,
  messages: number,
  size32KB: number,
): { high: number; text: string } {
  const pair = policy === "privacy" ? privacyPair(ctx, look) : confidentialityPair(ctx, look, keyReuse);
  const high = pair.high * messages;
  return {
    high,
    text: `${sizeLabel(ctx.config.workload.messageSize)} lies between the measured sizes: up to the ${sizeLabel(size32KB)} protect and unprotect, ${num(high)} us per transaction, the high end`,
  };
}

/** Above the smaller measured size: the range reaches down to the 2KB unprotects per transaction. */
function stepDown(
  ctx: RuleContext,
  look: (r: LookupResult) => LookupResult,
  policy: Policy,
  unprotects: number,
  size2KB: number,
): { low: number; text: string } {
  const u = look(ctx.registry.lookup(BP_2KB, { amsPolicy: policy, addressSpace: "app" }));
  const low = u.low * unprotects;
  return {
    low,
    text: `${sizeLabel(ctx.config.workload.messageSize)} lies between the measured sizes: down to the ${sizeLabel(size2KB)} unprotect${unprotects === 1 ? "" : "s"}, ${num(low)} us per transaction, the low end`,
  };
}

/** Privacy at 32KB, per protect and unprotect: the two statements the report makes, as the range. */
function privacyPair(ctx: RuleContext, look: (r: LookupResult) => LookupResult): Unit {
  const { registry } = ctx;
  const stated = look(registry.figureValue(PRIVACY_PAIR));
  const factor = registry.figureValue(PRIVACY_FACTOR);
  const increase = registry.figureValue(CONF_TXN);
  const pct = registry.figureValue(CONF_TXN_PCT);
  // The measured transaction cost without AMS is not printed: the Confidentiality run on the same
  // workload (32KB request/reply, one channel pair, 001 lines 1591, 1611) gives it as 135 / 70%. Four
  // times that cost is three times more, over two protect-and-unprotect pairs (request and reply).
  // Worked out as measured, then through the door once as the Privacy run's figure: the percentage,
  // widened on its own, would divide by a range reaching zero.
  const perPair = (f: number, inc: number, p: number) => ((f - 1) * (inc / (p / 100))) / 2;
  // (In microseconds as the increase is; compared on the Privacy run's conditions, its factor's.)
  const derived = look(workedOut({ ...increase, citation: factor.citation }, rangeOf(perPair, factor, increase, pct)));
  const size = measuredUnder(registry, PRIVACY_FACTOR, "messageSize");
  return {
    value: derived.value,
    low: Math.min(derived.low, stated.low),
    high: Math.max(derived.high, stated.high),
    results: [factor, increase, pct, stated],
    confidence: worse(derived.confidence, stated.confidence),
    parts: [
      {
        from: PRIVACY_PAIR,
        reason: "flagged",
        low: ((Math.min(stated.value, derived.low) - derived.value) / derived.value) * 100,
        high: ((derived.high - derived.value) / derived.value) * 100,
        text: `the report says both: "${factor.raw}" the unprotected cost of its request/reply (001 line 1675), and "${stated.raw} for protect and unprotect" (line 1677, flagged suspect); the range runs from one to the other`,
      },
      // What the door added to the worked-out figure (the release carry, a condition outside), for --explain.
      ...derived.parts.slice(increase.parts.length),
    ],
    measuredAt: size,
    formula: `(${num(factor.value)} - 1) x (${num(increase.value)} / ${num(pct.value)}%) / 2 = ${num(derived.value)} us per protect and unprotect (low: ${stated.raw})`,
  };
}

/** Confidentiality at 32KB, per protect and unprotect, with the key reuse the config gives. */
function confidentialityPair(
  ctx: RuleContext,
  look: (r: LookupResult) => LookupResult,
  keyReuse: number | "unlimited" | undefined,
): Unit {
  const r = look(ctx.registry.figureValue(CONF_PAIR));
  const size = measuredUnder(ctx.registry, CONF_PAIR, "messageSize");
  const u = unitOf(r, size, `${r.raw} per protect and unprotect (key reuse 32, measured at ${sizeLabel(size)})`);
  if (keyReuse === 32) return u;
  if (keyReuse === undefined || (typeof keyReuse === "number" && keyReuse < 32))
    return stretchKeyReuse(ctx, u, 1, look);
  // More reuse, fewer asymmetric operations (000 lines 1801-1807): no more than at 32, by how much less
  // the text does not say: an upper bound, open below (a symmetric range would claim it is as likely
  // to cost more than at 32 as less).
  const s = stretch(
    { ...u, low: u.value },
    0,
    u.high,
    KEY_REUSES,
    "upper-bound",
    `key reuse ${String(keyReuse)} (measured as charts only: 1, 32, 64, unlimited): at most key reuse 32's figure; the text gives none for more reuse, so nothing lower is ruled out`,
  );
  return {
    ...s,
    confidence: worse(u.confidence, "extrapolated"),
    formula: `${u.formula}, at most, for key reuse ${String(keyReuse)}`,
  };
}

/**
 * Key reuse below 32, or not given: up to Privacy's cost at the same size, which encrypts a key for
 * every message as key reuse 1 does and signs as well (000 lines 1787-1793).
 */
function stretchKeyReuse(ctx: RuleContext, u: Unit, pairs: number, look: (r: LookupResult) => LookupResult): Unit {
  const privacy = privacyPair(ctx, look);
  const s = stretch(
    u,
    u.low,
    privacy.value * pairs,
    KEY_REUSES,
    "condition",
    `key reuse 1 to 32 (measured: 1, 32, 64, unlimited): up to Privacy's ${num(privacy.value * pairs)} us, which encrypts a key for every message as key reuse 1 does, and signs too`,
  );
  s.results = [...u.results, ...privacy.results];
  s.confidence = worse(s.confidence, "extrapolated");
  return s;
}

/**
 * The share of asymmetric key operations key reuse avoids, putting and getting: the symmetric key is
 * encrypted for the recipients (and recovered by the getter) once for every keyReuse messages, so
 * 1 - 1/keyReuse of those operations go (000 lines 1801-1807: 10 messages, 90%). The sources give no
 * CPU per asymmetric operation, so this says why reuse is cheaper, not by how much.
 */
function keyReuseAvoided(ctx: RuleContext, keyReuse: number): void {
  const { registry } = ctx;
  ctx.item({
    id: "ams.key-reuse-avoided",
    concern: "ams",
    label: `AMS confidentiality, key reuse ${keyReuse}: asymmetric key operations avoided, putting and getting`,
    metric: "info",
    value: (1 - 1 / keyReuse) * 100,
    unit: "%",
    formula: `1 - 1 / ${keyReuse}: the symmetric key is encrypted for the recipients with an asymmetric operation on the first of every ${keyReuse} messages to them, and the getter recovers it once for those ${keyReuse}`,
    inputs: { keyReuse: { value: keyReuse, unit: "count", from: "ams.keyReuse" } },
    ...arithmetic(
      registry.figureValue(REUSE_AVOIDS).citation,
      ...REUSE_FORMULAS.map((id) => registry.citation(registry.formula(id))),
    ),
  });
}

/** The warning when key reuse is not given or not one the sources measured. */
function keyReuseWarning(ctx: RuleContext, keyReuse: number | "unlimited" | undefined, at2KB: boolean): void {
  const { registry } = ctx;
  const list = registry.table(KEY_REUSES);
  const measured = list.cells
    .filter((c) => c.at.list === "chapter7")
    .map((c) => (c.v.value === null || c.v.value === undefined ? "unlimited" : String(c.v.value)))
    .join(", ");
  const cite = [registry.citation(registry.get(KEY_REUSES))];
  const more = typeof keyReuse === "number" && keyReuse > 32 && !at2KB;
  const basis = more || keyReuse === "unlimited" ? [REUSE_AVOIDS] : [KEY_PER_MESSAGE, PRIVACY_OPS];
  if (keyReuse !== 32 || at2KB) for (const id of basis) cite.push(registry.citation(registry.get(id)));
  if (at2KB) {
    ctx.warn(
      "ams",
      `AMS confidentiality at 2KB: the text does not say which key reuse its figures are for (the runs used ${measured}, 001 lines 1807-1810); the range runs up to Privacy's${keyReuse === undefined ? "; ams.keyReuse is not given" : ""}`,
      cite,
    );
  } else if (keyReuse === undefined) {
    ctx.warn(
      "ams",
      `AMS confidentiality: ams.keyReuse is not given; the figures were measured with key reuse 32, and the range spans the key reuse values measured (${measured}, 001 lines 1807-1810): up to Privacy's cost for key reuse 1`,
      cite,
    );
  } else if (keyReuse !== 32) {
    ctx.warn(
      "ams",
      `AMS confidentiality with key reuse ${String(keyReuse)}: measured with key reuse 32 only (extrapolated); ${keyReuse === "unlimited" || keyReuse > 32 ? "more reuse avoids more asymmetric operations (000 line 1807), so the figure is an upper bound" : "less reuse costs more, up to Privacy's cost for key reuse 1"}`,
      cite,
    );
  }
}

/** What the sources measured of a request/reply's rate under the policy (one channel pair, 32KB). */
function rateEffect(ctx: RuleContext, policy: Policy, carry: false | ReleaseCarry): void {
  const { registry } = ctx;
  const id = policy === "privacy" ? PRIVACY_RATE : policy === "confidentiality" ? CONF_RATE : undefined;
  if (!id) return;
  const { r } = through(ctx, id, { carry, only: RATE_COMPARED });
  const share = policy === "privacy" ? r : { ...r, value: 100 + r.value, low: 100 + r.low, high: 100 + r.high };
  ctx.item({
    id: "ams.rate-effect",
    concern: "ams",
    label: `AMS ${policy}: request/reply rate as measured against unprotected (1 channel pair, ${sizeLabel(measuredUnder(registry, id, "messageSize"))}, non-persistent)`,
    metric: "info",
    value: share.value,
    low: share.low,
    high: share.high,
    unit: "% of unprotected rate",
    formula:
      policy === "privacy"
        ? `"${r.raw}" (001 line 1675)`
        : `100% ${r.raw.replace("dropping by ", "- ")} (001 line 1617)`,
    inputs: {},
    ...fromLookups(r),
  });
}

/**
 * On z14 the AMS figures (measured on z15) scale by the z15 report's AMS change, not LSPR: each by the
 * change at the size it was measured at, as a range over the sizes that bracket it.
 */
function onZ14(ctx: RuleContext, policy: Policy): RuleContext {
  const { registry } = ctx;
  return mapItems(ctx, (i: LineItem) => {
    if (!i.metric.startsWith("cpu")) return i;
    const measuredAt = Number(i.inputs.measuredAt?.value);
    const z = z14Change(registry, policy, measuredAt);
    const { k, kLow, kHigh } = z;
    const low = (i.low ?? i.value) * kLow;
    const high = (i.high ?? i.value) * kHigh;
    // A copy by Object.assign, then the keys set in the order a spread literal would give them: keys
    // the item lacks (measuredOn) added to a spread copy take V8 (Node 20) a slow path.
    const out: LineItem = Object.assign({}, i);
    out.value = i.value * k;
    out.low = low;
    out.high = high;
    out.formula = `(${i.formula}) / (1 + ${z.formulaTail}`;
    out.citations = [...i.citations, z.citation];
    out.measuredOn = ["z14", "z15"];
    // Extrapolated or interpolated stays so: the warning that says why must not go.
    out.confidence = worse(i.confidence, "carried-forward");
    out.spread = [
      ...(i.spread ?? []),
      {
        from: Z14,
        reason: "machine-carry" as const,
        low: (kLow / k - 1) * 100,
        high: (kHigh / k - 1) * 100,
        text: z.text,
      },
    ];
    return out;
  });
}

interface Z14Change {
  k: number;
  kLow: number;
  kHigh: number;
  /** The formula's text after "(1 + ", its closing parenthesis included. */
  formulaTail: string;
  /** The spread part's text. */
  text: string;
  citation: Citation;
}

// The change for a policy at a measured size depends only on the registry: worked out once (three
// lookups, the factors and their text) and shared.
const z14Changes = perRegistry(() => new Map<string, Map<number, Z14Change>>());

function z14Change(registry: Registry, policy: Policy, measuredAt: number): Z14Change {
  const byPolicy = z14Changes(registry);
  let bySize = byPolicy.get(policy);
  if (!bySize) byPolicy.set(policy, (bySize = new Map()));
  let z = bySize.get(measuredAt);
  if (!z) bySize.set(measuredAt, (z = z14ChangeOf(registry, policy, measuredAt)));
  return z;
}

function z14ChangeOf(registry: Registry, policy: Policy, measuredAt: number): Z14Change {
  const sizes = registry
    .table(Z14)
    .axes.find((a) => a.name === "messageSize")!
    .values.map(Number);
  const change = registry.lookup(Z14, { messageSize: measuredAt, amsPolicy: policy });
  const below = [...sizes].reverse().find((s) => s <= measuredAt) ?? sizes[0]!;
  const above = sizes.find((s) => s >= measuredAt) ?? sizes[sizes.length - 1]!;
  const ends = [below, above].map((s) => registry.lookup(Z14, { messageSize: s, amsPolicy: policy }));
  const ks = [change, ...ends].flatMap((c) => [c.low, c.high, c.value]).map((c) => 1 / (1 + c / 100));
  const exact = below === above;
  return {
    k: 1 / (1 + change.value / 100),
    kLow: Math.min(...ks),
    kHigh: Math.max(...ks),
    formulaTail: `${change.raw}% z14 to z15 AMS cost change at ${sizeLabel(measuredAt)}${exact ? "" : `, ${ends.map((e) => `${e.raw}%`).join(" to ")} at ${sizeLabel(below)} and ${sizeLabel(above)}`})`,
    text: exact
      ? `z14 to z15 AMS cost change at ${sizeLabel(measuredAt)} (${change.raw}%)`
      : `z14 to z15 AMS cost change between ${sizeLabel(below)} and ${sizeLabel(above)} (${ends.map((e) => `${e.raw}%`).join(" to ")})`,
    citation: change.citation,
  };
}
