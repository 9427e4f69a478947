// Extrapolated lookups keep an honest width (#27): beyond a table's measured span the range takes in the
// edge's own value as well as the trend's extension (which stops at zero), and a row with one measured
// point along the axis is carried across it, widened by the sources' evidence or open. Before, a trend
// extended past zero gave a range of 0 to 0, and one point gave the interpolation error alone.
import { describe, expect, it } from "vitest";
import { loadModelDir } from "../src/model/loader.js";
import { Registry } from "../src/model/registry.js";
import type { ModelData, TableEntry } from "../src/model/types.js";

const data = loadModelDir("models");

/** A shipped table of CPU cost by message size, as a template for made-up cells (its first measure only). */
const template = data.entries.find(
  (e): e is TableEntry => e.type === "table" && e.id === "000.streaming-private-mqput-cost-by-size",
)!;
const measure = template.measures[0]!;

function registryWith(points: [number, number][], evidence?: ModelData["conditionEvidence"]): Registry {
  const cell0 = template.cells.find((c) => c.measure === measure.name && c.v.flags.length === 0)!;
  const table: TableEntry = {
    ...template,
    id: "test.made-up",
    measures: [measure],
    cells: points.map(([x, y]) => ({ ...cell0, at: { messageSize: x }, v: { ...cell0.v, value: y, raw: String(y) } })),
  };
  const d: ModelData = { ...data, entries: [...data.entries, table] };
  delete d.conditionEvidence;
  if (evidence) d.conditionEvidence = evidence;
  return new Registry(d);
}

describe("extrapolated lookups", () => {
  it("a trend extended past zero keeps the edge's own value in its range", () => {
    // 10 us at 1000 bytes, 5 us at 2000: extended linearly to 4000 bytes, 10 + 3 x (-5) = -5, stopped at 0.
    const reg = registryWith([
      [1000, 10],
      [2000, 5],
    ]);
    const r = reg.lookup("test.made-up", { messageSize: 4000 });
    expect(r.confidence).toBe("extrapolated");
    expect(r.value).toBe(0);
    expect(r.low).toBe(0);
    // The edge, 5 us measured at 2000 bytes, lies inside; before, the range was 0 to 0.
    const edge = reg.lookup("test.made-up", { messageSize: 2000 });
    expect(r.high).toBeGreaterThanOrEqual(edge.high);
    expect(r.parts.some((p) => p.text.includes("spanning the edge's own value 5"))).toBe(true);
  });

  it("one measured point with no evidence for the axis is open on both sides", () => {
    const reg = registryWith([[1000, 10]]);
    const r = reg.lookup("test.made-up", { messageSize: 4000 });
    expect(r.value).toBe(10);
    expect(r.high).toBe(Infinity);
    expect(r.low).toBe(0);
  });

  it("one measured point is moved by the evidence's larger-over-smaller spread", () => {
    // Evidence: CPU cost at the larger of two sizes up to 4x apart is +10% to +50% of the smaller's.
    const reg = registryWith([[1000, 10]], {
      generatedBy: "test",
      rows: [
        {
          condition: "messageSize",
          band: "up to 4x",
          kind: "cpu",
          n: 5,
          pct: 50,
          how: "p90",
          max: 50,
          entries: 2,
          up: { low: 10, high: 50 },
        },
      ],
    });
    const at1000 = reg.lookup("test.made-up", { messageSize: 1000 });
    const r = reg.lookup("test.made-up", { messageSize: 4000 });
    // 4000 / 1000 = 4x, in the band. High: the measured high x 1.5; low: the measured low (x 1.1 lies above it).
    expect(r.high).toBeCloseTo(at1000.high * 1.5, 9);
    expect(r.low).toBeCloseTo(at1000.low, 9);
    expect(r.value).toBe(10);
  });
});
