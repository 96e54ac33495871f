type ClaimStorage = Pick<Storage, "getItem" | "setItem">;

const claimKey = (bookingId: string) => `ticket_email_sent:${bookingId}`;

/**
 * The success page sends each booking's ticket e-mail once (spec §4 Payment). A booking is claimed
 * before its e-mail goes out, in memory (strict-mode double effects) and in session storage (a reload
 * of the same page), so the buyer never gets the same ticket twice from this page.
 */
export function createTicketEmailClaims(storage: ClaimStorage | null) {
  const claimed = new Set<string>();
  return {
    /** True once per booking: the caller sends; false afterwards. */
    claim(bookingId: string): boolean {
      if (claimed.has(bookingId)) return false;
      claimed.add(bookingId);
      try {
        if (storage?.getItem(claimKey(bookingId))) return false;
        storage?.setItem(claimKey(bookingId), "1");
      } catch {
        // Session storage unavailable: the in-memory claim still prevents double sends on this page.
      }
      return true;
    },
    /** A failed send may be tried again by a later visit. */
    release(bookingId: string): void {
      claimed.delete(bookingId);
      try {
        storage?.setItem(claimKey(bookingId), "");
      } catch {
        // As above.
      }
    },
  };
}
