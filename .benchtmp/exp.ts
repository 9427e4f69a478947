import { build, type Plugin } from "esbuild";
import { writeFileSync, mkdirSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { loadModelDir } from "../src/model/loader.js";
const models = loadModelDir("models", { displayRoot: process.cwd() });
const modelsJson = JSON.stringify(models);
const plugin: Plugin = { name: "m", setup(b) {
  b.onResolve({ filter: /^mqzcap:models$/ }, () => ({ path: "models", namespace: "mm" }));
  b.onLoad({ filter: /.*/, namespace: "mm" }, () => ({ contents: `export default JSON.parse(${JSON.stringify(modelsJson)});`, loader: "js" }));
}};
const entries: Record<string,string> = {
  empty: `console.log(1)`,
  models: `import m from "mqzcap:models"; console.log(m.entries.length)`,
  modelsLit: `const s = ${JSON.stringify(modelsJson)}; console.log(s.length)`,
  config: `import {Config} from "../../src/config/schema.ts"; console.log(typeof Config)`,
  zod: `import {z} from "zod"; console.log(typeof z)`,
  yaml: `import {parseDocument} from "yaml"; console.log(typeof parseDocument)`,
  commander: `import {Command} from "commander"; console.log(typeof Command)`,
  rules: `import {RULES} from "../../src/rules/index.ts"; console.log(RULES.length)`,
  load: `import {loadConfigFile} from "../../src/config/load.ts"; console.log(typeof loadConfigFile)`,
  clinomodels: `import {buildProgram} from "../../src/cli/main.ts"; console.log(typeof buildProgram)`,
};
mkdirSync(".benchtmp/e", { recursive: true });
for (const [k, v] of Object.entries(entries)) writeFileSync(`.benchtmp/e/${k}.ts`, v);
await build({ entryPoints: Object.keys(entries).map(k=>`.benchtmp/e/${k}.ts`), outdir: ".benchtmp/out", bundle: true, format: "esm", platform: "node", target: "node20", minify: true, external: ["@napi-rs/canvas"], define: { __MQZCAP_VERSION__: '"x"' }, plugins: [plugin], logLevel: "error",
  banner: { js: 'import { createRequire as __r } from "node:module"; const require = __r(import.meta.url);' } });
const t = (args: string[]) => { const s = process.hrtime.bigint(); spawnSync(process.execPath, args); return Number(process.hrtime.bigint() - s) / 1e6; };
const med = (a: number[]) => a.sort((x, y) => x - y)[a.length >> 1]!;
for (const k of ["empty", ...Object.keys(entries)]) {
  const args = k === "empty" ? ["-e", "0"] : [`.benchtmp/out/${k}.js`];
  for (let i = 0; i < 3; i++) t(args);
  const r: number[] = []; for (let i = 0; i < 15; i++) r.push(t(args));
  console.log(k.padEnd(14), med(r).toFixed(1));
}
