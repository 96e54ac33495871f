import type { CancellationProgress } from "@domain";

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** "Cancelled — refunding 120 of 200 bookings" / "Cancelled — all 200 bookings refunded": My Events' line for a cancelled event. */
export function describeCancellation(progress: CancellationProgress): string {
  if (progress.bookings === 0) return "Cancelled — no bookings to refund";
  if (progress.done && progress.failed === 0) return progress.bookings === 1 ? "Cancelled — the 1 booking refunded" : `Cancelled — all ${progress.bookings} bookings refunded`;
  const failed = progress.failed ? `, ${plural(progress.failed, "refund")} failed` : "";
  return `Cancelled — refunding ${progress.refunded} of ${plural(progress.bookings, "booking")}${failed}`;
}
