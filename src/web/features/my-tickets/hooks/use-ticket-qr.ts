import { useEffect, useState } from "react";
import type { SignedTicketPayload } from "@domain";
import { ticketQrDataUrl, ticketQrText } from "../lib/ticket-qr";

type Drawn = { text: string; url: string } | { text: string; failed: true };

/** The ticket's QR code, drawn in the browser (decisions D13). */
export function useTicketQr(payload: SignedTicketPayload): { status: "drawing" } | { status: "failed" } | { status: "ready"; url: string } {
  const text = ticketQrText(payload);
  const [drawn, setDrawn] = useState<Drawn | null>(null);

  useEffect(() => {
    let current = true;
    ticketQrDataUrl(text).then(
      (url) => current && setDrawn({ text, url }),
      () => current && setDrawn({ text, failed: true }),
    );
    return () => {
      current = false;
    };
  }, [text]);

  if (!drawn || drawn.text !== text) return { status: "drawing" };
  return "failed" in drawn ? { status: "failed" } : { status: "ready", url: drawn.url };
}
