import { inject } from "vitest";
import type { ReceivedMail } from "../test/smtp-receiver";
import { baseUrl } from "./fixtures";

/** Waits for mail the app delivered over SMTP to the test receiver (newest first). */
export async function waitForMail(to: string, match: (mail: ReceivedMail) => boolean = () => true, timeoutMs = 15_000): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await fetch(`${inject("mailUrl")}?to=${encodeURIComponent(to)}`);
    const { messages } = (await response.json()) as { messages: ReceivedMail[] };
    const found = messages.find(match);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`No mail to ${to} matched within ${timeoutMs} ms (got: ${messages.map((m) => m.subject).join(", ")})`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export function linkTo(mail: ReceivedMail, path: string): string {
  const link = mail.links.find((candidate) => new URL(candidate).pathname.startsWith(path));
  if (!link) throw new Error(`No ${path} link in: ${mail.text}`);
  return link;
}

export function codeFrom(mail: ReceivedMail): string {
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`No code in: ${mail.text}`);
  return code;
}

export const uniqueEmail = (label: string) => `${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

/**
 * An account made and confirmed through the real endpoints and e-mail, for journeys that start signed up.
 * Each comes from its own client address (the test app trusts this machine as its load balancer), as
 * separate visitors do: the suite's many set-up accounts never spend one address's sign-up or confirmation
 * budget, which the journeys that sign up in the browser need.
 */
export async function createConfirmedAccount(label: string, password = "journey-pass-1"): Promise<{ email: string; password: string }> {
  const email = uniqueEmail(label);
  const clientAddress = `198.51.100.${1 + Math.floor(Math.random() * 254)}`;
  const response = await fetch(`${baseUrl()}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl(), "x-forwarded-for": clientAddress },
    body: JSON.stringify({ email, password, name: label, dateOfBirth: "1992-03-14", callbackURL: "/auth" }),
  });
  if (!response.ok) throw new Error(`Sign-up failed: ${response.status} ${await response.text()}`);
  const mail = await waitForMail(email, (m) => m.subject.startsWith("Confirm"));
  const confirm = await fetch(linkTo(mail, "/api/auth/verify-email"), { redirect: "manual", headers: { "x-forwarded-for": clientAddress } });
  if (confirm.status !== 302) throw new Error(`Confirmation failed: ${confirm.status}`);
  return { email, password };
}
