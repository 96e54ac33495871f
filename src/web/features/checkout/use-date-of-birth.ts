import { createElement, lazy, Suspense, useEffect, useRef, useState } from "react";
import { ApiRequestError } from "~/lib/api-request";

export interface DateOfBirthFieldProps {
  value: string;
  onValueChange: (value: string) => void;
  error: string | null;
  inputRef: React.RefObject<HTMLInputElement | null>;
}

// The field and its rules load only once a checkout asks for a date of birth (most events have no age limit).
const LazyDateOfBirthField = lazy(() => import("./components/date-of-birth-field").then((module) => ({ default: module.DateOfBirthField })));

/** The date-of-birth field, loaded when first shown. */
export function AskedDateOfBirthField(props: DateOfBirthFieldProps & { disabled?: boolean }) {
  return createElement(Suspense, { fallback: null }, createElement(LazyDateOfBirthField, props));
}

/** An event of the checkout, as far as its age limit goes (issue 34). */
export interface AgeLimitedEvent {
  title: string;
  dateTime: string;
  minAge: number | null | undefined;
}

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

  /**
   * The date to send: undefined when none is asked for; null after showing what is wrong with it. The
   * check loads only once a date is asked for: most events have no age limit, and their pages skip it.
   */
  async function checkedDateOfBirth(events: readonly AgeLimitedEvent[]): Promise<string | undefined | null> {
    if (!needed) return undefined;
    const { dateOfBirthError } = await import("./lib/date-of-birth-check");
    const message = dateOfBirthError(value, events);
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
