import type { SignedTicketPayload } from "@domain";

/**
 * spec §9 Display: drawn at 200 px with a margin of 2 modules, shown at 128 px. Level M keeps the
 * signed payload (decisions D13) small enough to scan from a phone screen.
 */
export const TICKET_QR_OPTIONS = { type: "svg", width: 200, margin: 2, errorCorrectionLevel: "M" } as const;
export const TICKET_QR_DISPLAY_SIZE = 128;

/** The QR content is exactly the JSON of the signed payload the server gave; the scanner verifies kid and sig from it. */
export function ticketQrText(payload: SignedTicketPayload): string {
  return JSON.stringify(payload);
}

/** A QR code of `ticketQrText` as an SVG data URL, drawn in the browser (decisions D13); the library loads with the first ticket. */
export async function ticketQrDataUrl(qrText: string): Promise<string> {
  const loaded = await import("qrcode");
  // A CommonJS package: bundlers and Node give its exports as the default export (named ones may be missing).
  const qrcode = loaded.default ?? loaded;
  const svg = await qrcode.toString(qrText, TICKET_QR_OPTIONS);
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
