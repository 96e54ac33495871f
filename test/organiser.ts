import type { FastifyInstance } from "fastify";
import { eq } from "drizzle-orm";
import type { EventInput } from "../src/domain";
import type { Db } from "../src/server/db/client";
import { sessions } from "../src/server/db/schema";
import { AuthClient, TEST_PASSWORD } from "./auth-client";
import { createAccount } from "./fixtures";

let ipCounter = 0;

/** A signed-in browser for each role the authorisation rules know (decisions D10). */
export async function signInAs(app: FastifyInstance, db: Db, origin: string, role: "user" | "admin" | "stale-admin") {
  const account = await createAccount(db, { password: TEST_PASSWORD, role: role === "user" ? "user" : "admin" });
  const client = new AuthClient(app, origin, `198.18.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`);
  const response = await client.post("/api/auth/sign-in/email", { email: account.email, password: TEST_PASSWORD });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
  if (role === "stale-admin") {
    // The admin rule reads the session's own sign-in time (spec §6, D10).
    await db.update(sessions).set({ createdAt: new Date(Date.now() - 25 * 3600_000) }).where(eq(sessions.userId, account.id));
  }
  return { account, client };
}

/**
 * The form's default start: 60 days ahead on the hour. A new date may be at most a few years ahead
 * (EVENT_DATE_MAX_YEARS_AHEAD), so the fixtures' far FUTURE cannot be typed into the form.
 */
export const FORM_START = new Date(Math.ceil((Date.now() + 60 * 86_400_000) / 3_600_000) * 3_600_000);

export function eventInput(overrides: Partial<EventInput> = {}): EventInput {
  return {
    title: "Harbour Lights Quiz Night",
    description: "Six rounds, one trophy.",
    category: "entertainment",
    dateTime: FORM_START.toISOString(),
    endTime: new Date(FORM_START.getTime() + 3 * 3600_000).toISOString(),
    venue: "The Old Vic Tavern",
    location: "Bristol",
    pricePence: 1250,
    maxAttendees: 80,
    imageUrl: null,
    videoUrl: null,
    affiliateCode: null,
    organiserId: null,
    ...overrides,
  };
}

/** A multipart body as the create/edit form sends it: the event as JSON and an optional image file. */
export function eventForm(input: unknown, image?: { bytes: Buffer; filename: string; contentType: string }) {
  const boundary = "----eventora-event-form";
  const parts: Buffer[] = [
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="event"\r\n\r\n${JSON.stringify(input)}\r\n`),
  ];
  if (image) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${image.filename}"\r\nContent-Type: ${image.contentType}\r\n\r\n`),
      image.bytes,
      Buffer.from("\r\n"),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

export async function sendEventForm(client: AuthClient, method: "POST" | "PATCH", url: string, input: unknown, image?: Parameters<typeof eventForm>[1]) {
  const form = eventForm(input, image);
  return client.app.inject({
    method,
    url,
    headers: { origin: client.origin, cookie: client.cookieHeader, "content-type": form.contentType },
    payload: form.payload,
  });
}
