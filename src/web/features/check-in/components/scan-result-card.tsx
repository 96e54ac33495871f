import { CircleCheck, CircleX, IdCard, LogOut, QrCode, TriangleAlert, UserCheck } from "lucide-react";
import type { ReactNode } from "react";
import { eventPlace, formatDateTime } from "@domain";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import type { ScanOutcome } from "../hooks/use-ticket-scan";
import { ageCheckText, resultView, type ResultLook } from "../lib/result-view";

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 sm:flex-row sm:gap-3">
      <dt className="shrink-0 text-sm text-muted sm:w-32">{label}</dt>
      <dd className="min-w-0 break-words text-sm font-medium">{children}</dd>
    </div>
  );
}

function statusLabel(status: string): string {
  return status.charAt(0).toUpperCase() + status.slice(1);
}

const LOOKS: Record<ResultLook, { border: string; band: string; icon: ReactNode; heading: string }> = {
  go: { border: "border-emerald-200", band: "bg-emerald-50", icon: <CircleCheck className="size-7 shrink-0 text-emerald-700" aria-hidden="true" />, heading: "text-emerald-900" },
  already: { border: "border-amber-300", band: "bg-amber-100", icon: <TriangleAlert className="size-7 shrink-0 text-amber-800" aria-hidden="true" />, heading: "text-amber-950" },
  refused: { border: "border-red-200", band: "bg-red-50", icon: <CircleX className="size-7 shrink-0 text-red-700" aria-hidden="true" />, heading: "text-red-900" },
  out: { border: "border-sky-200", band: "bg-sky-50", icon: <LogOut className="size-7 shrink-0 text-sky-800" aria-hidden="true" />, heading: "text-sky-950" },
};

/** The last scan's result once its full-screen view is put away (spec §2 Check-in scanner: result card). */
export function ScanResultCard({
  outcome,
  checking,
  onAdmitAnyway,
  label = "Scan result",
}: {
  outcome: ScanOutcome | null;
  checking: boolean;
  onAdmitAnyway?: () => void;
  /** The region's name: "Scan result", or another where a page shows a second one (Find a guest). */
  label?: string;
}) {
  if (!outcome) {
    return (
      <Card role="region" aria-label={label} aria-live="polite" className="flex items-center gap-4 border-dashed p-5 text-muted">
        <QrCode className="size-8 shrink-0 text-brand-600" aria-hidden="true" />
        <p className="text-sm">{checking ? "Checking ticket…" : "Point the camera at the QR code on a ticket. The result appears here."}</p>
      </Card>
    );
  }
  const { result, code, checkedOffline } = outcome;
  const view = resultView(result);
  const look = LOOKS[view.look];
  const ageCheck = ageCheckText(result);
  return (
    <Card role="region" aria-label={label} aria-live="polite" tone={null} className={`bg-white ${look.border}`}>
      <div className={`flex items-start gap-3 rounded-t-2xl p-5 ${look.band}`}>
        {look.icon}
        <div className="flex min-w-0 flex-1 flex-wrap items-start justify-between gap-x-3 gap-y-2">
          <div className="min-w-0">
            <h2 className={`text-lg font-bold ${look.heading}`}>{view.heading}</h2>
            <p className="text-sm font-semibold text-ink">{view.status}</p>
            <p className="break-all font-mono text-sm text-ink">{code}</p>
            {ageCheck && (
              <p className="mt-2 inline-flex items-center gap-2 rounded-lg bg-ink px-3 py-1 text-base font-extrabold text-white">
                <IdCard className="size-5 shrink-0" aria-hidden="true" />
                {ageCheck}
              </p>
            )}
          </div>
          {checkedOffline && <Badge variant="outline">Checked offline</Badge>}
        </div>
      </div>
      <div className="flex flex-col gap-4 p-5">
        {result.event && (
          <dl className="flex flex-col gap-2">
            <Row label="Event">{result.event.title}</Row>
            <Row label="Date and time">{formatDateTime(result.event.date)}</Row>
            <Row label="Location">{eventPlace(result.event) || "TBA"}</Row>
          </dl>
        )}
        {result.attendee && (
          <dl className="flex flex-col gap-2 border-t border-border pt-4">
            <Row label="Attendee">{result.attendee.name}</Row>
            <Row label="Email">{result.attendee.email}</Row>
            {result.ticketType && <Row label="Type">{result.ticketType}</Row>}
            <Row label="Tickets">{result.attendee.tickets}</Row>
            {result.status && <Row label="Status">{statusLabel(result.status)}</Row>}
          </dl>
        )}
        {view.kind === "confirm" && onAdmitAnyway && (
          <Button onClick={onAdmitAnyway} disabled={checking} className="self-start">
            <UserCheck aria-hidden="true" />
            Admit anyway
          </Button>
        )}
        {result.checkedInAt && view.kind === "admitted" && (
          <dl className="border-t border-border pt-4">
            <Row label="Checked in">{formatDateTime(result.checkedInAt)}</Row>
          </dl>
        )}
      </div>
    </Card>
  );
}
