import { CalendarDays, MapPin, Ticket, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { allInPrice, formatEventDate, formatEventTime, formatPounds } from "@domain";
import { AgeLimitBadge } from "~/components/age-limit-badge";
import { Button } from "~/components/ui/button";
import { paths } from "~/paths";
import { cartLineTitle, lineTotal, type CartItem } from "./cart-lines";
import { CartQuantityControl } from "./cart-quantity-control";

/**
 * One cart line: title, its ticket type when the event sells several (issue 36), date, location, quantity
 * control, line total and remove (spec §2 Cart), then its tickets' attendees (issue 36).
 */
export function CartLine({
  item,
  max,
  onQuantityChange,
  onRemove,
  children,
}: {
  item: CartItem;
  /** The most the line may hold (its type's limits, the event's across its lines). */
  max?: number;
  onQuantityChange: (quantity: number) => void;
  onRemove: () => void;
  /** Who each ticket is for and the organiser's questions (issue 36), when signed in. */
  children?: ReactNode;
}) {
  const title = cartLineTitle(item);
  const date = formatEventDate(item.eventDate);
  const time = formatEventTime(item.eventDate);
  // Each ticket's all-in price (D21) and what it is made of: the ticket and the booking fee the buyer pays.
  const price = allInPrice({ pricePence: item.ticketPricePence, absorbsBookingFee: item.absorbsBookingFee });
  return (
    <li className="rounded-2xl border border-border bg-white p-5 shadow-sm">
      <div className="flex items-start justify-between gap-3">
        <h2 className="min-w-0 text-lg font-bold leading-snug">
          <Link to={paths.event(item.eventId)} className="break-words hover:text-brand-700 hover:underline underline-offset-4">
            {item.eventTitle}
          </Link>
        </h2>
        <Button
          type="button"
          variant={null}
          size="icon"
          className="-mr-2 -mt-2 shrink-0 text-muted hover:bg-red-50 hover:text-red-700"
          aria-label={`Remove ${title} from cart`}
          onClick={onRemove}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
      {item.ticketTypeName && (
        <p className="mt-1 flex items-center gap-2 text-sm font-semibold text-ink">
          <Ticket className="size-4 shrink-0 text-brand-600" aria-hidden="true" />
          <span className="min-w-0 break-words">
            <span className="sr-only">Ticket type: </span>
            {item.ticketTypeName}
          </span>
        </p>
      )}
      <ul className="mt-2 flex flex-col gap-1.5 text-sm text-muted sm:flex-row sm:flex-wrap sm:gap-x-5">
        {date && (
          <li className="flex items-center gap-2">
            <CalendarDays className="size-4 shrink-0 text-brand-600" aria-hidden="true" />
            <span>
              {date}
              {time && <>, {time}</>}
            </span>
          </li>
        )}
        {item.eventLocation && (
          <li className="flex items-center gap-2">
            <MapPin className="size-4 shrink-0 text-brand-600" aria-hidden="true" />
            <span className="min-w-0 break-words">{item.eventLocation}</span>
          </li>
        )}
        {item.minAge != null && (
          <li className="flex items-center gap-2">
            <AgeLimitBadge minAge={item.minAge} />
          </li>
        )}
      </ul>
      <div className="mt-4 flex flex-wrap items-end justify-between gap-4 border-t border-border pt-4">
        <CartQuantityControl title={title} quantity={item.ticketQuantity} max={max} onChange={onQuantityChange} />
        <div className="text-right">
          <p className="text-lg font-extrabold tabular-nums">{formatPounds(lineTotal(item))}</p>
          <p className="text-xs text-muted">
            {price.priceText} per ticket
            {price.feePence > 0 ? (
              <span className="block">
                ticket {formatPounds(item.ticketPricePence)} + booking &amp; processing fee {formatPounds(price.feePence)}
              </span>
            ) : (
              price.feeText && <span className="block">{price.feeText}</span>
            )}
          </p>
        </div>
      </div>
      {children}
    </li>
  );
}
