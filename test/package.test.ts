// The package as a user gets it: `npm pack`, installed into an empty project without optional
// dependencies (so without @napi-rs/canvas) and without the network, then used the ways the README
// says: import, require, the CLI, and TypeScript (NodeNext and Bundler resolution, ESM and CommonJS),
// with no @types/node and no DOM library. Costs about 15-30 s on the shared 2-core machine (pack ~3 s,
// install ~3 s, two tsc runs ~4 s each, the CLI runs), plus a declaration build (~30 s) when dist/types
// is older than the sources.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "./helpers/cli.js";

const MB = 1024 * 1024;
const TSC = join(ROOT, "node_modules", "typescript", "bin", "tsc");
let dir = "";
let tarball = "";
let packed: string[] = [];
const installed = () => join(dir, "node_modules", "mqzcap");

function sh(cmd: string, args: string[], cwd: string, env: Record<string, string> = {}) {
  const r = spawnSync(cmd, args, { cwd, encoding: "utf8", env: { ...process.env, NO_COLOR: "1", ...env } });
  return { code: r.status, stdout: r.stdout ?? "", stderr: r.stderr ?? "" };
}

/** Every file under a folder with its size. */
function files(root: string): { path: string; size: number }[] {
  const out: { path: string; size: number }[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.isFile()) out.push({ path: relative(root, p), size: statSync(p).size });
    }
  };
  walk(root);
  return out;
}

/** The newest modification time of the TypeScript sources. */
function newestSource(): number {
  return Math.max(
    ...files(join(ROOT, "src"))
      .filter((f) => f.path.endsWith(".ts"))
      .map((f) => statSync(join(ROOT, "src", f.path)).mtimeMs),
  );
}

beforeAll(() => {
  // The declarations are made by the full build only (npm test's build keeps the last ones): make them
  // again when any source is newer, so the TypeScript checks below see the current API.
  const types = join(ROOT, "dist", "types", "index.d.ts");
  if (!existsSync(types) || statSync(types).mtimeMs < newestSource()) {
    const r = sh(process.execPath, [TSC, "-p", "tsconfig.build.json"], ROOT);
    if (r.code !== 0) throw new Error(`declarations: ${r.stdout}${r.stderr}`);
  }
  dir = mkdtempSync(join(tmpdir(), "mqzcap-package-"));
  const pack = sh("npm", ["pack", "--json", "--ignore-scripts", "--pack-destination", dir], ROOT);
  if (pack.code !== 0) throw new Error(`npm pack: ${pack.stderr}`);
  const info = JSON.parse(pack.stdout) as { filename: string; files: { path: string }[] }[];
  tarball = join(dir, info[0]!.filename);
  packed = info[0]!.files.map((f) => f.path);
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "consumer", private: true, type: "module" }));
  const install = sh(
    "npm",
    ["install", "--offline", "--omit=optional", "--ignore-scripts", "--no-audit", "--no-fund", tarball],
    dir,
  );
  if (install.code !== 0) throw new Error(`npm install: ${install.stderr}`);
}, 180000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("the packed package", () => {
  it("holds what the installed package needs and no more", () => {
    for (const f of [
      "dist/cli.cjs",
      "dist/cli-main.cjs",
      "dist/cli-smf.cjs",
      "dist/cli-chart.cjs",
      "dist/index.js",
      "dist/index.js.map",
      "dist/types/index.d.ts",
      "dist/models.json",
      "dist/chart.umd.min.js",
      "dist/fonts/DejaVuSans.ttf",
      "dist/fonts/DejaVuSans-Bold.ttf",
      "dist/fonts/LICENSE",
      "examples/quickstart.yaml",
      "schema/config.schema.json",
      "README.md",
      "package.json",
    ])
      expect(packed, f).toContain(f);
    // The library's source maps (stack traces under --enable-source-maps), none for the CLI's bundles,
    // which nothing loads (scripts/build.ts): their room holds capacity's, sensitivity's and the
    // sweep's code caches, one V8 version's each, beside the general one.
    expect(packed.filter((f) => /^dist\/cli[^/]*\.map$/.test(f))).toEqual([]);
    for (const command of ["", ".capacity", ".sensitivity", ".sweep"])
      expect(
        packed.filter((f) => f.startsWith("dist/cli-main.cjs.v8-") && f.endsWith(`-${process.arch}${command}.cache`)),
        command,
      ).toHaveLength(1);
    // Two fonts of the 22 the font package has; no sources, tests or goldens.
    expect(packed.filter((f) => f.endsWith(".ttf"))).toHaveLength(2);
    expect(packed.filter((f) => /^(?:src|test|bench|scripts)\/|^examples\/golden\//.test(f))).toEqual([]);
  });

  it("depends at run time on exactly the packages its files load: none, and @napi-rs/canvas optionally", () => {
    const pkg = JSON.parse(readFileSync(join(installed(), "package.json"), "utf8")) as Record<
      string,
      Record<string, string> | undefined
    >;
    // Bare specifiers the shipped JavaScript loads (require("x"), import ... "x", and createRequire(...)("x")
    // as the chart module loads the canvas), Node's own aside.
    const loaded = new Set<string>();
    for (const f of files(join(installed(), "dist")).filter((f) => /\.c?js$/.test(f.path))) {
      const text = readFileSync(join(installed(), "dist", f.path), "utf8");
      for (const m of text.matchAll(
        /(?:require\(|\bfrom|\bimport\(|\)\()\s*["']((?:@[a-z\d][\w.-]*\/)?[a-z\d][\w.-]*)(?:\/[\w./-]*)?["']/g,
      )) {
        const name = m[1]!.startsWith("@") ? m[1]!.split("/").slice(0, 2).join("/") : m[1]!.split("/")[0]!;
        if (!name.startsWith("node:") && !BUILTINS.has(name)) loaded.add(name);
      }
    }
    expect([...loaded].sort()).toEqual(["@napi-rs/canvas"]);
    expect(pkg.dependencies ?? {}).toEqual({});
    expect(Object.keys(pkg.optionalDependencies ?? {})).toEqual(["@napi-rs/canvas"]);
    expect(existsSync(join(dir, "node_modules", "@napi-rs"))).toBe(false);
  });

  it("installs in at most 15 MB of node_modules", () => {
    const total = files(join(dir, "node_modules")).reduce((n, f) => n + f.size, 0);
    expect(readdirSync(join(dir, "node_modules")).filter((n) => !n.startsWith("."))).toEqual(["mqzcap"]);
    expect(total / MB).toBeLessThanOrEqual(15);
  });

  it("loads with import and with require (Node 20.19 and later), names intact", () => {
    const esm = sh(
      process.execPath,
      [
        "--input-type=module",
        "-e",
        'import { estimate, Registry, renderTable, renderCapacityTable, renderCapacityHtml, sweep } from "mqzcap"; const e = estimate("node_modules/mqzcap/examples/quickstart.yaml"); console.log(e.format, Registry.name, typeof renderTable, typeof renderCapacityTable, typeof renderCapacityHtml, typeof sweep);',
      ],
      dir,
    );
    expect(esm.stderr).toBe("");
    expect(esm.stdout.trim()).toBe("mqzcap/estimate@1 Registry function function function function");
    const cjs = sh(
      process.execPath,
      ["-e", 'const m = require("mqzcap"); console.log(m.estimate({ version: 1 }).format, m.Registry.name);'],
      dir,
    );
    expect(cjs.stderr).toBe("");
    expect(cjs.stdout.trim()).toBe("mqzcap/estimate@1 Registry");
  });

  it("type-checks with NodeNext (ESM and CommonJS) and Bundler resolution, without @types/node or zod", () => {
    writeFileSync(
      join(dir, "use.ts"),
      [
        'import { estimate, configSchema, renderTable, sweep, type Config, type ConfigInput, type Estimate } from "mqzcap";',
        // tls.cipher is the union of CipherSpec names: a misspelt one is a type error (the @ts-expect-error
        // below fails the check if it is not).
        'const input: ConfigInput = { version: 1, channels: [{ name: "A", type: "sender", tls: { cipher: "ECDHE_RSA_AES_256_GCM_SHA384" } }] };',
        "// @ts-expect-error not a CipherSpec",
        'const wrong: ConfigInput = { version: 1, channels: [{ name: "A", type: "sender", tls: { cipher: "ECDHE_RSA_AES_256_GCM_SHA385" } }] };',
        "const e: Estimate = estimate(input);",
        "const c: Config = configSchema.parse(input);",
        "const text: string = renderTable(e, { color: false });",
        'const s = sweep(input, ["workload.rate=100/s,200/s"]);',
        "export const used = [wrong, c.version, text, s.points.length];",
      ].join("\n"),
    );
    writeFileSync(
      join(dir, "use-cjs.cts"),
      'import mqzcap = require("mqzcap");\nexport const format: string = mqzcap.estimate({ version: 1 }).format;\n',
    );
    const common = { target: "ES2022", lib: ["ES2022"], strict: true, noEmit: true, skipLibCheck: false, types: [] };
    writeFileSync(
      join(dir, "tsconfig.nodenext.json"),
      JSON.stringify({
        compilerOptions: { ...common, module: "NodeNext", moduleResolution: "NodeNext" },
        files: ["use.ts", "use-cjs.cts"],
      }),
    );
    writeFileSync(
      join(dir, "tsconfig.bundler.json"),
      JSON.stringify({
        compilerOptions: { ...common, module: "ESNext", moduleResolution: "Bundler" },
        files: ["use.ts"],
      }),
    );
    for (const project of ["tsconfig.nodenext.json", "tsconfig.bundler.json"]) {
      const r = sh(process.execPath, [TSC, "-p", project], dir);
      const zod = /Cannot find module 'zod'/.test(r.stdout)
        ? " (the library's declarations reach zod, which is bundled, not installed: import the types Config, " +
          "ConfigInput and ChannelConfig from src/config/types.generated.js and AddressSpace and Hardware from " +
          "src/model/vocabulary.js, not from the zod schema modules)"
        : "";
      expect(`${r.stdout}${r.stderr}`, `${project}${zod}`).toBe("");
      expect(r.code, project).toBe(0);
    }
  });

  it("runs the CLI: estimate, html with Chart.js inlined, calibrate (its own bundle)", () => {
    const cli = join(installed(), "dist", "cli.cjs");
    const est = sh(process.execPath, [cli, "estimate", "node_modules/mqzcap/examples/quickstart.yaml"], dir);
    expect(est.code).toBe(0);
    // The MQ 9.3 report's answer, seed 000 line 361: 4,643 clients.
    expect(est.stdout).toContain("4,643 channels");
    const html = sh(
      process.execPath,
      [cli, "estimate", "node_modules/mqzcap/examples/quickstart.yaml", "--format", "html"],
      dir,
    );
    expect(html.code).toBe(0);
    expect(html.stdout).toContain("Chart.js v4");
    // The SMF fixtures are beside the checkout (../shared), not in it: without them the calibrate half
    // is skipped, as the fixture tests are.
    const smf = join(ROOT, "..", "shared", "fixtures", "smf", "TEST115");
    if (!existsSync(smf)) return;
    // TEST115 is one statistics interval: below calibrate's minimum, accepted here to run the bundle.
    const cal = sh(process.execPath, [cli, "calibrate", smf, "--accept-small"], dir);
    expect(cal.stderr).not.toContain("internal error");
    expect(cal.code).toBe(0);
  });

  it("goes from mqzcap init to an estimate: the starter names the installed schema, and every example ships", () => {
    const cli = join(installed(), "dist", "cli.cjs");
    const init = sh(process.execPath, [cli, "init", "plan.yaml"], dir);
    expect(init.stderr).toContain("wrote plan.yaml");
    expect(init.code).toBe(0);
    const text = readFileSync(join(dir, "plan.yaml"), "utf8");
    expect(text.split("\n")[0]).toBe("# yaml-language-server: $schema=./node_modules/mqzcap/schema/config.schema.json");
    expect(existsSync(join(dir, "node_modules/mqzcap/schema/config.schema.json"))).toBe(true);
    const est = sh(process.execPath, [cli, "estimate", "plan.yaml"], dir);
    expect(est.stderr).toBe("");
    expect(est.code).toBe(0);
    expect(est.stdout).toContain("mqzcap estimate: my queue manager");
    // Every example the repository has (goldens aside) is in the package, for init --example.
    const shipped = readdirSync(join(ROOT, "examples")).filter((f) => /\.(?:yaml|json)$/.test(f));
    for (const f of shipped) expect(packed, f).toContain(`examples/${f}`);
    const ex = sh(process.execPath, [cli, "init", "--example", "z14-to-z15", "-o", "z.yaml"], dir);
    expect(ex.code).toBe(0);
    expect(sh(process.execPath, [cli, "estimate", "z.yaml"], dir).code).toBe(0);
  });

  it("without @napi-rs/canvas, chart and --chart stop with exit 2 and say to use --format html, writing nothing", () => {
    const cli = join(installed(), "dist", "cli.cjs");
    const chart = sh(
      process.execPath,
      [cli, "chart", "node_modules/mqzcap/examples/quickstart.yaml", "-o", "q.png"],
      dir,
    );
    expect(chart.code).toBe(2);
    expect(chart.stderr).toContain("PNG/SVG charts need @napi-rs/canvas");
    expect(chart.stderr).toContain("use --format html");
    expect(chart.stderr).not.toContain("internal error");
    const est = sh(
      process.execPath,
      [cli, "estimate", "node_modules/mqzcap/examples/quickstart.yaml", "--out", "r.txt", "--chart", "r.png"],
      dir,
    );
    expect(est.code).toBe(2);
    expect(existsSync(join(dir, "r.txt"))).toBe(false);
    expect(existsSync(join(dir, "q.png"))).toBe(false);
    const lib = sh(
      process.execPath,
      [
        "--input-type=module",
        "-e",
        'import { estimate, estimateChart, renderChart, InputError } from "mqzcap"; try { await renderChart(estimateChart(estimate({ version: 1 })), { format: "png" }); } catch (err) { console.log(err instanceof InputError, err.message); }',
      ],
      dir,
    );
    expect(lib.stdout).toContain("true chart: error: PNG/SVG charts need @napi-rs/canvas");
  });
});

const BUILTINS = new Set(builtinModules);
