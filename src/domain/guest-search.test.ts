import { describe, expect, it } from "vitest";
import { guestCode, guestCodeTail, guestNameWords, guestStatus, maskEmail } from "./guest-search";
import { GuestSearchQuery } from "./guest-search-shapes";

describe("find a guest's rules (issue 38)", () => {
  it("masks an e-mail to its first character and its domain", () => {
    expect(maskEmail("ada.lovelace@example.com")).toBe("a***@example.com");
    expect(maskEmail("Ω@example.co.uk")).toBe("Ω***@example.co.uk");
    expect(maskEmail("no-at-sign")).toBe("***");
    expect(maskEmail(null)).toBeNull();
  });

  it("reads a ticket code with or without TCKT-, or its last 8 characters, in any case", () => {
    expect(guestCode(" tckt-2026-ab12cd34 ")).toBe("TCKT-2026-AB12CD34");
    expect(guestCode("2026-ab12cd34")).toBe("TCKT-2026-AB12CD34");
    expect(guestCode("Ada Lovelace")).toBeNull();
    expect(guestCodeTail("ab12cd34")).toBe("AB12CD34");
    expect(guestCodeTail("ab12cd3")).toBeNull();
  });

  it("splits a name into at most 6 words", () => {
    expect(guestNameWords("  lovelace   ada ")).toEqual(["lovelace", "ada"]);
    expect(guestNameWords("a b c d e f g h")).toHaveLength(6);
  });

  it("names a found ticket's standing as the door's revocation rule does", () => {
    const valid = { status: "valid" };
    expect(guestStatus({ status: "confirmed" }, valid, { status: "active" })).toBe("valid");
    expect(guestStatus({ status: "confirmed" }, { status: "refunded" }, { status: "active" })).toBe("refunded");
    expect(guestStatus({ status: "refunded" }, valid, { status: "active" })).toBe("refunded");
    expect(guestStatus({ status: "refunded" }, valid, { status: "cancelled" })).toBe("cancelled");
    expect(guestStatus({ status: "disputed" }, valid, { status: "active" })).toBe("disputed");
    expect(guestStatus({ status: "pending" }, valid, { status: "cancelled" })).toBe("unpaid");
  });

  it("takes 2 to 100 characters once trimmed", () => {
    expect(GuestSearchQuery.safeParse({ q: " a " }).success).toBe(false);
    expect(GuestSearchQuery.parse({ q: " ab " }).q).toBe("ab");
    expect(GuestSearchQuery.safeParse({ q: "x".repeat(101) }).success).toBe(false);
  });
});
