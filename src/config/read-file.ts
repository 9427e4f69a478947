// The file-reading edge of config loading: reads a config (or model) file within limits and hands the
// text to parseConfigText (src/config/load.ts), which is platform-neutral and runs in the page too.
import { closeSync, openSync, readSync, statSync } from "node:fs";
import { MAX_CONFIG_BYTES, parseConfigText, type LoadedConfig } from "./load.js";
import { InputError } from "../util/diagnostic.js";

function fail(file: string, message: string, suggestion?: string): never {
  throw new InputError([{ file, message, severity: "error", ...(suggestion ? { suggestion } : {}) }]);
}

export function readConfigText(file: string): string {
  return readLimitedText(file, MAX_CONFIG_BYTES, "config", false);
}

/**
 * Reads a text file of at most `limit` bytes, UTF-8, no NUL bytes. With `regularOnly`, a device, pipe
 * or socket is refused before it is opened (/dev/zero never ends, a FIFO may never open); a config may
 * be one (mqzcap estimate <(make-config)), read only to the limit. `kind` names the file in messages
 * ("config", "model").
 */
export function readLimitedText(file: string, limit: number, kind: string, regularOnly: boolean): string {
  let st;
  try {
    st = statSync(file);
  } catch {
    fail(
      file,
      "no such file",
      kind === "config" ? "check the path; configs are YAML (.yaml) or JSON (.json) files" : "a link to nothing?",
    );
  }
  if (st.isDirectory()) fail(file, `is a folder, not a ${kind} file`, "name a .yaml or .json file inside it");
  if (regularOnly && !st.isFile())
    fail(file, `is not a regular file (a device, pipe or socket); a ${kind} file must be one`);
  if (st.size > limit) {
    fail(
      file,
      `is ${Math.round(st.size / 1024)} KB; ${kind}s are limited to ${limit / 1024} KB`,
      "is this the right file?",
    );
  }
  // Read at most one byte past the limit: a device or pipe (/dev/zero, a FIFO) has no size to check
  // beforehand and may never end.
  let buf: Buffer;
  try {
    buf = readBounded(file, limit + 1);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    fail(file, `cannot be read${code ? ` (${code})` : ""}`, "check the file's permissions");
  }
  if (buf.length > limit) {
    fail(file, `is larger than ${limit / 1024} KB, the limit for a ${kind}`, "is this the right file?");
  }
  if (buf.includes(0)) fail(file, "is a binary file, not YAML or JSON text");
  const text = buf.toString("utf8");
  if (text.includes("\uFFFD")) fail(file, "is not UTF-8 text");
  return text;
}

function readBounded(file: string, limit: number): Buffer {
  const fd = openSync(file, "r");
  try {
    const chunks: Buffer[] = [];
    let total = 0;
    while (total < limit) {
      const chunk = Buffer.alloc(Math.min(65536, limit - total));
      const n = readSync(fd, chunk, 0, chunk.length, null);
      if (n === 0) break;
      chunks.push(chunk.subarray(0, n));
      total += n;
    }
    return Buffer.concat(chunks);
  } finally {
    closeSync(fd);
  }
}

export function loadConfigFile(file: string): LoadedConfig {
  return parseConfigText(readConfigText(file), file);
}
