// Configs of one shape: the engine's config copy is generated from the schema, keeps every value and
// the order of the keys a config has, and gives every config the same keys.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { canonicalConfig } from "../src/config/canonical.generated.js";
import { planOf, type Plan } from "../src/config/canonical-plan.js";
import { parseConfigText } from "../src/config/load.js";
import { configSchemas } from "../src/config/schema.js";
import { canonicalSource } from "../scripts/gen-canonical.js";

const { Config } = configSchemas();

const ROOT = join(import.meta.dirname, "..");

/** Every key path the plan gives objects, e.g. "workload.messageSize", "channels[].tls.cipher". */
function keyPaths(plan: Plan, at = ""): string[] {
  if (plan === null) return [];
  if ("element" in plan) return keyPaths(plan.element, `${at}[]`);
  return plan.keys.flatMap(([k, sub]) => [`${at}${at ? "." : ""}${k}`, ...keyPaths(sub, `${at}${at ? "." : ""}${k}`)]);
}

/** The key paths an object actually has (undefined values included). */
function present(v: unknown, at = ""): string[] {
  if (Array.isArray(v)) return v.length ? present(v[0], `${at}[]`) : [];
  if (v === null || typeof v !== "object") return [];
  return Object.entries(v).flatMap(([k, x]) => [
    `${at}${at ? "." : ""}${k}`,
    ...present(x, `${at}${at ? "." : ""}${k}`),
  ]);
}

const minimal = `version: 1
workload: { messageSize: 1KB }
channels: [{ name: A, type: sender }]
`;
const fuller = `version: 1
name: fuller
mq: { release: "9.3" }
workload: { pattern: one-way, persistent: true, messageSize: 32KB, rate: 500/s }
logging: { dualLogs: false }
channels: [{ name: B, type: server-connection, sharecnv: 10, tls: { cipher: TLS_AES_256_GCM_SHA384 } }]
storage: { chin: { used: 120MB, free: 1346MB } }
`;

describe("configs of one shape", () => {
  it("src/config/canonical.generated.ts is what scripts/gen-canonical.ts makes of the schema", () => {
    expect(readFileSync(join(ROOT, "src/config/canonical.generated.ts"), "utf8")).toBe(canonicalSource());
  });

  it("keeps every value, and the keys a parsed config has in their order (same JSON)", () => {
    for (const text of [minimal, fuller, readFileSync(join(ROOT, "examples/quickstart.yaml"), "utf8")]) {
      const parsed = Config.parse(parseYaml(text)); // as zod gives it: absent keys left out
      expect(JSON.stringify(canonicalConfig(parsed))).toBe(JSON.stringify(parsed));
    }
  });

  it("gives a minimal and a fuller config the same keys, every one the schema has", () => {
    const a = parseConfigText(minimal, "a.yaml").config;
    const b = parseConfigText(fuller, "b.yaml").config;
    // Both leave out sections (ams, smf, ...): those are undefined, so only their own keys differ.
    const top = (c: object) => Object.keys(c);
    expect(top(a)).toEqual(top(b));
    expect(Object.keys(a.workload)).toEqual(Object.keys(b.workload));
    expect(Object.keys(a.channels![0]!)).toEqual(Object.keys(b.channels![0]!));
    // Every key path of b (which has tls and storage.chin) is one the schema describes, and b has them all
    // for the objects it holds.
    const schemaPaths = keyPaths(planOf(Config));
    const has = present(b);
    expect(has.filter((p) => !schemaPaths.includes(p))).toEqual([]);
    for (const p of ["channels[].tls.resetBytes", "storage.chin.headroom", "workload.syncpoint", "ams"]) {
      expect(has).toContain(p);
    }
  });

  it("is a copy: the parsed config's objects are not shared or changed", () => {
    const parsed = Config.parse({ version: 1, workload: { messageSize: 1024 } });
    const copy = canonicalConfig(parsed);
    expect(copy.workload).not.toBe(parsed.workload);
    expect("ams" in parsed).toBe(false);
    expect("ams" in copy).toBe(true);
  });
});
