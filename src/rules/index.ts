// Every rule, in the order they run. Each concern is its own module with its own test file.
import type { Rule } from "../engine/types.js";
import { storageChin } from "./storage-chin.js";
import { hardware } from "./hardware.js";
import { workload } from "./workload.js";
import { storageConnections } from "./storage-connections.js";
import { smf } from "./smf.js";
import { streaming } from "./streaming.js";
import { sharedQueue } from "./shared-queue.js";
import { cfStructure } from "./cf-structure.js";
import { logging } from "./logging.js";
import { loggingCpu } from "./logging-cpu.js";
import { encryption } from "./encryption.js";
import { tls } from "./tls.js";
import { ams } from "./ams.js";
import { amsInterception } from "./ams-interception.js";
import { channels } from "./channels.js";
import { ceilings } from "./ceilings.js";

export const RULES: readonly Rule[] = [
  hardware,
  workload,
  logging,
  loggingCpu,
  encryption,
  tls,
  ams,
  amsInterception,
  channels,
  streaming,
  smf,
  storageChin,
  storageConnections,
  sharedQueue,
  cfStructure,
  ceilings,
];
