// Writes models/interpolation-error.yaml from the models (the bench does the same as part of its run):
// npx tsx scripts/interpolation-error.ts
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { leaveOneOut } from "../bench/accuracy.js";
import { INTERPOLATION_ERROR_FILE, interpolationErrorYaml } from "../bench/interpolation-error.js";
import { loadModelDir } from "../src/model/loader.js";
import { DEFAULT_SCHEME } from "../src/model/registry.js";

const root = process.cwd();
const data = loadModelDir(join(root, "models"), { displayRoot: root });
writeFileSync(
  join(root, INTERPOLATION_ERROR_FILE),
  interpolationErrorYaml(leaveOneOut(data, DEFAULT_SCHEME), DEFAULT_SCHEME),
);
console.log(`wrote ${INTERPOLATION_ERROR_FILE}`);
