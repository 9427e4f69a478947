// Deterministic generator of varied, valid configs for the throughput sweep: message sizes, rates,
// releases, machines, channels (types, TLS ciphers, compression, SHARECNV), logging, encryption,
// AMS, SMF, shared queues and baselines, each combination legal for its release (as semantics.ts).
import { CIPHERS } from "../../src/config/ciphers.js";

/** mulberry32: a small seeded PRNG, so every run sweeps the same configs. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const RELEASES = ["8.0", "9.0", "9.1", "9.2", "9.3", "9.3", "9.3"] as const;
const ORDER = ["5.3", "8.0", "9.0", "9.1", "9.2", "9.3"];
const atLeast = (r: string, min: string) => ORDER.indexOf(r) >= ORDER.indexOf(min);
const MACHINES = ["z13", "z14", "z15", "z15", "z16", "z16", "z17"] as const;
const SIZES = [
  "256",
  "1KB",
  "2KB",
  "4KB",
  "8KB",
  "10KB",
  "16KB",
  "32KB",
  "64KB",
  "100KB",
  "256KB",
  "1MB",
  "4MB",
  3000,
  50000,
];
const CHANNEL_TYPES = ["sender", "receiver", "server-connection", "cluster-sender", "cluster-receiver"] as const;
const COMPRESSION = ["none", "none", "none", "rle", "zlibfast", "zlibhigh"] as const;

export function generateConfigs(n: number, seed = 20240601): Record<string, unknown>[] {
  const rnd = prng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const chance = (p: number) => rnd() < p;
  const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
  const out: Record<string, unknown>[] = [];
  for (let i = 0; i < n; i++) {
    const release = pick(RELEASES);
    let generation: string = pick(MACHINES);
    const shared = chance(0.2);
    const persistent = chance(0.4);
    const c: Record<string, unknown> = {
      version: 1,
      name: `sweep ${i}`,
      mq: { release },
      hardware: { generation, ...(chance(0.5) ? { cpus: int(1, 32) } : {}) },
      workload: {
        pattern: chance(0.7) ? "request-reply" : "one-way",
        queues: shared ? "shared" : "private",
        persistent,
        syncpoint: chance(0.8),
        messageSize: pick(SIZES),
        ...(chance(0.8) ? { rate: int(50, 20000) } : {}),
      },
    };
    if (chance(0.5)) {
      c.baseline = {
        rate: int(100, 10000),
        cost: { qmgr: `${int(10, 200)}us`, chin: `${int(5, 100)}us`, app: `${int(20, 400)}us` },
      };
    }
    if (persistent && chance(0.7)) {
      const compress = atLeast(release, "9.1") && chance(0.3);
      if (compress && ["z13", "z14"].includes(generation)) {
        generation = "z15";
        (c.hardware as Record<string, unknown>).generation = generation;
      }
      c.logging = {
        dualLogs: chance(0.8),
        dualArchives: chance(0.7),
        archiving: chance(0.8),
        zHyperWrite: atLeast(release, "9.2") && chance(0.3),
        metroMirror: chance(0.2),
        archiveCompression: compress,
        ...(compress && chance(0.5) ? { archiveCompressibility: `${int(10, 90)}%` } : {}),
      };
    }
    if (atLeast(release, "9.2") && chance(0.2))
      c.encryption = { logs: chance(0.7), pagesets: chance(0.5), smds: shared && chance(0.5) };
    const ciphers = Object.keys(CIPHERS).filter((k) => atLeast(release, CIPHERS[k]!.since));
    const channels: Record<string, unknown>[] = [];
    const nch = pick([0, 0, 1, 1, 1, 2, 3]);
    for (let k = 0; k < nch; k++) {
      const type = pick(CHANNEL_TYPES);
      const ch: Record<string, unknown> = { name: `CH${k}`, type, compression: pick(COMPRESSION) };
      if (type === "server-connection") {
        ch.sharecnv = pick([0, 1, 1, 10, 10, 50]);
        if (chance(0.5)) ch.conversations = int(10, 5000);
      } else if (chance(0.4)) ch.count = int(1, 20);
      if (chance(0.3)) ch.messageSize = pick(SIZES);
      if (chance(0.3)) ch.rate = int(10, 5000);
      if (ch.compression !== "none" && chance(0.6)) ch.compressibility = `${int(0, 95)}%`;
      if (chance(0.4))
        ch.tls = { cipher: pick(ciphers), ...(chance(0.3) ? { resetBytes: pick([0, 32768, 1048576]) } : {}) };
      if (chance(0.2)) ch.startsPerSecond = pick([0.1, 1, 10]);
      if (type !== "server-connection" && atLeast(release, "9.2") && chance(0.1)) ch.amsInterception = true;
      if (chance(0.1)) ch.transport = atLeast(release, "8.0") ? pick(["smc-r", "smc-d"]) : "smc-r";
      if (chance(0.2)) ch.batchSize = pick([1, 50, 200]);
      channels.push(ch);
    }
    if (channels.length) c.channels = channels;
    if (channels.some((ch) => ch.type === "server-connection") || chance(0.2)) {
      c.storage = {
        chin: { used: `${int(50, 300)}MB`, free: `${int(500, 1600)}MB` },
        ...(chance(0.3) ? { localConnections: int(10, 2000) } : {}),
      };
    }
    if (chance(0.25)) {
      const policy = pick(["integrity", "privacy", "confidentiality"] as const);
      c.ams = {
        policy,
        ...(policy === "confidentiality" && chance(0.5) ? { keyReuse: pick([1, 100, "unlimited"]) } : {}),
      };
    }
    if (atLeast(release, "9.3") && chance(0.15))
      c.streamingQueues = { copies: 1, quality: pick(["must-duplicate", "best-effort"]) };
    if (chance(0.3)) {
      c.smf = {
        accountingClass3: chance(0.5),
        statisticsClass5: atLeast(release, "9.3") && chance(0.5),
        ...(chance(0.5) ? { accountingInterval: pick(["0.15", "1.00", "30.00"]), tasks: int(1, 500) } : {}),
        ...(chance(0.5) ? { queues: int(1, 2000) } : {}),
      };
    }
    if (shared) c.sharedQueue = { cfProcessors: int(1, 8), messagesOnQueue: int(1000, 1000000) };
    out.push(c);
  }
  return out;
}
