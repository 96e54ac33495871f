import { CalendarDays, MapPin, Tag, type LucideIcon } from "lucide-react";
import { formatCount, type EventListResult } from "@domain";

const STAT_CARDS: { key: keyof EventListResult["stats"]; label: string; icon: LucideIcon }[] = [
  { key: "events", label: "Events", icon: CalendarDays },
  { key: "locations", label: "Locations", icon: MapPin },
  { key: "categories", label: "Categories", icon: Tag },
];

/** Stat cards for the filtered set: events, distinct locations, distinct categories (spec §2 All Events). */
export function EventsStats({ stats }: { stats: EventListResult["stats"] }) {
  return (
    <dl className="grid grid-cols-3 gap-2 sm:gap-3">
      {STAT_CARDS.map(({ key, label, icon: Icon }) => (
        // dt after dd on screen (figure first), dt first for screen readers ("Events, 41").
        <div key={key} className="flex flex-col rounded-2xl border border-white/15 bg-white/10 p-3 backdrop-blur sm:p-4">
          <dt className="order-last text-xs font-medium text-white/80 sm:text-sm">{label}</dt>
          <dd className="flex flex-col gap-2 text-2xl font-extrabold tabular-nums sm:text-3xl">
            <Icon className="size-5 text-accent-400" aria-hidden="true" />
            {formatCount(stats[key])}
          </dd>
        </div>
      ))}
    </dl>
  );
}
