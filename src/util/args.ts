// Argument checks for the library's entry points: a wrong argument (none, null, a number, a Buffer, a
// Symbol) is an InputError that names the function and the argument, not a TypeError from deep inside.
// Messages speak of arguments, never of command-line flags.
import { InputError } from "./diagnostic.js";

/** What a value is, in words, without converting it (a Symbol cannot be put in a template). */
export function describeValue(v: unknown): string {
  if (v === null) return "null";
  if (v === undefined) return "nothing";
  if (typeof v === "symbol") return "a Symbol";
  if (typeof v === "function") return "a function";
  if (Array.isArray(v)) return "an array";
  if (typeof Buffer !== "undefined" && Buffer.isBuffer(v)) return "a Buffer";
  if (v instanceof Uint8Array) return "a Uint8Array";
  if (typeof v === "string") return v === "" ? "an empty string" : "a string";
  if (typeof v === "object") return "an object";
  return `a ${typeof v} (${String(v)})`;
}

export function argError(fn: string, arg: string, expected: string, got: unknown): InputError {
  return new InputError([
    { file: `${fn}()`, message: `${arg} must be ${expected}; got ${describeValue(got)}`, severity: "error" },
  ]);
}

/** A plain object: {} or Object.create(null), not an array, a Buffer, a Date or a class instance. */
export function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (v === null || typeof v !== "object" || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
}

/** Whether a value looks like an estimate from estimate() (its format tag, items and totals). */
export function isEstimate(v: unknown): boolean {
  return (
    v !== null &&
    typeof v === "object" &&
    (v as { format?: unknown }).format === "mqzcap/estimate@1" &&
    Array.isArray((v as { items?: unknown }).items) &&
    typeof (v as { totals?: unknown }).totals === "object"
  );
}
