/**
 * One Lighthouse of its own, in a worker thread (scripts/check-budgets.ts starts one per Chromium):
 * Lighthouse keeps state in its module instance (its log, its performance marks), so two audits at once
 * must not share one; each thread has its own. Audits one page per message and answers its result.
 */
import { parentPort } from "node:worker_threads";
import lighthouse, { type Flags, type Result } from "lighthouse";

export interface LighthouseRequest {
  url: string;
  flags: Flags;
}

export interface LighthouseAnswer {
  lhr?: Pick<Result, "categories" | "audits" | "runtimeError">;
  error?: string;
}

parentPort!.on("message", async ({ url, flags }: LighthouseRequest) => {
  try {
    const lhr = (await lighthouse(url, flags))?.lhr;
    parentPort!.postMessage({ lhr: lhr && { categories: lhr.categories, audits: lhr.audits, runtimeError: lhr.runtimeError } } satisfies LighthouseAnswer);
  } catch (error) {
    parentPort!.postMessage({ error: (error as Error).stack ?? String(error) } satisfies LighthouseAnswer);
  }
});
