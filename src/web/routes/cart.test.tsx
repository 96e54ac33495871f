// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, expect, test, vi } from "vitest";
import type { SessionUser } from "@domain";
import { cartItemFor } from "~/features/cart/cart-lines";
import { anEvent } from "~/test/events";
import { renderRoute } from "~/test/render-route";
import CartRoute from "./cart";

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  vi.unstubAllGlobals();
});

const user = { id: "u1", email: "ada@example.com", checkoutName: "Ada Lovelace" } as unknown as SessionUser;

test("an empty cart says so and links to the events", async () => {
  renderRoute({ url: "/cart", route: { path: "/cart", loader: () => ({ items: [] }), Component: CartRoute as never } });
  expect(await screen.findByRole("heading", { level: 1, name: "Shopping Cart" })).toBeTruthy();
  expect(screen.getByRole("heading", { name: "Your cart is empty" })).toBeTruthy();
  expect(screen.queryByRole("button", { name: /Proceed to Checkout/ })).toBeNull();
});

test("a cart with tickets lists each event with its quantity, the order summary and, signed in, the name on the ticket", async () => {
  const items = [cartItemFor(anEvent(), 2), cartItemFor(anEvent({ id: "7a1c2a7e-0d7b-4c53-9d0e-2f3a4b5c6d7e", title: "Blues Brunch" }), 1)];
  window.localStorage.setItem("cart", JSON.stringify(items));
  renderRoute({ url: "/cart", user, route: { path: "/cart", loader: () => ({ items }), Component: CartRoute as never } });
  expect(await screen.findByText("3 tickets for 2 events")).toBeTruthy();
  const list = screen.getByRole("list", { name: "Cart items" });
  expect(list.textContent).toContain("Jazz Night");
  expect(list.textContent).toContain("Blues Brunch");
  expect(screen.getByRole("heading", { name: "Order Summary" })).toBeTruthy();
  expect((screen.getByRole("textbox", { name: /Name on the ticket/ }) as HTMLInputElement).value).toBe("Ada Lovelace");
  expect(screen.getByRole("button", { name: /Proceed to Checkout/ })).toBeTruthy();
  expect(screen.getByRole("button", { name: /Clear cart/ })).toBeTruthy();
});

test("the cart names who sells each event, with their address and Eventora as their agent, before checkout (issue 34)", async () => {
  const blues = anEvent({ id: "7a1c2a7e-0d7b-4c53-9d0e-2f3a4b5c6d7e", title: "Blues Brunch" });
  const items = [cartItemFor(anEvent(), 2), cartItemFor(blues, 1)];
  window.localStorage.setItem("cart", JSON.stringify(items));
  const sellers = { [items[0]!.eventId]: anEvent().seller!, [blues.id]: anEvent().seller! };
  renderRoute({ url: "/cart", route: { path: "/cart", loader: () => ({ items, sellers }), Component: CartRoute as never } });
  const section = await screen.findByRole("region", { name: "Who sells your tickets" });
  const lines = within(section).getAllByRole("listitem");
  expect(lines.map((line) => line.textContent)).toEqual(["Jazz Night, Blues Brunch: Sold by Jazz Co Ltd, 47 Frith Street, London, W1D 4HT. Eventora Ltd acts as their agent."]);
  expect(within(section).getByText(/14-day right to cancel .* does not apply/)).toBeTruthy();
  expect(within(section).getByRole("link", { name: "Refund Policy" })).toBeTruthy();
});

test("a line per ticket type: each named with its all-in price, limited by its type, and sent to checkout with its type (issue 36)", async () => {
  const fetch = vi.fn(async () => new Response(JSON.stringify({ url: null }), { status: 200, headers: { "content-type": "application/json" } }));
  vi.stubGlobal("fetch", fetch);
  const base = anEvent().ticketTypes[0]!;
  const standard = { ...base, id: "3c1d2e3f-4a5b-4c6d-8e7f-8091a2b3c4d5", name: "Standard", pricePence: 1500, allInPricePence: 1730, remaining: null };
  const vip = { ...base, id: "5e6f7a8b-9c0d-4e1f-a2b3-c4d5e6f70819", name: "VIP", pricePence: 4000, allInPricePence: 4230, remaining: 12, maxPerOrder: 1 };
  const harbour = anEvent({ title: "Harbour Night", ticketTypes: [standard, vip] });
  const items = [cartItemFor(harbour, 2, standard.id), cartItemFor(harbour, 1, vip.id)];
  window.localStorage.setItem("cart", JSON.stringify(items));
  renderRoute({ url: "/cart", user, route: { path: "/cart", loader: () => ({ items, catalogue: { [harbour.id]: harbour.ticketTypes } }), Component: CartRoute as never } });
  expect(await screen.findByText("3 tickets for 1 event")).toBeTruthy();
  const lines = within(screen.getByRole("list", { name: "Cart items" })).getAllByRole("listitem").filter((line) => line.parentElement?.getAttribute("aria-label") === "Cart items");
  expect(lines).toHaveLength(2);
  expect(lines[0]!.textContent).toContain("Standard");
  expect(lines[0]!.textContent).toContain("£17.30 per ticket");
  expect(lines[0]!.textContent).toContain("£34.60");
  expect(lines[1]!.textContent).toContain("VIP");
  expect(lines[1]!.textContent).toContain("£42.30 per ticket");
  // VIP sells at most one to an order; Standard may have more.
  expect((within(lines[1]!).getByRole("button", { name: "One ticket more for Harbour Night: VIP" }) as HTMLButtonElement).disabled).toBe(true);
  expect((within(lines[0]!).getByRole("button", { name: "One ticket more for Harbour Night: Standard" }) as HTMLButtonElement).disabled).toBe(false);

  fireEvent.click(screen.getByRole("button", { name: /Proceed to Checkout/ }));
  await waitFor(() => expect(fetch).toHaveBeenCalled());
  const [path, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
  expect(path).toBe("/api/functions/create-payment");
  expect(JSON.parse(String(init.body)).items).toEqual([
    { eventId: harbour.id, ticketTypeId: standard.id, ticketQuantity: 2 },
    { eventId: harbour.id, ticketTypeId: vip.id, ticketQuantity: 1 },
  ]);
});

test("a line saved before ticket types reads as its event's one type", async () => {
  const old = { ...cartItemFor(anEvent(), 2), ticketTypeId: undefined, ticketTypeName: undefined };
  window.localStorage.setItem("cart", JSON.stringify([old]));
  renderRoute({ url: "/cart", route: { path: "/cart", loader: () => ({ items: [old], catalogue: { [old.eventId]: anEvent().ticketTypes } }), Component: CartRoute as never } });
  const list = await screen.findByRole("list", { name: "Cart items" });
  expect(list.textContent).toContain("Jazz Night");
  expect(list.textContent).not.toContain("General Admission");
  expect(screen.getByText("2 tickets for 1 event")).toBeTruthy();
});
