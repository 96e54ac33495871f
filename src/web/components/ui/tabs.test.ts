import { describe, expect, it } from "vitest";
import { isTabOnlyChange, selectedTab, tabSearch } from "./tabs";

const TABS = ["signin", "otp", "signup", "reset"] as const;

describe("tabs chosen by the address", () => {
  it("reads the tab from ?tab=, falling back to the first for a missing or unknown one", () => {
    expect(selectedTab(new URLSearchParams("tab=signup"), "tab", TABS)).toBe("signup");
    expect(selectedTab(new URLSearchParams(""), "tab", TABS)).toBe("signin");
    expect(selectedTab(new URLSearchParams("tab=admin"), "tab", TABS)).toBe("signin");
  });

  it("links to a tab keeping the other parameters, with the first tab left out of the address", () => {
    const params = new URLSearchParams("redirect=%2Fcart&tab=otp");
    expect(tabSearch(params, "tab", TABS, "signup")).toBe("?redirect=%2Fcart&tab=signup");
    expect(tabSearch(params, "tab", TABS, "signin")).toBe("?redirect=%2Fcart");
    expect(tabSearch(new URLSearchParams("tab=otp"), "tab", TABS, "signin")).toBe("");
  });

  it("knows a tab switch from any other navigation", () => {
    const at = (path: string) => new URL(path, "http://localhost");
    expect(isTabOnlyChange(at("/auth?redirect=%2Fcart"), at("/auth?redirect=%2Fcart&tab=otp"))).toBe(true);
    expect(isTabOnlyChange(at("/auth?tab=otp"), at("/auth?tab=otp"))).toBe(false);
    expect(isTabOnlyChange(at("/auth?tab=otp"), at("/auth?tab=otp&redirect=%2Fcart"))).toBe(false);
    expect(isTabOnlyChange(at("/auth"), at("/events?tab=otp"))).toBe(false);
  });
});
