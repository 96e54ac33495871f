import type { PlatformCompany } from "../config";
import type { Db } from "../db/client";
import type { EmailSender } from "../providers/email/email";

/** What a job needs to send a notice e-mail: the database to read it from, the sender, the site's links and the company its footer names. */
export interface NoticeMailer {
  db: Db;
  email: EmailSender;
  publicUrl: string;
  /** The platform's company (config.company), named in every e-mail's footer (issue 34). */
  company: PlatformCompany;
}
