import { isDatabaseUnavailable } from "./client";

/**
 * Calls of one statement that arrive while it is already running are run together, as one statement
 * over all of them, as soon as it returns (group commit; docs/decisions/032). A lone call runs at once,
 * so nothing waits that would not have waited for a connection anyway; under a rush, one round trip,
 * one plan and one commit serve every call that queued behind the last one. One batch runs at a time:
 * two at once made smaller batches, and measured slower.
 *
 * Calls with the same `keyOf` never share a batch (a statement that writes a row once per batch would
 * otherwise answer two of them as one): the later one waits for the next batch, in arrival order.
 */
export interface StatementBatches<In, Out> {
  run(input: In): Promise<Out>;
  /** Nothing running and nothing waiting. */
  readonly idle: boolean;
}

/** One call's outcome in a batch: its answer, or the error it alone is answered with. */
export type Settled<T> = { value: T } | { failed: unknown };

/** Every value answered as such (a batch in which nothing failed on its own). */
export const settled = <T>(values: T[]): Settled<T>[] => values.map((value) => ({ value }));

/**
 * Runs `together` over every input. If it fails as a whole (a deadlock with another writer, a
 * constraint or a value one input breaks) and `retryAlone` allows, it runs again over each input alone,
 * so a failure is only the input's own; otherwise every input is answered with the failure. By default
 * every failure but the database being away is retried: one input's bad value must not fail the others'.
 */
export async function togetherOrAlone<In, Out>(
  inputs: In[],
  together: (inputs: In[]) => Promise<Settled<Out>[]>,
  retryAlone: (error: unknown) => boolean = (error) => !isDatabaseUnavailable(error),
): Promise<Settled<Out>[]> {
  try {
    return await together(inputs);
  } catch (error) {
    if (inputs.length === 1 || !retryAlone(error)) return inputs.map(() => ({ failed: error }));
    return Promise.all(
      inputs.map((input) =>
        together([input]).then(
          ([outcome]) => outcome ?? { failed: new Error("A statement for one call answered nothing") },
          (failed: unknown) => ({ failed }),
        ),
      ),
    );
  }
}

interface Waiting<In, Out> {
  input: In;
  key: string;
  resolve(output: Out): void;
  reject(error: unknown): void;
}

export function statementBatches<In, Out>({
  runBatch,
  keyOf,
  maxBatch = 100,
}: {
  /** Runs the statement for every input, answering one outcome per input, in their order. */
  runBatch(inputs: In[]): Promise<Settled<Out>[]>;
  keyOf(input: In): string;
  maxBatch?: number;
}): StatementBatches<In, Out> {
  if (!(maxBatch >= 1)) throw new RangeError(`maxBatch must be at least 1, not ${maxBatch}`);
  let waiting: Waiting<In, Out>[] = [];
  let running = false;

  function next() {
    if (running || !waiting.length) return;
    const batch: Waiting<In, Out>[] = [];
    const keys = new Set<string>();
    const later: Waiting<In, Out>[] = [];
    for (const call of waiting) {
      if (batch.length < maxBatch && !keys.has(call.key)) {
        keys.add(call.key);
        batch.push(call);
      } else later.push(call);
    }
    waiting = later;
    running = true;
    // The next batch starts before this one's callers carry on: their answers are written while it runs.
    const settle = (answer: (call: Waiting<In, Out>, i: number) => void) => {
      running = false;
      next();
      batch.forEach(answer);
    };
    // A runner that throws at once is a failed batch too: every call is answered, and the next batch runs.
    new Promise<Settled<Out>[]>((resolve) => resolve(runBatch(batch.map((call) => call.input)))).then(
      (outcomes) => {
        if (!Array.isArray(outcomes) || outcomes.length !== batch.length) {
          const wrong = new Error(`A batch of ${batch.length} answered ${Array.isArray(outcomes) ? outcomes.length : "no list"}`);
          settle((call) => call.reject(wrong));
        } else
          settle((call, i) => {
            const outcome = outcomes[i];
            if (outcome && "value" in outcome) call.resolve(outcome.value);
            else call.reject(outcome && "failed" in outcome ? outcome.failed : new Error(`A batch answered call ${i + 1} with nothing`));
          });
      },
      (error: unknown) => settle((call) => call.reject(error)),
    );
  }

  return {
    get idle() {
      return !running && waiting.length === 0;
    },
    run(input) {
      return new Promise<Out>((resolve, reject) => {
        waiting.push({ input, key: keyOf(input), resolve, reject });
        next();
      });
    },
  };
}
