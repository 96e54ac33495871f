import { TIME_ZONE } from "../../../domain";

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

const partsFormatter = new Intl.DateTimeFormat("en-GB", {
  timeZone: TIME_ZONE,
  year: "numeric",
  month: "numeric",
  day: "numeric",
  hour: "numeric",
  minute: "numeric",
  hourCycle: "h23",
});

function ukWallClock(instant: Date): UkDay & { hour: number; minute: number } {
  const parts = Object.fromEntries(partsFormatter.formatToParts(instant).map((part) => [part.type, part.value]));
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day), hour: Number(parts.hour), minute: Number(parts.minute) };
}

/** The UK calendar day an instant falls on. */
export function ukDayOf(instant: Date): UkDay {
  const { year, month, day } = ukWallClock(instant);
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

function offsetMinutes(instant: Date): number {
  const wall = ukWallClock(instant);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  return Math.round((asUtc - Math.floor(instant.getTime() / 60_000) * 60_000) / 60_000);
}

/** The instant of a UK wall-clock time (midnight and the evening are never in a clock-change gap). */
export function ukInstant(day: UkDay, hour = 0, minute = 0): Date {
  const guess = Date.UTC(day.year, day.month - 1, day.day, hour, minute);
  const first = guess - offsetMinutes(new Date(guess)) * 60_000;
  // Near a clock change the offset at the guess can differ from the offset at the answer.
  return new Date(guess - offsetMinutes(new Date(first)) * 60_000);
}

export function isValidDay(day: UkDay): boolean {
  const date = new Date(Date.UTC(day.year, day.month - 1, day.day));
  return date.getUTCFullYear() === day.year && date.getUTCMonth() === day.month - 1 && date.getUTCDate() === day.day;
}
