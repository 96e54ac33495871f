import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { outboxMessages } from "../../db/schema";
import { createTwilioSmsSender } from "./twilio";

export interface SmsMessage {
  /** E.164, e.g. +447700900123. */
  to: string;
  body: string;
}

export interface SmsSender {
  readonly provider: "twilio" | "outbox";
  send(message: SmsMessage): Promise<void>;
}

/** Null when no SMS provider is configured: SMS codes are then unavailable. */
export function createSmsSender({ config, db }: { config: Config; db: Db }): SmsSender | null {
  if (config.smsProvider === "twilio") {
    return createTwilioSmsSender({
      apiUrl: config.TWILIO_API_URL,
      accountSid: config.TWILIO_ACCOUNT_SID!,
      authToken: config.TWILIO_AUTH_TOKEN!,
      from: config.TWILIO_FROM!,
    });
  }
  if (config.smsProvider === "outbox") {
    return {
      provider: "outbox",
      async send(message) {
        await db.insert(outboxMessages).values({ channel: "sms", recipient: message.to, textBody: message.body });
      },
    };
  }
  return null;
}
