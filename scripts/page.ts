// The live page (issue #20): the core bundled for the browser with the shipped models and the config
// schema embedded, CodeMirror and the page's code, Chart.js, and styles, all in one HTML file whose
// Content Security Policy allows no request of any kind (scripts are allowed by their hashes).
import { build, transform, type Plugin } from "esbuild";
import { createHash } from "node:crypto";
import { readFileSync, readdirSync } from "node:fs";
import { builtinModules, createRequire } from "node:module";
import { dirname, join } from "node:path";
import ts from "typescript";
import type { ModelData } from "../src/model/types.js";
import { pageModelData as modelSubset } from "../src/page/model-subset.js";
import { RANGES_PLUGIN_SOURCE } from "../src/report/chart-ranges.js";
import { RULES } from "../src/rules/index.js";

const NODE_BUILTINS = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));

/** The shipped models as the page embeds them: the entries an estimate reads (src/page/model-subset.ts). */
export const pageModelData = (models: ModelData): ModelData => modelSubset(models, RULES);

/** JavaScript for a string literal that cannot end a <script> element. */
const scriptSafeString = (s: string) => JSON.stringify(s).replace(/</g, "\\u003c");

/**
 * The plugins that make the core a browser bundle: models and schema embedded, Chart.js's text taken from
 * the page, zod's locales dropped, yaml's ESM build, and any Node built-in an error that names who imports it.
 */
export function browserPlugins(root: string, models: ModelData | "page"): Plugin[] {
  return [
    {
      name: "mqzcap-page-virtual",
      setup(b) {
        b.onResolve({ filter: /^mqzcap:models$/ }, () => ({ path: "models", namespace: "mqzcap-page" }));
        b.onResolve({ filter: /^mqzcap:chartjs$/ }, () => ({ path: join(root, "src", "page", "chart-js-page.ts") }));
        // The CLI's ranges plugin (error bars, bands), compiled from its source: the policy allows no eval.
        b.onResolve({ filter: /^mqzcap:chart-ranges$/ }, () => ({ path: "chart-ranges", namespace: "mqzcap-page" }));
        b.onLoad({ filter: /^chart-ranges$/, namespace: "mqzcap-page" }, () => ({
          contents: `export default ${RANGES_PLUGIN_SOURCE};`,
          loader: "js",
        }));
        b.onLoad({ filter: /^models$/, namespace: "mqzcap-page" }, () => ({
          // In the page, the models are a JSON block of their own (parsed once, on first use; as JSON
          // rather than a string in the script they are some 75 KB smaller gzipped); bundled for a test,
          // they are in the script.
          contents:
            models === "page"
              ? `export default JSON.parse(document.getElementById("mqzcap-models").textContent);`
              : `export default JSON.parse(${scriptSafeString(JSON.stringify(pageModelData(models)))});`,
          loader: "js",
        }));
      },
    },
    {
      name: "mqzcap-zod-locales",
      setup(b) {
        b.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
          /[\\/]zod[\\/]v4[\\/](?:classic|core)[\\/]/.test(args.importer)
            ? { path: "zod-locales", namespace: "mqzcap-empty" }
            : undefined,
        );
        b.onLoad({ filter: /.*/, namespace: "mqzcap-empty" }, () => ({ contents: "export {};", loader: "js" }));
      },
    },
    zodWithoutJsonSchema("mqzcap's page"),
    configSchemaWithoutDocs(),
    {
      name: "mqzcap-yaml-esm",
      setup(b) {
        b.onResolve({ filter: /^yaml$/ }, () => ({
          path: join(root, "node_modules", "yaml", "browser", "dist", "index.js"),
        }));
      },
    },
    {
      name: "mqzcap-no-node-builtins",
      setup(b) {
        b.onResolve({ filter: /^[\w:/]+$/ }, (args) =>
          NODE_BUILTINS.has(args.path)
            ? {
                errors: [
                  {
                    text: `the page's core imports the Node built-in "${args.path}" (from ${args.importer.replace(root + "/", "")}); keep file and process access in src/cli/ or behind an injected function`,
                  },
                ],
              }
            : undefined,
        );
      },
    },
  ];
}

/**
 * zod's JSON Schema generation (toJSONSchema, each schema's processor), some 4 KB of the page gzipped
 * and 16 KB of the CLI's bundle: neither makes a JSON Schema (the page and `mqzcap schema` read the
 * committed schema/*.json). The two modules become functions of the same names that say so if called.
 * Not for the library's bundle, whose users may call it.
 */
export function zodWithoutJsonSchema(bundle: string): Plugin {
  return {
    name: "mqzcap-zod-no-json-schema",
    setup(b) {
      b.onResolve({ filter: /(?:^|[\\/])(?:to-json-schema|json-schema-processors)\.js$/ }, (args) =>
        /[\\/]zod[\\/]v4[\\/](?:classic|core|mini)[\\/]/.test(args.importer)
          ? { path: join(dirname(args.importer), args.path), namespace: "mqzcap-zod-json-schema" }
          : undefined,
      );
      b.onLoad({ filter: /.*/, namespace: "mqzcap-zod-json-schema" }, (args) => ({
        contents: exportNamesOf(readFileSync(args.path, "utf8"))
          .map(
            (n) =>
              `export const ${n} = () => { throw new Error("zod's JSON Schema generation is not in ${bundle}"); };`,
          )
          .join("\n"),
        loader: "js",
      }));
    },
  };
}

/**
 * The config schema (src/config/schema.ts) without its `.register(docs, {...})` calls: descriptions,
 * examples, patterns and editor messages for the JSON Schema, which the build makes from the source
 * (scripts/schemas.ts) and neither the CLI nor the page reads from zod (they read the committed
 * schema/config.schema.json). `register` only adds to the registry and returns the schema it was called
 * on, so the schemas and their parsing are the same without it: 24 KB less of the CLI's bundle, 34 KB
 * less of the code cache an estimate deserialises (#30). Not for the library's bundle, whose users may
 * read the registry. The calls are found by TypeScript's parser, not by pattern.
 */
export function configSchemaWithoutDocs(): Plugin {
  return {
    name: "mqzcap-config-schema-without-docs",
    setup(b) {
      b.onLoad({ filter: /[\\/]src[\\/]config[\\/]schema\.ts$/ }, (args) => ({
        contents: withoutDocsCalls(readFileSync(args.path, "utf8"), args.path),
        loader: "ts",
      }));
    },
  };
}

/** A TypeScript source with every `.register(docs, ...)` call cut out of its chain (`X.register(docs, m)` is X). */
export function withoutDocsCalls(source: string, file = "schema.ts"): string {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const cuts: [number, number][] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === "register" &&
      node.arguments[0] !== undefined &&
      ts.isIdentifier(node.arguments[0]) &&
      node.arguments[0].text === "docs"
    ) {
      // From the end of the schema it is called on to the end of the call: the dot, the name, the arguments.
      cuts.push([node.expression.expression.end, node.end]);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  if (cuts.length === 0) throw new Error(`${file}: no .register(docs, ...) calls found; has the schema changed?`);
  // Ranges nested in one cut already (a register call inside another's arguments) go with it.
  cuts.sort((a, b) => a[0] - b[0]);
  const kept: [number, number][] = [];
  for (const c of cuts) if (kept.length === 0 || c[0] >= kept[kept.length - 1]![1]) kept.push(c);
  let out = "";
  let at = 0;
  for (const [from, to] of kept) {
    out += source.slice(at, from);
    at = to;
  }
  return out + source.slice(at);
}

/** The names an ES module exports (`export const|function NAME`, `export { a as NAME }`), for a stub of it. */
function exportNamesOf(source: string): string[] {
  const names = new Set<string>();
  for (const m of source.matchAll(/^export (?:const|let|var|function|class) (\w+)/gm)) names.add(m[1]!);
  for (const m of source.matchAll(/^export \{([^}]*)\};?$/gm))
    for (const part of m[1]!.split(",")) {
      const name = part.trim().replace(/\s+/g, " ").split(" as ").pop();
      if (name) names.add(name);
    }
  return [...names];
}

/** Bundles an entry for the browser (one IIFE script); throws esbuild's error when a Node built-in is reached. */
export async function browserBundle(
  root: string,
  entry: string,
  models: ModelData | "page",
  minify = true,
): Promise<string> {
  const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version: string };
  const result = await build({
    entryPoints: [join(root, entry)],
    bundle: true,
    write: false,
    format: "iife",
    platform: "browser",
    target: "es2022",
    minify,
    legalComments: "none",
    define: { __MQZCAP_VERSION__: JSON.stringify(pkg.version), "process.env.NODE_ENV": '"production"' },
    plugins: browserPlugins(root, models),
    logLevel: "silent",
  });
  return result.outputFiles[0]!.text;
}

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
/** Script text safe inside <script>: a "</script" would end the element ("<\/" is the same in JS). */
const inScript = (js: string) => js.replace(/<\/script/gi, "<\\/script");

/** The shipped examples, for the picker: name and text, in name order. */
export function shippedExamples(root: string): { name: string; text: string }[] {
  return readdirSync(join(root, "examples"))
    .filter((f) => f.endsWith(".yaml"))
    .sort()
    .map((f) => ({ name: f, text: readFileSync(join(root, "examples", f), "utf8") }));
}

type JsonNode = { description?: string; properties?: Record<string, JsonNode>; [k: string]: unknown };

/**
 * The config schema for the page, with baseline.measuredWith's sections that repeat a top-level one
 * (logging, channels, ...) given by name (`sameAs`, read by src/page/schema-help.ts): the same
 * definitions twice took the page over its budget.
 */
export function pageSchema(schema: JsonNode): JsonNode {
  const mw = schema.properties?.baseline?.properties?.measuredWith;
  const top = schema.properties ?? {};
  if (mw?.properties)
    for (const [k, node] of Object.entries(mw.properties))
      if (k in top && k !== "workload") mw.properties[k] = { description: node.description, sameAs: k };
  firstExamples(schema);
  return schema;
}

/** Each node's examples cut to the first: the page's help shows only that one (src/page/schema-help.ts). */
function firstExamples(node: unknown): void {
  if (Array.isArray(node)) for (const x of node) firstExamples(x);
  else if (node !== null && typeof node === "object") {
    const o = node as Record<string, unknown>;
    if (Array.isArray(o.examples) && o.examples.length > 1) o.examples = o.examples.slice(0, 1);
    for (const v of Object.values(o)) firstExamples(v);
  }
}

/** The whole page: one HTML document, nothing fetched. */
export async function buildPageHtml(root: string, models: ModelData): Promise<string> {
  const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version: string };
  const app = inScript(await browserBundle(root, "src/page/main.ts", "page"));
  const editors = inScript(await browserBundle(root, "src/page/editors.ts", "page"));
  const req = createRequire(join(root, "package.json"));
  const chartJs = inScript(readFileSync(join(dirname(req.resolve("chart.js")), "chart.umd.min.js"), "utf8"));
  const schema = pageSchema(JSON.parse(readFileSync(join(root, "schema", "config.schema.json"), "utf8")));
  const data = JSON.stringify({ version: pkg.version, schema, examples: shippedExamples(root) })
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
  const modelJson = JSON.stringify(pageModelData(models))
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
  // Minified as the scripts are: the page is held to a size budget (test/page.test.ts).
  const style = (
    await transform(readFileSync(join(root, "src", "page", "page.css"), "utf8"), { loader: "css", minify: true })
  ).code.trimEnd();
  const body = readFileSync(join(root, "src", "page", "page.html"), "utf8");
  // JSON data blocks are not run, so they need no hash; the three scripts are allowed by theirs. The
  // editors' script and Chart.js are inert (text/plain) until the page has painted its first estimate,
  // then run by the page's script (src/page/main.ts runInert), which the policy allows by the same hash.
  const csp = [
    "default-src 'none'",
    `script-src ${sha256(app)} ${sha256(editors)} ${sha256(chartJs)}`,
    "style-src 'unsafe-inline'",
    "img-src data: blob:",
    "form-action 'none'",
    "base-uri 'none'",
  ].join("; ");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<title>mqzcap ${pkg.version}: live estimate</title>
<style>${style}</style>
</head>
<body>
${body}
<script type="application/json" id="mqzcap-data">${data}</script>
<script type="application/json" id="mqzcap-models">${modelJson}</script>
<script type="text/plain" id="mqzcap-editors">${editors}</script>
<script type="text/plain" id="mqzcap-chartjs">${chartJs}</script>
<script>${app}</script>
</body>
</html>
`;
}
