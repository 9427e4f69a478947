// Streaming queues (MQ 9.3, measured on z16): extra MQPUT cost per streamed put by message size,
// private or shared, the MUSTDUP increment, and the doubled log volume for persistent messages.
import type { Rule } from "../engine/types.js";
import { fromLookups, num, sizeLabel } from "./helpers.js";

const PRIVATE = "000.streaming-private-mqput-cost-by-size";
const SHARED = "000.streaming-shared-mqput-cost-by-size";
const MUSTDUP = "000.streaming-mustdup-put-cost-increase";
const OPEN_PRIVATE = "000.streaming-private-mqopen-cost";
const OPEN_SHARED_BASE = "000.streaming-shared-open-close-baseline";
const OPEN_SHARED = "000.streaming-shared-open-close-cf-access";
const EXPIRY = "000.streaming-private-expiry-cpu";
export const STREAMING_LOG_FACTOR = "000.streaming-persistent-log-volume-factor";

export const streaming: Rule = {
  id: "streaming",
  concern: "streaming",
  description: "The cost of putting to a queue with a streaming queue (STREAMQ), by size, queue type and STRMQOS.",
  reads: ["streamingQueues.copies", "streamingQueues.quality", "workload.messageSize", "workload.queues"],
  uses: [PRIVATE, SHARED, MUSTDUP, STREAMING_LOG_FACTOR, OPEN_PRIVATE, OPEN_SHARED_BASE, OPEN_SHARED, EXPIRY],
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
    // separately far below 2KB can cross, which would make the overhead a saving: hold it at zero.
    const perPut = Math.max(0, withSq.value - base.value);
    ctx.item({
      id: "streaming.mqput",
      concern: "streaming",
      label: `MQPUT to a ${config.workload.queues} queue with STREAMQ, ${sizeLabel(size)}, ${num(sq.copies)} per transaction`,
      addressSpace: "app",
      metric: "cpu-per-txn",
      value: perPut * sq.copies,
      unit: "us",
      formula: `(put with STREAMQ ${num(withSq.value, 2)} - put alone ${num(base.value, 2)}) us x ${num(sq.copies)} streamed puts`,
      inputs: {
        putWithStreamQueueUs: { value: withSq.value, unit: "us", from: table },
        putBaselineUs: { value: base.value, unit: "us", from: table },
        streamedPuts: { value: sq.copies, unit: "count", from: "streamingQueues.copies" },
      },
      ...fromLookups(withSq, base),
    });
    if (sq.quality === "must-duplicate") {
      const r = registry.figureValue(MUSTDUP);
      ctx.item({
        id: "streaming.mustdup",
        concern: "streaming",
        label: "STRMQOS(MUSTDUP) instead of BESTEF",
        addressSpace: "app",
        metric: "cpu-per-txn",
        value: r.value * sq.copies,
        low: (r.low ?? r.value) * sq.copies,
        high: (r.high ?? r.value) * sq.copies,
        unit: "us",
        formula: `${r.raw} us per put (midpoint of the range) x ${num(sq.copies)}`,
        inputs: { perPutUs: { value: r.value, unit: "us", from: MUSTDUP } },
        ...fromLookups(r),
      });
    }
    const opens = sq.opensPerTransaction ?? 0;
    if (opens > 0 && config.workload.queues === "private") {
      const with_ = registry.lookup(OPEN_PRIVATE, { openTarget: "private-queue-with-stream-queue" }, "openCpu");
      const without = registry.lookup(OPEN_PRIVATE, { openTarget: "private-queue" }, "openCpu");
      ctx.item({
        id: "streaming.mqopen",
        concern: "streaming",
        label: `MQOPEN of a private queue with STREAMQ, ${num(opens)} per transaction`,
        addressSpace: "app",
        metric: "cpu-per-txn",
        value: (with_.value - without.value) * opens,
        unit: "us",
        formula: `(${with_.raw} - ${without.raw}) us per MQOPEN x ${num(opens)}`,
        inputs: { opens: { value: opens, unit: "count", from: "streamingQueues.opensPerTransaction" } },
        ...fromLookups(with_, without),
      });
    } else if (opens > 0) {
      const base = registry.figureValue(OPEN_SHARED_BASE);
      const first = registry.lookup(OPEN_SHARED, { configuration: "first-open-last-close", cfAccess: "every-time" });
      ctx.item({
        id: "streaming.mqopen",
        concern: "streaming",
        label: `MQOPEN and MQCLOSE of a shared queue with STREAMQ (first open, last close), ${num(opens)} per transaction`,
        addressSpace: "app",
        metric: "cpu-per-txn",
        value: Math.max(0, first.value - base.value) * opens,
        unit: "us",
        formula: `(${first.raw} - ${base.raw}) us per open and close x ${num(opens)}; holding the queues open avoids most of it`,
        inputs: { opens: { value: opens, unit: "count", from: "streamingQueues.opensPerTransaction" } },
        ...fromLookups(first, base),
      });
    }
    const expired = sq.expiredPerSecond ?? 0;
    if (expired > 0 && config.workload.queues === "shared") {
      ctx.gap(
        "streaming",
        "expiry of streamed messages on shared queues is costed in the CF per scan and delete; the text gives it per structure scan, not per message expired",
      );
    } else if (expired > 0) {
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
    }
    if (config.workload.persistent) {
      ctx.warn(
        "streaming",
        `persistent messages to streamed queues log about ${registry.figureValue(STREAMING_LOG_FACTOR).raw} the data (included in the logging figures)`,
        [registry.figureValue(STREAMING_LOG_FACTOR).citation],
      );
    }
  },
};
