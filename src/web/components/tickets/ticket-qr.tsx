import { QrCode } from "lucide-react";
import { useEffect, useEffectEvent, useState } from "react";
import type { TicketQrPayload } from "@domain";
import { cn } from "~/lib/cn";

/**
 * spec §9 Display: drawn at 200 px with a margin of 2 modules, shown at 128 px. Level M keeps the
 * signed payload (decisions D13) small enough to scan from a phone screen.
 */
export const TICKET_QR_OPTIONS = { type: "svg", width: 200, margin: 2, errorCorrectionLevel: "M" } as const;
export const TICKET_QR_DISPLAY_SIZE = 128;

/** The QR content is exactly the JSON of the payload the server gave (spec §3 QR payload); the scanner verifies kid and sig from it. */
export function ticketQrText(payload: TicketQrPayload): string {
  return JSON.stringify(payload);
}

/** A QR code of `ticketQrText` as an SVG data URL, drawn in the browser (decisions D13); the library loads with the first ticket shown. */
export async function ticketQrDataUrl(qrText: string): Promise<string> {
  const loaded = await import("qrcode");
  // A CommonJS package: bundlers and Node give its exports as the default export (named ones may be missing).
  const qrcode = loaded.default ?? loaded;
  const svg = await qrcode.toString(qrText, TICKET_QR_OPTIONS);
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

type Drawn = { text: string; url: string } | { text: string; failed: true };

function useTicketQr(payload: TicketQrPayload, onFailed?: () => void): { status: "drawing" } | { status: "failed" } | { status: "ready"; url: string } {
  const text = ticketQrText(payload);
  const [drawn, setDrawn] = useState<Drawn | null>(null);
  const reportFailure = useEffectEvent(() => onFailed?.());

  useEffect(() => {
    let current = true;
    ticketQrDataUrl(text).then(
      (url) => current && setDrawn({ text, url }),
      () => {
        if (!current) return;
        reportFailure();
        setDrawn({ text, failed: true });
      },
    );
    return () => {
      current = false;
    };
  }, [text]);

  if (!drawn || drawn.text !== text) return { status: "drawing" };
  return "failed" in drawn ? { status: "failed" } : { status: "ready", url: drawn.url };
}

/**
 * A ticket's entry QR code, drawn in the browser and shown at 128 px (spec §9 Display); My Tickets and
 * the dashboard's ticket viewer show it. `onFailed` runs when it could not be drawn.
 */
export function TicketQr({ payload, className, onFailed }: { payload: TicketQrPayload; className?: string; onFailed?: () => void }) {
  const qr = useTicketQr(payload, onFailed);
  const frame = cn("size-32 shrink-0 rounded-xl bg-white", className);
  if (qr.status === "drawing") return <div aria-hidden="true" className={cn(frame, "animate-pulse")} />;
  if (qr.status === "failed") {
    return (
      <div role="img" aria-label={`QR code for ticket ${payload.ticketId} could not be drawn`} className={cn(frame, "flex flex-col items-center justify-center gap-1 border border-dashed border-red-300 p-2 text-center text-xs text-red-800")}>
        <QrCode className="size-6" aria-hidden="true" />
        Failed to generate QR code
      </div>
    );
  }
  return <img src={qr.url} alt={`QR code for ticket ${payload.ticketId}`} width={TICKET_QR_DISPLAY_SIZE} height={TICKET_QR_DISPLAY_SIZE} className={cn(frame, "border border-border")} />;
}
