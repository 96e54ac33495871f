import { Eraser, UserCheck } from "lucide-react";
import { useCallback, useId, useMemo, useState } from "react";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { useCheckInCounts } from "../api/get-check-in-counts";
import { useOfflineCheckIn } from "../hooks/use-offline-check-in";
import { useOwnEvents } from "../api/get-own-events";
import { useTicketScan } from "../hooks/use-ticket-scan";
import { doorEvents } from "../lib/door-events";
import { useFeedbackSetting } from "../hooks/use-feedback-setting";
import { ConnectionStatus } from "./connection-status";
import { DoorBar } from "./door-bar";
import { OfflineCheckInPanel } from "./offline-check-in-panel";
import { ScanResultCard } from "./scan-result-card";
import { ScanResultOverlay } from "./scan-result-overlay";
import { ScannerCamera } from "./scanner-camera";

/** The signed-in scanner (spec §2 Check-in scanner), loaded in the browser only: it needs the camera. */
export default function CheckInScanner({ userId }: { userId: string }) {
  const autoId = useId();
  const soundId = useId();
  const [autoCheckIn, setAutoCheckIn] = useState(true);
  const [feedback, setFeedback] = useFeedbackSetting();
  const offline = useOfflineCheckIn(userId);
  const own = useOwnEvents(offline.browserOnline);
  const events = useMemo(() => doorEvents(own.events, offline.lists, new Date()), [own.events, offline.lists]);
  // The door's event: the next one until the organiser picks another ('' checks any of their events);
  // a chosen event no longer listed (deleted, or offline without its list) falls back to the next one.
  const [chosenEvent, setChosenEvent] = useState<string | null>(null);
  const listed = events ? [...events.upcoming, ...events.past].some((event) => event.id === chosenEvent) : false;
  const eventId = chosenEvent === "" ? "" : chosenEvent && listed ? chosenEvent : (events?.upcoming[0]?.id ?? "");
  const { outcome, shown, checking, admissions, onScan, checkInManually, clear, dismiss } = useTicketScan({ offline, autoCheckIn, doorEventId: eventId, feedback });
  const counts = useCheckInCounts({ eventId, offline, admissions });
  // No scan is read before the door's event is known, or a ticket for another event could get in.
  const doorKnown = events !== null || own.failed || !offline.browserOnline;
  const onDoorScan = useCallback((text: string) => doorKnown && onScan(text), [doorKnown, onScan]);

  return (
    <div className="flex flex-col gap-6">
      <ConnectionStatus offline={offline} />
      <DoorBar events={events} eventId={eventId} onEventChange={setChosenEvent} counts={counts} />
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
          {!shown && <ScanResultCard outcome={outcome} checking={checking} />}
        </div>
      </div>
      <OfflineCheckInPanel offline={offline} />
      {outcome && shown && (
        <ScanResultOverlay
          key={outcome.serial}
          outcome={outcome}
          canCheckInManually={!autoCheckIn}
          checking={checking}
          onCheckInManually={checkInManually}
          onDismiss={dismiss}
        />
      )}
    </div>
  );
}
