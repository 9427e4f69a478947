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
const shippedForEstimate = () => codeCacheFile(join(dir, "dist", "cli-main.cjs"), undefined, undefined, "estimate");

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

  it("gives the estimate a cache of its own, smaller than the one of every command", () => {
    expect(shippedForEstimate()).toBe(shipped().replace(/\.cache$/, ".estimate.cache"));
    // Made by estimates alone: without capacity's, sensitivity's and the sweep's code, which V8 would
    // deserialise at every estimate's start.
    expect(readFileSync(shippedForEstimate()).length).toBeLessThan(readFileSync(shipped()).length);
    const r = start(["estimate", "examples/quickstart.yaml"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("4,643 channels");
    expect(r.stderr).toBe("mqzcap: start: code cache for estimate\n");
    // A build without it (an older one) gives the estimate the cache of every command.
    const saved = readFileSync(shippedForEstimate());
    rmSync(shippedForEstimate());
    try {
      expect(start(["estimate", "examples/quickstart.yaml"]).stderr).toBe("mqzcap: start: code cache\n");
    } finally {
      writeFileSync(shippedForEstimate(), saved);
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
    const otherForEstimate = other.replace(/\.cache$/, ".estimate.cache");
    renameSync(shipped(), other);
    renameSync(shippedForEstimate(), otherForEstimate);
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
      ).toEqual([other.split("/").pop(), otherForEstimate.split("/").pop()].sort());
    } finally {
      renameSync(other, shipped());
      renameSync(otherForEstimate, shippedForEstimate());
    }
  });
});
