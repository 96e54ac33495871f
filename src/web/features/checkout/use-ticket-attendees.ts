import { useRef, useState } from "react";
import { attendeeEmailProblem, attendeeNameProblem, type LineAttendee } from "@domain";

/** One of tickets 2 to N as the buyer fills it in (issue 36); ticket 1 is the buyer's own, in the name field above. */
export interface OtherTicket {
  /** "Same as mine": the ticket carries the buyer's name, and its name field is disabled. */
  same: boolean;
  name: string;
  email: string;
}

export interface OtherTicketErrors {
  name?: string;
  email?: string;
}

// Each other ticket starts in the buyer's name ("Same as mine" ticked): naming it is one untick away, and a
// buyer of several tickets for their own group is not made to type their name again and again.
const blank: OtherTicket = { same: true, name: "", email: "" };

export interface TicketAttendeesFieldProps {
  /** Tickets 2 to N of the order, in order. */
  tickets: OtherTicket[];
  errors: OtherTicketErrors[];
  /** The buyer's name, which "Same as mine" puts on a ticket. */
  buyerName: string;
  onChange: (index: number, next: Partial<OtherTicket>) => void;
  fieldRefs: React.RefObject<Map<string, HTMLInputElement>>;
}

/**
 * The other tickets of a Buy Now (issue 36): a name for each, or "Same as mine", and an optional e-mail to
 * which that attendee gets their own ticket; checked as the server checks them (domain/attendee-name.ts).
 */
export function useTicketAttendees() {
  const [entered, setEntered] = useState<OtherTicket[]>([]);
  const [errors, setErrors] = useState<OtherTicketErrors[]>([]);
  const fieldRefs = useRef(new Map<string, HTMLInputElement>());

  /** Tickets 2 to `quantity`: what was typed for each, kept when the quantity goes down and up again. */
  const others = (quantity: number) => Array.from({ length: Math.max(0, quantity - 1) }, (_, index) => entered[index] ?? blank);

  /**
   * Every ticket's attendee for `quantity` tickets, the first in `buyerName`; undefined when every ticket is
   * simply the buyer's (the order's attendeeName names them all); null after showing what is wrong and
   * moving focus to the first field at fault.
   */
  function checkedAttendees(buyerName: string, quantity: number): LineAttendee[] | undefined | null {
    const tickets = others(quantity);
    const found: OtherTicketErrors[] = tickets.map((ticket) => {
      const name = ticket.same ? null : attendeeNameProblem(ticket.name.trim());
      const email = ticket.email.trim() ? attendeeEmailProblem(ticket.email.trim()) : null;
      return { ...(name ? { name } : {}), ...(email ? { email } : {}) };
    });
    setErrors(found);
    const first = found.findIndex((problem) => problem.name || problem.email);
    if (first >= 0) {
      fieldRefs.current.get(`${first}-${found[first]!.name ? "name" : "email"}`)?.focus();
      return null;
    }
    const attendees: LineAttendee[] = [
      { name: buyerName },
      ...tickets.map((ticket) => {
        const email = ticket.email.trim();
        return { name: ticket.same ? buyerName : ticket.name.trim(), ...(email ? { email } : {}) };
      }),
    ];
    return attendees.every((attendee) => attendee.name === buyerName && !attendee.email) ? undefined : attendees;
  }

  function field(quantity: number, buyerName: string): TicketAttendeesFieldProps {
    return {
      tickets: others(quantity),
      errors,
      buyerName,
      fieldRefs,
      onChange: (index, next) => {
        setEntered((before) => {
          const after = Array.from({ length: Math.max(before.length, index + 1) }, (_, i) => before[i] ?? blank);
          after[index] = { ...after[index]!, ...next };
          return after;
        });
        // The field changed is no longer at fault.
        const cleared: keyof OtherTicketErrors = "email" in next ? "email" : "name";
        setErrors((before) => before.map((problem, i) => (i === index ? { ...problem, [cleared]: undefined } : problem)));
      },
    };
  }

  return { field, checkedAttendees };
}
