import { Ban, CalendarClock, CalendarDays, Eye, MapPin, Pencil, Trash2 } from "lucide-react";
import { Link } from "react-router";
import type { DashboardEvent } from "@domain";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { EventImage } from "~/components/event-image";
import { paths } from "~/paths";
import { myEventRow } from "../../lib/my-event-rows";
import { TicketTypeSales } from "./ticket-type-sales";

/** One of the organiser's events with its sales, and Edit and Delete (spec §2 Dashboard). */
export function MyEventItem({
  event,
  onDelete,
  onCancel,
  onPostpone,
}: {
  event: DashboardEvent;
  onDelete: (event: DashboardEvent) => void;
  onCancel: (event: DashboardEvent) => void;
  onPostpone: (event: DashboardEvent) => void;
}) {
  const row = myEventRow(event);
  const titleId = `my-event-${row.id}`;
  return (
    <article aria-labelledby={titleId} className="flex flex-col overflow-hidden rounded-2xl border border-border bg-white shadow-sm sm:flex-row">
      {/* The whole poster, framed on a neutral ground: a crop would cut its words (issue 17). */}
      <div className="bg-slate-100 sm:flex sm:w-48 sm:shrink-0 sm:items-center lg:w-56">
        <EventImage url={row.imageUrl} alt="" sizes="(min-width: 640px) 224px, 100vw" fit="contain" />
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-3 p-4 sm:p-5">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h3 id={titleId} className="min-w-0 text-base font-bold leading-snug break-words sm:text-lg">
            <Link to={paths.event(row.id)} className="hover:text-brand-700 hover:underline hover:underline-offset-4">
              {row.title}
            </Link>
          </h3>
          <div className="flex flex-wrap gap-1.5">
            {row.kind && <Badge variant="secondary">{row.kind}</Badge>}
            <Badge variant={row.statusVariant} className="capitalize">
              {row.status}
            </Badge>
          </div>
        </div>
        <ul className="flex flex-col gap-1.5 text-sm text-muted sm:flex-row sm:flex-wrap sm:gap-x-4">
          <li className="flex items-center gap-1.5">
            <CalendarDays className="size-4 shrink-0 text-brand-600" aria-hidden="true" />
            {row.when}
          </li>
          <li className="flex min-w-0 items-center gap-1.5">
            <MapPin className="size-4 shrink-0 text-brand-600" aria-hidden="true" />
            <span className="truncate">{row.location}</span>
          </li>
        </ul>
        {row.cancellation && (
          <p role="status" className="rounded-xl bg-red-50 px-4 py-2 text-sm font-semibold text-red-800">
            {row.cancellation}
          </p>
        )}
        {row.postponedFrom && <p className="text-sm font-medium text-amber-900">{row.postponedFrom}</p>}
        {row.figures && (
          <dl className="grid grid-cols-[repeat(3,auto)] justify-between gap-x-3 gap-y-1 rounded-xl bg-surface px-3 py-3 text-sm sm:max-w-md sm:grid-cols-3 sm:justify-normal sm:gap-3 sm:px-4">
            <div>
              <dt className="text-muted">Tickets sold</dt>
              <dd className="font-bold text-ink">{row.figures.sold}</dd>
            </div>
            <div>
              <dt className="text-muted">Ticket income</dt>
              <dd className="font-bold text-ink">{row.figures.ticketIncome}</dd>
            </div>
            <div>
              <dt className="text-muted">Net due</dt>
              <dd className="font-bold text-ink">{row.figures.netDue}</dd>
            </div>
          </dl>
        )}
        {row.ticketTypes && <TicketTypeSales title={row.title} types={row.ticketTypes} />}
        <div className="mt-auto flex flex-wrap gap-2 pt-1">
          <Link to={paths.event(row.id)} className={buttonVariants({ variant: "ghost", size: "sm" })}>
            <Eye aria-hidden="true" />
            View<span className="sr-only"> {row.title}</span>
          </Link>
          <Link to={paths.editEvent(row.id)} className={buttonVariants({ variant: "outline", size: "sm" })}>
            <Pencil aria-hidden="true" />
            Edit<span className="sr-only"> {row.title}</span>
          </Link>
          {row.actions.postpone && (
            <Button type="button" variant="outline" size="sm" onClick={() => onPostpone(event)}>
              <CalendarClock aria-hidden="true" />
              Postpone<span className="sr-only"> {row.title}</span>
            </Button>
          )}
          {row.actions.cancel && (
            <Button type="button" variant={null} size="sm" className="border border-border bg-white text-red-700 hover:bg-red-50" onClick={() => onCancel(event)}>
              <Ban aria-hidden="true" />
              Cancel event<span className="sr-only"> {row.title}</span>
            </Button>
          )}
          {row.actions.delete && (
            <Button type="button" variant={null} size="sm" className="border border-border bg-white text-red-700 hover:bg-red-50" onClick={() => onDelete(event)}>
              <Trash2 aria-hidden="true" />
              Delete<span className="sr-only"> {row.title}</span>
            </Button>
          )}
        </div>
      </div>
    </article>
  );
}
