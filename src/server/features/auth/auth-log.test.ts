import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp } from "../../../../test/app";

/**
 * Issue 17: a wrong password or a missing field printed a multi-line '[Better Auth] request failed'
 * error on the server's console (in demo mode, between the start-up block and the readable log).
 * The person gets their 4xx answer; the console is for what the server did wrong.
 */
describe("the auth API's refusals", () => {
  let testApp: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    testApp = await createTestApp({ LOG_LEVEL: "info" });
  });
  afterAll(async () => testApp?.close());

  it("answer the person without printing an error on the server's console", async () => {
    const printed = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const wrong = await testApp.app.inject({
        method: "POST",
        url: "/api/auth/sign-in/email",
        headers: { origin: testApp.config.publicUrl },
        payload: { email: "nobody@example.com", password: "not-the-password-1" },
      });
      expect(wrong.statusCode).toBe(401);
      const incomplete = await testApp.app.inject({
        method: "POST",
        url: "/api/auth/sign-up/email",
        headers: { origin: testApp.config.publicUrl },
        payload: { email: "new1@example.com", password: "password-12345", name: "New One" },
      });
      expect(incomplete.statusCode).toBe(400);
      expect(printed.mock.calls).toEqual([]);
    } finally {
      printed.mockRestore();
    }
  });
});
