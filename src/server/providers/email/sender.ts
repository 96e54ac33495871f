import { z } from "zod";

/** `Name <address>` or a bare address, split for the REST providers. */
export function parseFrom(from: string): { name?: string; email: string } {
  const match = /^\s*(.*?)\s*<([^>]+)>\s*$/.exec(from);
  return match ? { name: match[1] || undefined, email: match[2]!.trim() } : { email: from.trim() };
}

/**
 * Whether `from` is a sender every provider takes: Resend's `from` is "email@example.com" or
 * "Name <email@example.com>" (https://resend.com/docs/api-reference/emails/send-email), Brevo's
 * `sender.email` a valid address (https://developers.brevo.com/reference/sendtransacemail).
 */
export function isEmailSender(from: string): boolean {
  return z.email().safeParse(parseFrom(from).email).success;
}
