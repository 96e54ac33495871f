import sharp from "sharp";
import type { TicketQrPayload } from "@domain";
import { ticketQrPng } from "../../../server/features/tickets/ticket-email";

/**
 * A ticket's entry QR code, drawn on the server for the page's loader or action so the browser loads no QR
 * library (issue 35): a two-colour PNG as a data URL, about 0.9 kB where an SVG of the same code is 10 kB
 * (the page carries it twice: in its HTML and in the loader's data). Null when it could not be drawn (the
 * page says so).
 */
export async function ticketQrImage(payload: TicketQrPayload): Promise<string | null> {
  try {
    const drawn = await ticketQrPng(payload, { scale: 1 });
    const png = await sharp(drawn).png({ palette: true, colours: 2, compressionLevel: 9 }).toBuffer();
    return `data:image/png;base64,${png.toString("base64")}`;
  } catch {
    return null;
  }
}
