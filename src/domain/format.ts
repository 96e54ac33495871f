/** One formatting module: en-GB, 24-hour, Europe/London (decisions.md D16). */
export const TIME_ZONE = "Europe/London";

const dateFormatter = new Intl.DateTimeFormat("en-GB", {
  timeZone: TIME_ZONE,
  weekday: "short",
  day: "numeric",
  month: "short",
  year: "numeric",
});
const longDateFormatter = new Intl.DateTimeFormat("en-GB", {
  timeZone: TIME_ZONE,
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
});
const timeFormatter = new Intl.DateTimeFormat("en-GB", {
  timeZone: TIME_ZONE,
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

function toDate(value: Date | string | null | undefined): Date | null {
  if (value == null || value === "") return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "Sat 6 Dec 2026"; null when the value is not a date. */
export function formatEventDate(value: Date | string | null | undefined): string | null {
  const date = toDate(value);
  return date ? dateFormatter.format(date) : null;
}

/** "Saturday 6 December 2026"; null when the value is not a date. */
export function formatLongDate(value: Date | string | null | undefined): string | null {
  const date = toDate(value);
  return date ? longDateFormatter.format(date) : null;
}

/** "19:30" in UK time; null when the value is not a date (the card then hides the time). */
export function formatEventTime(value: Date | string | null | undefined): string | null {
  const date = toDate(value);
  return date ? timeFormatter.format(date) : null;
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
