// MQ for z/OS product facts: attribute defaults and ranges from the product's documentation, not
// measurements. Measured figures live in models/ with their citations.

/** SHARECNV's default on a server-connection channel. */
export const DEFAULT_SHARECNV = 10;
/** STATIME and ACCTIME default: 30 minutes (CSQ6SYSP), in seconds. */
export const DEFAULT_SMF_INTERVAL_SECONDS = 1800;
/** A page set and log page is 4KB. */
export const PAGE_BYTES = 4096;
/** SSLRKEYC: 0 (never), or from 32KB to 999,999,999 bytes. */
export const SSLRKEYC_MIN = 32768;
export const SSLRKEYC_MAX = 999999999;
/** MAXMSGL's ceiling: MQ's largest message, 100 MB. */
export const MAX_MESSAGE_BYTES = 104857600;
/**
 * MAXCHL, the channels that can be current, of every type, server-connection instances included: on
 * z/OS 1 through 9,999, default 200 (IBM MQ documentation, "MaxChannels (MQLONG)"). ACTCHL, the
 * channels that can be active, is set the same way (ALTER QMGR ACTCHL) and cannot exceed MAXCHL.
 */
export const DEFAULT_MAXCHL = 200;
export const MAXCHL_MAX = 9999;
