import { describe, expect, it } from "vitest";
import {
  adminAccess,
  ageInFullYears,
  classifySignInFailure,
  dateOfBirthProblem,
  latestAllowedDateOfBirth,
  normalisePhoneNumber,
  safeReturnPath,
  ukToday,
} from "./accounts";

describe("age and date of birth (spec §5 Sign up)", () => {
  it("counts full years only", () => {
    expect(ageInFullYears("2013-11-22", "2026-11-22")).toBe(13);
    expect(ageInFullYears("2013-11-23", "2026-11-22")).toBe(12);
    expect(ageInFullYears("2013-12-01", "2026-11-22")).toBe(12);
    expect(ageInFullYears("2013-02-30", "2026-11-22")).toBeNull();
  });

  it("sets the date input's max to today minus 13 years, leap days included", () => {
    expect(latestAllowedDateOfBirth("2026-11-22")).toBe("2013-11-22");
    expect(latestAllowedDateOfBirth("2028-02-29")).toBe("2015-02-28");
  });

  it("names what is wrong with a date of birth", () => {
    expect(dateOfBirthProblem(undefined, "2026-11-22")).toBe("missing");
    expect(dateOfBirthProblem("", "2026-11-22")).toBe("missing");
    expect(dateOfBirthProblem("22/11/2000", "2026-11-22")).toBe("invalid");
    expect(dateOfBirthProblem({ toString: "x" }, "2026-11-22")).toBe("invalid");
    expect(dateOfBirthProblem(20000101, "2026-11-22")).toBe("invalid");
    expect(dateOfBirthProblem("1850-01-01", "2026-11-22")).toBe("invalid");
    expect(dateOfBirthProblem("2030-01-01", "2026-11-22")).toBe("too-young");
    expect(dateOfBirthProblem("2013-11-23", "2026-11-22")).toBe("too-young");
    expect(dateOfBirthProblem("2013-11-22", "2026-11-22")).toBeNull();
  });

  it("takes today's date in the UK", () => {
    expect(ukToday(new Date("2026-06-30T23:30:00Z"))).toBe("2026-07-01");
    expect(ukToday(new Date("2026-12-31T23:30:00Z"))).toBe("2026-12-31");
  });
});

describe("normalisePhoneNumber", () => {
  it.each([
    ["07700 900123", "+447700900123"],
    ["+44 7700 900123", "+447700900123"],
    ["+44 (0)7700 900123", "+447700900123"],
    ["0044 7700-900123", "+447700900123"],
    ["+1 415 555 2671", "+14155552671"],
  ])("%s → %s", (input, expected) => expect(normalisePhoneNumber(input)).toBe(expected));

  it.each(["", "7700900123", "+44", "phone", "+0123456789"])("refuses %j", (input) => expect(normalisePhoneNumber(input)).toBeNull());
});

describe("safeReturnPath", () => {
  it("keeps same-site paths and drops anything that could leave the site", () => {
    expect(safeReturnPath("/profile/edit")).toBe("/profile/edit");
    expect(safeReturnPath("/events?category=music")).toBe("/events?category=music");
    for (const bad of [null, "", "https://evil.example", "//evil.example", "/\\evil.example", "javascript:alert(1)", "/a\nb"]) {
      expect(safeReturnPath(bad)).toBeNull();
    }
  });
});

describe("classifySignInFailure (spec §8 Sign in)", () => {
  it("maps the server's answer to the message the user sees", () => {
    expect(classifySignInFailure({ status: 401, code: "INVALID_EMAIL_OR_PASSWORD", message: "Invalid email or password" })).toBe("invalid-credentials");
    expect(classifySignInFailure({ message: "Invalid login credentials" })).toBe("invalid-credentials");
    expect(classifySignInFailure({ status: 403, code: "EMAIL_NOT_VERIFIED", message: "Email not verified" })).toBe("email-not-confirmed");
    expect(classifySignInFailure({ message: "Email not confirmed" })).toBe("email-not-confirmed");
    expect(classifySignInFailure({ status: 429, message: "Slow down" })).toBe("too-many-attempts");
    expect(classifySignInFailure({ message: "Too many requests. Please wait" })).toBe("too-many-attempts");
    expect(classifySignInFailure({ status: 500, message: "Database unavailable" })).toBe("other");
  });
});

describe("adminAccess (spec §6 Admin)", () => {
  const now = new Date("2026-11-22T12:00:00Z");
  const fresh = new Date("2026-11-22T00:00:00Z");
  it("needs the role, a confirmed e-mail and a sign-in within 24 hours", () => {
    expect(adminAccess({ role: "admin", emailVerified: true, signedInAt: fresh }, now)).toEqual({ granted: true });
    expect(adminAccess({ role: "user", emailVerified: true, signedInAt: fresh }, now)).toEqual({ granted: false, reason: "not-admin" });
    expect(adminAccess({ role: "admin", emailVerified: false, signedInAt: fresh }, now)).toEqual({ granted: false, reason: "email-not-confirmed" });
    expect(adminAccess({ role: "admin", emailVerified: true, signedInAt: new Date("2026-11-21T11:59:00Z") }, now)).toEqual({
      granted: false,
      reason: "session-too-old",
    });
    expect(adminAccess({ role: "admin", emailVerified: true, signedInAt: null }, now)).toEqual({ granted: false, reason: "session-too-old" });
  });
});
