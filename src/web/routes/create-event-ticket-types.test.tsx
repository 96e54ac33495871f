// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, expect, test, vi } from "vitest";
import type { EditableEvent, EventInput, SessionUser } from "@domain";
import { renderRoute } from "~/test/render-route";
import { anEditableTicketType } from "~/test/events";
import CreateEventRoute from "./create-event";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const user = { id: "u1", email: "ada@example.com" } as unknown as SessionUser;
const actor = { id: "u1", isAdmin: false };
const EARLY = "1d2e3f40-5a6b-4c7d-8e9f-a0b1c2d3e4f5";
const STANDARD = "2e3f4051-6b7c-4d8e-9fa0-b1c2d3e4f5a6";

const jazzNight: EditableEvent = {
  id: "6f1c2a7e-0d7b-4c53-9d0e-2f3a4b5c6d7e",
  userId: "u1",
  title: "Jazz Night",
  description: null,
  category: "music",
  dateTime: "2090-07-03T18:30:00.000Z",
  endTime: null,
  venue: "Ronnie's",
  location: "Soho, London",
  pricePence: 1000,
  ticketTypes: [
    anEditableTicketType(1000, { id: EARLY, name: "Early bird", capacity: 50, sold: 12, removable: false }),
    anEditableTicketType(1500, { id: STANDARD, name: "Standard" }),
  ],
  absorbsBookingFee: false,
  maxAttendees: 150,
  imageUrl: null,
  videoUrl: null,
  affiliateCode: null,
  status: "active",
  businessType: "event",
  minAge: null,
  transferCutoffHours: 0,
  questions: [],
} as EditableEvent;

function openForm(event: EditableEvent | null) {
  renderRoute({
    url: event ? `/create-event?edit=${event.id}` : "/create-event",
    user,
    route: { path: "/create-event", loader: () => ({ loadError: null, actor, event, organisers: null, organisersFailed: false }), Component: CreateEventRoute as never },
  });
}

function typeGroup(name: RegExp) {
  return screen.getByRole("group", { name });
}

function change(control: HTMLElement, value: string) {
  fireEvent.change(control, { target: { value } });
}

/** The EventInput a stubbed fetch was sent (the form posts it as JSON in multipart). */
function sentInput(fetch: ReturnType<typeof vi.fn>): EventInput {
  const init = (fetch.mock.calls[0] as unknown as [string, RequestInit])[1];
  return JSON.parse(String((init.body as FormData).get("event"))) as EventInput;
}

test("an event with one type keeps the spec's one price; 'Add another ticket type' turns it into a list and moves focus to the new type's name", async () => {
  openForm(null);
  const price = await screen.findByRole("spinbutton", { name: "Price (£)" });
  expect(screen.getByRole("spinbutton", { name: "Max Attendees" })).toBeTruthy();
  expect(screen.queryByRole("group", { name: "Ticket types" })).toBeNull();
  change(price, "10");

  fireEvent.click(screen.getByRole("button", { name: "Add another ticket type" }));
  const types = await screen.findByRole("group", { name: "Ticket types" });
  // The one price became the first type's; the event's Max Attendees stays, the places all types share.
  expect(document.querySelector('input[name="price"]')).toBeNull();
  const first = within(types).getByRole("group", { name: "Ticket type 1: General Admission" });
  expect((within(first).getByRole("spinbutton", { name: "Price (£)" }) as HTMLInputElement).value).toBe("10");
  const second = within(types).getByRole("group", { name: "Ticket type 2" });
  const name = within(second).getByRole("textbox", { name: /Name/ });
  await waitFor(() => expect(document.activeElement).toBe(name));
  expect(screen.getByRole("spinbutton", { name: "Max Attendees" })).toBeTruthy();
  // Every field of a type is labelled within its group.
  for (const label of ["Price (£)", "Capacity", "Minimum per order", "Maximum per order"]) expect(within(second).getByRole("spinbutton", { name: label })).toBeTruthy();
  expect(within(second).getByLabelText("On sale from")).toBeTruthy();
  expect(within(second).getByLabelText("On sale until")).toBeTruthy();
  expect(within(second).getByRole("textbox", { name: "Description" })).toBeTruthy();
  expect(within(second).getByRole("checkbox", { name: "Hidden: sold only with a code" })).toBeTruthy();
  expect((within(first).getByRole("button", { name: "Move up: General Admission" }) as HTMLButtonElement).disabled).toBe(true);
});

test("the organiser's types are sent in their order, with their limits and sales window, and Move up moves one (focus following it)", async () => {
  const fetch = vi.fn(async () => new Response(JSON.stringify({ ...jazzNight }), { status: 201, headers: { "content-type": "application/json" } }));
  vi.stubGlobal("fetch", fetch);
  openForm(null);
  change(await screen.findByRole("textbox", { name: /Event Title/ }), "Harbour Night");
  change(screen.getByRole("combobox", { name: /Event Type/ }), "music");
  change(screen.getByLabelText(/Start Date & Time/), "2090-07-03T19:30");
  change(screen.getByRole("textbox", { name: /Venue/ }), "The Harbour Hall");
  change(screen.getByRole("textbox", { name: /Location/ }), "Bristol");
  change(screen.getByRole("spinbutton", { name: "Max Attendees" }), "150");
  change(screen.getByRole("spinbutton", { name: "Price (£)" }), "15");
  fireEvent.click(screen.getByRole("button", { name: "Add another ticket type" }));

  const second = await screen.findByRole("group", { name: "Ticket type 2" });
  change(within(second).getByRole("textbox", { name: /Name/ }), "VIP");
  change(within(second).getByRole("spinbutton", { name: "Price (£)" }), "40");
  change(within(second).getByRole("spinbutton", { name: "Capacity" }), "20");
  change(within(second).getByRole("spinbutton", { name: "Maximum per order" }), "4");
  change(within(second).getByLabelText("On sale until"), "2090-07-01T18:00");
  fireEvent.click(within(second).getByRole("checkbox", { name: "Hidden: sold only with a code" }));
  const moveUp = within(second).getByRole("button", { name: "Move up: VIP" });
  fireEvent.click(moveUp);
  const vip = typeGroup(/^Ticket type 1: VIP/);
  // At the top Move up no longer works, so focus is on its Move down.
  await waitFor(() => expect(document.activeElement).toBe(within(vip).getByRole("button", { name: "Move down: VIP" })));
  expect(typeGroup(/^Ticket type 2: General Admission/)).toBeTruthy();

  fireEvent.click(screen.getByRole("button", { name: "Create Event" }));
  await waitFor(() => expect(fetch).toHaveBeenCalled());
  const input = sentInput(fetch);
  expect(input.pricePence).toBeUndefined();
  expect(input.maxAttendees).toBe(150);
  expect(input.ticketTypes).toEqual([
    { name: "VIP", description: null, pricePence: 4000, capacity: 20, salesStart: null, salesEnd: "2090-07-01T17:00:00.000Z", minPerOrder: 1, maxPerOrder: 4, hidden: true },
    { name: "General Admission", description: null, pricePence: 1500, capacity: null, salesStart: null, salesEnd: null, minPerOrder: 1, maxPerOrder: null, hidden: false },
  ]);
});

test("a free type beside paid ones is posted at £0, its hint saying buyers book it at no charge", async () => {
  const fetch = vi.fn();
  vi.stubGlobal("fetch", fetch);
  openForm({ ...jazzNight, ticketTypes: [anEditableTicketType(0, { id: EARLY, name: "Under 5s" }), anEditableTicketType(1500, { id: STANDARD, name: "Standard" })] });
  const free = await screen.findByRole("group", { name: /^Ticket type 1: Under 5s/ });
  expect(within(free).getByText("Leave empty for free: buyers book it at no charge and pay no fee.")).toBeTruthy();
  fireEvent.click(screen.getByRole("button", { name: "Update Event" }));
  await waitFor(() => expect(fetch).toHaveBeenCalled());
  expect(sentInput(fetch).ticketTypes?.map((type) => [type.name, type.pricePence])).toEqual([
    ["Under 5s", 0],
    ["Standard", 1500],
  ]);
});

test("editing an event with several types opens its list; a type with sales offers 'End sales now' instead of Remove", async () => {
  openForm(jazzNight);
  const early = await screen.findByRole("group", { name: "Ticket type 1: Early bird" });
  expect((within(early).getByRole("spinbutton", { name: "Capacity" }) as HTMLInputElement).value).toBe("50");
  expect(within(early).getByText(/12 sold: this type can be ended but not removed/)).toBeTruthy();
  expect(within(early).queryByRole("button", { name: /Remove/ })).toBeNull();
  fireEvent.click(within(early).getByRole("button", { name: "End sales now: Early bird" }));
  expect((within(early).getByLabelText("On sale until") as HTMLInputElement).value).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
  expect(within(early).getByText("Sales have ended.")).toBeTruthy();
  const standard = typeGroup(/^Ticket type 2: Standard/);
  expect(within(standard).getByRole("button", { name: "Remove: Standard" })).toBeTruthy();
});

test("a removed type the server will not remove (409 TICKET_TYPE_SOLD) comes back with its message, to be ended instead", async () => {
  const message = "Standard has tickets sold or being bought, so it cannot be removed. End its sales instead: buyers keep their tickets.";
  const fetch = vi.fn(async () => new Response(JSON.stringify({ error: { code: "CONFLICT", message, details: { reason: "TICKET_TYPE_SOLD", field: "ticketTypes" } } }), { status: 409, headers: { "content-type": "application/json" } }));
  vi.stubGlobal("fetch", fetch);
  openForm(jazzNight);
  const standard = await screen.findByRole("group", { name: "Ticket type 2: Standard" });
  fireEvent.click(within(standard).getByRole("button", { name: "Remove: Standard" }));
  await waitFor(() => expect(screen.queryByRole("group", { name: /Standard/ })).toBeNull());
  fireEvent.click(screen.getByRole("button", { name: "Update Event" }));
  await waitFor(() => expect(fetch).toHaveBeenCalled());
  expect(sentInput(fetch).ticketTypes?.map((type) => type.id)).toEqual([EARLY]);

  const back = await screen.findByRole("group", { name: "Ticket type 2: Standard" });
  expect(within(back).getByText(message)).toBeTruthy();
  expect(within(back).getByRole("button", { name: "End sales now: Standard" })).toBeTruthy();
  await waitFor(() => expect(document.activeElement).toBe(back));
});
