/**
 * Ticket e-mail latency: a buyer pays a local test checkout on the running app (the confirmation), and
 * the clock stops when the SMTP receiver has the ticket e-mail. Beside it, nodemailer sending the same
 * message straight to the same receiver: the floor of building nothing and queueing nothing.
 */
import { eq } from "drizzle-orm";
import nodemailer from "nodemailer";
import type { Db } from "../src/server/db/client";
import { bookings, events } from "../src/server/db/schema";
import { BRAND } from "../src/domain";
import { ticketEmailFor } from "../src/server/features/tickets/send-ticket-email.service";
import { createTicketSigner } from "../src/server/features/tickets/ticket-signer";
import { addDefaultTicketTypes, createAccount } from "../test/fixtures";
import type { startSmtpReceiver } from "../test/smtp-receiver";
import { signIn } from "./check-in";
import { percentile } from "./stats";

type Receiver = Awaited<ReturnType<typeof startSmtpReceiver>>;

const PASSWORD = "bench-password-1";
const PURCHASES_PER_BUYER = 8;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves with the arrival time (epoch ms) of the `index`-th message to `to`. */
async function arrival(receiver: Receiver, to: string, index: number, timeoutMs = 30_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = receiver.received.filter((message) => message.to.includes(to))[index];
    if (mail) return Date.parse(mail.receivedAt);
    if (Date.now() > deadline) throw new Error(`No e-mail to ${to} within ${timeoutMs / 1000} s`);
    await pause(2);
  }
}

async function post(baseUrl: string, path: string, cookie: string, body: unknown) {
  const response = await fetch(`${baseUrl}${path}`, { method: "POST", headers: { "content-type": "application/json", origin: baseUrl, cookie }, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<Record<string, string>>;
}

export async function benchTicketEmail({ baseUrl, db, receiver, samples = 15 }: { baseUrl: string; db: Db; receiver: Receiver; samples?: number }) {
  const organiser = await createAccount(db, { password: PASSWORD });
  // A buyer may start 10 checkouts a minute (CHECKOUT_RATE_LIMIT): a new buyer every few samples.
  const buyers: { email: string; cookie: string }[] = [];
  for (let i = 0; i < Math.ceil((samples + 1) / PURCHASES_PER_BUYER); i++) {
    const buyer = await createAccount(db, { password: PASSWORD });
    buyers.push({ email: buyer.email, cookie: await signIn(baseUrl, buyer.email, PASSWORD) });
  }
  const [event] = await db.insert(events).values({ userId: organiser.id, title: "E-mail bench", location: "Leeds", dateTime: new Date(Date.now() + 7 * 86_400_000), pricePence: 1500 }).returning();
  await addDefaultTicketTypes(db);

  // Sample 0 of each side is a warm-up, not measured: the first message after start-up (the app's job
  // workers may still be starting; either side's first SMTP connection, first compile of its code) is
  // not the steady state the ratio compares.
  const product: number[] = [];
  for (let i = 0; i <= samples; i++) {
    const { email, cookie } = buyers[Math.floor(i / PURCHASES_PER_BUYER)]!;
    const { sessionId } = await post(baseUrl, "/api/functions/create-payment", cookie, { attendeeName: "Bench Buyer", eventId: event!.id, ticketQuantity: 1 });
    // Confirmations arrive at random moments, not in step with the worker's polling.
    await pause(Math.random() * 250);
    const t0 = Date.now();
    await post(baseUrl, `/api/checkout/test/${encodeURIComponent(sessionId!)}/pay`, cookie, {});
    const took = (await arrival(receiver, email, i % PURCHASES_PER_BUYER)) - t0;
    if (i > 0) product.push(took);
  }

  // The same message (built by the product's own code for one of those bookings) sent directly.
  const [booking] = await db.select().from(bookings).where(eq(bookings.eventId, event!.id)).limit(1);
  const signer = createTicketSigner(db);
  // The bench's app runs with the default company (no COMPANY_* variables).
  const company = { name: BRAND.companyName, number: BRAND.companyNumber, address: BRAND.registeredAddress, vatNumber: null };
  const message = await ticketEmailFor({ db, signer, publicUrl: baseUrl, company }, booking!, event!);
  const transport = nodemailer.createTransport(receiver.smtpUrl);
  const direct = `direct-${buyers[0]!.email}`;
  const baseline: number[] = [];
  for (let i = 0; i <= samples; i++) {
    await pause(Math.random() * 50);
    const t0 = Date.now();
    await transport.sendMail({ from: "Eventora <no-reply@eventora.test>", to: direct, subject: message.subject, html: message.html, text: message.text, attachments: message.attachments?.map(({ filename, content, contentType, cid }) => ({ filename, content, contentType, cid })) });
    const took = (await arrival(receiver, direct, i)) - t0;
    if (i > 0) baseline.push(took);
  }
  transport.close();
  product.sort((a, b) => a - b);
  baseline.sort((a, b) => a - b);
  return { product: { p50: percentile(product, 50), p95: percentile(product, 95) }, baseline: { p50: percentile(baseline, 50), p95: percentile(baseline, 95) } };
}
