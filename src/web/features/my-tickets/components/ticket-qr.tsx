import { QrCode } from "lucide-react";
import type { SignedTicketPayload } from "@domain";
import { Skeleton } from "~/components/ui/skeleton";
import { useTicketQr } from "../hooks/use-ticket-qr";
import { TICKET_QR_DISPLAY_SIZE } from "../lib/ticket-qr";

/** The entry QR code, drawn in the browser and shown at 128 px (spec §9 Display); larger on paper. */
export function TicketQr({ payload }: { payload: SignedTicketPayload }) {
  const qr = useTicketQr(payload);
  const frame = "size-32 shrink-0 rounded-xl bg-white print:size-56";
  if (qr.status === "drawing") return <Skeleton className={frame} />;
  if (qr.status === "failed") {
    return (
      <div role="img" aria-label={`QR code for ticket ${payload.ticketId} could not be drawn`} className={`${frame} flex flex-col items-center justify-center gap-1 border border-dashed border-red-300 p-2 text-center text-xs text-red-800`}>
        <QrCode className="size-6" aria-hidden="true" />
        Failed to generate QR code
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
