import { describe, expect, it } from "vitest";
import { parseConfigText } from "../src/config/load.js";
import { InputError } from "../src/util/diagnostic.js";

function errorsOf(text: string) {
  try {
    parseConfigText(text, "plan.yaml");
  } catch (err) {
    if (err instanceof InputError) return err.diagnostics;
    throw err;
  }
  throw new Error("expected the config to be rejected");
}

describe("config", () => {
  it("fills defaults and converts units", () => {
    const { config } = parseConfigText("version: 1\nworkload: { messageSize: 32KB, rate: 2000/s }\n", "plan.yaml");
    expect(config.mq.release).toBe("9.3");
    expect(config.hardware.generation).toBe("z15");
    expect(config.workload.messageSize).toBe(32768);
    expect(config.workload.rate).toBe(2000);
    expect(config.workload.persistent).toBe(false);
  });

  it("reports a misspelt key at its line and column, with a did-you-mean", () => {
    const [d] = errorsOf("version: 1\nworkload:\n  mesageSize: 32KB\n");
    expect(d).toMatchObject({
      file: "plan.yaml",
      line: 3,
      col: 3,
      message: 'unknown key "mesageSize" in workload',
      suggestion: 'did you mean "messageSize"?',
    });
    expect(d!.sourceLine).toBe("  mesageSize: 32KB");
  });

  it("suggests the closest enum value", () => {
    const [d] = errorsOf('version: 1\nmq: { release: "9.4" }\nhardware: { generation: z51 }\n');
    expect(d!.line).toBe(2);
    const all = errorsOf("version: 1\nhardware: { generation: z51 }\n");
    expect(all[0]).toMatchObject({ line: 2, suggestion: 'did you mean "z15"?' });
  });

  it("explains units that do not parse", () => {
    const [d] = errorsOf("version: 1\nworkload: { messageSize: 32XB }\n");
    expect(d).toMatchObject({ line: 2, col: 26 });
    expect(d!.message).toContain("expected a size such as 32KB");
  });

  it("rejects messages over MQ's 100MB limit", () => {
    const [d] = errorsOf("version: 1\nworkload: { messageSize: 101MB }\n");
    expect(d!.message).toContain("outside 1..104857600 bytes");
  });

  it("rejects streaming queues before 9.3 and duplicate channel names", () => {
    expect(errorsOf('version: 1\nmq: { release: "9.2" }\nstreamingQueues: { copies: 1 }\n')[0]!.message).toContain(
      "needs MQ 9.3",
    );
    const dup = errorsOf("version: 1\nchannels:\n  - { name: A, type: sender }\n  - { name: A, type: receiver }\n");
    expect(dup[0]).toMatchObject({ line: 4 });
    expect(dup[0]!.message).toContain('"A" is used twice');
  });

  it("gives YAML syntax errors a position", () => {
    const [d] = errorsOf("version: 1\nworkload: { messageSize: 32KB\n");
    expect(d!.message).toMatch(/^YAML syntax/);
    expect(d!.line).toBeGreaterThanOrEqual(2);
  });
});
