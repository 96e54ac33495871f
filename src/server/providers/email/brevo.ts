import { postJson, type EmailTransport } from "./email";
import { parseFrom } from "./sender";

/**
 * Brevo's transactional REST API (POST /v3/smtp/email). Brevo cannot show attachments inline, so an
 * inline image is shown from its public URL and also attached as a file.
 */
export function createBrevoEmailSender({ apiKey, baseUrl, from }: { apiKey: string; baseUrl: string; from: string }): EmailTransport {
  const sender = parseFrom(from);
  return {
    provider: "brevo",
    async send(message) {
      let html = message.html;
      for (const attachment of message.attachments ?? []) {
        if (attachment.cid && attachment.url) html = html.replaceAll(`cid:${attachment.cid}`, attachment.url);
      }
      await postJson(
        `${baseUrl.replace(/\/$/, "")}/v3/smtp/email`,
        { "api-key": apiKey },
        {
          sender,
          to: [{ email: message.to }],
          ...(message.bcc ? { bcc: [{ email: message.bcc }] } : {}),
          subject: message.subject,
          htmlContent: html,
          textContent: message.text,
          ...(message.attachments?.length
            ? { attachment: message.attachments.map((attachment) => ({ name: attachment.filename, content: attachment.content.toString("base64") })) }
            : {}),
        },
      );
    },
    async close() {},
  };
}
