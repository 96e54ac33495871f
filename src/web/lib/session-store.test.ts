import { describe, expect, it, vi } from "vitest";
import { clearSignedOutMark, markSignedOut, signedOutUser, subscribeToSignedOut, visibleSessionUser } from "./session-store";

describe("session store (spec §4: sign-out clears the local session at once)", () => {
  it("hides the signed-out user until a new sign-in, telling subscribers each time", () => {
    const listener = vi.fn();
    const unsubscribe = subscribeToSignedOut(listener);
    const user = { id: "u1" };

    markSignedOut("u1");
    expect(signedOutUser()).toBe("u1");
    expect(visibleSessionUser(user, signedOutUser())).toBeNull();
    expect(visibleSessionUser({ id: "u2" }, signedOutUser())).toEqual({ id: "u2" });

    clearSignedOutMark();
    expect(visibleSessionUser(user, signedOutUser())).toBe(user);
    expect(listener).toHaveBeenCalledTimes(2);

    unsubscribe();
    markSignedOut("u1");
    expect(listener).toHaveBeenCalledTimes(2);
    clearSignedOutMark();
  });

  it("shows nobody when there is no session", () => {
    expect(visibleSessionUser(null, null)).toBeNull();
  });
});
