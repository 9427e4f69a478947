// The config fragment calibrate writes: YAML with each value's formula and provenance as a comment
// above it (or the whole calibration as JSON), and the merge of a fragment into a plan. Platform-
// neutral: text in, text out.
import { Document, isMap, isScalar, isSeq, parseDocument, type Pair, type YAMLMap, type YAMLSeq } from "yaml";
import { toJson } from "../report/json.js";
import { formatNumber } from "../util/number-format.js";
import { visibleDeep } from "../util/visible-text.js";
import type { Calibration } from "./calibrate.js";
import type { Derived, Provenance } from "./derive.js";

const WIDTH = 100;

/** Words wrapped to comment lines ("# ..."), each line at most WIDTH wide with its indent. */
function commentLines(text: string, indent: number, lead = ""): string[] {
  const width = Math.max(40, WIDTH - indent - 2);
  const out: string[] = [];
  for (const para of text.split("\n")) {
    let line = lead;
    for (const word of para.split(" ")) {
      if (line.length > 0 && line.length + 1 + word.length > width) {
        out.push(line);
        line = lead ? " ".repeat(lead.length) + word : word;
      } else line = line.length === 0 || line === lead ? line + word : `${line} ${word}`;
    }
    out.push(line);
  }
  return out;
}

/** Where a value came from, in one line. */
export function provenanceText(p: Provenance): string {
  if (p.structures.length === 0) return "";
  const parts = [p.structures.join(" + "), `${formatNumber(p.rows, 0)} row${p.rows === 1 ? "" : "s"}`];
  if (p.intervals !== undefined)
    parts.push(`${p.intervals} interval${p.intervals === 1 ? "" : "s"}, ${formatNumber(p.seconds ?? 0, 0)} s`);
  if (p.from) parts.push(p.from === p.to ? p.from : `${p.from} to ${p.to}`);
  const files = p.files.map((x) => x.split(/[\\/]/).pop()!);
  parts.push(files.length <= 3 ? files.join(", ") : `${files.length} files`);
  return `from ${parts.join("; ")}`;
}

/** A withheld value as the config would have it. */
function configValueText(d: Derived): string {
  if (d.written) return d.written;
  return typeof d.value === "number" && d.unit === "/s"
    ? `${d.value}/s`
    : typeof d.value === "number" && d.unit === "us"
      ? `${d.value}us`
      : String(d.value);
}

/** A value's sample and its spread across intervals, in one line; "" without them. */
export function sampleText(d: Derived): string {
  const parts: string[] = [];
  if (d.sample)
    parts.push(
      `sample: ${d.sample.intervals} interval${d.sample.intervals === 1 ? "" : "s"}, ${formatNumber(d.sample.seconds, 0)} s${d.sample.transactions !== undefined ? `, ${formatNumber(d.sample.transactions, 0)} transactions` : ""}`,
    );
  if (d.spread) {
    const u = d.unit === "/s" || d.unit === "%" ? d.unit : d.unit ? ` ${d.unit}` : "";
    parts.push(
      `across intervals p10..p90 ${formatNumber(d.spread.p10, 4)}..${formatNumber(d.spread.p90, 4)}${u} (${d.spread.intervals} interval${d.spread.intervals === 1 ? "" : "s"})${d.written ? `, written as the range ${d.written}` : ""}`,
    );
  }
  return parts.join("; ");
}

function valueComment(d: Derived): string {
  const lines = [`${d.label}: ${d.formula}`];
  const from = provenanceText(d.provenance);
  if (from) lines.push(from);
  const sample = sampleText(d);
  if (sample) lines.push(sample);
  if (d.note) lines.push(`note: ${d.note}`);
  return lines.join("\n");
}

function setComment(node: { commentBefore?: string | null }, text: string, indent: number) {
  node.commentBefore = commentLines(text, indent)
    .map((l) => ` ${l}`)
    .join("\n");
}

/** The pair for a key path in a document, if there is one. */
function pairAt(doc: Document, path: string[]): Pair | undefined {
  const parent = path.length === 1 ? doc.contents : doc.getIn(path.slice(0, -1), true);
  if (!isMap(parent)) return undefined;
  return (parent as YAMLMap).items.find((p) => isScalar(p.key) && p.key.value === path[path.length - 1]) as
    Pair | undefined;
}

/** The fragment as YAML, every derived value under a comment with its formula and provenance. */
export function renderYaml(c: Calibration): string {
  // Names from the SMF data (queue manager, LPAR, channels): control characters as escapes, in values
  // and comments alike (the yaml library writes bidi controls, NEL and LS as they are).
  c = visibleDeep(c);
  const doc = new Document(c.config);
  for (const d of c.values) {
    const path = d.path.split(".");
    const pair = pairAt(doc, path);
    if (pair && isScalar(pair.key)) setComment(pair.key, valueComment(d), (path.length - 1) * 2);
  }
  const chans = doc.get("channels", true);
  if (isSeq(chans)) {
    for (const item of (chans as YAMLSeq).items) {
      if (!isMap(item)) continue;
      const name = String((item as YAMLMap).get("name"));
      const ch = c.channels.find((x) => x.name === name);
      if (!ch) continue;
      const bits = [
        `${ch.name} (${ch.type}): QCST Msg_All_Count ${formatNumber(ch.messages, 0)} / ${formatNumber(c.window.seconds, 0)} s = ${ch.ratePerSecond ?? "?"}/s${ch.spread ? ` (across ${ch.spread.intervals} statistics intervals p10..p90 ${formatNumber(ch.spread.p10, 4)}..${formatNumber(ch.spread.p90, 4)}/s)` : ""}`,
      ];
      if (ch.averageMessageBytes)
        bits.push(
          `message size Number_Bytes ${formatNumber(ch.messageBytes, 0)} / messages = ${ch.averageMessageBytes} bytes`,
        );
      if (ch.averageBatch !== undefined)
        bits.push(`batches ${formatNumber(ch.batches, 0)}, ${ch.averageBatch} messages a batch`);
      if (ch.batchSizeAttribute !== undefined) bits.push(`BATCHSZ ${ch.batchSizeAttribute}`);
      if (ch.cipherCodes.length > 0)
        bits.push(
          `TLS cipher suite ${ch.cipherCodes.join(", ")}${ch.cipher ? ` = ${ch.cipher}` : " (unknown to mqzcap)"}`,
        );
      bits.push(`${ch.instancesInOneInterval} instance(s) in one interval at most; ${ch.rows} QCST rows`);
      setComment(item as YAMLMap, bits.join("; "), 4);
    }
  }
  const head: string[] = [
    `mqzcap calibrate: ${c.queueManager.qmgr} on ${c.queueManager.lpar}${c.queueManager.mqVersion ? `, MQ_Version ${c.queueManager.mqVersion}` : ""}`,
    `selection: ${c.selection.rule}; ${c.window.from ? `records ${c.window.from} to ${c.window.to}` : "no record times"}`,
    `window: ${formatNumber(c.window.seconds, 0)} s${c.window.basis ? ` (${c.window.basis})` : ""}`,
    `sample: ${c.sample.intervals} statistics interval(s), ${formatNumber(c.sample.seconds, 0)} s, ${c.sample.transactions === null ? "no transaction rate" : `${formatNumber(c.sample.transactions, 0)} transactions`}${c.small.length ? `: below the minimum (${c.small.join(", ")})` : ""}`,
    `read: ${c.inputs.files.length} file(s), ${formatNumber(c.rows.used, 0)} of ${formatNumber(c.rows.read, 0)} rows used${c.rows.malformed ? `, ${c.rows.malformed} malformed row(s) skipped` : ""}${c.rows.outside ? `, ${formatNumber(c.rows.outside, 0)} outside the selection` : ""}`,
    "times are the formatter's (mqsmfcsv -g yes prints GMT); each value's formula and source is above it",
  ];
  const tail: string[] = [];
  if (c.figures.length) {
    tail.push("", "Measured, with no config key:");
    for (const fig of c.figures)
      tail.push(
        ...commentLines(
          `${fig.label}: ${fig.value}${fig.unit && typeof fig.value === "number" ? ` ${fig.unit}` : ""} = ${fig.formula}${fig.note ? ` (${fig.note})` : ""}`,
          0,
          "- ",
        ),
      );
  }
  if (c.byConnectionType.length) {
    tail.push("", "MQ API CPU by connection type:");
    for (const t of c.byConnectionType)
      tail.push(
        ...commentLines(
          `${t.type} (${t.source}, ${formatNumber(t.records, 0)} ${t.source === "class 3" ? "task records" : "connections"}): ${formatNumber(t.cpuUs / 1e6, 4)} CPU s${t.apiCalls !== undefined ? `, ${formatNumber(t.apiCalls, 0)} API calls${t.cpuPerCallUs !== undefined ? `, ${t.cpuPerCallUs} us a call` : ""}` : ""}${t.cpuPerTransactionUs !== undefined ? `, ${t.cpuPerTransactionUs} us a transaction` : ""}; ${t.countedIn}`,
          0,
          "- ",
        ),
      );
  }
  const unmapped = c.channels.filter((ch) => !ch.configType);
  if (unmapped.length) {
    tail.push("", "Channels of types the config has no entry for:");
    for (const ch of unmapped) tail.push(`- ${ch.name} (${ch.type}): ${formatNumber(ch.messages, 0)} messages`);
  }
  if (c.withheld.length) {
    tail.push("", `Withheld: the sample is below the minimum (${c.small.join(", ")}); --accept-small writes them:`);
    for (const w of c.withheld)
      tail.push(...commentLines(`${w.path}: ${String(configValueText(w))}   # ${w.label}: ${w.formula}`, 0, ""));
  }
  if (c.notDerived.length) {
    tail.push("", "Not derived:");
    for (const n of c.notDerived) tail.push(...commentLines(`${n.what}: ${n.why}`, 0, "- "));
  }
  if (c.missing.length) {
    tail.push("", "Files not found:");
    for (const m of c.missing) tail.push(...commentLines(`${m.file} (${m.what}): ${m.neededFor}`, 0, "- "));
  }
  if (c.notes.length) {
    tail.push("", "Notes:");
    for (const n of c.notes) tail.push(...commentLines(n, 0, "- "));
  }
  if (c.problems.length) {
    tail.push("", `Malformed rows skipped (${c.rows.malformed}):`);
    for (const p of c.problems.slice(0, 20)) tail.push(...commentLines(`${p.file}:${p.line}: ${p.message}`, 0, "- "));
  }
  doc.commentBefore = head
    .flatMap((l) => commentLines(l, 0))
    .map((l) => ` ${l}`)
    .join("\n");
  const body = doc.toString({ lineWidth: 0 });
  return body + tail.map((l) => (l === "" ? "#" : `# ${l}`)).join("\n") + (tail.length ? "\n" : "");
}

export function renderJson(c: Calibration): string {
  return toJson(c);
}

export interface Merged {
  text: string;
  /** What was taken from the calibration, and what the plan kept. */
  notes: string[];
}

const OVERWRITE = (path: string) => path.startsWith("baseline.");

/**
 * Merges a calibration into a plan's YAML (comments and order kept): the baseline is replaced by the
 * measured one; workload, logging, smf and channel values are filled in where the plan has none, and
 * where it has its own (a target rate, a planned message size) it keeps them and says so.
 */
export function mergeIntoPlan(planText: string, c: Calibration): Merged {
  c = visibleDeep(c);
  const doc = parseDocument(planText);
  const notes: string[] = [];
  if (!isMap(doc.contents)) return { text: planText, notes: ["the plan is not a mapping: nothing merged"] };
  // The baseline is one measurement: its rate and costs go together, so the plan's is replaced whole.
  if (c.values.some((d) => d.path.startsWith("baseline.")) && doc.hasIn(["baseline"])) {
    const old = doc.getIn(["baseline"]) as unknown;
    const flat = (o: unknown, prefix: string): string[] =>
      o && typeof o === "object" && !Array.isArray(o) && "items" in (o as object)
        ? ((o as YAMLMap).items as Pair[]).flatMap((p) =>
            flat(p.value, `${prefix}.${String(isScalar(p.key) ? p.key.value : p.key)}`),
          )
        : [`${prefix} ${isScalar(o) ? String(o.value) : String(o)}`];
    const dropped = flat(doc.getIn(["baseline"], true), "baseline").filter(
      (x) => !c.values.some((d) => x.startsWith(`${d.path} `)),
    );
    if (old !== undefined) doc.deleteIn(["baseline"]);
    if (dropped.length)
      notes.push(`dropped the plan's ${dropped.join(", ")}: a baseline's rate and costs are one measurement`);
  }
  for (const d of c.values) {
    const path = d.path.split(".");
    const value = valueAt(c.config, path);
    if (value === undefined) continue;
    const had = doc.getIn(path);
    if (had !== undefined && !OVERWRITE(d.path)) {
      if (String(had) !== String(value))
        notes.push(`${d.path}: kept the plan's ${String(had)} (measured ${String(value)})`);
      continue;
    }
    doc.setIn(path, value);
    const pair = pairAt(doc, path);
    if (pair && isScalar(pair.key)) setComment(pair.key, `from SMF: ${valueComment(d)}`, (path.length - 1) * 2);
    notes.push(`${d.path}: ${String(value)}${had !== undefined ? ` (was ${String(had)})` : ""}`);
  }
  if (!doc.hasIn(["mq", "release"]) && c.queueManager.release) doc.setIn(["mq", "release"], c.queueManager.release);
  // The channels the baseline was measured with, beside the plan's own.
  const measuredChannels = valueAt(c.config, ["baseline", "measuredWith", "channels"]);
  if (measuredChannels !== undefined && doc.hasIn(["baseline"]))
    doc.setIn(["baseline", "measuredWith", "channels"], doc.createNode(measuredChannels));
  const chans = (c.config.channels as Record<string, unknown>[] | undefined) ?? [];
  if (chans.length > 0) {
    let seq = doc.get("channels", true);
    if (!isSeq(seq)) {
      doc.set("channels", doc.createNode([]));
      seq = doc.get("channels", true);
    }
    const items = (seq as YAMLSeq).items;
    for (const ch of chans) {
      const existing = items.find((it) => isMap(it) && (it as YAMLMap).get("name") === ch.name) as YAMLMap | undefined;
      if (!existing) {
        (seq as YAMLSeq).add(doc.createNode(ch));
        notes.push(`channels: added ${String(ch.name)} (${String(ch.type)}) from channel accounting`);
        continue;
      }
      for (const [k, v] of Object.entries(ch)) {
        if (k === "name" || existing.has(k)) continue;
        existing.set(k, doc.createNode(v));
        notes.push(`channels: ${String(ch.name)}.${k}: ${JSON.stringify(v)}`);
      }
    }
  }
  return { text: doc.toString({ lineWidth: 0 }), notes };
}

function valueAt(o: Record<string, unknown>, path: string[]): unknown {
  let x: unknown = o;
  for (const p of path) x = x && typeof x === "object" ? (x as Record<string, unknown>)[p] : undefined;
  return x;
}
