import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AttendeeList, EditableEvent } from "../src/domain";
import { baseUrl, DEMO_ORGANISER, expectAccessible, expectNoErrors, launchBrowser, openPage, signedInState, signIn, toast, waitForHydration } from "./fixtures";
import { createConfirmedAccount } from "./mail";

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

async function createEvent(organiser: BrowserContext, data: Record<string, unknown>): Promise<EditableEvent> {
  const created = await organiser.request.post("/api/events", { headers: { origin: baseUrl() }, data: { category: "music", dateTime: inDays(35), location: "Bristol", maxAttendees: 100, ...data } });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()) as EditableEvent;
}

async function addToCart(page: Page, event: EditableEvent, { type, quantity }: { type?: string; quantity: number }) {
  await page.goto(`/events/${event.id}`);
  await waitForHydration(page);
  if (type) await page.getByRole("group", { name: "Ticket type" }).getByRole("radio", { name: new RegExp(type) }).check();
  for (let more = 1; more < quantity; more++) await page.getByRole("button", { name: "One ticket more" }).click();
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await toast(page, "Added to cart").waitFor();
}

/** The cart's tickets (issue 36): each named or "Same as mine", each answering its type's questions, as the Buy Now's. */
describe("who each ticket in the cart is for", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it("a cart of two events, one asking a required question on its type, refuses an empty answer, then pays; the organiser reads each ticket's name and answer", async () => {
    const organiser = await openPage(browser, { storageState: await signedInState(browser, DEMO_ORGANISER) });
    const suffix = Date.now().toString(36);
    const plain = await createEvent(organiser.context, { title: `Quay Jazz ${suffix}`, venue: "The Quay Bar", pricePence: 1200 });
    const supper = await createEvent(organiser.context, {
      title: `Quay Supper Club ${suffix}`,
      venue: "The Quay Kitchen",
      ticketTypes: [
        { name: "Standing", pricePence: 1500 },
        { name: "Supper", pricePence: 2500 },
      ],
      questions: [{ label: "Dietary needs", kind: "choice", options: ["None", "Vegetarian", "Vegan"], required: true, ticketTypes: ["Supper"] }],
    });

    const account = await createConfirmedAccount("cart-attendees");
    const tracked = await openPage(browser);
    const { page } = tracked;
    await signIn(page, account);
    await addToCart(page, plain, { quantity: 2 });
    await addToCart(page, supper, { type: "Supper", quantity: 2 });
    await page.goto("/cart");
    await waitForHydration(page);
    await page.getByRole("heading", { level: 1, name: "Shopping Cart" }).waitFor();
    await page.getByLabel("Name on the ticket").fill("Ada Lovelace");

    // The Supper line is asked about every ticket: its fields are open. Ticket 1 stays in the buyer's name.
    const supperTickets = page.getByRole("group", { name: `Attendees for ${supper.title}: Supper` });
    const supperFirst = supperTickets.getByRole("group", { name: "Ticket 1" });
    const supperSecond = supperTickets.getByRole("group", { name: "Ticket 2" });
    expect(await supperFirst.getByRole("checkbox", { name: "Same as mine" }).isChecked()).toBe(true);
    await supperSecond.getByRole("checkbox", { name: "Same as mine" }).uncheck();
    await supperSecond.getByRole("textbox", { name: "Name on ticket 2" }).fill("Grace Hopper");
    await supperSecond.getByLabel("Dietary needs").selectOption("Vegan");

    // The first line asks nothing: its second ticket is named behind "Name each ticket".
    await page.getByRole("button", { name: `Name each ticket for ${plain.title}` }).click();
    const plainSecond = page.getByRole("group", { name: `Attendees for ${plain.title}` }).getByRole("group", { name: "Ticket 2" });
    await plainSecond.getByRole("checkbox", { name: "Same as mine" }).uncheck();
    await plainSecond.getByRole("textbox", { name: "Name on ticket 2" }).fill("Alan Turing");

    // Ticket 1's required answer is missing: said beside it, focused, and no checkout starts.
    await page.getByRole("button", { name: "Proceed to Checkout" }).click();
    await supperFirst.getByText("Choose an answer to “Dietary needs”").waitFor();
    const firstDiet = supperFirst.getByLabel("Dietary needs");
    expect(await firstDiet.getAttribute("aria-invalid")).toBe("true");
    await expect.poll(() => firstDiet.evaluate((select) => select === document.activeElement)).toBe(true);
    expect(new URL(page.url()).pathname).toBe("/cart");
    await expectAccessible(page);
    await firstDiet.selectOption("Vegetarian");

    await page.getByRole("button", { name: "Proceed to Checkout" }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/checkout/test/"));
    await waitForHydration(page);
    await page.getByRole("button", { name: /^Pay £/ }).click();
    await page.waitForURL((url) => url.pathname === "/payment-success");
    await waitForHydration(page);
    await expect.poll(() => page.getByText(/TCKT-\d{4}-[0-9A-F]{8}/).count()).toBeGreaterThanOrEqual(2);
    expectNoErrors(tracked);
    await tracked.context.close();

    // The organiser's attendee lists: a row per ticket, each with its own name and answer.
    const listOf = async (event: EditableEvent) => {
      const listed = await organiser.context.request.get(`/api/events/${event.id}/attendees`);
      return ((await listed.json()) as AttendeeList).attendees.map((attendee) => [attendee.name, attendee.answers.map((given) => `${given.question}: ${String(given.answer)}`)]);
    };
    expect(await listOf(plain)).toEqual([
      ["Ada Lovelace", []],
      ["Alan Turing", []],
    ]);
    expect(await listOf(supper)).toEqual([
      ["Ada Lovelace", ["Dietary needs: Vegetarian"]],
      ["Grace Hopper", ["Dietary needs: Vegan"]],
    ]);
    const form = organiser.page;
    await form.goto(`/dashboard/attendees?event=${supper.id}`);
    await waitForHydration(form);
    await form.getByRole("rowheader", { name: /Grace Hopper/ }).getByText("Vegan").waitFor();
    await form.getByRole("rowheader", { name: /Ada Lovelace/ }).getByText("Vegetarian").waitFor();
    expectNoErrors(organiser);
    await organiser.context.close();
  });
});
