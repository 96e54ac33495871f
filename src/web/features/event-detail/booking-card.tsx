import { CircleAlert, IdCard, Loader2, ShieldCheck, ShoppingCart, Ticket } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { allInPrice, minAgeDescription, type TicketTypeView } from "@domain";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { cn } from "~/lib/cn";
import { unavailableNotice, type SaleState } from "./sale-state";
import { maxTicketsFor, normaliseQuantity } from "./ticket-quantity";
import { BookingTotals } from "./booking-totals";
import { TicketQuantityField } from "./ticket-quantity-field";
import { firstOnSale, TicketTypeChooser } from "./ticket-type-chooser";

/**
 * A place the waiting list holds for this buyer (issue 37, the offer e-mail's `?offer=`): one ticket of
 * its type (null: any shown type on sale), bought even though the type is sold out to the public.
 */
export interface HeldPlace {
  ticketTypeId: string | null;
  /** "A place is held for you until …", in UK time. */
  notice: string;
}

/** The types a held place may be bought as, each on sale to this buyer with its one place. */
function typesForHeldPlace(types: readonly TicketTypeView[], held: HeldPlace): TicketTypeView[] {
  return types.map((type) => {
    const open = type.salesState === "on-sale" && (held.ticketTypeId === null || held.ticketTypeId === type.id);
    return open ? { ...type, onSale: true, remaining: 1 } : { ...type, onSale: false };
  });
}

/** The most a cart line may hold: the chosen type's places left and maximum per order (issue 36), else the event's places left. */
function cartLineMax(chosen: TicketTypeView | null, remaining: number | null): number {
  if (!chosen) return maxTicketsFor(remaining);
  return Math.min(maxTicketsFor(chosen.remaining), chosen.maxPerOrder);
}

/** Paid events: 'Book Your Tickets' with quantity, live total, Buy Now and Add to Cart (spec §2 Event detail). */
export function BookingCard({
  pricePence,
  absorbsBookingFee,
  ticketTypes: listedTypes = [],
  minAge = null,
  remaining,
  state,
  status,
  buying,
  attendeeField,
  onBuyNow,
  onAddToCart,
  held = null,
}: {
  pricePence: number;
  /** The organiser pays the booking fee (D22): the buyer pays the ticket price only. */
  absorbsBookingFee: boolean;
  /** The event's shown ticket types (issue 36): with more than one, the buyer chooses among them. */
  ticketTypes?: readonly TicketTypeView[];
  /** The event's minimum age (issue 34), null for none. */
  minAge?: number | null;
  remaining: number | null;
  state: SaleState;
  status: string;
  /** A checkout is being started. */
  buying: boolean;
  /** The attendee's name field for Buy Now (issue 17), when signed in; given the quantity, a field per ticket (issue 36). */
  /** The buyer's fields for `quantity` tickets of the type chosen (the one type when the event sells one). */
  attendeeField?: ReactNode | ((quantity: number, ticketTypeId: string | undefined) => ReactNode);
  /** The chosen ticket type's id when the event sells several (issue 36), else undefined. */
  onBuyNow: (quantity: number, ticketTypeId?: string) => void;
  /** `max` is the most the cart's line may hold; the chosen type's id when the event sells several (issue 36: a cart line per type). */
  onAddToCart: (quantity: number, max: number, ticketTypeId?: string) => void;
  /** A place held for this buyer by a waiting-list offer: one ticket, Buy Now only. */
  held?: HeldPlace | null;
}) {
  const id = useId();
  const ticketTypes = held ? typesForHeldPlace(listedTypes, held) : listedTypes;
  const [rawQuantity, setRawQuantity] = useState("1");
  // Several types: the buyer picks one, and its price and places are the card's (issue 36).
  const choosing = ticketTypes.length > 1;
  const [chosenId, setChosenId] = useState<string | null>(() => firstOnSale(ticketTypes)?.id ?? null);
  const chosen = choosing ? (ticketTypes.find((type) => type.id === chosenId && type.onSale) ?? null) : null;
  // A held place is bought while the type is sold out to everyone else.
  const open = state === "available" || (held !== null && state === "sold-out");
  const onSale = open && (!choosing || chosen !== null);
  const left = held ? 1 : chosen ? chosen.remaining : remaining;
  const quantity = normaliseQuantity(rawQuantity, left);
  const quantityId = `${id}-quantity`;
  const notice = held ? (onSale ? null : "This ticket type is no longer on sale.") : choosing && state === "available" && !chosen ? "No tickets are on sale right now." : unavailableNotice(state, status);
  const noteId = `${id}-note`;
  // One type: its price, which a buyer's code may have lowered (issue 37); the event's when it names none.
  const unitPence = chosen?.pricePence ?? (ticketTypes.length === 1 ? ticketTypes[0]!.pricePence : pricePence);
  // The all-in price (D21): what a ticket costs the buyer, with the fee it includes named.
  const price = allInPrice({ pricePence: unitPence, absorbsBookingFee });

  function tidyQuantity(): number {
    // A click can arrive before the field's blur has tidied what was typed.
    setRawQuantity(String(quantity));
    return quantity;
  }

  return (
    <Card className="overflow-hidden">
      <div className="bg-gradient-to-br from-brand-700 to-brand-900 px-6 py-5 text-white">
        <h2 className="flex items-center gap-2 text-lg font-bold">
          <Ticket className="size-5" aria-hidden="true" />
          Book Your Tickets
        </h2>
        <p className="mt-3 flex items-baseline gap-1.5">
          <span className="text-3xl font-extrabold tracking-tight">{price.priceText}</span>
          <span className="text-sm text-brand-100">per ticket</span>
        </p>
        {price.feeText && <p className="mt-1 text-xs text-brand-100">{price.feeText}</p>}
      </div>

      {minAge != null && (
        <p className="flex items-start gap-2 border-b border-border bg-surface px-6 py-3 text-sm">
          <IdCard className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden="true" />
          <span>
            <strong className="font-bold">{minAgeDescription(minAge)}.</strong> Bring photo ID: it may be checked at the door.
          </span>
        </p>
      )}

      <div className="flex flex-col gap-5 p-6">
        {held && (
          <p role="status" className="flex items-start gap-2 rounded-xl bg-emerald-50 px-4 py-3 text-sm font-semibold text-emerald-900">
            <ShieldCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {held.notice}
          </p>
        )}
        {choosing && open && <TicketTypeChooser name={`${id}-type`} types={ticketTypes} chosen={chosen?.id ?? null} onChoose={setChosenId} disabled={buying} />}
        {onSale && (
          <>
            {held ? (
              <p id={quantityId} className="text-sm font-semibold text-ink">
                Quantity: 1 ticket
              </p>
            ) : (
              <TicketQuantityField id={quantityId} raw={rawQuantity} onRawChange={setRawQuantity} remaining={left} disabled={buying} />
            )}
            <BookingTotals id={id} quantityId={quantityId} pricePence={unitPence} absorbsBookingFee={absorbsBookingFee} quantity={quantity} />
            {typeof attendeeField === "function" ? attendeeField(quantity, chosen?.id ?? ticketTypes[0]?.id) : attendeeField}
          </>
        )}

        {/* Without a named seller there is nothing to buy yet: the line below says why, instead of Buy Now (issue 34). */}
        {state !== "no-seller" && (
          <div className="flex flex-col gap-2.5">
            <Button
              size="lg"
              disabled={!onSale || buying}
              aria-describedby={notice ? noteId : undefined}
              onClick={() => onBuyNow(tidyQuantity(), chosen?.id)}
            >
              {buying && <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" />}
              {buying ? "Processing..." : "Buy Now"}
            </Button>
            {!held && (
              <Button
                size="lg"
                variant="outline"
                disabled={!onSale}
                aria-describedby={notice ? noteId : undefined}
                onClick={() => onAddToCart(tidyQuantity(), cartLineMax(chosen, remaining), chosen?.id)}
              >
                <ShoppingCart aria-hidden="true" />
                Add to Cart
              </Button>
            )}
          </div>
        )}

        {notice ? (
          <p
            id={noteId}
            className={cn(
              "flex items-start gap-2 rounded-xl px-4 py-3 text-sm font-semibold",
              state === "sold-out" || held ? "bg-red-50 text-red-800" : "bg-surface text-ink",
            )}
          >
            <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {notice}
          </p>
        ) : (
          <p className="flex items-start gap-2 text-xs text-muted">
            <ShieldCheck className="mt-px size-4 shrink-0 text-emerald-700" aria-hidden="true" />
            Secure checkout. Your places are held while you pay, and your tickets arrive by email with a QR code.
          </p>
        )}
      </div>
    </Card>
  );
}
