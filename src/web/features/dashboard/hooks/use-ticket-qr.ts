import { useEffect, useState } from "react";
import { toast } from "~/lib/toast";
import type { TicketQrPayload } from "@domain";
import { DASHBOARD_TOASTS } from "../lib/dashboard-toasts";
import { ticketQrDataUrl, ticketQrText } from "../lib/ticket-qr";

type Drawn = { text: string; url: string } | { text: string; failed: true };

/** The ticket's QR code, drawn in the browser once the ticket is shown. */
export function useTicketQr(payload: TicketQrPayload): { status: "drawing" } | { status: "failed" } | { status: "ready"; url: string } {
  const text = ticketQrText(payload);
  const [drawn, setDrawn] = useState<Drawn | null>(null);

  useEffect(() => {
    let current = true;
    ticketQrDataUrl(text).then(
      (url) => current && setDrawn({ text, url }),
      () => {
        if (!current) return;
        toast.error(DASHBOARD_TOASTS.qrFailed.title, { description: DASHBOARD_TOASTS.qrFailed.description });
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
