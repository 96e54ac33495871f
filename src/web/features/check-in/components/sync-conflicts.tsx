import { formatDateTime } from "@domain";
import { TriangleAlert, X } from "lucide-react";
import { Button } from "~/components/ui/button";
import type { SyncConflict } from "../lib/sync-bookkeeping";

/**
 * What a sync could not take (decision 047): a ticket another device had admitted first (the first scan to
 * reach the server wins; the server names who let it in), or one that could not be admitted at all.
 */
export default function SyncConflicts({ conflicts, onDismiss }: { conflicts: readonly SyncConflict[]; onDismiss: () => void }) {
  return (
    <div aria-labelledby="sync-conflicts-heading" role="region" className="rounded-xl border border-amber-200 bg-amber-50 p-4">
      <div className="flex items-center justify-between gap-3">
        <h3 id="sync-conflicts-heading" className="flex items-center gap-2 font-semibold text-amber-950">
          <TriangleAlert className="size-5 shrink-0 text-amber-800" aria-hidden="true" />
          Sync conflicts
        </h3>
        <Button size="sm" variant="ghost" onClick={onDismiss} aria-label="Dismiss sync conflicts">
          <X aria-hidden="true" />
          Dismiss
        </Button>
      </div>
      <p className="mt-1 text-sm text-amber-950">The first scan to reach the server wins: these tickets were also checked in elsewhere, or could not be admitted.</p>
      <ul className="mt-3 flex flex-col gap-2">
        {conflicts.map((conflict) => (
          <li key={conflict.ticketId} className="rounded-lg bg-white p-3 text-sm shadow-sm">
            <p className="font-medium">
              {conflict.attendeeName} <span className="font-mono text-xs text-muted">{conflict.ticketId}</span>
            </p>
            <p className="text-muted">{conflict.eventTitle}</p>
            <p className="mt-1">
              {conflict.outcome === "conflict" ? "" : "Not admitted: "}
              {conflict.error ?? "Ticket not found or unpaid"} (this device scanned it at {formatDateTime(conflict.localCheckedInAt)}).
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}
