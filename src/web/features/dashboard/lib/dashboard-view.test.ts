import { describe, expect, it } from "vitest";
import { DASHBOARD_TABS, sectionAddressOf } from "./dashboard-view";

const url = (path: string) => new URL(path, "https://eventora.test");

describe("sectionAddressOf", () => {
  it("sends each old ?tab= address to its section's own address", () => {
    expect(sectionAddressOf(url("/dashboard?tab=events"))).toBe("/dashboard");
    expect(sectionAddressOf(url("/dashboard?tab=sales"))).toBe("/dashboard/sales");
    expect(sectionAddressOf(url("/dashboard?tab=bookings"))).toBe("/dashboard/bookings");
    expect(sectionAddressOf(url("/dashboard?tab=attendees"))).toBe("/dashboard/attendees");
    expect(sectionAddressOf(url("/dashboard?tab=payouts"))).toBe("/dashboard/payouts");
  });

  it("keeps the other parameters, the attendee event among them", () => {
    expect(sectionAddressOf(url("/dashboard?tab=attendees&event=ev+1&utm=x"))).toBe("/dashboard/attendees?event=ev+1&utm=x");
  });

  it("sends an unknown tab to My Events and leaves an address without ?tab= alone", () => {
    expect(sectionAddressOf(url("/dashboard?tab=%3Cscript%3E"))).toBe("/dashboard");
    expect(sectionAddressOf(url("/dashboard"))).toBeNull();
    expect(sectionAddressOf(url("/dashboard?event=e1"))).toBeNull();
  });

  it("names the sections as the spec does, with Codes, Waiting Lists (issue 37), Door team and Check-in (issue 38) before Payouts", () => {
    expect(DASHBOARD_TABS.map((tab) => tab.label)).toEqual(["My Events", "Sales Analytics", "My Bookings", "Attendee Management", "Codes", "Waiting Lists", "Door team", "Check-in", "Payouts"]);
  });
});
