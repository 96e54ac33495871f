import { londonWallTimeToDate, ukToday } from "../../../domain";

/**
 * Calendar arithmetic in UK time (decisions D16): "today", "this weekend" and "12 December" mean the
 * UK calendar, whatever the server's own time zone.
 */

export interface UkDay {
  year: number;
  /** 1-12 */
  month: number;
  day: number;
}

/** The UK calendar day an instant falls on. */
export function ukDayOf(instant: Date): UkDay {
  const [year, month, day] = ukToday(instant).split("-").map(Number) as [number, number, number];
  return { year, month, day };
}

/** A day `days` after `day` (month and year roll over). */
export function addDays(day: UkDay, days: number): UkDay {
  const date = new Date(Date.UTC(day.year, day.month - 1, day.day + days));
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/** Monday 0 … Sunday 6 (UK weeks start on Monday). */
export function weekdayOf(day: UkDay): number {
  return (new Date(Date.UTC(day.year, day.month - 1, day.day)).getUTCDay() + 6) % 7;
}

/** The instant of a UK wall-clock time (midnight and the evening are never in a clock-change gap). */
export function ukInstant(day: UkDay, hour = 0, minute = 0): Date {
  // A day rolled past its month's end (addDays never makes one) is still a day: Date.UTC's reading of it.
  const date = new Date(Date.UTC(day.year, day.month - 1, day.day));
  return londonWallTimeToDate({ year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate(), hour, minute })!;
}

export function isValidDay(day: UkDay): boolean {
  const date = new Date(Date.UTC(day.year, day.month - 1, day.day));
  return date.getUTCFullYear() === day.year && date.getUTCMonth() === day.month - 1 && date.getUTCDate() === day.day;
}
