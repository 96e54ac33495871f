import { z } from "zod";
import { ATTENDEE_EMAIL_MESSAGES, attendeeEmailProblem } from "./attendee-name";
import { AttendeeName } from "./checkout-shapes";

/** A new holder's e-mail (issue 36): required for a transfer, which sends them their ticket. */
const HolderEmail = z
  .string({ message: ATTENDEE_EMAIL_MESSAGES.invalid })
  .trim()
  .superRefine((email, context) => {
    const problem = email ? attendeeEmailProblem(email) : "Please enter the new holder's e-mail address: their ticket goes there.";
    if (problem) context.addIssue({ code: "custom", message: problem });
  });

/** A buyer passes one of their tickets to someone else (POST /api/me/tickets/:ticketId/transfer). */
export const TransferTicketInput = z.object({
  name: z.preprocess((name) => name ?? "", AttendeeName).describe("The new holder's name, on the ticket: trimmed, 1 to 100 characters"),
  email: z.preprocess((email) => email ?? "", HolderEmail).describe("The new holder's e-mail: their ticket is sent there"),
});
export type TransferTicketInput = z.infer<typeof TransferTicketInput>;

/** The organiser renames a ticket (PATCH /api/tickets/:ticketId): same code, new name, and optionally the attendee's own e-mail. */
export const RenameTicketInput = z.object({
  attendeeName: z.preprocess((name) => name ?? "", AttendeeName).describe("The name the ticket carries: trimmed, 1 to 100 characters"),
  attendeeEmail: z
    .string()
    .trim()
    .superRefine((email, context) => {
      const problem = email ? attendeeEmailProblem(email) : null;
      if (problem) context.addIssue({ code: "custom", message: problem });
    })
    .nullish()
    .describe("The attendee's own e-mail; empty or null: none (the buyer's e-mail carries the ticket); absent: unchanged"),
});
export type RenameTicketInput = z.infer<typeof RenameTicketInput>;

/** One change of a ticket's holder, as its history shows it. */
export const TicketChangeView = z.object({
  kind: z.enum(["transfer", "rename"]),
  fromName: z.string(),
  toName: z.string(),
  at: z.string(),
});
export type TicketChangeView = z.infer<typeof TicketChangeView>;

/** A ticket after a transfer or rename: its code (new after a transfer), holder and history. */
export const ChangedTicket = z.object({
  ticketId: z.string(),
  bookingId: z.string(),
  code: z.string(),
  attendeeName: z.string(),
  attendeeEmail: z.string().nullable(),
  history: z.array(TicketChangeView),
});
export type ChangedTicket = z.infer<typeof ChangedTicket>;
