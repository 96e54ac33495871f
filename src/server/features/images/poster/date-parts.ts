import { hasPlaceholderDate, ukDateParts } from "../../../../domain";

/** An event's date and time as a poster prints them, in UK time (decisions D16). */
export interface PosterDate {
  weekday: string;
  day: string;
  month: string;
  year: string;
  /** 24-hour, "19:30". */
  time: string;
}

/** Null for no date, a bad one, or the placeholder an ongoing business carries. */
export function posterDateParts(dateTime: string | null): PosterDate | null {
  if (!dateTime) return null;
  const date = new Date(dateTime);
  if (Number.isNaN(date.getTime()) || hasPlaceholderDate({ dateTime: date })) return null;
  return ukDateParts(date);
}

/** "Saturday 14 June 2026 · 19:30" */
export const longDateLine = (date: PosterDate) => `${date.weekday} ${date.day} ${date.month} ${date.year} · ${date.time}`;
/** "Sat 14 Jun · 19:30" */
export const shortDateLine = (date: PosterDate) => `${date.weekday.slice(0, 3)} ${date.day} ${date.month.slice(0, 3)} · ${date.time}`;
