// The zod schema of a user's config. Every property says its unit and, where there is one, the MQ
// attribute it corresponds to; the JSON Schema for editors is generated from this file.
import { z } from "zod";
import { CIPHER_NAMES } from "./ciphers.js";
import { parseInterval, parsePercent, parseRate, parseSize, parseTime } from "./units.js";

export const RELEASES = ["5.3", "8.0", "9.0", "9.1", "9.2", "9.3"] as const;
export const MACHINES = ["2064", "z13", "z14", "z15", "z16", "z17"] as const;
export const CHANNEL_TYPES = ["sender", "receiver", "server-connection", "cluster-sender", "cluster-receiver"] as const;
export const COMPRESSION = ["none", "rle", "zlibfast", "zlibhigh"] as const;
export const TRANSPORTS = ["tcp", "smc-r", "smc-d", "fasp"] as const;
export const AMS_POLICIES = ["none", "integrity", "privacy", "confidentiality"] as const;
export const RNI = ["low", "average", "high"] as const;

/** MQ's largest message, 100 MB. */
export const MAX_MESSAGE_BYTES = 104857600;

const size = (what: string, min: number, max: number) =>
  z.union([z.number(), z.string()]).transform((v, ctx) => {
    const n = parseSize(v);
    if (n === undefined || !Number.isFinite(n)) {
      ctx.addIssue({ code: "custom", message: `${what}: expected a size such as 32KB, 4MB or 32768 (bytes)` });
      return z.NEVER;
    }
    if (n < min || n > max) {
      ctx.addIssue({ code: "custom", message: `${what}: ${n} bytes is outside ${min}..${max} bytes` });
      return z.NEVER;
    }
    return n;
  });

const percent = (what: string) =>
  z.union([z.number(), z.string()]).transform((v, ctx) => {
    const n = parsePercent(v);
    if (n === undefined || n < 0 || n > 100) {
      ctx.addIssue({ code: "custom", message: `${what}: expected a percentage from 0% to 100%, such as 60%` });
      return z.NEVER;
    }
    return n;
  });

const rate = (what: string) =>
  z.union([z.number(), z.string()]).transform((v, ctx) => {
    const n = parseRate(v);
    if (n === undefined || !(n > 0) || n > 1e8) {
      ctx.addIssue({
        code: "custom",
        message: `${what}: expected a positive rate such as 2000/s (at most 100000000/s)`,
      });
      return z.NEVER;
    }
    return n;
  });

const time = (what: string) =>
  z.union([z.number(), z.string()]).transform((v, ctx) => {
    const n = parseTime(v);
    if (n === undefined || n < 0 || n > 1e9) {
      ctx.addIssue({ code: "custom", message: `${what}: expected a CPU time such as 45us or 1.2ms` });
      return z.NEVER;
    }
    return n;
  });

const interval = (what: string) =>
  z.string().transform((v, ctx) => {
    const n = parseInterval(v);
    if (n === undefined || n === 0) {
      ctx.addIssue({
        code: "custom",
        message: `${what}: expected MMMM.SS, such as "1.00" (one minute) or "0.15" (15 seconds)`,
      });
      return z.NEVER;
    }
    return n;
  });

const SizeJson = { type: "string", pattern: "^\\s*\\d+(\\.\\d+)?\\s*([Bb]|[Kk][Bb]?|[Mm][Bb]?|[Gg][Bb]?)?\\s*$" };

export const Tls = z
  .strictObject({
    cipher: z
      .enum(CIPHER_NAMES)
      .describe("CipherSpec (channel attribute SSLCIPH): a TLS 1.2 or 1.3 name, or an alias such as ANY_TLS13."),
    resetBytes: size("tls.resetBytes", 0, 999999999)
      .optional()
      .describe(
        "Secret key reset after this many bytes (queue manager attribute SSLRKEYC); 0 or left out means never. Bytes or 1MB.",
      ),
    clientAuth: z
      .boolean()
      .default(false)
      .describe("Client authentication required (channel attribute SSLCAUTH(REQUIRED))."),
  })
  .describe("TLS on this channel.");

export const Channel = z
  .strictObject({
    name: z.string().min(1).max(20).describe("Channel name (up to 20 characters), used in the output."),
    type: z
      .enum(CHANNEL_TYPES)
      .describe("Channel type (CHLTYPE): sender, receiver, server-connection, cluster-sender, cluster-receiver."),
    count: z.number().int().min(1).max(100000).default(1).describe("How many channels of this definition run at once."),
    transport: z
      .enum(TRANSPORTS)
      .default("tcp")
      .describe("Transport: tcp (TRPTYPE(TCP)), smc-r, smc-d (SMC over TCP), or fasp (Aspera fasp.io gateway)."),
    messageSize: size("messageSize", 1, MAX_MESSAGE_BYTES)
      .optional()
      .describe("Message size on this channel; defaults to workload.messageSize."),
    rate: rate("rate")
      .optional()
      .describe("Messages per second over this channel (all instances); defaults to workload.rate."),
    sharecnv: z
      .number()
      .int()
      .min(0)
      .max(999999999)
      .optional()
      .describe("Conversations per channel instance (SVRCONN attribute SHARECNV), 0 to 999999999; default 10 as MQ's."),
    conversations: z
      .number()
      .int()
      .min(1)
      .max(1000000)
      .optional()
      .describe("Client conversations (connections) over this server-connection definition."),
    compression: z
      .enum(COMPRESSION)
      .default("none")
      .describe("Message compression (channel attribute COMPMSG): none, rle, zlibfast, zlibhigh."),
    compressibility: percent("compressibility")
      .optional()
      .describe("How far the messages compress, as a percentage saved (80% means 32KB becomes about 6.5KB)."),
    tls: Tls.optional(),
    amsInterception: z
      .boolean()
      .default(false)
      .describe("AMS message channel interception on this server-to-server channel (9.2 and later)."),
    startsPerSecond: z
      .number()
      .min(0)
      .max(100000)
      .optional()
      .describe("Channel starts per second (connection churn), for start and stop costs."),
    batchSize: z.number().int().min(1).max(9999).optional().describe("Channel batch size (BATCHSZ)."),
  })
  .describe("A channel definition and how it is used.");

export const Config = z
  .strictObject({
    $schema: z.string().optional().describe("JSON Schema reference, for editors."),
    version: z.literal(1).describe("Config format version; 1."),
    name: z.string().max(200).optional().describe("A name for this scenario, shown in reports."),
    mq: z
      .strictObject({
        release: z.enum(RELEASES).default("9.3").describe("IBM MQ for z/OS release: 5.3, 8.0, 9.0, 9.1, 9.2 or 9.3."),
      })
      .default({ release: "9.3" })
      .describe("The MQ release."),
    hardware: z
      .strictObject({
        generation: z
          .enum(MACHINES)
          .default("z15")
          .describe("IBM Z machine generation: 2064 (z900), z13, z14, z15, z16, z17."),
        cpus: z
          .number()
          .int()
          .min(1)
          .max(200)
          .optional()
          .describe("General-purpose processors in the LPAR (for LSPR scaling and engine counts)."),
        rni: z.enum(RNI).optional().describe("Workload Relative Nest Intensity (LSPR): low, average or high."),
        factor: z
          .number()
          .gt(0)
          .max(100)
          .optional()
          .describe(
            "Capacity factor you supply for this machine relative to the machine the data was measured on (cost divides by it); shown as user-supplied.",
          ),
        factorRelativeTo: z
          .enum(MACHINES)
          .optional()
          .describe("The measured machine your factor is relative to (default: the nearest measured one)."),
      })
      .default({ generation: "z15" })
      .describe("The machine."),
    baseline: z
      .strictObject({
        rate: rate("baseline.rate").describe("Transaction rate at which the baseline was measured, such as 1500/s."),
        cost: z
          .strictObject({
            qmgr: time("qmgr")
              .optional()
              .describe("Queue manager (MSTR) CPU per transaction, such as 45us (SMF 116 / RMF)."),
            chin: time("chin").optional().describe("Channel initiator (CHIN) CPU per transaction."),
            app: time("app").optional().describe("Application CPU per transaction."),
            tcpip: time("tcpip").optional().describe("TCP/IP address space CPU per transaction."),
            cf: time("cf").optional().describe("Coupling facility CPU per transaction."),
          })
          .describe("Your measured CPU per transaction by address space."),
      })
      .optional()
      .describe(
        "What you measured (from SMF): the costs that deltas are applied to. Without it, only absolute items and deltas are shown.",
      ),
    workload: z
      .strictObject({
        pattern: z
          .enum(["request-reply", "one-way"])
          .default("request-reply")
          .describe("request-reply (two messages per transaction) or one-way (one)."),
        queues: z
          .enum(["private", "shared"])
          .default("private")
          .describe("Private (local) queues or shared queues in a queue-sharing group."),
        persistent: z.boolean().default(false).describe("Persistent messages (MQPMO persistence)."),
        syncpoint: z.boolean().default(true).describe("Messages put and got in syncpoint."),
        messageSize: size("workload.messageSize", 1, MAX_MESSAGE_BYTES)
          .default(1024)
          .describe("Message size: 32KB, 1MB, or bytes. At most 100MB (MQ's limit)."),
        rate: rate("workload.rate").optional().describe("Target transaction rate, such as 2000/s."),
      })
      .default({ pattern: "request-reply", queues: "private", persistent: false, syncpoint: true, messageSize: 1024 })
      .describe("The messaging workload."),
    logging: z
      .strictObject({
        dualLogs: z.boolean().default(true).describe("Dual active logs (CSQ6LOGP TWOACTV)."),
        dualArchives: z.boolean().default(true).describe("Dual archive logs (CSQ6LOGP TWOARCH)."),
        archiving: z.boolean().default(true).describe("Active logs are archived (CSQ6LOGP OFFLOAD)."),
        zHyperWrite: z
          .boolean()
          .default(false)
          .describe("zHyperWrite for active log writes with Metro Mirror (ZHYWRITE, 9.2 and later)."),
        metroMirror: z.boolean().default(false).describe("Active logs replicated with Metro Mirror (PPRC)."),
        archiveCompression: z.boolean().default(false).describe("Archive log compression (COMPLOG) on z15 and later."),
        archiveCompressibility: percent("archiveCompressibility")
          .optional()
          .describe("How far log data compresses, for archive compression."),
      })
      .optional()
      .describe("Logging (persistent messages)."),
    encryption: z
      .strictObject({
        logs: z.boolean().default(false).describe("z/OS data set encryption of active and archive logs."),
        pagesets: z.boolean().default(false).describe("Data set encryption of page sets."),
        smds: z.boolean().default(false).describe("Data set encryption of shared message data sets."),
      })
      .optional()
      .describe("z/OS data set encryption (9.1.4 and later)."),
    channels: z.array(Channel).max(1000).optional().describe("Channels."),
    ams: z
      .strictObject({
        policy: z
          .enum(AMS_POLICIES)
          .default("none")
          .describe("Advanced Message Security policy: none, integrity, privacy, confidentiality."),
        keyReuse: z
          .union([z.number().int().min(1).max(1000000), z.literal("unlimited")])
          .optional()
          .describe("Confidentiality symmetric key reuse (setmqspl -r): a count or unlimited."),
      })
      .optional()
      .describe("Advanced Message Security."),
    streamingQueues: z
      .strictObject({
        copies: z
          .number()
          .int()
          .min(0)
          .max(100)
          .default(1)
          .describe("Queues with a streaming queue (STREAMQ) configured, one copy each."),
        quality: z
          .enum(["must-duplicate", "best-effort"])
          .default("best-effort")
          .describe("STRMQOS: MUSTDUP or BESTEF."),
      })
      .optional()
      .describe("Streaming queues (9.3 and later)."),
    smf: z
      .strictObject({
        statisticsInterval: interval("statisticsInterval")
          .optional()
          .describe('Statistics interval STATIME, MMMM.SS: "1.00" is one minute.'),
        accountingInterval: interval("accountingInterval")
          .optional()
          .describe('Accounting interval ACCTIME, MMMM.SS: "0.15" is 15 seconds.'),
        accountingClass3: z.boolean().default(false).describe("Accounting trace class(3) (TRACE(A) CLASS(3))."),
        statisticsClass5: z.boolean().default(false).describe("Queue statistics, statistics trace class(5) (9.3)."),
        queues: z
          .number()
          .int()
          .min(0)
          .max(1000000)
          .optional()
          .describe("Queues reported by class(5) queue statistics."),
        apiCallsPerTransaction: z
          .number()
          .min(0)
          .max(1000)
          .optional()
          .describe("MQ API calls per transaction, for class(3) gathering cost."),
      })
      .optional()
      .describe("SMF statistics and accounting."),
    storage: z
      .strictObject({
        chin: z
          .strictObject({
            used: size("storage.chin.used", 0, 2147483648).describe(
              "Channel initiator storage in use at start (CSQX004I 'using N MB').",
            ),
            free: size("storage.chin.free", 1, 2147483648).describe(
              "Channel initiator storage free at start (CSQX004I 'N MB are free').",
            ),
            headroom: percent("headroom")
              .optional()
              .describe("Keep usage below this share of the total; the reports advise 80%."),
          })
          .optional()
          .describe("From message CSQX004I at channel initiator start."),
      })
      .optional()
      .describe("Storage and capacity inputs."),
    sharedQueue: z
      .strictObject({
        cfProcessors: z.number().int().min(1).max(64).optional().describe("Dedicated CF processors."),
        messagesOnQueue: z
          .number()
          .int()
          .min(0)
          .max(1e9)
          .optional()
          .describe("Peak messages held on shared queues, for structure sizing."),
        backupIntervalMB: z
          .number()
          .min(0)
          .max(1e7)
          .optional()
          .describe("Data logged between structure backups (MB), for recovery time."),
      })
      .optional()
      .describe("Shared queues and the coupling facility."),
  })
  .describe("An mqzcap config: a capacity scenario for IBM MQ for z/OS.");

export type ConfigInput = z.input<typeof Config>;
export type Config = z.output<typeof Config>;
export type ChannelConfig = z.output<typeof Channel>;
export { SizeJson };
