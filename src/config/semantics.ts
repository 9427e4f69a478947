// Checks a schema-valid config for things JSON Schema cannot say: names that must be unique,
// features the chosen release does not have, and MQ attribute ranges with gaps in them.
import { SSLRKEYC_MAX, SSLRKEYC_MIN } from "./mq-defaults.js";
import { RELEASES } from "./schema.js";
import type { Config } from "./types.js";
import { CIPHERS } from "./ciphers.js";
import type { Diagnostic } from "../util/diagnostic.js";
import { lineText, locate, type YamlSource } from "../util/yaml-source.js";

const ORDER: readonly string[] = RELEASES;
const atLeast = (release: string, min: string) => ORDER.indexOf(release) >= ORDER.indexOf(min);

/** First release with each feature (product facts; the reports introduce each in that release). */
export const FEATURE_SINCE = {
  streamingQueues: "9.3",
  zHyperWrite: "9.2",
  amsInterception: "9.2",
  // Active logs, page sets and SMDS: 9.2 (001 data set encryption support table, 001.dse-support-matrix).
  datasetEncryption: "9.2",
  // Archive logs (and the BSDS) alone: 8.0 (001 line 699, 001.dse-mq-archive-bsds-min-release).
  archiveLogEncryption: "8.0",
  archiveCompression: "9.1",
  ams: "8.0",
  smcD: "8.0",
} as const;

/**
 * `prefix`: where the config checked sits in the file (["baseline", "measuredWith"] for the
 * configuration a baseline was measured on); its messages name that place.
 */
export function checkSemantics(config: Config, src: YamlSource, prefix: readonly PropertyKey[] = []): Diagnostic[] {
  const out: Diagnostic[] = [];
  const where = prefix.length ? `baseline.measuredWith: ` : "";
  const at = (path: PropertyKey[], message: string, suggestion?: string) => {
    // A section the measured configuration takes from the plan (mq, hardware, workload not written
    // under measuredWith): its error is the plan's, reported once, where the plan writes it.
    if (prefix.length && !src.doc.hasIn([...prefix, path[0]])) return;
    const pos = locate(src, [...prefix, ...path]);
    message = where + message;
    out.push({
      file: src.file,
      ...pos,
      sourceLine: lineText(src.text, pos.line),
      message,
      severity: "error",
      ...(suggestion ? { suggestion } : {}),
    });
  };
  const rel = config.mq.release;
  const needs = (feature: keyof typeof FEATURE_SINCE, path: PropertyKey[], what: string) => {
    if (!atLeast(rel, FEATURE_SINCE[feature])) {
      at(
        path,
        `${what} needs MQ ${FEATURE_SINCE[feature]} or later; mq.release is ${rel}`,
        `set mq.release to "${FEATURE_SINCE[feature]}" or later, or remove it`,
      );
    }
  };
  const seen = new Map<string, number>();
  (config.channels ?? []).forEach((ch, i) => {
    const prior = seen.get(ch.name);
    if (prior !== undefined)
      at(
        ["channels", i, "name"],
        `channel name "${ch.name}" is used twice (also channels[${prior}])`,
        "give each channel definition its own name",
      );
    seen.set(ch.name, i);
    if (ch.sharecnv !== undefined && ch.type !== "server-connection") {
      at(
        ["channels", i, "sharecnv"],
        `sharecnv applies to server-connection channels only; ${ch.name} is ${ch.type}`,
        "remove sharecnv or change type",
      );
    }
    if (ch.conversations !== undefined && ch.type !== "server-connection") {
      at(
        ["channels", i, "conversations"],
        `conversations apply to server-connection channels only; ${ch.name} is ${ch.type}`,
      );
    }
    if (ch.tls) {
      const info = CIPHERS[ch.tls.cipher]!;
      if (!atLeast(rel, info.since)) {
        at(
          ["channels", i, "tls", "cipher"],
          `${ch.tls.cipher} (${info.protocol}) is not available in MQ ${rel}; it needs ${info.since} or later`,
          "choose a cipher the release supports",
        );
      }
      const rk = ch.tls.resetBytes;
      if (rk !== undefined && rk > 0 && rk < SSLRKEYC_MIN) {
        at(
          ["channels", i, "tls", "resetBytes"],
          `SSLRKEYC must be 0 or from ${SSLRKEYC_MIN} to ${SSLRKEYC_MAX} bytes; got ${rk}`,
          "use 0 (never) or at least 32KB",
        );
      }
    }
    if (ch.amsInterception) needs("amsInterception", ["channels", i, "amsInterception"], "AMS channel interception");
    if (ch.transport === "smc-d") needs("smcD", ["channels", i, "transport"], "SMC-D");
  });
  if (config.streamingQueues && config.streamingQueues.copies > 0)
    needs("streamingQueues", ["streamingQueues"], "streaming queues");
  if (config.logging?.zHyperWrite) needs("zHyperWrite", ["logging", "zHyperWrite"], "zHyperWrite for active logs");
  if (config.logging?.archiveCompression) {
    needs("archiveCompression", ["logging", "archiveCompression"], "archive log compression");
    // z14 and earlier compress with zEDC Express (003 line 208), which the 2064 (z900) does not have.
    if (config.hardware.generation === "2064") {
      at(
        ["logging", "archiveCompression"],
        `archive log compression needs zEDC Express (zEC12 to z14) or the on-chip compression of z15 and later; hardware.generation is ${config.hardware.generation}`,
        "set hardware.generation to z13 or later",
      );
    }
  }
  if (config.encryption?.logs === "archive" && !config.encryption.pagesets && !config.encryption.smds) {
    needs("archiveLogEncryption", ["encryption", "logs"], "data set encryption of archive logs");
  } else if (config.encryption && (config.encryption.logs || config.encryption.pagesets || config.encryption.smds)) {
    needs("datasetEncryption", ["encryption"], "data set encryption");
  }
  if (config.ams && config.ams.policy !== "none") needs("ams", ["ams", "policy"], "AMS");
  if (config.ams?.keyReuse !== undefined && config.ams.policy !== "confidentiality") {
    at(
      ["ams", "keyReuse"],
      "keyReuse applies to the confidentiality policy only",
      "set ams.policy to confidentiality or remove keyReuse",
    );
  }
  if (config.encryption?.smds && config.workload.queues !== "shared") {
    at(
      ["encryption", "smds"],
      "SMDS encryption applies to shared queues; workload.queues is private",
      "set workload.queues to shared",
    );
  }
  if (config.hardware.factorRelativeTo && config.hardware.factor === undefined) {
    at(["hardware", "factorRelativeTo"], "factorRelativeTo needs hardware.factor");
  }
  return out;
}
