import { describe, expect, it } from "vitest";
import { affiliateLink, affiliateStatusLabel } from "./affiliate-link";

describe("affiliateLink", () => {
  it("points at the home page with ?ref=CODE", () => {
    expect(affiliateLink("https://eventora.co.uk", "AB3KM9PQ")).toBe("https://eventora.co.uk/?ref=AB3KM9PQ");
  });
  it("copes with a trailing slash on the origin", () => {
    expect(affiliateLink("http://localhost:3000/", "AB3KM9PQ")).toBe("http://localhost:3000/?ref=AB3KM9PQ");
  });
});

describe("affiliateStatusLabel", () => {
  it("capitalises the status", () => {
    expect(affiliateStatusLabel("active")).toBe("Active");
    expect(affiliateStatusLabel("on_hold")).toBe("On hold");
    expect(affiliateStatusLabel("")).toBe("Unknown");
  });
});
