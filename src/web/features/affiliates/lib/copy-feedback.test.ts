import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { COPIED_LABEL_MS, createCopyFeedback } from "./copy-feedback";

const timers = {
  set: (run: () => void, ms: number) => setTimeout(run, ms),
  clear: (handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

describe("createCopyFeedback", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("shows 'Copied!' for 2000 ms", () => {
    const changes: boolean[] = [];
    const feedback = createCopyFeedback((copied) => changes.push(copied), timers);
    feedback.copied();
    expect(changes).toEqual([true]);
    vi.advanceTimersByTime(COPIED_LABEL_MS - 1);
    expect(changes).toEqual([true]);
    vi.advanceTimersByTime(1);
    expect(changes).toEqual([true, false]);
  });

  it("restarts the countdown on a second copy", () => {
    const changes: boolean[] = [];
    const feedback = createCopyFeedback((copied) => changes.push(copied), timers);
    feedback.copied();
    vi.advanceTimersByTime(1500);
    feedback.copied();
    vi.advanceTimersByTime(1500);
    expect(changes).toEqual([true, true]);
    vi.advanceTimersByTime(500);
    expect(changes).toEqual([true, true, false]);
  });

  it("stops after dispose", () => {
    const changes: boolean[] = [];
    const feedback = createCopyFeedback((copied) => changes.push(copied), timers);
    feedback.copied();
    feedback.dispose();
    vi.advanceTimersByTime(COPIED_LABEL_MS * 2);
    expect(changes).toEqual([true]);
  });
});
