import type { TicketEmailProvider } from "@domain";

/** The provider choice of the resend and test pages (spec §2): resend or brevo. */
export const PROVIDER_OPTIONS: readonly { value: TicketEmailProvider; label: string }[] = [
  { value: "brevo", label: "Brevo" },
  { value: "resend", label: "Resend" },
];

/** spec §9 E-mail: brevo on the resend page, resend on the test page. */
export const DEFAULT_PROVIDER = { resendPage: "brevo", testPage: "resend" } as const satisfies Record<string, TicketEmailProvider>;
