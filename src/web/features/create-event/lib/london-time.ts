import { TIME_ZONE } from "@domain";

// Event times are typed and shown as UK wall-clock time whatever the browser's own time zone
// (decisions.md D16), so a datetime-local value is read as Europe/London, never as the device's zone.

const wallClock = new Intl.DateTimeFormat("en-GB", {
  timeZone: TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function wallTimeAt(instant: number): WallTime {
  const parts = Object.fromEntries(wallClock.formatToParts(new Date(instant)).map((part) => [part.type, part.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** How far UK time is ahead of UTC at an instant, in milliseconds (0 in winter, 1 h in summer). */
function londonOffsetAt(instant: number): number {
  const wall = wallTimeAt(instant);
  const wallAsUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return wallAsUtc - Math.floor(instant / 1000) * 1000;
}

const pad = (value: number, width = 2) => String(value).padStart(width, "0");

/** "2026-07-04T18:30:00.000Z" → "2026-07-04T19:30" (the value of a datetime-local input); "" when not a date. */
export function isoToLondonInput(iso: string | null | undefined): string {
  if (!iso) return "";
  const instant = new Date(iso).getTime();
  if (Number.isNaN(instant)) return "";
  const wall = wallTimeAt(instant);
  return `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}T${pad(wall.hour)}:${pad(wall.minute)}`;
}

const INPUT_VALUE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;

/**
 * "2026-07-04T19:30" in UK time → "2026-07-04T18:30:00.000Z"; null when empty or not a date and time.
 * A time skipped when the clocks go forward reads as the hour after; an hour repeated when they go
 * back reads as its second (GMT) occurrence.
 */
export function londonInputToIso(value: string): string | null {
  const match = INPUT_VALUE.exec(value.trim());
  if (!match) return null;
  const [year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0] = match.slice(1).map((part) => Number(part ?? 0));
  const wallAsUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  // Date.UTC rolls 31 April over to 1 May; such a value is not a date.
  const check = new Date(wallAsUtc);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59 || second > 59) return null;
  // The offset depends on the instant we are looking for: a first guess, then the offset at that guess.
  const guess = wallAsUtc - londonOffsetAt(wallAsUtc);
  return new Date(wallAsUtc - londonOffsetAt(guess)).toISOString();
}
