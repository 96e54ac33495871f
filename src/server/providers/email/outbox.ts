import type { Db } from "../../db/client";
import { outboxMessages } from "../../db/schema";
import type { EmailMessage, EmailTransport } from "./email";

/** Stores mail in the database instead of sending it; read back at /dev/mailbox in demo mode. */
export function createOutboxEmailSender({ db }: { db: Db }): EmailTransport {
  return {
    provider: "outbox",
    async send(message) {
      await db.insert(outboxMessages).values({
        channel: "email",
        recipient: message.to,
        subject: message.subject,
        textBody: message.text,
        htmlBody: inlineImages(message),
      });
    },
    async close() {},
  };
}

/** The dev mailbox shows the HTML on its own, so inline images travel inside it as data URLs. */
function inlineImages(message: EmailMessage): string {
  let html = message.html;
  for (const attachment of message.attachments ?? []) {
    if (attachment.cid) html = html.replaceAll(`cid:${attachment.cid}`, `data:${attachment.contentType};base64,${attachment.content.toString("base64")}`);
  }
  return html;
}
