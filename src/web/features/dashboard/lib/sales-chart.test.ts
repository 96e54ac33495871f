import { describe, expect, it } from "vitest";
import { CHART_HEIGHT, chartBars, chartScale, chartSummary, formatChartDay, formatMetric, niceStep, type DailySales } from "./sales-chart";

const day = (date: string, ticketIncomePence: number, tickets: number): DailySales => ({ date, ticketIncomePence, tickets });

describe("niceStep", () => {
  it("rounds a quarter of the maximum up to 1, 2 or 5 × 10ⁿ", () => {
    expect(niceStep(1000, 1)).toBe(500);
    expect(niceStep(1234, 1)).toBe(500);
    expect(niceStep(2100, 1)).toBe(1000);
    expect(niceStep(36, 1)).toBe(10);
    expect(niceStep(7, 1)).toBe(2);
  });

  it("never goes below the smallest step", () => {
    expect(niceStep(0, 100)).toBe(100);
    expect(niceStep(250, 100)).toBe(100);
    expect(niceStep(3, 1)).toBe(1);
  });
});

describe("chartScale", () => {
  it("puts ticket income grid lines on whole pounds and reaches the largest day", () => {
    expect(chartScale([0, 1230, 4920], "income")).toEqual({ max: 8000, ticks: [0, 2000, 4000, 6000, 8000] });
    expect(chartScale([0, 0], "income")).toEqual({ max: 400, ticks: [0, 100, 200, 300, 400] });
  });

  it("puts ticket grid lines on whole tickets", () => {
    expect(chartScale([1, 3], "tickets")).toEqual({ max: 4, ticks: [0, 1, 2, 3, 4] });
  });
});

describe("chartBars", () => {
  const daily = [day("2026-12-01", 0, 0), day("2026-12-02", 2000, 2), day("2026-12-03", 8000, 5)];

  it("scales bars to the axis, left to right, from the baseline", () => {
    const bars = chartBars(daily, "income", chartScale([0, 2000, 8000], "income"));
    expect(bars.map((bar) => bar.height)).toEqual([0, 25, 100]);
    expect(bars.map((bar) => bar.y + bar.height)).toEqual([CHART_HEIGHT, CHART_HEIGHT, CHART_HEIGHT]);
    expect(bars[0]!.x).toBeLessThan(bars[1]!.x);
  });

  it("keeps a small day visible beside a record day", () => {
    const bars = chartBars([day("2026-12-01", 1, 1), day("2026-12-02", 1_000_000, 1)], "income", chartScale([1, 1_000_000], "income"));
    expect(bars[0]!.height).toBeGreaterThan(0);
  });
});

describe("chart words", () => {
  it("formats axis values", () => {
    expect(formatMetric(2000, "income")).toBe("£20");
    expect(formatMetric(250, "income")).toBe("£2.50");
    expect(formatMetric(1, "tickets")).toBe("1 ticket");
  });

  it("formats a UK calendar day", () => {
    expect(formatChartDay("2026-03-29")).toBe("29 Mar");
    expect(formatChartDay("2026-12-06")).toBe("6 Dec");
  });

  it("summarises the period for screen readers", () => {
    const daily = [day("2026-12-05", 1230, 1), day("2026-12-06", 4920, 4)];
    expect(chartSummary(daily, "income")).toBe("Ticket income per day over the last 2 days: £61.50 in total. Best day Sun, 6 Dec 2026 with £49.20.");
    expect(chartSummary(daily, "tickets")).toBe("Tickets sold per day over the last 2 days: 5 tickets in total. Best day Sun, 6 Dec 2026 with 4 tickets.");
    expect(chartSummary([day("2026-12-05", 0, 0)], "income")).toBe("Ticket income per day over the last day: no sales yet.");
  });
});
