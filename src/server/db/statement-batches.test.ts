import { describe, expect, it } from "vitest";
import { settled, statementBatches, togetherOrAlone, type Settled } from "./statement-batches";

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

  it("answers every call, and carries on, whatever a runner does wrong: throws at once, answers a hole or no list", async () => {
    let calls = 0;
    const batches = statementBatches({
      runBatch: (inputs: number[]): Promise<Settled<number>[]> => {
        calls++;
        if (calls === 1) throw new Error("thrown before any statement");
        if (calls === 2) return Promise.resolve([undefined as unknown as Settled<number>]);
        if (calls === 3) return Promise.resolve(undefined as unknown as Settled<number>[]);
        return Promise.resolve(settled(inputs.map((input) => input * 2)));
      },
      keyOf: String,
    });
    const failure = (promise: Promise<number>) => promise.then(String, (error: Error) => error.message);
    expect(await failure(batches.run(1))).toBe("thrown before any statement");
    // 2 runs alone at once; 3, 4 and 5 queue behind it and go together.
    const answers = [2, 3, 4, 5].map((input) => failure(batches.run(input)));
    expect(await Promise.all(answers)).toEqual(["A batch answered call 1 with nothing", ...Array(3).fill("A batch of 3 answered no list")]);
    expect(await batches.run(6)).toBe(12);
    expect(batches.idle).toBe(true);
  });

  it("refuses only the call whose key cannot be made, and a batch size below one", async () => {
    const batches = statementBatches({
      runBatch: async (inputs: number[]) => settled(inputs),
      keyOf: (input: number) => {
        if (input < 0) throw new Error("no key for a negative input");
        return String(input);
      },
    });
    const [bad, good] = [batches.run(-1).catch((error: Error) => error.message), batches.run(7)];
    expect(await bad).toBe("no key for a negative input");
    expect(await good).toBe(7);
    expect(() => statementBatches({ runBatch: async (inputs: number[]) => settled(inputs), keyOf: String, maxBatch: 0 })).toThrow(RangeError);
  });
});

describe("togetherOrAlone", () => {
  const byRows = (bad: number, error: Error) => async (inputs: number[]) => {
    if (inputs.includes(bad)) throw error;
    return settled(inputs.map((input) => input * 10));
  };
  const describeAll = (outcomes: Settled<number>[]) => outcomes.map((outcome) => ("value" in outcome ? outcome.value : (outcome.failed as Error).message));

  it("runs each input alone when the batch fails on one input's value, so only that input fails", async () => {
    const outOfRange = Object.assign(new Error("date/time field value out of range"), { code: "22008" });
    let runs = 0;
    const outcomes = await togetherOrAlone([1, 2, 3], (inputs) => (runs++, byRows(2, outOfRange)(inputs)));
    expect(describeAll(outcomes)).toEqual([10, "date/time field value out of range", 30]);
    expect(runs).toBe(4);
  });

  it("does not run each input alone when the database is away: every input gets that failure once", async () => {
    const away = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    let runs = 0;
    const outcomes = await togetherOrAlone([1, 2, 3], (inputs) => (runs++, byRows(2, away)(inputs)));
    expect(describeAll(outcomes)).toEqual(Array(3).fill("connect ECONNREFUSED 127.0.0.1:5432"));
    expect(runs).toBe(1);
  });
});
