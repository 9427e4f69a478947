// Library calls with wrong arguments threw raw TypeErrors from deep inside (estimate(), estimate(cfg,
// null), diff(1), new Registry({}), a Buffer, a Symbol). Each must throw InputError naming the
// function and the argument, and no message may speak of command-line flags.
import { describe, expect, it } from "vitest";
import {
  compare,
  coverage,
  diff,
  estimate,
  InputError,
  loadModels,
  Registry,
  validateConfig,
} from "../../src/index.js";

const CONFIG = { version: 1, workload: { messageSize: "32KB", rate: "2000/s" } } as const;

function expectInputError(call: () => unknown, fragment: RegExp): void {
  let thrown: unknown;
  try {
    call();
  } catch (err) {
    thrown = err;
  }
  expect(thrown, String(fragment)).toBeInstanceOf(InputError);
  const message = (thrown as InputError).message;
  expect(message).toMatch(fragment);
  expect(message).not.toMatch(/--\w/);
}

describe("library argument checks", () => {
  const good = estimate(CONFIG);

  it("estimate", () => {
    expectInputError(
      () => (estimate as (...a: unknown[]) => unknown)(),
      /^estimate\(\): error: the config must be a file path or a config object; got nothing$/,
    );
    expectInputError(() => estimate(null as never), /the config must be .*; got null/);
    expectInputError(() => estimate(Buffer.from("version: 1") as never), /got a Buffer/);
    expectInputError(() => estimate(Symbol("x") as never), /got a Symbol/);
    expectInputError(() => estimate(42 as never), /got a number \(42\)/);
    expectInputError(() => estimate(["version: 1"] as never), /got an array/);
    expectInputError(() => estimate("" as never), /got an empty string/);
    expectInputError(() => estimate(CONFIG, null as never), /^estimate\(\): error: options must be an object/);
    expectInputError(
      () => estimate(CONFIG, { models: 7 } as never),
      /options\.models must be a folder path or a Registry/,
    );
  });

  it("validateConfig, diff, compare", () => {
    expectInputError(
      () => validateConfig(undefined as never),
      /^validateConfig\(\): error: the config must be a config object/,
    );
    expectInputError(
      () => diff(1 as never, good),
      /^diff\(\): error: the first argument must be an estimate from estimate\(\); got a number/,
    );
    expectInputError(() => diff(good, {} as never), /the second argument must be an estimate/);
    expectInputError(() => compare(undefined as never), /^compare\(\): error: scenarios must be a list/);
    expectInputError(() => compare([{ file: "a", estimate: good }, { file: "b" } as never]), /scenarios\[1\] must be/);
    expectInputError(
      () => compare([{ file: "a", estimate: good }], [Symbol("m")] as never),
      /metrics must be a list of output names/,
    );
    // A misspelt metric names the argument, not a flag.
    expectInputError(
      () =>
        compare(
          [
            { file: "a", estimate: good },
            { file: "b", estimate: good },
          ],
          ["cpuu"],
        ),
      /^metrics: error: unknown output "cpuu"/,
    );
  });

  it("loadModels, new Registry, coverage", () => {
    expectInputError(() => loadModels(5 as never), /^loadModels\(\): error: the folder must be a path/);
    expectInputError(() => loadModels("/no/such/folder"), /cannot read the models folder/);
    expectInputError(() => new Registry({} as never), /^new Registry\(\): error: the model data must be/);
    expectInputError(() => new Registry(null as never), /got null/);
    expectInputError(() => coverage(undefined as never), /^coverage\(\): error: the model data must be/);
  });

  it("still works with right arguments", () => {
    expect(estimate(CONFIG, {}).format).toBe("mqzcap/estimate@1");
    expect(diff(good, good).lines).toEqual([]);
    expect(
      compare([
        { file: "a", estimate: good },
        { file: "b", estimate: good },
      ]).scenarios.length,
    ).toBe(2);
  });
});
