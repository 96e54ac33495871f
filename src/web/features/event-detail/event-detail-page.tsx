import { ArrowLeft, CalendarClock, CalendarDays, CalendarX2, CircleAlert, Clock, IdCard, MapPin, UserRound } from "lucide-react";
import type { ComponentType } from "react";
import { Link } from "react-router";
import {
  categoryLabel,
  formatDateTime,
  type EventDetail,
  type EventSummary,
  eventKind,
  formatEventTime,
  formatLongDate,
  initials,
  isBusinessListing,
  minAgeDescription,
  minAgeLabel,
  venueShown,
} from "@domain";
import { Badge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import { AvailabilityPill } from "./availability-pill";
import { BusinessInfoCard } from "./business-info-card";
import { EventInfoCard } from "./event-info-card";
import { FreeEventCard } from "./free-event-card";
import { PromoVideo } from "./promo-video";
import { SellerCard } from "./seller-card";
import { ShareButton } from "./share-button";
import { SimilarEventsRow } from "./similar-events-row";
import { WhatsIncluded } from "./whats-included";
import { eventMetaDescription } from "./event-structured-data";
import {
  availabilityIndicator,
  saleState,
  statusLabel,
  unavailableNotice,
  PAYOUTS_PENDING_NOTICE,
  SELLER_DETAILS_NEEDED_NOTICE,
  type SaleState,
} from "./sale-state";
import { CANCELLED_EVENT_NOTICE } from "~/components/cancelled-event";
import { EventImage } from "~/components/event-image";
import { paths } from "~/paths";

function timeRange(start: string, end: string | null): string | null {
  const from = formatEventTime(start);
  if (!from) return null;
  const to = end ? formatEventTime(end) : null;
  const sameDay = end ? formatLongDate(end) === formatLongDate(start) : false;
  return to && sameDay && to !== from ? `${from} – ${to}` : from;
}

/** What the booking card of a paid event offers (Buy Now, Add to Cart): the app composes it from the checkout and cart features. */
export type PaidEventBookingComponent = ComponentType<{ event: EventDetail; state: SaleState }>;

/** /events/{id} (spec §2 Event details). */
export function EventDetailPage({
  event,
  similar,
  now: renderedAt,
  salesOnHold = null,
  PaidEventBooking,
}: {
  event: EventDetail;
  similar: EventSummary[];
  /** The server's clock when it rendered the page, so the server and browser agree on "ended". */
  now: string;
  /**
   * A paid event held back until its organiser has added their seller details (issue 34) or can be paid
   * (D23); `explain` for its organiser and admins.
   */
  salesOnHold?: { explain: boolean; reason?: "seller-details" | "payouts" } | null;
  PaidEventBooking: PaidEventBookingComponent;
}) {
  const now = new Date(renderedAt);
  const kind = eventKind(event);
  const business = isBusinessListing(event);
  // Missing seller details hold the event back by themselves (event.awaitingSellerDetails).
  const sale = salesOnHold && salesOnHold.reason !== "seller-details" ? { ...event, salesOnHold: true } : event;
  const state = saleState(sale, now);
  const availability = availabilityIndicator(sale, now);
  const date = business ? null : formatLongDate(event.dateTime);
  const time = business ? null : timeRange(event.dateTime, event.endTime);
  const venue = venueShown(event);
  const organiserName = event.organiser?.displayName || event.organiser?.username;

  const sideCard =
    event.status === "cancelled" ? (
      // Nothing is for sale: no Buy Now or Add to Cart, only what happened (decision 027).
      <Card className="p-6 text-sm">
        <h2 className="text-lg font-bold text-red-800">Cancelled</h2>
        <p className="mt-2 text-muted">Tickets are no longer on sale.</p>
      </Card>
    ) : kind === "paid" ? (
      <PaidEventBooking event={event} state={state} />
    ) : business ? (
      <BusinessInfoCard venue={event.venue} location={event.location} category={event.category} />
    ) : (
      <FreeEventCard state={state} status={event.status} />
    );

  return (
    <div className="bg-gradient-to-b from-surface to-white to-[28rem]">
      <div className="container-page py-6 sm:py-8">
        <div className="flex items-center justify-between gap-4">
          <Link
            to={paths.events()}
            className="inline-flex items-center gap-2 rounded-lg py-2 pr-2 text-sm font-semibold text-brand-700 hover:text-brand-900"
          >
            <ArrowLeft className="size-4" aria-hidden="true" />
            Back to Events
          </Link>
          <ShareButton title={event.title} text={eventMetaDescription(event)} />
        </div>

        <div className="mt-4 grid gap-8 lg:grid-cols-[minmax(0,1fr)_380px] lg:grid-rows-[auto_1fr] lg:gap-x-10">
          <div className="flex min-w-0 flex-col gap-6">
            <div className="overflow-hidden rounded-3xl shadow-md">
              <EventImage
                url={event.imageUrl}
                alt={event.title}
                sizes="(min-width: 1280px) 820px, (min-width: 1024px) 60vw, 100vw"
                priority
              />
            </div>

            <header className="flex flex-col gap-4">
              <div className="flex flex-wrap gap-2">
                <Badge size="lg">
                  {categoryLabel(event.category)}
                </Badge>
                {event.status !== "active" && (
                  <Badge variant="secondary" size="lg">
                    {statusLabel(event.status)}
                  </Badge>
                )}
              </div>
              <h1 className="text-3xl font-extrabold leading-tight tracking-tight text-balance sm:text-4xl">{event.title}</h1>
              <ul className="flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-muted sm:text-base">
                {date && (
                  <li className="flex items-center gap-2">
                    <CalendarDays className="size-4.5 text-brand-600" aria-hidden="true" />
                    <span className="font-medium text-ink">{date}</span>
                  </li>
                )}
                {time && (
                  <li className="flex items-center gap-2">
                    <Clock className="size-4.5 text-brand-600" aria-hidden="true" />
                    <span className="font-medium text-ink">{time}</span>
                  </li>
                )}
                <li className="flex items-center gap-2">
                  <MapPin className="size-4.5 shrink-0 text-brand-600" aria-hidden="true" />
                  <span>
                    {venue && (
                      <>
                        <span className="font-medium text-ink">{venue}</span>,{" "}
                      </>
                    )}
                    {event.location}
                  </span>
                </li>
                {event.minAge != null && (
                  <li className="flex items-center gap-2">
                    <IdCard className="size-4.5 shrink-0 text-brand-600" aria-hidden="true" />
                    <span className="font-medium text-ink">
                      <span aria-hidden="true">{minAgeLabel(event.minAge)} · </span>
                      {minAgeDescription(event.minAge)}
                    </span>
                  </li>
                )}
              </ul>
              <div className="flex flex-wrap items-center gap-3">
                <AvailabilityPill availability={availability} />
                {organiserName && event.organiser?.username && (
                  <Link
                    to={paths.profile(event.organiser.username)}
                    className="inline-flex items-center gap-2 rounded-full py-1 pl-1 pr-3 text-sm text-muted ring-1 ring-inset ring-border hover:bg-surface"
                  >
                    <span
                      className="flex size-6 items-center justify-center rounded-full bg-brand-600 text-[11px] font-bold text-white"
                      aria-hidden="true"
                    >
                      {initials(organiserName.replace(/[^\p{L}\p{N}\s]/gu, " ")) || <UserRound className="size-3.5" />}
                    </span>
                    Hosted by <span className="font-semibold text-ink">{organiserName}</span>
                  </Link>
                )}
              </div>
              {state === "ended" && (
                <p
                  role="note"
                  className="flex items-start gap-3 rounded-2xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
                >
                  <CalendarX2 className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
                  <span>
                    <strong className="font-bold">This event has ended.</strong> Browse{" "}
                    <Link to={paths.events()} className="font-semibold underline underline-offset-2">
                      upcoming events
                    </Link>{" "}
                    for what&apos;s on next.
                  </span>
                </p>
              )}
              {state === "closed" && (
                <p role="note" className="flex items-start gap-3 rounded-2xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
                  <CircleAlert className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
                  {event.status === "cancelled" ? (
                    <span>
                      <strong className="font-bold">Cancelled.</strong> {CANCELLED_EVENT_NOTICE}
                    </span>
                  ) : (
                    <strong className="font-bold">{unavailableNotice(state, event.status)}.</strong>
                  )}
                </p>
              )}
              {state === "no-seller" && salesOnHold?.explain && (
                <p role="note" className="flex items-start gap-3 rounded-2xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
                  <CircleAlert className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
                  <span>
                    <strong className="font-bold">{SELLER_DETAILS_NEEDED_NOTICE}</strong>{" "}
                    <Link to={paths.profileEdit} className="font-semibold underline underline-offset-2">
                      Add your seller details
                    </Link>
                  </span>
                </p>
              )}
              {state === "on-hold" && salesOnHold?.explain && (
                <p role="note" className="flex items-start gap-3 rounded-2xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
                  <CircleAlert className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
                  <strong className="font-bold">{PAYOUTS_PENDING_NOTICE}</strong>
                </p>
              )}
              {event.previousDateTime && event.status === "active" && !business && (
                <p role="note" className="flex items-start gap-3 rounded-2xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
                  <CalendarClock className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
                  <span>
                    <strong className="font-bold">Postponed.</strong> New date: {formatDateTime(event.dateTime)}, was {formatDateTime(event.previousDateTime)}.
                    Tickets already bought stay valid.
                  </span>
                </p>
              )}
            </header>
          </div>

          <aside aria-label="Tickets and event information" className="lg:col-start-2 lg:row-span-2 lg:row-start-1">
            <div className="flex flex-col gap-6 lg:sticky lg:top-24">
              {sideCard}
              {kind === "paid" && event.seller && event.status !== "cancelled" && <SellerCard seller={event.seller} />}
              <EventInfoCard date={date} time={time} venue={venue} location={event.location} availability={availability} />
            </div>
          </aside>

          <div className="flex min-w-0 flex-col gap-6">
            <section aria-labelledby="about-event" className="rounded-2xl border border-border bg-white p-6 shadow-sm">
              <h2 id="about-event" className="text-xl font-bold">
                {business ? "About" : "About This Event"}
              </h2>
              {event.description?.trim() ? (
                <div className="mt-3 whitespace-pre-line leading-relaxed text-ink/90">{event.description}</div>
              ) : (
                <p className="mt-3 text-muted">No description available for this event.</p>
              )}
            </section>

            {event.videoUrl && (
              <section aria-labelledby="promo-video" className="flex flex-col gap-4">
                <h2 id="promo-video" className="text-xl font-bold">
                  Watch the Promo
                </h2>
                <PromoVideo url={event.videoUrl} eventTitle={event.title} poster={event.imageUrl} />
              </section>
            )}

            {kind === "paid" && <WhatsIncluded />}
          </div>
        </div>

        <SimilarEventsRow events={similar} />
      </div>
    </div>
  );
}
