import { describe, expect, it } from "vitest";
import { dashboardSearch, isViewOnlyChange, parseDashboardTab } from "./dashboard-view";

const url = (path: string) => new URL(path, "https://eventora.test");

describe("parseDashboardTab", () => {
  it("reads the five tabs and falls back to My Events", () => {
    expect(parseDashboardTab("sales")).toBe("sales");
    expect(parseDashboardTab("bookings")).toBe("bookings");
    expect(parseDashboardTab("attendees")).toBe("attendees");
    expect(parseDashboardTab("events")).toBe("events");
    expect(parseDashboardTab("payouts")).toBe("payouts");
    expect(parseDashboardTab(null)).toBe("events");
    expect(parseDashboardTab("SALES")).toBe("events");
    expect(parseDashboardTab("<script>")).toBe("events");
  });
});

describe("dashboardSearch", () => {
  it("sets the tab and leaves the default tab out of the address", () => {
    expect(dashboardSearch(new URLSearchParams(), { tab: "sales" })).toBe("?tab=sales");
    expect(dashboardSearch(new URLSearchParams("tab=sales"), { tab: "events" })).toBe("");
  });

  it("keeps the other parameters and sets or clears the attendee event", () => {
    expect(dashboardSearch(new URLSearchParams("tab=attendees"), { event: "ev 1" })).toBe("?tab=attendees&event=ev+1");
    expect(dashboardSearch(new URLSearchParams("tab=attendees&event=ev1&utm=x"), { event: null })).toBe("?tab=attendees&utm=x");
  });
});

describe("isViewOnlyChange", () => {
  it("is true when only the tab or the attendee event changed", () => {
    expect(isViewOnlyChange(url("/dashboard"), url("/dashboard?tab=sales"))).toBe(true);
    expect(isViewOnlyChange(url("/dashboard?tab=attendees&event=a"), url("/dashboard?tab=attendees&event=b"))).toBe(true);
  });

  it("is false for a revalidation of the same address, another page or another parameter", () => {
    expect(isViewOnlyChange(url("/dashboard?tab=sales"), url("/dashboard?tab=sales"))).toBe(false);
    expect(isViewOnlyChange(url("/dashboard"), url("/profile/edit"))).toBe(false);
    expect(isViewOnlyChange(url("/dashboard?tab=sales"), url("/dashboard?tab=sales&page=2"))).toBe(false);
  });
});
