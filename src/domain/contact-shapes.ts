import { z } from "zod";
import { CONTACT_LIMITS } from "./contact";
import { formatCount } from "./format";

const requiredText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, `Please enter your ${label}.`)
    .max(max, `Your ${label} must be at most ${formatCount(max)} characters.`);

/** POST /api/contact: the contact form (spec §2 Contact; decisions.md D7). */
export const ContactMessageInput = z.object({
  firstName: requiredText("first name", CONTACT_LIMITS.nameMax),
  lastName: requiredText("last name", CONTACT_LIMITS.nameMax),
  // Trimmed before the format check, so a pasted address with a stray space still counts.
  email: z
    .string()
    .trim()
    .pipe(z.email("Please enter a valid email address.").max(CONTACT_LIMITS.emailMax, "Please enter a valid email address.")),
  subject: requiredText("subject", CONTACT_LIMITS.subjectMax),
  message: z
    .string()
    .trim()
    .min(CONTACT_LIMITS.messageMin, `Your message must be at least ${CONTACT_LIMITS.messageMin} characters.`)
    .max(CONTACT_LIMITS.messageMax, `Your message must be at most ${formatCount(CONTACT_LIMITS.messageMax)} characters.`),
});
export type ContactMessageInput = z.infer<typeof ContactMessageInput>;

export const ContactMessageReceipt = z.object({ id: z.string(), receivedAt: z.string() });
export type ContactMessageReceipt = z.infer<typeof ContactMessageReceipt>;
