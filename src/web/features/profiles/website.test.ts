import { describe, expect, it } from "vitest";
import { profileWebsite } from "./website";

describe("profileWebsite", () => {
  it("keeps http(s) links and shows them without the scheme", () => {
    expect(profileWebsite("https://www.example.co.uk/")).toEqual({ href: "https://www.example.co.uk/", label: "example.co.uk" });
    expect(profileWebsite("http://example.com/gigs/")).toEqual({ href: "http://example.com/gigs/", label: "example.com/gigs" });
  });
  it("reads a bare domain as https", () => {
    expect(profileWebsite("example.com")?.href).toBe("https://example.com/");
  });
  it("refuses anything that is not a web address", () => {
    for (const raw of ["javascript:alert(1)", "data:text/html,hi", "mailto:a@b.com", "not a url", "", null]) {
      expect(profileWebsite(raw)).toBeNull();
    }
  });
});
