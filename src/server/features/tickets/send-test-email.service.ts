import { eq } from "drizzle-orm";
import { AppError, BOOKING_FEE_PENCE, type SendTestEmailInput, type TicketEmailResult } from "../../../domain";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { enforceRateLimit } from "../../lib/rate-limiter";
import type { EmailSender } from "../../providers/email/email";
import type { Actor } from "../auth/session";
import type { PlatformCompany } from "../../config";
import { ticketEmailMessage } from "./ticket-email";

/**
 * The manual e-mail sender (spec §2 Manual Email Sender; decisions D12): non-admins may send only to
 * their own confirmed address, admins to anyone with themselves in BCC; 10 an hour per account.
 */
export async function sendTestEmail({ db, email, actor, input }: { db: Db; email: EmailSender; actor: Actor; input: SendTestEmailInput }): Promise<TicketEmailResult> {
  await enforceRateLimit(db, [{ key: `send-test-email:user:${actor.userId}`, rule: { limit: 10, windowSeconds: 60 * 60 }, message: "Too many requests. Please wait a few minutes before trying again." }]);
  const [user] = await db.select({ email: users.email, emailVerified: users.emailVerified }).from(users).where(eq(users.id, actor.userId));
  if (!user) throw new AppError("UNAUTHENTICATED", "Please sign in to continue.");
  const toOwnAddress = input.toEmail.toLowerCase() === user.email.toLowerCase();
  if (!actor.isAdmin && (!toOwnAddress || !user.emailVerified)) {
    throw new AppError("FORBIDDEN", "You can send test e-mails only to your own confirmed e-mail address.");
  }
  try {
    const { provider } = await email.send({
      to: input.toEmail,
      subject: input.subject,
      html: input.htmlContent,
      text: "This is an HTML e-mail: open it in a mail client that shows HTML.",
      bcc: toOwnAddress ? undefined : user.email,
    });
    return { success: true, provider, recipient: input.toEmail, error: null };
  } catch (error) {
    return { success: false, provider: email.provider, recipient: input.toEmail, error: (error as Error).message };
  }
}

/**
 * The tool's Insert Sample content: the ticket e-mail as buyers get it (the product's layout, seller, terms and
 * links), filled with sample data, so a test shows what a real ticket e-mail looks like through each provider.
 * The QR code travels inside the HTML, since a test e-mail carries no attachments.
 */
export async function sampleTestEmail({ publicUrl, company, now = new Date() }: { publicUrl: string; company: PlatformCompany; now?: Date }): Promise<{ subject: string; html: string }> {
  const dateTime = new Date(Math.ceil((now.getTime() + 30 * 86_400_000) / 86_400_000) * 86_400_000 + 19 * 3_600_000);
  const eventTitle = "Sample Night at the Warehouse";
  const qrPayload = (ticketId: string, attendeeName: string) => ({ ticketId, bookingId: "sample", eventTitle, attendeeName, eventDate: dateTime.toISOString(), ticketQuantity: 1, kid: "sample", sig: "sample" });
  // One ticket: the sample's QR travels in the page that offers it (twice: the form and its data), so one keeps it light.
  const tickets = [{ code: "TCKT-2026-0000SAMP", attendeeName: "Ada Lovelace", typeName: "Standard", qrPayload: qrPayload("TCKT-2026-0000SAMP", "Ada Lovelace") }];
  const message = await ticketEmailMessage({
    to: "sample@example.com",
    attendeeName: "Ada Lovelace",
    ticketCode: tickets[0]!.code,
    ticketQuantity: 1,
    tickets,
    bought: { quantity: 1, unitPricePence: 1500, feePerTicketPence: BOOKING_FEE_PENCE, totalPaidPence: 1500 + BOOKING_FEE_PENCE },
    event: { id: "sample", title: eventTitle, dateTime, endTime: null, venue: "Canal Mills", location: "Leeds", minAge: 18 },
    seller: { name: "Northern Sounds Live Ltd", address: "1 Mill Lane\nLeeds\nLS1 4AB", companyNumber: "01234567" },
    company,
    publicUrl,
  });
  // Each ticket's QR in place of its cid: reference, the attachments' images as data URLs.
  let html = message.html;
  for (const attachment of message.attachments ?? []) {
    if (attachment.cid) html = html.replaceAll(`cid:${attachment.cid}`, `data:image/png;base64,${attachment.content.toString("base64")}`);
  }
  return { subject: `Sample: ${message.subject}`, html };
}
