// @vitest-environment happy-dom
import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, expect, test, vi } from "vitest";
import { data } from "react-router";
import type { SessionUser } from "@domain";
import type { OrganiserWaitingList } from "~/features/waiting-list/waiting-list-shapes";
import { renderRoute } from "~/test/render-route";
import WaitingListRoute from "./dashboard.waiting-list";

afterEach(cleanup);

const user = { id: "u1", email: "sam@example.com", name: "Sam Organiser" } as unknown as SessionUser;
const list: OrganiserWaitingList = {
  enabled: true,
  offerHours: 24,
  placesFreeForList: 0,
  entries: [
    { id: "w1", position: null, name: "Grace Hopper", email: "grace@example.com", ticketTypeId: "t-vip", ticketTypeName: "VIP", joinedAt: "2026-11-20T10:00:00.000Z", status: "offered", offersSent: 1,
      offer: { sentAt: "2026-11-21T09:00:00.000Z", expiresAt: "2026-11-22T09:00:00.000Z", status: "open", sentBy: "auto" }, takenAt: null },
    { id: "w2", position: 1, name: "Alan Turing", email: "alan@example.com", ticketTypeId: null, ticketTypeName: null, joinedAt: "2026-11-20T11:00:00.000Z", status: "waiting", offersSent: 0, offer: null, takenAt: null },
    { id: "w3", position: null, name: "Ada Lovelace", email: "ada@example.com", ticketTypeId: "t-vip", ticketTypeName: "VIP", joinedAt: "2026-11-19T11:00:00.000Z", status: "bought", offersSent: 1,
      offer: { sentAt: "2026-11-19T12:00:00.000Z", expiresAt: "2026-11-20T12:00:00.000Z", status: "taken", sentBy: "organiser" }, takenAt: "2026-11-19T13:00:00.000Z" },
  ],
};

function open(shown: OrganiserWaitingList | null, answer: (form: Record<string, string>) => unknown = (form) => ({ intent: form.intent, error: null, done: "Saved." })) {
  const posts: Record<string, string>[] = [];
  renderRoute({
    url: "/dashboard/waiting-list?event=e1",
    user,
    route: {
      path: "/dashboard/waiting-list",
      loader: () => ({ events: [{ id: "e1", label: "Jazz Night · Sat, 5 Dec 2026, 19:30" }, { id: "e2", label: "Folk Club" }], chosen: { id: "e1", title: "Jazz Night" }, list: shown }),
      action: async ({ request }: { request: Request }) => {
        const form = Object.fromEntries(await request.formData()) as Record<string, string>;
        posts.push(form);
        return answer(form);
      },
      Component: WaitingListRoute as never,
    },
  });
  return posts;
}

test("the organiser sees the event's list in line order with each person's offers, the settings and the places free", async () => {
  open(list);
  expect(await screen.findByRole("heading", { name: "Waiting Lists" })).toBeTruthy();
  expect((screen.getByLabelText("Event") as HTMLSelectElement).value).toBe("e1");
  expect((screen.getByRole("checkbox", { name: "Keep a waiting list when tickets sell out" }) as HTMLInputElement).checked).toBe(true);
  expect((screen.getByLabelText("Each offer holds a place for (hours)") as HTMLInputElement).value).toBe("24");
  expect(screen.getByText("Places free for the list:").textContent).toContain("0");
  const table = screen.getByRole("table", { name: "Waiting list of Jazz Night, in line order" });
  const rows = within(table).getAllByRole("row").slice(1);
  expect(rows.map((row) => within(row).getByRole("rowheader").textContent)).toEqual(["Grace Hopper", "Alan Turing", "Ada Lovelace"]);
  expect(within(rows[0]!).getByRole("cell", { name: "grace@example.com" })).toBeTruthy();
  expect(rows[0]!.textContent).toContain("Place offered");
  expect(rows[0]!.textContent).toContain("OpenSent Sat, 21 Nov 2026, 09:00Expires Sun, 22 Nov 2026, 09:00");
  expect(within(rows[1]!).getByRole("cell", { name: "Any ticket" })).toBeTruthy();
  expect(within(rows[1]!).getByRole("cell", { name: "1" })).toBeTruthy();
  expect(rows[2]!.textContent).toContain("Taken (sent by hand)Sent Thu, 19 Nov 2026, 12:00Taken Thu, 19 Nov 2026, 13:00");
  // Only someone waiting can be sent an offer by hand.
  expect(screen.getAllByRole("button", { name: /^Send offer now/ })).toHaveLength(1);
});

test("settings post as a plain form: on or off and the offer's hours", async () => {
  const posts = open(list);
  await userEvent.click(await screen.findByRole("checkbox", { name: "Keep a waiting list when tickets sell out" }));
  const hours = screen.getByLabelText("Each offer holds a place for (hours)");
  await userEvent.clear(hours);
  await userEvent.type(hours, "48");
  await userEvent.click(screen.getByRole("button", { name: "Save" }));
  await vi.waitFor(() => expect(posts).toEqual([{ intent: "waiting-list-settings", eventId: "e1", offerHours: "48" }]));
  expect((await screen.findByRole("status")).textContent).toBe("Saved.");
});

test("Send offer now posts the entry; 'no place free' is shown in words", async () => {
  const posts = open(list, (form) => data({ intent: form.intent, error: "No place is free to offer.", done: null }, { status: 409 }));
  await userEvent.click(await screen.findByRole("button", { name: "Send offer now to Alan Turing" }));
  await vi.waitFor(() => expect(posts).toEqual([{ intent: "send-waiting-offer", eventId: "e1", entryId: "w2" }]));
  expect((await screen.findByRole("alert")).textContent).toBe("No place is free to offer.");
});

test("an event the visitor does not manage reads 'Event not found'; an empty list says no one is on it", async () => {
  open(null);
  expect(await screen.findByText("Event not found.")).toBeTruthy();
  expect(screen.queryByRole("button", { name: "Save" })).toBeNull();
  cleanup();
  open({ ...list, entries: [] });
  expect(await screen.findByText("No one is on the waiting list for this event.")).toBeTruthy();
});
