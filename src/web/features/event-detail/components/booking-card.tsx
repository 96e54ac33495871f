import { CircleAlert, Info, Minus, Plus, ShoppingCart, Ticket } from "lucide-react";
import { useId, useState } from "react";
import { BOOKING_FEE_PENCE, BOOKING_FEE_TEXT, cartTotals, formatPounds, ticketTotal } from "@domain";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Input, Label } from "~/components/ui/input";
import { cn } from "~/lib/cn";
import { normaliseQuantity, unavailableNotice, type SaleState } from "../lib/sale-state";

// Checkout arrives in a later issue: the buttons stay disabled and say so rather than pretend to work.
const SALES_NOT_OPEN = "Online ticket sales open soon";

/** Paid events: 'Book Your Tickets' with quantity, live total, Buy Now and Add to Cart (spec §2 Event detail). */
export function BookingCard({
  pricePence,
  remaining,
  state,
  status,
}: {
  pricePence: number;
  remaining: number | null;
  state: SaleState;
  status: string;
}) {
  const id = useId();
  const [rawQuantity, setRawQuantity] = useState("1");
  const canChooseQuantity = state === "available";
  const quantity = normaliseQuantity(rawQuantity, remaining);
  const total = ticketTotal(pricePence, quantity);
  const { subtotal, fees } = cartTotals([{ ticketPricePence: pricePence, quantity }]);
  const atMax = remaining != null && quantity >= remaining;
  const noteId = `${id}-note`;

  return (
    <Card className="overflow-hidden">
      <div className="bg-gradient-to-br from-brand-700 to-brand-900 px-6 py-5 text-white">
        <h2 className="flex items-center gap-2 text-lg font-bold">
          <Ticket className="size-5" aria-hidden="true" />
          Book Your Tickets
        </h2>
        <p className="mt-3 flex items-baseline gap-1.5">
          <span className="text-3xl font-extrabold tracking-tight">{formatPounds(pricePence)}</span>
          <span className="text-sm text-brand-100">per ticket</span>
        </p>
        <p className="mt-1 text-xs text-brand-100">{BOOKING_FEE_TEXT}</p>
      </div>

      <div className="flex flex-col gap-5 p-6">
        {canChooseQuantity && (
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-quantity`}>Ticket quantity</Label>
            <div className="flex items-center gap-2">
              <Button
                type="button"
                variant="outline"
                size="icon"
                className="h-11 w-11 shrink-0"
                aria-label="One ticket fewer"
                disabled={quantity <= 1}
                onClick={() => setRawQuantity(String(Math.max(1, quantity - 1)))}
              >
                <Minus aria-hidden="true" />
              </Button>
              <Input
                id={`${id}-quantity`}
                type="number"
                inputMode="numeric"
                min={1}
                max={remaining ?? undefined}
                step={1}
                value={rawQuantity}
                onChange={(event) => setRawQuantity(event.target.value)}
                onBlur={() => setRawQuantity(String(normaliseQuantity(rawQuantity, remaining)))}
                className="text-center text-base font-semibold"
              />
              <Button
                type="button"
                variant="outline"
                size="icon"
                className="h-11 w-11 shrink-0"
                aria-label="One ticket more"
                disabled={atMax}
                onClick={() => setRawQuantity(String(normaliseQuantity(String(quantity + 1), remaining)))}
              >
                <Plus aria-hidden="true" />
              </Button>
            </div>
            {remaining != null && (
              <p className="text-xs text-muted">
                {remaining} {remaining === 1 ? "ticket" : "tickets"} left
              </p>
            )}
          </div>
        )}

        {canChooseQuantity && (
          <dl className="grid gap-2 rounded-xl bg-surface p-4 text-sm">
            <div className="flex justify-between gap-4">
              <dt className="text-muted">
                {quantity} × {formatPounds(pricePence)}
              </dt>
              <dd className="font-medium">{formatPounds(subtotal)}</dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt className="text-muted">
                Booking &amp; processing fee
                <span className="block text-xs">
                  {quantity} × {formatPounds(BOOKING_FEE_PENCE)}
                </span>
              </dt>
              <dd className="font-medium">{formatPounds(fees)}</dd>
            </div>
            <div className="mt-1 flex justify-between gap-4 border-t border-border pt-3 text-base">
              <dt id={`${id}-total`} className="font-bold">
                Total
              </dt>
              <dd className="font-extrabold">
                <output htmlFor={`${id}-quantity`} aria-labelledby={`${id}-total`}>
                  {formatPounds(total)}
                </output>
              </dd>
            </div>
          </dl>
        )}

        <div className="flex flex-col gap-2.5">
          <Button size="lg" disabled aria-describedby={noteId}>
            Buy Now
          </Button>
          <Button size="lg" variant="outline" disabled aria-describedby={noteId}>
            <ShoppingCart aria-hidden="true" />
            Add to Cart
          </Button>
        </div>

        <p
          id={noteId}
          className={cn(
            "flex items-start gap-2 rounded-xl px-4 py-3 text-sm font-semibold",
            state === "sold-out" ? "bg-red-50 text-red-800" : state === "available" ? "bg-brand-50 text-brand-800" : "bg-surface text-ink",
          )}
        >
          {state === "available" ? (
            <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          ) : (
            <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          )}
          {unavailableNotice(state, status) ?? SALES_NOT_OPEN}
        </p>
      </div>
    </Card>
  );
}
