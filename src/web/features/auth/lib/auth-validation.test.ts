import { describe, expect, it } from "vitest";
import { AUTH_TOASTS } from "./auth-toasts";
import { newPasswordProblem, signInProblem, signUpProblem } from "./auth-validation";

describe("signInProblem (spec §5 Sign in)", () => {
  it("needs an e-mail containing '@', then a password", () => {
    expect(signInProblem({ email: "alex.example.com", password: "secret" })).toEqual({ field: "email", toast: AUTH_TOASTS.invalidEmail });
    expect(signInProblem({ email: "alex@example.com", password: "" })).toEqual({ field: "password", toast: AUTH_TOASTS.passwordRequired });
    expect(signInProblem({ email: "alex@example.com", password: "x" })).toBeNull();
  });
});

describe("signUpProblem (spec §5 Sign up)", () => {
  const today = "2026-06-15";
  const valid = { email: "alex@example.com", password: "secret", dateOfBirth: "2000-01-01" };

  it("accepts a 13-year-old on their birthday", () => {
    expect(signUpProblem({ ...valid, dateOfBirth: "2013-06-15" }, today)).toBeNull();
  });

  it("refuses anyone under 13 with the spec's message", () => {
    expect(signUpProblem({ ...valid, dateOfBirth: "2013-06-16" }, today)).toEqual({ field: "dateOfBirth", toast: AUTH_TOASTS.ageRequirementNotMet });
  });

  it("needs a date of birth, a 6-character password and an e-mail", () => {
    expect(signUpProblem({ ...valid, dateOfBirth: "" }, today)?.field).toBe("dateOfBirth");
    expect(signUpProblem({ ...valid, password: "12345" }, today)).toEqual({ field: "password", toast: AUTH_TOASTS.passwordTooShort });
    expect(signUpProblem({ ...valid, email: "alex" }, today)).toEqual({ field: "email", toast: AUTH_TOASTS.invalidEmail });
  });
});

describe("newPasswordProblem (spec §5 New password)", () => {
  it("checks that the two match before the length", () => {
    expect(newPasswordProblem({ password: "abc", confirmation: "abd" })).toEqual({ field: "confirmation", toast: AUTH_TOASTS.passwordsDontMatch });
    expect(newPasswordProblem({ password: "abc", confirmation: "abc" })).toEqual({ field: "password", toast: AUTH_TOASTS.passwordTooShort });
    expect(newPasswordProblem({ password: "abcdef", confirmation: "abcdef" })).toBeNull();
  });
});
