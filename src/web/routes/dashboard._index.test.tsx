// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, expect, test } from "vitest";
import type { DashboardEvent, SessionUser } from "@domain";
import { renderRoute } from "~/test/render-route";
import MyEventsRoute from "./dashboard._index";

afterEach(cleanup);

const user = { id: "u1", email: "ada@example.com", name: "Ada Lovelace" } as unknown as SessionUser;

const sold = (id: string, title: string, dateTime: string, overrides: Partial<DashboardEvent> = {}): DashboardEvent => ({
  id, title, dateTime, endTime: null, location: "Leeds", category: "music", businessType: "event", status: "active", pricePence: 1500, maxAttendees: null,
  imageUrl: null, createdAt: "2020-01-01T00:00:00.000Z", ticketsSold: 2, ticketIncomePence: 3000, netDuePence: 2853, hasBookings: true, previousDateTime: null, cancellation: null,
  ticketTypes: [], ...overrides,
});

type Posted = Record<string, string>;

/** My Events at /dashboard with these events; its action records each post and answers with `answer`. */
function openMyEvents(events: DashboardEvent[], answer: (posted: Posted) => Response | object = (posted) => ({ intent: posted.intent, eventId: posted.eventId, done: true })) {
  const posts: Posted[] = [];
  renderRoute({
    url: "/dashboard",
    user,
    route: {
      path: "/dashboard",
      loader: () => ({ events }),
      action: async ({ request }: { request: Request }) => {
        const posted = Object.fromEntries(await request.formData()) as Posted;
        posts.push(posted);
        return answer(posted);
      },
      Component: MyEventsRoute as never,
    },
  });
  return posts;
}

test("an event card shows its ticket income and net due as the statement does, never a revenue with the booking fee in it", async () => {
  // Issue 33's card: 2 × £18.00 sold (buyers also paid 2 × £2.30 booking fee), organiser fee £1.64, net due £34.36.
  openMyEvents([sold("e1", "Northern Soul Night", "2090-06-01T18:00:00.000Z", { pricePence: 1800, maxAttendees: 100, ticketIncomePence: 3600, netDuePence: 3436 })]);
  const card = (await screen.findAllByText("Ticket income", { selector: "dt" }))[0]!.closest("dl")!;
  const definition = (term: string) => within(card).getByText(term, { selector: "dt" }).nextElementSibling?.textContent;
  expect(definition("Ticket income")).toBe("£36.00");
  expect(definition("Net due")).toBe("£34.36");
  expect(screen.queryByText("Revenue")).toBeNull();
  expect(screen.queryByText("£40.60")).toBeNull();
});

test("My Events offers Postpone and Cancel for an upcoming event only: one that has ended shows as ended, with neither (issue 33)", async () => {
  openMyEvents([sold("e1", "Northern Soul Night", "2090-06-01T18:00:00.000Z"), sold("e2", "Last Summer's Ceilidh", "2020-06-01T18:00:00.000Z")]);
  const live = await screen.findByRole("article", { name: "Northern Soul Night" });
  expect(within(live).getByRole("button", { name: "Postpone Northern Soul Night" })).toBeTruthy();
  expect(within(live).getByRole("button", { name: "Cancel event Northern Soul Night" })).toBeTruthy();
  expect(within(live).getByText("active")).toBeTruthy();

  const past = screen.getByRole("article", { name: "Last Summer's Ceilidh" });
  expect(within(past).getByText("ended")).toBeTruthy();
  expect(within(past).queryByText("active")).toBeNull();
  expect(within(past).queryByRole("button", { name: /Postpone/ })).toBeNull();
  expect(within(past).queryByRole("button", { name: /Cancel event/ })).toBeNull();
});

test("cancelling posts the event and its reason to the page's action, then closes the dialog", async () => {
  const posts = openMyEvents([sold("e1", "Northern Soul Night", "2090-06-01T18:00:00.000Z")]);
  await userEvent.click(await screen.findByRole("button", { name: "Cancel event Northern Soul Night" }));
  const dialog = await screen.findByRole("dialog", { name: "Cancel this event?" });
  await userEvent.click(within(dialog).getByRole("button", { name: "Cancel event and refund everyone" }));
  expect(within(dialog).getByText("Please give a reason for cancelling.")).toBeTruthy();
  expect(posts).toEqual([]);
  await userEvent.type(within(dialog).getByLabelText("Reason for cancelling"), "The venue flooded");
  await userEvent.click(within(dialog).getByRole("button", { name: "Cancel event and refund everyone" }));
  await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  expect(posts).toEqual([{ intent: "cancel", eventId: "e1", reason: "The venue flooded" }]);
});

test("a refused cancellation keeps the dialog open with the server's words", async () => {
  openMyEvents([sold("e1", "Northern Soul Night", "2090-06-01T18:00:00.000Z")], (posted) =>
    Response.json({ intent: posted.intent, eventId: posted.eventId, refused: { status: 404, message: "Event not found" } }, { status: 404 }),
  );
  await userEvent.click(await screen.findByRole("button", { name: "Cancel event Northern Soul Night" }));
  const dialog = await screen.findByRole("dialog", { name: "Cancel this event?" });
  await userEvent.type(within(dialog).getByLabelText("Reason for cancelling"), "The venue flooded");
  await userEvent.click(within(dialog).getByRole("button", { name: "Cancel event and refund everyone" }));
  expect(await within(dialog).findByText("Event not found")).toBeTruthy();
  expect(screen.getByRole("dialog", { name: "Cancel this event?" })).toBeTruthy();
});

test("deleting posts the event to the page's action", async () => {
  const posts = openMyEvents([sold("e1", "Northern Soul Night", "2090-06-01T18:00:00.000Z", { hasBookings: false, ticketsSold: 0 })]);
  await userEvent.click(await screen.findByRole("button", { name: /Delete Northern Soul Night/ }));
  const dialog = await screen.findByRole("alertdialog", { name: "Delete this event?" });
  await userEvent.click(within(dialog).getByRole("button", { name: "Delete Event" }));
  await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
  expect(posts).toEqual([{ intent: "delete", eventId: "e1" }]);
});

test("an event with several ticket types shows each type's sold of its capacity and what is left; one with one type has no such table (issue 36)", async () => {
  const types: DashboardEvent["ticketTypes"] = [
    { id: "t1", name: "Early bird", hidden: false, sold: 50, capacity: 50, remaining: 0 },
    { id: "t2", name: "Standard", hidden: false, sold: 30, capacity: null, remaining: 70 },
    { id: "t3", name: "Crew", hidden: true, sold: 0, capacity: null, remaining: null },
  ];
  openMyEvents([
    sold("e1", "Northern Lights Weekender", "2090-06-01T18:00:00.000Z", { ticketsSold: 80, ticketTypes: types }),
    sold("e2", "Harbour Quiz", "2090-07-01T18:00:00.000Z", { ticketTypes: [{ id: "t4", name: "General Admission", hidden: false, sold: 2, capacity: null, remaining: 38 }] }),
  ]);
  const table = await screen.findByRole("table", { name: "Tickets by type for Northern Lights Weekender" });
  const rows = within(table)
    .getAllByRole("row")
    .slice(1)
    .map((row) => Array.from(row.children, (cell) => cell.textContent));
  expect(rows).toEqual([
    ["Early bird", "50 / 50", "Sold out"],
    ["Standard", "30 / no limit", "70"],
    ["Crew (hidden)", "0 / no limit", "No limit"],
  ]);
  expect(within(table).getAllByRole("columnheader").map((header) => header.textContent)).toEqual(["Ticket type", "Sold", "Left"]);
  expect(within(screen.getByRole("article", { name: "Harbour Quiz" })).queryByRole("table")).toBeNull();
});
