// Writes models/condition-evidence.yaml from the models: npx tsx scripts/condition-evidence.ts
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { CONDITION_EVIDENCE_FILE, conditionEvidenceYaml } from "../bench/condition-evidence.js";
import { loadModelDir } from "../src/model/loader.js";

const root = process.cwd();
const data = loadModelDir(join(root, "models"), { displayRoot: root });
writeFileSync(join(root, CONDITION_EVIDENCE_FILE), conditionEvidenceYaml(data));
console.log(`wrote ${CONDITION_EVIDENCE_FILE}`);
