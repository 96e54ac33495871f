import { TICKET_EMAIL_WAYS, type TicketEmailProvider } from "@domain";

/** The choice of way on the resend and test pages (spec §2: resend or brevo), in plain words (issue 17). */
export const PROVIDER_OPTIONS: readonly { value: TicketEmailProvider; label: string }[] = TICKET_EMAIL_WAYS.map(({ provider, choice }) => ({ value: provider, label: choice }));

/** spec §9 E-mail: brevo on the resend page, resend on the test page. */
export const DEFAULT_PROVIDER = { resendPage: "brevo", testPage: "resend" } as const satisfies Record<string, TicketEmailProvider>;
