/** spec §8 Affiliate, §9 Timings: 'Copied!' then the label reverts after 2000 ms. */
export const COPIED_LABEL_MS = 2000;

export interface Timers {
  set: (run: () => void, delayMs: number) => unknown;
  clear: (handle: unknown) => void;
}

/**
 * The copy button's label state: `copied()` shows 'Copied!' and restarts the 2 s countdown (a second
 * copy inside the window keeps the label for a full 2 s more); `dispose()` stops it on unmount.
 */
export function createCopyFeedback(onChange: (copied: boolean) => void, timers: Timers) {
  let handle: unknown = null;
  return {
    copied() {
      if (handle !== null) timers.clear(handle);
      onChange(true);
      handle = timers.set(() => {
        handle = null;
        onChange(false);
      }, COPIED_LABEL_MS);
    },
    dispose() {
      if (handle !== null) timers.clear(handle);
      handle = null;
    },
  };
}
