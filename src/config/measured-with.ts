// The configuration a baseline was measured on (baseline.measuredWith), as a config: read by the engine
// (engine/baseline-delta.ts) and checked by the loader as a config is. Platform-neutral.
import type { Config } from "./types.js";

/**
 * The configuration the baseline was measured on: the plan with measuredWith's sections in place of its
 * own. mq and hardware left out are the plan's; the feature sections left out mean what they mean in a
 * config (the feature off). Priced on the plan's machine: the measured cost is what is scaled between
 * machines (rules/hardware.ts baselineFactor), so the features are compared like for like. Absolute
 * items (storage, limits) are not read from it.
 */
export function baselineConfigOf(plan: Config): Config | undefined {
  const m = plan.baseline?.measuredWith;
  if (!m) return undefined;
  return {
    ...plan,
    mq: m.mq ?? plan.mq,
    workload: {
      ...plan.workload,
      queues: m.workload?.queues ?? plan.workload.queues,
      persistent: m.workload?.persistent ?? plan.workload.persistent,
    },
    logging: m.logging,
    encryption: m.encryption,
    channels: m.channels,
    ams: m.ams,
    streamingQueues: m.streamingQueues,
    smf: m.smf,
    sharedQueue: m.sharedQueue,
  };
}
