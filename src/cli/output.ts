// Writing reports: to standard output, or to --out FILE atomically (a temporary file beside it, then a
// rename), never over one of the command's own inputs.
import { renameSync, writeFileSync, unlinkSync, realpathSync, existsSync } from "node:fs";
import { dirname, basename, join, resolve } from "node:path";
import { InputError } from "../util/diagnostic.js";
import { writeStdout } from "./stdout.js";

export function writeOutput(out: string | undefined, content: string | Uint8Array, inputs: string[]): void {
  if (!out) {
    writeStdout(content);
    return;
  }
  const target = resolve(out);
  const real = (p: string) => (existsSync(p) ? realpathSync(p) : resolve(p));
  if (inputs.some((i) => real(i) === real(target))) {
    throw new InputError([
      {
        file: out,
        message: "--out names one of this command's input files; refusing to overwrite it",
        severity: "error",
        suggestion: "write the report to another file",
      },
    ]);
  }
  if (!existsSync(dirname(target))) {
    throw new InputError([{ file: out, message: "the folder for --out does not exist", severity: "error" }]);
  }
  const tmp = join(dirname(target), `.${basename(target)}.${process.pid}.tmp`);
  try {
    writeFileSync(tmp, content);
    renameSync(tmp, target);
  } catch (err) {
    try {
      unlinkSync(tmp);
    } catch {
      /* nothing was written */
    }
    throw new InputError([{ file: out, message: `cannot write: ${(err as Error).message}`, severity: "error" }]);
  }
}
