import { describe, expect, it } from "vitest";
import { authErrorFromUrl, recoveryToken, withoutAuthErrorParams, withoutFormSecrets } from "./auth-url-state";

const params = (query: string) => new URLSearchParams(query);

describe("recoveryToken", () => {
  it("reads the token of a password-reset link, with or without type=recovery", () => {
    expect(recoveryToken(params("type=recovery&token=abc123"))).toBe("abc123");
    expect(recoveryToken(params("token=abc123"))).toBe("abc123");
  });

  it("is null for a plain visit, a link without a token, or a link reporting an error", () => {
    expect(recoveryToken(params(""))).toBeNull();
    expect(recoveryToken(params("type=recovery"))).toBeNull();
    expect(recoveryToken(params("type=recovery&error=INVALID_TOKEN"))).toBeNull();
  });
});

describe("authErrorFromUrl", () => {
  it("prefers the error description", () => {
    expect(authErrorFromUrl(params("error=access_denied&error_description=Email+link+is+invalid"))).toBe("Email link is invalid");
  });

  it("explains the auth server's codes in plain words", () => {
    const expired = "This link is invalid or has expired. Please request a new one.";
    expect(authErrorFromUrl(params("error=INVALID_TOKEN"))).toBe(expired);
    expect(authErrorFromUrl(params("error=TOKEN_EXPIRED"))).toBe(expired);
    expect(authErrorFromUrl(params("type=recovery&error=INVALID_TOKEN"))).toBe(expired);
    expect(authErrorFromUrl(params("error=SOMETHING_ODD"))).toBe("Something odd.");
  });

  it("treats a recovery link without its token as a broken link", () => {
    expect(authErrorFromUrl(params("type=recovery"))).toBe("This link is invalid or has expired. Please request a new one.");
  });

  it("is null when nothing went wrong", () => {
    expect(authErrorFromUrl(params(""))).toBeNull();
    expect(authErrorFromUrl(params("redirect=/dashboard"))).toBeNull();
    expect(authErrorFromUrl(params("type=recovery&token=abc"))).toBeNull();
  });
});

describe("withoutAuthErrorParams", () => {
  it("drops the error parameters and a spent recovery link, and keeps the rest", () => {
    expect(withoutAuthErrorParams(params("error=INVALID_TOKEN&redirect=%2Fdashboard")).toString()).toBe("redirect=%2Fdashboard");
    expect(withoutAuthErrorParams(params("type=recovery&error=INVALID_TOKEN")).toString()).toBe("");
    expect(withoutAuthErrorParams(params("type=recovery&token=abc&error=x&error_description=y")).toString()).toBe("");
  });

  it("leaves a working recovery link alone", () => {
    expect(withoutAuthErrorParams(params("type=recovery&token=abc")).toString()).toBe("type=recovery&token=abc");
  });
});

describe("withoutFormSecrets", () => {
  it("drops passwords and codes from an address, keeping the rest", () => {
    expect(withoutFormSecrets(new URLSearchParams("email=a%40example.com&password=secret"))?.toString()).toBe("email=a%40example.com");
    expect(withoutFormSecrets(new URLSearchParams("otp=123456&code=1&newPassword=x&confirmation=x&redirect=%2Fcart"))?.toString()).toBe("redirect=%2Fcart");
  });

  it("leaves an address without them alone (a recovery link's token stays)", () => {
    expect(withoutFormSecrets(new URLSearchParams("type=recovery&token=abc"))).toBeNull();
  });
});
