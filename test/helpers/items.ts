import type { Estimate } from "../../src/engine/engine.js";

/** The estimate's line item with this id; fails the test, listing the ids there are, when it is missing. */
export function item(e: Estimate, id: string) {
  const i = e.items.find((x) => x.id === id);
  if (!i) throw new Error(`no item ${id}: ${e.items.map((x) => x.id).join(", ")}`);
  return i;
}
