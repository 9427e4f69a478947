// Drives the YAML language server that VS Code's YAML extension runs (yaml-language-server) in-process
// against the shipped JSON Schemas, to show that editors validate, complete and explain mqzcap configs
// and model files. The schemas are read from schema/, as an editor reads them: run
// `npx tsx scripts/build.ts --no-types` first (npm test does).
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { TextDocument } from "vscode-languageserver-textdocument";
import { getLanguageService, type Diagnostic, type LanguageService, type SchemasSettings } from "yaml-language-server";
import { CIPHER_NAMES, IANA_CIPHER_NAMES } from "../../src/config/ciphers.js";
import { parseConfigText } from "../../src/config/load.js";
import { InputError } from "../../src/util/diagnostic.js";

const root = fileURLToPath(new URL("../../", import.meta.url));
const CONFIG_SCHEMA = join(root, "schema", "config.schema.json");
const MODEL_SCHEMA = join(root, "schema", "model.schema.json");
const configSchema = JSON.parse(readFileSync(CONFIG_SCHEMA, "utf8")) as JsonSchemaNode;
const modelSchema = JSON.parse(readFileSync(MODEL_SCHEMA, "utf8")) as JsonSchemaNode;

interface JsonSchemaNode {
  description?: string;
  properties?: Record<string, JsonSchemaNode>;
  items?: JsonSchemaNode;
}

/** A schema node by property path ("[]" steps into array items), for comparing hover text with it. */
function schemaAt(schema: JsonSchemaNode, path: string[]): JsonSchemaNode {
  let node = schema;
  for (const step of path) {
    const next = step === "[]" ? node.items : node.properties?.[step];
    if (!next) throw new Error(`no schema node at ${path.join(".")}`);
    node = next;
  }
  return node;
}

interface Harness {
  ls: LanguageService;
  /** Schema URIs the server fetched (a $schema modeline makes it fetch one). */
  requested: string[];
  /** Errors the server swallowed and reported only to telemetry; a silent failure would look clean. */
  errors: unknown[];
}

function createHarness(schemas: SchemasSettings[]): Harness {
  const requested: string[] = [];
  const errors: unknown[] = [];
  const ls = getLanguageService({
    schemaRequestService: async (uri: string) => {
      requested.push(uri);
      if (!uri.startsWith("file:")) throw new Error(`tests fetch no schemas over the network: ${uri}`);
      return readFileSync(fileURLToPath(uri), "utf8");
    },
    workspaceContext: {
      resolveRelativePath: (relativePath: string, resource: string) => new URL(relativePath, resource).href,
    },
    telemetry: {
      send: () => undefined,
      sendTrack: () => undefined,
      sendError: (name: string, error: unknown) => errors.push({ name, error }),
    },
  });
  ls.configure({ validate: true, completion: true, hover: true, schemas });
  return { ls, requested, errors };
}

const configSettings = (fileMatch = ["*.yaml"]): SchemasSettings[] => [
  { uri: pathToFileURL(CONFIG_SCHEMA).href, fileMatch, schema: configSchema },
];
const modelSettings = (): SchemasSettings[] => [
  { uri: pathToFileURL(MODEL_SCHEMA).href, fileMatch: ["*.yaml"], schema: modelSchema },
];

// The server caches parsed documents by URI and version, so every document gets a fresh version.
let version = 0;
function doc(text: string, path = join(root, "test", "vscode", "scratch.yaml")): TextDocument {
  return TextDocument.create(pathToFileURL(path).href, "yaml", ++version, text);
}

/** Text with a `|` marking the cursor: the document without it, and the cursor's position. */
function withCursor(marked: string, path?: string) {
  const at = marked.indexOf("|");
  if (at < 0 || marked.indexOf("|", at + 1) >= 0) throw new Error("mark exactly one cursor with |");
  const d = doc(marked.slice(0, at) + marked.slice(at + 1), path);
  return { document: d, position: d.positionAt(at) };
}

async function validate(h: Harness, document: TextDocument): Promise<Diagnostic[]> {
  const diagnostics = await h.ls.doValidation(document, false);
  expect(h.errors).toEqual([]);
  return diagnostics;
}

const show = (ds: Diagnostic[]) => ds.map((d) => `${d.range.start.line + 1}: ${d.message}`);

/** Drops a leading `# yaml-language-server: $schema=...` line, so that only the configured schema applies. */
const withoutModeline = (text: string) => text.replace(/^# yaml-language-server:.*\n/, "# (modeline removed)\n");

const examples = readdirSync(join(root, "examples"))
  .filter((f) => f.endsWith(".yaml"))
  .map((f) => join(root, "examples", f));

describe("yaml-language-server with schema/config.schema.json", () => {
  it("finds example configs to check", () => {
    expect(examples.length).toBeGreaterThan(0);
  });

  describe.each(examples.map((file) => [file.slice(root.length), file] as const))("%s", (_name, file) => {
    const text = readFileSync(file, "utf8");

    it("gives no diagnostics with the schema configured (as .vscode/settings.json does)", async () => {
      const h = createHarness(configSettings());
      expect(show(await validate(h, doc(withoutModeline(text), file)))).toEqual([]);
    });

    it("gives no diagnostics through its own first-line $schema comment, which resolves to schema/", async () => {
      expect(text.split("\n")[0]).toMatch(/^# yaml-language-server: \$schema=\S+config\.schema\.json$/);
      const h = createHarness([]);
      expect(show(await validate(h, doc(text, file)))).toEqual([]);
      expect(h.requested).toContain(pathToFileURL(CONFIG_SCHEMA).href);
      // The modeline path is really validating: the same file with a bad key is flagged.
      const broken = await validate(h, doc(text + "colour: blue\n", file));
      expect(show(broken)).toEqual([`${text.split("\n").length}: Property colour is not allowed.`]);
    });

    it("is also accepted by the CLI", () => {
      expect(() => parseConfigText(text, file)).not.toThrow();
    });
  });

  // Each broken config: the 1-based line of the problem and what the message must say. Every
  // diagnostic must be on that line, and the CLI must reject the config at the same line.
  const broken: { name: string; text: string; line: number; message: RegExp }[] = [
    {
      name: "misspelt key",
      text: "version: 1\nworkload:\n  pattern: one-way\n  mesageSize: 32KB\n",
      line: 4,
      message: /^Property mesageSize is not allowed\.$/,
    },
    {
      name: "cipher not in the enum",
      text: [
        "version: 1",
        "channels:",
        "  - name: TO.QM2",
        "    type: sender",
        "    tls: { cipher: ECDHE_RSA_AES_256_CBC_SHA383 }",
        "",
      ].join("\n"),
      line: 5,
      message: /^Value is not accepted\. Valid values: .*"ECDHE_RSA_AES_256_CBC_SHA384"/,
    },
    {
      name: "wrong type",
      text: "version: 1\nhardware:\n  generation: z16\n  cpus: eight\n",
      line: 4,
      message: /^Incorrect type\. Expected "integer"\.$/,
    },
    {
      name: "unknown top-level section",
      text: "version: 1\nqueues:\n  depth: 100\n",
      line: 2,
      message: /^Property queues is not allowed\.$/,
    },
    {
      name: 'bad release "9.4"',
      text: 'version: 1\nmq: { release: "9.4" }\n',
      line: 2,
      message: /^Value is not accepted\. Valid values: "5\.3", "8\.0", "9\.0", "9\.1", "9\.2", "9\.3"\.$/,
    },
    {
      name: "release as an unquoted YAML number",
      text: "version: 1\nmq:\n  release: 9.3\n",
      line: 3,
      message: /^Incorrect type\. Expected "string"\.$/,
    },
    {
      name: "size with an unknown unit",
      text: "version: 1\nworkload:\n  messageSize: 32XB\n",
      line: 3,
      // workload.messageSize takes a range too, and its message says so.
      message: /^expected a size such as 32KB, or a range: 2KB\.\.8KB, 32KB \+\/-10%$/,
    },
    {
      name: "size as a number above MQ's 100MB",
      text: "version: 1\nworkload:\n  messageSize: 104857601\n",
      line: 3,
      message: /^Value is above the maximum of 104857600\.$/,
    },
    {
      name: "percentage over 100%",
      text: "version: 1\nstorage:\n  chin: { used: 120MB, free: 1346MB, headroom: 120% }\n",
      line: 3,
      message: /^expected a percentage from 0% to 100%, such as 60%$/,
    },
    {
      name: "rate without /s",
      text: "version: 1\nworkload:\n  rate: 2000 per second\n",
      line: 3,
      message: /^expected a positive rate such as 2000\/s/,
    },
    {
      name: "interval not in quotes (a YAML number)",
      text: "version: 1\nsmf:\n  statisticsInterval: 1.00\n",
      line: 3,
      message: /^expected MMMM\.SS in quotes/,
    },
    {
      name: "interval with 60 seconds",
      text: 'version: 1\nsmf:\n  accountingInterval: "0.60"\n',
      line: 3,
      message: /^expected MMMM\.SS in quotes/,
    },
    {
      name: "count out of range",
      text: "version: 1\nchannels:\n  - { name: C, type: receiver, count: 0 }\n",
      line: 3,
      message: /^Value is below the minimum of 1\.$/,
    },
    {
      name: "missing version",
      text: "mq:\n  release: '9.3'\n",
      line: 1,
      message: /^Missing property "version"\.$/,
    },
  ];

  it.each(broken)("flags $name on line $line, as the CLI does", async ({ text, line, message }) => {
    const h = createHarness(configSettings());
    const diagnostics = await validate(h, doc(text));
    expect(diagnostics.length, show(diagnostics).join("\n")).toBeGreaterThan(0);
    expect(
      show(diagnostics).every((d) => d.startsWith(`${line}: `)),
      show(diagnostics).join("\n"),
    ).toBe(true);
    expect(diagnostics.map((d) => d.message)).toContainEqual(expect.stringMatching(message));

    let cliLines: number[] = [];
    try {
      parseConfigText(text, "plan.yaml");
    } catch (err) {
      if (!(err instanceof InputError)) throw err;
      cliLines = err.diagnostics.map((d) => d.line ?? -1);
    }
    expect(cliLines).toContain(line);
  });

  describe("completion", () => {
    const cipherCases = [
      ["block style", "version: 1\nchannels:\n  - name: A\n    type: sender\n    tls:\n      cipher: |\n"],
      ["flow style, cursor before }", "version: 1\nchannels:\n  - { name: A, type: sender, tls: { cipher: |} }\n"],
      ["flow style, part typed", "version: 1\nchannels:\n  - { name: A, type: sender, tls: { cipher: ECDHE| } }\n"],
    ] as const;

    it.each(cipherCases)("offers the CipherSpec names for tls.cipher (%s)", async (_style, marked) => {
      const h = createHarness(configSettings());
      const { document, position } = withCursor(marked);
      const labels = (await h.ls.doComplete(document, position, false)).items.map((i) => i.label);
      expect(h.errors).toEqual([]);
      expect(labels).toContain("ECDHE_RSA_AES_256_CBC_SHA384");
      expect(labels).toContain("TLS_AES_256_GCM_SHA384");
      // MQ's CipherSpecs, and the IANA names of those MQ also takes under them.
      expect([...labels].sort()).toEqual([...CIPHER_NAMES, ...IANA_CIPHER_NAMES].sort());
    });

    it("offers the workload keys inside workload:, messageSize among them, and not keys already there", async () => {
      const h = createHarness(configSettings());
      const { document, position } = withCursor("version: 1\nworkload:\n  pattern: one-way\n  |\n");
      const items = (await h.ls.doComplete(document, position, false)).items;
      const labels = items.map((i) => i.label);
      expect(labels).toContain("messageSize");
      expect(labels).toEqual(expect.arrayContaining(["queues", "persistent", "syncpoint", "rate"]));
      expect(labels).not.toContain("pattern");
      expect(labels).not.toContain("channels");
      const messageSize = items.find((i) => i.label === "messageSize")!;
      expect(JSON.stringify(messageSize.documentation)).toContain("100MB");
    });

    it("offers the releases for mq.release, quoted so that YAML keeps them strings", async () => {
      const h = createHarness(configSettings());
      const { document, position } = withCursor("version: 1\nmq:\n  release: |\n");
      const labels = (await h.ls.doComplete(document, position, false)).items.map((i) => i.label);
      expect(labels).toEqual(['"5.3"', '"8.0"', '"9.0"', '"9.1"', '"9.2"', '"9.3"']);
    });
  });

  describe("hover", () => {
    const text = [
      "version: 1",
      "channels:",
      "  - name: CLIENTS",
      "    type: server-connection",
      "    sharecnv: 1",
      "    tls:",
      "      cipher: TLS_AES_256_GCM_SHA384",
      "      resetBytes: 1MB",
      "smf:",
      '  statisticsInterval: "1.00"',
      "",
    ].join("\n");
    const cases = [
      { key: "sharecnv", line: 5, attribute: "SHARECNV", path: ["channels", "[]", "sharecnv"] },
      { key: "resetBytes", line: 8, attribute: "SSLRKEYC", path: ["channels", "[]", "tls", "resetBytes"] },
      { key: "cipher", line: 7, attribute: "SSLCIPH", path: ["channels", "[]", "tls", "cipher"] },
      { key: "statisticsInterval", line: 10, attribute: "STATIME", path: ["smf", "statisticsInterval"] },
    ];

    it.each(cases)("on $key shows its description, naming $attribute", async ({ key, line, attribute, path }) => {
      const h = createHarness(configSettings());
      const lineText = text.split("\n")[line - 1]!;
      const hover = await h.ls.doHover(doc(text), { line: line - 1, character: lineText.indexOf(key) + 1 });
      expect(h.errors).toEqual([]);
      const contents = hover?.contents;
      const markdown = contents && typeof contents === "object" && "value" in contents ? contents.value : "";
      const value = markdown.replace(/\\([\\`*_{}[\]()#+.!-])/g, "$1"); // undo markdown escapes
      const description = schemaAt(configSchema, path).description!;
      expect(description).toContain(attribute);
      expect(value).toContain(description);
    });
  });
});

describe("yaml-language-server with schema/model.schema.json", () => {
  const CHIN = join(root, "models", "000", "chin-storage.yaml");
  const chin = readFileSync(CHIN, "utf8");

  it("gives no diagnostics for models/000/chin-storage.yaml, configured and through its modeline", async () => {
    const configured = createHarness(modelSettings());
    expect(show(await validate(configured, doc(withoutModeline(chin), CHIN)))).toEqual([]);
    const modeline = createHarness([]);
    expect(show(await validate(modeline, doc(chin, CHIN)))).toEqual([]);
    expect(modeline.requested).toContain(pathToFileURL(MODEL_SCHEMA).href);
  });

  it("flags a broken model file on the broken line", async () => {
    const lines = chin.split("\n");
    const at = lines.findIndex((l) => l.startsWith("source: "));
    expect(at).toBeGreaterThan(0);
    const bad = [...lines.slice(0, at), 'source: "007"', ...lines.slice(at + 1)].join("\n");
    const h = createHarness(modelSettings());
    const diagnostics = await validate(h, doc(withoutModeline(bad), CHIN));
    expect(diagnostics.length).toBeGreaterThan(0);
    expect(diagnostics.map((d) => d.range.start.line)).toContain(at);

    const misspelt = chin.replace(/^title: /m, "titel: ");
    const d2 = await validate(h, doc(withoutModeline(misspelt), CHIN));
    expect(show(d2)).toContainEqual(expect.stringMatching(/Property titel is not allowed/));
  });
});
