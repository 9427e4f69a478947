// The workload in the reports' own units: messages per second, two per request/reply transaction
// ("two messages completely processed (that is created with MQPUT and consumed with MQGET) for each
// request/reply transaction", seed 004 line 355). Arithmetic on the config: the statement is cited.
import type { Rule } from "../engine/types.js";
import { num, putsPerTransaction } from "./helpers.js";

const MESSAGES_PER_TXN = "004.sq-request-reply-messages-per-transaction";

export const workload: Rule = {
  id: "workload",
  concern: "workload",
  description: "Messages per second: the rate in the unit the reports' throughput figures use.",
  reads: ["workload.rate", "workload.pattern"],
  uses: [MESSAGES_PER_TXN],
  applies: (c) => c.workload.rate !== undefined,
  run(ctx) {
    const { config, registry } = ctx;
    const rate = config.workload.rate!;
    const per = putsPerTransaction(config.workload.pattern);
    const statement = registry.figureValue(MESSAGES_PER_TXN);
    ctx.item({
      id: "workload.messages-per-second",
      concern: "workload",
      label: `messages put and got per second, ${per} per ${config.workload.pattern} transaction`,
      metric: "rate",
      value: rate * per,
      unit: "messages/s",
      formula: `${num(rate)} transactions/s x ${per}${per === 2 ? ` (request and reply: "${statement.raw}" per transaction)` : ""}`,
      inputs: {
        rate: { value: rate, unit: "per-second", from: "workload.rate" },
        messagesPerTransaction: { value: per, unit: "count", from: "workload.pattern" },
      },
      citations: [statement.citation],
      confidence: "arithmetic",
      flags: [],
    });
  },
};
