import type { Browser, Page } from "playwright-core";
import { expect } from "vitest";
import type { MyTicket, SignedTicketPayload } from "../src/domain";
import { baseUrl } from "./fixtures";

/** The buyer's signed QR payloads by booking, exactly as the server issues them (GET /api/me/tickets). */
export async function ticketPayloads(browser: Browser, buyer: { email: string; password: string }): Promise<Map<string, SignedTicketPayload>> {
  const context = await browser.newContext({ baseURL: baseUrl() });
  try {
    const signedIn = await context.request.post("/api/auth/sign-in/email", { data: { email: buyer.email, password: buyer.password }, headers: { origin: baseUrl() } });
    expect(signedIn.status()).toBe(200);
    const { tickets } = (await (await context.request.get("/api/me/tickets")).json()) as { tickets: MyTicket[] };
    return new Map(tickets.map((ticket) => [ticket.bookingId, ticket.qrPayload]));
  } finally {
    await context.close();
  }
}

/** The scanner's full-screen result (issue 17): an alert with its 'Back to scanner' button. */
export function fullScreenResult(page: Page) {
  return page.getByRole("alert").filter({ has: page.getByRole("button", { name: "Back to scanner" }) });
}

/**
 * Puts the full-screen result away (Escape) when one is showing; with `clear`, clears the last result too,
 * so the same ticket held to the camera is read again.
 */
export async function dismissResult(page: Page, { clear = false }: { clear?: boolean } = {}) {
  const result = fullScreenResult(page);
  if ((await result.count()) > 0) {
    await page.keyboard.press("Escape");
    await result.waitFor({ state: "detached" });
  }
  if (!clear) return;
  const button = page.getByRole("button", { name: "Clear" });
  if (await button.isEnabled()) await button.click();
}

/**
 * Turns the camera off and on: the fake camera starts again and reads the video file anew. A new
 * picture (`show`) is written only while the camera is off: the fake camera may read the file again as
 * it loops, and a result arriving before the click would cover the button.
 */
export async function restartCamera(page: Page, show?: () => Promise<void>) {
  await dismissResult(page);
  await page.getByRole("button", { name: "Turn camera off" }).click();
  await show?.();
  await page.getByRole("button", { name: "Turn camera on" }).click();
}
