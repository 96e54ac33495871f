import type { Db } from "../db/client";
import type { EmailSender } from "../providers/email/email";

/** What a job needs to send a notice e-mail: the database to read it from, the sender and the site's links. */
export interface NoticeMailer {
  db: Db;
  email: EmailSender;
  publicUrl: string;
}
