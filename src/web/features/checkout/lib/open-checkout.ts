/** spec §9 Timings: after a blocked popup, the same window goes to the checkout after 1 s. */
export const POPUP_BLOCKED_REDIRECT_MS = 1000;

export interface CheckoutWindowEnvironment {
  /** window.open(url, "_blank"): the new window, or null when the browser blocked it. */
  open: (url: string) => { opener: unknown } | null;
  /** Same-window navigation. */
  assign: (url: string) => void;
  schedule: (run: () => void, delayMs: number) => void;
}

/**
 * Opens the checkout in a new tab; when the browser blocks that, redirects this tab after a second
 * (spec §4 Payment). Says which happened so the caller shows the matching toast.
 */
export function openCheckout(url: string, environment: CheckoutWindowEnvironment): "opened" | "redirecting" {
  const opened = environment.open(url);
  if (opened) {
    // The checkout page has no business scripting this tab.
    try {
      opened.opener = null;
    } catch {
      // A browser that refuses the assignment keeps the default, which is no worse.
    }
    return "opened";
  }
  environment.schedule(() => environment.assign(url), POPUP_BLOCKED_REDIRECT_MS);
  return "redirecting";
}

export function browserCheckoutWindow(): CheckoutWindowEnvironment {
  return {
    open: (url) => window.open(url, "_blank"),
    assign: (url) => window.location.assign(url),
    schedule: (run, delayMs) => window.setTimeout(run, delayMs),
  };
}
