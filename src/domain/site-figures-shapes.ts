import { z } from "zod";

export const SiteStats = z.object({
  eventsListed: z.number().int(),
  ticketsSold: z.number().int(),
  customers: z.number().int(),
  organisers: z.number().int(),
});
export type SiteStats = z.infer<typeof SiteStats>;
