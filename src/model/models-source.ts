// Stands in for the precompiled models when running from source (tests): reads models/ as YAML.
import { fileURLToPath } from "node:url";
import { loadModelDir } from "./loader.js";

const dir = fileURLToPath(new URL("../../models", import.meta.url));
export default loadModelDir(dir, { displayRoot: fileURLToPath(new URL("../..", import.meta.url)) });
