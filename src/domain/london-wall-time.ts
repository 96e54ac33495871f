import { londonClock, londonOffsetAt } from "./london-time";

export interface LondonWallTime {
  year: number;
  /** 1 to 12. */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second?: number;
}

/**
 * The instant when UK clocks read `wall`; null when it is not a real date and time. A time skipped when
 * the clocks go forward reads as the hour after; an hour repeated when they go back reads as its
 * second (GMT) occurrence.
 */
export function londonWallTimeToDate({ year, month, day, hour, minute, second = 0 }: LondonWallTime): Date | null {
  // Not Date.UTC: it reads years 0-99 as 1900-1999, so "0001-01-01" would become 1901 (issue 33).
  const check = new Date(0);
  check.setUTCFullYear(year, month - 1, day);
  check.setUTCHours(hour, minute, second, 0);
  const wallAsUtc = check.getTime();
  // 31 April rolls over to 1 May; such a value is not a date.
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59 || second > 59) return null;
  // The offset depends on the instant we are looking for: a first guess, then the offset at that guess.
  const guess = wallAsUtc - londonOffsetAt(wallAsUtc);
  return new Date(wallAsUtc - londonOffsetAt(guess));
}

const pad = (value: number, width = 2) => String(value).padStart(width, "0");

/** "2026-07-04T18:30:00.000Z" → "2026-07-04T19:30" (the value of a datetime-local input); "" when not a date. */
export function isoToLondonInput(iso: string | null | undefined): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const wall = londonClock(date);
  return `${pad(wall.getUTCFullYear(), 4)}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}T${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`;
}

const INPUT_VALUE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;

/** "2026-07-04T19:30" in UK time → "2026-07-04T18:30:00.000Z"; null when empty or not a date and time. */
export function londonInputToIso(value: string): string | null {
  const match = INPUT_VALUE.exec(value.trim());
  if (!match) return null;
  const [year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0] = match.slice(1).map((part) => Number(part ?? 0));
  return londonWallTimeToDate({ year, month, day, hour, minute, second })?.toISOString() ?? null;
}
