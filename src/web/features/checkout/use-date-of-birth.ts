import { useEffect, useRef, useState } from "react";
import { dateOfBirthProblem, mayAttend, tooYoungMessage } from "@domain";
import { ApiRequestError } from "~/lib/api-request";

export interface DateOfBirthFieldProps {
  value: string;
  onValueChange: (value: string) => void;
  error: string | null;
  inputRef: React.RefObject<HTMLInputElement | null>;
}

/** An event of the checkout, as far as its age limit goes (issue 34). */
export interface AgeLimitedEvent {
  title: string;
  dateTime: string;
  minAge: number | null | undefined;
}

const PROBLEMS = {
  missing: "Please enter your date of birth.",
  invalid: "Please enter your real date of birth.",
  "too-young": "You must be at least 13 years old.",
} as const;

/**
 * The buyer's date of birth, asked for at checkout only when an age-limited event needs it and the
 * account has none (the server refuses with DATE_OF_BIRTH_NEEDED, issue 34). Sent with the next try,
 * the server keeps it on the account, so it is asked once. Checked as the server checks it.
 */
export function useDateOfBirth() {
  const [needed, setNeeded] = useState(false);
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (needed) inputRef.current?.focus();
  }, [needed]);

  /** The date to send: undefined when none is asked for; null after showing what is wrong with it. */
  function checkedDateOfBirth(events: readonly AgeLimitedEvent[]): string | undefined | null {
    if (!needed) return undefined;
    const problem = dateOfBirthProblem(value);
    const tooYoungFor = problem ? undefined : events.find((event) => event.minAge != null && !mayAttend(value, event.minAge, event.dateTime));
    const message = problem ? PROBLEMS[problem] : tooYoungFor ? tooYoungMessage(tooYoungFor.minAge!, tooYoungFor.title) : null;
    setError(message);
    if (message) {
      inputRef.current?.focus();
      return null;
    }
    return value;
  }

  /** Whether a refused checkout asks for the date of birth; if so, the field appears. */
  function askedFor(refusal: unknown): boolean {
    if (!(refusal instanceof ApiRequestError && refusal.code === "DATE_OF_BIRTH_NEEDED")) return false;
    setNeeded(true);
    inputRef.current?.focus();
    return true;
  }

  const field: DateOfBirthFieldProps | null = needed
    ? {
        value,
        onValueChange: (next) => {
          setValue(next);
          setError(null);
        },
        error,
        inputRef,
      }
    : null;
  return { field, checkedDateOfBirth, askedFor };
}
