import type { Db } from "../../db/client";
import { outboxMessages } from "../../db/schema";
import type { EmailSender } from "./email";

/** Stores mail in the database instead of sending it; read back at /dev/mailbox in demo mode. */
export function createOutboxEmailSender({ db }: { db: Db }): EmailSender {
  return {
    provider: "outbox",
    async send(message) {
      await db.insert(outboxMessages).values({
        channel: "email",
        recipient: message.to,
        subject: message.subject,
        textBody: message.text,
        htmlBody: message.html,
      });
    },
    async close() {},
  };
}
