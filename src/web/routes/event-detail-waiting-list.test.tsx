// @vitest-environment happy-dom
import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, expect, test, vi } from "vitest";
import { data } from "react-router";
import type { EventDetail, SessionUser } from "@domain";
import type { EventWaitingListView, MyWaitingEntry } from "~/features/waiting-list/waiting-list-shapes";
import { anEvent } from "~/test/events";
import { renderRoute } from "~/test/render-route";
import EventDetailRoute from "./event-detail";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const user = { id: "u1", email: "ada@example.com", checkoutName: "Ada Lovelace" } as unknown as SessionUser;
const now = "2026-06-01T12:00:00.000Z";
const standard = { ...anEvent().ticketTypes[0]!, name: "Standard" };
const vip = { ...standard, id: "9c1d2e3f-4a5b-4c6d-8e7f-0a1b2c3d4e5f", name: "VIP", pricePence: 5000, allInPricePence: 5400 };
/** Standard sold out, VIP on sale; the organiser keeps a waiting list. */
const standardGone = { ...anEvent({ remaining: 10, ticketTypes: [{ ...standard, remaining: 0, onSale: false }, { ...vip, remaining: 10 }] }), waitingList: { enabled: true } };
/** Every type sold out. */
const allGone = { ...anEvent({ remaining: 0, ticketTypes: [{ ...standard, remaining: 0, onSale: false }, { ...vip, remaining: 0, onSale: false }] }), waitingList: { enabled: true } };

const entry = (overrides: Partial<MyWaitingEntry> = {}): MyWaitingEntry => ({
  id: "w1", eventId: allGone.id, eventTitle: "Jazz Night", eventDate: allGone.dateTime, ticketTypeId: vip.id, ticketTypeName: "VIP",
  joinedAt: "2026-05-30T10:00:00.000Z", status: "waiting", position: 3, offer: null, ...overrides,
});

function openEvent(
  event: EventDetail,
  { signedIn = null, waiting = null, offerToken = null, action }: { signedIn?: SessionUser | null; waiting?: EventWaitingListView | null; offerToken?: string | null; action?: (form: Record<string, string>) => unknown } = {},
) {
  const posts: Record<string, string>[] = [];
  renderRoute({
    url: `/events/${event.id}${offerToken ? `?offer=${offerToken}` : ""}`,
    user: signedIn,
    route: {
      path: "/events/:id",
      loader: () => ({ event, similar: [], origin: "http://localhost", now, waiting, offerToken }),
      action: async ({ request }: { request: Request }) => {
        const form = Object.fromEntries(await request.formData()) as Record<string, string>;
        posts.push(form);
        return action?.(form) ?? null;
      },
      Component: EventDetailRoute as never,
    },
  });
  return posts;
}

test("a sold-out type of an event with a waiting list offers to join it for that type, posted as a plain form", async () => {
  const posts = openEvent(standardGone);
  await screen.findByRole("heading", { level: 1, name: "Jazz Night" });
  expect(screen.getByText("For: Standard")).toBeTruthy();
  await userEvent.click(screen.getByRole("button", { name: "Join the waiting list" }));
  await vi.waitFor(() => expect(posts).toEqual([{ intent: "join-waiting-list", ticketTypeId: standard.id }]));
  // The form is a real form: it posts without the page's scripts too.
  expect(screen.getByRole("button", { name: "Join the waiting list" }).closest("form")?.getAttribute("method")).toBe("post");
});

test("a whole event sold out offers each type and any type; without a waiting list it offers nothing", async () => {
  const posts = openEvent(allGone);
  await screen.findByRole("heading", { level: 1, name: "Jazz Night" });
  const wanted = screen.getByLabelText("Tickets wanted") as HTMLSelectElement;
  expect([...wanted.options].map((option) => option.textContent)).toEqual(["Standard", "VIP", "Any ticket type"]);
  await userEvent.selectOptions(wanted, "Any ticket type");
  await userEvent.click(screen.getByRole("button", { name: "Join the waiting list" }));
  await vi.waitFor(() => expect(posts).toEqual([{ intent: "join-waiting-list", ticketTypeId: "" }]));
  cleanup();
  openEvent({ ...allGone, waitingList: { enabled: false } });
  await screen.findByRole("heading", { level: 1, name: "Jazz Night" });
  expect(screen.queryByRole("button", { name: "Join the waiting list" })).toBeNull();
});

test("an event on sale offers no waiting list", async () => {
  openEvent(anEvent({ waitingList: { enabled: true } }));
  await screen.findByRole("heading", { level: 1, name: "Jazz Night" });
  expect(screen.queryByRole("button", { name: "Join the waiting list" })).toBeNull();
});

test("the server's refusal is shown in words beside the button", async () => {
  openEvent(standardGone, { signedIn: user, waiting: { signedIn: true, joined: [], offer: null, offerGone: false }, action: () => data({ error: "Tickets are still available: buy them now." }, { status: 409 }) });
  await userEvent.click(await screen.findByRole("button", { name: "Join the waiting list" }));
  expect((await screen.findByRole("alert")).textContent).toBe("Tickets are still available: buy them now.");
});

test("once joined, the page says so with the place in line, and offers only what is not yet joined", async () => {
  openEvent(allGone, { signedIn: user, waiting: { signedIn: true, joined: [entry()], offer: null, offerGone: false } });
  const status = await screen.findByText("You're on the waiting list");
  expect(status.parentElement?.textContent).toContain("VIP: number 3 in line");
  const wanted = screen.getByLabelText("Tickets wanted") as HTMLSelectElement;
  expect([...wanted.options].map((option) => option.textContent)).toEqual(["Standard", "Any ticket type"]);
  expect(screen.getByRole("link", { name: "My Tickets" }).getAttribute("href")).toBe("/my-tickets");
});

test("?offer= holds a place: the page says until when, Buy Now buys one ticket of the offer's type with the offer", async () => {
  const sent: unknown[] = [];
  vi.stubGlobal("fetch", vi.fn(async (_url: string, init?: RequestInit) => {
    sent.push(JSON.parse(String(init?.body)));
    return new Response(JSON.stringify({ error: { code: "CONFLICT", message: "This offer has expired.", details: { reason: "OFFER_EXPIRED" } } }), { status: 409, headers: { "content-type": "application/json" } });
  }));
  const offer = { token: "tok123", expiresAt: "2026-06-02T17:00:00.000Z", url: `/events/${allGone.id}?offer=tok123` };
  openEvent(allGone, { signedIn: user, offerToken: "tok123", waiting: { signedIn: true, joined: [entry({ status: "offered", position: null, offer })], offer: { token: "tok123", expiresAt: offer.expiresAt, ticketTypeId: vip.id }, offerGone: false } });
  const tickets = await screen.findByRole("complementary", { name: "Tickets and event information" });
  // 17:00 UTC in June is 18:00 in the UK.
  expect(within(tickets).getByText("A place is held for you until Tue, 2 Jun 2026, 18:00").getAttribute("role")).toBe("status");
  expect(within(tickets).getByText("Quantity: 1 ticket")).toBeTruthy();
  expect(within(tickets).queryByRole("button", { name: "Add to Cart" })).toBeNull();
  expect((within(tickets).getByRole("radio", { name: /VIP/ }) as HTMLInputElement).checked).toBe(true);
  expect((within(tickets).getByRole("radio", { name: /Standard/ }) as HTMLInputElement).disabled).toBe(true);
  await userEvent.click(within(tickets).getByRole("button", { name: "Buy Now" }));
  await vi.waitFor(() => expect(sent).toHaveLength(1));
  expect(sent[0]).toMatchObject({ eventId: allGone.id, ticketQuantity: 1, ticketTypeId: vip.id, waitingOffer: "tok123" });
});

test("?offer= signed out asks them to sign in and come back; signed in with an offer no longer open, says so", async () => {
  openEvent(allGone, { offerToken: "tok123", waiting: { signedIn: false, joined: [], offer: null, offerGone: false } });
  const link = await screen.findByRole("link", { name: "Sign in to buy your ticket" });
  expect(link.getAttribute("href")).toBe(`/auth?redirect=${encodeURIComponent(`/events/${allGone.id}?offer=tok123`)}`);
  cleanup();
  openEvent(allGone, { signedIn: user, offerToken: "gone", waiting: { signedIn: true, joined: [], offer: null, offerGone: true } });
  expect(await screen.findByText("This offer is no longer open.")).toBeTruthy();
});
