import { data } from "react-router";
import type { EventDetail } from "@domain";
import { CartPage } from "~/features/cart/cart-page";
import { cartCodeCookieString, cartCodeOf, cartCodeText, parseCartCodeCookie, type CartCode } from "~/features/cart/cart-code";
import { CartCodeForm } from "~/features/cart/cart-code-form";
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
  /** The cart's code (issue 37) as it stands for the cart's events; absent without one. */
  code?: CartCode;
}

/**
 * The lines the cart cookie names, drawn from the catalogue so the page is complete on first paint, with
 * each event's ticket types (the cart holds a line per type: issue 36; a line saved before types buys the
 * event's single or default type) and the questions asked on them. Null items when they cannot be read now
 * (the browser's own cart takes over once the page runs).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const cookie = request.headers.get("cookie");
  // ?code= (the cart's "Have a code?", or a link) sets the cart's code, or clears it when empty; else the cookie keeps it.
  const linked = url.searchParams.has("code");
  const codeText = linked ? cartCodeText(url.searchParams.get("code")) : parseCartCodeCookie(cookie);
  const headers = linked ? { "Set-Cookie": cartCodeCookieString(codeText, url.protocol === "https:") } : undefined;
  return data(await cartData(context, parseCartCookie(cookie), codeText), { headers });
}

async function cartData(context: Route.LoaderArgs["context"], lines: ReturnType<typeof parseCartCookie>, codeText: string | null): Promise<CartLoaderData> {
  if (lines.length === 0) return { items: [], catalogue: {}, questions: {}, sellers: {} };
  const { getEvent, getEventsByIds, sellersOf } = await import("~/lib/services.server");
  const { db } = services(context);
  const ids = [...new Set(lines.map((line) => line.eventId))];
  try {
    // With a code each event is read as its page reads it with ?code= (issue 37): its types priced with the code, and those it unlocks.
    const read = codeText
      ? Promise.all(ids.map((id) => getEvent({ db, id, code: codeText }).catch(() => null))).then((events) => events.filter((event) => event !== null))
      : getEventsByIds({ db, ids });
    const [found, sellers] = await Promise.all([read, sellersOf(context, ids)]);
    const events = new Map(found.map((event) => [event.id, event]));
    return {
      items: lines.flatMap((line) => {
        const event = events.get(line.eventId);
        return event ? [cartItemFor(event, line.ticketQuantity, line.ticketTypeId)] : [];
      }),
      // Only what the cart reads of each type (CartTicketType): the page's data is sent with its HTML.
      catalogue: Object.fromEntries(
        found.map((event) => [event.id, event.ticketTypes.map(({ id, name, pricePence, onSale, remaining, minPerOrder, maxPerOrder }) => ({ id, name, pricePence, onSale, remaining, minPerOrder, maxPerOrder }))]),
      ),
      questions: Object.fromEntries(found.flatMap((event) => (event.questions.length ? [[event.id, event.questions]] : []))),
      sellers,
      ...(codeText ? { code: cartCodeOf(codeText, found.map((event) => ({ title: event.title, code: (event as { code?: EventDetail["code"] }).code }))) } : {}),
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
      codeField={<CartCodeForm code={loaderData.code ?? null} />}
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
          loaderData.code?.applied ? loaderData.code.code : undefined,
        )
      }
    />
  );
}
