import { describe, expect, it } from "vitest";
import { authErrorFromBody } from "./auth-request";

describe("authErrorFromBody", () => {
  it("reads the auth server's {code, message}", () => {
    const error = authErrorFromBody(401, { code: "INVALID_EMAIL_OR_PASSWORD", message: "Invalid email or password" });
    expect(error).toMatchObject({ status: 401, code: "INVALID_EMAIL_OR_PASSWORD", message: "Invalid email or password" });
  });

  it("reads our API's {error: {code, message}}", () => {
    expect(authErrorFromBody(403, { error: { code: "INVALID_ORIGIN", message: "Bad origin" } })).toMatchObject({ code: "INVALID_ORIGIN", message: "Bad origin" });
  });

  it("keeps a plain-text reply, and says something useful when there is nothing", () => {
    expect(authErrorFromBody(429, "Too many requests")).toMatchObject({ status: 429, code: undefined, message: "Too many requests" });
    expect(authErrorFromBody(502, null).message).toBe("The request failed (HTTP 502).");
  });
});
