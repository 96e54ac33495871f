// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { STORAGE_KEYS } from "@domain";
import { visitAffiliateCode } from "~/lib/affiliate-ref";
import { renderRoute } from "~/test/render-route";
import { AffiliateConsent } from "./affiliate-consent";

/** A page under the root layout, which holds the question on every page. */
function PageWithConsent() {
  return (
    <>
      <AffiliateConsent />
      <h1>Event page</h1>
    </>
  );
}

function open(url: string) {
  renderRoute({ url, route: { path: "/events/:id", Component: PageWithConsent } });
}

/** Everything this page could have left in the browser. */
function browserStorage() {
  return { local: { ...window.localStorage }, session: { ...window.sessionStorage }, cookie: document.cookie };
}

const QUESTION = /Remember it for 30 days so they get credit if you buy later\?/;

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});
afterEach(cleanup);

describe("an affiliate's ?ref= link (issue 34: nothing stored without consent)", () => {
  it("keeps the code for the visit without storing it, and stores it for 30 days only on Yes", async () => {
    open("/events/e1?ref=abc123");
    const banner = await screen.findByRole("region", { name: "Affiliate link" });
    expect(banner.textContent).toMatch(/^You came from ABC123's link\. /);
    expect(banner.textContent).toMatch(QUESTION);
    expect(visitAffiliateCode()).toBe("ABC123");
    expect(browserStorage()).toEqual({ local: {}, session: {}, cookie: "" });

    fireEvent.click(screen.getByRole("button", { name: "No thanks" }));
    await waitFor(() => expect(screen.queryByRole("region", { name: "Affiliate link" })).toBeNull());
    expect(browserStorage()).toEqual({ local: {}, session: {}, cookie: "" });
    // Declining storage does not take the credit away from this visit's purchase.
    expect(visitAffiliateCode()).toBe("ABC123");
    cleanup();

    const before = Date.now();
    open("/events/e2?ref=xyz789");
    expect((await screen.findByRole("region", { name: "Affiliate link" })).textContent).toMatch(/^You came from XYZ789's link/);
    expect(window.localStorage.getItem(STORAGE_KEYS.affiliateCode)).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Yes" }));
    await waitFor(() => expect(screen.queryByRole("region", { name: "Affiliate link" })).toBeNull());
    expect(window.localStorage.getItem(STORAGE_KEYS.affiliateCode)).toBe("XYZ789");
    const expiry = Number(window.localStorage.getItem(STORAGE_KEYS.affiliateExpiry));
    expect(expiry).toBeGreaterThanOrEqual(before + 30 * 86_400_000);
    expect(expiry).toBeLessThanOrEqual(Date.now() + 30 * 86_400_000);
  });

  it("does not ask again for a code already remembered, nor for an invalid ref", async () => {
    window.localStorage.setItem(STORAGE_KEYS.affiliateCode, "KEEP1234");
    window.localStorage.setItem(STORAGE_KEYS.affiliateExpiry, String(Date.now() + 86_400_000));
    open("/events/e3?ref=keep1234");
    await screen.findByRole("heading", { name: "Event page" });
    await waitFor(() => expect(visitAffiliateCode()).toBe("KEEP1234"));
    expect(screen.queryByRole("region", { name: "Affiliate link" })).toBeNull();
    cleanup();

    open("/events/e3?ref=no!");
    await screen.findByRole("heading", { name: "Event page" });
    expect(visitAffiliateCode()).toBe("KEEP1234");
    expect(screen.queryByRole("region", { name: "Affiliate link" })).toBeNull();
  });
});
