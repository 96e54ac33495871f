import { plural } from "@domain";
import { CloudUpload, WifiOff } from "lucide-react";
import { Button } from "~/components/ui/button";
import type { OfflineCheckIn } from "../hooks/use-offline-check-in";

/** A clear 'Offline' indicator with the check-ins waiting to sync; when online, only if some are waiting. */
export function ConnectionStatus({ offline }: { offline: OfflineCheckIn }) {
  const waiting = offline.pending.length;
  if (offline.offline) {
    const hasLists = offline.lists.length > 0;
    return (
      <div role="status" className="flex items-start gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
        <WifiOff className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        <div className="text-sm">
          <p className="text-base font-bold">Offline</p>
          <p>
            {hasLists
              ? "Tickets are checked against the ticket lists on this device."
              : "No ticket list on this device: tickets cannot be checked until the connection is back."}
          </p>
          <p className="mt-1 font-semibold">{plural(waiting, "check-in")} waiting to sync</p>
        </div>
      </div>
    );
  }
  if (waiting === 0) return null;
  return (
    <div role="status" className="flex flex-col gap-3 rounded-2xl border border-brand-200 bg-brand-50 p-4 text-brand-950 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm font-semibold">{plural(waiting, "check-in")} waiting to sync</p>
      <Button size="sm" onClick={() => void offline.sync()} disabled={offline.syncing}>
        <CloudUpload aria-hidden="true" />
        Sync now
      </Button>
    </div>
  );
}
