// Random valid configs for property tests, built from the config schema's own enums and ranges: every
// field a planner can write, in the forms a planner writes it (sizes in KB or MB, rates per minute),
// with the release and machine checks of src/config/semantics.ts respected. Shared by the engine's
// property test and the test of each rule's \`uses\` (test/rules/uses.test.ts).
import fc from "fast-check";
import { CIPHERS } from "../../src/config/ciphers.js";
import { parseConfigText } from "../../src/config/load.js";
import {
  AMS_POLICIES,
  CHANNEL_TYPES,
  COMPRESSION,
  MACHINES,
  MAX_MESSAGE_BYTES,
  RELEASES,
  RNI,
  TRANSPORTS,
  type Config,
  type ConfigInput,
} from "../../src/config/schema.js";

export type Release = (typeof RELEASES)[number];
export const atLeast = (r: Release, min: Release) => RELEASES.indexOf(r) >= RELEASES.indexOf(min);

/** The CipherSpecs a release accepts (src/config/ciphers.ts). */
export const ciphersFor = (r: Release) => Object.keys(CIPHERS).filter((c) => atLeast(r, CIPHERS[c]!.since as Release));

// Sizes as a config writes them: bytes, or a whole number of KB or MB; 1 byte to MQ's 100 MB.
const sizeBytes = fc.oneof(
  fc.integer({ min: 1, max: MAX_MESSAGE_BYTES }),
  fc.constantFrom(1, 1024, 4096, 10240, 32768, 65536, 102400, 1048576, 4194304, 104857600),
);
const sizeText = (n: number): string | number =>
  n % 1048576 === 0 ? `${n / 1048576}MB` : n % 1024 === 0 ? `${n / 1024}KB` : n;
export const rateArb = fc.oneof(
  fc.double({ min: 0.001, max: 1e8, noNaN: true }).map((n) => Math.max(n, 0.001)),
  fc.integer({ min: 1, max: 100000 }).map((n) => `${n}/s`),
  fc.integer({ min: 1, max: 6000000 }).map((n) => `${n}/min`),
);
const percentArb = fc.oneof(
  fc.integer({ min: 0, max: 100 }).map((n) => `${n}%`),
  fc.double({ min: 0, max: 100, noNaN: true }),
);
const intervalArb = fc
  .tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 59 }))
  .filter(([m, s]) => m + s > 0)
  .map(([m, s]) => `${m}.${String(s).padStart(2, "0")}`);
const timeArb = fc.oneof(
  fc.double({ min: 0, max: 100000, noNaN: true }),
  fc.integer({ min: 0, max: 5000 }).map((n) => `${n}us`),
);
const resetBytesArb = fc.oneof(fc.constant(0), fc.integer({ min: 32768, max: 999999999 }));

const opt = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined });

/** Drops undefined properties, so that the config reads as one a person would write. */
function clean<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}

function channelArb(release: Release, name: string) {
  return fc
    .record({
      type: fc.constantFrom(...CHANNEL_TYPES),
      count: opt(fc.integer({ min: 1, max: 100000 })),
      transport: opt(fc.constantFrom(...TRANSPORTS.filter((t) => t !== "smc-d" || atLeast(release, "8.0")))),
      messageSize: opt(sizeBytes.map(sizeText)),
      rate: opt(rateArb),
      sharecnv: opt(fc.oneof(fc.constantFrom(0, 1, 5, 10), fc.integer({ min: 0, max: 999999999 }))),
      conversations: opt(fc.integer({ min: 1, max: 1000000 })),
      compression: opt(fc.constantFrom(...COMPRESSION)),
      compressibility: opt(percentArb),
      tls: opt(
        fc.record({
          cipher: fc.constantFrom(...ciphersFor(release)),
          resetBytes: opt(resetBytesArb),
          clientAuth: opt(fc.boolean()),
        }),
      ),
      amsInterception: atLeast(release, "9.2") ? opt(fc.boolean()) : fc.constant(undefined),
      startsPerSecond: opt(fc.oneof(fc.constant(0), fc.double({ min: 0, max: 100000, noNaN: true }))),
      networkProfile: opt(fc.constantFrom("N0", "N1", "N2", "N3", "N4", "N5")),
      batchSize: opt(fc.integer({ min: 1, max: 9999 })),
    })
    .map((c) => {
      const svrconn = c.type === "server-connection";
      return clean({
        name,
        ...c,
        // SHARECNV and conversations belong to server-connection channels only (semantics.ts).
        sharecnv: svrconn ? c.sharecnv : undefined,
        conversations: svrconn ? c.conversations : undefined,
        tls: c.tls ? clean(c.tls) : undefined,
      });
    });
}

export const configArb: fc.Arbitrary<ConfigInput> = fc
  .record({
    release: fc.constantFrom(...RELEASES),
    generation: fc.constantFrom(...MACHINES),
    queues: fc.constantFrom("private", "shared" as const),
    channelCount: fc.integer({ min: 0, max: 4 }),
  })
  .chain(({ release, generation, queues, channelCount }) =>
    fc.record({
      version: fc.constant(1 as const),
      name: opt(fc.string({ maxLength: 40 })),
      mq: fc.constant({ release }),
      hardware: fc
        .record({
          cpus: opt(fc.integer({ min: 1, max: 200 })),
          targetBusy: opt(percentArb),
          rni: opt(fc.constantFrom(...RNI)),
          factor: opt(fc.double({ min: 0.01, max: 100, noNaN: true })),
          factorRelativeTo: opt(fc.constantFrom(...MACHINES)),
        })
        .map((h) =>
          clean({ generation, ...h, factorRelativeTo: h.factor !== undefined ? h.factorRelativeTo : undefined }),
        ),
      baseline: opt(
        fc.record({
          hardware: opt(fc.constantFrom(...MACHINES)),
          rate: rateArb,
          cost: fc
            .record({
              qmgr: opt(timeArb),
              chin: opt(timeArb),
              app: opt(timeArb),
              tcpip: opt(timeArb),
              cf: opt(timeArb),
            })
            .map(clean),
        }),
      ),
      workload: fc
        .record({
          pattern: fc.constantFrom("request-reply", "one-way" as const),
          persistent: fc.boolean(),
          syncpoint: opt(fc.boolean()),
          messageSize: sizeBytes.map(sizeText),
          transport: opt(fc.constantFrom("channels", "igq", "shared-queue" as const)),
          rate: opt(rateArb),
        })
        .map((w) => clean({ ...w, queues })),
      logging: opt(
        fc
          .record({
            dualLogs: opt(fc.boolean()),
            dualArchives: opt(fc.boolean()),
            archiving: opt(fc.boolean()),
            zHyperWrite: opt(fc.boolean()),
            metroMirror: opt(fc.boolean()),
            archiveCompression: opt(fc.boolean()),
            logOverheadPerMessage: opt(fc.integer({ min: 0, max: 1048576 })),
            archiveCompressibility: opt(percentArb),
          })
          .map((l) =>
            clean({
              ...l,
              zHyperWrite: atLeast(release, "9.2") ? l.zHyperWrite : undefined,
              archiveCompression:
                atLeast(release, "9.1") && !["2064", "z13", "z14"].includes(generation)
                  ? l.archiveCompression
                  : undefined,
            }),
          ),
      ),
      // Data set encryption needs 9.2; SMDS encryption needs shared queues.
      encryption: atLeast(release, "9.2")
        ? opt(
            fc
              .record({
                logs: opt(fc.boolean()),
                pagesets: opt(fc.boolean()),
                smds: opt(fc.boolean()),
                smdsGets: opt(fc.constantFrom("buffers", "local", "remote" as const)),
                pagesetIo: opt(
                  fc
                    .record({
                      getPages: opt(fc.integer({ min: 0, max: 1e9 })),
                      immediateWritePages: opt(fc.integer({ min: 0, max: 1e9 })),
                      writePages: opt(fc.integer({ min: 0, max: 1e9 })),
                      interval: opt(intervalArb),
                    })
                    .map(clean),
                ),
              })
              .map((e) => clean({ ...e, smds: queues === "shared" ? e.smds : undefined })),
          )
        : fc.constant(undefined),
      channels:
        channelCount === 0
          ? opt(fc.constant([]))
          : fc.tuple(...Array.from({ length: channelCount }, (_, i) => channelArb(release, `CH${i}`))),
      ams: opt(
        fc
          .record({
            policy: fc.constantFrom(...AMS_POLICIES.filter((p) => p === "none" || atLeast(release, "8.0"))),
            keyReuse: opt(fc.oneof(fc.integer({ min: 1, max: 1000000 }), fc.constant("unlimited" as const))),
          })
          .map((a) => clean({ ...a, keyReuse: a.policy === "confidentiality" ? a.keyReuse : undefined })),
      ),
      streamingQueues:
        release === "9.3"
          ? opt(
              fc
                .record({
                  copies: fc.integer({ min: 0, max: 100 }),
                  opensPerTransaction: opt(fc.double({ min: 0, max: 100, noNaN: true })),
                  expiredPerSecond: opt(fc.double({ min: 0, max: 100000, noNaN: true })),
                  queuesHeldOpen: opt(fc.boolean()),
                  separateStructure: opt(fc.boolean()),
                  quality: fc.constantFrom("must-duplicate", "best-effort" as const),
                })
                .map(clean),
            )
          : fc.constant(undefined),
      smf: opt(
        fc
          .record({
            statisticsInterval: opt(intervalArb),
            accountingInterval: opt(intervalArb),
            accountingClass3: opt(fc.boolean()),
            statisticsClass5: opt(fc.boolean()),
            queues: opt(fc.integer({ min: 0, max: 1000000 })),
            tasks: opt(fc.integer({ min: 0, max: 1000000 })),
            apiCallsPerTransaction: opt(fc.double({ min: 0, max: 1000, noNaN: true })),
            channelInitiatorClass4: opt(fc.boolean()),
            current: opt(
              fc
                .record({
                  statisticsInterval: opt(intervalArb),
                  accountingInterval: opt(intervalArb),
                  volumePerDay: opt(fc.constantFrom("2GB", "500MB", 0)),
                })
                .map(clean),
            ),
          })
          .map(clean),
      ),
      storage: opt(
        fc
          .record({
            chin: opt(
              fc
                .record({
                  used: fc.integer({ min: 0, max: 2147483648 }),
                  free: fc.integer({ min: 1, max: 2147483648 }),
                  headroom: opt(percentArb),
                })
                .map(clean),
            ),
            localConnections: opt(fc.integer({ min: 0, max: 1000000 })),
            csa: opt(fc.record({ available: fc.integer({ min: 1, max: 2147483648 }) })),
            belowTheBar: opt(fc.record({ available: fc.integer({ min: 1, max: 2147483648 }) })),
          })
          .map(clean),
      ),
      sharedQueue: opt(
        fc
          .record({
            cfProcessors: opt(fc.integer({ min: 1, max: 64 })),
            messagesOnQueue: opt(fc.integer({ min: 0, max: 1e9 })),
            structureSize: opt(fc.constantFrom("64MB", "512MB", "1GB", 1048576, 68719476736)),
            backupIntervalMB: opt(fc.double({ min: 0, max: 1e7, noNaN: true })),
            recoveryTargetMinutes: opt(fc.double({ min: 0.01, max: 10080, noNaN: true })),
            queueManagers: opt(fc.integer({ min: 1, max: 32 })),
            adminStructureEntries: opt(fc.integer({ min: 0, max: 1e9 })),
            expiryInterval: opt(fc.integer({ min: 0, max: 99999999 })),
            queues: opt(fc.integer({ min: 0, max: 1e6 })),
          })
          .map(clean),
      ),
    }),
  )
  .map((c) => clean(c) as ConfigInput);

/** A config object through the same path as a file: text, YAML/JSON parse, schema, semantic checks. */
export function load(input: ConfigInput): Config {
  return parseConfigText(JSON.stringify(input), "property.json").config;
}
