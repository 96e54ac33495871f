/**
 * Calls of one statement that arrive while it is already running are run together, as one statement
 * over all of them, as soon as it returns (group commit; docs/decisions/032). A lone call runs at once,
 * so nothing waits that would not have waited for a connection anyway; under a rush, one round trip,
 * one plan and one commit serve every call that queued behind the last one.
 *
 * Calls with the same `keyOf` never share a batch (a statement that writes a row once per batch would
 * otherwise answer two of them as one): the later one waits for the next batch, in arrival order.
 */
export interface StatementBatches<In, Out> {
  run(input: In): Promise<Out>;
  /** Nothing running and nothing waiting. */
  readonly idle: boolean;
}

interface Waiting<In, Out> {
  input: In;
  resolve(output: Out): void;
  reject(error: unknown): void;
}

export function statementBatches<In, Out>({
  runBatch,
  keyOf,
  maxBatch = 100,
  maxRunning = 1,
}: {
  /** Runs the statement for every input, answering one output per input, in their order. */
  runBatch(inputs: In[]): Promise<Out[]>;
  keyOf(input: In): string;
  maxBatch?: number;
  /** Batches running at once (each on its own connection). */
  maxRunning?: number;
}): StatementBatches<In, Out> {
  let waiting: Waiting<In, Out>[] = [];
  let running = 0;

  function next() {
    while (running < maxRunning && waiting.length) {
      const batch: Waiting<In, Out>[] = [];
      const keys = new Set<string>();
      const later: Waiting<In, Out>[] = [];
      for (const call of waiting) {
        const key = keyOf(call.input);
        if (batch.length < maxBatch && !keys.has(key)) {
          keys.add(key);
          batch.push(call);
        } else later.push(call);
      }
      waiting = later;
      running += 1;
      // The next batch starts before this one's callers carry on: their answers are written while it runs.
      const settle = (answer: (call: Waiting<In, Out>, i: number) => void) => {
        running -= 1;
        next();
        batch.forEach(answer);
      };
      runBatch(batch.map((call) => call.input)).then(
        (outputs) => {
          if (outputs.length === batch.length) settle((call, i) => call.resolve(outputs[i]!));
          else settle((call) => call.reject(new Error(`A batch of ${batch.length} answered ${outputs.length}`)));
        },
        (error: unknown) => settle((call) => call.reject(error)),
      );
    }
  }

  return {
    get idle() {
      return running === 0 && waiting.length === 0;
    },
    run(input) {
      return new Promise<Out>((resolve, reject) => {
        waiting.push({ input, resolve, reject });
        next();
      });
    },
  };
}
