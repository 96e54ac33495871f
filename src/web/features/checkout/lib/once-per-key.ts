/**
 * Runs an async task at most once per key while it is running or after it succeeded; a failed run is
 * forgotten so it can be retried. React runs effects twice in development (strict mode) and a page can
 * mount twice: both get the same promise, so the server is asked once.
 */
export function oncePerKey<Result>(run: (key: string) => Promise<Result>, succeeded: (result: Result) => boolean) {
  const runs = new Map<string, Promise<Result>>();
  return (key: string): Promise<Result> => {
    const existing = runs.get(key);
    if (existing) return existing;
    const promise = run(key).then(
      (result) => {
        if (!succeeded(result)) runs.delete(key);
        return result;
      },
      (error: unknown) => {
        runs.delete(key);
        throw error;
      },
    );
    runs.set(key, promise);
    return promise;
  };
}
