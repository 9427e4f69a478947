// Finished line items shared between the estimates of one command (a sensitivity's points): a point
// that moves one channel definition of 1,000 replays the others' lines (rule-memo.ts), and each was
// copied, ranged and fitted to the machine again, the same way: some 5,000 copies per point. An item
// that fitting to the machine leaves as it is, or changes in a way that fitting it again keeps (a limit
// fitted as measured on this machine), is finished once: its copy is kept with the memo's record of
// the item, and every later estimate of the command that replays that record on the same machine
// takes the same object. Only for a command whose estimates are read and dropped (sensitivity), never
// handed out; not for an item whose demand is the configured rate (the engine makes it anew), nor for
// a config with ranged inputs (input-corners.ts widens a point's items in place).
import type { KeptItem } from "./rule-memo.js";
import type { LineItem, RangedLineItem } from "./types.js";

/**
 * Whether fitting to the machine (scaleForHardware in rules/hardware.ts) may change the finished item
 * again, or say something about it (an LSPR carry, a gap): CPU items always; a limit, or a rate shown
 * beside a cost, unless the rule fitted it itself or it was fitted as measured on this machine (then
 * fitLimit only names the machine it already names).
 */
function fittingChanges(i: RangedLineItem, raw: LineItem): boolean {
  const m = i.metric;
  if (m === "cpu-per-txn" || m === "cpu-per-second") return true;
  if (m === "limit" || (m === "info" && i.scalesWithCpu))
    return raw.hardwareFit === undefined && i.hardwareFit !== "same";
  return false;
}

/** The items an estimate finished, kept with their records once it has fitted them to the machine. */
export class FinishedItems {
  private readonly made: KeptItem[] = [];
  private readonly copies: RangedLineItem[] = [];

  constructor(private readonly machine: string) {}

  /** The finished copy kept with the record, where it was fitted to this estimate's machine. */
  get(kept: KeptItem): RangedLineItem | undefined {
    return kept.on === this.machine ? kept.f : undefined;
  }

  /** A copy this estimate made of a kept item: kept with it once fitted (settle). */
  made1(kept: KeptItem, copy: RangedLineItem): void {
    this.made.push(kept);
    this.copies.push(copy);
  }

  /** Keeps each copy that fitting to the machine has finished. */
  settle(): void {
    for (let k = 0; k < this.made.length; k++) {
      const kept = this.made[k]!;
      const copy = this.copies[k]!;
      if (fittingChanges(copy, kept.a)) continue;
      kept.f = copy;
      kept.on = this.machine;
    }
    this.made.length = 0;
    this.copies.length = 0;
  }
}
