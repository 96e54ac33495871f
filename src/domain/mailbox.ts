import { z } from "zod";

/** A file attached to a dev outbox message, with where to download it. */
export const MailboxAttachment = z.object({
  filename: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  /** Shown inside the message (the ticket's QR code). */
  inline: z.boolean(),
  url: z.string(),
});
export type MailboxAttachment = z.infer<typeof MailboxAttachment>;

/** One message from the dev outbox (/dev/mailbox). */
export const MailboxMessage = z.object({
  id: z.string(),
  channel: z.enum(["email", "sms"]),
  to: z.string(),
  subject: z.string().nullable(),
  text: z.string(),
  html: z.string().nullable(),
  links: z.array(z.string()),
  attachments: z.array(MailboxAttachment),
  createdAt: z.string(),
});
export type MailboxMessage = z.infer<typeof MailboxMessage>;
