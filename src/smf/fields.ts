// The columns calibrate reads, per structure, by name: the CSV header names (with the renamings
// between formatter generations as aliases) and the NDJSON keys (-f json_compact). Platform-neutral.
//
// Header names are compared without spaces and case ("Put_LogForce_Count " and "IO_Count {1.1}" as
// older and newer formatters wrote them). Renamings known (mq-smf-csv CHANGES.md and its sources):
// QCCT Storage_Usage -> Storage_Usage_31 (5.4.5), WQ Type -> Queue and Get_Pageset_Suspend_* ->
// Get_Suspend_* (5.4.3). The QSG column is absent from older formatters and moved after QMgr in newer
// ones: columns are found by name, so neither matters.

export type FieldKind = "count" | "duration" | "text" | "timestamp";

export interface FieldSpec {
  /** Name in a decoded record. */
  name: string;
  kind: FieldKind;
  /** CSV header names, first the current one, then older ones. For a duration the base name (the
   * columns are NAME(S) and NAME(US)); for a timestamp the base name (NAME (DATE), NAME (TIME)). */
  csv: readonly string[];
  /** NDJSON keys, current first; "ioCount[2]" is an array element; a timestamp has [date, time]. */
  json: readonly string[];
  /** Without it the structure cannot be used at all. */
  required?: boolean;
}

const count = (name: string, csv: string | string[], json: string | string[], required = false): FieldSpec => ({
  name,
  kind: "count",
  csv: typeof csv === "string" ? [csv] : csv,
  json: typeof json === "string" ? [json] : json,
  required,
});
const duration = (name: string, csv: string, json: string, required = false): FieldSpec => ({
  name,
  kind: "duration",
  csv: [csv],
  json: [json],
  required,
});
const text = (name: string, csv: string | string[], json: string | string[], required = false): FieldSpec => ({
  name,
  kind: "text",
  csv: typeof csv === "string" ? [csv] : csv,
  json: typeof json === "string" ? [json] : json,
  required,
});
const timestamp = (name: string, csv: string, jsonDate: string, jsonTime: string): FieldSpec => ({
  name,
  kind: "timestamp",
  csv: [csv],
  json: [jsonDate, jsonTime],
});

/** Every row: when the SMF record was written, and by which queue manager. */
const COMMON: FieldSpec[] = [
  { name: "at", kind: "timestamp", csv: ["Date", "Time"], json: ["date", "time"], required: true },
  text("lpar", "LPAR", "lpar", true),
  text("qmgr", "QMgr", "qmgr", true),
  text("qsg", "QSG", "qsg"),
  text("mqVersion", "MQ_Version", "mqVersion"),
];

/** SMF 115 statistics rows: the interval they cover. Interval_Duration is whole seconds as written. */
const INTERVAL: FieldSpec[] = [
  timestamp("intervalStart", "Interval_Start", "intervalStartDate", "intervalStartTime"),
  count("duration", "Interval_Duration", "intervalDuration", true),
];

const chinTask = (): FieldSpec[] => [
  ...INTERVAL,
  count("taskNumber", "Task_Number", "taskNumber"),
  count("requests", "Request_Count", "requestCount"),
  duration("cpu", "Task_CPU_Time", "taskCpuTimeUs", true),
];

/** The MQ API calls whose CPU class 3 accounting charges to the caller, as WQ and WTAS name them. */
export const WQ_VERBS = ["Open", "Close", "Get", "Put", "Put1", "Inq", "Set", "CallBack"] as const;
export const WTAS_VERBS = [
  "Other_MQI",
  "Commit",
  "Backout",
  "Prepare",
  "Subscribe",
  "SubReq",
  "MQCTL",
  "MQSTAT",
] as const;
export const camel = (s: string) =>
  s
    .toLowerCase()
    .split("_")
    .map((p, i) => (i === 0 ? p : p.charAt(0).toUpperCase() + p.slice(1)))
    .join("");
const verbFields = (verbs: readonly string[]): FieldSpec[] =>
  verbs.flatMap((v) => [
    duration(`${camel(v)}Ct`, `${v}_CT`, `${camel(v)}CtUs`),
    count(`${camel(v)}Count`, `${v}_Count`, `${camel(v)}Count`),
  ]);

export const STRUCTURES = {
  QMST: [
    ...INTERVAL,
    count("open", "Open", "open"),
    count("close", "Close", "close"),
    count("get", "Get", "get", true),
    count("put", "Put", "put", true),
    count("put1", "Put1", "put1", true),
    count("inq", "Inq", "inq"),
    count("set", "Set", "set"),
    count("sub", "Sub", "sub"),
    count("subReq", "SubReq", "subreq"),
    count("cb", "CB", "cb"),
    count("ctl", "CTL", "ctl"),
    count("status", "Status", "status"),
    count("persPuts", "PersPuts", "persputs"),
    count("nonPersPuts", "NonPersPuts", "nonpersputs"),
    count("persPutBytes", "PersPutBytes", "persputbytes"),
    count("nonPersPutBytes", "NonPersPutBytes", "nonpersputbytes"),
  ],
  QJST: [
    ...INTERVAL,
    count("logCi", "Log_CI", "logCi", true),
    count("activeLogCi", "Active_Log_CI", "activeLogCi"),
    count("logWrites", "Log_Writes", "logWrites"),
    count("ciOffloads", "CI_Offloads", "ciOffloads"),
    count("archiveWrite", "Archive_Write", "archiveWrite"),
    count("compRequests", "Comp_Requests", "compRequests"),
    count("compUncompressed", "Comp_Uncompressed_Bytes", "compUncompressedBytes"),
    count("compCompressed", "Comp_Compressed_Bytes", "compCompressedBytes"),
    // Log write I/O per copy ({copy.kind}: kind 1 single-CI writes, 2 multi-CI writes).
    count("io11", "IO_Count {1.1}", "ioCount[0]"),
    count("io12", "IO_Count {1.2}", "ioCount[1]"),
    count("io21", "IO_Count {2.1}", "ioCount[2]"),
    count("io22", "IO_Count {2.2}", "ioCount[3]"),
    count("ioCi11", "IO_CI {1.1}", "ioCi[0]"),
    count("ioCi12", "IO_CI {1.2}", "ioCi[1]"),
    count("newLogsCopy1", "Copy1_New_Logs", "copy1NewLogs"),
    count("newLogsZhwEnabled", "New_Logs_ZHW_Enabled", "newLogsZhwEnabled"),
  ],
  QCCT: [
    ...INTERVAL,
    count("currentHighWater", "Current_Chl_High_Water", "currentChlHighWater"),
    count("currentMax", "Current_Chl_Max", "currentChlMax"),
    count("activeHighWater", "Active_Chl_High_Water", "activeChlHighWater"),
    count("activeMax", "Active_Chl_Max", "activeChlMax"),
    count("maxTcp", "Max_TCP_Chl", "maxTcpChl"),
    count("storage31", ["Storage_Usage_31", "Storage_Usage"], ["storageUsage31", "storageUsage"]),
    count("storage64", "Storage_Usage_64", "storageUsage64"),
    count("storageLimit64", "Storage_Limit_64", "storageLimit64"),
  ],
  QCTDSP: chinTask(),
  QCTADP: chinTask(),
  QCTSSL: chinTask(),
  QCTDNS: chinTask(),
  QMAC: [
    text("applType", "Application_Type", "applicationType"),
    text("connection", "Connection_Name", "connectionName"),
    duration("cpu", "CPU_Time", "cpuTimeUs", true),
    count("puts0", "Puts_Len_0to99", "putsLen0to99"),
    count("puts1", "Puts_Len_100to999", "putsLen100to999"),
    count("puts2", "Puts_Len_1000to9999", "putsLen1000to9999"),
    count("puts3", "Puts_Len_10000", "putsLen10000"),
    count("gets0", "Gets_Len_0to99", "getsLen0to99"),
    count("gets1", "Gets_Len_100to999", "getsLen100to999"),
    count("gets2", "Gets_Len_1000to9999", "getsLen1000to9999"),
    count("gets3", "Gets_Len_10000", "getsLen10000"),
  ],
  WTID: [
    text("correl", "WTAS_Correlator", "wtasCorrelator", true),
    text("applType", "Appl_Type", "applType"),
    text("connection", "Connection_Name", "connectionName"),
    text("channel", "Channel_Name", "channelName"),
  ],
  WTAS: [
    text("correl", "Correl", "correl", true),
    ...verbFields(WTAS_VERBS),
    timestamp("taskStart", "WTAS_Interval_Start", "wtasIntervalStartDate", "wtasIntervalStartTime"),
    timestamp("taskEnd", "WTAS_Interval_End", "wtasIntervalEndDate", "wtasIntervalEndTime"),
  ],
  WQ: [
    text("correl", "Correlation", "correlation", true),
    ...verbFields(WQ_VERBS),
    count("bytesPut", "Total_Bytes_Put", "totalBytesPut"),
    count("bytesGet", "Total_Bytes_Get", "totalBytesGet"),
    count("validPuts", "Total_Valid_Puts", "totalValidPuts"),
    count("validGets", "Total_Valid_Gets", "totalValidGets"),
    count("putPersistent", "Put_Persistent_Count", "putPersistentCount"),
    count("put1Persistent", "Put1_Persistent_Count", "put1PersistentCount"),
    count("getPersistent", "Get_Persistent_Count", "getPersistentCount"),
  ],
  QCST: [
    text("channel", "Chl_Name", "chlName", true),
    text("type", "Type", "type"),
    text("disposition", "Disposition", "disposition"),
    text("status", "Status", "status"),
    text("connection", "Connection_Name", "connectionName"),
    timestamp("start", "Start", "startDate", "startTime"),
    count("batchSizeAttr", "BatchSize", "batchsize"),
    count("messages", "Msg_All_Count", "msgAllCount", true),
    count("persistentMessages", "Msg_Persistent_Count", "msgPersistentCount"),
    count("batches", "Batches", "batches"),
    count("fullBatches", "Full_Batches", "fullBatches"),
    count("bytes", "Number_Bytes", "numberBytes"),
    count("persistentBytes", "Number_Persistent_Bytes", "numberPersistentBytes"),
    count("bytesSent", "Bytes_Sent", "bytesSent"),
    count("bytesReceived", "Bytes_Received", "bytesReceived"),
    count("compressionRate", "Compression_Rate", "compressionRate"),
    text("cipher", "SSL_CipherSuite", "sslCiphersuite"),
  ],
} satisfies Record<string, FieldSpec[]>;

export type Structure = keyof typeof STRUCTURES;
export const STRUCTURE_NAMES = Object.keys(STRUCTURES) as Structure[];

export function isStructure(s: string): s is Structure {
  return Object.prototype.hasOwnProperty.call(STRUCTURES, s);
}

/** The fields of a structure, the common ones first. */
export function fieldsOf(s: Structure): readonly FieldSpec[] {
  return (FIELDS[s] ??= [...COMMON, ...STRUCTURES[s]]);
}
const FIELDS: Partial<Record<Structure, FieldSpec[]>> = {};

/** A header name as compared: no spaces, lower case. */
export function headerKey(name: string): string {
  return name.replace(/\s+/g, "").toLowerCase();
}

/** What each structure is, for messages about missing files. */
export const STRUCTURE_TITLES: Record<Structure, string> = {
  QMST: "message manager statistics, SMF 115 subtype 2",
  QJST: "log manager statistics, SMF 115 subtype 1",
  QCCT: "channel initiator statistics, SMF 115 subtype 231",
  QCTDSP: "channel initiator dispatcher tasks, SMF 115 subtype 231",
  QCTADP: "channel initiator adapter tasks, SMF 115 subtype 231",
  QCTSSL: "channel initiator SSL tasks, SMF 115 subtype 231",
  QCTDNS: "channel initiator DNS task, SMF 115 subtype 231",
  QMAC: "class 1 accounting, SMF 116 subtype 0",
  WTID: "class 3 accounting task identification, SMF 116 subtype 1",
  WTAS: "class 3 accounting task statistics, SMF 116 subtype 1",
  WQ: "class 3 accounting queue statistics, SMF 116 subtypes 1 and 2",
  QCST: "channel accounting, SMF 116 subtype 10",
};
