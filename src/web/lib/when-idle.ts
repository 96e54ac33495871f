/**
 * Runs `task` once the browser is idle, at the latest after `timeout` ms; returns a cancel function.
 * For work a page needs soon but not while it hydrates (decision 012): on a slow phone the first
 * touch of local storage, `document.cookie` or a lazily loaded module is a long task of its own.
 */
export function whenIdle(task: () => void, timeout = 2000): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const id = window.requestIdleCallback(task, { timeout });
    return () => window.cancelIdleCallback(id);
  }
  // Safari has no requestIdleCallback.
  const id = window.setTimeout(task, 1);
  return () => window.clearTimeout(id);
}
