import { describe, expect, it } from "vitest";
import { AuthRequestError } from "../api/auth-request";
import { SIGNED_OUT_TOAST } from "./finish-sign-out";
import { AUTH_TOASTS, failureToast, otpVerifyFailureToast, signInFailureToast, signUpFailureToast } from "./auth-toasts";

const refused = (status: number, code: string | undefined, message: string) => new AuthRequestError({ status, code, message });

describe("signInFailureToast (spec §8 Sign in)", () => {
  it.each([
    [
      "wrong e-mail or password",
      refused(401, "INVALID_EMAIL_OR_PASSWORD", "Invalid email or password"),
      "Invalid login credentials",
      "The email or password you entered is incorrect. Please check your details and try again, or use 'Forgot your password?' if you need to reset it.",
    ],
    [
      "unconfirmed e-mail",
      refused(403, "EMAIL_NOT_VERIFIED", "Email not verified"),
      "Email not confirmed",
      "Please check your email and click the confirmation link before signing in.",
    ],
    [
      "rate limited",
      refused(429, undefined, "Too many requests. Please try again later."),
      "Too many attempts",
      "Please wait a few minutes before trying again, or use 'Forgot your password?' to reset it.",
    ],
    ["any other refusal", refused(500, "INTERNAL", "Something went wrong. Please try again."), "Sign in failed", "Something went wrong. Please try again."],
    ["no answer at all", new TypeError("Failed to fetch"), "An error occurred", "Failed to fetch"],
    ["an exception without a message", new Error(""), "An error occurred", "Please try again later."],
  ])("%s", (_case, error, title, description) => {
    expect(signInFailureToast(error)).toEqual({ title, description });
  });
});

describe("other auth toasts (spec §8 Other auth)", () => {
  it("words every fixed message as the spec does", () => {
    expect(AUTH_TOASTS.signedIn).toEqual({ title: "Welcome back!", description: "You have successfully signed in." });
    expect(AUTH_TOASTS.signedInWithOtp).toEqual({ title: "Welcome!", description: "You have successfully signed in." });
    expect(SIGNED_OUT_TOAST).toEqual({ title: "Signed out successfully", description: "You have been logged out of your account" });
    expect(AUTH_TOASTS.accountCreated).toEqual({ title: "Account created successfully!", description: "You can now sign in with your credentials." });
    expect(AUTH_TOASTS.resetEmailSent).toEqual({ title: "Password reset email sent", description: "Check your email for password reset instructions." });
    expect(AUTH_TOASTS.passwordUpdated).toEqual({ title: "Password updated successfully!" });
    expect(AUTH_TOASTS.passwordsDontMatch).toEqual({ title: "Passwords don't match", description: "Please ensure both password fields match." });
    expect(AUTH_TOASTS.passwordTooShort).toEqual({ title: "Password too short", description: "Password must be at least 6 characters long." });
    expect(AUTH_TOASTS.ageRequirementNotMet).toEqual({
      title: "Age requirement not met",
      description: "You must be at least 13 years old to create an account.",
    });
    expect(AUTH_TOASTS.emailContactRequired).toEqual({ title: "Contact required", description: "Please enter your email" });
    expect(AUTH_TOASTS.phoneContactRequired).toEqual({ title: "Contact required", description: "Please enter your phone number" });
  });

  it("shows the server's age refusal in the spec's words, and other sign-up refusals with the server message", () => {
    expect(signUpFailureToast(refused(400, "AGE_REQUIREMENT_NOT_MET", "too young"))).toEqual(AUTH_TOASTS.ageRequirementNotMet);
    expect(signUpFailureToast(refused(400, "PASSWORD_TOO_SHORT", "Password too short"))).toEqual({
      title: "Sign up failed",
      description: "Password too short",
    });
  });

  it("titles every failed code check 'Invalid OTP'", () => {
    expect(otpVerifyFailureToast(refused(400, "INVALID_OTP", "Invalid OTP")).title).toBe("Invalid OTP");
    expect(otpVerifyFailureToast(refused(403, "TOO_MANY_ATTEMPTS", "Too many attempts")).description).toMatch(/request a new code/);
    expect(otpVerifyFailureToast(new TypeError("Failed to fetch"))).toEqual({ title: "Invalid OTP", description: "Failed to fetch" });
  });

  it("falls back to 'Please try again later.' when a failure has no message", () => {
    expect(failureToast("Failed to send OTP", null)).toEqual({ title: "Failed to send OTP", description: "Please try again later." });
  });
});
