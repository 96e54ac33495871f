// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, expect, test, vi } from "vitest";
import type { EditableEvent, SessionUser } from "@domain";
import { renderRoute } from "~/test/render-route";
import CreateEventRoute from "./create-event";
import { anEditableTicketType } from "~/test/events";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const user = { id: "u1", email: "ada@example.com" } as unknown as SessionUser;
const actor = { id: "u1", isAdmin: false };

test("a signed-in organiser gets an empty Create Event form", async () => {
  renderRoute({
    url: "/create-event",
    user,
    route: { path: "/create-event", loader: () => ({ loadError: null, actor, event: null, organisers: null, organisersFailed: false }), Component: CreateEventRoute as never },
  });
  expect(await screen.findByRole("heading", { level: 1, name: "Create Event" })).toBeTruthy();
  expect(screen.getByText(/It is published as soon as you create it\./)).toBeTruthy();
  expect((screen.getByRole("textbox", { name: /Event Title/ }) as HTMLInputElement).value).toBe("");
  expect(screen.getByRole("button", { name: "Create Event" })).toBeTruthy();
  expect(screen.getByRole("link", { name: "Cancel" })).toBeTruthy();
});

test("?edit= opens the organiser's event with its fields filled in", async () => {
  const event: EditableEvent = {
    id: "6f1c2a7e-0d7b-4c53-9d0e-2f3a4b5c6d7e",
    userId: "u1",
    title: "Jazz Night",
    description: "An evening of live jazz.",
    category: "music",
    dateTime: "2026-07-03T18:30:00.000Z",
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
    minAge: 18,
    transferCutoffHours: 0, questions: [],
  };
  renderRoute({
    url: `/create-event?edit=${event.id}`,
    user,
    route: { path: "/create-event", loader: () => ({ loadError: null, actor, event, organisers: null, organisersFailed: false }), Component: CreateEventRoute as never },
  });
  expect(await screen.findByRole("heading", { level: 1, name: "Edit Event" })).toBeTruthy();
  expect(screen.getByText(/show on its page as soon as you save/).textContent).toContain("Jazz Night");
  expect((screen.getByRole("textbox", { name: /Event Title/ }) as HTMLInputElement).value).toBe("Jazz Night");
  // Issue 34: the minimum age is a choice of none or 14+ to 21+, filled in from the event.
  const minAge = screen.getByRole("combobox", { name: "Minimum age" }) as HTMLSelectElement;
  expect(minAge.value).toBe("18");
  expect([...minAge.options].map((option) => option.text)).toEqual(["None", "14+", "16+", "18+", "21+"]);
  expect(screen.getByRole("button", { name: "Update Event" })).toBeTruthy();
});

test("a form the server would refuse is refused before posting, in the schema's words beside the field", async () => {
  const fetch = vi.fn(async () => new Response("{}", { status: 201, headers: { "content-type": "application/json" } }));
  vi.stubGlobal("fetch", fetch);
  renderRoute({
    url: "/create-event",
    user,
    route: { path: "/create-event", loader: () => ({ loadError: null, actor, event: null, organisers: null, organisersFailed: false }), Component: CreateEventRoute as never },
  });
  const title = await screen.findByRole("textbox", { name: /Event Title/ });
  fireEvent.click(screen.getByRole("button", { name: "Create Event" }));
  expect(await screen.findByText("Event Title is required")).toBeTruthy();
  expect(title.getAttribute("aria-invalid")).toBe("true");
  await waitFor(() => expect(document.activeElement).toBe(title));
  // Not left pending once the check has refused the form.
  expect(screen.getByRole("button", { name: "Create Event" }).hasAttribute("disabled")).toBe(false);
  expect(fetch).not.toHaveBeenCalled();
});

test("a typed affiliate code is looked up as the organiser types, and whose it is shown", async () => {
  const fetch = vi.fn(async () => new Response(JSON.stringify({ valid: true, displayName: "Tom Fletcher" }), { status: 200, headers: { "content-type": "application/json" } }));
  vi.stubGlobal("fetch", fetch);
  renderRoute({
    url: "/create-event",
    user,
    route: { path: "/create-event", loader: () => ({ loadError: null, actor, event: null, organisers: null, organisersFailed: false }), Component: CreateEventRoute as never },
  });
  fireEvent.change(await screen.findByRole("textbox", { name: "Affiliate Code" }), { target: { value: "tomf2026" } });
  expect(await screen.findByText("Valid affiliate code - Tom Fletcher")).toBeTruthy();
  expect(String((fetch.mock.calls[0] as unknown as [string])[0])).toContain("/api/affiliates/lookup?code=TOMF2026");
});

test("an admin may choose the organiser; others are not offered the choice", async () => {
  const organisers = [{ userId: "o2", displayName: "Tom Fletcher", username: "tomf" }];
  renderRoute({
    url: "/create-event",
    user,
    route: { path: "/create-event", loader: () => ({ loadError: null, actor: { id: "u1", isAdmin: true }, event: null, organisers, organisersFailed: false }), Component: CreateEventRoute as never },
  });
  const select = (await screen.findByRole("combobox", { name: "Event Organizer (Admin Only)" })) as HTMLSelectElement;
  expect([...select.options].map((option) => option.text)).toEqual(["Yourself", "Tom Fletcher (@tomf)"]);
  cleanup();

  renderRoute({
    url: "/create-event",
    user,
    route: { path: "/create-event", loader: () => ({ loadError: null, actor, event: null, organisers: null, organisersFailed: false }), Component: CreateEventRoute as never },
  });
  await screen.findByRole("group", { name: "Affiliate" });
  expect(screen.queryByRole("combobox", { name: "Event Organizer (Admin Only)" })).toBeNull();
});
