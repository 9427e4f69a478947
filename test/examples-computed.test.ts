// Worked examples computed, not read (#28): an example with a `check` counts as computed only when the
// line item it is compared with is worked out from its parts. Each check is run twice: as it is, and
// with every looked-up value that is the example's own printed answer (same source, same line, same
// number) doubled. A computation from the parts does not move; one that reads its answer does. Such an
// example carries `notComputable` (why) instead of `check`, and `models coverage` counts it so.
import { describe, expect, it } from "vitest";
import { estimate } from "../src/api.js";
import type { ConfigInput } from "../src/config/schema.js";
import models from "../src/model/models-source.js";
import { Registry, type LookupResult } from "../src/model/registry.js";
import type { Scheme } from "../src/model/interpolate.js";
import type { ModelData, Value } from "../src/model/types.js";

/** Line numbers of a citation's "816-817" or "817, 820". */
function linesOf(lines: string): Set<number> {
  const out = new Set<number>();
  for (const part of lines.split(",")) {
    const [a, b] = part.trim().split("-").map(Number);
    if (a === undefined || Number.isNaN(a)) continue;
    for (let n = a; n <= (b ?? a); n++) out.add(n);
  }
  return out;
}

/** A registry that doubles the example's answer wherever a rule looks it up. */
class AnswerDoubling extends Registry {
  constructor(
    data: ModelData,
    private readonly source: string,
    private readonly answer: Value,
  ) {
    super(data);
  }
  private twice(r: LookupResult): LookupResult {
    const lines = new Set(this.answer.lines.flatMap(([a, b]) => [...linesOf(`${a}-${b}`)]));
    const same =
      r.citation.source === this.source &&
      r.value === this.answer.value &&
      [...linesOf(r.citation.lines)].some((n) => lines.has(n));
    return same ? { ...r, value: r.value * 2, low: r.low * 2, high: r.high * 2 } : r;
  }
  override figureValue(id: string): LookupResult {
    return this.twice(super.figureValue(id));
  }
  override lookup(
    tableId: string,
    at: Record<string, string | number | boolean>,
    measure?: string,
    scheme?: Scheme,
  ): LookupResult {
    return this.twice(super.lookup(tableId, at, measure, scheme));
  }
  override parameter(formulaId: string, name: string): LookupResult {
    return this.twice(super.parameter(formulaId, name));
  }
}

const registry = new Registry(models);
const checked = registry.entriesOf("example").filter((e) => e.check !== undefined);

describe("worked examples are computed, not read", () => {
  for (const ex of checked) {
    it(`${ex.id}: its check does not read the answer it is compared with`, () => {
      const config = { version: 1, ...ex.check!.config } as ConfigInput;
      const out = (models: Registry) =>
        estimate(config, { models }).items.find((i) => i.id === ex.check!.output)?.value;
      const doubled = new AnswerDoubling(models, ex.id.split(".")[0]!, ex.expected.v);
      expect(out(doubled), `${ex.id}: ${ex.check!.output} moves with the example's own answer`).toBe(out(registry));
    });
  }
});
