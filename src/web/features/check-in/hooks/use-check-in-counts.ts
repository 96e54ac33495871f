import { useEffect, useEffectEvent, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import type { CheckInCounts } from "@domain";
import { onDoorFigures } from "../lib/door-stream";
import type { OfflineCheckIn } from "./use-offline-check-in";
import { shownCounts, type ShownCounts } from "../lib/check-in-counts";

/**
 * The live 'Admitted X / Y' of the door's event. The server computes the figures: the page's loader
 * gives them for the chosen event, and the page (the organiser's events too) is read again when the
 * connection comes back and after each sync or own check-in; the door's stream (every device at the door,
 * useDoorStream) and the organiser's live sales push them with every check-in on any device.
 */
export function useCheckInCounts({ eventId, offline, admissions, loaded }: { eventId: string; offline: OfflineCheckIn; admissions: number; loaded: CheckInCounts | null }): ShownCounts | null {
  const [server, setServer] = useState<CheckInCounts | null>(loaded);
  // Bumped by every pushed figure: a read asked for before it is older, and dropped.
  const pushed = useRef(0);
  const asked = useRef(0);
  const waiting = offline.pending.length;
  const revalidator = useRevalidator();

  useEffect(() => {
    if (!eventId) return;
    return onDoorFigures((figures) => {
      if (figures.eventId !== eventId) return;
      pushed.current += 1;
      setServer({ eventId, ...figures.checkIns });
    });
  }, [eventId]);

  // A read's figures, unless a pushed one for the same event came in after it was asked for; none while
  // the server cannot be reached, and the last figures stay.
  const takeLoaded = useEffectEvent((counts: CheckInCounts) => {
    setServer((current) => (current?.eventId === counts.eventId && pushed.current !== asked.current ? current : counts));
  });
  useEffect(() => {
    if (loaded) takeLoaded(loaded);
  }, [loaded]);

  const readAgain = useEffectEvent(() => {
    if (offline.offline) return;
    asked.current = pushed.current;
    void revalidator.revalidate();
  });
  // The figures the page opened with are fresh: read again only when something changed since (a new
  // choice of event is read by its own navigation, `?event=`).
  const opened = useRef(true);
  useEffect(() => {
    if (opened.current) {
      opened.current = false;
      return;
    }
    readAgain();
  }, [offline.offline, waiting, admissions]);

  return eventId ? shownCounts({ eventId, server, lists: offline.lists, pending: offline.pending }) : null;
}
