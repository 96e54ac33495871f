import { z } from "zod";

/** What the person types to erase their account: their e-mail address, and their password unless they signed in just now. */
export const EraseAccountInput = z.object({
  email: z.string().trim().min(1, "Type your account's e-mail address to confirm.").max(320),
  password: z.string().max(200).optional(),
});
export type EraseAccountInput = z.infer<typeof EraseAccountInput>;

export const ErasureResult = z.object({ erased: z.literal(true) });
export type ErasureResult = z.infer<typeof ErasureResult>;
