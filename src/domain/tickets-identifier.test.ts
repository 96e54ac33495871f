import { describe, expect, it } from "vitest";
import { checkTicketIdentifier as checkIdentifier, ticketIdentifierKind as identifierKind } from "./tickets";

describe("identifierKind (spec §5 Ticket viewer and resender)", () => {
  it("reads TCKT- as a ticket code and cs_ as a payment session", () => {
    expect(identifierKind("TCKT-2026-1A2B3C4D")).toBe("ticket-code");
    expect(identifierKind("  TCKT-2026-1A2B3C4D ")).toBe("ticket-code");
    expect(identifierKind("cs_test_a1b2c3d4e5f6g7h8i9j0k1l2m3n4o5p6")).toBe("payment-session");
  });

  it("reads anything longer than 30 characters as a booking id", () => {
    expect(identifierKind("0f8fad5b-d9cb-469f-a165-70867728950e")).toBe("booking-id");
    expect(identifierKind("a".repeat(31))).toBe("booking-id");
    expect(identifierKind("a".repeat(30))).toBe("unknown");
  });

  it("is case-sensitive about the prefixes, like the server", () => {
    expect(identifierKind("tckt-2026-1A2B3C4D")).toBe("unknown");
    expect(identifierKind("CS_123")).toBe("unknown");
  });
});

describe("checkIdentifier", () => {
  it("trims what was typed", () => {
    expect(checkIdentifier("  TCKT-2026-1A2B3C4D \n", "viewer")).toEqual({ identifier: "TCKT-2026-1A2B3C4D" });
  });

  it("gives each tool's own message when nothing was typed", () => {
    expect(checkIdentifier("   ", "viewer")).toEqual({ error: "Please enter a booking ID, ticket code, or Stripe session ID" });
    expect(checkIdentifier("", "resender")).toEqual({ error: "Please enter a booking ID or ticket code" });
  });
});
