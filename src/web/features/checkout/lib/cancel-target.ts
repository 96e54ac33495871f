import { EventId } from "@domain";
import { paths } from "~/paths";

/** 'Try Payment Again' goes back to the event when the cancel page knows it, else to /events (spec §2 Payment pages). */
export function tryAgainPath(eventId: string | null): string {
  return eventId && EventId.safeParse(eventId).success ? paths.event(eventId) : paths.events();
}
