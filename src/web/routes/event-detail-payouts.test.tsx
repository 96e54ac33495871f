// @vitest-environment happy-dom
import { cleanup, screen } from "@testing-library/react";
import { afterEach, expect, test } from "vitest";
import { anEvent } from "~/test/events";
import { renderRoute } from "~/test/render-route";
import EventDetailRoute from "./event-detail";

afterEach(cleanup);

function openEvent(salesOnHold: { explain: boolean } | null) {
  const event = anEvent();
  renderRoute({
    url: `/events/${event.id}`,
    route: { path: "/events/:id", loader: () => ({ event, similar: [], origin: "http://localhost", now: "2026-06-01T12:00:00.000Z", salesOnHold }), Component: EventDetailRoute as never },
  });
}

test("a paid event whose organiser cannot be paid yet is not on sale for anyone: 'Tickets on sale soon'", async () => {
  openEvent({ explain: false });
  await screen.findByRole("heading", { level: 1, name: "Jazz Night" });
  expect((screen.getByRole("button", { name: "Buy Now" }) as HTMLButtonElement).disabled).toBe(true);
  expect((screen.getByRole("button", { name: "Add to Cart" }) as HTMLButtonElement).disabled).toBe(true);
  expect(screen.getByText("Tickets on sale soon")).toBeTruthy();
  expect(screen.getAllByText("On sale soon").length).toBeGreaterThan(0);
  // The reason is for the organiser and admins only.
  expect(screen.queryByText(/has not finished setting up payouts/)).toBeNull();
});

test("its organiser (or an admin) is told why", async () => {
  openEvent({ explain: true });
  const note = await screen.findByRole("note");
  expect(note.textContent).toBe("Not on sale: the organiser has not finished setting up payouts.");
  expect((screen.getByRole("button", { name: "Buy Now" }) as HTMLButtonElement).disabled).toBe(true);
});

test("an event on sale says nothing about payouts", async () => {
  openEvent(null);
  await screen.findByRole("heading", { level: 1, name: "Jazz Night" });
  expect((screen.getByRole("button", { name: "Buy Now" }) as HTMLButtonElement).disabled).toBe(false);
  expect(screen.queryByText("Tickets on sale soon")).toBeNull();
});
