// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, expect, test } from "vitest";
import type { EditableEvent, SessionUser } from "@domain";
import { renderRoute } from "~/test/render-route";
import { anEditableTicketType } from "~/test/events";
import CreateEventRoute from "./create-event";

afterEach(cleanup);

const user = { id: "u1", email: "ada@example.com" } as unknown as SessionUser;
const actor = { id: "u1", isAdmin: false };
const paid = {
  id: "6f1c2a7e-0d7b-4c53-9d0e-2f3a4b5c6d7e",
  userId: "u1",
  title: "Jazz Night",
  description: null,
  category: "music",
  dateTime: "2090-07-03T18:30:00.000Z",
  endTime: null,
  venue: "Ronnie's",
  location: "Soho, London",
  pricePence: 2550,
  ticketTypes: [anEditableTicketType(2550)],
  absorbsBookingFee: false,
  maxAttendees: 100,
  imageUrl: null,
  videoUrl: null,
  affiliateCode: null,
  status: "active",
  businessType: "event",
  minAge: null,
  transferCutoffHours: 0,
  questions: [],
} as EditableEvent;

function openForm(event: EditableEvent, sellerDetailsPending: boolean) {
  renderRoute({
    url: `/create-event?edit=${event.id}`,
    user,
    route: {
      path: "/create-event",
      loader: () => ({ loadError: null, actor, event, organisers: null, organisersFailed: false, payoutsPending: false, sellerDetailsPending }),
      Component: CreateEventRoute as never,
    },
  });
}

test("an organiser without seller details is told a paid event waits for them, with the way to add them (issue 34)", async () => {
  openForm(paid, true);
  const group = await screen.findByRole("group", { name: "Tickets" });
  // The note's code loads when it shows (issue 35).
  const note = await within(group).findByRole("note");
  expect(note.textContent).toContain("tickets go on sale once buyers can be told who sells them");
  expect(within(note).getByRole("link", { name: "Add your seller details" }).getAttribute("href")).toBe("/profile/edit");
});

test("nothing is said for a free event, until a price is typed", async () => {
  openForm({ ...paid, pricePence: 0 }, true);
  await screen.findByRole("group", { name: "Tickets" });
  expect(screen.queryByRole("link", { name: "Add your seller details" })).toBeNull();
  fireEvent.change(screen.getByRole("spinbutton", { name: "Price (£)" }), { target: { value: "12.50" } });
  expect(await screen.findByRole("link", { name: "Add your seller details" })).toBeTruthy();
});

test("nothing is said once the details are complete", async () => {
  openForm(paid, false);
  await screen.findByRole("group", { name: "Tickets" });
  expect(screen.queryByRole("link", { name: "Add your seller details" })).toBeNull();
});
