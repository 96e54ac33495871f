import { describe, expect, it } from "vitest";
import { AUTH_TOASTS } from "./auth-toasts";
import { otpTargetFor } from "./otp-target";

describe("otpTargetFor", () => {
  it("asks for the contact of the chosen channel (spec §5 OTP)", () => {
    expect(otpTargetFor("email", "  ")).toEqual({ problem: AUTH_TOASTS.emailContactRequired });
    expect(otpTargetFor("sms", "")).toEqual({ problem: AUTH_TOASTS.phoneContactRequired });
  });

  it("sends an e-mail code to the trimmed address", () => {
    expect(otpTargetFor("email", " alex@example.com ")).toEqual({ target: { channel: "email", address: "alex@example.com" } });
    expect(otpTargetFor("email", "alex")).toEqual({ problem: AUTH_TOASTS.invalidEmail });
  });

  it("texts a UK number typed the local way in E.164 form, and refuses what cannot be a number", () => {
    expect(otpTargetFor("sms", "07700 900123")).toEqual({ target: { channel: "sms", address: "+447700900123" } });
    expect(otpTargetFor("sms", "call me")).toEqual({ problem: AUTH_TOASTS.invalidPhoneNumber });
    expect(AUTH_TOASTS.invalidPhoneNumber.title).toBe("Failed to send OTP");
  });
});
