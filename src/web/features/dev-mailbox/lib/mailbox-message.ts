import { formatEventDate, formatEventTime } from "@domain";

export type { MailboxMessage } from "@domain";

/** The date and 24-hour time in UK time, e.g. "Sat, 6 Dec 2026, 19:30". */
export function formatSentAt(iso: string): string {
  const date = formatEventDate(iso);
  const time = formatEventTime(iso);
  return date && time ? `${date}, ${time}` : iso;
}

/** A link's address without the origin, so long tokens do not hide what the link is for. */
export function linkPath(href: string): string {
  try {
    const url = new URL(href);
    return `${url.pathname}${url.search}`;
  } catch {
    return href;
  }
}
