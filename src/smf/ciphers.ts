// QCST SSL_CipherSuite: the channel's TLS cipher suite as the formatter prints it, a hexadecimal code
// (0 when the channel has no TLS). The codes are the IANA TLS cipher suite numbers, which z/OS System
// SSL also uses as its 4-character cipher specifications; the names are MQ's CipherSpecs
// (src/config/ciphers.ts). Only codes that name one CipherSpec unambiguously are listed; any other is
// reported as its code and left out of the fragment.
const CODES: Record<string, string> = {
  "1301": "TLS_AES_128_GCM_SHA256",
  "1302": "TLS_AES_256_GCM_SHA384",
  "1303": "TLS_CHACHA20_POLY1305_SHA256",
  "1304": "TLS_AES_128_CCM_SHA256",
  "1305": "TLS_AES_128_CCM_8_SHA256",
  C023: "ECDHE_ECDSA_AES_128_CBC_SHA256",
  C024: "ECDHE_ECDSA_AES_256_CBC_SHA384",
  C02B: "ECDHE_ECDSA_AES_128_GCM_SHA256",
  C02C: "ECDHE_ECDSA_AES_256_GCM_SHA384",
  C027: "ECDHE_RSA_AES_128_CBC_SHA256",
  C028: "ECDHE_RSA_AES_256_CBC_SHA384",
  C02F: "ECDHE_RSA_AES_128_GCM_SHA256",
  C030: "ECDHE_RSA_AES_256_GCM_SHA384",
  "003B": "TLS_RSA_WITH_NULL_SHA256",
  "003C": "TLS_RSA_WITH_AES_128_CBC_SHA256",
  "003D": "TLS_RSA_WITH_AES_256_CBC_SHA256",
  "009C": "TLS_RSA_WITH_AES_128_GCM_SHA256",
  "009D": "TLS_RSA_WITH_AES_256_GCM_SHA384",
  "002F": "TLS_RSA_WITH_AES_128_CBC_SHA",
  "0035": "TLS_RSA_WITH_AES_256_CBC_SHA",
};

/** The MQ CipherSpec for a QCST code ("9D", "0x009D", "C030"), or undefined when unknown. */
export function cipherName(code: string): string | undefined {
  const hex = code.trim().replace(/^0x/i, "").toUpperCase().padStart(4, "0");
  return CODES[hex];
}
