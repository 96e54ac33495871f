import { eventEndsAt, type EventTimes } from "./event-timing";
import { londonClock } from "./london-time";
import { londonWallTimeToDate } from "./london-wall-time";
import { PAYOUT_BUSINESS_DAYS } from "./money";

/** A UK calendar day as "YYYY-MM-DD". */
export type UkDate = string;

export interface BankHoliday {
  date: UkDate;
  title: string;
  /** gov.uk's notes: "Substitute day" when the holiday falls on a weekend and moves to a weekday. */
  notes: string;
}

/**
 * England and Wales bank holidays (D23: payouts count UK business days), in the shape of gov.uk's
 * https://www.gov.uk/bank-holidays.json (`england-and-wales.events`), shipped with the app so a payout date
 * never depends on a network call. 2024–2027 as gov.uk published them (transcribed 26 November 2026);
 * 2028–2030 by the standing rules (Banking and Financial Dealings Act 1971 and the Royal Proclamations:
 * New Year's Day, Good Friday, Easter Monday, first and last Mondays of May, last Monday of August,
 * Christmas and Boxing Day, with substitute weekdays) until gov.uk lists them: check them against the
 * file each year, and add any one-off holiday (a coronation, a state funeral) by hand.
 */
export const ENGLAND_AND_WALES_BANK_HOLIDAYS: readonly BankHoliday[] = [
  { date: "2024-01-01", title: "New Year’s Day", notes: "" },
  { date: "2024-03-29", title: "Good Friday", notes: "" },
  { date: "2024-04-01", title: "Easter Monday", notes: "" },
  { date: "2024-05-06", title: "Early May bank holiday", notes: "" },
  { date: "2024-05-27", title: "Spring bank holiday", notes: "" },
  { date: "2024-08-26", title: "Summer bank holiday", notes: "" },
  { date: "2024-12-25", title: "Christmas Day", notes: "" },
  { date: "2024-12-26", title: "Boxing Day", notes: "" },
  { date: "2025-01-01", title: "New Year’s Day", notes: "" },
  { date: "2025-04-18", title: "Good Friday", notes: "" },
  { date: "2025-04-21", title: "Easter Monday", notes: "" },
  { date: "2025-05-05", title: "Early May bank holiday", notes: "" },
  { date: "2025-05-26", title: "Spring bank holiday", notes: "" },
  { date: "2025-08-25", title: "Summer bank holiday", notes: "" },
  { date: "2025-12-25", title: "Christmas Day", notes: "" },
  { date: "2025-12-26", title: "Boxing Day", notes: "" },
  { date: "2026-01-01", title: "New Year’s Day", notes: "" },
  { date: "2026-04-03", title: "Good Friday", notes: "" },
  { date: "2026-04-06", title: "Easter Monday", notes: "" },
  { date: "2026-05-04", title: "Early May bank holiday", notes: "" },
  { date: "2026-05-25", title: "Spring bank holiday", notes: "" },
  { date: "2026-08-31", title: "Summer bank holiday", notes: "" },
  { date: "2026-12-25", title: "Christmas Day", notes: "" },
  { date: "2026-12-28", title: "Boxing Day", notes: "Substitute day" },
  { date: "2027-01-01", title: "New Year’s Day", notes: "" },
  { date: "2027-03-26", title: "Good Friday", notes: "" },
  { date: "2027-03-29", title: "Easter Monday", notes: "" },
  { date: "2027-05-03", title: "Early May bank holiday", notes: "" },
  { date: "2027-05-31", title: "Spring bank holiday", notes: "" },
  { date: "2027-08-30", title: "Summer bank holiday", notes: "" },
  { date: "2027-12-27", title: "Christmas Day", notes: "Substitute day" },
  { date: "2027-12-28", title: "Boxing Day", notes: "Substitute day" },
  { date: "2028-01-03", title: "New Year’s Day", notes: "Substitute day" },
  { date: "2028-04-14", title: "Good Friday", notes: "" },
  { date: "2028-04-17", title: "Easter Monday", notes: "" },
  { date: "2028-05-01", title: "Early May bank holiday", notes: "" },
  { date: "2028-05-29", title: "Spring bank holiday", notes: "" },
  { date: "2028-08-28", title: "Summer bank holiday", notes: "" },
  { date: "2028-12-25", title: "Christmas Day", notes: "" },
  { date: "2028-12-26", title: "Boxing Day", notes: "" },
  { date: "2029-01-01", title: "New Year’s Day", notes: "" },
  { date: "2029-03-30", title: "Good Friday", notes: "" },
  { date: "2029-04-02", title: "Easter Monday", notes: "" },
  { date: "2029-05-07", title: "Early May bank holiday", notes: "" },
  { date: "2029-05-28", title: "Spring bank holiday", notes: "" },
  { date: "2029-08-27", title: "Summer bank holiday", notes: "" },
  { date: "2029-12-25", title: "Christmas Day", notes: "" },
  { date: "2029-12-26", title: "Boxing Day", notes: "" },
  { date: "2030-01-01", title: "New Year’s Day", notes: "" },
  { date: "2030-04-19", title: "Good Friday", notes: "" },
  { date: "2030-04-22", title: "Easter Monday", notes: "" },
  { date: "2030-05-06", title: "Early May bank holiday", notes: "" },
  { date: "2030-05-27", title: "Spring bank holiday", notes: "" },
  { date: "2030-08-26", title: "Summer bank holiday", notes: "" },
  { date: "2030-12-25", title: "Christmas Day", notes: "" },
  { date: "2030-12-26", title: "Boxing Day", notes: "" },
];

const SHIPPED = new Set(ENGLAND_AND_WALES_BANK_HOLIDAYS.map((holiday) => holiday.date));
const SHIPPED_YEARS = new Set(ENGLAND_AND_WALES_BANK_HOLIDAYS.map((holiday) => Number(holiday.date.slice(0, 4))));

const pad = (value: number) => String(value).padStart(2, "0");
const ukDate = (utc: Date): UkDate => `${utc.getUTCFullYear()}-${pad(utc.getUTCMonth() + 1)}-${pad(utc.getUTCDate())}`;
const asUtc = (day: UkDate): Date => new Date(`${day}T00:00:00Z`);
const plusDays = (day: UkDate, days: number): UkDate => ukDate(new Date(asUtc(day).getTime() + days * 86_400_000));
/** Sunday 0 … Saturday 6. */
const weekday = (day: UkDate) => asUtc(day).getUTCDay();

/** Easter Sunday of a year (the Anonymous Gregorian algorithm). */
function easterSunday(year: number): UkDate {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** The Monday on or after a day. */
const mondayFrom = (day: UkDate) => plusDays(day, (8 - weekday(day)) % 7);
/** The last Monday of a month. */
const lastMonday = (year: number, month: number) => {
  const last = ukDate(new Date(Date.UTC(year, month, 0)));
  return plusDays(last, -((weekday(last) + 6) % 7));
};

/**
 * A year's England and Wales bank holidays by the standing rules (no one-off holidays): for years the
 * shipped list does not cover, and to check the list in the tests.
 */
export function ruleBankHolidays(year: number): UkDate[] {
  const easter = easterSunday(year);
  const newYear = `${year}-01-01`;
  const christmas = `${year}-12-25`;
  // Christmas on a Saturday: Christmas moves to Monday and Boxing Day (a Sunday) to Tuesday; on a Sunday,
  // Boxing Day keeps Monday and Christmas takes Tuesday; Boxing Day alone on a Saturday moves to Monday.
  const christmasDays: Record<number, [UkDate, UkDate]> = {
    6: [plusDays(christmas, 2), plusDays(christmas, 3)],
    0: [plusDays(christmas, 2), plusDays(christmas, 1)],
    5: [christmas, plusDays(christmas, 3)],
  };
  const [christmasDay, boxingDay] = christmasDays[weekday(christmas)] ?? [christmas, plusDays(christmas, 1)];
  return [
    [0, 6].includes(weekday(newYear)) ? mondayFrom(newYear) : newYear,
    plusDays(easter, -2),
    plusDays(easter, 1),
    mondayFrom(`${year}-05-01`),
    lastMonday(year, 5),
    lastMonday(year, 8),
    christmasDay,
    boxingDay,
  ];
}

const ruleCache = new Map<number, Set<UkDate>>();

/** Whether a UK day is an England and Wales bank holiday (the shipped list, or the rules beyond it). */
export function isBankHoliday(day: UkDate): boolean {
  const year = Number(day.slice(0, 4));
  if (SHIPPED_YEARS.has(year)) return SHIPPED.has(day);
  let rules = ruleCache.get(year);
  if (!rules) ruleCache.set(year, (rules = new Set(ruleBankHolidays(year))));
  return rules.has(day);
}

/** A UK business day: Monday to Friday, and not an England and Wales bank holiday. */
export function isUkBusinessDay(day: UkDate): boolean {
  return ![0, 6].includes(weekday(day)) && !isBankHoliday(day);
}

/** The `n`th UK business day after `day` (n ≥ 1; `day` itself never counts). */
export function addUkBusinessDays(day: UkDate, n: number): UkDate {
  let current = day;
  for (let counted = 0; counted < n; ) {
    current = plusDays(current, 1);
    if (isUkBusinessDay(current)) counted++;
  }
  return current;
}

/** The UK calendar day an instant falls on. */
export function ukDateOf(instant: Date): UkDate {
  return ukDate(londonClock(instant));
}

/** Payouts are made from this UK wall-clock hour on their day. */
export const PAYOUT_HOUR = 9;

/**
 * When an event's payouts fall due (D23): 09:00 UK time on the 7th UK business day after the UK day the
 * event ends (its end time, or its start plus the default duration).
 */
export function payoutDueAt(event: EventTimes): Date {
  const day = addUkBusinessDays(ukDateOf(eventEndsAt(event)), PAYOUT_BUSINESS_DAYS);
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return londonWallTimeToDate({ year, month, day: date, hour: PAYOUT_HOUR, minute: 0 })!;
}
