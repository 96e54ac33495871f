import { hasPlaceholderDate, TIME_ZONE } from "../../../../domain";

/** An event's date and time as a poster prints them, in UK time (decisions D16). */
export interface PosterDate {
  weekday: string;
  day: string;
  month: string;
  year: string;
  /** 24-hour, "19:30". */
  time: string;
}

const formatter = new Intl.DateTimeFormat("en-GB", {
  timeZone: TIME_ZONE,
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** Null for no date, a bad one, or the placeholder an ongoing business carries. */
export function posterDateParts(dateTime: string | null): PosterDate | null {
  if (!dateTime) return null;
  const date = new Date(dateTime);
  if (Number.isNaN(date.getTime()) || hasPlaceholderDate({ dateTime: date })) return null;
  const part = (type: Intl.DateTimeFormatPartTypes) => formatter.formatToParts(date).find((p) => p.type === type)?.value ?? "";
  return { weekday: part("weekday"), day: part("day"), month: part("month"), year: part("year"), time: `${part("hour")}:${part("minute")}` };
}

/** "Saturday 14 June 2026 · 19:30" */
export const longDateLine = (date: PosterDate) => `${date.weekday} ${date.day} ${date.month} ${date.year} · ${date.time}`;
/** "Sat 14 Jun · 19:30" */
export const shortDateLine = (date: PosterDate) => `${date.weekday.slice(0, 3)} ${date.day} ${date.month.slice(0, 3)} · ${date.time}`;
