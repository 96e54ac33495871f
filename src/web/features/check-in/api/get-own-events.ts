import type { DashboardEvent } from "@domain";
import { apiRequest } from "~/lib/api-request";

/** The signed-in organiser's events (GET /api/me/events), to choose a ticket list from. */
export async function getOwnEvents(): Promise<DashboardEvent[]> {
  const { events } = await apiRequest<{ events: DashboardEvent[] }>("/api/me/events");
  return events;
}
