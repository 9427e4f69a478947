// The launcher's choice of cache (src/cli/launcher.ts): the shipped V8 code cache only on the V8 that
// made it, Node's compile cache (module.enableCompileCache) on any other Node that has one.
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import nodeModule from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { codeCacheFile } from "../src/cli/code-cache.js";
import { ROOT } from "./helpers/cli.js";

let dir = "";
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "mqzcap-launcher-"));
  cpSync(join(ROOT, "dist"), join(dir, "dist"), { recursive: true, filter: (src) => !src.includes("types") });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function start(args: string[], preload?: string) {
  const r = spawnSync(process.execPath, [...(preload ? ["-r", preload] : []), join(dir, "dist", "cli.cjs"), ...args], {
    encoding: "utf8",
    env: { ...process.env, MQZCAP_DEBUG_START: "1", NO_COLOR: "1" },
    cwd: ROOT,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const shipped = () => codeCacheFile(join(dir, "dist", "cli-main.cjs"));
const OWN = ["capacity", "sensitivity", "sweep"] as const;
const shippedFor = (command: string) => codeCacheFile(join(dir, "dist", "cli-main.cjs"), undefined, undefined, command);

describe("the CLI launcher", () => {
  it("names the code cache by the V8 version and architecture that made it", () => {
    const a = codeCacheFile("/x/cli-main.cjs", { ...process.versions, v8: "11.3.244.8-node.38" }, "x64");
    expect(a).toBe("/x/cli-main.cjs.v8-11.3.244.8-node.38-x64.cache");
    expect(codeCacheFile("/x/cli-main.cjs", { ...process.versions, v8: "12.4.254.21-node.33" }, "x64")).not.toBe(a);
    expect(codeCacheFile("/x/cli-main.cjs", process.versions, "s390x")).not.toBe(
      codeCacheFile("/x/cli-main.cjs", process.versions, "x64"),
    );
  });

  it("uses the shipped code cache on the Node that built it", () => {
    expect(existsSync(shipped())).toBe(true);
    const r = start(["validate", "examples/quickstart.yaml"]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe("mqzcap: start: code cache\n");
  });

  it("gives capacity, sensitivity and the sweep a cache each; the estimate and the rest share one", () => {
    // The estimate (and any other command) reads the general cache: no file of its own is looked for.
    expect(codeCacheFile("/x/cli-main.cjs", process.versions, "x64", "estimate")).toBe(
      codeCacheFile("/x/cli-main.cjs", process.versions, "x64"),
    );
    const general = readFileSync(shipped()).length;
    for (const command of OWN) {
      expect(shippedFor(command)).toBe(shipped().replace(/\.cache$/, `.${command}.cache`));
      // Made by the estimates' runs and then the command's own: it holds more than the estimates' cache.
      expect(readFileSync(shippedFor(command)).length, command).toBeGreaterThan(general);
    }
    expect(start(["capacity", "examples/quickstart.yaml"]).stderr).toBe("mqzcap: start: code cache for capacity\n");
    expect(start(["sensitivity", "examples/quickstart.yaml"]).stderr).toBe(
      "mqzcap: start: code cache for sensitivity\n",
    );
    const sweep = start(["sweep", "examples/quickstart.yaml", "--vary", "workload.rate=100/s,200/s"]);
    expect(sweep.code).toBe(0);
    expect(sweep.stderr).toBe("mqzcap: start: code cache for sweep\n");
    const r = start(["estimate", "examples/quickstart.yaml"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("4,643 channels");
    expect(r.stderr).toBe("mqzcap: start: code cache\n");
    // A build without capacity's (an older one) gives capacity the general cache.
    const saved = readFileSync(shippedFor("capacity"));
    rmSync(shippedFor("capacity"));
    try {
      expect(start(["capacity", "examples/quickstart.yaml"]).stderr).toBe("mqzcap: start: code cache\n");
    } finally {
      writeFileSync(shippedFor("capacity"), saved);
    }
  });

  it("adds each build run's compiled code to the cache the run before made", () => {
    // As the build makes it (scripts/build.ts): with MQZCAP_BUILD_CODE_CACHE naming the cache file.
    const cache = shipped();
    const saved = readFileSync(cache);
    rmSync(cache);
    try {
      const build = (args: string[]) =>
        spawnSync(process.execPath, [join(dir, "dist", "cli.cjs"), ...args], {
          encoding: "utf8",
          env: { ...process.env, MQZCAP_DEBUG_START: "1", MQZCAP_BUILD_CODE_CACHE: cache, NO_COLOR: "1" },
          cwd: ROOT,
        });
      const first = build(["estimate", "examples/quickstart.yaml"]);
      expect(first.stderr).toBe("mqzcap: start: making the code cache\n");
      const one = readFileSync(cache).length;
      // A second run compiles what the first did not (the explanation): the cache holds both.
      const second = build(["estimate", "examples/quickstart.yaml", "--explain"]);
      expect(second.stderr).toBe("mqzcap: start: making the code cache (adding to the one before)\n");
      expect(readFileSync(cache).length).toBeGreaterThan(one);
    } finally {
      writeFileSync(cache, saved);
    }
  });

  it("does not read a cache made by another V8; uses Node's compile cache where Node has one", () => {
    // As if the package had been built on another Node: the only cache file names another V8.
    const other = shipped().replace(/\.v8-[^/]*\.cache$/, ".v8-0.0.0-other.cache");
    const otherFor = (command: string) => other.replace(/\.cache$/, `.${command}.cache`);
    renameSync(shipped(), other);
    for (const command of OWN) renameSync(shippedFor(command), otherFor(command));
    try {
      const r = start(["estimate", "examples/quickstart.yaml"]);
      expect(r.code).toBe(0);
      expect(r.stdout).toContain("4,643 channels");
      const hasCompileCache = typeof (nodeModule as { enableCompileCache?: unknown }).enableCompileCache === "function";
      expect(r.stderr).toMatch(
        hasCompileCache
          ? /^mqzcap: start: no code cache for this Node; Node's compile cache \(status \d\)\n$/
          : /^mqzcap: start: no code cache for this Node, and no compile cache in it\n$/,
      );
      // A Node that has module.enableCompileCache (22.1 and later) gets it called: a stand-in here.
      const marker = join(dir, "compile-cache-called");
      const preload = join(dir, "fake-compile-cache.cjs");
      writeFileSync(
        preload,
        `require("node:module").enableCompileCache = () => { require("node:fs").writeFileSync(${JSON.stringify(marker)}, "yes"); return { status: 1 }; };\n`,
      );
      const faked = start(["estimate", "examples/quickstart.yaml"], preload);
      expect(faked.code).toBe(0);
      expect(faked.stderr).toBe("mqzcap: start: no code cache for this Node; Node's compile cache (status 1)\n");
      expect(readFileSync(marker, "utf8")).toBe("yes");
      // Nothing was written beside the bundle at run time.
      expect(
        readdirSync(join(dir, "dist"))
          .filter((f) => f.endsWith(".cache"))
          .sort(),
      ).toEqual([other, ...OWN.map(otherFor)].map((f) => f.split("/").pop()).sort());
      // Nor does capacity read another V8's cache of its own.
      expect(start(["capacity", "examples/quickstart.yaml"]).stderr).toMatch(
        /^mqzcap: start: no code cache for this Node/,
      );
    } finally {
      renameSync(other, shipped());
      for (const command of OWN) renameSync(otherFor(command), shippedFor(command));
    }
  });
});
