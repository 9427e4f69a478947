import { writeFileSync } from "node:fs";
import { loadModelDir } from "../src/model/loader.js";
const m = loadModelDir("models", { displayRoot: process.cwd() });
writeFileSync(".benchtmp/models.json", JSON.stringify(m));
writeFileSync(".benchtmp/entries.json", JSON.stringify({sources: m.sources, entries: m.entries}));
