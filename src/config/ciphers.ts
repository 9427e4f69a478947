// MQ CipherSpec names (vocabulary, not measurements): the protocol each speaks and the first MQ for z/OS
// release that accepts it. Costs for each come from the model files.
export interface CipherInfo {
  protocol: "SSL3" | "TLS1.0" | "TLS1.2" | "TLS1.3" | "alias";
  /** First MQ for z/OS release, as the reports use them, that accepts the name. */
  since: string;
}

const tls13 = { protocol: "TLS1.3", since: "9.2" } as const;
const tls12 = { protocol: "TLS1.2", since: "8.0" } as const;
const v53 = { protocol: "SSL3", since: "5.3" } as const;

export const CIPHERS = {
  TLS_AES_128_GCM_SHA256: tls13,
  TLS_AES_256_GCM_SHA384: tls13,
  TLS_CHACHA20_POLY1305_SHA256: tls13,
  TLS_AES_128_CCM_SHA256: tls13,
  TLS_AES_128_CCM_8_SHA256: tls13,
  ANY_TLS13: { protocol: "alias", since: "9.2" },
  ANY_TLS13_OR_HIGHER: { protocol: "alias", since: "9.2" },
  ANY_TLS12: { protocol: "alias", since: "9.2" },
  ANY_TLS12_OR_HIGHER: { protocol: "alias", since: "9.2" },
  ANY: { protocol: "alias", since: "9.2" },
  ECDHE_ECDSA_AES_128_CBC_SHA256: tls12,
  ECDHE_ECDSA_AES_256_CBC_SHA384: tls12,
  ECDHE_ECDSA_AES_128_GCM_SHA256: tls12,
  ECDHE_ECDSA_AES_256_GCM_SHA384: tls12,
  ECDHE_RSA_AES_128_CBC_SHA256: tls12,
  ECDHE_RSA_AES_256_CBC_SHA384: tls12,
  ECDHE_RSA_AES_128_GCM_SHA256: tls12,
  ECDHE_RSA_AES_256_GCM_SHA384: tls12,
  ECDHE_ECDSA_NULL_SHA256: tls12,
  ECDHE_RSA_NULL_SHA256: tls12,
  TLS_RSA_WITH_AES_128_CBC_SHA256: tls12,
  TLS_RSA_WITH_AES_256_CBC_SHA256: tls12,
  TLS_RSA_WITH_AES_128_GCM_SHA256: tls12,
  TLS_RSA_WITH_AES_256_GCM_SHA384: tls12,
  TLS_RSA_WITH_NULL_SHA256: tls12,
  TLS_RSA_WITH_AES_128_CBC_SHA: { protocol: "TLS1.0", since: "5.3" },
  TLS_RSA_WITH_AES_256_CBC_SHA: { protocol: "TLS1.0", since: "5.3" },
  TLS_RSA_WITH_DES_CBC_SHA: { protocol: "TLS1.0", since: "5.3" },
  TLS_RSA_WITH_3DES_EDE_CBC_SHA: { protocol: "TLS1.0", since: "5.3" },
  NULL_MD5: v53,
  NULL_SHA: v53,
  RC4_MD5_US: v53,
  RC4_MD5_EXPORT: v53,
  RC4_SHA_US: v53,
  RC2_MD5_EXPORT: v53,
  DES_SHA_EXPORT: v53,
  TRIPLE_DES_SHA_US: v53,
} as const satisfies Record<string, CipherInfo>;

/** An MQ CipherSpec name (channel attribute SSLCIPH). */
export type CipherName = keyof typeof CIPHERS;

// Typed as the union of the names, so a config written in TypeScript gets them as completions.
export const CIPHER_NAMES = Object.keys(CIPHERS) as [CipherName, ...CipherName[]];

/**
 * IANA names of the TLS 1.2 cipher suites MQ names otherwise (its ECDHE CipherSpecs with AES), each
 * with MQ's name: a config may use either. The TLS 1.3 names and the TLS_RSA_WITH_ names are the same
 * in both; the NULL ciphers and the SSL 3.0 names have no one IANA equivalent, so are not mapped.
 */
export const IANA_TO_MQ: Readonly<Record<string, CipherName>> = Object.fromEntries(
  CIPHER_NAMES.filter((n) => /^ECDHE_(?:RSA|ECDSA)_AES_/.test(n)).map((n) => [ianaName(n), n]),
);
type EcdheAes = Extract<CipherName, `ECDHE_${"RSA" | "ECDSA"}_AES_${string}`>;
type IanaOf<N> = N extends `ECDHE_${infer K}_AES_${infer R}` ? `TLS_ECDHE_${K}_WITH_AES_${R}` : never;
/** An IANA cipher suite name mqzcap takes for an MQ CipherSpec. */
export type IanaCipherName = IanaOf<EcdheAes>;
export const IANA_CIPHER_NAMES = Object.keys(IANA_TO_MQ) as [IanaCipherName, ...IanaCipherName[]];

/** The MQ CipherSpec an IANA name stands for (undefined for any other name). */
export function mqCipherName(name: string): CipherName | undefined {
  return Object.hasOwn(IANA_TO_MQ, name) ? IANA_TO_MQ[name] : undefined;
}

/**
 * The key exchange (and authentication) a cipher name implies, for suggestions that never cross from
 * one to another: ECDHE_RSA, ECDHE_ECDSA, RSA, DHE, ECDH, PSK, TLS 1.3 (no key exchange in the name)
 * or the ANY_ aliases; undefined where a name says none of these.
 */
export function keyExchangeOf(name: string): string | undefined {
  // Kept by name: the TLS rule asks for it in every estimate, several times per cipher compared.
  let k = keyExchanges.get(name);
  if (k === undefined) {
    if (keyExchanges.size >= 1000) keyExchanges.clear(); // names are the config's: bounded all the same
    keyExchanges.set(name, (k = keyExchangeUncached(name) ?? null));
  }
  return k ?? undefined;
}

const keyExchanges = new Map<string, string | null>();

function keyExchangeUncached(name: string): string | undefined {
  const n = name.toUpperCase();
  if (n.startsWith("ANY")) return "alias";
  if (/ECDHE_RSA/.test(n)) return "ECDHE_RSA";
  if (/ECDHE_ECDSA/.test(n)) return "ECDHE_ECDSA";
  if (/PSK/.test(n)) return "PSK";
  if (/(?:^|_)ECDH_/.test(n)) return "ECDH";
  if (/(?:^|_)DHE_/.test(n)) return "DHE";
  if (/^(?:TLS_|SSL_)?RSA_|^(?:NULL|RC4|RC2|DES|TRIPLE_DES)_/.test(n)) return "RSA";
  if (/^TLS_(?:AES|CHACHA20)_/.test(n)) return "TLS1.3";
  return undefined;
}

/**
 * The IANA (RFC) name of an MQ CipherSpec: the MQ 9.2 report prints channel start costs under IANA
 * names (TLS_ECDHE_RSA_WITH_AES_256_CBC_SHA384) where MQ says ECDHE_RSA_AES_256_CBC_SHA384.
 */
export function ianaName(mqName: string): string {
  const m = /^ECDHE_(RSA|ECDSA)_(.+)$/.exec(mqName);
  return m ? `TLS_ECDHE_${m[1]}_WITH_${m[2]}` : mqName;
}

export function tlsVersionOf(mqName: string): "1.2" | "1.3" | undefined {
  const p = (CIPHERS as Record<string, CipherInfo>)[mqName]?.protocol;
  return p === "TLS1.3" ? "1.3" : p === "TLS1.2" ? "1.2" : undefined;
}
