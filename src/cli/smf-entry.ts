// What the CLI's SMF bundle (dist/cli-smf.cjs) holds: see load-smf.ts.
export { calibrate } from "../smf/files.js";
export { mergeIntoPlan, renderJson, renderYaml } from "../smf/fragment.js";
