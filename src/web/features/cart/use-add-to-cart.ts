import { useNavigate } from "react-router";
import { toast } from "~/lib/toast";
import { paths } from "~/paths";

/** The event as a cart line needs it (cart-lines.ts cartItemFor). */
type CartEvent = Parameters<typeof import("./cart-lines").cartItemFor>[0];

/**
 * Add to Cart needs no sign-in (spec §6 Anonymous): the line goes into this browser's cart, with the page's code when one
 * applies (issue 37). The cart's code
 * loads on the first click, so an event page carries only the button (issue 34).
 */
export function useAddToCart(): (event: CartEvent, quantity: number, max?: number, ticketTypeId?: string, code?: string) => Promise<void> {
  const navigate = useNavigate();
  return async (event, quantity, max, ticketTypeId, code) => {
    const [{ cartItemFor, cartLineTitle }, { addToCart }, { cartAddedToast }, { cartCodeCookieString }] = await Promise.all([
      import("./cart-lines"),
      import("./cart-store"),
      import("./cart-toasts"),
      import("./cart-code"),
    ]);
    // A page priced with a code (issue 37) gives the cart its code, so the cart prices the line as the page did.
    if (code) document.cookie = cartCodeCookieString(code, window.location.protocol === "https:");
    // A line per type (issue 36): the chosen type, or the event's one type when it sells one.
    const item = cartItemFor(event, quantity, ticketTypeId);
    const result = addToCart(item, max);
    const text = cartAddedToast({ title: cartLineTitle(item), added: item.ticketQuantity, result });
    if (result.quantity === 0) return void toast.error(text.title, { description: text.description });
    toast.success(text.title, {
      description: text.description,
      action: { label: "View Cart", onClick: () => navigate(paths.cart) },
    });
  };
}
