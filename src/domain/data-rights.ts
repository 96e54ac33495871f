import { RETENTION } from "./retention";

/**
 * Self-service data rights (issue 34, D28; docs/decisions/035): the export of everything about a person,
 * and the erasure of their account, which keeps the financial records for their statutory period with
 * the least personal data.
 */

/** The name an erased account, and the personal data the retention job clears from old records, is replaced with. */
export const ERASED_NAME = "Deleted account";

/** An erased account's e-mail address: unique, and one no mail can reach (`.invalid` is reserved, RFC 2606). */
export function erasedEmail(userId: string): string {
  return `deleted-${userId}@invalid`;
}

/** What the retention job puts in place of the names and e-mail addresses on financial records past their period. */
export const ANONYMISED_NAME = "Anonymised";
export const ANONYMISED_EMAIL = "anonymised@invalid";

/** Erasure without a password needs a sign-in this recent (a code just typed): someone at an unlocked device cannot erase an account. */
export const ERASURE_FRESH_SIGN_IN_MINUTES = 10;

/** The JSON file of the export, named by its UK day. */
export function exportFilename(ukDay: string): string {
  return `eventora-data-${ukDay}.json`;
}

/** What erasure deletes and keeps, as the page card and the decision record say it. */
export const ERASURE_TERMS = {
  deleted:
    "Your sign-in details and sessions, your profile (username, name, bio, picture, location, website, date of birth, seller details), the pictures you made with the image creator, your affiliate codes, and the messages you sent us.",
  kept: `Orders, tickets, refunds and payouts stay for ${RETENTION.financialRecordsYears} years after each booking, as UK tax law requires: with your name on paid orders (for receipts and VAT) and no e-mail address. Then the retention job removes your name too.`,
  organiserRule: "If you organise upcoming events that have valid tickets sold, cancel them first (buyers are refunded in full) or ask us to hand them to another organiser.",
} as const;
