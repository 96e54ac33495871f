/** The value at percentile `p` (0-100) of ascending `sorted` latencies; 0 when there are none. */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** Runs `work` over `items` with `concurrency` workers; returns the elapsed seconds and sorted latencies. */
/** Runs `work` over `items`, `concurrency` at a time; each latency is the work's time, or the ms it answers (when it times only part of itself). */
export async function drive<T>(items: T[], concurrency: number, work: (item: T) => Promise<void | number>) {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const item = items[next++]!;
        const t0 = performance.now();
        const timed = await work(item);
        latencies.push(typeof timed === "number" ? timed : performance.now() - t0);
      }
    }),
  );
  return { seconds: (performance.now() - started) / 1000, latencies: latencies.sort((a, b) => a - b) };
}

/** The median of a few samples (cold starts). */
export function median(values: number[]): number {
  return percentile([...values].sort((a, b) => a - b), 50);
}
