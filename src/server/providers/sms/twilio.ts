import type { SmsSender } from "./sms";

/** Twilio's Messages REST API (form-encoded POST with basic auth); apiUrl is configurable for tests. */
export function createTwilioSmsSender(options: { apiUrl: string; accountSid: string; authToken: string; from: string }): SmsSender {
  const endpoint = `${options.apiUrl.replace(/\/$/, "")}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString("base64")}`;
  return {
    provider: "twilio",
    async send(message) {
      const response = await fetch(endpoint, {
        method: "POST",
        headers: { authorization, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ To: message.to, From: options.from, Body: message.body }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) {
        const detail = await response.text().catch(() => "");
        throw new Error(`Twilio refused the SMS (${response.status}): ${detail.slice(0, 200)}`);
      }
    },
  };
}
