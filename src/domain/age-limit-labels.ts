/*
 * How an age limit reads (issue 34). Apart from the limits' rules (age-limits.ts) because every event card
 * shows the badge, so these two lines are all of them that every page loads.
 */

/** The short label on badges and tickets: "18+". */
export const minAgeLabel = (minAge: number): string => `${minAge}+`;

/** What the short label means, for screen readers and the refusal: "Ages 18 and over only". */
export const minAgeDescription = (minAge: number): string => `Ages ${minAge} and over only`;
