import { useId } from "react";
import { ATTENDEE_EMAIL_MAX, ATTENDEE_NAME_MAX } from "@domain";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import type { TicketAttendeesFieldProps } from "../use-ticket-attendees";

/**
 * Tickets 2 to N of a checkout (issue 36), each its own fieldset: the attendee's name, or "Same as mine"
 * (which puts the buyer's name on it), and their e-mail, optional, to which they get their own ticket.
 */
export function TicketAttendeesFields({ tickets, errors, buyerName, onChange, fieldRefs, disabled }: TicketAttendeesFieldProps & { disabled?: boolean }) {
  const id = useId();
  if (tickets.length === 0) return null;
  const keep = (key: string) => (element: HTMLInputElement | null) => {
    if (element) fieldRefs.current.set(key, element);
    else fieldRefs.current.delete(key);
  };
  return (
    <div className="flex flex-col gap-4">
      {tickets.map((ticket, index) => {
        const number = index + 2;
        const base = `${id}-ticket-${number}`;
        return (
          <fieldset key={number} className="flex flex-col gap-3 rounded-xl border border-border p-4">
            <legend className="px-1 text-sm font-bold text-ink">Ticket {number}</legend>
            <label htmlFor={`${base}-same`} className="flex cursor-pointer items-center gap-3 text-sm">
              <input
                id={`${base}-same`}
                type="checkbox"
                checked={ticket.same}
                disabled={disabled}
                onChange={(event) => onChange(index, { same: event.target.checked })}
                className="size-5 shrink-0 cursor-pointer rounded accent-brand-600"
              />
              Same as mine
            </label>
            <Field id={`${base}-name`} label={`Name on ticket ${number}`} error={ticket.same ? null : errors[index]?.name}>
              <Input
                ref={keep(`${index}-name`)}
                type="text"
                autoComplete="off"
                maxLength={ATTENDEE_NAME_MAX * 2}
                required={!ticket.same}
                value={ticket.same ? buyerName : ticket.name}
                disabled={disabled || ticket.same}
                onChange={(event) => onChange(index, { name: event.target.value })}
              />
            </Field>
            <Field id={`${base}-email`} label="Their e-mail (optional)" hint="They get their own ticket." error={errors[index]?.email}>
              <Input
                ref={keep(`${index}-email`)}
                type="email"
                autoComplete="off"
                maxLength={ATTENDEE_EMAIL_MAX}
                value={ticket.email}
                disabled={disabled}
                onChange={(event) => onChange(index, { email: event.target.value })}
              />
            </Field>
          </fieldset>
        );
      })}
    </div>
  );
}
