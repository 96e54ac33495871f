import { ArrowRight, Loader2, Lock } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { formatPounds, type CartTotals } from "@domain";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { paths } from "~/paths";

/** Order summary: the split of the all-in total (D21: tickets, booking fee, total), and 'Proceed to Checkout' (spec §2 Cart, decisions.md D6). */
export function CartSummary({
  totals,
  checkingOut,
  attendeeField,
  sellers,
  codeField,
  onCheckout,
}: {
  totals: CartTotals;
  checkingOut: boolean;
  /** Who sells the tickets (issue 34), said before Proceed to Checkout. */
  sellers?: ReactNode;
  /** The attendee's name field (issue 17), when signed in. */
  attendeeField?: ReactNode;
  /** "Have a code?" (issue 37). */
  codeField?: ReactNode;
  onCheckout: () => void;
}) {
  const tickets = `${totals.itemCount} ${totals.itemCount === 1 ? "ticket" : "tickets"}`;
  return (
    <Card className="p-6 lg:sticky lg:top-24">
      <h2 className="text-lg font-bold">Order Summary</h2>
      <dl className="mt-4 grid gap-3 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-muted">Subtotal ({tickets})</dt>
          <dd className="font-medium tabular-nums">{formatPounds(totals.subtotal)}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-muted">Booking &amp; processing fee</dt>
          <dd className="font-medium tabular-nums">{formatPounds(totals.fees)}</dd>
        </div>
        <div className="mt-1 flex justify-between gap-4 border-t border-border pt-4 text-base">
          <dt className="font-bold">Total</dt>
          <dd className="text-xl font-extrabold tabular-nums">{formatPounds(totals.total)}</dd>
        </div>
      </dl>
      {codeField}
      {sellers}
      {attendeeField && <div className="mt-6">{attendeeField}</div>}
      <Button size="lg" className="mt-6 w-full" disabled={checkingOut} aria-busy={checkingOut || undefined} onClick={onCheckout}>
        {checkingOut ? (
          <>
            <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
            Starting checkout...
          </>
        ) : (
          <>
            Proceed to Checkout
            <ArrowRight aria-hidden="true" />
          </>
        )}
      </Button>
      <p className="mt-3 flex items-start gap-2 text-xs text-muted">
        <Lock className="mt-px size-3.5 shrink-0" aria-hidden="true" />
        Prices and availability are confirmed at checkout. Each event gets its own booking and ticket.
      </p>
      <Link to={paths.events()} className="mt-4 block text-center text-sm font-semibold text-brand-700 underline-offset-4 hover:underline">
        Continue shopping
      </Link>
    </Card>
  );
}
