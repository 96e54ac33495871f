import { Trash2 } from "lucide-react";
import { type ReactNode, useRef, useState } from "react";
import { toast } from "~/lib/toast";
import { Button } from "~/components/ui/button";
import { Skeleton } from "~/components/ui/skeleton";
import { clearCart, removeFromCart, setCartQuantity, useCartItems, useStoredCartShown, writeCart, type CartItem } from "./cart-store";
import { cartEventCount, cartLineKey, cartLineTitle, cartSummary, cartTypeOf, lineLimits, withCatalogue, type CartCatalogue } from "./cart-lines";
import { CART_TOASTS } from "./cart-toasts";
import { CartEmpty } from "./cart-empty";
import { CartLine } from "./cart-line";
import { CartSummary } from "./cart-summary";
import { CartSellerList, type CartSellers } from "./cart-sellers";

function CartSkeleton() {
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_360px]" aria-hidden="true">
      <div className="flex flex-col gap-4">
        <Skeleton className="h-40" />
        <Skeleton className="h-40" />
      </div>
      <Skeleton className="h-72" />
    </div>
  );
}

/**
 * /cart (spec §2 Cart): the lines kept in this browser, a line per event and ticket type (issue 36), their
 * totals and one checkout for all of them. The server draws the lines its cookie names (`serverItems`);
 * when it could not (null), placeholders stand until the page runs and reads the browser's own cart. Each
 * line is named, priced and limited by its type as the server read it (`catalogue`).
 */
export function CartPage({
  serverItems,
  catalogue = {},
  sellers = {},
  checkingOut,
  attendeeField,
  codeField,
  lineFields,
  onCheckout,
}: {
  serverItems: CartItem[] | null;
  /** The shown ticket types of the cart's events, by event id, as the server read them. */
  catalogue?: CartCatalogue;
  /** Who sells each event, named before the buyer pays (issue 34). */
  sellers?: CartSellers;
  checkingOut: boolean;
  attendeeField?: ReactNode;
  /** The cart's "Have a code?" (issue 37), in the order summary. */
  codeField?: ReactNode;
  /** A line's tickets' attendees and answers (issue 36), given the line as shown and its place in the cart. */
  lineFields?: (item: CartItem, index: number) => ReactNode;
  onCheckout: (items: CartItem[]) => void;
}) {
  const stored = useCartItems(serverItems ?? undefined);
  // Shown as the server sells them now; changes go to the stored line (`stored[index]`), which a line saved before types may name without its type.
  const items = stored.map((item) => withCatalogue(item, catalogue));
  const known = useStoredCartShown() || serverItems !== null;
  const heading = useRef<HTMLHeadingElement>(null);
  const [announcement, setAnnouncement] = useState("");
  const totals = cartSummary(items);

  function remove(item: CartItem, line: CartItem) {
    removeFromCart(line);
    setAnnouncement(`Removed ${cartLineTitle(item)} from your cart.`);
    // The line and its buttons are gone: keep focus on the page rather than losing it to the body.
    heading.current?.focus();
  }

  function changeQuantity(item: CartItem, line: CartItem, quantity: number, min: number) {
    // Below the type's minimum per order (1 for most) the line goes (spec §4 Cart).
    if (quantity < min) return remove(item, line);
    setCartQuantity(line, quantity);
    setAnnouncement(`${cartLineTitle(item)}: ${quantity} ${quantity === 1 ? "ticket" : "tickets"}.`);
  }

  function clear() {
    const previous = stored;
    clearCart();
    setAnnouncement("Your cart is now empty.");
    heading.current?.focus();
    toast.success(CART_TOASTS.cleared.title, { action: { label: "Undo", onClick: () => writeCart(previous) } });
  }

  const events = cartEventCount(items);
  const summary = known && items.length > 0 ? `${totals.itemCount} ${totals.itemCount === 1 ? "ticket" : "tickets"} for ${events} ${events === 1 ? "event" : "events"}` : null;

  return (
    <div className="bg-surface">
      <div className="container-page py-8 sm:py-12">
        <header className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h1 ref={heading} tabIndex={-1} className="text-3xl font-extrabold tracking-tight focus:outline-none sm:text-4xl">
              Shopping Cart
            </h1>
            {summary && <p className="mt-2 text-muted">{summary}</p>}
          </div>
          {known && items.length > 0 && (
            <Button variant={null} size="sm" className="text-muted hover:bg-surface hover:text-red-700" onClick={clear}>
              <Trash2 aria-hidden="true" />
              Clear cart
            </Button>
          )}
        </header>
        <p role="status" className="sr-only">
          {announcement}
        </p>

        <div className="mt-6 sm:mt-8">
          {!known ? (
            <CartSkeleton />
          ) : items.length === 0 ? (
            <CartEmpty />
          ) : (
            <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_360px]">
              <ul aria-label="Cart items" className="flex flex-col gap-4">
                {items.map((item, index) => {
                  const line = stored[index]!;
                  const types = catalogue[item.eventId];
                  const limits = lineLimits(items, item, types ? cartTypeOf(types, item.ticketTypeId) : null);
                  return (
                    <CartLine
                      key={cartLineKey(line)}
                      item={item}
                      max={limits.max}
                      onQuantityChange={(quantity) => changeQuantity(item, line, quantity, limits.min)}
                      onRemove={() => remove(item, line)}
                    >
                      {lineFields?.(item, index)}
                    </CartLine>
                  );
                })}
              </ul>
              <CartSummary
                totals={totals}
                checkingOut={checkingOut}
                attendeeField={attendeeField}
                codeField={codeField}
                sellers={<CartSellerList items={items} sellers={sellers} />}
                onCheckout={() => onCheckout(items)}
              />
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
