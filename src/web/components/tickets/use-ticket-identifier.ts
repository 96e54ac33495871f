import { useRef, useState, type ChangeEvent } from "react";

type Checked = { identifier: string } | { error: string };

/**
 * The field where a booking ID, ticket code or payment session ID is typed (the resend and e-mail test
 * pages, the dashboard's ticket viewer and resender). `take()` checks it with the page's own rule: the
 * identifier to use, or the rule's message, shown under the field, which gets the focus.
 */
export function useTicketIdentifier(check: (typed: string) => Checked, initial: { typed?: string; error?: string | null } = {}) {
  const [typed, setTyped] = useState(initial.typed ?? "");
  const [error, setError] = useState<string | null>(initial.error ?? null);
  const ref = useRef<HTMLInputElement>(null);

  function take(): Checked {
    const checked = check(typed);
    if ("error" in checked) {
      setError(checked.error);
      ref.current?.focus();
    } else {
      setError(null);
    }
    return checked;
  }

  /** Spread on the field's <Input>: typing clears the message. */
  const inputProps = {
    ref,
    value: typed,
    autoComplete: "off",
    spellCheck: false,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      setTyped(event.target.value);
      if (error) setError(null);
    },
  };

  return { typed, error, take, inputProps };
}
