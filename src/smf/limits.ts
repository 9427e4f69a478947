// How much calibrate reads at most, in a module of its own so that --help can say it without loading
// the SMF reader.

/** The longest line read (a CSV row, an NDJSON record): mq-smf-csv's longest rows are a few KB. Past
 * it the file is refused: a line without end (a damaged file, a device) would otherwise be held whole. */
export const MAX_LINE_BYTES = 1024 * 1024;
/** The most bytes read from one file, after gunzip: an endless or bomb input stops here. */
export const MAX_FILE_BYTES = 4 * 1024 * 1024 * 1024;

/** The limits in words, for calibrate --help. */
export const LIMITS_TEXT = `Limits: a line (CSV row or NDJSON record) of at most ${MAX_LINE_BYTES / 1024 / 1024} MB, at most ${MAX_FILE_BYTES / 1024 ** 3} GB read from a file (after gunzip); devices, pipes and standard input are refused: name files or folders.`;
