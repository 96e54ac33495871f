import { describe, expect, it } from "vitest";
import { tryAgainPath } from "./cancel-target";

describe("tryAgainPath", () => {
  it("goes back to a known event", () => {
    expect(tryAgainPath("3f1c1d5e-8a7b-4c2d-9e0f-1a2b3c4d5e6f")).toBe("/events/3f1c1d5e-8a7b-4c2d-9e0f-1a2b3c4d5e6f");
  });
  it("goes to all events without a usable id", () => {
    for (const id of [null, "", "../admin", "not-an-id"]) expect(tryAgainPath(id)).toBe("/events");
  });
});
