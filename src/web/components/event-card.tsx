import { Link } from "react-router";
import {
  availabilityText,
  cardPriceRule,
  categoryLabel,
  formatEventDate,
  formatEventTime,
  isBusinessListing,
  venueShown,
  type EventSummary,
} from "@domain";
import { Badge } from "~/components/ui/badge";
import { CssIcon } from "~/components/ui/css-icon";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { paths } from "~/paths";
import { AgeLimitBadge } from "./age-limit-badge";
import { EventImage } from "./event-image";

export interface EventCardProps {
  event: EventSummary;
  featured?: boolean;
  /** Carousels fall back to 'General' for a missing category, grids to 'Event' (spec §2 Event card). */
  categoryFallback?: "Event" | "General";
  priority?: boolean;
  className?: string;
}

/** The event card of the home grid, carousels and /events (spec §2 Event card). */
export function EventCard({ event, featured = false, categoryFallback = "Event", priority = false, className }: EventCardProps) {
  const rule = cardPriceRule(event);
  const business = isBusinessListing(event);
  const date = business ? null : formatEventDate(event.dateTime);
  const time = business ? null : formatEventTime(event.dateTime);
  const cancelled = event.status === "cancelled";
  // A cancelled event says so in the places-left badge (decision 027); its page says more. (A postponed
  // one shows its new date; 'Postponed, was …' is on its page: the shell has no bytes left for it.)
  const availability = cancelled ? "Cancelled" : business ? null : availabilityText(event.remaining);
  const soldOut = event.remaining === 0;
  const venue = venueShown(event);
  // A cancelled event sells nothing: its card leads to the page that says so.
  const button = cancelled ? "View Details" : rule.buttonLabel;

  return (
    <article
      aria-labelledby={`event-${event.id}-title`}
      className={cn(
        "group flex h-full flex-col overflow-hidden rounded-2xl border border-border bg-white shadow-sm transition hover:-translate-y-0.5 hover:shadow-lg",
        className,
      )}
    >
      <div className="relative">
        <EventImage url={event.imageUrl} alt="" sizes="(min-width: 1024px) 25vw, (min-width: 640px) 50vw, 100vw" priority={priority} />
        <div className="absolute left-3 top-3 flex flex-wrap gap-1.5">
          <Badge variant="glass">{categoryLabel(event.category, categoryFallback)}</Badge>
          <AgeLimitBadge minAge={event.minAge} variant="ink" />
          {featured && <Badge variant="featured">Featured</Badge>}
        </div>
        {availability && (
          <Badge variant={soldOut ? "danger" : "warning"} className="absolute bottom-3 left-3 shadow-sm">
            {availability}
          </Badge>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <h3 id={`event-${event.id}-title`} className="line-clamp-2 text-base font-bold leading-snug text-ink">
          {event.title}
        </h3>
        <ul className="flex flex-col gap-1.5 text-sm text-muted">
          {(date || time) && (
            <li className="flex items-center gap-3">
              {date && (
                <span className="flex items-center gap-1.5">
                  <CssIcon name="calendar-days" className="size-4 shrink-0 text-brand-600" />
                  {date}
                </span>
              )}
              {time && (
                <span className="flex items-center gap-1.5">
                  <CssIcon name="clock" className="size-4 shrink-0 text-brand-600" />
                  {time}
                </span>
              )}
            </li>
          )}
          <li className="flex items-start gap-1.5">
            <CssIcon name="map-pin" className="mt-0.5 size-4 shrink-0 text-brand-600" />
            <span className="line-clamp-2">
              {venue && <span className="font-medium text-ink">{venue}</span>}
              {venue && event.location ? ", " : ""}
              {event.location}
            </span>
          </li>
        </ul>
        <div className="mt-auto flex items-end justify-between gap-3 pt-2">
          <div className="min-w-0">
            <p className={cn("text-lg font-extrabold", business ? "text-emerald-700" : "text-ink")}>{rule.priceText}</p>
            {rule.feeText && <p className="text-xs leading-snug text-muted">{rule.feeText}</p>}
          </div>
          <Link
            to={paths.event(event.id)}
            prefetch="intent"
            className={cn(buttonVariants({ size: "sm", variant: button === "Buy Tickets" ? "default" : "secondary" }), "shrink-0")}
            aria-label={`${button}: ${event.title}`}
          >
            {button}
          </Link>
        </div>
      </div>
    </article>
  );
}
