import { z } from "zod";

/** The e-mail delivery of one booking's ticket, as the success page and My Tickets report it. */
export const TicketEmailStatus = z.object({
  status: z.enum(["queued", "sent", "failed"]),
  sentAt: z.string().nullable(),
  provider: z.string().nullable(),
  error: z.string().nullable(),
});
export type TicketEmailStatus = z.infer<typeof TicketEmailStatus>;
