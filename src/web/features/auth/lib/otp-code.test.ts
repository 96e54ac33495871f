import { describe, expect, it } from "vitest";
import { isCompleteOtpCode, sanitiseOtpCode } from "./otp-code";

describe("sanitiseOtpCode", () => {
  it("keeps digits only, at most six", () => {
    expect(sanitiseOtpCode("123456")).toBe("123456");
    expect(sanitiseOtpCode(" 123 456 ")).toBe("123456");
    expect(sanitiseOtpCode("12-34-56-78")).toBe("123456");
    expect(sanitiseOtpCode("abc")).toBe("");
  });
});

describe("isCompleteOtpCode", () => {
  it("is true at exactly six digits (spec §5 OTP)", () => {
    expect(isCompleteOtpCode("123456")).toBe(true);
    expect(isCompleteOtpCode("12345")).toBe(false);
    expect(isCompleteOtpCode("1234567")).toBe(false);
    expect(isCompleteOtpCode("12345a")).toBe(false);
  });
});
