import type { DashboardEvent } from "@domain";
import { apiRequest } from "~/lib/api-request";

/** The signed-in organiser's events (GET /api/me/events): the ones an image can start from or be used on. */
export async function getOwnEvents(): Promise<DashboardEvent[]> {
  const { events } = await apiRequest<{ events: DashboardEvent[] }>("/api/me/events");
  return events;
}
