import { ageInFullYears, ukToday } from "./accounts";
import { minAgeLabel } from "./age-limit-labels";

/** The minimum ages an event may set (issue 34, decisions.md D28); null means none. */
export const MIN_AGES = [14, 16, 18, 21] as const;
export type MinAge = (typeof MIN_AGES)[number];

export function isMinAge(value: unknown): value is MinAge {
  return MIN_AGES.includes(value as MinAge);
}

/** What the door sees on an admitted ticket of an age-limited event. */
export const doorAgeCheck = (minAge: MinAge | number): string => `${minAgeLabel(minAge)}: check ID`;

/** The create/edit form's choices ("None" is the empty value). */
export const MIN_AGE_OPTIONS: { value: string; label: string }[] = [{ value: "", label: "None" }, ...MIN_AGES.map((age) => ({ value: String(age), label: minAgeLabel(age) }))];

/**
 * Age in whole years on a UK calendar date ('YYYY-MM-DD'), or null for an invalid date. A person attains
 * an age at the start of the anniversary of their birth (Family Law Reform Act 1969 s.9 in England and
 * Wales; Age of Legal Capacity (Scotland) Act 1991 s.6); someone born on 29 February attains it on
 * 1 March in a year without one (the 1991 Act s.6(2) says so; English law counts it the same way).
 */
export function ageOn(dateOfBirth: string, ukDate: string): number | null {
  return ageInFullYears(dateOfBirth, ukDate);
}

/** Whether someone born on `dateOfBirth` is old enough for an event with `minAge` on its UK date. */
export function mayAttend(dateOfBirth: string, minAge: number | null, eventDateTime: Date | string): boolean {
  if (minAge === null) return true;
  const age = ageOn(dateOfBirth, ukToday(new Date(eventDateTime)));
  return age !== null && age >= minAge;
}

/** Why create-payment refuses a buyer for an age-limited event (the checkout recognises the reason). */
export const AGE_LIMIT_REASONS = { tooYoung: "TOO_YOUNG", dateOfBirthNeeded: "DATE_OF_BIRTH_NEEDED" } as const;

export const tooYoungMessage = (minAge: number, title: string) => `You must be ${minAge} or over to book tickets for ${title}.`;

export const dateOfBirthNeededMessage = (title: string) => `${title} has an age limit: please give your date of birth to book tickets.`;

/** Whether an edit makes an event's age limit stricter (none counts as 0). */
export const raisesAgeLimit = (from: number | null, to: number | null): boolean => (to ?? 0) > (from ?? 0);
