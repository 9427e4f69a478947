// Advanced Message Security: per-message protect and unprotect costs by policy (integrity, privacy,
// confidentiality with key reuse), AMS interception on server-to-server channels (channel initiator
// cost, the measured throughput plateau, CHIADAPS guidance), and the z14-to-z15 cost change.
import type { LineItem, Rule, RuleContext } from "../engine/types.js";
import { ModelError, withConfidence, type LookupResult, type Registry } from "../model/registry.js";
import {
  carried,
  chartsFor,
  entryForRelease,
  fromLookups,
  mapItems,
  putsPerTransaction,
  sizeLabel,
} from "./helpers.js";

const GET_2KB = "001.ams-bp-streaming-cost-increments";
const PRIVACY_32KB = "001.ams-privacy-protect-unprotect-cost";
const CONF_32KB = "001.ams-conf-kr32-one-way-cost";
const INTERCEPT_CONF = "001.ams-conf-kr32-txn-cost-increase";
const PLATEAU = "001.ams-conf-interception-rate-plateau";
const CHIADAPS = "001.chiadaps-guidance";
const Z14 = "003.ams-cost-change-z14-z15";

/** The measured message size nearest in log terms, and whether it is the size asked. */
function nearest(size: number, measured: number[]): { size: number; exact: boolean } {
  const best = measured.reduce((a, b) => (Math.abs(Math.log(b / size)) < Math.abs(Math.log(a / size)) ? b : a));
  return { size: best, exact: best === size };
}

function asMeasured(r: LookupResult, exact: boolean): LookupResult {
  return !exact && r.confidence !== "user-supplied" ? withConfidence(r, "extrapolated") : r;
}

/** A number from the conditions a model entry was measured under (message size, key reuse). */
function measuredUnder(registry: Registry, id: string, key: string): number {
  const e = registry.get(id);
  const v = e.type === "figure" ? e.condition[key] : e.appliesTo.conditions?.[key];
  if (typeof v !== "number") throw new ModelError(`${id} does not state the ${key} it was measured at`);
  return v;
}

export const ams: Rule = {
  id: "ams",
  concern: "ams",
  description: "AMS protect and unprotect costs by policy, AMS interception on channels, z14 versus z15.",
  reads: ["ams.policy", "ams.keyReuse", "channels[].amsInterception", "workload.*", "hardware.*"],
  uses: [GET_2KB, PRIVACY_32KB, CONF_32KB, INTERCEPT_CONF, PLATEAU, CHIADAPS, Z14],
  applies: (c) =>
    (c.ams !== undefined && c.ams.policy !== "none") || (c.channels ?? []).some((ch) => ch.amsInterception),
  run(context) {
    let ctx: RuleContext = context;
    const { config, registry } = ctx;
    const w = config.workload;
    const policy = config.ams?.policy ?? "none";
    const rel = entryForRelease(ctx, GET_2KB, "ams", "AMS costs");
    if (!rel) {
      ctx.gap(
        "ams",
        `AMS costs for MQ ${config.mq.release}: the per-message figures come from the MQ 9.2 report only`,
        chartsFor(ctx, "ams", /cost/i),
      );
      return;
    }
    // On z14, AMS figures measured on z15 scale by the z15 report's AMS-specific change, not LSPR.
    if (config.hardware.generation === "z14" && config.hardware.factor === undefined && policy !== "none") {
      // Each AMS figure was measured at one message size on z15: it is scaled by the change at that
      // size, so that the scaled figure stays what was measured, only on the other machine.
      ctx = mapItems(ctx, (i: LineItem) => {
        if (!i.metric.startsWith("cpu")) return i;
        // Every AMS cost item states the size its figure was measured at.
        const measuredAt = Number(i.inputs.measuredAt?.value);
        const change = registry.lookup(Z14, { messageSize: measuredAt, amsPolicy: policy });
        const k = 1 / (1 + change.value / 100);
        return {
          ...i,
          value: i.value * k,
          ...(i.low !== undefined ? { low: i.low * k } : {}),
          ...(i.high !== undefined ? { high: i.high * k } : {}),
          formula: `(${i.formula}) / (1 + ${change.raw}% z14 to z15 AMS cost change at ${sizeLabel(measuredAt)})`,
          citations: [...i.citations, change.citation],
          measuredOn: ["z14", "z15"],
          confidence: "carried-forward",
        };
      });
    }
    // The sizes and key reuse the figures were measured at come from the model entries themselves.
    const size2KB = measuredUnder(registry, GET_2KB, "messageSize");
    const size32KB = measuredUnder(registry, PRIVACY_32KB, "messageSize");
    const confReuse = measuredUnder(registry, CONF_32KB, "keyReuse");
    const interceptReuse = measuredUnder(registry, INTERCEPT_CONF, "keyReuse");
    const interceptSize = measuredUnder(registry, INTERCEPT_CONF, "messageSize");
    const puts = putsPerTransaction(w.pattern);
    const intercepting = (config.channels ?? []).filter((ch) => ch.amsInterception);
    const interceptConf =
      intercepting.length > 0 &&
      policy === "confidentiality" &&
      (config.ams?.keyReuse ?? interceptReuse) === interceptReuse;
    // With interception the channel initiator protects and unprotects; the per-message figure of 68 us
    // is derived from the same 135 us per transaction, so it is not added again.
    if (policy !== "none" && !interceptConf) {
      const at = nearest(w.messageSize, [size2KB, size32KB]);
      let perMsg: LookupResult | undefined;
      let what = "";
      if (at.size === size2KB) {
        perMsg = registry.lookup(GET_2KB, { amsPolicy: policy, addressSpace: "app" });
        what = "unprotect at MQGET (the sender's protect cost was measured off z/OS)";
      } else if (policy === "privacy") {
        perMsg = registry.figureValue(PRIVACY_32KB);
        what = "protect and unprotect";
      } else if (policy === "confidentiality" && (config.ams?.keyReuse ?? confReuse) === confReuse) {
        perMsg = registry.figureValue(CONF_32KB);
        what = `protect and unprotect, key reuse ${confReuse}`;
      }
      if (!perMsg) {
        ctx.gap(
          "ams",
          `AMS ${policy}${config.ams?.keyReuse !== undefined ? ` with key reuse ${config.ams.keyReuse}` : ""} at ${sizeLabel(w.messageSize)}: no per-message figure in the text (measured: integrity, privacy, confidentiality at ${sizeLabel(size2KB)}; privacy and confidentiality with key reuse ${confReuse} at ${sizeLabel(size32KB)})`,
          chartsFor(ctx, "ams", new RegExp(policy, "i")),
        );
      } else {
        const r = asMeasured(carried(perMsg, rel.carried), at.exact);
        ctx.item({
          id: "ams.per-message",
          concern: "ams",
          label: `AMS ${policy}: ${what}, ${puts} message(s) per transaction`,
          addressSpace: "app",
          metric: "cpu-per-txn",
          value: r.value * puts,
          unit: "us",
          formula: `${r.raw} per message (measured at ${sizeLabel(at.size)}) x ${puts}`,
          inputs: {
            perMessageUs: { value: r.value, unit: "us", from: r.citation.id },
            measuredAt: { value: at.size, unit: "bytes", from: r.citation.id },
          },
          ...fromLookups(r),
        });
      }
    }
    if (intercepting.length > 0) {
      if (interceptConf) {
        const r = asMeasured(
          carried(registry.figureValue(INTERCEPT_CONF), rel.carried),
          w.messageSize === interceptSize,
        );
        ctx.item({
          id: "ams.interception",
          concern: "ams",
          label: `AMS interception in the channel initiator, confidentiality key reuse ${interceptReuse}, per transaction`,
          addressSpace: "chin",
          metric: "cpu-per-txn",
          value: r.value,
          unit: "us",
          formula: `${r.raw} per request/reply transaction (measured at ${sizeLabel(interceptSize)}, requester side intercepted)`,
          inputs: { measuredAt: { value: interceptSize, unit: "bytes", from: INTERCEPT_CONF } },
          ...fromLookups(r),
        });
        const plateau = carried(registry.figureValue(PLATEAU), rel.carried);
        ctx.item({
          id: "ams.interception-ceiling",
          concern: "ams",
          label: "AMS interception: measured throughput plateau (channel initiator local lock)",
          addressSpace: "chin",
          metric: "limit",
          limitOf: "transactions-per-second",
          value: plateau.value,
          unit: "txn/s",
          formula: `${plateau.raw} at ${sizeLabel(measuredUnder(registry, PLATEAU, "messageSize"))}, confidentiality key reuse ${measuredUnder(registry, PLATEAU, "keyReuse")}`,
          inputs: {},
          ...fromLookups(plateau),
        });
      } else {
        ctx.gap(
          "ams",
          `AMS interception cost with policy ${policy}: the text gives it for confidentiality with key reuse ${interceptReuse} only`,
          chartsFor(ctx, "ams", /intercept/i),
        );
      }
      const cpus = config.hardware.cpus;
      if (cpus !== undefined) {
        const p = (n: string) => registry.parameter(CHIADAPS, n);
        const base = p("base");
        const baseCpus = p("baseCpus");
        const per = p("perCpu");
        const max = p("max");
        const adapters = Math.min(max.value, base.value + per.value * Math.max(0, cpus - baseCpus.value));
        ctx.item({
          id: "ams.chiadaps",
          concern: "ams",
          label: `suggested CHIADAPS for ${cpus} processors`,
          addressSpace: "chin",
          metric: "info",
          value: adapters,
          unit: "adapters",
          formula: `min(${max.value}, ${base.value} + ${per.value} x max(0, ${cpus} - ${baseCpus.value}))`,
          inputs: { cpus: { value: cpus, unit: "count", from: "hardware.cpus" } },
          ...fromLookups(base, baseCpus, per, max),
        });
      }
    }
  },
};
