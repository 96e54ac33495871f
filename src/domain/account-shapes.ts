import { z } from "zod";

/** The signed-in user as pages see it. */
export const SessionUser = z.object({
  id: z.string(),
  email: z.string(),
  emailConfirmed: z.boolean(),
  phoneNumber: z.string().nullable(),
  username: z.string().nullable(),
  displayName: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  isAdmin: z.boolean(),
  /** The attendee name checkout offers (checkoutAttendeeName, decision 021); empty when none is known. */
  checkoutName: z.string(),
});
export type SessionUser = z.infer<typeof SessionUser>;
