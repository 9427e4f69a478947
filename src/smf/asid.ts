// --asid-cpu SPACE=CPU: address-space CPU that MQ SMF does not carry (SMF 30 / RMF type 72), for the
// same intervals as the SMF data: CPU seconds ("12.5s", "850ms", or a bare number of seconds) or a
// percentage of one engine ("4.2%", as RMF's APPL% shows it). Platform-neutral.
import type { AddressSpace, AsidCpu } from "./derive.js";

const SPACES: Record<string, AddressSpace> = {
  MSTR: "MSTR",
  QMGR: "MSTR",
  CHIN: "CHIN",
  TCPIP: "TCPIP",
  APP: "APP",
};

/** Parses one --asid-cpu value; returns a message for a bad one. */
const MAX_ASID_SECONDS = 200 * 31 * 86400;

export function parseAsidCpu(text: string): AsidCpu | string {
  const eq = text.indexOf("=");
  if (eq < 0) return `expected SPACE=CPU, such as MSTR=12.5s or CHIN=4%, found "${text}"`;
  const name = text.slice(0, eq).trim().toUpperCase();
  const space = SPACES[name];
  if (!space) return `unknown address space "${text.slice(0, eq).trim()}": use MSTR (or QMGR), CHIN, TCPIP or APP`;
  const m = /^(\d+(?:\.\d+)?)\s*(%|s|ms)?$/i.exec(text.slice(eq + 1).trim());
  if (!m)
    return `${name}: expected CPU seconds (12.5s, 850ms) or a percentage of one engine (4.2%), found "${text.slice(eq + 1)}"`;
  const x = Number(m[1]);
  const unit = (m[2] ?? "s").toLowerCase();
  if (unit === "%") {
    if (x > 100 * 200) return `${name}: ${x}% is more than 200 engines`;
    return { space, percent: x, text };
  }
  const seconds = unit === "ms" ? x / 1000 : x;
  // More than 200 engines busy for 31 days is no statistics window's CPU (99999999999999999999s was taken).
  if (seconds > MAX_ASID_SECONDS)
    return `${name}: ${text.slice(eq + 1).trim()} is more CPU than 200 engines give in 31 days`;
  return { space, seconds, text };
}
