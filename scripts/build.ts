// Build: validate and precompile models/ to JSON, generate the JSON Schemas, bundle the CLI and the
// library with esbuild (one ESM bundle each; chart code split out and loaded only when drawing),
// and emit declarations with tsc.
import { build, type Plugin } from "esbuild";
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync, chmodSync } from "node:fs";
import { join } from "node:path";
import { loadModelDir } from "../src/model/loader.js";
import { InputError, formatDiagnostic } from "../src/util/diagnostic.js";
import { configJsonSchema, modelJsonSchema } from "./schemas.js";

const root = process.cwd();
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version: string };
const started = Date.now();

let models;
try {
  models = loadModelDir(join(root, "models"), { displayRoot: root });
} catch (err) {
  if (err instanceof InputError) {
    console.error(err.diagnostics.map((d) => formatDiagnostic(d, false)).join("\n"));
    process.exit(2);
  }
  throw err;
}

mkdirSync(join(root, "schema"), { recursive: true });
const writeIfChanged = (path: string, text: string) => {
  let old = "";
  try {
    old = readFileSync(path, "utf8");
  } catch {
    /* new file */
  }
  if (old !== text) writeFileSync(path, text);
};
writeIfChanged(
  join(root, "schema", "config.schema.json"),
  JSON.stringify(configJsonSchema(pkg.version), null, 2) + "\n",
);
writeIfChanged(join(root, "schema", "model.schema.json"), JSON.stringify(modelJsonSchema(pkg.version), null, 2) + "\n");

// The models are written beside the bundle as JSON and read on first use (not compiled into the
// JavaScript: V8 scanning a 1.2 MB string literal at every start cost ~30 ms). They are split in two:
// what an estimate needs (sources, entries, files) and the inventory and not-encoded lists, which only
// `models coverage` reads. The default export is an object of getters, so nothing is read or parsed
// until a registry is built, and the second file only if its fields are touched.
const modelsCore = JSON.stringify({ sources: models.sources, entries: models.entries, files: models.files });
const modelsExtra = JSON.stringify({ inventory: models.inventory, notEncoded: models.notEncoded });
const modelsJson = modelsCore + modelsExtra;
const modelsPlugin: Plugin = {
  name: "mqzcap-models",
  setup(b) {
    b.onResolve({ filter: /^mqzcap:models$/ }, () => ({ path: "models", namespace: "mqzcap-models" }));
    b.onLoad({ filter: /.*/, namespace: "mqzcap-models" }, () => ({
      contents: `import { readFileSync } from "node:fs";
const read = (name) => JSON.parse(readFileSync(new URL("./" + name, import.meta.url), "utf8"));
let core, extra;
const c = () => (core ??= read("models.json"));
const x = () => (extra ??= read("models-inventory.json"));
export default {
  get sources() { return c().sources; },
  get entries() { return c().entries; },
  get files() { return c().files; },
  get inventory() { return x().inventory; },
  get notEncoded() { return x().notEncoded; },
};`,
      loader: "js",
    }));
  },
};

// zod's namespace re-exports all its ~60 message locales (z.locales), which esbuild cannot drop and
// V8 must parse at every start; mqzcap uses only English, which zod imports on its own.
const zodLocalesPlugin: Plugin = {
  name: "mqzcap-zod-locales",
  setup(b) {
    b.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]zod[\\/]v4[\\/](classic|core)[\\/]/.test(args.importer)
        ? { path: "zod-locales", namespace: "mqzcap-empty" }
        : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: "mqzcap-empty" }, () => ({ contents: "export {};", loader: "js" }));
  },
};

rmSync(join(root, "dist"), { recursive: true, force: true });
await build({
  entryPoints: { cli: "src/cli/bin.ts", index: "src/index.ts" },
  outdir: "dist",
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  minify: true,
  legalComments: "linked",
  sourcemap: false,
  external: ["@napi-rs/canvas"],
  define: { __MQZCAP_VERSION__: JSON.stringify(pkg.version) },
  banner: {
    js: 'import { createRequire as __mqzcapRequire } from "node:module"; const require = __mqzcapRequire(import.meta.url);',
  },
  plugins: [modelsPlugin, zodLocalesPlugin],
  logLevel: "warning",
});
chmodSync(join(root, "dist", "cli.js"), 0o755);
writeFileSync(join(root, "dist", "models.json"), modelsCore);
writeFileSync(join(root, "dist", "models-inventory.json"), modelsExtra);

if (!process.argv.includes("--no-types")) {
  execFileSync(
    process.execPath,
    [join(root, "node_modules", "typescript", "bin", "tsc"), "-p", "tsconfig.build.json"],
    { stdio: "inherit" },
  );
}
console.log(
  `built dist/ in ${Date.now() - started} ms: ${models.entries.length} model entries, ${(modelsJson.length / 1024).toFixed(0)} KB of model data`,
);
