// @vitest-environment happy-dom
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, expect, test } from "vitest";
import { data } from "react-router";
import { anEvent } from "~/test/events";
import { renderRoute } from "~/test/render-route";
import EventDetailRoute, { ErrorBoundary } from "./event-detail";

afterEach(cleanup);

const before = "2026-06-01T12:00:00.000Z";

function openEvent(event = anEvent(), now = before) {
  renderRoute({
    url: `/events/${event.id}`,
    route: {
      path: "/events/:id",
      loader: () => ({ event, similar: [anEvent({ id: "7a1c2a7e-0d7b-4c53-9d0e-2f3a4b5c6d7e", title: "Blues Brunch" })], origin: "http://localhost", now }),
      Component: EventDetailRoute as never,
      ErrorBoundary: ErrorBoundary as never,
    },
  });
}

test("an event on sale shows its title, price, quantity, Buy Now and Add to Cart, and similar events", async () => {
  openEvent();
  expect(await screen.findByRole("heading", { level: 1, name: "Jazz Night" })).toBeTruthy();
  expect(screen.getByRole("heading", { name: "Book Your Tickets" })).toBeTruthy();
  expect(within(screen.getByRole("complementary", { name: "Tickets and event information" })).getAllByText("£25.50").length).toBeGreaterThan(0);
  expect((screen.getByRole("button", { name: "Buy Now" }) as HTMLButtonElement).disabled).toBe(false);
  expect((screen.getByRole("button", { name: "Add to Cart" }) as HTMLButtonElement).disabled).toBe(false);
  expect(screen.getByRole("link", { name: /Hosted by Jazz Co/ }).getAttribute("href")).toBe("/profile/jazzco");
  expect(screen.getByRole("heading", { name: "Similar Events" })).toBeTruthy();
  expect(screen.getByRole("link", { name: /Blues Brunch/ })).toBeTruthy();
  expect(screen.queryByRole("note")).toBeNull();
});

test("a sold-out event says so and offers neither Buy Now nor Add to Cart", async () => {
  openEvent(anEvent({ remaining: 0 }));
  await screen.findByRole("heading", { level: 1, name: "Jazz Night" });
  expect((screen.getByRole("button", { name: "Buy Now" }) as HTMLButtonElement).disabled).toBe(true);
  expect((screen.getByRole("button", { name: "Add to Cart" }) as HTMLButtonElement).disabled).toBe(true);
  expect(screen.getAllByText(/Sold out/).length).toBeGreaterThan(0);
});

test("an event that has ended says so and points to upcoming events", async () => {
  openEvent(anEvent(), "2026-08-01T12:00:00.000Z");
  const note = await screen.findByRole("note");
  expect(note.textContent).toContain("This event has ended.");
  expect(screen.getByRole("link", { name: "upcoming events" }).getAttribute("href")).toBe("/events");
  expect((screen.getByRole("button", { name: "Buy Now" }) as HTMLButtonElement).disabled).toBe(true);
});

test("an unknown event shows 'Event not found' and a way back", async () => {
  renderRoute({
    url: "/events/nope",
    route: {
      path: "/events/:id",
      loader: () => {
        throw data(null, { status: 404 });
      },
      Component: EventDetailRoute as never,
      ErrorBoundary: ErrorBoundary as never,
    },
  });
  expect(await screen.findByRole("heading", { name: "Event not found" })).toBeTruthy();
  expect(screen.getByText(/This event doesn't exist or is no longer available/)).toBeTruthy();
  expect(screen.getByRole("link", { name: "Back to Events" })).toBeTruthy();
});

test("a paid event names its seller beside Buy Now: name, address, company number and Eventora as their agent (issue 34)", async () => {
  openEvent();
  const soldBy = await screen.findByRole("region", { name: "Sold by" });
  expect(within(soldBy).getByText("Jazz Co Ltd")).toBeTruthy();
  expect(within(soldBy).getByText(/47 Frith Street\s+London\s+W1D 4HT/)).toBeTruthy();
  expect(within(soldBy).getByText("Company number 01234567")).toBeTruthy();
  expect(within(soldBy).getByText("Eventora Ltd acts as their agent.")).toBeTruthy();
  expect(within(soldBy).getByText(/the 14-day right to cancel under the Consumer Contracts Regulations 2013 does not apply/)).toBeTruthy();
  expect(within(soldBy).getByRole("link", { name: "Refund Policy" }).getAttribute("href")).toBe("/refund-policy");
  expect(within(soldBy).getByRole("link", { name: "Booking Terms" }).getAttribute("href")).toBe("/booking-terms");
});

test("a private seller shows no company number, and a free event names no seller", async () => {
  openEvent(anEvent({ seller: { name: "Sam Taylor", address: "3 Mill Lane\nYork\nYO1 7HH", kind: "individual", companyNumber: null } }));
  const soldBy = await screen.findByRole("region", { name: "Sold by" });
  expect(within(soldBy).queryByText(/Company number/)).toBeNull();
  cleanup();
  openEvent(anEvent({ pricePence: 0, seller: null }));
  await screen.findByRole("heading", { level: 1, name: "Jazz Night" });
  expect(screen.queryByRole("region", { name: "Sold by" })).toBeNull();
});

test("while the organiser's seller details are missing, a line says so instead of Buy Now", async () => {
  openEvent(anEvent({ seller: null, awaitingSellerDetails: true }));
  await screen.findByRole("heading", { level: 1, name: "Jazz Night" });
  expect(screen.queryByRole("button", { name: "Buy Now" })).toBeNull();
  expect(screen.queryByRole("button", { name: "Add to Cart" })).toBeNull();
  expect(screen.getByText("Tickets go on sale once the organiser has added their seller details")).toBeTruthy();
  expect(screen.queryByRole("region", { name: "Sold by" })).toBeNull();
  expect(screen.queryByRole("link", { name: "Add your seller details" })).toBeNull();
});

test("the organiser of such an event is shown the way to add their seller details", async () => {
  const event = anEvent({ seller: null, awaitingSellerDetails: true });
  renderRoute({
    url: `/events/${event.id}`,
    route: {
      path: "/events/:id",
      loader: () => ({ event, similar: [], origin: "http://localhost", now: before, salesOnHold: { explain: true, reason: "seller-details" } }),
      Component: EventDetailRoute as never,
    },
  });
  const note = await screen.findByRole("note");
  expect(note.textContent).toContain("Not on sale: buyers must be told who sells the tickets and where you can be found.");
  expect(within(note).getByRole("link", { name: "Add your seller details" }).getAttribute("href")).toBe("/profile/edit");
});

test("'Have a code?' is a plain GET form: applying a code reloads the page priced with it (issue 37)", async () => {
  openEvent();
  await screen.findByRole("heading", { level: 1, name: "Jazz Night" });
  const field = screen.getByRole("textbox", { name: "Have a code?" }) as HTMLInputElement;
  expect(field.name).toBe("code");
  expect(field.closest("form")!.getAttribute("method")).toBe("get");
  expect(screen.getByRole("button", { name: "Apply" })).toBeTruthy();
});

test("a code that applies says what it does", async () => {
  openEvent(anEvent({ code: { code: "QUARTER", state: "ok", message: null, effectText: "25% off" } }));
  await screen.findByRole("heading", { level: 1, name: "Jazz Night" });
  expect(screen.getByText("Code QUARTER applied: 25% off")).toBeTruthy();
  expect((screen.getByRole("textbox", { name: "Have a code?" }) as HTMLInputElement).value).toBe("QUARTER");
});

test("an event of one type shows that type's price with the code, not the event's", async () => {
  const plain = anEvent({ pricePence: 2000 });
  // 25% off £20: £15, and the fee on £15 (D21): £17.30 all-in.
  const type = { ...plain.ticketTypes[0]!, pricePence: 1500, allInPricePence: 1730, discountPence: 500 };
  openEvent({ ...plain, ticketTypes: [type], code: { code: "QUARTER", state: "ok", message: null, effectText: "25% off" } });
  await screen.findByRole("heading", { level: 1, name: "Jazz Night" });
  expect(screen.getAllByText("£17.30").length).toBeGreaterThan(0);
  expect(screen.queryByText("£22.30")).toBeNull();
});

test("a code that cannot be used says why", async () => {
  openEvent(anEvent({ code: { code: "SUMMER", state: "expired", message: "This code has expired", effectText: "10% off" } }));
  await screen.findByRole("heading", { level: 1, name: "Jazz Night" });
  expect(screen.getByText("This code has expired")).toBeTruthy();
  expect(screen.getByRole("textbox", { name: "Have a code?" }).getAttribute("aria-invalid")).toBe("true");
  expect(screen.queryByText(/applied/)).toBeNull();
});
