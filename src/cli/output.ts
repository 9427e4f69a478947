// Writing reports: to standard output (no --out, or --out -), or to --out FILE atomically: a temporary
// file beside the target, written, flushed to disk, then renamed over it.
//
// Hand-written rather than write-file-atomic: that package names its temporary file from a hash of
// its own path, the process id and a counter (predictable), and opens it with "w", which follows a
// symbolic link planted at that name, so in a shared folder another user could have a report written
// over a file of their choosing. Here the temporary name has a random part and is created exclusively
// ("wx": O_CREAT | O_EXCL, which fails on an existing name, a symbolic link included).
//
// What --out may name (checked before anything is computed or written, and again at the write):
// a regular file or a new name in an existing folder. Never a device, FIFO, socket or folder (a rename
// would replace /dev/null with a regular file, as root); never a read-only file; never one of the
// command's inputs (configs, the --models folder's files), however spelt (symbolic links, "..", hard
// links); never the --chart file. A symbolic link is written through: the file it names is replaced,
// the link kept.
import {
  accessSync,
  closeSync,
  constants,
  fchmodSync,
  fchownSync,
  fstatSync,
  linkSync,
  fsyncSync,
  lstatSync,
  openSync,
  realpathSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
  type Stats,
} from "node:fs";
import { createRequire } from "node:module";
import { basename, dirname, join, resolve, sep } from "node:path";
import { InputError } from "../util/diagnostic.js";
import { outputError, writeStdout } from "./stdout.js";

/**
 * What a command reads: config files, the --models folder, and SMF data (calibrate's inputs,
 * estimate --baseline-from): files or folders, any file under a folder counting as read.
 */
export interface Inputs {
  files: string[];
  modelsDir?: string;
  /** Paths read that may be folders (SMF data): a folder covers every file under it. */
  paths?: string[];
}

function refuse(file: string, message: string, suggestion?: string): never {
  throw new InputError([{ file, message, severity: "error", ...(suggestion ? { suggestion } : {}) }]);
}

function statOrUndefined(p: string, follow: boolean): Stats | undefined {
  try {
    return follow ? statSync(p) : lstatSync(p);
  } catch {
    return undefined;
  }
}

function realOr(p: string): string {
  try {
    return realpathSync(p);
  } catch {
    return resolve(p);
  }
}

/** Whether --out means standard output. */
export const isStdout = (out: string | undefined): boolean => out === undefined || out === "-";

/**
 * Checks an output file name and gives the path to write (the real file, a symbolic link resolved).
 * `what` names the option in messages (--out, --chart).
 */
export function checkTarget(out: string, what: string, inputs: Inputs): string {
  // "" resolves to the working folder, "out.txt/" to out.txt: neither is what was typed.
  if (out === "") refuse(what, `${what} is empty`, `name a file, or write ${what} - for standard output`);
  if (out.endsWith("/") || out.endsWith(sep))
    refuse(out, `${what} ends in a folder separator; it names a file`, "leave the trailing / out");
  const link = statOrUndefined(out, false);
  let target = resolve(out);
  if (link?.isSymbolicLink()) {
    try {
      target = realpathSync(out);
    } catch {
      refuse(out, `${what} is a symbolic link to nothing`, "name the file itself, or remove the link");
    }
  }
  // The kind of file the name leads to, through any links (/dev/stdout is a link to a pipe or a
  // terminal, whose real path may be no name at all).
  const st = statOrUndefined(out, true);
  if (st && !st.isFile()) {
    const kind = st.isDirectory()
      ? "a folder"
      : st.isCharacterDevice() || st.isBlockDevice()
        ? "a device"
        : st.isFIFO()
          ? "a named pipe"
          : st.isSocket()
            ? "a socket"
            : "not a regular file";
    refuse(
      out,
      `${what} names ${kind}; it writes regular files only`,
      st.isDirectory() ? "name a file inside it" : `leave ${what} out, or write ${what} -, for standard output`,
    );
  }
  const folder = dirname(target);
  const dst = statOrUndefined(folder, true);
  if (!dst?.isDirectory()) refuse(out, `the folder for ${what} does not exist`);
  if (st) {
    // Read-only: no write permission bit at all (root may write anyway), or none for this user.
    let writable = (st.mode & 0o222) !== 0;
    try {
      accessSync(target, constants.W_OK);
    } catch {
      writable = false;
    }
    if (!writable) refuse(out, `${what} names a read-only file; refusing to replace it`, "write to another file");
  }
  const stream = standardStream(st);
  if (stream !== undefined)
    refuse(
      out,
      `${what} names this command's ${stream}; a report is not renamed over it`,
      stream === "standard output"
        ? `write ${what} - (or leave it out) to write to standard output`
        : "write to another file",
    );
  if (isInput(target, st, inputs)) {
    refuse(
      out,
      `${what} names one of this command's input files; refusing to overwrite it`,
      "write the report to another file",
    );
  }
  return target;
}

function isInput(target: string, st: Stats | undefined, inputs: Inputs): boolean {
  const folders = inputs.modelsDir !== undefined ? [inputs.modelsDir] : [];
  const files = [...inputs.files];
  for (const p of inputs.paths ?? []) (statOrUndefined(p, true)?.isDirectory() ? folders : files).push(p);
  for (const f of files) {
    if (realOr(f) === target) return true;
    const s = statOrUndefined(f, true);
    if (st && s && s.dev === st.dev && s.ino === st.ino) return true;
  }
  for (const folder of folders) {
    const real = realOr(folder);
    if (target === real || target.startsWith(real.endsWith(sep) ? real : real + sep)) return true;
  }
  return false;
}

/**
 * Which of the process's standard descriptors (0, 1, 2) the file is open as, if any: /dev/stdout,
 * /dev/fd/1 and /proc/self/fd/1 lead to the file the shell opened (>> applog.txt), and a rename over it
 * would replace the file the shell appends to.
 */
function standardStream(st: Stats | undefined): string | undefined {
  if (!st) return undefined;
  const names = ["standard input", "standard output", "standard error"];
  for (let fd = 0; fd < 3; fd++) {
    try {
      const s = fstatSync(fd);
      if (s.dev === st.dev && s.ino === st.ino) return names[fd];
    } catch {
      /* closed */
    }
  }
  return undefined;
}

/** Checks --out and --chart together, before anything is computed: both valid, and not the same file. */
export function checkOutputs(
  out: string | undefined,
  chart: string | undefined,
  inputs: Inputs,
  { html = false }: { html?: boolean } = {},
): void {
  const report = isStdout(out) ? undefined : checkTarget(out!, "--out", inputs);
  if (chart === undefined) return;
  const lower = chart.toLowerCase();
  if (!lower.endsWith(".svg") && !lower.endsWith(".png") && !(html && lower.endsWith(".html")))
    refuse(chart, `a chart file must end in .png${html ? ", .svg or .html" : " or .svg"}`);
  const drawn = checkTarget(chart, "--chart", inputs);
  if (report !== undefined && drawn === report)
    refuse(chart, "--chart names the same file as --out; the chart would replace the report", "name another file");
}

/** Writes a report to standard output or, atomically, to the --out file. */
export function writeOutput(out: string | undefined, content: string | Uint8Array, inputs: Inputs): void {
  if (isStdout(out)) {
    writeStdout(content);
    return;
  }
  writeFileAtomic(out!, checkTarget(out!, "--out", inputs), content);
}

/**
 * The temporary file's name beside the target: the target's name with a random part, cut so that it
 * stays within the 255 bytes a name may have (a legal 250-character name failed: the suffix adds 18).
 */
function tempName(target: string, suffix: string): string {
  const extra = `.${suffix}.tmp`;
  let base = basename(target);
  while (Buffer.byteLength(`.${base}${extra}`) > 255) base = base.slice(0, -1);
  return `.${base}${extra}`;
}

/**
 * Creates a new file with its whole content, or leaves nothing: written to a temporary file beside it
 * (created exclusively, a random name) and flushed, then hard-linked to the name, which fails if the
 * name exists (so a file is never replaced, and a file planted meanwhile wins), then the temporary name
 * removed. A full disk leaves no empty file behind for the retry to call "already exists".
 * Returns false when the name exists.
 */
export function createNewFile(shown: string, target: string, content: string | Uint8Array): boolean {
  holdSignals();
  const tmp = join(dirname(target), tempName(target, randomSuffix()));
  let fd: number | undefined;
  try {
    fd = openSync(tmp, "wx", 0o644);
    const buf = typeof content === "string" ? Buffer.from(content, "utf8") : content;
    for (let done = 0; done < buf.length;) done += writeSync(fd, buf, done, buf.length - done);
    fsyncSync(fd);
    closeSync(fd);
    fd = undefined;
    try {
      linkSync(tmp, target);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "EEXIST") return false;
      throw err;
    }
    return true;
  } catch (err) {
    throw outputError(shown, err);
  } finally {
    if (fd !== undefined) closeSync(fd);
    try {
      unlinkSync(tmp);
    } catch {
      /* not created */
    }
  }
}

let signalsHeld = false;

/**
 * From the first file written on, SIGINT, SIGTERM and SIGHUP end the run by a listener rather than by
 * their default action. A listener runs only between synchronous steps, so a signal during a write
 * waits for the rename (or the temporary file's removal): Ctrl-C no longer leaves a .tmp file behind.
 */
function holdSignals(): void {
  if (signalsHeld) return;
  signalsHeld = true;
  const codes = { SIGHUP: 129, SIGINT: 130, SIGTERM: 143 } as const;
  for (const sig of Object.keys(codes) as (keyof typeof codes)[]) process.on(sig, () => process.exit(codes[sig]));
}

/**
 * 48 random bits in hex for a temporary file's name. node:crypto is loaded here, only when --out is
 * given: a run that writes to standard output does not pay for it at start-up.
 */
function randomSuffix(): string {
  const { randomBytes } = createRequire(import.meta.url)("node:crypto") as typeof import("node:crypto");
  return randomBytes(6).toString("hex");
}

/**
 * Writes a file by a temporary file beside it (created exclusively, a random name), fsync and rename.
 * `suffix` is for tests, which plant a link at the name.
 */
export function writeFileAtomic(
  shown: string,
  target: string,
  content: string | Uint8Array,
  suffix: string = randomSuffix(),
): void {
  holdSignals();
  const existing = statOrUndefined(target, true);
  const tmp = join(dirname(target), tempName(target, suffix));
  let fd: number | undefined;
  let created = false;
  try {
    // 0644 before the umask for a new file; an existing file's own mode (and owner, as root) after.
    fd = openSync(tmp, "wx", 0o644);
    created = true;
    if (existing) {
      fchmodSync(fd, existing.mode & 0o7777);
      if (process.getuid?.() === 0) fchownSync(fd, existing.uid, existing.gid);
    }
    const buf = typeof content === "string" ? Buffer.from(content, "utf8") : content;
    for (let done = 0; done < buf.length;) done += writeSync(fd, buf, done, buf.length - done);
    fsyncSync(fd);
    closeSync(fd);
    fd = undefined;
    renameSync(tmp, target);
  } catch (err) {
    if (fd !== undefined) closeSync(fd);
    // Only a file this run created: a name that was taken (EEXIST) is someone else's.
    if (created) {
      try {
        unlinkSync(tmp);
      } catch {
        /* renamed already, or gone */
      }
    }
    throw outputError(shown, err);
  }
  // The rename is durable once the folder is flushed; a file system that cannot flush one is no error.
  try {
    const dirFd = openSync(dirname(target), "r");
    try {
      fsyncSync(dirFd);
    } finally {
      closeSync(dirFd);
    }
  } catch {
    /* best effort */
  }
}
