import { eq } from "drizzle-orm";
import { AppError, BRAND, type ContactMessageInput, type ContactMessageReceipt, type PlatformCompany } from "../../../domain";
import type { Db } from "../../db/client";
import { contactMessages } from "../../db/schema";
import { enforceRateLimit } from "../../lib/rate-limiter";
import type { EmailMessage, EmailSender } from "../../providers/email/email";
import { renderEmail } from "../../providers/email/layout";

/** What a support agent needs to answer: the sender's address is in the body, as EmailSender has no reply-to. */
export function contactEmail(input: ContactMessageInput, supportEmail: string, company: PlatformCompany): EmailMessage {
  const name = `${input.firstName} ${input.lastName}`;
  // One line: a subject is a mail header, so line breaks typed into it must not reach it.
  const subject = input.subject.replace(/\s+/g, " ");
  const { html, text } = renderEmail({
    preheader: `${name} <${input.email}>: ${subject}`,
    heading: "New message from the contact form",
    details: [
      { label: "From", value: name },
      { label: "Email", value: input.email },
      { label: "Subject", value: subject },
    ],
    paragraphs: input.message.split(/\n{2,}/).map((paragraph) => paragraph.trim()).filter(Boolean),
    footnote: `Reply to ${input.email} to answer ${input.firstName}: this message was sent from the ${BRAND.name} contact page.`,
    company,
  });
  return { to: supportEmail, subject: `Contact form: ${subject}`, html, text };
}

/** Public form: a few messages an hour from one address, so the support inbox cannot be flooded (decisions.md D7). */
export const CONTACT_RATE_LIMIT = { limit: 5, windowSeconds: 60 * 60 } as const;

const TOO_MANY = `You have sent several messages in the last hour. Please wait a while before sending another, or email us at ${BRAND.supportEmail}.`;

/**
 * Counts the message against its sender's address (the one Fastify resolved, never a raw X-Forwarded-For),
 * keeps it, then e-mails it to the support inbox (decisions.md D7). The row is written first,
 * so a failed delivery still leaves the message on record (emailed_at stays null).
 */
export async function submitContactMessage({
  db,
  email,
  supportEmail,
  company,
  input,
  clientIp,
}: {
  db: Db;
  email: EmailSender;
  supportEmail: string;
  /** The platform's company, named in the e-mail's footer. */
  company: PlatformCompany;
  input: ContactMessageInput;
  clientIp: string;
}): Promise<ContactMessageReceipt> {
  // One limit for the API and the page's form post (issue 16), so neither is a way round the other.
  await enforceRateLimit(db, [{ key: `contact:ip:${clientIp}`, rule: CONTACT_RATE_LIMIT, message: TOO_MANY, detailsInBody: true }]);
  const [row] = await db.insert(contactMessages).values(input).returning({ id: contactMessages.id, createdAt: contactMessages.createdAt });
  try {
    await email.send(contactEmail(input, supportEmail, company));
  } catch {
    throw new AppError("INTERNAL", `Your message could not be sent just now. Please try again in a few minutes, or email us at ${BRAND.supportEmail}.`);
  }
  await db.update(contactMessages).set({ emailedAt: new Date() }).where(eq(contactMessages.id, row!.id));
  return { id: row!.id, receivedAt: row!.createdAt.toISOString() };
}
