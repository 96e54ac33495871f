/** What an organiser typed into the ticket viewer or resender (spec §5 Ticket viewer and resender). */
export type IdentifierKind = "ticket-code" | "payment-session" | "booking-id" | "unknown";

/** Booking ids are UUIDs: anything longer than 30 characters is read as one (spec §5). */
const BOOKING_ID_MIN_LENGTH = 31;

export function identifierKind(typed: string): IdentifierKind {
  const identifier = typed.trim();
  if (identifier.startsWith("TCKT-")) return "ticket-code";
  if (identifier.startsWith("cs_")) return "payment-session";
  if (identifier.length >= BOOKING_ID_MIN_LENGTH) return "booking-id";
  return "unknown";
}

/** A hint under the field, so a typo shows before the lookup does. */
export function identifierKindLabel(kind: IdentifierKind): string | null {
  switch (kind) {
    case "ticket-code":
      return "Looks like a ticket code";
    case "payment-session":
      return "Looks like a Stripe session ID";
    case "booking-id":
      return "Looks like a booking ID";
    case "unknown":
      return null;
  }
}

export const IDENTIFIER_REQUIRED = {
  viewer: "Please enter a booking ID, ticket code, or Stripe session ID",
  resender: "Please enter a booking ID or ticket code",
} as const;

/** The trimmed identifier to send, or the spec's message when nothing was typed. */
export function checkIdentifier(typed: string, tool: keyof typeof IDENTIFIER_REQUIRED): { identifier: string } | { error: string } {
  const identifier = typed.trim();
  return identifier ? { identifier } : { error: IDENTIFIER_REQUIRED[tool] };
}
