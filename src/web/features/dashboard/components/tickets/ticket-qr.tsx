import { QrCode } from "lucide-react";
import type { TicketQrPayload } from "@domain";
import { Skeleton } from "~/components/ui/skeleton";
import { useTicketQr } from "../../hooks/use-ticket-qr";
import { DASHBOARD_TOASTS } from "../../lib/dashboard-toasts";
import { TICKET_QR_DISPLAY_SIZE } from "../../lib/ticket-qr";

/** The ticket's entry QR code, drawn in the browser and shown at 128 px (spec §9 Display). */
export function TicketQr({ payload }: { payload: TicketQrPayload }) {
  const qr = useTicketQr(payload);
  const frame = "flex size-32 shrink-0 items-center justify-center rounded-xl bg-white";
  if (qr.status === "drawing") return <Skeleton className="size-32" />;
  if (qr.status === "failed") {
    return (
      <div className={`${frame} flex-col gap-1 border border-dashed border-red-300 p-2 text-center text-xs text-red-800`}>
        <QrCode className="size-6" aria-hidden="true" />
        {DASHBOARD_TOASTS.qrFailed.description}
      </div>
    );
  }
  return (
    <img
      src={qr.url}
      alt={`QR code for ticket ${payload.ticketId}`}
      width={TICKET_QR_DISPLAY_SIZE}
      height={TICKET_QR_DISPLAY_SIZE}
      className={`${frame} border border-border`}
    />
  );
}
