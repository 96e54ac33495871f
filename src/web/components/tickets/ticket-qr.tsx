import { QrCode } from "lucide-react";
import { cn } from "~/lib/cn";

/** spec §9 Display: shown at 128 px (224 px on paper). */
export const TICKET_QR_DISPLAY_SIZE = 128;

/**
 * A ticket's entry QR code, drawn by the server (`ticketQrImage`) and shown at 128 px (spec §9 Display);
 * My Tickets and the dashboard's ticket viewer show it. `image` is null when it could not be drawn. Drawn a
 * pixel a module, it is scaled up without smoothing, so every module stays a sharp square.
 */
export function TicketQr({ image, ticketId, className }: { image: string | null; ticketId: string; className?: string }) {
  const frame = cn("size-32 shrink-0 rounded-xl bg-white", className);
  if (image === null) {
    return (
      <div role="img" aria-label={`QR code for ticket ${ticketId} could not be drawn`} className={cn(frame, "flex flex-col items-center justify-center gap-1 border border-dashed border-red-300 p-2 text-center text-xs text-red-800")}>
        <QrCode className="size-6" aria-hidden="true" />
        Failed to generate QR code
      </div>
    );
  }
  return <img src={image} alt={`QR code for ticket ${ticketId}`} width={TICKET_QR_DISPLAY_SIZE} height={TICKET_QR_DISPLAY_SIZE} className={cn(frame, "border border-border [image-rendering:pixelated]")} />;
}
