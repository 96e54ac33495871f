import { dateOfBirthProblem, mayAttend, tooYoungMessage } from "@domain";
import type { AgeLimitedEvent } from "../use-date-of-birth";

const PROBLEMS = {
  missing: "Please enter your date of birth.",
  invalid: "Please enter your real date of birth.",
  "too-young": "You must be at least 13 years old.",
} as const;

/** What is wrong with a date of birth typed at checkout for these events, as the server would refuse it (issue 34); null if nothing. */
export function dateOfBirthError(value: string, events: readonly AgeLimitedEvent[]): string | null {
  const problem = dateOfBirthProblem(value);
  if (problem) return PROBLEMS[problem];
  const tooYoungFor = events.find((event) => event.minAge != null && !mayAttend(value, event.minAge, event.dateTime));
  return tooYoungFor ? tooYoungMessage(tooYoungFor.minAge!, tooYoungFor.title) : null;
}
