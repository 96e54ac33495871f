// Event times are typed and shown as UK wall-clock time whatever the device's or server's own time
// zone (decisions.md D16). The one London clock: shown dates (format.ts) read it here, and typed ones
// (the create-event form's datetime-local values, the seed's event times) through london-wall-time.ts,
// kept apart so that every page's shell carries only the clock.

const HOUR_MS = 3_600_000;

/** 01:00 UTC on the last Sunday of a month (UK clocks change then, by the rule in force since 1996). */
function lastSundayAtOneUtc(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0));
  return Date.UTC(year, month, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
}

/** How far UK time is ahead of UTC at an instant, in milliseconds (0 in winter, 1 h in summer). */
export function londonOffsetAt(instant: number): number {
  const year = new Date(instant).getUTCFullYear();
  const summer = instant >= lastSundayAtOneUtc(year, 2) && instant < lastSundayAtOneUtc(year, 9);
  return summer ? HOUR_MS : 0;
}

/**
 * The wall-clock date and time in London, as a Date whose UTC fields read it. Worked out here rather
 * than with Intl: a phone's first Intl object loads the ICU data, a long task of its own while the page
 * hydrates (decision 012), and the result no longer depends on the server's and the browser's ICU
 * agreeing about punctuation.
 */
export function londonClock(date: Date): Date {
  return new Date(date.getTime() + londonOffsetAt(date.getTime()));
}
