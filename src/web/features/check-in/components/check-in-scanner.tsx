import { Eraser, UserCheck } from "lucide-react";
import { useCallback, useEffect, useId, useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import type { CheckInCounts, CheckInList, ScannerEvent } from "@domain";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { useCheckInCounts } from "../hooks/use-check-in-counts";
import { useDoorStream } from "../lib/door-stream";
import { useOfflineCheckIn } from "../hooks/use-offline-check-in";
import { useOwnEvents } from "../hooks/use-own-events";
import { useTicketScan } from "../hooks/use-ticket-scan";
import { doorEvents } from "../lib/door-events";
import { useFeedbackSetting } from "../hooks/use-feedback-setting";
import { ConnectionStatus } from "./connection-status";
import { DoorBar } from "./door-bar";
import { DoorFiguresDisclosure } from "./door-figures-disclosure";
import { FindGuest } from "./find-guest";
import { OfflineCheckInPanel } from "./offline-check-in-panel";
import { ScanResultCard } from "./scan-result-card";
import { ScanResultOverlay } from "./scan-result-overlay";
import { ScannerCamera } from "./scanner-camera";

/** The signed-in scanner (spec §2 Check-in scanner), loaded in the browser only: it needs the camera. */
export default function CheckInScanner({
  userId,
  ownEvents,
  counts: loadedCounts,
  doorLists,
}: {
  userId: string;
  ownEvents: ScannerEvent[] | null;
  counts: CheckInCounts | null;
  /** The check-in lists of the event in the address, as the loader read them; null when not known. */
  doorLists: CheckInList["lists"] | null;
}) {
  const autoId = useId();
  const soundId = useId();
  const [autoCheckIn, setAutoCheckIn] = useState(true);
  const [feedback, setFeedback] = useFeedbackSetting();
  const offline = useOfflineCheckIn(userId);
  const own = useOwnEvents(ownEvents);
  const events = useMemo(() => doorEvents(own, offline.lists, new Date()), [own, offline.lists]);
  // The door's event: the next one until the organiser picks another ('' checks any of their events);
  // a chosen event no longer listed (deleted, or offline without its list) falls back to the next one.
  // The choice is kept in the address too (`?event=`), so the loader counts that event's admissions;
  // only while the server can be reached, as reading the page again offline would fail it.
  const [searchParams, setSearchParams] = useSearchParams();
  const [chosenEvent, setChosenEvent] = useState<string | null>(() => searchParams.get("event"));
  const addressed = searchParams.get("event");
  useEffect(() => {
    if (chosenEvent === null || chosenEvent === addressed || offline.offline) return;
    setSearchParams({ event: chosenEvent }, { replace: true, preventScrollReset: true });
  }, [chosenEvent, addressed, offline.offline, setSearchParams]);
  const listed = events ? [...events.upcoming, ...events.past].some((event) => event.id === chosenEvent) : false;
  const eventId = chosenEvent === "" ? "" : chosenEvent && listed ? chosenEvent : (events?.upcoming[0]?.id ?? "");
  // The door's check-in list (issue 38): the loader's for the event in the address, else the downloaded list's.
  const lists = (eventId && eventId === addressed ? doorLists : null) ?? offline.lists.find((list) => list.event.id === eventId)?.lists ?? [];
  const [chosenList, setChosenList] = useState<{ eventId: string; listId: string } | null>(null);
  const list = lists.find((candidate) => chosenList?.eventId === eventId && candidate.id === chosenList.listId) ?? null;
  const [direction, setDirection] = useState<"in" | "out">("in");
  const scanDirection = list?.allowReentry ? direction : "in";
  const { outcome, shown, checking, admissions, onScan, checkInManually, admitAnyway, clear, dismiss } = useTicketScan({
    offline,
    autoCheckIn,
    doorEventId: eventId,
    listId: list?.id ?? null,
    direction: scanDirection,
    feedback,
  });
  const counts = useCheckInCounts({ eventId, offline, admissions, loaded: loadedCounts });
  useDoorStream(offline.offline ? "" : eventId);
  // No scan is read before the door's event is known, or a ticket for another event could get in.
  const doorKnown = events !== null || !offline.browserOnline;
  const onDoorScan = useCallback((text: string) => doorKnown && onScan(text), [doorKnown, onScan]);

  return (
    <div className="flex flex-col gap-6">
      <ConnectionStatus offline={offline} />
      <DoorBar
        events={events}
        eventId={eventId}
        onEventChange={setChosenEvent}
        counts={counts}
        lists={lists}
        listId={list?.id ?? ""}
        onListChange={(listId) => setChosenList(listId ? { eventId, listId } : null)}
        direction={list?.allowReentry ? direction : null}
        onDirectionChange={setDirection}
      />
      <div className="grid items-start gap-6 lg:grid-cols-2 lg:gap-8">
        <div className="mx-auto w-full max-w-xl lg:mx-0">
          <ScannerCamera onScan={onDoorScan} />
        </div>
        <div className="flex flex-col gap-4">
          <Card className="flex flex-wrap items-center justify-between gap-3 p-4 sm:p-5">
            <div className="flex flex-col gap-3">
              <label htmlFor={autoId} className="flex cursor-pointer items-center gap-3 text-sm font-semibold">
                <input
                  id={autoId}
                  type="checkbox"
                  checked={autoCheckIn}
                  onChange={(event) => setAutoCheckIn(event.target.checked)}
                  className="size-5 cursor-pointer rounded accent-brand-600"
                />
                Auto check-in on scan
              </label>
              <label htmlFor={soundId} className="flex cursor-pointer items-center gap-3 text-sm font-semibold">
                <input
                  id={soundId}
                  type="checkbox"
                  checked={feedback}
                  onChange={(event) => setFeedback(event.target.checked)}
                  className="size-5 cursor-pointer rounded accent-brand-600"
                />
                Sound and vibration
              </label>
            </div>
            <div className="flex flex-wrap gap-2">
              {!autoCheckIn && outcome && !shown && (
                <Button onClick={checkInManually} disabled={checking}>
                  <UserCheck aria-hidden="true" />
                  Check in manually
                </Button>
              )}
              <Button variant="outline" onClick={clear} disabled={!outcome}>
                <Eraser aria-hidden="true" />
                Clear
              </Button>
            </div>
          </Card>
          {!shown && <ScanResultCard outcome={outcome} checking={checking} onAdmitAnyway={admitAnyway} />}
          <FindGuest eventId={eventId || null} listId={list?.id ?? null} />
          {/* Per list and per type (issue 38): read again with each of this device's admissions, pushed to the organiser live. */}
          {eventId && !offline.offline && <DoorFiguresDisclosure eventId={eventId} refreshKey={admissions} />}
        </div>
      </div>
      <OfflineCheckInPanel offline={offline} ownEvents={own} />
      {outcome && shown && (
        <ScanResultOverlay
          key={outcome.serial}
          outcome={outcome}
          canCheckInManually={!autoCheckIn}
          checking={checking}
          onCheckInManually={checkInManually}
          onAdmitAnyway={admitAnyway}
          onDismiss={dismiss}
        />
      )}
    </div>
  );
}
