import { createServer } from "node:net";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../../../test/app";
import { latestMessage, mailboxCount } from "../../../../test/auth-client";
import { contactMessages } from "../../db/schema";
import { CONTACT_RATE_LIMIT } from "./contact.routes";

const SUPPORT_EMAIL = "help-desk@example.com";

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ SUPPORT_EMAIL });
});
afterAll(async () => t.close());

const valid = {
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.com",
  subject: "Tickets for the harbour quiz",
  message: "Hello,\n\nMy tickets have not arrived yet. Could you check my booking please?",
};

let nextIp = 1;
/** Each test posts from its own address, so the per-IP limit of one test never reaches another. */
const newIp = () => `198.51.100.${nextIp++}`;

function post(body: unknown, ip: string) {
  return t.app.inject({ method: "POST", url: "/api/contact", headers: { "content-type": "application/json", "x-forwarded-for": ip }, payload: JSON.stringify(body) });
}

async function storedCount(): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(contactMessages);
  return row!.n;
}

describe("POST /api/contact (decisions.md D7)", () => {
  it("stores a valid message and e-mails it to SUPPORT_EMAIL with the sender's address in the body", async () => {
    const response = await post({ ...valid, email: "  ada@example.com " }, newIp());
    expect(response.statusCode).toBe(201);
    const { id, receivedAt } = response.json();
    expect(Number.isNaN(Date.parse(receivedAt))).toBe(false);

    const [row] = await t.db.select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(row).toMatchObject({ firstName: "Ada", lastName: "Lovelace", email: "ada@example.com", subject: valid.subject, message: valid.message });
    expect(row!.emailedAt).not.toBeNull();

    const mail = await latestMessage(t.db, SUPPORT_EMAIL, (message) => message.subject === `Contact form: ${valid.subject}`);
    expect(mail.text).toContain("Ada Lovelace");
    expect(mail.text).toContain("ada@example.com");
    expect(mail.text).toContain("My tickets have not arrived yet.");
    expect(mail.html).toContain("ada@example.com");
  });

  it("keeps a subject on one line and escapes HTML typed into the message", async () => {
    const response = await post({ ...valid, subject: "Line one\r\nBcc: victim@example.com", message: "<script>alert(1)</script> please help" }, newIp());
    expect(response.statusCode).toBe(201);
    const mail = await latestMessage(t.db, SUPPORT_EMAIL, (message) => message.subject === "Contact form: Line one Bcc: victim@example.com");
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("&lt;script&gt;");
  });

  it.each([
    ["firstName", { firstName: "  " }],
    ["lastName", { lastName: "x".repeat(101) }],
    ["email", { email: "not-an-email" }],
    ["subject", { subject: "" }],
    ["subject", { subject: "s".repeat(201) }],
    ["message", { message: "Too short" }],
    ["message", { message: "m".repeat(5001) }],
  ])("refuses a bad %s with 400 naming the field, and stores and sends nothing", async (field, change) => {
    const before = { stored: await storedCount(), mailed: await mailboxCount(t.db, SUPPORT_EMAIL) };
    const response = await post({ ...valid, ...change }, newIp());
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.code).toBe("VALIDATION_FAILED");
    expect(error.message).toContain(`'${field}'`);
    expect(await storedCount()).toBe(before.stored);
    expect(await mailboxCount(t.db, SUPPORT_EMAIL)).toBe(before.mailed);
  });

  it("is documented in the OpenAPI document with its limits", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(response.statusCode).toBe(200);
    const body = response.json().paths["/api/contact"].post.requestBody.content["application/json"].schema;
    expect(body.required).toEqual(expect.arrayContaining(["firstName", "lastName", "email", "subject", "message"]));
    expect(body.properties.message).toMatchObject({ minLength: 10, maxLength: 5000 });
  });

  it("refuses a missing field with 400 naming it", async () => {
    const { message: _message, ...withoutMessage } = valid;
    const response = await post(withoutMessage, newIp());
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toContain("'message'");
  });

  it(`allows ${CONTACT_RATE_LIMIT.limit} messages an hour from one address, then answers 429 with a clear message`, async () => {
    const ip = newIp();
    for (let sent = 0; sent < CONTACT_RATE_LIMIT.limit; sent++) {
      expect((await post({ ...valid, subject: `Question ${sent}` }, ip)).statusCode).toBe(201);
    }
    const before = await storedCount();
    const refused = await post(valid, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatchObject({ code: "RATE_LIMITED" });
    expect(refused.json().error.message).toMatch(/Please wait/);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(await storedCount()).toBe(before);
    // Another address is not affected.
    expect((await post(valid, newIp())).statusCode).toBe(201);
  });
});

describe("POST /api/contact when the mail server is down", () => {
  let down: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    // A port that was free a moment ago: nothing listens there, so SMTP delivery fails at once.
    const port = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, "127.0.0.1", () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
    down = await createTestApp({ SUPPORT_EMAIL, SMTP_URL: `smtp://127.0.0.1:${port}` });
  });
  afterAll(async () => down.close());

  it("keeps the message on record (not yet e-mailed) and tells the sender to try again", async () => {
    const response = await down.app.inject({
      method: "POST",
      url: "/api/contact",
      headers: { "content-type": "application/json", "x-forwarded-for": "198.51.100.200" },
      payload: JSON.stringify(valid),
    });
    expect(response.statusCode).toBe(500);
    expect(response.json().error.message).toMatch(/could not be sent just now/);
    const rows = await down.db.select().from(contactMessages);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.emailedAt).toBeNull();
  });
});
