import { describe, expect, it } from "vitest";
import { newRefundRequestKey, refundPreview, refundReasonError } from "./refund-form";

describe("the refund form", () => {
  it("states what goes back as the server computes it: tickets and their booking fees", () => {
    const preview = refundPreview({ unitPricePence: 2000, feePerTicketPence: 230, tickets: 2 }, 1);
    expect(preview).toMatchObject({ ticketPence: 2000, feePence: 230, totalPence: 2230 });
    expect(preview.statement).toBe("1 ticket refunded to the buyer's card: £22.30 (tickets £20.00, booking fee £2.30).");
    expect(preview.remaining).toBe("1 ticket will still be valid.");
    expect(refundPreview({ unitPricePence: 2000, feePerTicketPence: 230, tickets: 2 }, 2).remaining).toBe("No tickets will be left on this booking.");
  });

  it("makes request keys the server accepts, a new one each time", () => {
    const key = newRefundRequestKey();
    expect(key).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
    expect(newRefundRequestKey()).not.toBe(key);
  });

  it("asks for a reason of at most 500 characters", () => {
    expect(refundReasonError("  ")).toBe("Please give a reason for the refund.");
    expect(refundReasonError("x".repeat(501))).toBe("The reason can be at most 500 characters.");
    expect(refundReasonError("Cannot come")).toBeNull();
  });
});
