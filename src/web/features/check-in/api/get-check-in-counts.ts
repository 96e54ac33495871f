import { useEffect, useRef, useState } from "react";
import { CheckInCounts } from "@domain";
import { apiRequest } from "~/lib/api-request";
import { onSale } from "~/lib/sale-event";
import type { OfflineCheckIn } from "../hooks/use-offline-check-in";
import { shownCounts, type ShownCounts } from "../lib/check-in-counts";

/** The door's counter: tickets admitted and tickets sold for an event (owner or admin only). */
export async function getCheckInCounts(eventId: string): Promise<CheckInCounts> {
  return CheckInCounts.parse(await apiRequest(`/api/events/${encodeURIComponent(eventId)}/check-in-counts`));
}

/**
 * The live 'Admitted X / Y' of the door's event. The server computes the figures: asked when the event
 * is chosen, when the connection comes back and after each sync or own check-in, and pushed with every
 * change to one of the event's bookings by the organiser's live stream (any device's check-in is one).
 */
export function useCheckInCounts({ eventId, offline, admissions }: { eventId: string; offline: OfflineCheckIn; admissions: number }): ShownCounts | null {
  const [server, setServer] = useState<CheckInCounts | null>(null);
  // Bumped by every pushed figure: an answer to a request sent before it is older, and dropped.
  const pushed = useRef(0);
  const waiting = offline.pending.length;

  useEffect(() => {
    if (!eventId) return;
    return onSale((sale) => {
      if (sale.eventId !== eventId) return;
      pushed.current += 1;
      setServer({ eventId, ...sale.checkIns });
    });
  }, [eventId]);

  useEffect(() => {
    if (!eventId || offline.offline) return;
    let current = true;
    const asked = pushed.current;
    getCheckInCounts(eventId)
      .then((counts) => {
        if (current && pushed.current === asked) setServer(counts);
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [eventId, offline.offline, waiting, admissions]);

  return eventId ? shownCounts({ eventId, server, lists: offline.lists, pending: offline.pending }) : null;
}
