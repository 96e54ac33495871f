import { useEffect } from "react";
import type { LiveDoor } from "@domain";
import { onSale } from "~/lib/sale-event";

const FIGURES = "eventora:door-figures";
const REOPENED = "eventora:door-reopened";

/**
 * Hears pushed door figures, whichever way they come: the event's door stream (useDoorStream: any device at
 * this door) or the organiser's live sales, which carry the same figures.
 */
export function onDoorFigures(listener: (figures: LiveDoor) => void): () => void {
  const handle = (event: Event) => listener((event as CustomEvent<LiveDoor>).detail);
  window.addEventListener(FIGURES, handle);
  const stopSales = onSale(({ eventId, checkIns, door }) => listener({ eventId, checkIns, door }));
  return () => {
    window.removeEventListener(FIGURES, handle);
    stopSales();
  };
}

/** Hears the stream come back after a break: what changed meanwhile must be read again. */
export function onDoorReopened(listener: (eventId: string) => void): () => void {
  const handle = (event: Event) => listener((event as CustomEvent<string>).detail);
  window.addEventListener(REOPENED, handle);
  return () => window.removeEventListener(REOPENED, handle);
}

function isLiveDoor(value: unknown, eventId: string): value is LiveDoor {
  const figures = value as Partial<LiveDoor> | null;
  return typeof figures === "object" && figures !== null && figures.eventId === eventId && typeof figures.checkIns?.admitted === "number" && Array.isArray(figures.door?.lists);
}

/**
 * Keeps the event's door stream open while the scanner shows it (GET /api/realtime/door/{eventId}, issue 38):
 * for the organiser, door staff and door links alike, every device's check-in brings the figures here. The
 * browser's EventSource reconnects by itself; each reconnection after the first says so, to read again.
 */
export function useDoorStream(eventId: string) {
  useEffect(() => {
    if (!eventId) return;
    const source = new EventSource(`/api/realtime/door/${encodeURIComponent(eventId)}`);
    let opened = 0;
    source.addEventListener("open", () => {
      if (opened++ > 0) window.dispatchEvent(new CustomEvent(REOPENED, { detail: eventId }));
    });
    source.addEventListener("door", (message) => {
      let figures: unknown;
      try {
        figures = JSON.parse((message as MessageEvent<string>).data);
      } catch {
        return;
      }
      if (isLiveDoor(figures, eventId)) window.dispatchEvent(new CustomEvent(FIGURES, { detail: figures }));
    });
    return () => source.close();
  }, [eventId]);
}
