import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Db } from "../../db/client";
import { outboxMessages } from "../../db/schema";
import type { EmailMessage, EmailTransport } from "./email";

/** One stored attachment, as listed in its message's manifest. */
export interface OutboxAttachment {
  filename: string;
  contentType: string;
  size: number;
  /** Shown inside the message (the ticket's QR code) rather than only attached. */
  inline: boolean;
}

const MANIFEST = "attachments.json";

/**
 * Stores mail in the database instead of sending it; read back at /dev/mailbox in demo mode. The
 * attachments are files beside it, under `dir`/{message id}/ (decision 022): the outbox table has no
 * place for them, and they only serve the demo's mailbox.
 */
export function createOutboxEmailSender({ db, dir }: { db: Db; dir: string }): EmailTransport {
  return {
    provider: "outbox",
    async send(message) {
      const [row] = await db
        .insert(outboxMessages)
        .values({ channel: "email", recipient: message.to, subject: message.subject, textBody: message.text, htmlBody: inlineImages(message) })
        .returning({ id: outboxMessages.id });
      const attachments = message.attachments ?? [];
      if (!attachments.length) return;
      const folder = join(dir, row!.id);
      await mkdir(folder, { recursive: true });
      await Promise.all(attachments.map((attachment, index) => writeFile(join(folder, String(index)), attachment.content)));
      const manifest: OutboxAttachment[] = attachments.map((attachment) => ({
        filename: attachment.filename,
        contentType: attachment.contentType,
        size: attachment.content.length,
        inline: Boolean(attachment.cid),
      }));
      await writeFile(join(folder, MANIFEST), JSON.stringify(manifest));
    },
    async close() {},
  };
}

/** A stored message's attachments, in the order sent (none when it had none, or they were cleared away). */
export async function readOutboxAttachments(dir: string, messageId: string): Promise<OutboxAttachment[]> {
  try {
    return JSON.parse(await readFile(join(dir, messageId, MANIFEST), "utf8")) as OutboxAttachment[];
  } catch {
    return [];
  }
}

/** One attachment's bytes and description, or null when there is no such attachment. */
export async function readOutboxAttachment(dir: string, messageId: string, index: number): Promise<(OutboxAttachment & { content: Buffer }) | null> {
  const attachment = (await readOutboxAttachments(dir, messageId))[index];
  if (!attachment) return null;
  return { ...attachment, content: await readFile(join(dir, messageId, String(index))) };
}

/** The dev mailbox shows the HTML on its own, so inline images travel inside it as data URLs. */
function inlineImages(message: EmailMessage): string {
  let html = message.html;
  for (const attachment of message.attachments ?? []) {
    if (attachment.cid) html = html.replaceAll(`cid:${attachment.cid}`, `data:${attachment.contentType};base64,${attachment.content.toString("base64")}`);
  }
  return html;
}
