import { describe, expect, it } from "vitest";
import { siteFigures } from "./site-figures";

describe("site figures (decisions.md D3)", () => {
  it("rounds database counts for display, in the order asked, with 24/7 support last", () => {
    const stats = { eventsListed: 1234, organisers: 57, ticketsSold: 40_512, customers: 8_004 };
    expect(siteFigures(stats, ["eventsListed", "ticketsSold", "customers"])).toEqual([
      { value: "1.2K+", label: "Events listed" },
      { value: "40.5K+", label: "Tickets sold" },
      { value: "8K+", label: "Customers" },
      { value: "24/7", label: "Support" },
    ]);
  });

  it("leaves out a figure with nothing behind it rather than showing 0+", () => {
    const figures = siteFigures({ eventsListed: 12, organisers: 3, ticketsSold: 0, customers: 0 }, ["eventsListed", "organisers", "ticketsSold", "customers"]);
    expect(figures.map((figure) => figure.label)).toEqual(["Events listed", "Organisers", "Support"]);
    expect(figures.map((figure) => figure.value).join(" ")).not.toMatch(/%|\b0\+/);
  });
});
