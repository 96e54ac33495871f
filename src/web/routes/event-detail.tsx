import { isRouteErrorResponse, useActionData, useLoaderData } from "react-router";
import { formatDateTime, type EventDetail } from "@domain";
import { useAddToCart } from "~/features/cart/use-add-to-cart";
import { AttendeeNameField } from "~/features/checkout/components/attendee-name-field";
import { TicketAttendeesFields } from "~/features/checkout/components/ticket-attendees-fields";
import { AskedDateOfBirthField } from "~/features/checkout/use-date-of-birth";
import { useBuyNow } from "~/features/checkout/use-buy-now";
import { BookingCard } from "~/features/event-detail/booking-card";
import { CodeForm } from "~/features/event-detail/code-form";
import { joinOptions } from "~/features/waiting-list/join-options";
import { OfferNotice, WaitingListCard } from "~/features/waiting-list/waiting-list-card";
import { EventDetailPage, type PaidEventBookingComponent } from "~/features/event-detail/event-detail-page";
import { EventNotFound } from "~/features/event-detail/event-not-found";
import { eventMetaDescription, eventStructuredData } from "~/features/event-detail/event-structured-data";
import { orNotFound } from "~/lib/not-found";
import { absoluteUrl, seoMeta } from "~/lib/seo";
import { paths } from "~/paths";
import type { Route } from "./+types/event-detail";
import { services } from "~/lib/page-context.server";
import { HYDRATE_ON_INTERACTION } from "~/lib/hydration";

/** A page a visit lands on: its scripts wait for the visitor (decision 039). */
export const handle = HYDRATE_ON_INTERACTION;

export async function loader({ params, context, request, url }: Route.LoaderArgs) {
  const { db, config } = services(context);
  const { getEvent, getSimilarEvents, salesOnHold } = await import("~/lib/services.server");
  // A buyer's code (issue 37: "Have a code?", or a link with ?code=) prices the page as checkout will.
  const code = new URL(request.url).searchParams.get("code")?.trim().slice(0, 64) || undefined;
  // Unknown and malformed ids alike answer 404 (spec §8: 'Event not found').
  const event = await orNotFound(getEvent({ db, id: params.id, code }));
  // The waiting list (issue 37): the visitor's entries and the offer the e-mail's ?offer= link names, read only when signed in.
  const offerToken = url.searchParams.get("offer")?.trim().slice(0, 200) || null;
  const readWaiting = waitingListOn(event) || offerToken !== null;
  const [similar, onHold, waiting] = await Promise.all([
    getSimilarEvents({ db, event }),
    salesOnHold(context, request, event),
    readWaiting ? import("~/features/waiting-list/waiting-list-pages.server").then(({ eventWaitingList }) => eventWaitingList(context, request, event.id, offerToken)) : null,
  ]);
  // The server's clock decides "ended" so the server and browser render the same page.
  return { event, similar, origin: config.publicUrl, now: new Date().toISOString(), salesOnHold: onHold, waiting, offerToken };
}

/** Whether the event's organiser keeps a waiting list (public: `waitingList.enabled` of the event's answer). */
function waitingListOn(event: EventDetail): boolean {
  return event.waitingList.enabled;
}

/** Joining the waiting list from the booking card (a plain form: it works before the page's scripts load). */
export async function action({ params, context, request, url }: Route.ActionArgs) {
  const { eventWaitingListAction } = await import("~/features/waiting-list/waiting-list-pages.server");
  return eventWaitingListAction(context, request, params.id, url);
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) {
    return [
      ...seoMeta({ title: "Event not found", description: "This event doesn't exist or is no longer available." }),
      { name: "robots", content: "noindex" },
    ];
  }
  const { event, origin, now } = loaderData;
  const url = `${origin}${paths.event(event.id)}`;
  return [
    ...seoMeta({
      title: event.title,
      description: eventMetaDescription(event),
      url,
      image: absoluteUrl(origin, event.imageUrl),
      type: "website",
    }),
    { tagName: "link", rel: "canonical", href: url },
    ...(event.status === "active" ? [] : [{ name: "robots", content: "noindex" }]),
    { "script:ld+json": eventStructuredData(event, origin, new Date(now)) },
  ];
};

/**
 * The booking card with its actions: Buy Now starts a checkout, Add to Cart needs no sign-in (spec §6).
 * Three features meet in it (the event page's card, checkout and cart), so the app composes it here.
 */
const PaidEventBooking: PaidEventBookingComponent = ({ event, state }) => {
  const code = event.code?.message === null ? event.code.code : undefined;
  const { waiting, offerToken } = useLoaderData<typeof loader>();
  const joinError = useActionData<typeof action>()?.error ?? null;
  const offer = waiting?.offer ?? null;
  const { buyNow, pending, attendee, otherTickets, dateOfBirth } = useBuyNow({
    eventId: event.id,
    eventTitle: event.title,
    dateTime: event.dateTime,
    minAge: event.minAge,
    questions: event.questions,
    code,
    waitingOffer: offer?.token,
  });
  // An event of one type names none in the body (the spec's), but its questions are that type's.
  const onlyType = event.ticketTypes.length === 1 ? event.ticketTypes[0]!.id : undefined;
  const addToCart = useAddToCart();
  return (
    <>
      <BookingCard
        pricePence={event.pricePence}
        absorbsBookingFee={event.absorbsBookingFee}
        ticketTypes={event.ticketTypes}
        minAge={event.minAge}
        remaining={event.remaining}
        state={state}
        status={event.status}
        buying={pending}
        attendeeField={
          attendee &&
          ((quantity: number, ticketTypeId: string | undefined) => (
            <>
              <AttendeeNameField {...attendee} disabled={pending} />
              {otherTickets && <TicketAttendeesFields {...otherTickets(quantity, ticketTypeId)} disabled={pending} />}
              {dateOfBirth && <AskedDateOfBirthField {...dateOfBirth} disabled={pending} />}
            </>
          ))
        }
        onBuyNow={(quantity, ticketTypeId) => void buyNow(offer ? 1 : quantity, ticketTypeId ?? offer?.ticketTypeId ?? undefined, onlyType)}
        onAddToCart={(quantity, max, ticketTypeId) => void addToCart(event, quantity, max, ticketTypeId, code)}
        held={offer && { ticketTypeId: offer.ticketTypeId, notice: `A place is held for you until ${formatDateTime(offer.expiresAt)}` }}
      />
      {offerToken && !offer && <OfferNotice signedIn={waiting?.signedIn ?? false} eventId={event.id} token={offerToken} />}
      {!offer && waitingListOn(event) && <WaitingListCard options={state === "available" || state === "sold-out" ? joinOptions(event) : []} joined={waiting?.joined ?? []} error={joinError} severalTypes={event.ticketTypes.length > 1} />}
      <CodeForm code={event.code} />
    </>
  );
};

export default function EventDetailRoute({ loaderData }: Route.ComponentProps) {
  return <EventDetailPage {...loaderData} PaidEventBooking={PaidEventBooking} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <EventNotFound failed={!(isRouteErrorResponse(error) && error.status === 404)} />;
}
