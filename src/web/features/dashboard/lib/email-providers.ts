import type { TicketEmailProvider } from "@domain";

/** spec §9: brevo is the default provider; resend is the alternative. */
export const EMAIL_PROVIDERS = [
  { value: "brevo", label: "Brevo (default)" },
  { value: "resend", label: "Resend" },
] as const satisfies readonly { value: TicketEmailProvider; label: string }[];

export type EmailProvider = (typeof EMAIL_PROVIDERS)[number]["value"];
