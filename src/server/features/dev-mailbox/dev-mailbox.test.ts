import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppLoadContext } from "react-router";
import { createTestApp } from "../../../../test/app";
import { listMailbox as mailboxForPage } from "../../../web/lib/services.server";

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * The dev mailbox holds every sign-in code, including the seeded admin's: in demo mode it is served to
 * this machine only, judged by the socket's address (issue 16), never by a forwarded header.
 */
describe("dev mailbox: loopback clients only", () => {
  let t: TestApp;
  beforeAll(async () => {
    // A proxy is trusted here so a forged X-Forwarded-For would change request.ip: the mailbox must not care.
    t = await createTestApp({ TRUST_PROXY: "192.0.2.0/24" });
  });
  afterAll(async () => t.close());

  const get = (remoteAddress: string, headers: Record<string, string> = {}) => t.app.inject({ method: "GET", url: "/api/dev/mailbox", remoteAddress, headers });

  it("answers a client on this machine (IPv4, IPv6 and IPv4-mapped loopback)", async () => {
    for (const address of ["127.0.0.1", "::1", "::ffff:127.0.0.1"]) {
      const response = await get(address);
      expect(response.statusCode, address).toBe(200);
      expect(response.json()).toHaveProperty("messages");
    }
  });

  it("is a 404 to a client on the network, as if it did not exist", async () => {
    for (const address of ["192.0.2.77", "10.1.2.3", "fd00::2", "::ffff:192.0.2.77"]) {
      const response = await get(address);
      expect(response.statusCode, address).toBe(404);
      expect(response.json()).toEqual({ error: { code: "NOT_FOUND", message: "No API route GET /api/dev/mailbox" } });
    }
  });

  it("believes the socket, not a forwarded header claiming loopback", async () => {
    const response = await get("192.0.2.77", { "x-forwarded-for": "127.0.0.1" });
    expect(response.statusCode).toBe(404);
  });

  it("gives the page's loader nothing (a 404) for a client on the network", async () => {
    const context = (socketAddress: string) => ({ db: t.db, config: t.config, socketAddress }) as unknown as AppLoadContext;
    expect(await mailboxForPage(context("192.0.2.77"))).toBeNull();
    expect(await mailboxForPage(context("127.0.0.1"))).toEqual(expect.any(Array));
  });
});
