import type { TicketTypeView } from "@domain";

/** A choice of what to wait for: a type's id, or "" for any type. */
export interface JoinOption {
  value: string;
  label: string;
}

/**
 * What a buyer may join the waiting list for (issue 37, D25): each shown type on sale but sold out, and
 * "Any ticket type" when every type (or the event) is sold out. An event of one type waits for that type;
 * an event sold out with no types of its own waits for any ticket. The server checks it all again.
 */
export function joinOptions(event: { remaining: number | null; ticketTypes: readonly TicketTypeView[] }): JoinOption[] {
  const selling = event.ticketTypes.filter((type) => type.salesState === "on-sale");
  const soldOut = selling.filter((type) => type.remaining === 0);
  const all = event.remaining === 0 || (selling.length > 0 && soldOut.length === selling.length);
  if (event.ticketTypes.length === 0) return all ? [{ value: "", label: "Any ticket" }] : [];
  const options = soldOut.map((type) => ({ value: type.id, label: type.name }));
  return all && event.ticketTypes.length > 1 ? [...options, { value: "", label: "Any ticket type" }] : options;
}
