import { desc, eq, sql } from "drizzle-orm";
import { AppError, type MailboxMessage } from "../../../domain";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { outboxMessages } from "../../db/schema";
import { isLoopbackAddress } from "../../lib/client-address";
import { extractLinks } from "../../lib/links";
import { outboxDir } from "../../providers/email/email";
import { readOutboxAttachment, readOutboxAttachments } from "../../providers/email/outbox";

/** The dev mailbox exists only in demo mode and only while something is delivered to the outbox. */
export function isMailboxEnabled(config: Config): boolean {
  return (
    config.demoMode &&
    (config.emailProvider === "outbox" || config.smsProvider === "outbox")
  );
}

/**
 * Whether this client may read the mailbox: it shows every sign-in code, the seeded admin's included, so
 * only to this machine (issue 16), judged by the socket's own remote address, never a forwarded header.
 * Others get a 404, as if it did not exist.
 */
export function isMailboxOpenTo(
  config: Config,
  socketAddress: string | undefined,
): boolean {
  return isMailboxEnabled(config) && isLoopbackAddress(socketAddress);
}

/** Where one attachment of a stored message is downloaded (GET, this machine only). */
export function mailboxAttachmentPath(messageId: string, index: number): string {
  return `/api/dev/mailbox/${messageId}/attachments/${index}`;
}

/**
 * The newest stored messages. `dir` is where the outbox keeps attachments (outboxDir); callers that read
 * only the text (tests waiting for a code) leave it out and get no attachments.
 */
export async function listMailbox({ db, dir, to, limit = 50 }: { db: Db; dir?: string; to?: string; limit?: number }): Promise<MailboxMessage[]> {
  const rows = await db
    .select()
    .from(outboxMessages)
    .where(to ? eq(sql`lower(${outboxMessages.recipient})`, to.trim().toLowerCase()) : undefined)
    .orderBy(desc(outboxMessages.createdAt))
    .limit(Math.min(Math.max(limit, 1), 200));
  return Promise.all(
    rows.map(async (row) => ({
      id: row.id,
      channel: row.channel === "sms" ? ("sms" as const) : ("email" as const),
      to: row.recipient,
      subject: row.subject,
      text: row.textBody,
      html: row.htmlBody,
      links: extractLinks(row.textBody),
      attachments: (dir ? await readOutboxAttachments(dir, row.id) : []).map((attachment, index) => ({ ...attachment, url: mailboxAttachmentPath(row.id, index) })),
      createdAt: row.createdAt.toISOString(),
    })),
  );
}

/** GET /api/dev/mailbox: the newest messages, to this machine only (anyone else gets the 404 of a route that does not exist). */
export async function openMailbox({ db, config, socketAddress, to, limit }: { db: Db; config: Config; socketAddress: string | undefined; to?: string; limit: number }) {
  if (!isMailboxOpenTo(config, socketAddress)) throw new AppError("NOT_FOUND", "No API route GET /api/dev/mailbox");
  return { messages: await listMailbox({ db, dir: outboxDir(config), to, limit }) };
}

/** One attachment of a stored message, to this machine only. */
export async function openMailboxAttachment({ config, socketAddress, messageId, index }: { config: Config; socketAddress: string | undefined; messageId: string; index: number }) {
  if (!isMailboxOpenTo(config, socketAddress)) throw new AppError("NOT_FOUND", `No API route GET ${mailboxAttachmentPath(messageId, index)}`);
  const attachment = await readOutboxAttachment(outboxDir(config), messageId, index);
  if (!attachment) throw new AppError("NOT_FOUND", "This message has no such attachment.");
  return attachment;
}
