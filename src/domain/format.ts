import { londonClock } from "./london-time";

/** One formatting module: en-GB, 24-hour, Europe/London (decisions.md D16). */
export const TIME_ZONE = "Europe/London";

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"] as const;
// CLDR's en-GB abbreviations: September is "Sept".
const SHORT_MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sept", "Oct", "Nov", "Dec"] as const;

const twoDigits = (n: number) => String(n).padStart(2, "0");

function toDate(value: Date | string | null | undefined): Date | null {
  if (value == null || value === "") return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "Sat, 6 Dec 2026" in UK time; null when the value is not a date. */
export function formatEventDate(value: Date | string | null | undefined): string | null {
  const date = toDate(value);
  if (!date) return null;
  const london = londonClock(date);
  return `${WEEKDAYS[london.getUTCDay()]!.slice(0, 3)}, ${london.getUTCDate()} ${SHORT_MONTHS[london.getUTCMonth()]} ${london.getUTCFullYear()}`;
}

/** "Saturday, 6 December 2026" in UK time; null when the value is not a date. */
export function formatLongDate(value: Date | string | null | undefined): string | null {
  const date = toDate(value);
  if (!date) return null;
  const london = londonClock(date);
  return `${WEEKDAYS[london.getUTCDay()]}, ${london.getUTCDate()} ${MONTHS[london.getUTCMonth()]} ${london.getUTCFullYear()}`;
}

/** "19:30" in UK time; null when the value is not a date (the card then hides the time). */
export function formatEventTime(value: Date | string | null | undefined): string | null {
  const date = toDate(value);
  if (!date) return null;
  const london = londonClock(date);
  return `${twoDigits(london.getUTCHours())}:${twoDigits(london.getUTCMinutes())}`;
}

/** "6 Dec" in UK time; null when the value is not a date. */
export function formatDayMonth(value: Date | string | null | undefined): string | null {
  const date = toDate(value);
  if (!date) return null;
  const london = londonClock(date);
  return `${london.getUTCDate()} ${SHORT_MONTHS[london.getUTCMonth()]}`;
}

/** "Sun 6 Dec" in UK time; null when the value is not a date. */
export function formatShortDay(value: Date | string | null | undefined): string | null {
  const date = toDate(value);
  if (!date) return null;
  return `${WEEKDAYS[londonClock(date).getUTCDay()]!.slice(0, 3)} ${formatDayMonth(date)}`;
}

/** "22/11/2026 19:30" in UK time, what a UK spreadsheet reads as a date and time; null when the value is not a date. */
export function formatNumericDateTime(value: Date | string | null | undefined): string | null {
  const date = toDate(value);
  if (!date) return null;
  const london = londonClock(date);
  return `${twoDigits(london.getUTCDate())}/${twoDigits(london.getUTCMonth() + 1)}/${london.getUTCFullYear()} ${formatEventTime(date)}`;
}

/** An instant's UK date and time in words, each part apart (a poster lays them out): "Saturday", "14", "June", "2026", "19:30". */
export function ukDateParts(value: Date | string | null | undefined): { weekday: string; day: string; month: string; year: string; time: string } | null {
  const date = toDate(value);
  if (!date) return null;
  const london = londonClock(date);
  return { weekday: WEEKDAYS[london.getUTCDay()]!, day: String(london.getUTCDate()), month: MONTHS[london.getUTCMonth()]!, year: String(london.getUTCFullYear()), time: formatEventTime(date)! };
}

/** "Sat, 6 Dec 2026, 19:30" in UK time; the raw value when it is not a date. */
export function formatDateTime(iso: string): string {
  const date = formatEventDate(iso);
  const time = formatEventTime(iso);
  return date && time ? `${date}, ${time}` : iso;
}

/** "1 ticket", "3 tickets". */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** 1234567 → "1,234,567". */
export function formatCount(count: number): string {
  const sign = count < 0 ? "-" : "";
  return sign + String(Math.trunc(Math.abs(count))).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** Rounded figures for marketing stats (decisions.md D3): 1234 → "1.2K+", 40 → "40+". */
export function formatCompactCount(count: number): string {
  if (count < 1000) return `${count}+`;
  if (count < 1_000_000) return `${trimTrailingZero(count / 1000)}K+`;
  return `${trimTrailingZero(count / 1_000_000)}M+`;
}

function trimTrailingZero(value: number): string {
  return (Math.floor(value * 10) / 10).toFixed(1).replace(/\.0$/, "");
}

/** Display initials, at most 2 letters (spec §9 Display). */
export function initials(name: string | null | undefined): string {
  const words = (name ?? "").trim().split(/\s+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join("");
}
