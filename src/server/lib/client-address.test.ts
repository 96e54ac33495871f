import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../../test/app";
import { CONTACT_RATE_LIMIT } from "../features/contact/contact.routes";
import { AUTH_LIMITS } from "../features/auth/auth-limits";
import { isLoopbackAddress } from "./client-address";

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const contact = {
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.com",
  subject: "Tickets for the harbour quiz",
  message: "Hello, my tickets have not arrived yet. Could you check my booking please?",
};

/** A contact message as app.inject() sends it: from 127.0.0.1, with whatever X-Forwarded-For it is given. */
function postContact(t: TestApp, forwardedFor: string) {
  return t.app.inject({ method: "POST", url: "/api/contact", headers: { "content-type": "application/json", "x-forwarded-for": forwardedFor }, payload: contact });
}

describe("TRUST_PROXY off (the default): X-Forwarded-For is the client's word, not the client's address", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: "false" });
  });
  afterAll(async () => t.close());

  it("keeps counting sign-ups from one socket against its limit however the header is forged (real HTTP)", async () => {
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = t.app.server.address() as AddressInfo;
    const limit = AUTH_LIMITS["/sign-up/email"]!.perIp.limit;
    const statuses: number[] = [];
    for (let i = 0; i <= limit; i++) {
      const email = `forged-${i}-${Math.random().toString(36).slice(2, 8)}@example.com`;
      const response = await fetch(`http://127.0.0.1:${port}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: t.config.publicUrl, "x-forwarded-for": `203.0.113.${i + 1}` },
        body: JSON.stringify({ email, password: "correct-horse-7", name: "Forger", dateOfBirth: "1990-05-17", callbackURL: "/auth" }),
      });
      statuses.push(response.status);
      await response.arrayBuffer();
    }
    expect(statuses.slice(0, limit).every((status) => status === 200)).toBe(true);
    expect(statuses[limit]).toBe(429);
  });

  it("trips the contact form's per-address limit after its budget, each request forging a new address", async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= CONTACT_RATE_LIMIT.limit; i++) statuses.push((await postContact(t, `198.51.100.${i + 1}`)).statusCode);
    expect(statuses).toEqual([...Array<number>(CONTACT_RATE_LIMIT.limit).fill(201), 429]);
  });
});

describe("TRUST_PROXY=1 (one load balancer that appends the address it saw)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: "1" });
  });
  afterAll(async () => t.close());

  it("keys the limit on the right-most address (the one the balancer appended), not the client-supplied left-most", async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= CONTACT_RATE_LIMIT.limit; i++) statuses.push((await postContact(t, `198.51.100.${i + 1}, 203.0.113.7`)).statusCode);
    expect(statuses).toEqual([...Array<number>(CONTACT_RATE_LIMIT.limit).fill(201), 429]);
    // Another client behind the same balancer, even one forging the first client's left-most entry, has its own budget.
    expect((await postContact(t, "198.51.100.1, 203.0.113.8")).statusCode).toBe(201);
  });
});

describe("TRUST_PROXY as the proxies' addresses", () => {
  let trusted: TestApp;
  let untrusted: TestApp;
  beforeAll(async () => {
    trusted = await createTestApp({ TRUST_PROXY: "127.0.0.1" });
    untrusted = await createTestApp({ TRUST_PROXY: "10.0.0.0/8" });
  });
  afterAll(async () => {
    await trusted.close();
    await untrusted.close();
  });

  it("takes the client address from a listed proxy's header, stopping at the first address not on the list", async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= CONTACT_RATE_LIMIT.limit; i++) statuses.push((await postContact(trusted, `198.51.100.${i + 1}, 203.0.113.9`)).statusCode);
    expect(statuses).toEqual([...Array<number>(CONTACT_RATE_LIMIT.limit).fill(201), 429]);
  });

  it("ignores the header from a peer that is not on the list", async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= CONTACT_RATE_LIMIT.limit; i++) statuses.push((await postContact(untrusted, `203.0.113.${i + 1}`)).statusCode);
    expect(statuses).toEqual([...Array<number>(CONTACT_RATE_LIMIT.limit).fill(201), 429]);
  });
});

describe("isLoopbackAddress", () => {
  it("is true for this machine's own addresses only", () => {
    for (const address of ["127.0.0.1", "127.8.9.10", "::1", "::ffff:127.0.0.1", "0:0:0:0:0:0:0:1"]) expect(isLoopbackAddress(address), address).toBe(true);
    for (const address of ["192.0.2.2", "10.0.0.1", "::ffff:192.0.2.2", "fd00::2", "fe80::1", "::", "0.0.0.0", "128.0.0.1", "localhost", "", undefined]) {
      expect(isLoopbackAddress(address), String(address)).toBe(false);
    }
  });
});
