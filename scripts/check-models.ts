// Validates models/, checks every printed string against the seed text, and prints coverage.
// Usage: tsx scripts/check-models.ts [SEED ...]   (e.g. 001 to list only seed 001's missing ids)
import { join } from "node:path";
import { loadModelDir } from "../src/model/loader.js";
import { checkFaithfulness } from "../src/model/faithfulness.js";
import { coverage } from "../src/model/coverage.js";
import { RULES } from "../src/rules/index.js";
import { InputError, formatDiagnostic } from "../src/util/diagnostic.js";

const only = process.argv.slice(2);
try {
  const data = loadModelDir(join(process.cwd(), "models"));
  const problems = checkFaithfulness(data, join(process.cwd(), "..", "shared", "seeds"));
  for (const p of problems.filter((p) => !only.length || only.some((s) => p.id.startsWith(s)))) {
    console.log(`NOT ON CITED LINES: ${p.file} ${p.id} ${p.what}: "${p.raw}" lines ${JSON.stringify(p.lines)}`);
  }
  const cov = coverage(data, RULES);
  for (const s of cov.bySource.filter((s) => !only.length || only.includes(s.source))) {
    console.log(
      `${s.source}: inventory ${s.inventory}, encoded ${s.encoded}, gaps ${s.gaps}, not encoded ${s.notEncoded}, missing ${s.missing.length}`,
    );
    if (s.missing.length) console.log(`  missing: ${s.missing.join(" ")}`);
  }
  if (cov.unknown.length) console.log(`ids not in the inventory: ${cov.unknown.join(" ")}`);
  const u = cov.use;
  console.log(
    `tables, figures, formulas ${u.entries}: read by a rule ${u.read}, context ${u.context}, unused without a reason ${u.unused}`,
  );
  console.log(`entries ${data.entries.length}; faithfulness problems ${problems.length}`);
  process.exit(problems.length || cov.unknown.length ? 1 : 0);
} catch (err) {
  if (err instanceof InputError) {
    for (const d of err.diagnostics) console.log(formatDiagnostic(d, false));
    process.exit(2);
  }
  throw err;
}
