// Each figure is tagged with the machine it was measured on: the V5.3 report measured most of its data
// on a 2064 but its CF structure backup, restore and shared-queue expiry figures on a 9672-X27, and its
// CF link comparison on a 9672. They were tagged 2064 ("2064 stands in") until 9672 was a machine of the
// model schema.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadModelDir } from "../src/model/loader.js";
import { Registry } from "../src/model/registry.js";
import { ROOT } from "./helpers/cli.js";

const data = loadModelDir(join(ROOT, "models"), { displayRoot: ROOT });
const registry = new Registry(data);
const hw = (id: string) => registry.get(id).appliesTo.hardware;

describe("machines the V5.3 figures were measured on", () => {
  it("tags the 9672-X27 figures 9672", () => {
    // 004 line 309: "The overhead to do a backup of 100,000 1KB persistent messages is less than 2 CPU
    // seconds on a 9672-X27 system."
    expect(hw("004.sq-backup-cpu-100k-1kb")).toEqual(["9672"]);
    // 004 line 324: "using ESS 2105-E20 DASD with the queue manager doing backup and restore on a
    // 9672-X27 system running z/OS V1R2, we can restore 100,000 1KB persistent messages ... in 20 seconds"
    expect(hw("004.sq-fuzzy-backup-restore-time")).toEqual(["9672"]);
    // 004 line 326: "The maximum rate at which we can read a log data set backwards is about 3MB/sec on
    // this system", and the table of lines 326-333 computed from it.
    expect(hw("004.log-backward-read-rate")).toEqual(["9672"]);
    expect(hw("004.sq-backup-interval-estimate")).toEqual(["9672"]);
    expect(hw("004.dasd-max-1kb-persistent-rate")).toEqual(["9672"]);
    // 004 line 809: "The CPU cost at each EXPRYINT interval is of order 1 CPUmillisec (9672-X27) for each
    // shared queue defined"
    expect(hw("004.expiry-scan-cpu-per-shared-queue")).toEqual(["9672"]);
    expect(hw("004.expiry-scan-cpu")).toEqual(["9672"]);
    // 004 line 199: "These results, obtained on a 9672 system indicated that CBS links give performance
    // more towards the faster and cheaper ICS end of the scale."
    expect(hw("004.sq-cf-link-type-cpu-uplift")).toEqual(["9672"]);
  });

  it("keeps the 2064 figures 2064", () => {
    // 004 line 353: "These results were obtained on a parallel sysplex LPARed out of one Freeway 2064-116 box"
    expect(hw("004.sq-vs-private-cpu-uplift")).toEqual(["2064"]);
    expect(hw("004.sq-cf-cpu-per-message")).toEqual(["2064"]);
    // 004 line 824: "On a 2064-1C4 processor the additional CPU cost of a single wait has been measured"
    expect(
      data.entries
        .filter((e) => e.file === "models/004/receive-timeout.yaml")
        .every((e) => e.appliesTo.hardware.includes("2064")),
    ).toBe(true);
  });

  it("lists 9672 among the V5.3 report's machines and leaves no stand-in note", () => {
    expect(registry.sources.get("004")!.hardware).toContain("9672");
    const standIns = data.entries.filter((e) => e.notes.some((n) => /stands in/i.test(n))).map((e) => e.id);
    expect(standIns).toEqual([]);
  });
});
