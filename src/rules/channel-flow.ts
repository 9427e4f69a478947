// What crosses a channel: messages per second (from channels[].rate or the workload's rate) and bytes
// per message after COMPMSG. Shared by the TLS rule (renegotiations per second) and the channels rule
// (data rate over the channel).
import type { ChannelConfig } from "../config/types.js";
import type { InputValue, RuleContext } from "../engine/types.js";
import { num, sizeLabel } from "./helpers.js";

/**
 * Messages per second over the channel, both directions together: channels[].rate, or else derived
 * from workload.rate (transactions) by what crosses this channel. A server-connection channel in
 * request/reply carries the request and the reply; a sender, receiver, server, requester or cluster
 * channel carries one direction, so one message per transaction (a pair for the other direction is its
 * own channel definition). SSLRKEYC counts the bytes that pass over the channel (003 line 396), and the
 * 9.2 report counts messages per negotiation "taking into account that the workload is a request /
 * reply workload" (001 line 1187).
 */
export function messageRate(
  ctx: RuleContext,
  ch: ChannelConfig,
): { rate: number; from: string; perTxn: number; why: string } | undefined {
  if (ch.rate !== undefined) return { rate: ch.rate, from: `channels.${ch.name}.rate`, perTxn: 1, why: "" };
  const w = ctx.config.workload;
  if (w.rate === undefined) return undefined;
  const both = ch.type === "server-connection" && w.pattern === "request-reply";
  const perTxn = both ? 2 : 1;
  return {
    rate: w.rate * perTxn,
    from: "workload.rate",
    perTxn,
    why: both
      ? "2 messages per transaction: the request and the reply both cross a server-connection channel"
      : "1 message per transaction: the channel carries one direction",
  };
}

/** Bytes that cross the channel per message: after COMPMSG, when the compressibility is given. */
export function bytesPerMessage(ch: ChannelConfig, size: number): { bytes: number; text: string } {
  if (ch.compression === "none") return { bytes: size, text: sizeLabel(size) };
  if (ch.compressibility === undefined)
    return {
      bytes: size,
      text: `${sizeLabel(size)} (uncompressed: an upper bound until channels[].compressibility is set)`,
    };
  const bytes = size * (1 - ch.compressibility / 100);
  return {
    bytes,
    text: `${sizeLabel(size)} x (1 - ${num(ch.compressibility)}% compressible)`,
  };
}

/** Whether COMPMSG shrinks what crosses the channel: compression set, and how compressible the data is. */
export function isCompressed(ch: ChannelConfig): boolean {
  return ch.compression !== "none" && ch.compressibility !== undefined;
}

/** A flow line's inputs: the message rate, the message size and, when COMPMSG applies, the compressibility. */
export function flowInputs(
  ch: ChannelConfig,
  flow: { rate: number; from: string },
  size: number,
): Record<string, InputValue> {
  const inputs: Record<string, InputValue> = {
    rate: { value: flow.rate, unit: "per-second", from: flow.from },
    messageSize: {
      value: size,
      unit: "bytes",
      from: ch.messageSize !== undefined ? `channels.${ch.name}.messageSize` : "workload.messageSize",
    },
  };
  if (isCompressed(ch))
    inputs.compressibility = {
      value: ch.compressibility!,
      unit: "percent",
      from: `channels.${ch.name}.compressibility`,
    };
  return inputs;
}
