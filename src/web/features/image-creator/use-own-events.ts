import { useEffect, useState } from "react";
import type { DashboardEvent, OwnEventList } from "@domain";
import { apiRequest } from "~/lib/api-request";

/** The signed-in organiser's events (GET /api/me/events): the ones an image can start from or be used on. */
export async function getOwnEvents(): Promise<DashboardEvent[]> {
  const { events } = await apiRequest<OwnEventList>("/api/me/events");
  return events;
}

export interface OwnEventsState {
  /** Null while loading. */
  events: DashboardEvent[] | null;
  failed: boolean;
}

/** The organiser's events, loaded once when the page opens. */
export function useOwnEvents(): OwnEventsState {
  const [state, setState] = useState<OwnEventsState>({ events: null, failed: false });
  useEffect(() => {
    let current = true;
    getOwnEvents()
      .then((events) => current && setState({ events, failed: false }))
      .catch(() => current && setState({ events: [], failed: true }));
    return () => {
      current = false;
    };
  }, []);
  return state;
}
