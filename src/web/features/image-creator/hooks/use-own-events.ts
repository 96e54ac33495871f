import { useEffect, useState } from "react";
import type { DashboardEvent } from "@domain";
import { getOwnEvents } from "../api/own-events";

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
