import { sql } from "drizzle-orm";
import type { Db } from "../../src/server/db/client";
import { TEST_PASSWORD } from "../auth-client";
import { createAccount, type UserFixture } from "../fixtures";

/** Every request in the system tests gives up after this long: a hang is a failure, not a wait. */
export const REQUEST_TIMEOUT_MS = 15_000;

/** The address every node answers for, as behind one load balancer (origins, links and cookies). */
export const PUBLIC_URL = "http://shop.eventora.test";

let ipCounter = 0;

/** A distinct client address (x-forwarded-for, which the app trusts from its proxy) per person. */
export function nextClientIp(): string {
  ipCounter++;
  return `198.19.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`;
}

export interface HttpAnswer {
  status: number;
  headers: Headers;
  body: unknown;
  text: string;
}

/**
 * A browser-like client over real HTTP: cookies kept between calls, its own client address, and the
 * public origin on every request. Each call names the node it goes to, as a load balancer would pick one.
 */
export class HttpClient {
  readonly cookies = new Map<string, string>();

  /** `origin`: the site's public origin the requests come from (the nodes' PUBLIC_URL). */
  constructor(
    readonly ip = nextClientIp(),
    readonly origin = PUBLIC_URL,
  ) {}

  get cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  async request(node: { baseUrl: string }, method: string, path: string, body?: unknown): Promise<HttpAnswer> {
    const response = await fetch(`${node.baseUrl}${path}`, {
      method,
      headers: {
        origin: this.origin,
        "x-forwarded-for": this.ip,
        ...(this.cookies.size ? { cookie: this.cookieHeader } : {}),
        ...(body !== undefined ? { "content-type": "application/json" } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: "manual",
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(";");
      const [name, ...value] = pair!.split("=");
      if (/max-age=0/i.test(cookie) || value.join("=") === "") this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value.join("="));
    }
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON (a page)
    }
    return { status: response.status, headers: response.headers, body: parsed, text };
  }

  get(node: { baseUrl: string }, path: string) {
    return this.request(node, "GET", path);
  }

  post(node: { baseUrl: string }, path: string, body: unknown = {}) {
    return this.request(node, "POST", path, body);
  }

  async signIn(node: { baseUrl: string }, email: string, password = TEST_PASSWORD) {
    const answer = await this.post(node, "/api/auth/sign-in/email", { email, password });
    if (answer.status !== 200) throw new Error(`sign-in failed (${answer.status}): ${answer.text}`);
    return answer;
  }
}

/** A confirmed account (made in the database) signed in through `node`'s real auth endpoint. */
export async function signedInPerson(db: Db, node: { baseUrl: string }): Promise<{ account: UserFixture; client: HttpClient }> {
  const account = await createAccount(db, { password: TEST_PASSWORD });
  const client = new HttpClient();
  await client.signIn(node, account.email);
  return { account, client };
}

export async function waitFor<T>(read: () => T | undefined | Promise<T | undefined>, { timeoutMs = 20_000, what = "a condition" } = {}): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Waits until an app node LISTENs for sales (its connection shows in pg_stat_activity): a NOTIFY sent
 * before that reaches no one, so a test makes its sale only once the organiser's node is listening.
 */
export async function waitForListener(db: Db) {
  await waitFor(
    async () => {
      const result = (await db.execute(sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and query ilike 'listen booking_events%'`)) as unknown as { rows: { n: number }[] };
      return result.rows[0]!.n > 0 ? true : undefined;
    },
    { what: "an app node to LISTEN for sales" },
  );
}

export interface SseEvent {
  event: string;
  id?: string;
  data: string;
}

/** An organiser's live-sales stream (Server-Sent Events), read as a browser's EventSource would. */
export async function openEventStream(node: { baseUrl: string }, client: HttpClient, path = "/api/realtime/bookings") {
  const controller = new AbortController();
  const response = await fetch(`${node.baseUrl}${path}`, {
    headers: { cookie: client.cookieHeader, "x-forwarded-for": client.ip, accept: "text/event-stream" },
    signal: controller.signal,
  });
  if (response.status !== 200 || !response.body) throw new Error(`event stream refused: ${response.status} ${await response.text()}`);
  const events: SseEvent[] = [];
  let connected = false;
  const reading = (async () => {
    const decoder = new TextDecoder();
    let buffer = "";
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(chunk, { stream: true });
      let end;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (block.includes(": connected")) connected = true;
        const fields = Object.fromEntries(
          block
            .split("\n")
            .filter((line) => line && !line.startsWith(":"))
            .map((line) => [line.slice(0, line.indexOf(":")), line.slice(line.indexOf(":") + 1).trimStart()]),
        );
        if (fields.data !== undefined) events.push({ event: fields.event ?? "message", id: fields.id, data: fields.data });
      }
    }
  })().catch(() => {});
  await waitFor(() => (connected ? true : undefined), { what: "the event stream to open" });
  return {
    events,
    /** The first 'sale' whose data matches, waiting for it to arrive. */
    sale(match: (sale: Record<string, unknown>) => boolean, timeoutMs = 20_000) {
      return waitFor(
        () =>
          events
            .filter((event) => event.event === "sale")
            .map((event) => JSON.parse(event.data) as Record<string, unknown>)
            .find(match),
        { timeoutMs, what: "a sale on the live stream" },
      );
    },
    async close() {
      controller.abort();
      await reading;
    },
  };
}
