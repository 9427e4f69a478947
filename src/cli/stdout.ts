// Standard output for the CLI. A report is written with fs.writeSync on descriptor 1 rather than
// process.stdout: creating process.stdout builds a stream (a net.Socket for a pipe) and costs about
// 2 ms of every start, more than writing a report takes. Where the descriptor is non-blocking and
// full (EAGAIN), the rest goes through process.stdout, which waits for it. A reader that stops early
// (mqzcap ... | head) closes the pipe (EPIPE): stop quietly with exit 0, without a stack trace.
import { fstatSync, statSync, writeSync } from "node:fs";
import { createRequire } from "node:module";

const STDOUT = 1;

function quietOnEpipe(err: NodeJS.ErrnoException): never {
  if (err.code === "EPIPE") process.exit(0);
  throw err;
}

export function writeStdout(content: string | Uint8Array): void {
  const buf = typeof content === "string" ? Buffer.from(content, "utf8") : content;
  let done = 0;
  while (done < buf.length) {
    try {
      done += writeSync(STDOUT, buf, done, buf.length - done);
    } catch (err) {
      const e = err as NodeJS.ErrnoException;
      if (e.code !== "EAGAIN") quietOnEpipe(e);
      process.stdout.on("error", quietOnEpipe);
      process.stdout.write(buf.subarray(done));
      return;
    }
  }
}

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
