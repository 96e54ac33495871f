import { admissibleTickets, formatDateTime, plural, type ScannerEvent } from "@domain";
import { CloudUpload, Download, LoaderCircle, RefreshCw, Trash2, Wifi, WifiOff } from "lucide-react";
import { lazy, Suspense, useId, useState } from "react";
import { AgeLimitBadge } from "~/components/age-limit-badge";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Label } from "~/components/ui/input";
import type { OfflineCheckIn } from "../hooks/use-offline-check-in";
import { eventChoices } from "../lib/event-choices";
import { EventSelect } from "./event-select";

const SyncConflicts = lazy(() => import("./sync-conflicts"));

function EventPicker({ offline, events }: { offline: OfflineCheckIn; events: ScannerEvent[] | null }) {
  const selectId = useId();
  const [chosen, setChosen] = useState("");
  if (!events) return <p className="text-sm text-muted">Connect to the internet to download a ticket list.</p>;
  if (events.length === 0) return <p className="text-sm text-muted">You have no events yet. Ticket lists are available for events you organise.</p>;
  const { upcoming, past } = eventChoices(events, new Date());
  const eventId = chosen || upcoming[0]?.id || past[0]?.id || "";
  const busy = offline.downloading !== null;
  return (
    <form
      className="flex flex-col gap-2 sm:flex-row sm:items-end"
      onSubmit={(submitEvent) => {
        submitEvent.preventDefault();
        if (eventId) void offline.download(eventId);
      }}
    >
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <Label htmlFor={selectId}>Event</Label>
        <EventSelect id={selectId} events={{ upcoming, past }} value={eventId} onChange={setChosen} />
      </div>
      <Button type="submit" size="md" disabled={busy || !offline.browserOnline || !eventId}>
        {busy ? <LoaderCircle className="animate-spin motion-reduce:animate-none" aria-hidden="true" /> : <Download aria-hidden="true" />}
        Download ticket list
      </Button>
    </form>
  );
}

/**
 * Offline check-in: the organiser downloads an event's ticket list while online; without a connection
 * the scanner then verifies tickets on this device and queues the check-ins, which sync when back online.
 */
export function OfflineCheckInPanel({ offline, ownEvents }: { offline: OfflineCheckIn; ownEvents: ScannerEvent[] | null }) {
  const waiting = offline.pending.length;
  const pendingByEvent = new Map<string, number>();
  for (const entry of offline.pending) pendingByEvent.set(entry.eventId, (pendingByEvent.get(entry.eventId) ?? 0) + 1);

  return (
    <section aria-labelledby="offline-check-in-heading">
      <Card className="flex flex-col gap-5 p-5 sm:p-6">
        <div>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="offline-check-in-heading" className="text-lg font-bold">
              Offline check-in
            </h2>
            {offline.offline ? (
              <Badge variant="warning">
                <WifiOff className="size-3.5" aria-hidden="true" />
                Offline
              </Badge>
            ) : (
              <Badge variant="success">
                <Wifi className="size-3.5" aria-hidden="true" />
                Online
              </Badge>
            )}
          </div>
          <p className="mt-1 text-sm text-muted">
            Download an event&apos;s ticket list before the doors open. If the connection drops, the scanner checks tickets on this device and sends
            the check-ins when you are back online.
          </p>
        </div>

        {offline.storage === "unavailable" ? (
          <p className="text-sm text-red-800">This browser cannot store ticket lists, so offline check-in is not available here.</p>
        ) : (
          <EventPicker offline={offline} events={ownEvents} />
        )}

        {offline.lists.length > 0 && (
          <div>
            <h3 className="text-sm font-semibold">Ticket lists on this device</h3>
            <ul className="mt-2 divide-y divide-border rounded-xl border border-border">
              {offline.lists.map((list) => {
                const checkedIn = list.tickets.filter((ticket) => ticket.checkedInAt).length;
                const queued = pendingByEvent.get(list.event.id) ?? 0;
                return (
                  <li key={list.event.id} className="flex flex-col gap-3 p-3 sm:flex-row sm:items-center sm:justify-between">
                    <div className="min-w-0">
                      <p className="flex items-center gap-2 font-medium">
                        <span className="truncate">{list.event.title}</span>
                        <AgeLimitBadge minAge={list.event.minAge} className="shrink-0" />
                      </p>
                      <p className="text-xs text-muted">
                        {formatDateTime(list.event.dateTime)} · {plural(admissibleTickets(list).length, "ticket")} · {checkedIn + queued} checked in · downloaded{" "}
                        {formatDateTime(list.downloadedAt)}
                      </p>
                    </div>
                    <div className="flex shrink-0 gap-2">
                      <Button
                        size="sm"
                        variant="outline"
                        disabled={!offline.browserOnline || offline.downloading !== null}
                        onClick={() => void offline.download(list.event.id)}
                        aria-label={`Update the ticket list of ${list.event.title}`}
                      >
                        <RefreshCw aria-hidden="true" />
                        Update
                      </Button>
                      <Button
                        size="sm"
                        variant="ghost"
                        disabled={queued > 0}
                        title={queued > 0 ? "Sync its check-ins first" : undefined}
                        onClick={() => void offline.remove(list.event.id)}
                        aria-label={`Remove the ticket list of ${list.event.title}`}
                      >
                        <Trash2 aria-hidden="true" />
                        Remove
                      </Button>
                    </div>
                  </li>
                );
              })}
            </ul>
          </div>
        )}

        <div className="flex flex-col gap-3 rounded-xl bg-surface p-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm">
            <span className="font-semibold">{plural(waiting, "check-in")}</span> waiting to sync
          </p>
          <Button size="sm" variant="secondary" disabled={waiting === 0 || !offline.browserOnline || offline.syncing} onClick={() => void offline.sync()}>
            {offline.syncing ? <LoaderCircle className="animate-spin motion-reduce:animate-none" aria-hidden="true" /> : <CloudUpload aria-hidden="true" />}
            Sync now
          </Button>
        </div>

        {offline.conflicts.length > 0 && (
          // Shown after a sync that met conflicts (online by then): loaded only when there are some.
          <Suspense fallback={null}>
            <SyncConflicts conflicts={offline.conflicts} onDismiss={() => void offline.dismissConflicts()} />
          </Suspense>
        )}
      </Card>
    </section>
  );
}
