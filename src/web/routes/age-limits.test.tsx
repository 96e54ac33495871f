// @vitest-environment happy-dom
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { afterEach, expect, test, vi } from "vitest";
import type { MyTicket, SessionUser, TestCheckout } from "@domain";
import { EventCard } from "~/components/event-card";
import { cartItemFor } from "~/features/cart/cart-lines";
import { anEvent } from "~/test/events";
import { renderRoute } from "~/test/render-route";
import CartRoute from "./cart";
import CheckoutTestRoute from "./checkout-test";
import EventDetailRoute from "./event-detail";
import MyTicketsRoute from "./my-tickets";

/** Issue 34: an event's minimum age is shown wherever its tickets are offered, bought or held. */
afterEach(() => {
  cleanup();
  window.localStorage.clear();
  vi.unstubAllGlobals();
});

const user = { id: "u1", email: "ada@example.com", checkoutName: "Ada Lovelace" } as unknown as SessionUser;
/** On 3 July 2026: someone born in 2010 is 16 then, whatever today's date. */
const adults = anEvent({ minAge: 18 });

function openEvent(event = adults, signedIn: SessionUser | null = null) {
  renderRoute({
    url: `/events/${event.id}`,
    user: signedIn,
    route: { path: "/events/:id", loader: () => ({ event, similar: [], origin: "http://localhost", now: "2026-06-01T12:00:00.000Z" }), Component: EventDetailRoute as never },
  });
}

/** create-payment's answers in turn, recording what each request sent. */
function answers(...replies: { status: number; body: unknown }[]) {
  const sent: unknown[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (_url: string, init?: RequestInit) => {
      sent.push(JSON.parse(String(init?.body)));
      const reply = replies.shift()!;
      return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { "content-type": "application/json" } });
    }),
  );
  return sent;
}

test("an event card carries a small 18+ badge that reads out in full; an event without a limit has none", () => {
  const Stub = createRoutesStub([{ path: "/", Component: () => <EventCard event={adults} /> }]);
  render(<Stub initialEntries={["/"]} />);
  const card = screen.getByRole("article", { name: "Jazz Night" });
  expect(within(card).getByText("18+").getAttribute("aria-hidden")).toBe("true");
  expect(within(card).getByText("Ages 18 and over only")).toBeTruthy();
  cleanup();
  const Plain = createRoutesStub([{ path: "/", Component: () => <EventCard event={anEvent()} /> }]);
  render(<Plain initialEntries={["/"]} />);
  expect(within(screen.getByRole("article", { name: "Jazz Night" })).queryByText(/and over only/)).toBeNull();
});

test("the event page states the limit beside the date and in the booking card", async () => {
  openEvent();
  await screen.findByRole("heading", { level: 1, name: "Jazz Night" });
  expect(screen.getAllByText(/Ages 18 and over only/).length).toBe(2);
  const tickets = screen.getByRole("complementary", { name: "Tickets and event information" });
  expect(within(tickets).getByText(/Bring photo ID: it may be checked at the door\./)).toBeTruthy();
});

test("Buy Now asks an account without a date of birth for one once the server does, and sends it with the next try", async () => {
  const sent = answers(
    { status: 403, body: { error: { code: "DATE_OF_BIRTH_NEEDED", message: "Jazz Night has an age limit: please give your date of birth to book tickets." } } },
    { status: 403, body: { error: { code: "UNDER_AGE_LIMIT", message: "You must be 18 or over to book tickets for Jazz Night." } } },
  );
  openEvent(adults, user);
  await screen.findByRole("heading", { level: 1, name: "Jazz Night" });
  expect(screen.queryByLabelText(/Date of birth/)).toBeNull();
  await userEvent.click(screen.getByRole("button", { name: "Buy Now" }));
  const born = (await screen.findByLabelText(/Date of birth/)) as HTMLInputElement;
  expect(document.activeElement).toBe(born);
  expect(sent).toHaveLength(1);
  expect(sent[0]).not.toHaveProperty("dateOfBirth");

  // The browser checks it as the server would: too young for this event on its date, nothing is sent.
  await userEvent.type(born, "2010-01-01");
  await userEvent.click(screen.getByRole("button", { name: "Buy Now" }));
  expect(await screen.findByText("You must be 18 or over to book tickets for Jazz Night.")).toBeTruthy();
  expect(sent).toHaveLength(1);

  await userEvent.clear(born);
  await userEvent.type(born, "1990-05-17");
  await userEvent.click(screen.getByRole("button", { name: "Buy Now" }));
  await vi.waitFor(() => expect(sent).toHaveLength(2));
  expect(sent[1]).toMatchObject({ eventId: adults.id, attendeeName: "Ada Lovelace", dateOfBirth: "1990-05-17" });
});

test("the cart shows each line's age limit, and a cart checkout asks for the date of birth too", async () => {
  const sent = answers({ status: 403, body: { error: { code: "DATE_OF_BIRTH_NEEDED", message: "Jazz Night has an age limit: please give your date of birth to book tickets." } } });
  const items = [cartItemFor(adults, 2), cartItemFor(anEvent({ id: "7a1c2a7e-0d7b-4c53-9d0e-2f3a4b5c6d7e", title: "Blues Brunch" }), 1)];
  window.localStorage.setItem("cart", JSON.stringify(items));
  renderRoute({ url: "/cart", user, route: { path: "/cart", loader: () => ({ items, sellers: {} }), Component: CartRoute as never } });
  const list = await screen.findByRole("list", { name: "Cart items" });
  const [jazz, blues] = within(list).getAllByRole("listitem").filter((item) => item.parentElement === list);
  expect(within(jazz!).getByText("Ages 18 and over only")).toBeTruthy();
  expect(within(blues!).queryByText(/and over only/)).toBeNull();
  await userEvent.click(screen.getByRole("button", { name: /Proceed to Checkout/ }));
  expect(await screen.findByLabelText(/Date of birth/)).toBeTruthy();
  expect(sent).toHaveLength(1);
});

test("the test checkout marks an age-limited line", async () => {
  const checkout: TestCheckout = {
    sessionId: "local_cs_1",
    status: "pending",
    subtotalPence: 2550,
    feesPence: 230,
    totalPence: 2780,
    expiresAt: "2090-01-01T12:30:00.000Z",
    lines: [{ eventId: "e1", title: "Late Jazz", quantity: 1, unitPricePence: 2550, feePerTicketPence: 230, totalPence: 2780, minAge: 21 }],
    sellers: [],
  };
  renderRoute({ url: "/checkout/test/local_cs_1", user, route: { path: "/checkout/test/:sessionId", loader: () => ({ checkout }), Component: CheckoutTestRoute as never } });
  expect(await screen.findByText("Ages 21 and over only")).toBeTruthy();
});

test("My Tickets says a ticket's event is age-limited and to bring ID", async () => {
  const ticket = {
    bookingId: "0f8fad5b-d9cb-469f-a165-70867728950e",
    period: "upcoming",
    ticketCode: "TCKT-2026-1A2B3C4D",
    status: "confirmed",
    ticketQuantity: 1,
    totalAmountPence: 2780,
    refundedQuantity: 0,
    refundState: "none",
    refundedPence: 0,
    attendeeName: "Ada Lovelace",
    attendeeEmail: "ada@example.com",
    checkedInAt: null,
    createdAt: "2026-11-20T14:00:00.000Z",
    event: { id: "e1", title: "Late Jazz", dateTime: "2090-12-05T19:30:00.000Z", venue: "Roundhouse", location: "London", imageUrl: null, minAge: 18 },
    qrPayload: { ticketId: "TCKT-2026-1A2B3C4D", bookingId: "0f8fad5b-d9cb-469f-a165-70867728950e", eventTitle: "Late Jazz", attendeeName: "Ada Lovelace", eventDate: "2090-12-05T19:30:00.000Z", ticketQuantity: 1, kid: "k1", sig: "c2ln" },
    tickets: [],
    ticketEmail: { status: "sent", sentAt: "2026-11-20T14:03:00.000Z", provider: "smtp", error: null },
    refund: { canRequest: false, automatic: false, includesFee: false, refundPence: 0, feePerTicketPence: 230, closesAt: null, closedReason: null, request: null },
    orderId: null,
  } as unknown as MyTicket;
  renderRoute({ url: "/my-tickets", user, route: { path: "/my-tickets", loader: () => ({ tickets: [ticket], waitingLists: [] }), Component: MyTicketsRoute as never } });
  const card = (await screen.findByRole("heading", { level: 3, name: "Late Jazz" })).closest("article")!;
  expect(within(card as HTMLElement).getByText(/Ages 18 and over only\./)).toBeTruthy();
  expect(within(card as HTMLElement).getByText(/Bring photo ID/)).toBeTruthy();
});
