import { CalendarDays, Clock, MapPin, Users } from "lucide-react";
import type { ReactNode } from "react";
import { Card } from "~/components/ui/card";
import type { AvailabilityIndicator } from "./sale-state";
import { AvailabilityPill } from "./availability-pill";

function Row({ icon, term, children }: { icon: ReactNode; term: string; children: ReactNode }) {
  // dt and dd must be the only children of the row (a valid <dl> group), so the icon sits inside the dt.
  return (
    <div className="relative min-h-9 pl-12">
      <dt className="text-xs font-semibold uppercase tracking-wide text-muted">
        <span className="absolute left-0 top-0 flex size-9 items-center justify-center rounded-lg bg-brand-50 text-brand-700">{icon}</span>
        {term}
      </dt>
      <dd className="mt-0.5 font-medium text-ink">{children}</dd>
    </div>
  );
}

/** Event Information: date, time, location and availability (spec §2 Event detail); listings have no date. */
export function EventInfoCard({
  date,
  time,
  venue,
  location,
  availability,
}: {
  date: string | null;
  time: string | null;
  /** The venue line (venueShown), or null for a business listing without one. */
  venue: string | null;
  location: string;
  availability: AvailabilityIndicator;
}) {
  return (
    <Card>
      <div className="p-6">
        <h2 className="text-lg font-bold">Event Information</h2>
        <dl className="mt-4 grid gap-4">
          {date && (
            <Row icon={<CalendarDays className="size-4.5" aria-hidden="true" />} term="Date">
              {date}
            </Row>
          )}
          {time && (
            <Row icon={<Clock className="size-4.5" aria-hidden="true" />} term="Time">
              {time}
            </Row>
          )}
          <Row icon={<MapPin className="size-4.5" aria-hidden="true" />} term="Location">
            {venue && <span className="block">{venue}</span>}
            <span className={venue ? "block text-sm font-normal text-muted" : "block"}>{location}</span>
          </Row>
          <Row icon={<Users className="size-4.5" aria-hidden="true" />} term="Availability">
            <AvailabilityPill availability={availability} className="mt-1" />
          </Row>
        </dl>
      </div>
    </Card>
  );
}
