import { describe, expect, it } from "vitest";
import { AppError } from "@domain";
import { eventLoadErrorOf, isExpectedLoadFailure } from "./load-error";

describe("eventLoadErrorOf (spec §2 Create/edit event)", () => {
  it("tells a refused edit from any other failure", () => {
    expect(eventLoadErrorOf(new AppError("EVENT_ACCESS_DENIED", "You can only edit your own events."))).toBe("access-denied");
    expect(eventLoadErrorOf(new AppError("EVENT_NOT_FOUND", "Event not found"))).toBe("failed");
    expect(eventLoadErrorOf(new Error("connection reset"))).toBe("failed");
  });

  it("treats only our own 4xx refusals as expected", () => {
    expect(isExpectedLoadFailure(new AppError("EVENT_NOT_FOUND", "Event not found"))).toBe(true);
    expect(isExpectedLoadFailure(new AppError("INTERNAL", "boom"))).toBe(false);
    expect(isExpectedLoadFailure(new Error("connection reset"))).toBe(false);
  });
});
