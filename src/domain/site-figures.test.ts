import { describe, expect, it } from "vitest";
import { FIGURE_THRESHOLDS, siteFigures } from "./site-figures";

describe("site figures (decisions.md D3, decision 022)", () => {
  it("rounds database counts for display, in the order asked, with 24/7 support last", () => {
    const stats = { eventsListed: 1234, organisers: 57, ticketsSold: 40_512, customers: 8_004 };
    expect(siteFigures(stats, ["eventsListed", "ticketsSold", "customers"])).toEqual([
      { kind: "count", value: "1.2K+", label: "Events listed" },
      { kind: "count", value: "40.5K+", label: "Tickets sold" },
      { kind: "count", value: "8K+", label: "Customers" },
      { kind: "count", value: "24/7", label: "Support" },
    ]);
  });

  it("shows a tiny figure ('33+ customers', '6+ organisers') as a line without a number", () => {
    const figures = siteFigures({ eventsListed: 12, organisers: 6, ticketsSold: 41, customers: 33 }, ["eventsListed", "organisers", "ticketsSold", "customers"]);
    expect(figures).toEqual([
      { kind: "line", text: "Music, comedy, food and more" },
      { kind: "line", text: "Open to every organiser" },
      { kind: "line", text: "Tickets by e-mail, instantly" },
      { kind: "line", text: "Secure card checkout" },
      { kind: "count", value: "24/7", label: "Support" },
    ]);
    expect(JSON.stringify(figures)).not.toMatch(/\d+\+/);
  });

  it("shows each figure from its own threshold, exactly", () => {
    for (const [key, threshold] of Object.entries(FIGURE_THRESHOLDS) as [keyof typeof FIGURE_THRESHOLDS, number][]) {
      const stats = { eventsListed: 0, organisers: 0, ticketsSold: 0, customers: 0 };
      expect(siteFigures({ ...stats, [key]: threshold - 1 }, [key])[0]).toMatchObject({ kind: "line" });
      expect(siteFigures({ ...stats, [key]: threshold }, [key])[0]).toEqual(expect.objectContaining({ kind: "count", value: `${threshold}+` }));
    }
  });
});
