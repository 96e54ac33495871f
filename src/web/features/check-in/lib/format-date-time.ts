import { formatEventDate, formatEventTime } from "@domain";

/** "Sat, 6 Dec 2026, 19:30" in UK time (decisions.md D16); the raw value when it is not a date. */
export function formatDateTime(iso: string): string {
  const date = formatEventDate(iso);
  const time = formatEventTime(iso);
  return date && time ? `${date}, ${time}` : iso;
}
