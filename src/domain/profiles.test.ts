import { describe, expect, it } from "vitest";
import { ProfileUpdateInput, Username } from "./profiles";

describe("Username", () => {
  it.each(["ada", "Ada_Lovelace", "user_123", "A".repeat(40)])("accepts %s", (name) => {
    expect(Username.safeParse(name).success).toBe(true);
  });

  it.each(["", "ada lovelace", "ada-l", "ada.l", "ada%", "../etc", "A".repeat(41)])("rejects %j", (name) => {
    expect(Username.safeParse(name).success).toBe(false);
  });

  it("tells the user which characters are allowed", () => {
    expect(Username.safeParse("ada!").error!.issues[0]!.message).toBe(
      "Username can only contain letters, numbers, and underscores",
    );
  });
});

describe("ProfileUpdateInput (spec §5 Profile edit)", () => {
  it("trims, and turns empty fields into null", () => {
    expect(ProfileUpdateInput.parse({ username: " jo_h ", displayName: "", bio: "   ", website: "", avatarUrl: null })).toEqual({
      username: "jo_h",
      displayName: null,
      bio: null,
      location: null,
      website: null,
      avatarUrl: null,
      businessName: null,
      businessAddress: null,
      vatNumber: null,
      sellerKind: null,
      companyNumber: null,
      vatTreatment: null,
    });
  });

  it("keeps the seller's address line by line and the VAT number in its normal form", () => {
    const parsed = ProfileUpdateInput.parse({ businessName: " Northern Sounds Ltd ", businessAddress: " 1 Canal St \r\n\n  Manchester\nM1 3HE ", vatNumber: "gb 980 7806 84" });
    expect(parsed).toMatchObject({ businessName: "Northern Sounds Ltd", businessAddress: "1 Canal St\nManchester\nM1 3HE", vatNumber: "GB980780684" });
    const refused = ProfileUpdateInput.safeParse({ vatNumber: "GB12345" });
    expect(refused.error?.issues[0]).toMatchObject({ path: ["vatNumber"], message: expect.stringMatching(/9 digits/) });
  });

  it("accepts web addresses and uploaded avatars only", () => {
    expect(ProfileUpdateInput.safeParse({ website: "ftp://x.example" }).success).toBe(false);
    expect(ProfileUpdateInput.safeParse({ avatarUrl: "javascript:alert(1)" }).success).toBe(false);
    expect(ProfileUpdateInput.safeParse({ avatarUrl: "/media/avatars/u1.webp?v=123" }).success).toBe(true);
    expect(ProfileUpdateInput.safeParse({ avatarUrl: "/media/../../etc/passwd" }).success).toBe(false);
  });
});
