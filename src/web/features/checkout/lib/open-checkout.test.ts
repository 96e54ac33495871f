import { describe, expect, it, vi } from "vitest";
import { openCheckout, POPUP_BLOCKED_REDIRECT_MS } from "./open-checkout";

describe("openCheckout (spec §4 Payment)", () => {
  it("opens a new tab and cuts its link back to this one", () => {
    const opened = { opener: {} as unknown };
    const assign = vi.fn();
    const schedule = vi.fn();
    expect(openCheckout("https://pay.test/cs_1", { open: () => opened, assign, schedule })).toBe("opened");
    expect(opened.opener).toBeNull();
    expect(schedule).not.toHaveBeenCalled();
    expect(assign).not.toHaveBeenCalled();
  });
  it("redirects this tab after 1 s when the popup is blocked", () => {
    vi.useFakeTimers();
    try {
      const assign = vi.fn();
      const result = openCheckout("https://pay.test/cs_1", { open: () => null, assign, schedule: (run, ms) => setTimeout(run, ms) });
      expect(result).toBe("redirecting");
      vi.advanceTimersByTime(POPUP_BLOCKED_REDIRECT_MS - 1);
      expect(assign).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(assign).toHaveBeenCalledWith("https://pay.test/cs_1");
    } finally {
      vi.useRealTimers();
    }
  });
});
