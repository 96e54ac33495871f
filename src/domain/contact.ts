import { z } from "zod";
import { formatCount } from "./format";

/** Limits of the contact form (decisions.md D7): the same for the page and POST /api/contact. */
export const CONTACT_LIMITS = {
  nameMax: 100,
  emailMax: 254,
  subjectMax: 200,
  messageMin: 10,
  messageMax: 5000,
} as const;

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

/** Support hours (spec §2 Contact), also quoted by the help pages and the assistant. */
export const SUPPORT_HOURS = [
  { days: "Monday to Friday", short: "Mon-Fri", hours: "9:00-6:00" },
  { days: "Saturday", short: "Sat", hours: "10:00-4:00" },
  { days: "Sunday", short: "Sun", hours: "Closed" },
] as const;

/** 'Mon-Fri 9:00-6:00, Sat 10:00-4:00, Sun closed' (spec §2 Contact). */
export const SUPPORT_HOURS_TEXT = SUPPORT_HOURS.map((row) => `${row.short} ${row.hours === "Closed" ? "closed" : row.hours}`).join(", ");

/** spec §2 Contact: emergency support never closes for urgent ticket issues. */
export const EMERGENCY_SUPPORT_TEXT = "Emergency support is available 24/7 for urgent ticket issues.";
