import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RouterContextProvider } from "react-router";
import { createTestApp, setUpTestApp } from "../../../../test/app";
import type { MailboxMessage } from "../../../domain";
import { listMailbox as mailboxForPage } from "../../../web/lib/services.server";
import { pageContext, type PageContext } from "../../../web/lib/page-context.server";
import { outboxMessages } from "../../db/schema";
import { createEmailSender } from "../../providers/email/email";
import { ticketEmailMessage } from "../tickets/ticket-email";

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
    const context = (socketAddress: string) => new RouterContextProvider(new Map([[pageContext, { db: t.db, config: t.config, socketAddress } as PageContext]]));
    expect(await mailboxForPage(context("192.0.2.77"))).toBeNull();
    expect(await mailboxForPage(context("127.0.0.1"))).toEqual(expect.any(Array));
  });
});

/** A ticket e-mail in the dev mailbox lists its attachments (the inline QR, the .ics and the receipt PDF), each downloadable here only. */
describe("dev mailbox: attachments", () => {
  let t: TestApp;
  const to = "attachments@example.com";
  const payload = { ticketId: "TKT-MAILBOX1", bookingId: "b-1", eventTitle: "Mailbox Gig", attendeeName: "Ada Lovelace", eventDate: "2090-06-10T19:00:00.000Z", ticketQuantity: 1, kid: "k1", sig: "c2ln" };
  let sent: Awaited<ReturnType<typeof ticketEmailMessage>>;

  beforeAll(async () => {
    // A proxy is trusted, so a forged X-Forwarded-For would change request.ip: the attachment route must not care either.
    t = await createTestApp({ TRUST_PROXY: "192.0.2.0/24" }, { workers: false });
    sent = await ticketEmailMessage({
      to,
      attendeeName: "Ada Lovelace",
      ticketCode: payload.ticketId,
      ticketQuantity: 1,
      tickets: [{ code: payload.ticketId, attendeeName: "Ada Lovelace", typeName: "Standard", qrPayload: payload }],
      bought: { quantity: 1, unitPricePence: 1500, feePerTicketPence: 230, totalPaidPence: 1730 },
      event: { id: "e-1", title: "Mailbox Gig", dateTime: new Date(payload.eventDate), endTime: null, location: "Soho, London", venue: "The Vault" },
      seller: { name: "The Vault Ltd", address: "1 Greek Street\nLondon W1D 4DH", companyNumber: null },
      company: t.config.company,
      publicUrl: t.config.publicUrl,
      receipt: { filename: "eventora-receipt-R-000001.pdf", pdf: Buffer.from("%PDF-1.7 receipt") },
    });
    const sender = createEmailSender({ config: t.config, db: t.db });
    expect(sender.provider).toBe("outbox");
    await sender.send(sent);
  });
  afterAll(async () => t.close());

  const get = (url: string, remoteAddress = "127.0.0.1") => t.app.inject({ method: "GET", url, remoteAddress });

  it("lists each attachment with its name, type, size and a download link, the QR marked inline", async () => {
    const { messages } = (await get(`/api/dev/mailbox?to=${to}`)).json<{ messages: MailboxMessage[] }>();
    const [message] = messages;
    expect(message!.attachments).toEqual([
      { filename: "TKT-MAILBOX1.png", contentType: "image/png", size: sent.attachments![0]!.content.length, inline: true, url: expect.stringMatching(/^\/api\/dev\/mailbox\/[0-9a-f-]{36}\/attachments\/0$/) },
      { filename: "TKT-MAILBOX1.ics", contentType: "text/calendar; charset=utf-8; method=PUBLISH", size: sent.attachments![1]!.content.length, inline: false, url: expect.stringMatching(/\/attachments\/1$/) },
      { filename: "eventora-receipt-R-000001.pdf", contentType: "application/pdf", size: sent.attachments![2]!.content.length, inline: false, url: expect.stringMatching(/\/attachments\/2$/) },
    ]);
    // The rendered message shows the QR itself, not a broken cid: reference.
    expect(message!.html).toContain('src="data:image/png;base64,');
    expect(message!.html).not.toContain("cid:");
  });

  it("downloads each attachment byte for byte, named, to this machine only", async () => {
    const { messages } = (await get(`/api/dev/mailbox?to=${to}`)).json<{ messages: MailboxMessage[] }>();
    const [qr, ics, pdf] = messages[0]!.attachments;
    const png = await get(qr!.url);
    expect(png.statusCode).toBe(200);
    expect(png.headers["content-type"]).toBe("image/png");
    expect(png.headers["content-disposition"]).toBe(`attachment; filename="TKT-MAILBOX1.png"; filename*=UTF-8''TKT-MAILBOX1.png`);
    expect(png.rawPayload.equals(sent.attachments![0]!.content)).toBe(true);
    const calendar = await get(ics!.url);
    expect(calendar.headers["content-type"]).toContain("text/calendar");
    expect(calendar.body).toContain("BEGIN:VCALENDAR");
    expect(calendar.body).toContain("SUMMARY:Mailbox Gig");
    const receipt = await get(pdf!.url);
    expect(receipt.headers["content-type"]).toBe("application/pdf");
    expect(receipt.rawPayload.equals(sent.attachments![2]!.content)).toBe(true);

    expect((await get(qr!.url, "192.0.2.77")).statusCode).toBe(404);
    expect((await get(qr!.url.replace(/\/0$/, "/7"))).json()).toEqual({ error: { code: "NOT_FOUND", message: "This message has no such attachment." } });
    expect((await get("/api/dev/mailbox/not-a-uuid/attachments/0")).statusCode).toBe(400);
  });

  it("believes the socket, not a forwarded header claiming loopback (issue 33)", async () => {
    const { messages } = (await get(`/api/dev/mailbox?to=${to}`)).json<{ messages: MailboxMessage[] }>();
    const url = messages[0]!.attachments[0]!.url;
    for (const forged of ["127.0.0.1", "::1", "192.0.2.1, 127.0.0.1"]) {
      // From a trusted proxy's range, so Fastify's request.ip is the forged loopback address.
      const response = await t.app.inject({ method: "GET", url, remoteAddress: "192.0.2.77", headers: { "x-forwarded-for": forged } });
      expect(response.statusCode, forged).toBe(404);
      expect(response.json()).toEqual({ error: { code: "NOT_FOUND", message: `No API route GET ${url}` } });
    }
    expect((await get(url)).statusCode).toBe(200);
  });
});

describe("dev mailbox", () => {
  const t = setUpTestApp();

  it("lists what the outbox holds, newest first, with the links in each message", async () => {
    await t.db.insert(outboxMessages).values([
      { channel: "email", recipient: "reader@example.com", subject: "First", textBody: "Open http://localhost:3000/a please", createdAt: new Date(Date.now() - 1000) },
      { channel: "sms", recipient: "+447700900999", textBody: "123456 is your code" },
      { channel: "email", recipient: "Reader@Example.com", subject: "Second", textBody: "See https://example.com/b.", htmlBody: "<p>b</p>" },
    ]);
    const response = await t.app.inject({ method: "GET", url: "/api/dev/mailbox?to=reader@example.com" });
    expect(response.statusCode).toBe(200);
    const { messages } = response.json();
    expect(messages.map((m: { subject: string }) => m.subject)).toEqual(["Second", "First"]);
    expect(messages[0].links).toEqual(["https://example.com/b"]);
    expect(messages[1].links).toEqual(["http://localhost:3000/a"]);
  });

  it("does not exist in production", async () => {
    const production = await createTestApp({ NODE_ENV: "production", SMTP_URL: "smtp://127.0.0.1:2525", AUTH_SECRET: "x".repeat(32), PAYMENT_PROVIDER: "local" });
    try {
      const response = await production.app.inject({ method: "GET", url: "/api/dev/mailbox" });
      expect(response.statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});
