import { UsersRound } from "lucide-react";
import { useEffect, useRef } from "react";
import type { TicketAttendeesFieldProps } from "../use-ticket-attendees";
import { TicketAttendeesFields } from "./ticket-attendees-fields";

/**
 * A cart line's tickets (issue 36), under the line: open when the organiser asks questions on its type;
 * otherwise every ticket is in the buyer's name until they choose "Name each ticket" (a cart is a list of
 * lines, and most are bought for the buyer's own group). Grouped as "Attendees for" the line, so "Ticket 2" is
 * told apart from another line's.
 */
export function LineTicketsFields({ title, fields, disabled }: { title: string; fields: TicketAttendeesFieldProps; disabled?: boolean }) {
  const group = useRef<HTMLFieldSetElement>(null);
  const opening = useRef(false);
  // The button is gone once the fields show: focus moves to the first of them rather than to the page.
  useEffect(() => {
    if (!opening.current || !fields.open) return;
    opening.current = false;
    group.current?.querySelector<HTMLElement>("input:not(:disabled), select:not(:disabled)")?.focus();
  }, [fields.open]);

  const quantity = fields.tickets.length;
  // One ticket that is the buyer's own, with nothing asked: the name field names it.
  if (fields.questions.length === 0 && quantity <= (fields.buyerFirst ? 1 : 0)) return null;
  if (!fields.open) {
    return (
      <p className="mt-3 flex flex-wrap items-center justify-between gap-x-3 gap-y-1 text-sm text-muted">
        {quantity === 1 ? "The ticket is in your name." : quantity === 2 ? "Both tickets are in your name." : `All ${quantity} tickets are in your name.`}
        <button
          type="button"
          disabled={disabled}
          onClick={() => {
            opening.current = true;
            fields.onOpen();
          }}
          className="inline-flex min-h-11 items-center gap-1.5 rounded-lg font-semibold text-brand-700 underline-offset-4 hover:underline disabled:opacity-60"
        >
          <UsersRound className="size-4" aria-hidden="true" />
          Name each ticket<span className="sr-only"> for {title}</span>
        </button>
      </p>
    );
  }
  return (
    <fieldset ref={group} className="mt-4">
      {/* The line's rule is the legend's own: on the fieldset, the legend would break it. */}
      <legend className="mb-3 w-full border-t border-border pt-4 text-sm font-bold text-ink">
        Attendees<span className="sr-only"> for {title}</span>
      </legend>
      {fields.buyerFirst && fields.questions.length === 0 && <p className="mb-3 text-sm text-muted">Ticket 1 is yours: it carries your name.</p>}
      <TicketAttendeesFields {...fields} disabled={disabled} />
    </fieldset>
  );
}
