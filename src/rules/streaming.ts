// Streaming queues (MQ 9.3, measured on z16): extra MQPUT cost per streamed put by message size,
// private or shared, the MUSTDUP increment, and the doubled log volume for persistent messages.
import type { Rule } from "../engine/types.js";
import { fromLookups, num, sizeLabel } from "./helpers.js";

const PRIVATE = "000.streaming-private-mqput-cost-by-size";
const SHARED = "000.streaming-shared-mqput-cost-by-size";
const MUSTDUP = "000.streaming-mustdup-put-cost-increase";
export const STREAMING_LOG_FACTOR = "000.streaming-persistent-log-volume-factor";

export const streaming: Rule = {
  id: "streaming",
  concern: "streaming",
  description: "The cost of putting to a queue with a streaming queue (STREAMQ), by size, queue type and STRMQOS.",
  reads: ["streamingQueues.copies", "streamingQueues.quality", "workload.messageSize", "workload.queues"],
  uses: [PRIVATE, SHARED, MUSTDUP, STREAMING_LOG_FACTOR],
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
    if (config.workload.persistent) {
      ctx.warn(
        "streaming",
        `persistent messages to streamed queues log about ${registry.figureValue(STREAMING_LOG_FACTOR).raw} the data (included in the logging figures)`,
        [registry.figureValue(STREAMING_LOG_FACTOR).citation],
      );
    }
  },
};
