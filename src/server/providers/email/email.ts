import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { createOutboxEmailSender } from "./outbox";
import { createSmtpEmailSender } from "./smtp";

export interface EmailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
  /** Set for images shown inline in the HTML as `cid:{cid}`. */
  cid?: string;
}

export interface EmailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  attachments?: EmailAttachment[];
}

/** One way of delivering e-mail (spec §9 E-mail; ARCHITECTURE Providers). */
export interface EmailSender {
  readonly provider: "smtp" | "outbox";
  send(message: EmailMessage): Promise<void>;
  close(): Promise<void>;
}

export function createEmailSender({ config, db }: { config: Config; db: Db }): EmailSender {
  return config.emailProvider === "smtp" && config.SMTP_URL
    ? createSmtpEmailSender({ url: config.SMTP_URL, from: config.EMAIL_FROM })
    : createOutboxEmailSender({ db });
}
