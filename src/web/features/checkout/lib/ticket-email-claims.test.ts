import { describe, expect, it } from "vitest";
import { createTicketEmailClaims } from "./ticket-email-claims";

function memoryStorage() {
  const values = new Map<string, string>();
  return { getItem: (key: string) => values.get(key) ?? null, setItem: (key: string, value: string) => void values.set(key, value) };
}

describe("ticket e-mail claims", () => {
  it("lets each booking's e-mail go once", () => {
    const claims = createTicketEmailClaims(memoryStorage());
    expect(claims.claim("b1")).toBe(true);
    expect(claims.claim("b1")).toBe(false);
    expect(claims.claim("b2")).toBe(true);
  });
  it("remembers a sent booking across page loads in the same tab", () => {
    const storage = memoryStorage();
    expect(createTicketEmailClaims(storage).claim("b1")).toBe(true);
    expect(createTicketEmailClaims(storage).claim("b1")).toBe(false);
  });
  it("lets a failed send be tried again", () => {
    const storage = memoryStorage();
    const claims = createTicketEmailClaims(storage);
    claims.claim("b1");
    claims.release("b1");
    expect(claims.claim("b1")).toBe(true);
    expect(createTicketEmailClaims(storage).claim("b1")).toBe(false);
  });
  it("works without storage", () => {
    const claims = createTicketEmailClaims(null);
    expect(claims.claim("b1")).toBe(true);
    expect(claims.claim("b1")).toBe(false);
  });
});
