import type { Transporter } from "nodemailer";
import type { EmailTransport } from "./email";

/**
 * Any SMTP server (SMTP_URL, e.g. smtp://user:pass@smtp.example.com:587). Pooled: the connection (TCP,
 * TLS, greeting, login) is kept open for the next message instead of being set up again for each
 * ticket; nodemailer reconnects when the server closes an idle one. nodemailer (some 440 kB) is loaded
 * with the first message rather than at every start.
 */
export function createSmtpEmailSender({ url, from }: { url: string; from: string }): EmailTransport {
  let transport: Promise<Transporter> | null = null;
  const open = () => (transport ??= import("nodemailer").then(({ default: nodemailer }) => nodemailer.createTransport({ url, pool: true })));
  return {
    provider: "smtp",
    async send(message) {
      await (await open()).sendMail({
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
      if (transport) (await transport).close();
    },
  };
}
