import type { SmsSender } from "./sms";

/** A Messaging Service's SID: "MG" and 32 hex digits. */
const MESSAGING_SERVICE_SID = /^MG[0-9a-f]{32}$/;

/**
 * Whether Twilio takes `from` as the sender of a message
 * (https://www.twilio.com/docs/messaging/api/message-resource#create-a-message-resource): a phone number
 * in E.164, an alphanumeric sender ID (https://www.twilio.com/docs/glossary/what-alphanumeric-sender-id:
 * up to 11 letters, digits and spaces, at least one letter) or a Messaging Service SID. Anything else is
 * refused with error 21212 on every message.
 */
export function isTwilioSender(from: string): boolean {
  return /^\+[1-9]\d{1,14}$/.test(from) || /^(?=.*[A-Za-z])[A-Za-z0-9 ]{1,11}$/.test(from) || MESSAGING_SERVICE_SID.test(from);
}

/** Twilio's Messages REST API (form-encoded POST with basic auth); apiUrl is configurable for tests. */
export function createTwilioSmsSender(options: { apiUrl: string; accountSid: string; authToken: string; from: string }): SmsSender {
  const endpoint = `${options.apiUrl.replace(/\/$/, "")}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString("base64")}`;
  // A Messaging Service SID is sent as MessagingServiceSid, never as From, which Twilio refuses with
  // 21212 (https://www.twilio.com/docs/messaging/api/message-resource#create-a-message-resource).
  const sender: Record<string, string> = MESSAGING_SERVICE_SID.test(options.from) ? { MessagingServiceSid: options.from } : { From: options.from };
  return {
    provider: "twilio",
    async send(message) {
      const response = await fetch(endpoint, {
        method: "POST",
        headers: { authorization, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ To: message.to, ...sender, Body: message.body }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) {
        const detail = await response.text().catch(() => "");
        throw new Error(`Twilio refused the SMS (${response.status}): ${detail.slice(0, 200)}`);
      }
    },
  };
}
