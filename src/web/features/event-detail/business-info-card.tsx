import { MapPin, Navigation, Store } from "lucide-react";
import { eventPlace, venueShown } from "@domain";
import { buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";

/** Restaurants and ongoing businesses: no tickets, visitors contact them directly (spec §2 Event detail). */
export function BusinessInfoCard({ venue, location, category }: { venue: string | null; location: string; category: string | null }) {
  const place = eventPlace({ venue, location });
  const venueLine = venueShown({ venue, category });
  const directions = `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(place)}`;
  return (
    <Card className="overflow-hidden">
      <div className="bg-gradient-to-br from-emerald-700 to-emerald-900 px-6 py-5 text-white">
        <h2 className="flex items-center gap-2 text-lg font-bold">
          <Store className="size-5" aria-hidden="true" />
          Business Information
        </h2>
        <p className="mt-2 text-sm text-emerald-50">
          No tickets needed. Contact them directly for opening hours, reservations and enquiries.
        </p>
      </div>
      <div className="flex flex-col gap-4 p-6">
        <div className="flex items-start gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-emerald-50 text-emerald-700">
            <MapPin className="size-5" aria-hidden="true" />
          </span>
          <div className="min-w-0">
            {venueLine && <p className="font-semibold text-ink">{venueLine}</p>}
            <p className={venueLine ? "text-sm text-muted" : "font-semibold text-ink"}>{location}</p>
          </div>
        </div>
        <a href={directions} target="_blank" rel="noopener noreferrer" className={buttonVariants({ variant: "outline", size: "lg-text-sm" })}>
          <Navigation aria-hidden="true" />
          Get Directions
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      </div>
    </Card>
  );
}
