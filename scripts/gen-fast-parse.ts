// Generates src/config/fast-parse.generated.ts: the config schema's checks, defaults and transforms
// as plain functions, so that a valid config is read without building zod's ~300 schema objects or
// running its parse (together some 10 ms of every CLI start, #30). Each function gives what zod's
// parse gives, or FAIL wherever zod might say anything else; load.ts then asks zod, for its issues.
// Read from the schema's definitions (schema._zod.def), as gen-canonical.ts reads them; anything this
// generator does not know (a kind of schema, a check, a transform schema.ts does not describe) stops
// the build rather than being guessed at.
import { configSchemas, TRANSFORM_OPS } from "../src/config/schema.js";
import { defOf, unwrapped, type AnySchema } from "../src/util/zod-defs.js";

interface Def {
  type: string;
  innerType?: AnySchema;
  shape?: Record<string, AnySchema>;
  element?: AnySchema;
  options?: AnySchema[];
  in?: AnySchema;
  out?: AnySchema;
  entries?: Record<string, string | number>;
  values?: unknown[];
  catchall?: AnySchema;
  checks?: { _zod: { def: CheckDef } }[];
  defaultValue?: unknown;
  getter?: () => AnySchema;
  transform?: object;
}
interface CheckDef {
  check: string;
  format?: string;
  value?: number;
  inclusive?: boolean;
  minimum?: number;
  maximum?: number;
}

const def = (s: AnySchema): Def => defOf(s) as unknown as Def;

/** The schema inside a lazy one (built now). */
function unlazy(s: AnySchema): AnySchema {
  let x = s;
  for (let d = def(x); d.type === "lazy"; d = def(x)) x = d.getter!();
  return x;
}

export function fastParseSource(): string {
  const fns: string[] = [];
  const consts: string[] = [];
  const constOf = new Map<string, string>();
  /** A module-level constant for a value (a Set of enum values, a range), shared where equal. */
  const constant = (text: string): string => {
    let id = constOf.get(text);
    if (!id) {
      id = `K${constOf.size}`;
      constOf.set(text, id);
      consts.push(`const ${id} = ${text};`);
    }
    return id;
  };
  const name = (path: string[]) => path.map((p) => p.replace(/^\$/, "").replace(/^./, (c) => c.toUpperCase())).join("");
  const where = (path: string[]) => path.join(".") || "(config)";

  /** Checks of a number or a string as a boolean expression on `x`. */
  const checksOf = (d: Def, path: string[], kind: "number" | "string" | "array"): string[] =>
    (d.checks ?? []).map(({ _zod: { def: c } }) => {
      if (kind === "number" && c.check === "number_format" && c.format === "safeint") return `Number.isSafeInteger(x)`;
      if (kind === "number" && c.check === "greater_than") return `x ${c.inclusive ? ">=" : ">"} ${c.value}`;
      if (kind === "number" && c.check === "less_than") return `x ${c.inclusive ? "<=" : "<"} ${c.value}`;
      if (kind === "string" && c.check === "min_length") return `longEnough(x, ${c.minimum})`;
      if (kind === "string" && c.check === "max_length") return `shortEnough(x, ${c.maximum})`;
      if (kind === "array" && c.check === "max_length") return `x.length <= ${c.maximum}`;
      if (kind === "array" && c.check === "min_length") return `x.length >= ${c.minimum}`;
      throw new Error(`gen-fast-parse: ${where(path)}: a ${kind} check "${c.check}" this generator does not know`);
    });

  // A function takes a value (undefined where the key is absent) and gives the parsed value, undefined
  // (an optional value absent) or FAIL; fnFor returns its name. One per schema object, named for the
  // first path it is met at (a channel definition's schema is the config's and the measured
  // configuration's alike), and one per body: the many fields that check alike (an optional whole
  // number from 0 to 1,000,000) share it.
  const fnOf = new Map<AnySchema, string>();
  const fnOfBody = new Map<string, string>();
  const fnFor = (schema: AnySchema, path: string[]): string => {
    let id = fnOf.get(schema);
    if (id) return id;
    const body = bodyFor(schema, path);
    id = fnOfBody.get(body);
    if (!id) {
      id = `p${name(path)}`;
      fnOfBody.set(body, id);
      fns.push(`function ${id}(x: Any): Any {\n${body}\n}`);
    }
    fnOf.set(schema, id);
    return id;
  };

  const bodyFor = (schema: AnySchema, path: string[]): string => {
    const d = def(schema);
    switch (d.type) {
      case "lazy":
        return bodyFor(unlazy(schema), path);
      case "optional":
        return `  if (x === undefined) return undefined;\n  return ${fnFor(d.innerType!, [...path, "inner"])}(x);`;
      case "default": {
        const value = d.defaultValue;
        const text = JSON.stringify(value);
        if (text === undefined || JSON.stringify(JSON.parse(text)) !== text) {
          throw new Error(`gen-fast-parse: ${where(path)}: a default that JSON does not write as it is`);
        }
        // zod gives the default as it is, not parsed (a fresh copy of it, as zod's shallow clone is).
        return `  if (x === undefined) return ${text};\n  return ${fnFor(d.innerType!, [...path, "inner"])}(x);`;
      }
      case "object":
        return objectBody(d, path);
      case "array": {
        const el = fnFor(d.element!, [...path, "item"]);
        if (!elementOf.has(d)) elementOf.set(d, el);
        const checks = checksOf(d, path, "array");
        return [
          `  if (!Array.isArray(x)${checks.map((c) => ` || !(${c})`).join("")}) return FAIL;`,
          `  const out: Any[] = new Array(x.length);`,
          `  for (let k = 0; k < x.length; k++) {`,
          `    const y = ${el}(x[k]);`,
          // An element that parses to undefined (an optional one) would be kept by zod as undefined; none is.
          `    if (y === FAIL || y === undefined) return FAIL;`,
          `    out[k] = y;`,
          `  }`,
          `  return out;`,
        ].join("\n");
      }
      case "union": {
        const options = d.options!.map((o, k) => fnFor(o, [...path, `or${k}`]));
        // zod's union gives the first option that takes the value.
        return [
          ...options.map((o) => `  {\n    const y = ${o}(x);\n    if (y !== FAIL && y !== undefined) return y;\n  }`),
          `  return FAIL;`,
        ].join("\n");
      }
      case "pipe":
        return pipeBody(d, path);
      case "enum":
        return `  return ${enumSet(d)}.has(x) ? x : FAIL;`;
      case "literal":
        if (!d.values!.every((v) => typeof v === "number" || typeof v === "string" || typeof v === "boolean"))
          throw new Error(`gen-fast-parse: ${where(path)}: a literal of another kind than number, string, boolean`);
        return `  return ${d.values!.map((v) => `x === ${JSON.stringify(v)}`).join(" || ")} ? x : FAIL;`;
      case "boolean":
        return `  return typeof x === "boolean" ? x : FAIL;`;
      case "number": {
        const checks = checksOf(d, path, "number");
        return `  return typeof x === "number" && Number.isFinite(x)${checks.map((c) => ` && ${c}`).join("")} ? x : FAIL;`;
      }
      case "string": {
        const checks = checksOf(d, path, "string");
        return `  return typeof x === "string"${checks.map((c) => ` && ${c}`).join("")} ? x : FAIL;`;
      }
      default:
        throw new Error(`gen-fast-parse: ${where(path)}: a "${d.type}" schema, which this generator does not know`);
    }
  };

  const enumSet = (d: Def): string => constant(`new Set<unknown>(${JSON.stringify(Object.values(d.entries!))})`);

  const pipeBody = (d: Def, path: string[]): string => {
    const out = def(d.out!);
    const op = out.type === "transform" ? TRANSFORM_OPS.get(out.transform!) : undefined;
    if (!op) throw new Error(`gen-fast-parse: ${where(path)}: a pipe whose end is not a transform schema.ts describes`);
    const into = def(unlazy(d.in!));
    switch (op.op) {
      case "unit": {
        // The union of a number and a string that unitField builds; runtime.unit checks both as it does.
        const kinds = into.type === "union" ? into.options!.map((o) => def(o)) : [];
        if (
          kinds.length !== 2 ||
          kinds[0]!.type !== "number" ||
          kinds[1]!.type !== "string" ||
          kinds.some((k) => k.checks?.length)
        )
          throw new Error(`gen-fast-parse: ${where(path)}: a unit field whose input is not unitField's union`);
        return `  return unit(x, ${JSON.stringify(op.kind)}, ${constant(JSON.stringify(op.range))}, ${op.ranged});`;
      }
      case "interval":
        if (into.type !== "string" || into.checks?.length)
          throw new Error(`gen-fast-parse: ${where(path)}: an interval whose input is not a plain string`);
        return `  return interval(x);`;
      case "cipher":
      case "channelType":
        if (into.type !== "enum")
          throw new Error(`gen-fast-parse: ${where(path)}: a ${op.op} transform not after an enum`);
        return `  return ${enumSet(into)}.has(x) ? ${op.op === "cipher" ? "cipher" : "channelType"}(x as string) : FAIL;`;
    }
  };

  /** Element functions of arrays (kept for the section table). */
  const elementOf = new Map<Def, string>();
  /** Field functions of an object, by key (kept for the section table). */
  const fieldsOfObject = new Map<Def, [string, string][]>();
  const objectBody = (d: Def, path: string[]): string => {
    // Every object of the config schema is strict (z.strictObject: its catchall is never); one that
    // strips or keeps unknown keys would need another check below.
    if (d.catchall === undefined || def(d.catchall).type !== "never")
      throw new Error(`gen-fast-parse: ${where(path)}: an object that is not strict`);
    const fields = Object.entries(d.shape!).map(([k, s]) => [k, fnFor(s, [...path, k])] as [string, string]);
    if (!fieldsOfObject.has(d)) fieldsOfObject.set(d, fields);
    const read = (k: string) => (/^[A-Z_]\w*$/i.test(k) ? `x.${k}` : `x[${JSON.stringify(k)}]`);
    const lines = [`  if (!isObject(x)) return FAIL;`, `  const out: Any = {};`, `  let n = 0;`];
    for (const [i, [k, fn]] of fields.entries()) {
      // zod reads input[key]; an absent key is undefined to it, as here. A key present with the value
      // undefined is counted apart below (it reaches keyCount and not n), and left to zod.
      lines.push(
        `  if (${read(k)} !== undefined) n++;`,
        `  const y${i} = ${fn}(${read(k)});`,
        `  if (y${i} === FAIL) return FAIL;`,
        `  if (y${i} !== undefined) out[${JSON.stringify(k)}] = y${i};`,
      );
    }
    // A strict object takes no other key.
    lines.push(`  if (keyCount(x) !== n) return FAIL;`, `  return out;`);
    return lines.join("\n");
  };

  const { Config: config, Channel, Tls } = configSchemas();
  // Named for what they are, wherever the walk meets them first.
  fnFor(Tls, ["tls"]);
  fnFor(Channel, ["channel"]);
  // The config's sections before the measured configuration's copies of them.
  const shape = def(config).shape!;
  for (const k of Object.keys(shape)) if (k !== "baseline") fnFor(shape[k]!, ["config", k]);
  const root = fnFor(config, ["config"]);
  // The sections, as load.ts's bySection parses them one by one: each section's function, its
  // fields' (a section that is an object) or its elements' (a list whose checks are on its length).
  const sections = Object.keys(shape).map((k) => {
    let inner = shape[k]!;
    for (let w = unwrapped(defOf(inner)); w; w = unwrapped(defOf(inner))) inner = w;
    const d = def(inner);
    const fields = d.type === "object" ? fieldsOfObject.get(d) : undefined;
    const lengthOnly =
      d.type === "array" && (d.checks ?? []).every((c) => ["max_length", "min_length"].includes(c._zod.def.check));
    const parts = [`parse: ${fnOf.get(shape[k]!)!}`];
    if (fields) parts.push(`fields: { ${fields.map(([f, fn]) => `${JSON.stringify(f)}: ${fn}`).join(", ")} }`);
    if (lengthOnly) parts.push(`element: ${elementOf.get(d)!}`);
    return `  ${JSON.stringify(k)}: { ${parts.join(", ")} },`;
  });

  return `// Generated by scripts/gen-fast-parse.ts from the config schema (src/config/schema.ts); the build
// rewrites it and a test checks it is current. Do not edit.
//
// The config's checks, defaults and transforms as plain functions: a config they take is read without
// building zod's schema objects or running its parse (some 10 ms of every CLI start, #30). Each gives
// what zod's parse gives, or FAIL wherever zod might say anything else, and load.ts then parses with
// zod, for its issues. test/fast-parse.test.ts compares the two over every example and many thousand
// variations of them. A function is named for the first field it parses; fields checked alike share it.
import { FAIL, channelType, cipher, interval, isObject, keyCount, longEnough, shortEnough, unit } from "./fast-parse-runtime.js";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

${consts.join("\n")}

/** The config as zod parses it, or FAIL. */
export function fastConfig(x: unknown): unknown {
  return ${root}(x);
}

/** A parser of one value: what zod gives, undefined (an optional value absent), or FAIL. */
export type FastParser = (x: unknown) => unknown;

/** Each section's parser, its fields' (an object section) and its elements' (a list section). */
export const FAST_SECTIONS: Record<string, { parse: FastParser; fields?: Record<string, FastParser>; element?: FastParser }> = {
${sections.join("\n")}
};

${fns.reverse().join("\n\n")}
`;
}

if (import.meta.url === `file://${process.argv[1]}`) process.stdout.write(fastParseSource());
