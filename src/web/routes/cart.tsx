import { CartPage } from "~/features/cart/cart-page";
import { parseCartCookie } from "~/features/cart/cart-cookie";
import { cartItemFor, checkoutItems, type CartItem } from "~/features/cart/cart-lines";
import type { CartSellers } from "~/features/cart/cart-sellers";
import { AttendeeNameField } from "~/features/checkout/components/attendee-name-field";
import { AskedDateOfBirthField } from "~/features/checkout/use-date-of-birth";
import { useCartCheckout } from "~/features/checkout/use-cart-checkout";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/cart";
import { services } from "~/lib/page-context.server";

export const meta = () => [
  ...seoMeta({ title: "Shopping Cart", description: "The tickets in your cart, their fees and total, ready for checkout." }),
  { name: "robots", content: "noindex" },
];

/**
 * The lines the cart cookie names, drawn from the catalogue so the page is complete on first paint.
 * Null when they cannot be read now (the browser's own cart takes over once the page runs).
 */
export async function loader({ request, context }: Route.LoaderArgs): Promise<{ items: CartItem[] | null; sellers: CartSellers }> {
  const lines = parseCartCookie(request.headers.get("cookie"));
  if (lines.length === 0) return { items: [], sellers: {} };
  const { getEventsByIds, sellersOf } = await import("~/lib/services.server");
  const ids = lines.map((line) => line.eventId);
  try {
    const [found, sellers] = await Promise.all([getEventsByIds({ db: services(context).db, ids }), sellersOf(context, ids)]);
    const events = new Map(found.map((event) => [event.id, event]));
    return { items: lines.flatMap((line) => (events.has(line.eventId) ? [cartItemFor(events.get(line.eventId)!, line.ticketQuantity)] : [])), sellers };
  } catch {
    return { items: null, sellers: {} };
  }
}

export default function CartRoute({ loaderData }: Route.ComponentProps) {
  const { checkout, pending, attendee, dateOfBirth } = useCartCheckout();
  return (
    <CartPage
      serverItems={loaderData.items}
      sellers={loaderData.sellers}
      checkingOut={pending}
      attendeeField={
        attendee && (
          <>
            <AttendeeNameField {...attendee} disabled={pending} />
            {dateOfBirth && <AskedDateOfBirthField {...dateOfBirth} disabled={pending} />}
          </>
        )
      }
      onCheckout={(items) => void checkout(checkoutItems(items), items.map((item) => ({ title: item.eventTitle, dateTime: item.eventDate, minAge: item.minAge })))}
    />
  );
}
