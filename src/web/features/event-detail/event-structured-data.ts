import { allInPricePence, BRAND, categoryLabel, eventKind, eventPlace, formatEventDate, formatEventTime, formatPoundsPlain, isBusinessListing, type EventDetail } from "@domain";
import { absoluteUrl } from "~/lib/seo";
import { paths } from "~/paths";
import { saleState } from "./sale-state";

const META_DESCRIPTION_LENGTH = 155;

/** The page's meta description: the event's own text, cut at a word near 155 characters. */
export function eventMetaDescription(event: EventDetail): string {
  const text = (event.description ?? "").replace(/\s+/g, " ").trim();
  if (text) return truncate(text, META_DESCRIPTION_LENGTH);
  const place = eventPlace(event);
  if (isBusinessListing(event)) return truncate(`${event.title}, ${place}. Find it on ${BRAND.name}.`, META_DESCRIPTION_LENGTH);
  const when = [formatEventDate(event.dateTime), formatEventTime(event.dateTime)].filter(Boolean).join(" at ");
  const kind = eventKind(event) === "paid" ? "Book tickets" : "Free entry";
  return truncate(`${categoryLabel(event.category)} at ${place} on ${when}. ${kind} on ${BRAND.name}.`, META_DESCRIPTION_LENGTH);
}

function truncate(text: string, length: number): string {
  if (text.length <= length) return text;
  const cut = text.slice(0, length - 1);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > length * 0.6 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:]+$/, "")}…`;
}

const SCHEMA_STATUS: Record<string, string> = {
  cancelled: "https://schema.org/EventCancelled",
  canceled: "https://schema.org/EventCancelled",
  postponed: "https://schema.org/EventPostponed",
  rescheduled: "https://schema.org/EventRescheduled",
};

/**
 * schema.org data for search engines. Events are `Event`s; restaurants and ongoing businesses have no real
 * date (their stored date is a placeholder, spec §9), so they are described as the business they are.
 */
export function eventStructuredData(event: EventDetail, origin: string, now: Date): Record<string, unknown> {
  const url = `${origin}${paths.event(event.id)}`;
  const image = absoluteUrl(origin, event.imageUrl);
  const description = (event.description ?? "").trim() || eventMetaDescription(event);
  const address = { "@type": "PostalAddress", streetAddress: event.location, addressCountry: "GB" };
  const place = { "@type": "Place", name: event.venue || event.location, address };

  if (isBusinessListing(event)) {
    return {
      "@context": "https://schema.org",
      "@type": eventKind(event) === "food" ? "Restaurant" : "LocalBusiness",
      name: event.title,
      description,
      url,
      ...(image ? { image: [image] } : {}),
      address,
    };
  }

  const organiserName = event.organiser?.displayName || event.organiser?.username;
  const organizer = organiserName
    ? {
        "@type": "Person",
        name: organiserName,
        ...(event.organiser?.username ? { url: `${origin}${paths.profile(event.organiser.username)}` } : {}),
      }
    : { "@type": "Organization", name: BRAND.name, url: origin };
  const soldOut = saleState(event, now) === "sold-out";

  return {
    "@context": "https://schema.org",
    "@type": "Event",
    name: event.title,
    description,
    startDate: event.dateTime,
    endDate: event.endTime ?? event.dateTime,
    eventStatus: SCHEMA_STATUS[event.status.toLowerCase()] ?? "https://schema.org/EventScheduled",
    eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
    location: place,
    ...(image ? { image: [image] } : {}),
    url,
    organizer,
    // schema.org reads "18-" as 18 and over.
    ...(event.minAge ? { typicalAgeRange: `${event.minAge}-` } : {}),
    // With several ticket types (issue 36), one offer per shown type, each at its all-in price.
    offers:
      event.ticketTypes.length > 1
        ? event.ticketTypes.map((type) => ({
            "@type": "Offer",
            url,
            name: type.name,
            price: formatPoundsPlain(type.allInPricePence),
            priceCurrency: "GBP",
            availability: soldOut || type.remaining === 0 ? "https://schema.org/SoldOut" : "https://schema.org/InStock",
            validFrom: type.salesStart ?? event.createdAt,
            ...(type.salesEnd ? { validThrough: type.salesEnd } : {}),
          }))
        : {
            "@type": "Offer",
            url,
            // The all-in price the page shows (D21: search results are an invitation to buy too); schema.org wants
            // a plain decimal string in the currency's unit, so pence stay integers until here (D17).
            price: formatPoundsPlain(allInPricePence(event)),
            priceCurrency: "GBP",
            availability: soldOut ? "https://schema.org/SoldOut" : "https://schema.org/InStock",
            validFrom: event.createdAt,
          },
  };
}
