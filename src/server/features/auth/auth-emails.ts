import { BRAND, type PlatformCompany } from "../../../domain";
import { renderEmail } from "../../providers/email/layout";
import type { EmailMessage } from "../../providers/email/email";

export function confirmEmailMessage({ to, url, company }: { to: string; url: string; company: PlatformCompany }): EmailMessage {
  return {
    to,
    subject: `Confirm your ${BRAND.name} account`,
    ...renderEmail({
      preheader: "One click to finish creating your account.",
      heading: "Confirm your e-mail address",
      paragraphs: [`Thanks for signing up to ${BRAND.name}. Confirm your e-mail address to start buying tickets and creating events.`],
      action: { label: "Confirm my e-mail", url },
      footnote: "This link expires in 24 hours. If you did not create an account, you can ignore this e-mail.",
      company,
    }),
  };
}

export function existingAccountMessage({ to, signInUrl, company }: { to: string; signInUrl: string; company: PlatformCompany }): EmailMessage {
  return {
    to,
    subject: `You already have a ${BRAND.name} account`,
    ...renderEmail({
      preheader: "Someone tried to sign up with your e-mail address.",
      heading: "You already have an account",
      paragraphs: [
        "Someone (hopefully you) tried to create a new account with this e-mail address, but it already has one.",
        "Sign in instead, or use 'Forgot your password?' on the sign-in page if you cannot remember your password.",
      ],
      action: { label: "Sign in", url: signInUrl },
      footnote: "If this was not you, no action is needed: your account is unchanged.",
      company,
    }),
  };
}

export function resetPasswordMessage({ to, url, company }: { to: string; url: string; company: PlatformCompany }): EmailMessage {
  return {
    to,
    subject: `Reset your ${BRAND.name} password`,
    ...renderEmail({
      preheader: "A link to choose a new password.",
      heading: "Reset your password",
      paragraphs: ["We received a request to reset the password for your account. Choose a new password with the button below."],
      action: { label: "Reset my password", url },
      footnote: "This link expires in 1 hour and works once. If you did not ask for it, ignore this e-mail: your password stays the same.",
      company,
    }),
  };
}

export function signInCodeMessage({ to, code, company }: { to: string; code: string; company: PlatformCompany }): EmailMessage {
  return {
    to,
    subject: `${code} is your ${BRAND.name} sign-in code`,
    ...renderEmail({
      preheader: `Your sign-in code is ${code}.`,
      heading: "Your sign-in code",
      paragraphs: ["Enter this code on the sign-in page to sign in:"],
      code,
      footnote: "The code expires in 10 minutes. If you did not ask for it, you can ignore this e-mail.",
      company,
    }),
  };
}

export function signInCodeSms(code: string): string {
  return `${code} is your ${BRAND.name} sign-in code. It expires in 10 minutes. Never share it.`;
}
