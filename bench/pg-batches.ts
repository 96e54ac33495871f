/**
 * What the batched baselines share: the statements the product sends, as it sends them (captured from
 * `pg` in this process), and group commit without the product (calls that queue while a batch runs go
 * in the next batch, one batch at a time, at most `maxBatch`), so a baseline sends the product's own
 * batched statements through `pg` at the batch sizes the product reached, and nothing else.
 */
import pg from "pg";

export interface SentStatement {
  name: string | undefined;
  text: string;
  values: unknown[];
}

const sent: SentStatement[] = [];
let recording = 0;
const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  if (recording) {
    const [config, values] = args as [unknown, unknown];
    if (config && typeof config === "object" && "text" in config) {
      const { name, text, values: own } = config as { name?: string; text: string; values?: unknown[] };
      sent.push({ name, text, values: Array.isArray(values) ? values : (own ?? []) });
    } else if (typeof config === "string") sent.push({ name: undefined, text: config, values: Array.isArray(values) ? values : [] });
  }
  return query.apply(this, args);
} as typeof pg.Client.prototype.query;

/** Every statement this process sent through `pg` while `run` ran (the product's code, called in-process). */
export async function statementsSentBy(run: () => Promise<unknown>): Promise<SentStatement[]> {
  const from = sent.length;
  recording += 1;
  try {
    await run();
  } finally {
    recording -= 1;
  }
  return sent.splice(from);
}

/** The one statement among `statements` that `match` picks; throws naming what was looked for. */
export function theStatement(statements: SentStatement[], what: string, match: (statement: SentStatement) => boolean): SentStatement {
  const found = statements.find(match);
  if (!found) throw new Error(`The product sent no ${what} (it sent ${statements.length} statements): the baseline cannot copy it`);
  return found;
}

/**
 * Group commit, as the product's statementBatches does it but without it: a call that arrives while a
 * batch runs waits, and goes in the next batch with every call that queued meanwhile (at most
 * `maxBatch`); one batch at a time. Records each batch's size.
 */
export function groupCommit<In, Out>(maxBatch: number, runBatch: (inputs: In[]) => Promise<Out[]>) {
  let waiting: { input: In; resolve(out: Out): void; reject(error: unknown): void }[] = [];
  let running = false;
  const sizes: number[] = [];
  function next() {
    if (running || !waiting.length) return;
    const batch = waiting.slice(0, maxBatch);
    waiting = waiting.slice(maxBatch);
    running = true;
    sizes.push(batch.length);
    runBatch(batch.map((call) => call.input)).then(
      (outs) => {
        running = false;
        next();
        batch.forEach((call, i) => call.resolve(outs[i]!));
      },
      (error: unknown) => {
        running = false;
        next();
        batch.forEach((call) => call.reject(error));
      },
    );
  }
  return {
    run: (input: In) =>
      new Promise<Out>((resolve, reject) => {
        waiting.push({ input, resolve, reject });
        next();
      }),
    sizes,
  };
}

/** The mean of batch sizes, or 0 without batches. */
export const meanBatch = (sizes: number[]) => (sizes.length ? sizes.reduce((a, b) => a + b, 0) / sizes.length : 0);

/**
 * The product's mean batch size from the rows it wrote: rows written by one transaction share its xmin,
 * so `rows / distinct xmin` is the calls per transaction (`where` selects the product's rows of `table`).
 */
export async function meanBatchWritten(pool: pg.Pool | pg.Client, table: string, where: string, params: unknown[]): Promise<number> {
  const { rows } = await pool.query<{ n: number; batches: number }>(`select count(*)::int as n, count(distinct xmin::text)::int as batches from ${table} where ${where}`, params);
  return rows[0]!.batches ? rows[0]!.n / rows[0]!.batches : 0;
}
