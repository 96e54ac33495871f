import { CartPage } from "~/features/cart/cart-page";
import { parseCartCookie } from "~/features/cart/cart-cookie";
import { cartItemFor, cartLineKey, cartLineQuestions, cartLineTitle, checkoutItems, type CartCatalogue, type CartItem, type CartQuestions } from "~/features/cart/cart-lines";
import type { CartSellers } from "~/features/cart/cart-sellers";
import { AttendeeNameField } from "~/features/checkout/components/attendee-name-field";
import { LineTicketsFields } from "~/features/checkout/components/line-tickets-fields";
import { AskedDateOfBirthField } from "~/features/checkout/use-date-of-birth";
import { useCartCheckout, type CartAttendeeLine } from "~/features/checkout/use-cart-checkout";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/cart";
import { services } from "~/lib/page-context.server";

export const meta = () => [
  ...seoMeta({ title: "Shopping Cart", description: "The tickets in your cart, their fees and total, ready for checkout." }),
  { name: "robots", content: "noindex" },
];

interface CartLoaderData {
  items: CartItem[] | null;
  catalogue: CartCatalogue;
  /** The questions of the cart's events that ask any (issue 36): each line's tickets answer those on its type. */
  questions: CartQuestions;
  sellers: CartSellers;
}

/**
 * The lines the cart cookie names, drawn from the catalogue so the page is complete on first paint, with
 * each event's ticket types (the cart holds a line per type: issue 36; a line saved before types buys the
 * event's single or default type) and the questions asked on them. Null items when they cannot be read now
 * (the browser's own cart takes over once the page runs).
 */
export async function loader({ request, context }: Route.LoaderArgs): Promise<CartLoaderData> {
  const lines = parseCartCookie(request.headers.get("cookie"));
  if (lines.length === 0) return { items: [], catalogue: {}, questions: {}, sellers: {} };
  const { getEventsByIds, sellersOf } = await import("~/lib/services.server");
  const ids = [...new Set(lines.map((line) => line.eventId))];
  try {
    const [found, sellers] = await Promise.all([getEventsByIds({ db: services(context).db, ids }), sellersOf(context, ids)]);
    const events = new Map(found.map((event) => [event.id, event]));
    return {
      items: lines.flatMap((line) => {
        const event = events.get(line.eventId);
        return event ? [cartItemFor(event, line.ticketQuantity, line.ticketTypeId)] : [];
      }),
      catalogue: Object.fromEntries(found.map((event) => [event.id, event.ticketTypes])),
      questions: Object.fromEntries(found.flatMap((event) => (event.questions.length ? [[event.id, event.questions]] : []))),
      sellers,
    };
  } catch {
    return { items: null, catalogue: {}, questions: {}, sellers: {} };
  }
}

export default function CartRoute({ loaderData }: Route.ComponentProps) {
  const { checkout, pending, attendee, ticketFields, dateOfBirth } = useCartCheckout();
  const questions = loaderData.questions ?? {};
  // Keyed by the line (its event and type), so what is typed for it stays when another line goes.
  const attendeeLine = (item: CartItem): CartAttendeeLine => ({ key: cartLineKey(item), quantity: item.ticketQuantity, questions: cartLineQuestions(item, questions) });
  return (
    <CartPage
      serverItems={loaderData.items}
      catalogue={loaderData.catalogue}
      sellers={loaderData.sellers}
      checkingOut={pending}
      lineFields={ticketFields ? (item, index) => <LineTicketsFields title={cartLineTitle(item)} fields={ticketFields(attendeeLine(item), index)} disabled={pending} /> : undefined}
      attendeeField={
        attendee && (
          <>
            <AttendeeNameField {...attendee} disabled={pending} />
            {dateOfBirth && <AskedDateOfBirthField {...dateOfBirth} disabled={pending} />}
          </>
        )
      }
      onCheckout={(items) =>
        void checkout(
          checkoutItems(items),
          items.map(attendeeLine),
          items.map((item) => ({ title: item.eventTitle, dateTime: item.eventDate, minAge: item.minAge })),
        )
      }
    />
  );
}
