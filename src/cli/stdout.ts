// Standard output for the CLI. A report is written with fs.writeSync on descriptor 1 rather than
// process.stdout: creating process.stdout builds a stream (a net.Socket for a pipe) and costs about
// 2 ms of every start, more than writing a report takes. Where the descriptor is non-blocking and
// full (EAGAIN), the rest goes through process.stdout, which waits for it. A reader that stops early
// (mqzcap ... | head) closes the pipe (EPIPE): stop quietly with exit 0, without a stack trace. Any
// other failure to write (a full disk, > /dev/full, a closed descriptor) is the environment's, not a
// bug: exit 2 with the system's message (an OutputError), never "internal error".
import { fstatSync, statSync, writeSync } from "node:fs";
import { createRequire } from "node:module";
import { InputError } from "../util/diagnostic.js";

const STDOUT = 1;
const STDERR = 2;

/** A report could not be written where it was going: exit 2, the system's message. */
export function outputError(where: string, err: unknown): InputError {
  const e = err as NodeJS.ErrnoException;
  const why = e.code && !e.message.startsWith(e.code) ? `${e.code}: ${e.message}` : (e.message ?? String(err));
  return new InputError([{ file: where, message: `cannot write: ${why}`, severity: "error" }]);
}

function onStreamError(err: NodeJS.ErrnoException): void {
  if (err.code === "EPIPE") process.exit(0);
  writeStderr(outputError("standard output", err).message + "\n");
  process.exit(2);
}

export function writeStdout(content: string | Uint8Array): void {
  const buf = typeof content === "string" ? Buffer.from(content, "utf8") : content;
  let done = 0;
  while (done < buf.length) {
    try {
      done += writeSync(STDOUT, buf, done, buf.length - done);
    } catch (err) {
      const e = err as NodeJS.ErrnoException;
      if (e.code === "EPIPE") process.exit(0);
      if (e.code !== "EAGAIN") throw outputError("standard output", e);
      process.stdout.on("error", onStreamError);
      process.stdout.write(buf.subarray(done));
      return;
    }
  }
}

/**
 * Writes to standard error. A failure there (2> /dev/full) cannot be reported anywhere: it is
 * remembered (stderrFailed) and the run goes on, to end with exit 2 rather than a crash.
 */
export function writeStderr(text: string): void {
  const buf = Buffer.from(text, "utf8");
  let done = 0;
  try {
    while (done < buf.length) done += writeSync(STDERR, buf, done, buf.length - done);
  } catch (err) {
    // A non-blocking descriptor that is full: the stream waits for it.
    if ((err as NodeJS.ErrnoException).code === "EAGAIN") {
      process.stderr.on("error", () => (stderrState.failed = true));
      process.stderr.write(buf.subarray(done));
    } else stderrState.failed = true;
  }
}

/** Whether a write to standard error has failed in this run. */
export const stderrState = { failed: false };

/**
 * Whether standard output is a terminal, without creating process.stdout. node:tty (which loads net)
 * costs about 2 ms, so it is loaded only when the descriptor is a character device at all: a pipe or
 * a file (or /dev/null) is answered by fstat alone.
 */
export function stdoutIsTTY(): boolean {
  try {
    const st = fstatSync(STDOUT);
    if (!st.isCharacterDevice()) return false;
    // /dev/null is a character device too (a run with its output discarded).
    if (process.platform !== "win32" && st.rdev === statSync("/dev/null").rdev) return false;
  } catch {
    return false;
  }
  const tty = createRequire(import.meta.url)("node:tty") as typeof import("node:tty");
  return tty.isatty(STDOUT);
}

/**
 * A terminal's columns, asked only when standard output is one (stdoutIsTTY()): the stream's own, else
 * $COLUMNS; undefined when neither says.
 */
export function terminalColumns(): number | undefined {
  const columns = process.stdout.columns;
  if (typeof columns === "number" && columns > 0) return columns;
  const env = Number(process.env.COLUMNS);
  return Number.isInteger(env) && env > 0 ? env : undefined;
}
