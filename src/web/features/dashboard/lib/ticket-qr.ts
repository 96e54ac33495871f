import type { TicketQrPayload } from "@domain";

/** spec §9 Display: the ticket QR is drawn at 200 px with a margin of 2 modules and shown at 128 px. */
export const TICKET_QR_OPTIONS = { type: "svg", margin: 2, width: 200 } as const;
export const TICKET_QR_DISPLAY_SIZE = 128;

/** The QR content: the JSON of the payload the server gave (spec §3 QR payload). */
export function ticketQrText(payload: TicketQrPayload): string {
  return JSON.stringify(payload);
}

/**
 * The QR code of `ticketQrText` as an SVG data URL, drawn in the browser (decisions.md D13). The library loads only
 * when a ticket is shown.
 */
export async function ticketQrDataUrl(qrText: string): Promise<string> {
  const loaded = await import("qrcode");
  // A CommonJS package: bundlers and Node give its exports as the default export (named ones may be missing).
  const qrcode = loaded.default ?? loaded;
  const svg = await qrcode.toString(qrText, TICKET_QR_OPTIONS);
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
