// @vitest-environment happy-dom
import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, expect, test, vi } from "vitest";
import { data } from "react-router";
import type { SessionUser } from "@domain";
import type { MyWaitingEntry } from "~/features/waiting-list/waiting-list-shapes";
import { renderRoute } from "~/test/render-route";
import MyTicketsRoute from "./my-tickets";

afterEach(() => cleanup());

const user = { id: "u1", email: "ada@example.com", name: "Ada Lovelace" } as unknown as SessionUser;
const waiting: MyWaitingEntry = {
  id: "w1", eventId: "e1", eventTitle: "Jazz Night", eventDate: "2026-12-05T19:30:00.000Z", ticketTypeId: "t-vip", ticketTypeName: "VIP",
  joinedAt: "2026-11-20T14:00:00.000Z", status: "waiting", position: 2, offer: null,
};
const offered: MyWaitingEntry = {
  ...waiting, id: "w2", eventId: "e2", eventTitle: "Folk Club", ticketTypeId: null, ticketTypeName: null, status: "offered", position: null,
  offer: { token: "tok", expiresAt: "2026-11-21T10:00:00.000Z", url: "/events/e2?offer=tok" },
};
const bought: MyWaitingEntry = { ...waiting, id: "w3", eventTitle: "Blues Brunch", status: "bought", position: null };
const left: MyWaitingEntry = { ...waiting, id: "w4", eventTitle: "Left Event", status: "left", position: null };

function open(entries: MyWaitingEntry[], answer: (form: Record<string, string>) => unknown = (form) => ({ intent: form.intent, error: null })) {
  const posts: Record<string, string>[] = [];
  renderRoute({
    url: "/my-tickets",
    user,
    route: {
      path: "/my-tickets",
      loader: () => ({ tickets: [], waitingLists: entries }),
      action: async ({ request }: { request: Request }) => {
        const form = Object.fromEntries(await request.formData()) as Record<string, string>;
        posts.push(form);
        return answer(form);
      },
      Component: MyTicketsRoute as never,
    },
  });
  return posts;
}

test("My Tickets lists the buyer's waiting lists: place in line, an open offer with its expiry and link, what became of the others", async () => {
  open([waiting, offered, bought, left]);
  const section = await screen.findByRole("region", { name: "Waiting lists" });
  const items = within(section).getAllByRole("listitem");
  expect(items).toHaveLength(3);
  expect(items[0]!.textContent).toContain("Jazz Night");
  expect(items[0]!.textContent).toContain("VIP · joined Fri, 20 Nov 2026, 14:00");
  expect(items[0]!.textContent).toContain("Number 2 in line");
  expect(items[1]!.textContent).toContain("Any ticket");
  expect(items[1]!.textContent).toContain("A place is held for you until Sat, 21 Nov 2026, 10:00.");
  expect(within(items[1]!).getByRole("link", { name: "Buy your ticket" }).getAttribute("href")).toBe("/events/e2?offer=tok");
  expect(items[2]!.textContent).toContain("Bought");
  // Only live entries can be left.
  expect(within(items[2]!).queryByRole("button")).toBeNull();
  expect(within(section).getAllByRole("button", { name: /^Leave the waiting list/ })).toHaveLength(2);
});

test("leaving posts the entry as a plain form; a refusal is shown in words", async () => {
  const posts = open([waiting], () => data({ intent: "leave-waiting-list", error: "Not found" }, { status: 404 }));
  await userEvent.click(await screen.findByRole("button", { name: "Leave the waiting list for Jazz Night (VIP)" }));
  await vi.waitFor(() => expect(posts).toEqual([{ intent: "leave-waiting-list", entryId: "w1" }]));
  expect((await screen.findByRole("alert")).textContent).toBe("Not found");
});

test("with no entries there is no waiting-list section", async () => {
  open([]);
  await screen.findByRole("heading", { level: 1, name: "My Tickets" });
  expect(screen.queryByRole("region", { name: "Waiting lists" })).toBeNull();
});
