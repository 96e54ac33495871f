import { Eraser, UserCheck } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { useOfflineCheckIn } from "../hooks/use-offline-check-in";
import { useTicketScan } from "../hooks/use-ticket-scan";
import { ConnectionStatus } from "./connection-status";
import { OfflineCheckInPanel } from "./offline-check-in-panel";
import { ScanResultCard } from "./scan-result-card";
import { ScannerCamera } from "./scanner-camera";

/** The signed-in scanner (spec §2 Check-in scanner), loaded in the browser only: it needs the camera. */
export default function CheckInScanner({ userId }: { userId: string }) {
  const autoId = useId();
  const [autoCheckIn, setAutoCheckIn] = useState(true);
  const offline = useOfflineCheckIn(userId);
  const { outcome, checking, onScan, checkInManually, clear } = useTicketScan({ offline, autoCheckIn });

  return (
    <div className="flex flex-col gap-6">
      <ConnectionStatus offline={offline} />
      <div className="grid items-start gap-6 lg:grid-cols-2 lg:gap-8">
        <div className="mx-auto w-full max-w-xl lg:mx-0">
          <ScannerCamera onScan={onScan} />
        </div>
        <div className="flex flex-col gap-4">
          <Card className="flex flex-wrap items-center justify-between gap-3 p-4 sm:p-5">
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
            <div className="flex flex-wrap gap-2">
              {!autoCheckIn && outcome && (
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
          <ScanResultCard outcome={outcome} checking={checking} />
        </div>
      </div>
      <OfflineCheckInPanel offline={offline} />
    </div>
  );
}
