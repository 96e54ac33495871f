import { TICKET_EMAIL_WAYS, type TicketEmailProvider } from "@domain";

/** The resender's two ways in plain words (issue 17); the first is the default (spec §9). */
export const EMAIL_PROVIDERS: readonly { value: TicketEmailProvider; label: string }[] = TICKET_EMAIL_WAYS.map(({ provider, choice }, index) => ({
  value: provider,
  label: index === 0 ? `${choice} (default)` : choice,
}));

export type EmailProvider = TicketEmailProvider;
