import { describe, expect, it } from "vitest";
import type { EventStatement } from "@domain";
import { statementFigures, statementRow } from "./statement-rows";

const statement = (discountsPence: number): EventStatement => ({
  eventId: "e1",
  title: "Harbour Quiz",
  startsAt: "2090-06-01T18:00:00.000Z",
  endsAt: "2090-06-01T23:00:00.000Z",
  grossSalesPence: 3000,
  bookingFeesPence: 460,
  organiserFeesPence: 147,
  absorbedFeesPence: 0,
  ticketRefundsPence: 0,
  feeRefundsPence: 0,
  commissionPence: 0,
  disputedPence: 0,
  discountsPence,
  netDuePence: 2853,
  paidPence: 0,
  transferId: null,
  paidAt: null,
  payoutDueAt: "2090-06-12T09:00:00.000Z",
  status: { kind: "awaiting-event-end" },
  ticketTypes: [],
});

describe("an event's statement figures (issue 37)", () => {
  it("shows what codes gave away, apart from gross sales, only when they gave some", () => {
    expect(statementRow(statement(1000)).figures.at(-1)).toMatchObject({ label: "Discounts given with codes (not in gross sales)", value: "£10.00" });
    expect(statementRow(statement(0)).figures.map((figure) => figure.key)).not.toContain("discountsPence");
  });

  it("gives every row of a table the same columns: the discounts column for all when any event has discounts", () => {
    const columns = statementFigures(true).map((figure) => figure.key);
    expect(columns).toContain("discountsPence");
    expect(statementRow(statement(0), true).figures.map((figure) => figure.key)).toEqual(columns);
    expect(statementRow(statement(0), true).figures.at(-1)).toMatchObject({ value: "£0.00" });
    expect(statementFigures(false).map((figure) => figure.key)).not.toContain("discountsPence");
  });
});
