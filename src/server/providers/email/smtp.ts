import nodemailer from "nodemailer";
import type { EmailTransport } from "./email";

/** Any SMTP server (SMTP_URL, e.g. smtp://user:pass@smtp.example.com:587). */
export function createSmtpEmailSender({ url, from }: { url: string; from: string }): EmailTransport {
  const transport = nodemailer.createTransport(url);
  return {
    provider: "smtp",
    async send(message) {
      await transport.sendMail({
        from,
        to: message.to,
        bcc: message.bcc,
        subject: message.subject,
        html: message.html,
        text: message.text,
        attachments: message.attachments?.map(({ filename, content, contentType, cid }) => ({ filename, content, contentType, cid })),
      });
    },
    async close() {
      transport.close();
    },
  };
}
