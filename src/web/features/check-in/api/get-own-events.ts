import { useEffect, useState } from "react";
import type { DashboardEvent } from "@domain";
import { apiRequest } from "~/lib/api-request";

/** The signed-in organiser's events (GET /api/me/events), to choose a ticket list from. */
export async function getOwnEvents(): Promise<DashboardEvent[]> {
  const { events } = await apiRequest<{ events: DashboardEvent[] }>("/api/me/events");
  return events;
}

/** The organiser's events for the ticket-list picker; reloaded when the connection comes back. */
export function useOwnEvents(online: boolean): { events: DashboardEvent[] | null; failed: boolean } {
  const [state, setState] = useState<{ events: DashboardEvent[] | null; failed: boolean }>({ events: null, failed: false });
  useEffect(() => {
    if (!online) return;
    let current = true;
    getOwnEvents()
      .then((events) => {
        if (current) setState({ events, failed: false });
      })
      .catch(() => {
        if (current) setState((previous) => ({ events: previous.events, failed: previous.events === null }));
      });
    return () => {
      current = false;
    };
  }, [online]);
  return state;
}
