import { describe, expect, it } from "vitest";
import { settled, statementBatches } from "./statement-batches";

/** A statement that answers each input doubled, and records the batches it was given; `release` lets the running batch return. */
function recordingStatement({ failOn }: { failOn?: number } = {}) {
  const batches: number[][] = [];
  const releases: (() => void)[] = [];
  const runBatch = async (inputs: number[]) => {
    batches.push(inputs);
    await new Promise<void>((resolve) => releases.push(resolve));
    if (failOn !== undefined && inputs.includes(failOn)) throw new Error(`batch with ${failOn} failed`);
    return settled(inputs.map((input) => input * 2));
  };
  const release = async () => {
    releases.shift()!();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { batches, runBatch, release };
}

describe("statement batches (docs/decisions/032)", () => {
  it("runs a lone call at once, and the calls that arrive meanwhile together in the next statement", async () => {
    const statement = recordingStatement();
    const batches = statementBatches({ runBatch: statement.runBatch, keyOf: String });
    const first = batches.run(1);
    expect(statement.batches).toEqual([[1]]);
    const queued = [2, 3, 4].map((input) => batches.run(input));
    expect(statement.batches).toEqual([[1]]);
    await statement.release();
    expect(statement.batches).toEqual([[1], [2, 3, 4]]);
    await statement.release();
    expect(await first).toBe(2);
    expect(await Promise.all(queued)).toEqual([4, 6, 8]);
  });

  it("never puts two calls with one key in a batch: the later waits for the next, in arrival order", async () => {
    const statement = recordingStatement();
    const batches = statementBatches({ runBatch: statement.runBatch, keyOf: (input: number) => String(input % 10) });
    const answers = [1, 11, 2, 21, 12, 3].map((input) => batches.run(input));
    for (let i = 0; i < 3; i++) await statement.release();
    expect(statement.batches).toEqual([[1], [11, 2, 3], [21, 12]]);
    expect(await Promise.all(answers)).toEqual([2, 22, 4, 42, 24, 6]);
  });

  it("keeps a batch to maxBatch calls", async () => {
    const statement = recordingStatement();
    const batches = statementBatches({ runBatch: statement.runBatch, keyOf: String, maxBatch: 2 });
    const answers = [1, 2, 3, 4, 5].map((input) => batches.run(input));
    for (let i = 0; i < 3; i++) await statement.release();
    expect(statement.batches).toEqual([[1], [2, 3], [4, 5]]);
    expect(await Promise.all(answers)).toEqual([2, 4, 6, 8, 10]);
  });

  it("fails only the calls of a failed statement, and runs the next batch", async () => {
    const statement = recordingStatement({ failOn: 2 });
    const batches = statementBatches({ runBatch: statement.runBatch, keyOf: String });
    const first = batches.run(1);
    const failed = [2, 3].map((input) => batches.run(input).catch((error: Error) => error.message));
    await statement.release();
    const later = batches.run(4);
    await statement.release();
    await statement.release();
    expect(await first).toBe(2);
    expect(await Promise.all(failed)).toEqual(["batch with 2 failed", "batch with 2 failed"]);
    expect(await later).toBe(8);
    expect(statement.batches).toEqual([[1], [2, 3], [4]]);
  });

  it("fails every call of a statement that answers the wrong number of rows", async () => {
    const batches = statementBatches({ runBatch: async (inputs: number[]) => settled(inputs.slice(1)), keyOf: String });
    await expect(batches.run(1)).rejects.toThrow("A batch of 1 answered 0");
  });
});
