// The zod schema of a user's config. Every property says its unit and, where there is one, the MQ
// attribute it corresponds to; the JSON Schema for editors is generated from this file.
import { MAX_MESSAGE_BYTES, MAXCHL_MAX, SSLRKEYC_MAX } from "./mq-defaults.js";
import * as z from "zod";
import { CIPHER_NAMES, IANA_CIPHER_NAMES, mqCipherName, type CipherName } from "./ciphers.js";
import { parseInterval, parsePercent, parseRange, parseRate, parseSize, parseTime } from "./units.js";
import type { Config as ParsedConfig } from "./types.js";

export const RELEASES = ["5.3", "8.0", "9.0", "9.1", "9.2", "9.3"] as const;
export const MACHINES = ["2064", "z13", "z14", "z15", "z16", "z17"] as const;
export const CHANNEL_TYPES = [
  "sender",
  "receiver",
  "server",
  "requester",
  "server-connection",
  "cluster-sender",
  "cluster-receiver",
] as const;
export type ChannelType = (typeof CHANNEL_TYPES)[number];
/** Channel types as MQ writes them (CHLTYPE), accepted for the config's names. */
export const CHANNEL_TYPE_ALIASES = {
  SDR: "sender",
  RCVR: "receiver",
  SVR: "server",
  RQSTR: "requester",
  SVRCONN: "server-connection",
  CLUSSDR: "cluster-sender",
  CLUSRCVR: "cluster-receiver",
} as const satisfies Record<string, ChannelType>;
/** A channel type as the config names it (MQ's own name or mqzcap's): mqzcap's name. */
export const channelTypeOf = (v: string): ChannelType =>
  v in CHANNEL_TYPE_ALIASES ? CHANNEL_TYPE_ALIASES[v as keyof typeof CHANNEL_TYPE_ALIASES] : (v as ChannelType);
export const COMPRESSION = ["none", "rle", "zlibfast", "zlibhigh"] as const;
export const TRANSPORTS = ["tcp", "smc-r", "smc-d", "fasp"] as const;
export const AMS_POLICIES = ["none", "integrity", "privacy", "confidentiality"] as const;
export const RNI = ["low", "average", "high"] as const;

/** MQ's largest message, 100 MB. */
export { MAX_MESSAGE_BYTES };

// Descriptions, examples and JSON Schema keywords are registered on the schema itself: zod's .describe()
// and .meta() each copy the schema first, about 160 copies that every CLI start paid for. The JSON
// Schema generated from this file is the same either way (the build writes it; a test compares).
const docs = z.globalRegistry;
// Bounds are added in one .check() (z.number().check(z.int(), z.gte(1), z.lte(9999))), not as
// .int().min(1).max(9999): each of those methods builds a copy of the schema, and the copies were a
// tenth of the ~600 schema objects every CLI start builds. Same checks in the same order: the same
// messages and JSON Schema.

// JSON Schema patterns for the unit strings, equivalent to the regular expressions in units.ts (which
// are case-insensitive; JSON Schema patterns have no flags, so the cases are spelt out). They are
// attached as metadata only, so zod's own parsing and messages are unchanged; they exist so
// that editors flag "32XB" as you type. Ranges of the parsed value (such as "200MB" over 100MB)
// are not expressible in a pattern and are left to the transforms. Exported for the tests.
export const JSON_PATTERNS = {
  size: "^\\s*(\\d{1,3}(,\\d{3})+|\\d+)(\\.\\d+)?\\s*([Bb]|[Kk][Bb]?|[Mm][Bb]?|[Gg][Bb]?)?\\s*$",
  // 0 to 100 exactly, as parsePercent plus the range check accept.
  percent: "^\\s*0*(100(\\.0+)?|\\d{1,2}(\\.\\d+)?)\\s*%\\s*$",
  rate: "^\\s*(\\d{1,3}(,\\d{3})+|\\d+)(\\.\\d+)?\\s*/\\s*([Ss]|[Ss][Ee][Cc]|[Ss][Ee][Cc][Oo][Nn][Dd]|[Mm][Ii][Nn]|[Mm][Ii][Nn][Uu][Tt][Ee]|[Hh]|[Hh][Oo][Uu][Rr]|[Mm][Ss])\\s*$",
  // units.ts matches "µs" case-insensitively, which JavaScript extends to Greek mu and capital Mu.
  time: "^\\s*(\\d{1,3}(,\\d{3})+|\\d+)(\\.\\d+)?\\s*[UuMm\\u00b5\\u03bc\\u039c]?[Ss]\\s*$",
  // MMMM.SS with SS up to 59, and not zero, as parseInterval plus the transform accept.
  interval: "^(?!\\s*0{1,4}\\.00\\s*$)\\s*\\d{1,4}\\.[0-5]\\d\\s*$",
} as const;

// A value written as a range (docs/ranges.md "Inputs"): LOW..HIGH, the low end's unit optional (it
// takes the high end's), LOW..VALUE..HIGH (the point not the middle), or VALUE +/- DELTA, the delta a percentage or a value of the same kind (its
// unit optional). Built from the single-value patterns' parts; units.ts parseRange reads the same forms.
const J_NUM = "(\\d{1,3}(,\\d{3})+|\\d+)(\\.\\d+)?";
const J_UNIT = {
  size: "\\s*([Bb]|[Kk][Bb]?|[Mm][Bb]?|[Gg][Bb]?)",
  rate: "\\s*/\\s*([Ss]|[Ss][Ee][Cc]|[Ss][Ee][Cc][Oo][Nn][Dd]|[Mm][Ii][Nn]|[Mm][Ii][Nn][Uu][Tt][Ee]|[Hh]|[Hh][Oo][Uu][Rr]|[Mm][Ss])",
  time: "\\s*[UuMm\\u00b5\\u03bc\\u039c]?[Ss]",
} as const;
function rangePattern(kind: keyof typeof J_UNIT): string {
  const value = kind === "size" ? `${J_NUM}(${J_UNIT.size})?` : `${J_NUM}${J_UNIT[kind]}`;
  const loose = `${J_NUM}(${J_UNIT[kind]})?`;
  const pm = "(\\u00b1|\\+/?-)";
  const dots = "\\s*\\.\\.\\s*";
  return `^\\s*(${value}|${loose}${dots}(${loose}${dots})?${value}|${value}\\s*${pm}\\s*(${loose}|\\d+(\\.\\d+)?\\s*%))\\s*$`;
}
/** JSON Schema patterns of the fields that take a range as well as a single value. Exported for the tests. */
export const JSON_RANGE_PATTERNS = {
  size: rangePattern("size"),
  rate: rangePattern("rate"),
  time: rangePattern("time"),
} as const;

// Editor messages for the unit fields: patternErrorMessage and errorMessage are the VS Code JSON and YAML
// language servers' extensions to JSON Schema (errorMessage replaces "Incorrect type" only; range
// messages stay the servers' own). Validators such as ajv ignore them.
const JSON_MESSAGES = {
  size: "expected a size such as 32KB, 4MB or 32768 (bytes)",
  percent: "expected a percentage from 0% to 100%, such as 60%",
  rate: "expected a positive rate such as 2000/s, 120000/min or 5/ms",
  time: "expected a CPU time such as 45us, 1.2ms or 0.002s",
  interval: 'expected MMMM.SS in quotes, such as "1.00" (one minute) or "0.15" (15 seconds)',
} as const;
const JSON_RANGE_MESSAGES = {
  size: "expected a size such as 32KB, or a range: 2KB..8KB, 32KB +/-10%",
  rate: "expected a positive rate such as 2000/s, or a range: 4000..6000/s, 5000/s +/-10%",
  time: "expected a CPU time such as 45us, or a range: 25..35us, 30us +/-10%",
} as const;

/** Metadata for the JSON Schema of a unit field: examples and, where there is one, the default. */
type UnitJson = {
  examples: unknown[];
  default?: unknown;
};

export type NumberRange = { minimum?: number; exclusiveMinimum?: number; maximum: number };

/**
 * What each transform in the schema does, by its function: the generated parser
 * (fast-parse.generated.ts) does the same through fast-parse-runtime.ts, and scripts/gen-fast-parse.ts
 * refuses a transform not described here.
 */
export type TransformOp =
  | { op: "unit"; kind: "size" | "percent" | "rate" | "time"; range: NumberRange; ranged: boolean }
  | { op: "interval" }
  | { op: "cipher" }
  | { op: "channelType" };
export const TRANSFORM_OPS = new WeakMap<object, TransformOp>();
const described = <F extends object>(fn: F, op: TransformOp): F => {
  TRANSFORM_OPS.set(fn, op);
  return fn;
};

/** Whether n lies in a range as the JSON Schema states it. */
export const inRange = (n: number, r: NumberRange) =>
  (r.minimum === undefined || n >= r.minimum) &&
  (r.exclusiveMinimum === undefined || n > r.exclusiveMinimum) &&
  n <= r.maximum;

/**
 * A field written as a number or as a string with a unit ("32KB", "60%", "2000/s", "45us"): the JSON
 * Schema gets the number's range and the string's pattern; parsing gives the number, or one message:
 * what was expected, or (`outside`, for a parsed value out of the range) what is wrong with it. The
 * range is written once, for both.
 */
function unitField(
  what: string,
  kind: "size" | "percent" | "rate" | "time",
  range: NumberRange,
  parse: (v: string | number) => number | undefined,
  expected: string,
  json: UnitJson,
  outside: (n: number) => string = () => expected,
  ranged = false,
) {
  const rangeKind = ranged && kind !== "percent" ? kind : undefined;
  // A range's end out of range, with the number it came to (30us +/-150% is -15us).
  const endOutside = (n: number) =>
    kind === "size"
      ? outside(n)
      : `${Number(n.toPrecision(6))}${kind === "rate" ? "/s" : "us"} is out of range: ${outside(n)}`;
  const message = rangeKind ? JSON_RANGE_MESSAGES[rangeKind] : JSON_MESSAGES[kind];
  return z
    .union([
      z.number().register(docs, { ...range, errorMessage: message }),
      z.string().register(docs, {
        pattern: rangeKind ? JSON_RANGE_PATTERNS[rangeKind] : JSON_PATTERNS[kind],
        patternErrorMessage: message,
      }),
    ])
    .register(docs, json)
    .transform(
      described(
        (v: string | number, ctx: z.core.$RefinementCtx<string | number>) => {
          // A range (LOW..HIGH, VALUE +/- DELTA): both ends checked as a single value would be; the field
          // holds the point, and the parser keeps the range (load.ts, config.ranges).
          const r = typeof v === "string" && kind !== "percent" ? parseRange(kind, v) : undefined;
          if (r !== undefined) {
            const problem = !rangeKind
              ? "takes one value, not a range (ranges are for workload and channel rates and message sizes, and baseline CPU costs)"
              : "problem" in r
                ? r.problem
                : !inRange(r.low, range)
                  ? `the low end: ${endOutside(r.low)}`
                  : !inRange(r.high, range)
                    ? `the high end: ${endOutside(r.high)}`
                    : undefined;
            if (problem !== undefined) {
              ctx.addIssue({ code: "custom", message: `${what}: ${problem}` });
              return z.NEVER;
            }
            return (r as { value: number }).value;
          }
          const n = parse(v);
          const problem =
            n === undefined || !Number.isFinite(n) ? expected : !inRange(n, range) ? outside(n) : undefined;
          if (problem !== undefined) {
            ctx.addIssue({ code: "custom", message: `${what}: ${problem}` });
            return z.NEVER;
          }
          return n!;
        },
        { op: "unit", kind, range, ranged },
      ),
    );
}

const size = (what: string, min: number, max: number, json: UnitJson, ranged = false) =>
  unitField(
    what,
    "size",
    { minimum: min, maximum: max },
    parseSize,
    "expected a size such as 32KB, 4MB or 32768 (bytes)",
    json,
    (n) => `${n} bytes is outside ${min}..${max} bytes`,
    ranged,
  );

const percent = (what: string, json: UnitJson) =>
  unitField(
    what,
    "percent",
    { minimum: 0, maximum: 100 },
    parsePercent,
    "expected a percentage from 0% to 100%, such as 60%",
    json,
  );

const rate = (what: string, json: UnitJson, ranged = false) => {
  const expected = "expected a positive rate such as 2000/s (at most 100000000/s)";
  return unitField(
    what,
    "rate",
    { exclusiveMinimum: 0, maximum: 1e8 },
    parseRate,
    expected,
    json,
    () => expected,
    ranged,
  );
};

const time = (what: string, json: UnitJson, ranged = false) => {
  const expected = "expected a CPU time such as 45us or 1.2ms";
  return unitField(what, "time", { minimum: 0, maximum: 1e9 }, parseTime, expected, json, () => expected, ranged);
};

const interval = (what: string, json: UnitJson) =>
  z
    .string()
    .register(docs, {
      pattern: JSON_PATTERNS.interval,
      patternErrorMessage: JSON_MESSAGES.interval,
      errorMessage: JSON_MESSAGES.interval,
      ...json,
    })
    .transform(
      described(
        (v: string, ctx: z.core.$RefinementCtx<string>) => {
          const n = parseInterval(v);
          if (n === undefined || n === 0) {
            ctx.addIssue({
              code: "custom",
              message: `${what}: expected MMMM.SS, such as "1.00" (one minute) or "0.15" (15 seconds)`,
            });
            return z.NEVER;
          }
          return n;
        },
        { op: "interval" },
      ),
    );

/**
 * A section of the config built when a config first has it (#30: a config without logging, AMS, SMF,
 * streaming queues, encryption, shared queues or a measured configuration never builds their zod
 * schemas, about a third of the ~540 objects the whole schema is, at every CLI start). The JSON Schema
 * is the same (zod's generator reads the section through the lazy schema). Its optin and optout are the
 * section object's own, undefined, written here so that an optional wrapper asking for them on an absent
 * section does not build it; walks of the schema's structure go through it (util/zod-defs.ts unwrapped).
 */
/**
 * An optional field built when a config first has it, as lazySection builds a section: a channel
 * definition's fields a config leaves out (most of them, in most configs) cost no zod objects at start.
 */
const lazyField = <T extends z.ZodType>(make: () => T): z.ZodLazy<T> => lazySection(make);

function lazySection<T extends z.ZodType>(make: () => T): z.ZodLazy<T> {
  let built: T | undefined;
  const lazy = z.lazy(() => (built ??= make()));
  const internals = lazy._zod as { optin?: unknown; optout?: unknown };
  internals.optin = undefined;
  internals.optout = undefined;
  return lazy;
}

const SizeJson = { type: "string", pattern: JSON_PATTERNS.size };

/**
 * The config's zod schemas (the config, a channel definition, its TLS settings), built when first asked
 * for (#30): a config that the generated parser (fast-parse.generated.ts, made from these schemas by
 * scripts/gen-fast-parse.ts) reads whole never builds them. Building them was some 6 ms of every CLI
 * start; they are built for a config that parser does not take, for its diagnostics, and for the walks
 * of the schema's structure (the JSON Schema, the canonical copy, sensitivity's inputs).
 */
export const configSchemas = (): ConfigSchemas => (built ??= build());
export type ConfigSchemas = ReturnType<typeof build>;
let built: ConfigSchemas | undefined;
/** Whether the schemas have been built in this process (a test checks a valid config builds none). */
export const configSchemasBuilt = (): boolean => built !== undefined;

function build() {
  const Tls = z
    .strictObject({
      cipher: z
        .enum([...CIPHER_NAMES, ...IANA_CIPHER_NAMES])
        .transform(described((v: string): CipherName => mqCipherName(v) ?? (v as CipherName), { op: "cipher" }))
        .register(docs, {
          description:
            "CipherSpec (channel attribute SSLCIPH): a TLS 1.2 or TLS 1.3 CipherSpec name, or an alias such as ANY_TLS13; the IANA name of a TLS 1.2 cipher suite MQ has a CipherSpec for (TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384 for ECDHE_RSA_AES_256_GCM_SHA384) is taken as that CipherSpec. TLS 1.3 names and the ANY_ aliases need MQ 9.2 or later.",
          examples: ["TLS_AES_256_GCM_SHA384", "ECDHE_RSA_AES_256_GCM_SHA384", "ANY_TLS12_OR_HIGHER"],
        }),
      resetBytes: lazyField(() => size("tls.resetBytes", 0, SSLRKEYC_MAX, { examples: ["1MB", 32768, 0], default: 0 }))
        .optional()
        .register(docs, {
          description:
            "Secret key reset after this many bytes sent and received (queue manager attribute SSLRKEYC): 0 (never; also when left out) or 32768 to 999999999 bytes. Bytes, or with a unit: 32KB, 1MB (KB = 1024 bytes).",
        }),
      clientAuth: z
        .boolean()
        .default(false)
        .register(docs, {
          description:
            "Client authentication required (channel attribute SSLCAUTH): true is SSLCAUTH(REQUIRED), false SSLCAUTH(OPTIONAL).",
          examples: [true],
        }),
    })
    .register(docs, {
      description:
        "TLS on this channel: CipherSpec (SSLCIPH), secret key reset (SSLRKEYC) and client authentication (SSLCAUTH).",
    });

  const Channel = z
    .strictObject({
      name: z
        .string()
        .check(z.minLength(1), z.maxLength(20))
        .register(docs, {
          description:
            "Channel name (channel attribute CHANNEL), 1 to 20 characters, unique within the config; used in the output.",
          examples: ["CLIENTS", "QM1.TO.QM2"],
        }),
      type: z
        .enum([...CHANNEL_TYPES, ...(Object.keys(CHANNEL_TYPE_ALIASES) as (keyof typeof CHANNEL_TYPE_ALIASES)[])])
        .transform(described((v: string): ChannelType => channelTypeOf(v), { op: "channelType" }))
        .register(docs, {
          description:
            "Channel type (channel attribute CHLTYPE): sender (SDR), receiver (RCVR), server (SVR), requester (RQSTR), server-connection (SVRCONN), cluster-sender (CLUSSDR) or cluster-receiver (CLUSRCVR); MQ's own names are accepted too. A server channel sends messages as a sender does, a requester receives them as a receiver does.",
          examples: ["server-connection", "sender", "SVRCONN"],
        }),
      count: z
        .number()
        .check(z.int(), z.gte(1), z.lte(100000))
        .default(1)
        .register(docs, {
          description: "How many channel instances of this definition run at once (a count, 1 to 100000).",
          examples: [1, 500],
        }),
      transport: z
        .enum(TRANSPORTS)
        .default("tcp")
        .register(docs, {
          description:
            "Transport (channel attribute TRPTYPE): tcp (TRPTYPE(TCP)), smc-r or smc-d (Shared Memory Communications over TRPTYPE(TCP); smc-d needs MQ 8.0 or later), or fasp (Aspera fasp.io gateway).",
          examples: ["tcp", "smc-r"],
        }),
      messageSize: lazyField(() =>
        size("messageSize", 1, MAX_MESSAGE_BYTES, { examples: ["32KB", "1MB", 4096, "2KB..8KB"] }, true),
      )
        .optional()
        .register(docs, {
          description:
            "Message size on this channel, 1 byte to 100MB (MQ's largest, MAXMSGL(104857600)): bytes, or with a unit: 32KB, 4MB (KB = 1024 bytes). Defaults to workload.messageSize. Or a range, evaluated at both ends: 2KB..8KB, 32KB +/-10%.",
        }),
      rate: lazyField(() => rate("rate", { examples: ["2000/s", "120000/min", 500, "400..600/s"] }, true))
        .optional()
        .register(docs, {
          description:
            "Messages per second over this channel (not transactions), both directions and all instances together: a number per second, or with a unit: 2000/s, 120000/min (at most 100000000/s). Defaults to workload.rate times the messages of a transaction that cross the channel: 2 on a server-connection channel in request-reply (the request and the reply), else 1 (a sender, receiver, server, requester or cluster channel carries one direction; define the other direction as its own channel). Or a range, evaluated at both ends: 400..600/s, 500/s +/-10%.",
        }),
      sharecnv: lazyField(() => z.number().check(z.int(), z.gte(0), z.lte(999999999)))
        .optional()
        .register(docs, {
          description:
            "Conversations per channel instance (server-connection channel attribute SHARECNV), 0 to 999999999; server-connection channels only. Default 10, as MQ's.",
          default: 10,
          examples: [1, 10, 0],
        }),
      conversations: lazyField(() => z.number().check(z.int(), z.gte(1), z.lte(1000000)))
        .optional()
        .register(docs, {
          description:
            "Client conversations (connections) over this server-connection definition in total, 1 to 1000000; server-connection channels only. With SHARECNV gives the channel instances.",
          examples: [100, 5000],
        }),
      compression: z
        .enum(COMPRESSION)
        .default("none")
        .register(docs, {
          description:
            "Message compression (channel attribute COMPMSG): none (NONE), rle (RLE), zlibfast (ZLIBFAST) or zlibhigh (ZLIBHIGH).",
          examples: ["zlibfast"],
        }),
      compressibility: lazyField(() => percent("compressibility", { examples: ["80%", 50] }))
        .optional()
        .register(docs, {
          description:
            "How far the messages compress with COMPMSG, as a percentage saved, 0% to 100% (80% means 32KB becomes about 6.5KB); a number is taken as percent.",
        }),
      tls: Tls.optional(),
      amsInterception: z
        .boolean()
        .default(false)
        .register(docs, {
          description:
            "Advanced Message Security interception on this server-to-server channel (channel attribute SPLPROT, MQ 9.2 and later): on a sending channel (sender, server, cluster-sender) the channel initiator removes the protection before sending (SPLPROT(REMOVE)); on a receiving channel (receiver, requester, cluster-receiver) it applies the policy to arriving messages (SPLPROT(ASPOLICY)). Set it on both to intercept both ways.",
          examples: [true],
        }),
      startsPerSecond: lazyField(() => z.number().check(z.gte(0), z.lte(100000)))
        .optional()
        .register(docs, {
          description:
            "Channel starts per second (connection churn), 0 to 100000 per second, for channel start and stop costs.",
          examples: [0.5, 10],
        }),
      networkProfile: lazyField(() => z.enum(["N0", "N1", "N2", "N3", "N4", "N5"]))
        .optional()
        .register(docs, {
          examples: ["N3"],
          description:
            "Network between the queue managers, as the MQ 9.2 report's fasp.io profiles: N0 none, N1 5ms, N2 25ms, N3 40ms and 0.1% loss, N4 50ms and 0.5% loss, N5 50ms.",
        }),
      batchSize: lazyField(() => z.number().check(z.int(), z.gte(1), z.lte(9999)))
        .optional()
        .register(docs, {
          description:
            "Channel batch size, messages per batch (channel attribute BATCHSZ), 1 to 9999; MQ's default is 50.",
          default: 50,
          examples: [50, 200],
        }),
    })
    .register(docs, { description: "A channel definition and how it is used." });

  const MqSection = z.strictObject({
    release: z
      .enum(RELEASES)
      .default("9.3")
      .register(docs, {
        description:
          'IBM MQ for z/OS release (as DISPLAY QMGR VERSION or the CSQY000I message shows it): 5.3, 8.0, 9.0, 9.1, 9.2 or 9.3; quote it in YAML ("9.3"). Features and CipherSpecs newer than the release are errors.',
        examples: ["9.3", "9.2"],
      }),
  });

  const HardwareSection = z.strictObject({
    generation: z
      .enum(MACHINES)
      .default("z15")
      .register(docs, {
        description: "IBM Z machine generation (machine type family): 2064 (z900), z13, z14, z15, z16 or z17.",
        examples: ["z15", "z16"],
      }),
    cpus: lazyField(() => z.number().check(z.int(), z.gte(1), z.lte(200)))
      .optional()
      .register(docs, {
        description:
          "General-purpose processors (CPs) in the LPAR, a count 1 to 200, for LSPR scaling and engine counts.",
        examples: [8],
      }),
    targetBusy: lazyField(() => percent("hardware.targetBusy", { examples: ["80%", 70] }))
      .optional()
      .register(docs, {
        description:
          "Target CPU utilisation of the LPAR's general-purpose processors (hardware.cpus), 0% to 100%: the CPU-bound maximum rate is the rate that keeps the engines this busy. Without it the CPU limit is 100% of the engines.",
      }),
    rni: lazyField(() => z.enum(RNI))
      .optional()
      .register(docs, {
        description: "Workload Relative Nest Intensity (LSPR workload category): low, average or high.",
        examples: ["average"],
      }),
    factor: lazyField(() => z.number().check(z.gte(0.01), z.lte(100)))
      .optional()
      .register(docs, {
        description:
          "Capacity factor you supply for this machine relative to the machine the data was measured on, a ratio from 0.01 to 100 (cost divides by it); shown as user-supplied.",
        examples: [1.2],
      }),
    factorRelativeTo: lazyField(() => z.enum(MACHINES))
      .optional()
      .register(docs, {
        description:
          "The measured machine your factor is relative to (default: the nearest measured one); needs hardware.factor.",
        examples: ["z15"],
      }),
  });

  const LoggingSection = lazySection(() =>
    z.strictObject({
      dualLogs: z
        .boolean()
        .default(true)
        .register(docs, {
          description: "Dual active logs (CSQ6LOGP TWOACTV=YES).",
          examples: [false],
        }),
      dualArchives: z
        .boolean()
        .default(true)
        .register(docs, {
          description: "Dual archive logs (CSQ6LOGP TWOARCH=YES).",
          examples: [false],
        }),
      archiving: z
        .boolean()
        .default(true)
        .register(docs, {
          description: "Active logs are archived (CSQ6LOGP OFFLOAD=YES).",
          examples: [false],
        }),
      zHyperWrite: z
        .boolean()
        .default(false)
        .register(docs, {
          description: "zHyperWrite for active log writes with Metro Mirror (CSQ6LOGP ZHYWRITE=YES, MQ 9.2 and later).",
          examples: [true],
        }),
      metroMirror: z
        .boolean()
        .default(false)
        .register(docs, {
          description: "Active logs replicated synchronously with Metro Mirror (PPRC).",
          examples: [true],
        }),
      archiveCompression: z
        .boolean()
        .default(false)
        .register(docs, {
          description:
            "Log compression for archive logs (CSQ6LOGP COMPLOG), MQ 9.1 and later: the on-chip compression of z15 and later (measured), or zEDC Express on z14 and earlier (accepted; the sources give no figures for it).",
          examples: [true],
        }),
      logOverheadPerMessage: lazyField(() => size("logOverheadPerMessage", 0, 1048576, { examples: ["1.25KB", 1280] }))
        .optional()
        .register(docs, {
          description:
            "Log bytes written per persistent message beyond the message itself (your measurement); only the V5.3 report gives a rule (+1.25KB, +1.5KB in a QSG).",
        }),
      disk: lazyField(() =>
        z.strictObject({
          subsystem: z
            .string()
            .check(z.minLength(1), z.maxLength(40))
            .optional()
            .register(docs, {
              description:
                "The disk subsystem holding the active logs, as IBM names it: DS8950F, DS8870, ... The reports' peak log rates were measured on a DS8950F (MQ 9.3 report) and a DS8870 (MQ 9.2 and z15 reports); a figure measured on another subsystem is used with a warning.",
              examples: ["DS8950F"],
            }),
          stripes: z
            .number()
            .check(z.int(), z.gte(1), z.lte(16))
            .optional()
            .register(docs, {
              description:
                "Stripes of each active log data set (DFSMS data striping; VSAM allows up to 16). The peak log rates were measured with 4.",
              examples: [4],
            }),
        }),
      )
        .optional()
        .register(docs, {
          description: "The disks of the active logs, for the log rate ceiling measured on each.",
          examples: [{ subsystem: "DS8950F", stripes: 4 }],
        }),
      archiveCompressibility: lazyField(() => percent("archiveCompressibility", { examples: ["60%", 60] }))
        .optional()
        .register(docs, {
          description:
            "How far log data compresses with COMPLOG, as a percentage saved, 0% to 100%; a number is taken as percent.",
        }),
      activeLogs: lazyField(() => z.number().check(z.int(), z.gte(1), z.lte(10000)))
        .optional()
        .register(docs, {
          description:
            "Active log data sets of each copy (the log inventory in the BSDS), a count: checked against the most a queue manager can have.",
          examples: [20],
        }),
      preformatted: lazyField(() => z.boolean())
        .optional()
        .register(docs, {
          description:
            "Whether new active log data sets are pre-formatted (CSQJUFMT) before first use; false: the first use of each one loses log rate.",
          examples: [false],
        }),
    }),
  );

  const EncryptionSection = lazySection(() =>
    z.strictObject({
      logs: z
        .union([z.boolean(), z.enum(["active", "archive"])])
        .default(false)
        .register(docs, {
          description:
            'z/OS data set encryption of the logs: true (active and archive logs, MQ 9.2 and later), "archive" (archive logs only, MQ 8.0 and later), "active" (active logs only, MQ 9.2 and later) or false.',
          examples: [true, "archive"],
        }),
      pagesets: z
        .boolean()
        .default(false)
        .register(docs, {
          description: "z/OS data set encryption of page sets.",
          examples: [true],
        }),
      smds: z
        .boolean()
        .default(false)
        .register(docs, {
          description: "z/OS data set encryption of shared message data sets (SMDS); shared queues only.",
          examples: [true],
        }),
      smdsGets: lazyField(() => z.enum(["buffers", "local", "remote"]))
        .optional()
        .register(docs, {
          description:
            "Where MQGETs of SMDS messages read them: buffers (enough DSBUFS: decryption costs nothing), local (this queue manager's SMDS) or remote (another queue manager's).",
          examples: ["buffers"],
        }),
      pagesetIo: lazyField(() =>
        z.strictObject({
          getPages: z
            .number()
            .check(z.gte(0), z.lte(1e12))
            .default(0)
            .register(docs, { description: "Pages read (GET), from the MQSMF PSET report.", examples: [1] }),
          immediateWritePages: z
            .number()
            .check(z.gte(0), z.lte(1e12))
            .default(0)
            .register(docs, { description: "Pages written by immediate write (IMW).", examples: [10177] }),
          writePages: z
            .number()
            .check(z.gte(0), z.lte(1e12))
            .default(0)
            .register(docs, {
              description: "Pages written by deferred write (Write, at checkpoint and at 85% full).",
              examples: [2918219],
            }),
          interval: interval("pagesetIo.interval", { examples: ["30.00"] })
            .optional()
            .register(docs, {
              description:
                'The time the counts cover, MMMM.SS ("30.00" is 30 minutes): gives the CPU per second; without it the cost is per report.',
            }),
        }),
      )
        .optional()
        .register(docs, {
          description:
            "Page set I/O of the encrypted page sets, from the MQSMF PSET report (SMF 115): the page set encryption cost is per page read or written.",
          examples: [{ getPages: 1, immediateWritePages: 10177, writePages: 2918219, interval: "30.00" }],
        }),
    }),
  );

  const AmsSection = lazySection(() =>
    z.strictObject({
      policy: z
        .enum(AMS_POLICIES)
        .default("none")
        .register(docs, {
          description:
            "Advanced Message Security policy protection (setmqspl): none, integrity (-s), privacy (-s and -e) or confidentiality (-e with key reuse); MQ 8.0 and later.",
          examples: ["privacy"],
        }),
      keyReuse: lazyField(() => z.union([z.number().check(z.int(), z.gte(1), z.lte(1000000)), z.literal("unlimited")]))
        .optional()
        .register(docs, {
          description:
            "Confidentiality symmetric key reuse (setmqspl -r): a count of messages, 1 to 1000000, or unlimited; confidentiality policy only.",
          examples: [100, "unlimited"],
        }),
      partnerInterception: z
        .boolean()
        .default(false)
        .register(docs, {
          description:
            "The queue manager at the other end of the intercepting channels (channels[].amsInterception) intercepts too: two data islands, each protected by its own AMS interception. Its costs are on its own LPAR; this estimate shows what the sources say of them.",
          examples: [true],
        }),
    }),
  );

  const StreamingQueuesSection = lazySection(() =>
    z.strictObject({
      copies: z
        .number()
        .check(z.int(), z.gte(0), z.lte(100))
        .default(1)
        .register(docs, {
          description:
            "Queues with a streaming queue (queue attribute STREAMQ) configured, a count 0 to 100, one copy each.",
          examples: [1],
        }),
      opensPerTransaction: lazyField(() => z.number().check(z.gte(0), z.lte(100)))
        .optional()
        .register(docs, {
          description:
            "MQOPEN and MQCLOSE pairs per transaction of queues that have a STREAMQ (0 when queues stay open).",
          examples: [1],
        }),
      separateStructure: lazyField(() => z.boolean())
        .optional()
        .register(docs, {
          description:
            "Shared queues: the stream queue is on a different CF application structure from the base queue, which makes each MQCMIT commit across the two.",
          examples: [false],
        }),
      queuesHeldOpen: lazyField(() => z.boolean())
        .optional()
        .register(docs, {
          description:
            "Shared queues: the base and stream queues are held open by another task, so MQOPEN and MQCLOSE avoid the first-open and last-close CF access.",
          examples: [true],
        }),
      expiredPerSecond: lazyField(() => z.number().check(z.gte(0), z.lte(1e7)))
        .optional()
        .register(docs, {
          description:
            "Messages per second that expire unread on the streaming queues (CAPEXPRY), for the expiry task's CPU.",
          examples: [200],
        }),
      quality: z
        .enum(["must-duplicate", "best-effort"])
        .default("best-effort")
        .register(docs, {
          description:
            "Streaming quality of service (queue attribute STRMQOS): must-duplicate (MUSTDUP) or best-effort (BESTEF).",
          examples: ["must-duplicate"],
        }),
    }),
  );

  const SmfSection = lazySection(() =>
    z.strictObject({
      statisticsInterval: lazyField(() => interval("statisticsInterval", { examples: ["1.00", "0.30"] }))
        .optional()
        .register(docs, {
          description:
            'Statistics interval (CSQ6SYSP STATIME, SET SYSTEM STATIME), MMMM.SS minutes and seconds, in quotes: "1.00" is one minute.',
        }),
      accountingInterval: lazyField(() => interval("accountingInterval", { examples: ["0.15", "30.00"] }))
        .optional()
        .register(docs, {
          description:
            'Accounting interval (CSQ6SYSP ACCTIME, SET SYSTEM ACCTIME), MMMM.SS minutes and seconds, in quotes: "0.15" is 15 seconds.',
        }),
      accountingClass3: z
        .boolean()
        .default(false)
        .register(docs, {
          description: "Accounting trace class 3, task-level accounting (START TRACE(A) CLASS(3)), SMF 116.",
          examples: [true],
        }),
      statisticsClass5: z
        .boolean()
        .default(false)
        .register(docs, {
          description: "Queue statistics, statistics trace class 5 (START TRACE(S) CLASS(5)), SMF 115, MQ 9.3.",
          examples: [true],
        }),
      queues: lazyField(() => z.number().check(z.int(), z.gte(0), z.lte(1000000)))
        .optional()
        .register(docs, {
          description: "Queues reported by class 5 queue statistics, a count 0 to 1000000.",
          examples: [500],
        }),
      tasks: lazyField(() => z.number().check(z.int(), z.gte(0), z.lte(1000000)))
        .optional()
        .register(docs, {
          description:
            "Long-running connected tasks with class(3) accounting: each writes an SMF 116 record every ACCTIME.",
          examples: [200],
        }),
      apiCallsPerTransaction: lazyField(() => z.number().check(z.gte(0), z.lte(1000)))
        .optional()
        .register(docs, {
          description: "MQ API calls per transaction (MQPUT, MQGET, ...), 0 to 1000, for the class 3 gathering cost.",
          examples: [4],
        }),
      channelInitiatorClass4: z
        .boolean()
        .default(false)
        .register(docs, {
          description:
            "Channel initiator statistics and accounting, class 4 (START TRACE(S) CLASS(4), START TRACE(A) CLASS(4)).",
          examples: [true],
        }),
      current: lazyField(() =>
        z.strictObject({
          statisticsInterval: interval("current.statisticsInterval", { examples: ["1.00"] })
            .optional()
            .register(docs, { description: 'The STATIME you run today, MMMM.SS: "1.00" is one minute.' }),
          accountingInterval: interval("current.accountingInterval", { examples: ["1.00"] })
            .optional()
            .register(docs, {
              description: "The ACCTIME you run today, MMMM.SS (left out: the current STATIME, as MQ's default -1).",
            }),
          volumePerDay: size("smf.current.volumePerDay", 0, 1099511627776, { examples: ["2GB"] })
            .optional()
            .register(docs, { description: "The MQ SMF data (SMF 115 and 116) recorded per day today." }),
        }),
      )
        .optional()
        .register(docs, {
          description:
            "The SMF intervals (and data volume) you run today: the estimate says what moving to statisticsInterval and accountingInterval changes.",
          examples: [{ statisticsInterval: "1.00", volumePerDay: "2GB" }],
        }),
    }),
  );

  const SharedQueueSection = lazySection(() =>
    z.strictObject({
      cfProcessors: lazyField(() => z.number().check(z.int(), z.gte(1), z.lte(64)))
        .optional()
        .register(docs, {
          description: "Dedicated coupling facility processors (ICF engines), a count 1 to 64.",
          examples: [2],
        }),
      messagesOnQueue: lazyField(() => z.number().check(z.int(), z.gte(0), z.lte(1e9)))
        .optional()
        .register(docs, {
          description:
            "Peak messages held on shared queues, a count 0 to 1000000000, for CF structure sizing (CFSTRUCT).",
          examples: [100000],
        }),
      structureSize: lazyField(() =>
        size("sharedQueue.structureSize", 1048576, 1099511627776, { examples: ["64MB", "1GB"] }),
      )
        .optional()
        .register(docs, {
          description:
            "A CF application structure's size (CFRM SIZE or INITSIZE): how many messages of workload.messageSize it holds.",
        }),
      backupIntervalMB: lazyField(() => z.number().check(z.gte(0), z.lte(1e7)))
        .optional()
        .register(docs, {
          description:
            "Data logged between CF structure backups (BACKUP CFSTRUCT), in MB (1048576 bytes), 0 to 10000000, for recovery time.",
          examples: [1024],
        }),
      recoveryTargetMinutes: lazyField(() => z.number().check(z.gt(0), z.lte(10080)))
        .optional()
        .register(docs, {
          description:
            "Recovery processing time you must meet for a CF application structure (RECOVER CFSTRUCT), in minutes, above 0 and at most 10080: sets the backup interval.",
          examples: [30],
        }),
      queueManagers: lazyField(() => z.number().check(z.int(), z.gte(1), z.lte(32)))
        .optional()
        .register(docs, {
          description:
            "Queue managers in the queue sharing group that share the queues, a count 1 to 32: each extra one adds CPU, and CSQ_ADMIN needs entries for each.",
          examples: [4],
        }),
      adminStructureEntries: lazyField(() => z.number().check(z.int(), z.gte(0), z.lte(1e9)))
        .optional()
        .register(docs, {
          description:
            "ENTSMAX of the CSQ_ADMIN structure, as DIS CFSTATUS(CSQ_ADMIN) shows it, a count: how many queue managers it supports.",
          examples: [9362],
        }),
      queues: lazyField(() => z.number().check(z.int(), z.gte(0), z.lte(1e6)))
        .optional()
        .register(docs, {
          description:
            "Shared queues defined in the queue sharing group, a count 0 to 1000000: the queue manager's expiry scan costs CPU for each one every EXPRYINT.",
          examples: [200],
        }),
      expiryInterval: lazyField(() => z.number().check(z.int(), z.gte(0), z.lte(99999999)))
        .optional()
        .register(docs, {
          description:
            "EXPRYINT of the queue manager that runs expiry for the QSG, in seconds (0 is off, else at least 5): every message on every shared queue is scanned in the CF each interval.",
          examples: [300],
        }),
    }),
  );

  /**
   * The configuration a baseline was measured on, in the config's own sections. The estimate prices each
   * concern for the plan and for this configuration and adds the difference (engine/baseline-delta.ts).
   */
  const MeasuredWith = lazySection(() =>
    z
      .strictObject({
        mq: MqSection.optional().register(docs, {
          description: "The MQ release the baseline was measured on; left out, the plan's.",
          examples: [{ release: "9.2" }],
        }),
        hardware: HardwareSection.optional().register(docs, {
          description:
            "The machine the baseline was measured on; left out, the plan's. Its cost is scaled to the plan's machine by the z15 report's LSPR table, or by hardware.factor.",
          examples: [{ generation: "z14" }],
        }),
        workload: lazyField(() =>
          z.strictObject({
            queues: z
              .enum(["private", "shared"])
              .optional()
              .register(docs, {
                description: "Private or shared queues when measured; left out, the plan's (workload.queues).",
                examples: ["private"],
              }),
            persistent: z
              .boolean()
              .optional()
              .register(docs, {
                description: "Persistent messages when measured; left out, the plan's (workload.persistent).",
                examples: [false],
              }),
          }),
        )
          .optional()
          .register(docs, {
            description:
              "What of the workload differed when measured (queues, persistence); the rest is the plan's workload.",
          }),
        logging: LoggingSection.optional().register(docs, {
          description: "Logging when measured (CSQ6LOGP); left out, no logging section, as in a config.",
        }),
        encryption: EncryptionSection.optional().register(docs, {
          description: "Data set encryption when measured; left out, none.",
        }),
        channels: lazyField(() => z.array(Channel).max(1000))
          .optional()
          .register(docs, { description: "The channels, with their TLS ciphers, when measured; left out, none." }),
        ams: AmsSection.optional().register(docs, { description: "AMS policy when measured; left out, none." }),
        streamingQueues: StreamingQueuesSection.optional().register(docs, {
          description: "Streaming queues when measured; left out, none.",
        }),
        smf: SmfSection.optional().register(docs, {
          description: "SMF classes and intervals when measured; left out, no SMF section, as in a config.",
        }),
        sharedQueue: SharedQueueSection.optional().register(docs, {
          description: "Shared queues and the CF when measured; left out, none.",
        }),
      })
      .register(docs, {
        description:
          "The configuration the baseline was measured on, in the config's own sections: the estimate prices each concern for the plan and for this configuration and adds the difference, so a feature the baseline already holds is not added again and one it held that the plan drops is taken off. A section left out means what it means in a config (the feature off), except mq and hardware, which are then the plan's. calibrate fills it from SMF. Without it, the baseline is taken to hold none of the configured features.",
        examples: [{ mq: { release: "9.3" }, logging: { dualLogs: true }, ams: { policy: "integrity" } }],
      }),
  );

  const Config = z
    .strictObject({
      $schema: z
        .string()
        .optional()
        .register(docs, {
          description:
            "JSON Schema reference, for editors (a path or URL to mqzcap's schema/config.schema.json); ignored by mqzcap.",
          examples: ["./node_modules/mqzcap/schema/config.schema.json"],
        }),
      version: z.literal(1).register(docs, { description: "Config format version; always 1.", examples: [1] }),
      name: lazyField(() => z.string().max(200))
        .optional()
        .register(docs, {
          description: "A name for this scenario, up to 200 characters, shown in reports.",
          examples: ["quickstart - client capacity"],
        }),
      exact: lazyField(() => z.array(z.string().check(z.minLength(1), z.maxLength(300))).max(200))
        .optional()
        .register(docs, {
          description:
            "Inputs you know exactly (a count read from a display, a figure from a contract), by their path as mqzcap sensitivity names them (hardware.cpus, storage.csa.available, channels.TO.HUB.messageSize): sensitivity leaves them out of its uncertainties, which otherwise move a number written as a point by the reports' run-to-run +/-6%. The estimate itself is unchanged.",
          examples: [["storage.csa.available", "baseline.rate"]],
        }),
      mq: MqSection.default({ release: "9.3" }).register(docs, {
        description: "The MQ release.",
        examples: [{ release: "9.3" }],
      }),
      hardware: HardwareSection.default({ generation: "z15" }).register(docs, {
        description: "The machine.",
        examples: [{ generation: "z16", cpus: 8 }],
      }),
      baseline: lazyField(() =>
        z.strictObject({
          hardware: z
            .enum(MACHINES)
            .optional()
            .register(docs, {
              description:
                "The old spelling of measuredWith.hardware.generation, still read (the estimate notes it): the machine the baseline was measured on.",
              examples: ["z14"],
            }),
          measuredWith: MeasuredWith.optional(),
          coverage: z
            .strictObject(
              Object.fromEntries(
                (["qmgr", "chin", "app", "tcpip", "cf"] as const).map((as) => [
                  as,
                  z
                    .enum(["whole", "lower-bound"])
                    .optional()
                    .register(docs, {
                      description: `What baseline.cost.${as} covers: whole (the address space's CPU, as SMF 30 or RMF give it; the default) or lower-bound (a part of it only, as MQ SMF gives: the channel initiator's dispatcher, adapter, SSL and DNS tasks; the MQ API CPU of class 3 accounting): a lower bound is open above in the estimate.`,
                      examples: ["lower-bound"],
                    }),
                ]),
              ) as Record<
                "qmgr" | "chin" | "app" | "tcpip" | "cf",
                z.ZodOptional<z.ZodEnum<{ whole: "whole"; "lower-bound": "lower-bound" }>>
              >,
            )
            .optional()
            .register(docs, {
              description:
                "What each baseline cost covers: a cost measured as a lower bound (calibrate says which) is open above, and the CPU total, the CPU-bound rate and capacity name it as partial.",
              examples: [{ chin: "lower-bound" }],
            }),
          rate: rate("baseline.rate", { examples: ["1500/s", "90000/min", 1500] }).register(docs, {
            description:
              "Transaction rate at which the baseline was measured, transactions per second: 1500/s, 90000/min or a number per second (at most 100000000/s).",
          }),
          cost: z
            .strictObject({
              qmgr: time("qmgr", { examples: ["45us", "1.2ms", 45, "30us +/-10%"] }, true)
                .optional()
                .register(docs, {
                  description:
                    "Queue manager (MSTR) CPU per transaction (SMF 116 accounting / RMF), microseconds: 45us, 1.2ms, 0.002s, or a number of microseconds.",
                }),
              chin: time("chin", { examples: ["30us", 30] }, true)
                .optional()
                .register(docs, {
                  description:
                    "Channel initiator (CHIN) CPU per transaction (RMF / SMF 30), microseconds: 30us, 1.2ms, or a number of microseconds.",
                }),
              app: time("app", { examples: ["120us", 120] }, true)
                .optional()
                .register(docs, {
                  description:
                    "Application CPU per transaction (SMF 30 / 110), microseconds: 120us, 1.2ms, or a number of microseconds.",
                }),
              tcpip: time("tcpip", { examples: ["15us", 15] }, true)
                .optional()
                .register(docs, {
                  description:
                    "TCP/IP address space CPU per transaction (RMF), microseconds: 15us, or a number of microseconds.",
                }),
              cf: time("cf", { examples: ["10us", 10] }, true)
                .optional()
                .register(docs, {
                  description:
                    "Coupling facility CPU per transaction (RMF CF activity report), microseconds: 10us, or a number of microseconds.",
                }),
            })
            .register(docs, {
              description:
                "Your measured CPU per transaction by address space, in microseconds (45us) or milliseconds (1.2ms); each may be a range: 25..35us, 30us +/-10%, or LOW..VALUE..HIGH where the point is not the middle: 25..28..40us (calibrate writes a measured cost so, between its statistics intervals' p10 and p90).",
            }),
        }),
      )
        .optional()
        .register(docs, {
          description:
            "What you measured (from SMF): the costs that deltas are applied to. Without it, only absolute items and deltas are shown.",
        }),
      workload: z
        .strictObject({
          pattern: z
            .enum(["request-reply", "one-way"])
            .default("request-reply")
            .register(docs, {
              description:
                "Message pattern: request-reply (two messages per transaction) or one-way (one message per transaction).",
              examples: ["one-way"],
            }),
          queues: z
            .enum(["private", "shared"])
            .default("private")
            .register(docs, {
              description:
                "Queue type: private (local queues, QSGDISP(QMGR)) or shared (shared queues in a queue-sharing group, QSGDISP(SHARED)).",
              examples: ["shared"],
            }),
          persistent: z
            .boolean()
            .default(false)
            .register(docs, {
              description: "Persistent messages (MQMD Persistence MQPER_PERSISTENT, or queue DEFPSIST(YES)).",
              examples: [true],
            }),
          syncpoint: z
            .boolean()
            .default(true)
            .register(docs, {
              description: "Messages put and got in syncpoint (MQPMO_SYNCPOINT, MQGMO_SYNCPOINT).",
              examples: [false],
            }),
          messageSize: size(
            "workload.messageSize",
            1,
            MAX_MESSAGE_BYTES,
            { examples: ["32KB", "1MB", 1024, "2KB..8KB"], default: 1024 },
            true,
          )
            .default(1024)
            .register(docs, {
              description:
                "Message size, 1 byte to 100MB (MQ's largest, MAXMSGL(104857600)): bytes, or with a unit: 32KB, 1MB (KB = 1024 bytes). Default 1024 bytes. Or a range, evaluated at both ends (costs are not linear in size): 2KB..8KB, 32KB +/-10%.",
            }),
          transport: lazyField(() => z.enum(["channels", "igq", "shared-queue"]))
            .optional()
            .register(docs, {
              description:
                "How messages move between queue managers in the sysplex: channels (TCP/IP, SMC-R or SMC-D, see channels[].transport), intra-group queuing (igq) or shared queues; compared with the 2017 sysplex blog's ratios.",
              examples: ["igq"],
            }),
          rate: lazyField(() =>
            rate("workload.rate", { examples: ["2000/s", "120000/min", 2000, "4000..6000/s"] }, true),
          )
            .optional()
            .register(docs, {
              description:
                "Target transaction rate, transactions per second: 2000/s, 120000/min or a number per second (at most 100000000/s); or a range, evaluated at both ends: 4000..6000/s, 5000/s +/-10%.",
            }),
          hoursPerDay: lazyField(() => z.number().check(z.gt(0), z.lte(24)))
            .optional()
            .register(docs, {
              description:
                "Hours a day the workload runs at workload.rate, more than 0 and at most 24: the daily log and archive volumes take it. Left out, they are the rate held for 24 hours, and say so.",
              examples: [8, 16],
            }),
        })
        .default({ pattern: "request-reply", queues: "private", persistent: false, syncpoint: true, messageSize: 1024 })
        .register(docs, { description: "The messaging workload." }),
      logging: LoggingSection.optional().register(docs, {
        description: "Logging (persistent messages): CSQ6LOGP settings.",
      }),
      encryption: EncryptionSection.optional().register(docs, {
        description: "z/OS data set encryption (MQ 9.1.4 and later).",
        examples: [{ logs: true, pagesets: true }],
      }),
      channels: lazyField(() => z.array(Channel).max(1000))
        .optional()
        .register(docs, { description: "Channel definitions, up to 1000, each with a unique name." }),
      channelInitiator: lazyField(() =>
        z.strictObject({
          adapters: z
            .number()
            .check(z.int(), z.gte(0), z.lte(9999))
            .optional()
            .register(docs, {
              description:
                "Channel initiator adapter tasks (queue manager attribute CHIADAPS), 0 to 9999; MQ's default is 8. Adapters apply and remove AMS protection under interception.",
              examples: [30, 120],
            }),
          dispatchers: z
            .number()
            .check(z.int(), z.gte(1), z.lte(9999))
            .optional()
            .register(docs, {
              description:
                "Channel initiator dispatcher tasks (queue manager attribute CHIDISPS), 1 to 9999; MQ's default is 5.",
              examples: [3, 5],
            }),
          maxChannels: z
            .number()
            .check(z.int(), z.gte(1), z.lte(MAXCHL_MAX))
            .optional()
            .register(docs, {
              description:
                "Channels that can be current at once, of every type, server-connection instances included (queue manager attribute MAXCHL), 1 to 9999; MQ's default is 200, assumed (and said) when left out.",
              examples: [200, 2000],
            }),
          activeChannels: z
            .number()
            .check(z.int(), z.gte(1), z.lte(MAXCHL_MAX))
            .optional()
            .register(docs, {
              description:
                "Channels that can be active at once (queue manager attribute ACTCHL), 1 to 9999, at most MAXCHL; counted against every channel definition's instances when given.",
              examples: [200, 1500],
            }),
        }),
      )
        .optional()
        .register(docs, {
          description: "Channel initiator tasks and channel limits (ALTER QMGR CHIADAPS, CHIDISPS, MAXCHL, ACTCHL).",
          examples: [{ adapters: 30, dispatchers: 3 }],
        }),
      ams: AmsSection.optional().register(docs, {
        description: "Advanced Message Security.",
        examples: [{ policy: "confidentiality", keyReuse: 100 }],
      }),
      streamingQueues: StreamingQueuesSection.optional().register(docs, {
        description: "Streaming queues (MQ 9.3 and later).",
        examples: [{ copies: 1, quality: "best-effort" }],
      }),
      smf: SmfSection.optional().register(docs, { description: "SMF statistics (SMF 115) and accounting (SMF 116)." }),
      storage: lazyField(() =>
        z.strictObject({
          chin: z
            .strictObject({
              used: size("storage.chin.used", 0, 2147483648, { examples: ["120MB"] }).register(docs, {
                description:
                  "Channel initiator storage in use at start (message CSQX004I 'using N MB'), 0 to 2GB: bytes, or with a unit: 120MB (MB = 1048576 bytes).",
              }),
              free: size("storage.chin.free", 1, 2147483648, { examples: ["1346MB"] }).register(docs, {
                description:
                  "Channel initiator storage free at start (message CSQX004I 'N MB are free'), 1 byte to 2GB: bytes, or with a unit: 1346MB (MB = 1048576 bytes).",
              }),
              headroom: percent("headroom", { examples: ["80%", 75], default: "80%" })
                .optional()
                .register(docs, {
                  description:
                    "Keep channel initiator storage usage below this share of the total, 0% to 100%; default 80%, as the reports advise.",
                }),
            })
            .optional()
            .register(docs, {
              description: "Channel initiator storage, from message CSQX004I at channel initiator start.",
            }),
          csa: z
            .strictObject({
              available: size("storage.csa.available", 1, 2147483648, { examples: ["400MB"] }).register(docs, {
                description:
                  "CSA this queue manager can really use: your CSA size less what MVS, other products and 31-bit buffer pools take (the 2GB is an absolute limit the queue manager never has), 1 byte to 2GB: bytes, or with a unit: 400MB (MB = 1048576 bytes).",
              }),
            })
            .optional()
            .register(docs, {
              description:
                "Common storage (CSA) for the queue manager: initial CSA plus CSA per connection must fit in it.",
            }),
          belowTheBar: z
            .strictObject({
              available: size("storage.belowTheBar.available", 1, 2147483648, { examples: ["1GB"] }).register(docs, {
                description:
                  "Queue manager private storage below the 2GB bar left for connections (your measurement, e.g. from the queue manager's storage statistics), 1 byte to 2GB: bytes, or with a unit: 1GB (MB = 1048576 bytes).",
              }),
            })
            .optional()
            .register(docs, {
              description:
                "Queue manager storage below the 2GB bar: the storage per connection of every connection together must fit in it.",
            }),
          localConnections: z
            .number()
            .check(z.int(), z.gte(0), z.lte(1000000))
            .optional()
            .register(docs, {
              description:
                "Local (batch, CICS, IMS) connections to the queue manager, for CSA and queue manager storage.",
              examples: [1000],
            }),
        }),
      )
        .optional()
        .register(docs, { description: "Storage and capacity inputs." }),
      sharedQueue: SharedQueueSection.optional().register(docs, {
        description: "Shared queues and the coupling facility.",
        examples: [{ cfProcessors: 2, messagesOnQueue: 100000 }],
      }),
    })
    .register(docs, { description: "An mqzcap config: a capacity scenario for IBM MQ for z/OS." });
  return { Tls, Channel, Config };
}

// The types are spelt out in types.generated.ts (without zod, for the library's declarations), from
// z.input and z.output of Config, and completed in types.ts (InputRange, Config's ranges);
// types-check.ts checks they still agree with the schema. Library code (src/) imports them from
// types.ts: a declaration that imports this module makes the package's types need zod
// (test/package.test.ts fails then). Tests may import them here.
export type { ChannelConfig, ConfigInput, InputRange } from "./types.js";
export type Config = ParsedConfig;
export { SizeJson };
