// Build: validate and precompile models/ to JSON, generate the JSON Schemas, bundle the CLI and the
// library with esbuild (one ESM bundle each; chart code split out and loaded only when drawing),
// and emit declarations with tsc.
import { build, type Plugin } from "esbuild";
import { execFileSync } from "node:child_process";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
  chmodSync,
} from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { CHART_FONTS } from "../src/report/chart-fonts.js";
import { loadModelDir } from "../src/model/loader.js";
import { InputError, formatDiagnostic } from "../src/util/diagnostic.js";
import { configJsonSchema, modelJsonSchema } from "./schemas.js";
import { canonicalSource } from "./gen-canonical.js";
import { fastParseSource } from "./gen-fast-parse.js";
import { codeCacheFile } from "../src/cli/code-cache.js";
import { configTypesSource } from "./gen-config-types.js";
import { buildPageHtml, configSchemaWithoutDocs, zodWithoutJsonSchema } from "./page.js";

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
// The engine's config copier of one shape is generated from the config schema too (a test checks the
// committed file is current; it is in .prettierignore, being written here as it is).
writeIfChanged(join(root, "src", "config", "canonical.generated.ts"), canonicalSource());
// And the parser that reads a valid config without building zod's schemas (#30), likewise.
writeIfChanged(join(root, "src", "config", "fast-parse.generated.ts"), fastParseSource());

// The models are written beside the bundle as JSON and read on first use (not compiled into the
// JavaScript: V8 scanning a 1.2 MB string literal at every start cost ~30 ms). dist/models.json is a
// header line (sources, files, and each entry's id, type and byte range) followed by the entries'
// JSON, so that a registry parses only the entries it is asked for (src/model/registry.ts,
// LAZY_ENTRIES). The inventory and not-encoded lists, which only `models coverage` reads, are in
// dist/models-inventory.json. Nothing is read until a registry is built.
const entryTexts = models.entries.map((e) => JSON.stringify(e));
let entryOffset = 0;
const entryIndex = models.entries.map((e, i) => {
  const start = entryOffset;
  entryOffset += Buffer.byteLength(entryTexts[i]!);
  return [e.id, e.type, start, entryOffset] as const;
});
const modelsCore =
  JSON.stringify({
    sources: models.sources,
    files: models.files,
    interpolationErrors: models.interpolationErrors,
    conditionEvidence: models.conditionEvidence,
    index: entryIndex,
  }) +
  "\n" +
  entryTexts.join("");
const modelsExtra = JSON.stringify({ inventory: models.inventory, notEncoded: models.notEncoded });
const modelsJson = modelsCore + modelsExtra;
const modelsPlugin: Plugin = {
  name: "mqzcap-models",
  setup(b) {
    b.onResolve({ filter: /^mqzcap:models$/ }, () => ({ path: "models", namespace: "mqzcap-models" }));
    b.onLoad({ filter: /.*/, namespace: "mqzcap-models" }, () => ({
      contents: `import { openSync, readFileSync, readSync } from "node:fs";
const file = (name) => readFileSync(new URL("./" + name, import.meta.url));
let core, extra, all;
// models.json is read by offset, not whole: its header, then each entry when it is asked for (an
// estimate parses some 60 of the 1,031 entries). Reading all 1.2 MB into a fresh buffer touched ~290
// pages at every start. The descriptor stays open for the entries asked for later.
const c = () => {
  if (core) return core;
  const fd = openSync(new URL("./models.json", import.meta.url), "r");
  const bytes = (at, length) => {
    const b = Buffer.allocUnsafe(length);
    for (let n = 0; n < length; ) {
      const got = readSync(fd, b, n, length - n, at + n);
      if (got === 0) return b.subarray(0, n);
      n += got;
    }
    return b;
  };
  const chunks = [];
  let nl = -1;
  for (let at = 0; nl < 0; ) {
    const chunk = bytes(at, 131072);
    if (chunk.length === 0) throw new Error("models.json has no header line");
    const k = chunk.indexOf(10);
    chunks.push(k < 0 ? chunk : chunk.subarray(0, k));
    if (k >= 0) nl = at + k;
    at += chunk.length;
  }
  const head = JSON.parse(Buffer.concat(chunks).toString("utf8"));
  const parsed = new Array(head.index.length);
  const load = (i) => {
    const [, , start, end] = head.index[i];
    return (parsed[i] ??= JSON.parse(bytes(nl + 1 + start, end - start).toString("utf8")));
  };
  core = { head, load, lazy: { ids: head.index.map((r) => r[0]), types: head.index.map((r) => r[1]), load } };
  return core;
};
const x = () => (extra ??= JSON.parse(file("models-inventory.json").toString("utf8")));
const data = {
  get sources() { return c().head.sources; },
  get entries() { return (all ??= c().head.index.map((_, i) => c().load(i))); },
  get files() { return c().head.files; },
  get interpolationErrors() { return c().head.interpolationErrors; },
  get conditionEvidence() { return c().head.conditionEvidence; },
  get inventory() { return x().inventory; },
  get notEncoded() { return x().notEncoded; },
};
Object.defineProperty(data, Symbol.for("mqzcap.lazyEntries"), { value: () => c().lazy });
export default data;`,
      loader: "js",
    }));
  },
};

// Chart.js's text for the HTML report: under Node read from a file beside the bundle (the live page
// resolves "mqzcap:chartjs" to its own copy instead: scripts/page.ts).
const chartJsFilePlugin: Plugin = {
  name: "mqzcap-chartjs-file",
  setup(b) {
    b.onResolve({ filter: /^mqzcap:chartjs$/ }, () => ({ path: join(root, "src", "report", "chart-js-file.ts") }));
  },
};

// zod's namespace re-exports all its ~60 message locales (z.locales), which esbuild cannot drop and
// V8 must parse at every start; mqzcap uses only English, which zod imports on its own.
const zodLocalesPlugin: Plugin = {
  name: "mqzcap-zod-locales",
  setup(b) {
    b.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]zod[\\/]v4[\\/](?:classic|core)[\\/]/.test(args.importer)
        ? { path: "zod-locales", namespace: "mqzcap-empty" }
        : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: "mqzcap-empty" }, () => ({ contents: "export {};", loader: "js" }));
  },
};

// yaml's package points Node at its CommonJS build, which esbuild must wrap module by module and run
// at start-up (~9 ms); its ESM build (the same code, published for browsers and bundlers) is
// scope-hoisted instead. The two differ only in !!binary (YAML 1.1, not used here) giving a
// Uint8Array rather than a Buffer, and a LOG_STREAM debugging switch.
const yamlEsmPlugin: Plugin = {
  name: "mqzcap-yaml-esm",
  setup(b) {
    b.onResolve({ filter: /^yaml$/ }, () => ({
      path: join(root, "node_modules", "yaml", "browser", "dist", "index.js"),
    }));
  },
};

// In the CLI bundle, the chart module stays outside (dist/cli-chart.cjs), so that a plain estimate
// neither loads nor compiles chart.js.
// commander requires child_process for executable subcommands, which mqzcap has none of; loading it
// (and net, dgram, streams with it) costs every start. It is required only if commander calls it.
const lazyChildProcessPlugin: Plugin = {
  name: "mqzcap-lazy-child-process",
  setup(b) {
    b.onResolve({ filter: /^(node:)?child_process$/ }, (args) =>
      /[\\/]commander[\\/]/.test(args.importer) ? { path: "child_process", namespace: "mqzcap-lazy" } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: "mqzcap-lazy" }, () => ({
      contents: 'module.exports = new Proxy({}, { get: (_t, key) => require("node:child_process")[key] });',
      loader: "js",
    }));
  },
};

const chartApartPlugin: Plugin = {
  name: "mqzcap-chart-apart",
  setup(b) {
    b.onResolve({ filter: /load-chart\.js$/ }, () => ({ path: "load-chart", namespace: "mqzcap-chart-apart" }));
    b.onLoad({ filter: /.*/, namespace: "mqzcap-chart-apart" }, (args) => ({
      contents:
        args.path === "load-smf"
          ? 'export async function loadSmf() { return require("./cli-smf.cjs"); }'
          : 'export async function loadChart() { return require("./cli-chart.cjs"); }',
      loader: "js",
    }));
    b.onResolve({ filter: /^\.\/cli-chart\.cjs$/ }, () => ({ path: "./cli-chart.cjs", external: true }));
    // Likewise the SMF reading of calibrate (csv-parse, zlib): dist/cli-smf.cjs.
    b.onResolve({ filter: /load-smf\.js$/ }, () => ({ path: "load-smf", namespace: "mqzcap-chart-apart" }));
    b.onResolve({ filter: /^\.\/cli-smf\.cjs$/ }, () => ({ path: "./cli-smf.cjs", external: true }));
  },
};

// A build without types (the test command's) keeps the declarations an earlier full build made.
const keepTypes = process.argv.includes("--no-types");
mkdirSync(join(root, "dist"), { recursive: true });
for (const name of readdirSync(join(root, "dist"))) {
  if (keepTypes && name === "types") continue;
  rmSync(join(root, "dist", name), { recursive: true, force: true });
}
// The library: ESM, chart code split out and loaded only when drawing.
await build({
  entryPoints: { index: "src/index.ts" },
  outdir: "dist",
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  minify: process.env.MQZCAP_NO_MINIFY === undefined, // unminified for profiling, as the CLI
  // Class and function names kept (a Registry is a "Registry" in a debugger and in error messages);
  // source maps beside each file, without the sources' text (src/ is not shipped; a stack trace under
  // --enable-source-maps names the source file and line).
  keepNames: true,
  legalComments: "linked",
  sourcemap: "linked",
  sourcesContent: false,
  external: ["@napi-rs/canvas"],
  define: { __MQZCAP_VERSION__: JSON.stringify(pkg.version) },
  banner: {
    js: 'import { createRequire as __mqzcapRequire } from "node:module"; const require = __mqzcapRequire(import.meta.url);',
  },
  plugins: [modelsPlugin, chartJsFilePlugin, zodLocalesPlugin, yamlEsmPlugin],
  logLevel: "warning",
});
// CommonJS bundles for the CLI: import.meta.url becomes the bundle's own file URL.
// The CLI's bundle is written inside the function the launcher compiles (its source is the file as
// read: no copy of 0.7 MB with a wrapper added at every start); required plainly (the launcher on a
// Node without a code cache), the file calls that function itself.
const CLI_MAIN_WRAP = {
  banner:
    '(function (main) { return typeof exports === "object" && typeof module === "object" && module !== null && module.exports === exports ? main(exports, require, module, __filename, __dirname) : main; })((function (exports, require, module, __filename, __dirname) {',
  footer: "\n}));",
};
const cjsBundle = (name: string, entry: string, plugins: Plugin[], wrap?: typeof CLI_MAIN_WRAP) =>
  build({
    entryPoints: { [name]: entry },
    outdir: "dist",
    outExtension: { ".js": ".cjs" },
    bundle: true,
    format: "cjs",
    platform: "node",
    target: "node20",
    minify: process.env.MQZCAP_NO_MINIFY === undefined, // unminified for profiling start-up
    legalComments: "linked",
    // No source maps for the CLI's bundles (the library keeps its own, above): nothing loads them at run
    // time. The launcher compiles cli-main.cjs with vm.Script, which Node's --enable-source-maps does
    // not map, and the CLI prints no stack trace (an internal error is one line, launcher.ts). They were
    // 1.85 MB of the package, the room the per-command code caches take (code-cache.ts, #30). To map
    // a position from a profile, build unminified (MQZCAP_NO_MINIFY=1).
    sourcemap: false,
    external: ["@napi-rs/canvas"],
    define: { __MQZCAP_VERSION__: JSON.stringify(pkg.version), "import.meta.url": "__mqzcapMeta.url" },
    // Computed when first read: node:url's pathToFileURL costs about half a millisecond at start.
    banner: {
      js: `${wrap?.banner ?? ""}var __mqzcapMeta = { get url() { return require("node:url").pathToFileURL(__filename).href; } };`,
    },
    ...(wrap ? { footer: { js: wrap.footer } } : {}),
    plugins,
    logLevel: "warning",
  });
// The CLI: one CommonJS bundle that the launcher compiles with V8's code cache (see src/cli/launcher.ts).
await cjsBundle(
  "cli-main",
  "src/cli/main.ts",
  [
    modelsPlugin,
    chartJsFilePlugin,
    zodLocalesPlugin,
    zodWithoutJsonSchema("mqzcap's CLI"),
    configSchemaWithoutDocs(),
    yamlEsmPlugin,
    chartApartPlugin,
    lazyChildProcessPlugin,
  ],
  CLI_MAIN_WRAP,
);
// The launcher reads the CLI bundle as latin1 (faster than UTF-8); esbuild escapes non-ASCII in strings
// but not in regular expression literals, so a \u escape is needed there. (An unminified build keeps
// comments, whose characters do not matter.)
if (process.env.MQZCAP_NO_MINIFY === undefined) {
  const text = readFileSync(join(root, "dist", "cli-main.cjs"), "latin1");
  // eslint-disable-next-line no-control-regex
  const at = text.search(/[^\x00-\x7f]/);
  if (at >= 0) {
    throw new Error(
      `dist/cli-main.cjs is not ASCII at offset ${at} (${JSON.stringify(text.slice(Math.max(0, at - 40), at + 5))}): write the character as a \\u escape in the source`,
    );
  }
}
// Chart drawing (chart.js and the canvas) in a bundle of its own, required only by commands that draw.
await cjsBundle("cli-chart", "src/report/chart.ts", []);
await cjsBundle("cli-smf", "src/cli/smf-entry.ts", [modelsPlugin, chartJsFilePlugin, zodLocalesPlugin, yamlEsmPlugin]);
await build({
  entryPoints: { cli: "src/cli/launcher.ts" },
  outdir: "dist",
  outExtension: { ".js": ".cjs" },
  bundle: true,
  format: "cjs",
  platform: "node",
  target: "node20",
  banner: { js: "#!/usr/bin/env node" },
  logLevel: "warning",
});
chmodSync(join(root, "dist", "cli.cjs"), 0o755);
writeFileSync(join(root, "dist", "models.json"), modelsCore);
writeFileSync(join(root, "dist", "models-inventory.json"), modelsExtra);
// What the package needs at run time besides its bundles, copied from development dependencies so that
// an installed mqzcap depends on neither package: the two DejaVu fonts charts draw with (of the 22 the
// font package holds), with their licence, and Chart.js's browser build, which HTML reports inline.
const req = createRequire(import.meta.url);
const fontDir = join(dirname(req.resolve("dejavu-fonts-ttf/package.json")), "ttf");
mkdirSync(join(root, "dist", "fonts"), { recursive: true });
for (const font of CHART_FONTS) copyFileSync(join(fontDir, font), join(root, "dist", "fonts", font));
copyFileSync(join(fontDir, "..", "LICENSE"), join(root, "dist", "fonts", "LICENSE"));
copyFileSync(join(dirname(req.resolve("chart.js")), "chart.umd.min.js"), join(root, "dist", "chart.umd.min.js"));
// The live page (issue #20): one self-contained HTML file, which `mqzcap page` copies out. Its editor
// (@codemirror/*) came in as new development dependencies: a tree whose node_modules predates them
// builds everything else and says to run npm install (test/page.test.ts is skipped, saying so).
const haveEditor = existsSync(join(root, "node_modules", "@codemirror", "view", "package.json"));
if (haveEditor) writeFileSync(join(root, "dist", "mqzcap.html"), await buildPageHtml(root, models));
else console.warn("build: the live page (dist/mqzcap.html) is not built: @codemirror/* is missing; run npm install");
// V8's code cache for the CLI bundle, made by running estimates with this Node: each run adds what it
// compiled to the cache the runs before it made (launcher.ts), so that the table, the explanation and
// JSON are all in it (each run used to start afresh, and the last one's cache, JSON's, was shipped).
// Named for this Node's V8 (src/cli/code-cache.ts): a launcher on another Node does not read it.
// The commands a planner runs while editing besides the estimate (capacity, sensitivity, the sweep)
// have a cache each: the estimates' cache with that command's run on a config with shared queues, two
// channel types, a baseline and storage added to it. One cache with every command's code (until h44,
// #30) cost each command more: V8 deserialises all of a cache at start, and baseline-compiles more of
// a command's functions when the cache holds other commands' code (bench/RESULTS.md 1b: capacity
// 857 -> 835-843, the 50-point sweep 968 -> 928-956, sensitivity 1,304 -> 1,272-1,284 million
// instructions under cachegrind; the estimate had its own already). Every other command reads the
// estimates' cache.
const HOW_FAR = "examples/how-far-order-entry.yaml";
const bundleFile = join(root, "dist", "cli-main.cjs");
const cacheRun = (cacheFile: string, args: readonly string[]) =>
  execFileSync(process.execPath, [join(root, "dist", "cli.cjs"), ...args], {
    cwd: root,
    env: { ...process.env, MQZCAP_BUILD_CODE_CACHE: cacheFile, NO_COLOR: "1" },
    stdio: "ignore",
  });
const estimatesCache = codeCacheFile(bundleFile);
for (const args of [
  ["estimate", "examples/quickstart.yaml"],
  ["estimate", "examples/quickstart.yaml", "--explain"],
  ["estimate", "examples/z14-to-z15.yaml", "--format", "json"],
  ["estimate", HOW_FAR],
])
  cacheRun(estimatesCache, args);
for (const args of [
  ["capacity", HOW_FAR],
  ["sensitivity", HOW_FAR],
  ["sweep", HOW_FAR, "--vary", "workload.rate=1000/s,2000/s"],
]) {
  // The estimates' runs, then this command's: the same as running them all in turn under this name.
  const own = codeCacheFile(bundleFile, undefined, undefined, args[0]);
  copyFileSync(estimatesCache, own);
  cacheRun(own, args);
}

if (!process.argv.includes("--no-types")) {
  // The config's types spelt out without zod (about 8 s of TypeScript's checker, so not in the test
  // build; src/config/types-check.ts makes the type check fail when they are stale).
  writeIfChanged(
    join(root, "src", "config", "types.generated.ts"),
    configTypesSource(root, configJsonSchema(pkg.version)),
  );
  execFileSync(
    process.execPath,
    [join(root, "node_modules", "typescript", "bin", "tsc"), "-p", "tsconfig.build.json"],
    { stdio: "inherit" },
  );
}
console.log(
  `built dist/ in ${Date.now() - started} ms: ${models.entries.length} model entries, ${(modelsJson.length / 1024).toFixed(0)} KB of model data`,
);
