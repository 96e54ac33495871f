import { postJson, type EmailTransport } from "./email";
import { parseFrom } from "./sender";

/** Resend's REST API (POST /emails); inline images travel as attachments with a content_id. */
export function createResendEmailSender({ apiKey, baseUrl, from }: { apiKey: string; baseUrl: string; from: string }): EmailTransport {
  const sender = parseFrom(from);
  return {
    provider: "resend",
    async send(message) {
      await postJson(
        `${baseUrl.replace(/\/$/, "")}/emails`,
        { authorization: `Bearer ${apiKey}` },
        {
          from: sender.name ? `${sender.name} <${sender.email}>` : sender.email,
          to: [message.to],
          ...(message.bcc ? { bcc: [message.bcc] } : {}),
          subject: message.subject,
          html: message.html,
          text: message.text,
          attachments: message.attachments?.map((attachment) => ({
            filename: attachment.filename,
            content: attachment.content.toString("base64"),
            content_type: attachment.contentType,
            ...(attachment.cid ? { content_id: attachment.cid } : {}),
          })),
        },
      );
    },
    async close() {},
  };
}
