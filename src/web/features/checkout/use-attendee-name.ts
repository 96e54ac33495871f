import { useRef, useState } from "react";
import { attendeeNameProblem } from "@domain";
import { useSessionUser } from "~/hooks/use-session-user";

export interface AttendeeNameFieldProps {
  name: string;
  onNameChange: (name: string) => void;
  error: string | null;
  inputRef: React.RefObject<HTMLInputElement | null>;
}

/**
 * The name this tab last sent to a checkout, per account: the session user read by the root loader is
 * not read again on a plain navigation, so without this the next page would offer the older name.
 */
let sentThisVisit: { userId: string; name: string } | null = null;

/**
 * The attendee's name for a checkout (issue 17, decision 021): offered from the account (the name it
 * last typed, else its display name) and checked as the server checks it before a checkout starts.
 */
export function useAttendeeName() {
  const user = useSessionUser();
  const [name, setName] = useState(() => (user && sentThisVisit?.userId === user.id ? sentThisVisit.name : (user?.checkoutName ?? "")));
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  /** The trimmed name, or null after showing what is wrong with it and moving focus to the field. */
  function checkedName(): string | null {
    const trimmed = name.trim();
    const problem = attendeeNameProblem(trimmed);
    setError(problem);
    if (problem) {
      inputRef.current?.focus();
      return null;
    }
    if (user) sentThisVisit = { userId: user.id, name: trimmed };
    return trimmed;
  }

  const field: AttendeeNameFieldProps = {
    name,
    onNameChange: (next) => {
      setName(next);
      setError(null);
    },
    error,
    inputRef,
  };
  return { field, checkedName };
}
