// @vitest-environment happy-dom
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, expect, test } from "vitest";
import type { SessionUser } from "@domain";
import { cartItemFor } from "~/features/cart/cart-lines";
import { anEvent } from "~/test/events";
import { renderRoute } from "~/test/render-route";
import CartRoute from "./cart";

afterEach(() => {
  cleanup();
  window.localStorage.clear();
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
