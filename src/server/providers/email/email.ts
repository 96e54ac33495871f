import { resolve } from "node:path";
import type { TicketEmailProvider } from "../../../domain";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { createBrevoEmailSender } from "./brevo";
import { createOutboxEmailSender } from "./outbox";
import { createResendEmailSender } from "./resend";
import { createSmtpEmailSender } from "./smtp";

export interface EmailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
  /** Set for images shown inline in the HTML as `cid:{cid}`. */
  cid?: string;
  /** A public URL of the same image, for providers that cannot inline attachments (Brevo). */
  url?: string;
}

export interface EmailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  bcc?: string;
  attachments?: EmailAttachment[];
}

export type EmailProviderName = TicketEmailProvider | "smtp" | "outbox";

/** One way of delivering e-mail (spec §9 E-mail; ARCHITECTURE Providers). */
export interface EmailTransport {
  readonly provider: EmailProviderName;
  send(message: EmailMessage): Promise<void>;
  close(): Promise<void>;
}

/** The product's mailer: a primary provider with SMTP as the fallback (ARCHITECTURE Ticket delivery). */
export interface EmailSender {
  /** The provider tried first when the caller has no preference. */
  readonly provider: EmailProviderName;
  /** Sends through `prefer` when it is configured, else the primary; falls back to SMTP. Answers who delivered. */
  send(message: EmailMessage, options?: { prefer?: TicketEmailProvider }): Promise<{ provider: EmailProviderName }>;
  close(): Promise<void>;
}

export class EmailDeliveryError extends Error {
  constructor(readonly failures: { provider: EmailProviderName; message: string }[]) {
    super(failures.map((failure) => `${failure.provider}: ${failure.message}`).join("; "));
  }
}

/** Chains transports: the preferred (or first) API provider, then SMTP when the first fails. */
export function createFallbackSender(transports: EmailTransport[]): EmailSender {
  if (!transports.length) throw new Error("No e-mail transport configured");
  const smtp = transports.find((transport) => transport.provider === "smtp");
  return {
    provider: transports[0]!.provider,
    async send(message, options) {
      const preferred = transports.find((transport) => transport.provider === options?.prefer) ?? transports[0]!;
      const order = [preferred, ...(smtp && smtp !== preferred ? [smtp] : [])];
      const failures: { provider: EmailProviderName; message: string }[] = [];
      for (const transport of order) {
        try {
          await transport.send(message);
          return { provider: transport.provider };
        } catch (error) {
          failures.push({ provider: transport.provider, message: (error as Error).message });
        }
      }
      throw new EmailDeliveryError(failures);
    },
    async close() {
      await Promise.all(transports.map((transport) => transport.close()));
    },
  };
}

/**
 * Brevo and Resend when their keys are set (Brevo first: the spec's default), SMTP when SMTP_URL is
 * set; with none of them (demo mode only) the dev outbox.
 */
export function createEmailSender({ config, db }: { config: Config; db: Db }): EmailSender {
  const transports: EmailTransport[] = [];
  if (config.BREVO_API_KEY) transports.push(createBrevoEmailSender({ apiKey: config.BREVO_API_KEY, baseUrl: config.BREVO_API_URL, from: config.EMAIL_FROM }));
  if (config.RESEND_API_KEY) transports.push(createResendEmailSender({ apiKey: config.RESEND_API_KEY, baseUrl: config.RESEND_API_URL, from: config.EMAIL_FROM }));
  if (config.SMTP_URL) transports.push(createSmtpEmailSender({ url: config.SMTP_URL, from: config.EMAIL_FROM }));
  if (!transports.length) transports.push(createOutboxEmailSender({ db, dir: outboxDir(config) }));
  return createFallbackSender(transports);
}

/** Where the dev outbox keeps attachments (demo mode only). */
export function outboxDir(config: Config): string {
  return resolve(config.DATA_DIR, "outbox");
}

/** POSTs JSON to a provider's API; a non-2xx answer becomes an error naming the status and the provider's message. */
export async function postJson(url: string, headers: Record<string, string>, body: unknown): Promise<void> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json", ...headers },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
  if (!response.ok) {
    const detail = (await response.text().catch(() => "")).slice(0, 300);
    throw new Error(`HTTP ${response.status}${detail ? `: ${detail}` : ""}`);
  }
}
