// Streaming queues (MQ 9.3, measured on z16): extra MQPUT cost per streamed put by message size,
// private or shared, the MUSTDUP increment (measured per queue type), MQOPEN and MQCLOSE, the expiry
// task's cost per message expired (private: CPU; shared: CF requests), and the doubled log volume for
// persistent messages.
import type { Rule, RuleContext } from "../engine/types.js";
import { spreadOf, subjectOf, type ConditionKey } from "./conditions.js";
import { through } from "./door.js";
import type { LookupResult, Registry } from "../model/registry.js";
import { fromLookups, num, perRegistry, rangeOf, sizeLabel } from "./helpers.js";

// The conditions each figure is compared on (constants: the checks are memoised by them, conditions.ts).
const PERSISTENT_ONLY: readonly ConditionKey[] = ["release", "messageSize", "messageSizeMin", "messageSizeMax"];
const SHARED_PUT_ONLY: readonly ConditionKey[] = ["release", "messageSize", "persistent"];
const MUSTDUP_ONLY: readonly ConditionKey[] = ["release", "queueType", "persistent"];

const PRIVATE = "000.streaming-private-mqput-cost-by-size";
const SHARED = "000.streaming-shared-mqput-cost-by-size";
const MUSTDUP = "000.streaming-mustdup-put-cost-increase";
const OPEN_PRIVATE = "000.streaming-private-mqopen-cost";
const OPEN_SHARED_BASE = "000.streaming-shared-open-close-baseline";
const OPEN_SHARED = "000.streaming-shared-open-close-cf-access";
const OPEN_SHARED_BASE_HELD = "000.streaming-shared-open-close-no-cf-access";
const EXPIRY = "000.streaming-private-expiry-cpu";
const EXPIRY_RATE = "000.streaming-private-expiry-rate";
const SHARED_EXPIRY = "000.streaming-shared-expiry-cf-cpu";
const SHARED_EXPIRY_REQUESTS = "000.streaming-shared-expiry-delete-requests";
const SHARED_PUT_TYPE = "000.streaming-shared-put-type-cost";
const SHARED_COMMIT = "000.streaming-shared-mqcmit-structure-placement";
const COMMIT_EXTRA_NEW = "000.streaming-shared-commit-extra-cf-new";
const COMMIT_EXTRA_MOVEENT = "000.streaming-shared-commit-extra-cf-moveent";
const MUSTDUP_CF = [
  "000.streaming-shared-mustdup-cf-new",
  "000.streaming-shared-mustdup-cf-write",
  "000.streaming-shared-mustdup-cf-moveent",
];
const PAGESET_FULL = "000.streaming-pageset-full-outcomes";
const CSQM587E = "000.streaming-csqm587e-reason-code";
const LOGGER_PAGES = "000.streaming-log-max-pages-per-io-threshold";
const MQCLOSE = "000.streaming-private-mqclose-cpu";
const PAGES_DOUBLED = "000.streaming-pages-used-doubled";
/** What the cost of streaming looks like by source of cost (seed 000 lines 991-1003), private then shared. */
const COST_SOURCES = {
  private: [
    "000.streaming-private-rmf-impact",
    "000.streaming-private-class1-impact",
    "000.streaming-private-class3-impact",
  ],
  shared: [
    "000.streaming-shared-rmf-impact",
    "000.streaming-shared-class1-impact",
    "000.streaming-shared-class3-impact",
  ],
};
const CLASS3_FACTOR = "000.streaming-class3-api-factor";
/** Persistent messages with streaming (seed 000 lines 1199-1209): round trip and log rate by message size. */
const ROUND_TRIP = [
  "000.streaming-persistent-rtt-small",
  "000.streaming-persistent-rtt-64kb",
  "000.streaming-persistent-rtt-large",
];
const LOG_RATE = [
  "000.streaming-log-rate-increase-small",
  "000.streaming-persistent-log-rate-64kb",
  "000.streaming-log-rate-increase-large",
];
export const STREAMING_LOG_FACTOR = "000.streaming-persistent-log-volume-factor";

export const streaming: Rule = {
  id: "streaming",
  concern: "streaming",
  description: "The cost of putting to a queue with a streaming queue (STREAMQ), by size, queue type and STRMQOS.",
  reads: [
    "streamingQueues.*",
    "workload.messageSize",
    "workload.queues",
    "workload.syncpoint",
    "workload.persistent",
    "sharedQueue.expiryInterval",
  ],
  uses: [
    PRIVATE,
    SHARED,
    MUSTDUP,
    SHARED_PUT_TYPE,
    SHARED_COMMIT,
    COMMIT_EXTRA_NEW,
    COMMIT_EXTRA_MOVEENT,
    ...MUSTDUP_CF,
    PAGESET_FULL,
    CSQM587E,
    LOGGER_PAGES,
    MQCLOSE,
    PAGES_DOUBLED,
    ...COST_SOURCES.private,
    ...COST_SOURCES.shared,
    CLASS3_FACTOR,
    ...ROUND_TRIP,
    ...LOG_RATE,
    STREAMING_LOG_FACTOR,
    OPEN_PRIVATE,
    OPEN_SHARED_BASE,
    OPEN_SHARED,
    OPEN_SHARED_BASE_HELD,
    EXPIRY,
    EXPIRY_RATE,
    SHARED_EXPIRY,
    SHARED_EXPIRY_REQUESTS,
  ],
  applies: (c) => (c.streamingQueues?.copies ?? 0) > 0,
  run(ctx) {
    const { config, registry } = ctx;
    const sq = config.streamingQueues!;
    const size = config.workload.messageSize;
    const table = config.workload.queues === "shared" ? SHARED : PRIVATE;
    const base = registry.lookup(table, { messageSize: size }, "putCpuBaseline");
    const withSq = registry.lookup(table, { messageSize: size }, "putCpuWithStreamQueue");
    // The measured columns, not the printed overhead column (one of its cells does not add up).
    // Every measured row has the streaming put dearer than the plain one; two columns extrapolated
    // separately far below 2KB can cross, which would make the overhead a saving: held at zero.
    ctx.item({
      id: "streaming.mqput",
      concern: "streaming",
      label: `MQPUT to a ${config.workload.queues} queue with STREAMQ, ${sizeLabel(size)}, ${num(sq.copies)} per transaction`,
      addressSpace: "app",
      metric: "cpu-per-txn",
      ...difference(withSq, base, sq.copies),
      unit: "us",
      formula: `(put with STREAMQ ${num(withSq.value, 2)} - put alone ${num(base.value, 2)}) us x ${num(sq.copies)} streamed puts`,
      inputs: {
        putWithStreamQueueUs: { value: withSq.value, unit: "us", from: table },
        putBaselineUs: { value: base.value, unit: "us", from: table },
        streamedPuts: { value: sq.copies, unit: "count", from: "streamingQueues.copies" },
      },
      ...fromLookups(withSq, base),
    });
    ctx.item({
      id: "streaming.mqput-with-streamq",
      concern: "streaming",
      label: `MQPUT to a ${config.workload.queues} queue with STREAMQ, ${sizeLabel(size)} (class 3 accounting)`,
      addressSpace: "app",
      metric: "info",
      value: withSq.value,
      unit: "us",
      formula: `the put with STREAMQ as measured: put alone ${num(base.value, 2)} + streaming ${num(withSq.value - base.value, 2)} us`,
      inputs: {},
      ...fromLookups(withSq),
    });
    costSources(ctx);
    if (config.workload.queues === "private") {
      const pages = registry.figureValue(PAGES_DOUBLED);
      ctx.warn(
        "streaming",
        `buffer pool pages used by a put to a queue with STREAMQ: "${pages.raw}" (class 3 accounting, 1KB private queue); size the buffer pool and page set of the stream queue for it`,
        [pages.citation],
      );
    }
    if (sq.quality === "must-duplicate") mustDuplicate(ctx, sq.copies);
    const opens = sq.opensPerTransaction ?? 0;
    if (opens > 0 && config.workload.queues === "private") {
      const with_ = registry.lookup(OPEN_PRIVATE, { openTarget: "private-queue-with-stream-queue" }, "openCpu");
      const without = registry.lookup(OPEN_PRIVATE, { openTarget: "private-queue" }, "openCpu");
      const close = registry.figureValue(MQCLOSE);
      ctx.item({
        id: "streaming.mqopen",
        concern: "streaming",
        label: `MQOPEN of a private queue with STREAMQ, ${num(opens)} per transaction`,
        addressSpace: "app",
        metric: "cpu-per-txn",
        ...difference(with_, without, opens),
        unit: "us",
        formula: `(${with_.raw} - ${without.raw}) us per MQOPEN x ${num(opens)}; MQCLOSE CPU ${close.raw} either way`,
        inputs: { opens: { value: opens, unit: "count", from: "streamingQueues.opensPerTransaction" } },
        ...fromLookups(with_, without, close),
      });
    } else if (opens > 0) sharedOpens(ctx, opens);
    if (config.workload.queues === "shared" && sq.separateStructure !== undefined) commitPlacement(ctx);
    const expired = sq.expiredPerSecond ?? 0;
    if (expired > 0 && config.workload.queues === "shared") sharedExpiry(ctx, expired);
    else if (expired > 0) privateExpiry(ctx, expired);
    if (config.workload.persistent) persistent(ctx);
    if (config.workload.persistent) {
      ctx.warn(
        "streaming",
        `persistent messages to streamed queues log about ${registry.figureValue(STREAMING_LOG_FACTOR).raw} the data (included in the logging figures)`,
        [registry.figureValue(STREAMING_LOG_FACTOR).citation],
      );
    }
  },
};

/**
 * STRMQOS(MUSTDUP) instead of BESTEF: on private queues "1-2 CPU microseconds" per put (seed 000 line
 * 1070); on shared queues the shared table (lines 918-922) has its own rows, +7 us out of syncpoint
 * (15 against 22) and nothing in syncpoint ("Either").
 */
function mustDuplicate(ctx: RuleContext, copies: number): void {
  const { config, registry } = ctx;
  // Seed 000 lines 1039-1044: with MUSTDUP a full stream queue page set fails the original put too.
  const rc = registry.lookup(PAGESET_FULL, { streamQos: "mustdup" }, "appReturnCode");
  const logged = registry.figureValue(CSQM587E);
  ctx.warn(
    "streaming",
    `with STRMQOS(MUSTDUP), when the stream queue's page set fills the application's own MQPUT fails (${rc.raw}); with BESTEF it succeeds; either way the queue manager logs CSQM587E (${logged.raw}): size the stream queue's page set for its depth`,
    [rc.citation, logged.citation],
  );
  if (config.workload.queues === "shared") {
    const oos = !config.workload.syncpoint;
    const must = registry.lookup(
      SHARED_PUT_TYPE,
      { putType: oos ? "mqput-out-of-syncpoint" : "mqput-in-syncpoint", streamQos: oos ? "mustdup" : "either" },
      "putCpuWithStreamQueue",
    );
    const best = registry.lookup(
      SHARED_PUT_TYPE,
      { putType: oos ? "mqput-out-of-syncpoint" : "mqput-in-syncpoint", streamQos: oos ? "bestef" : "either" },
      "putCpuWithStreamQueue",
    );
    const cf = MUSTDUP_CF.map((id) => registry.figureValue(id));
    // Measured with 1KB non-persistent messages: compared on size and persistence only (the table is
    // the shared-queue one, and the machine is scaled by the hardware rule).
    const { r } = through(ctx, SHARED_PUT_TYPE, {
      value: must,
      only: SHARED_PUT_ONLY,
      concern: "streaming",
      what: "STRMQOS(MUSTDUP) on shared queues",
    });
    ctx.item({
      id: "streaming.mustdup",
      concern: "streaming",
      label: `STRMQOS(MUSTDUP) instead of BESTEF, shared queue, MQPUT ${oos ? "out of" : "in"} syncpoint`,
      addressSpace: "app",
      metric: "cpu-per-txn",
      ...difference(must, best, copies),
      unit: "us",
      formula: oos
        ? `(${must.raw} MUSTDUP - ${best.raw} BESTEF) us per put x ${num(copies)} (it forces a commit: ${cf.map((c) => c.raw).join(", ")} CF calls)`
        : `in syncpoint either STRMQOS costs ${must.raw} us per put: no difference x ${num(copies)}`,
      inputs: { syncpoint: { value: config.workload.syncpoint, from: "workload.syncpoint" } },
      ...fromLookups(r, best, ...(oos ? cf : [])),
    });
    return;
  }
  const m = registry.figureValue(MUSTDUP);
  const { r } = through(ctx, MUSTDUP, {
    only: MUSTDUP_ONLY,
    concern: "streaming",
    what: "STRMQOS(MUSTDUP) put cost",
  });
  ctx.item({
    id: "streaming.mustdup",
    concern: "streaming",
    label: "STRMQOS(MUSTDUP) instead of BESTEF",
    addressSpace: "app",
    metric: "cpu-per-txn",
    value: r.value * copies,
    low: (r.low ?? r.value) * copies,
    high: (r.high ?? r.value) * copies,
    unit: "us",
    formula: `${m.raw} us per put (midpoint of the range) x ${num(copies)}`,
    inputs: { perPutUs: { value: m.value, unit: "us", from: MUSTDUP } },
    ...fromLookups(r),
  });
}

/** The expiry task on private queues: 4 CPU us per message from buffers, 7 from the page set (line 1109). */
function privateExpiry(ctx: RuleContext, expired: number): void {
  const { registry } = ctx;
  const buffers = registry.parameter(EXPIRY, "perMessageBuffers");
  const pageset = registry.parameter(EXPIRY, "perMessagePageset");
  ctx.item({
    id: "streaming.expiry",
    concern: "streaming",
    label: `expiry of ${num(expired)} streamed messages per second (from buffers; from the page set at most)`,
    addressSpace: "qmgr",
    metric: "cpu-per-second",
    value: expired * buffers.value,
    low: expired * buffers.value,
    high: expired * pageset.value,
    unit: "us/s",
    formula: `${num(expired)}/s x ${buffers.raw} (in buffers) .. ${pageset.raw} (read from the page set)`,
    inputs: { expiredPerSecond: { value: expired, unit: "per-second", from: "streamingQueues.expiredPerSecond" } },
    ...fromLookups(buffers, pageset),
  });
  // "up to 250,000 messages per CPU second" (line 1111) is 1 second / 4 us: the in-buffer cost read as a rate.
  const rate = registry.figureValue(EXPIRY_RATE);
  ctx.item({
    id: "streaming.expiry-capacity",
    concern: "streaming",
    label: "messages the expiry task expires per CPU second (private queues)",
    addressSpace: "qmgr",
    metric: "info",
    value: 1e6 / buffers.value,
    low: 1e6 / pageset.value,
    high: 1e6 / buffers.value,
    unit: "per CPU second",
    formula: `1,000,000 us / ${buffers.raw} per message in buffers (${rate.raw} as printed); 1,000,000 / ${pageset.raw} from the page set`,
    inputs: {},
    ...fromLookups(buffers, pageset, rate),
  });
}

/**
 * The expiry task on shared queues works in the CF: with expiry set, 450,000 synchronous requests of
 * 3.1 us for 225,000 messages expired (seed 000 line 1125), 2 requests per message (the model's
 * formula 000.streaming-shared-expiry-cf-cpu).
 */
function sharedExpiry(ctx: RuleContext, expired: number): void {
  const { config, registry } = ctx;
  const perRequest = registry.parameter(SHARED_EXPIRY, "avgExpireRequest");
  const requests = registry.figureValue(SHARED_EXPIRY_REQUESTS);
  const depth = Number(registry.figure(SHARED_EXPIRY_REQUESTS).condition.depth);
  const perMessage = (requests.value / depth) * perRequest.value;
  const formula = `${requests.raw} for ${num(depth)} messages = ${num(requests.value / depth)} per message x ${perRequest.raw}`;
  ctx.item({
    id: "streaming.expiry-cf",
    concern: "streaming",
    label: `CF CPU to expire ${num(expired)} streamed shared-queue messages per second`,
    addressSpace: "cf",
    metric: "info",
    value: expired * perMessage,
    unit: "CF us/s",
    formula: `${num(expired)}/s x ${formula} (${registry.formula(SHARED_EXPIRY).expression})`,
    inputs: { expiredPerSecond: { value: expired, unit: "per-second", from: "streamingQueues.expiredPerSecond" } },
    ...fromLookups(perRequest, requests),
  });
  const interval = config.sharedQueue?.expiryInterval;
  if (interval !== undefined && interval > 0) {
    const perRun = expired * interval;
    ctx.item({
      id: "streaming.expiry-cf-per-run",
      concern: "streaming",
      label: `CF CPU of one expiry run, ${num(perRun)} messages expired every ${num(interval)} s`,
      addressSpace: "cf",
      metric: "info",
      value: perRun * perMessage,
      unit: "us",
      formula: `${num(expired)}/s x ${num(interval)} s (EXPRYINT) = ${num(perRun)} messages x ${formula}`,
      inputs: {
        expiredPerSecond: { value: expired, unit: "per-second", from: "streamingQueues.expiredPerSecond" },
        expiryInterval: { value: interval, unit: "seconds", from: "sharedQueue.expiryInterval" },
      },
      ...fromLookups(perRequest, requests),
    });
  }
}

/**
 * MQOPEN and MQCLOSE of a shared queue with STREAMQ (seed 000 lines 886-905): 32 against 18 CPU us with
 * CF access on every open and close; 7.5 against 5.5 when the base and stream queues are held open
 * elsewhere (no first-open or last-close CF access).
 */
function sharedOpens(ctx: RuleContext, opens: number): void {
  const { registry } = ctx;
  const held = ctx.config.streamingQueues?.queuesHeldOpen === true;
  const base = registry.figureValue(held ? OPEN_SHARED_BASE_HELD : OPEN_SHARED_BASE);
  const withSq = held
    ? registry.lookup(OPEN_SHARED, {
        configuration: "hold-base-and-streamq-open-different-structures",
        cfAccess: "none",
      })
    : registry.lookup(OPEN_SHARED, { configuration: "first-open-last-close", cfAccess: "every-time" });
  const how = held ? "base and stream queues held open elsewhere" : "first open, last close";
  ctx.item({
    id: "streaming.mqopen",
    concern: "streaming",
    label: `MQOPEN and MQCLOSE of a shared queue with STREAMQ (${how}), ${num(opens)} per transaction`,
    addressSpace: "app",
    metric: "cpu-per-txn",
    ...difference(withSq, base, opens),
    unit: "us",
    formula: `(${withSq.raw} - ${base.raw}) us per open and close x ${num(opens)}${held ? "" : "; holding the queues open avoids most of it"}`,
    inputs: {
      opens: { value: opens, unit: "count", from: "streamingQueues.opensPerTransaction" },
      queuesHeldOpen: { value: held, from: "streamingQueues.queuesHeldOpen" },
    },
    ...fromLookups(withSq, base),
  });
  ctx.item({
    id: "streaming.mqopen-pair",
    concern: "streaming",
    label: `one MQOPEN and MQCLOSE of the shared queue with STREAMQ (${how}; class 3 accounting)`,
    addressSpace: "app",
    metric: "info",
    value: withSq.value,
    unit: "us",
    formula: `as measured; ${base.raw} without STREAMQ`,
    inputs: {},
    ...fromLookups(withSq),
  });
  ctx.item({
    id: "streaming.mqopen-pair-without",
    concern: "streaming",
    label: `one MQOPEN and MQCLOSE of the shared queue without STREAMQ (${how}; class 3 accounting)`,
    addressSpace: "app",
    metric: "info",
    value: base.value,
    unit: "us",
    formula: "as measured, for comparison with your SMF class 3 data",
    inputs: {},
    ...fromLookups(base),
  });
}

/**
 * MQCMIT with the stream queue on a separate CF structure from the base queue (seed 000 lines 954-965):
 * 1 more "New" and 1 more "MoveEnt" CF request, z/OS 18 against 8 and CF 29 against 11 CPU us per
 * MQCMIT. Shown per MQCMIT: the z/OS side is the LPAR's, not one address space's.
 */
function commitPlacement(ctx: RuleContext): void {
  const { registry } = ctx;
  const separate = ctx.config.streamingQueues?.separateStructure === true;
  const at = (placement: string, m: string) => registry.lookup(SHARED_COMMIT, { structurePlacement: placement }, m);
  const requests = (p: string) =>
    ["commitCfNew", "commitCfWrite", "commitCfMoveEnt"].map((m) => at(p, m)).reduce((s, r) => s + r.value, 0);
  const zos = [at("same", "zosCpuPerCommit"), at("separate", "zosCpuPerCommit")] as const;
  const cf = [at("same", "cfCpuPerCommit"), at("separate", "cfCpuPerCommit")] as const;
  const extra = requests("separate") - requests("same");
  const where = separate ? "a separate structure" : "the base queue's structure";
  ctx.item({
    id: "streaming.commit-cf-requests",
    concern: "streaming",
    label: `CF requests per MQCMIT with the stream queue on ${where}`,
    addressSpace: "cf",
    metric: "info",
    value: requests(separate ? "separate" : "same"),
    unit: "requests",
    formula: separate
      ? `${requests("same")} on the same structure + ${extra} ("New" and "MoveEnt") to commit across the two`
      : `1 "New", 1 "Write" and 1 "MoveEnt"; ${extra} more on a separate structure`,
    inputs: { separateStructure: { value: separate, from: "streamingQueues.separateStructure" } },
    ...fromLookups(
      ...["commitCfNew", "commitCfWrite", "commitCfMoveEnt"].map((m) => at(separate ? "separate" : "same", m)),
    ),
  });
  if (!separate) return;
  ctx.item({
    id: "streaming.commit-extra-cf-requests",
    concern: "streaming",
    label: "extra CF requests per MQCMIT: stream queue on a separate structure",
    addressSpace: "cf",
    metric: "info",
    value: extra,
    unit: "requests",
    formula: `${requests("separate")} - ${requests("same")} CF requests per MQCMIT: ${registry.figureValue(COMMIT_EXTRA_NEW).raw} and ${registry.figureValue(COMMIT_EXTRA_MOVEENT).raw}`,
    inputs: {},
    ...fromLookups(
      at("separate", "commitCfNew"),
      at("same", "commitCfNew"),
      registry.figureValue(COMMIT_EXTRA_NEW),
      registry.figureValue(COMMIT_EXTRA_MOVEENT),
    ),
  });
  ctx.item({
    id: "streaming.commit-separate-structure",
    concern: "streaming",
    label: "MQCMIT cost of a stream queue on a separate structure (z/OS LPAR; CF below)",
    addressSpace: "lpar",
    metric: "info",
    ...difference(zos[1], zos[0], 1),
    unit: "us per MQCMIT",
    formula: `${zos[1].raw} - ${zos[0].raw} (same structure) z/OS CPU per MQCMIT`,
    inputs: {},
    ...fromLookups(zos[1], zos[0]),
  });
  ctx.item({
    id: "streaming.commit-separate-structure-cf",
    concern: "streaming",
    label: "CF cost per MQCMIT of a stream queue on a separate structure",
    addressSpace: "cf",
    metric: "info",
    ...difference(cf[1], cf[0], 1),
    unit: "CF us per MQCMIT",
    formula: `${cf[1].raw} - ${cf[0].raw} (same structure) CF CPU per MQCMIT`,
    inputs: {},
    ...fromLookups(cf[1], cf[0]),
  });
}

/**
 * The rule's figures are class 3 accounting: the MQ API cost about doubles. Measured otherwise, for an
 * application that does little but call MQ, the increase is smaller (seed 000 lines 969-1003).
 */
function costSources(ctx: RuleContext): void {
  const { registry } = ctx;
  const shared = ctx.config.workload.queues === "shared";
  const [rmf, class1, class3] = (shared ? COST_SOURCES.shared : COST_SOURCES.private).map((id) =>
    registry.figureValue(id),
  ) as [LookupResult, LookupResult, LookupResult];
  const factor = registry.figureValue(CLASS3_FACTOR);
  ctx.warn(
    "streaming",
    `streaming costs here are class 3 accounting figures, which ${factor.raw} the affected MQ APIs; for a ${ctx.config.workload.queues}-queue application that does little but call MQ, RMF workload data showed ${rmf.raw} added and class 1 accounting ${class1.raw} (class 3: ${class3.raw}); an application with business logic sees less`,
    [factor.citation, rmf.citation, class1.citation, class3.citation],
  );
}

/**
 * Persistent messages with streaming (seed 000 lines 1197-1209, 1 to 4MB, logger 100% busy): the
 * round trip and the log write rate change by message size; the figure measured nearest the config's
 * size is used, and one used outside its sizes is extrapolated with a warning and the range of the
 * others.
 */
function persistent(ctx: RuleContext): void {
  const { config, registry } = ctx;
  const subject = subjectOf(config);
  const pick = (ids: readonly string[], what: string) => {
    const id = nearestBySize(ctx, ids);
    const raw = registry.figureValue(id).raw;
    const asPct = increaseOf(registry, id);
    const { r } = through(ctx, id, {
      value: asPct,
      subject,
      only: PERSISTENT_ONLY,
      spread: increasesSpread(registry, ids),
      concern: "streaming",
      what,
    });
    return { r, raw };
  };
  const size = sizeLabel(config.workload.messageSize);
  const pages = registry.figureValue(LOGGER_PAGES);
  ctx.warn(
    "streaming",
    `streaming persistent messages logs twice the data: a logger task shown fully used in the SMF log manager data but writing fewer than ${pages.raw} pages per I/O still has room to write more`,
    [pages.citation],
  );
  const rtt = pick(ROUND_TRIP, "persistent round trip with streaming");
  ctx.item({
    id: "streaming.persistent-round-trip",
    concern: "streaming",
    label: `round-trip time of persistent ${size} messages with streaming queues (elapsed, not CPU)`,
    metric: "info",
    value: rtt.r.value,
    ...(rtt.r.low !== undefined || rtt.r.high !== undefined
      ? { low: rtt.r.low ?? rtt.r.value, high: rtt.r.high ?? rtt.r.value }
      : {}),
    unit: "% longer",
    formula: `"${rtt.raw}" at the measured size nearest ${size} (logger task fully used)`,
    inputs: { messageSize: { value: config.workload.messageSize, unit: "bytes", from: "workload.messageSize" } },
    ...fromLookups(rtt.r),
  });
  const rate = pick(LOG_RATE, "log write rate with streaming");
  ctx.item({
    id: "streaming.persistent-log-rate",
    concern: "streaming",
    label: `maximum log write rate with streaming queues, persistent ${size} messages`,
    metric: "info",
    value: rate.r.value,
    ...(rate.r.low !== undefined || rate.r.high !== undefined
      ? { low: rate.r.low ?? rate.r.value, high: rate.r.high ?? rate.r.value }
      : {}),
    unit: "% higher",
    formula: `"${rate.raw}": the logger writes more pages per I/O when it logs twice the data`,
    inputs: { messageSize: { value: config.workload.messageSize, unit: "bytes", from: "workload.messageSize" } },
    ...fromLookups(rate.r),
  });
}

// A figure as an increase and the spread of a list of them depend only on the registry: made once
// (kept frozen, as lookup results are) and shared.
const increases = perRegistry(() => new Map<string, LookupResult>());
const increaseSpreads = perRegistry(() => new Map<readonly string[], { low: number; high: number }>());

/** A figure as a percentage increase: "nearly doubled" is a ratio, as an increase (ratio - 1) x 100%. */
function increaseOf(registry: Registry, id: string): LookupResult {
  const byId = increases(registry);
  let r = byId.get(id);
  if (!r) {
    const v = registry.figureValue(id);
    r = registry.figure(id).unit === "ratio" ? Object.freeze(withValues(v, (n) => (n - 1) * 100)) : v;
    byId.set(id, r);
  }
  return r;
}

/** The range the figures span as increases (spreadOf). */
function increasesSpread(registry: Registry, ids: readonly string[]): { low: number; high: number } {
  const byIds = increaseSpreads(registry);
  let spread = byIds.get(ids);
  if (!spread) byIds.set(ids, (spread = Object.freeze(spreadOf(...ids.map((id) => increaseOf(registry, id))))));
  return spread;
}

/** A lookup result with its value and bounds mapped (a copy: results are shared). */
function withValues(r: LookupResult, f: (v: number) => number): LookupResult {
  return {
    ...r,
    value: f(r.value),
    ...(r.low !== undefined ? { low: f(r.low) } : {}),
    ...(r.high !== undefined ? { high: f(r.high) } : {}),
  };
}

/**
 * Of the ids, the one measured nearest the config's message size (0 inside a measured range; else the
 * log ratio to its nearer end; the first on a tie). bestMatch (conditions.ts) measures the distance to
 * an exact size only, which ranks "up to 32KB" and "1-4MB" as near as any size.
 */
function nearestBySize(ctx: RuleContext, ids: readonly string[]): string {
  const size = ctx.config.workload.messageSize;
  const distance = (id: string) => {
    const c = ctx.registry.figure(id).condition;
    const exact = typeof c.messageSize === "number" ? c.messageSize : undefined;
    const lo = exact ?? (typeof c.messageSizeMin === "number" ? c.messageSizeMin : 0);
    const hi = exact ?? (typeof c.messageSizeMax === "number" ? c.messageSizeMax : Infinity);
    if (size < lo) return Math.log(lo / size);
    if (size > hi) return Math.log(size / hi);
    return 0;
  };
  // One pass, no sort: the nearest is all the rule reads.
  let best = ids[0]!;
  let bestD = distance(best);
  for (let k = 1; k < ids.length; k++) {
    const d = distance(ids[k]!);
    if (d < bestD) {
      best = ids[k]!;
      bestD = d;
    }
  }
  return best;
}

/** A difference of two lookups times a count, never below zero, with its range at the corners (not as a product). */
function difference(a: LookupResult, b: LookupResult, times: number): { value: number; low: number; high: number } {
  return rangeOf((x, y) => Math.max(0, x - y) * times, a, b);
}
