import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import type { Db } from "../src/server/db/client";
import type { MailboxMessage } from "../src/domain";
import { expect } from "vitest";
import { listMailbox } from "../src/server/features/dev-mailbox/dev-mailbox.service";
import { createAccount } from "./fixtures";

/**
 * Drives the real auth endpoints through app.inject() the way a browser would: same-origin requests,
 * cookies carried between calls, a client address per test so limits do not leak between tests.
 */
export class AuthClient {
  cookies = new Map<string, string>();

  constructor(
    readonly app: FastifyInstance,
    readonly origin: string,
    readonly ip = "203.0.113.10",
  ) {}

  get cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  get signedIn(): boolean {
    return [...this.cookies.keys()].some((name) => name.endsWith("session_token"));
  }

  private remember(response: LightMyRequestResponse) {
    for (const cookie of response.cookies) {
      if (!cookie.value || (cookie.maxAge !== undefined && cookie.maxAge <= 0)) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    return response;
  }

  async request(method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", url: string, body?: unknown, headers: Record<string, string> = {}) {
    const response = await this.app.inject({
      method,
      url,
      headers: {
        origin: this.origin,
        "x-forwarded-for": this.ip,
        ...(this.cookies.size ? { cookie: this.cookieHeader } : {}),
        ...(body !== undefined ? { "content-type": "application/json" } : {}),
        ...headers,
      },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });
    return this.remember(response);
  }

  post(url: string, body: unknown = {}) {
    return this.request("POST", url, body);
  }

  get(url: string) {
    return this.request("GET", url);
  }

  /** Follows a link from an e-mail (GET, as a browser address bar would: no Origin header). */
  async followLink(link: string) {
    const url = new URL(link);
    const response = await this.app.inject({
      method: "GET",
      url: url.pathname + url.search,
      headers: { "x-forwarded-for": this.ip, ...(this.cookies.size ? { cookie: this.cookieHeader } : {}) },
    });
    return this.remember(response);
  }
}

let ipCounter = 0;
/** Each client speaks from its own address so per-address limits never carry over between tests. */
export function newClient(t: { app: FastifyInstance; config: { publicUrl: string } }): AuthClient {
  return new AuthClient(t.app, t.config.publicUrl, `198.51.100.${++ipCounter}`);
}

export const TEST_PASSWORD = "correct-horse-7";

/** A new account signed in with its password through the real endpoint, and the client holding its session. */
export async function signedIn(t: { app: FastifyInstance; db: Db; config: { publicUrl: string } }, options: Parameters<typeof createAccount>[1] = { password: TEST_PASSWORD }) {
  const account = await createAccount(t.db, options);
  const c = newClient(t);
  const response = await c.post("/api/auth/sign-in/email", { email: account.email, password: options.password });
  expect(response.statusCode).toBe(200);
  return { account, c };
}

/** The newest outbox message for a recipient (optionally waiting for one that matches). */
export async function latestMessage(db: Db, to: string, match: (message: MailboxMessage) => boolean = () => true): Promise<MailboxMessage> {
  // Waits for the message itself; the deadline only bounds a message that never comes (a busy machine is slow).
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const message = (await listMailbox({ db, to })).find(match);
    if (message) return message;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`No matching message for ${to}`);
}

export async function mailboxCount(db: Db, to: string): Promise<number> {
  return (await listMailbox({ db, to })).length;
}

export function linkIn(message: MailboxMessage, path: string): string {
  const link = message.links.find((candidate) => new URL(candidate).pathname.startsWith(path));
  if (!link) throw new Error(`No ${path} link in: ${message.text}`);
  return link;
}

export function codeIn(message: MailboxMessage): string {
  const code = /\b(\d{6})\b/.exec(message.text)?.[1];
  if (!code) throw new Error(`No code in: ${message.text}`);
  return code;
}
