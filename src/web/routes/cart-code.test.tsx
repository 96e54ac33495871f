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
const base = anEvent().ticketTypes[0]!;
// 25% off a £20 ticket as the server prices it with the code: £15 + £2.30 fee (D21).
const discounted = { ...base, id: "3c1d2e3f-4a5b-4c6d-8e7f-8091a2b3c4d5", name: "Standard", pricePence: 1500, allInPricePence: 1730, discountPence: 500 };
const harbour = anEvent({ title: "Harbour Night", ticketTypes: [discounted] });

function openCart(code: { code: string; applied: boolean; message: string } | null) {
  const fetch = vi.fn(async () => new Response(JSON.stringify({ url: null }), { status: 200, headers: { "content-type": "application/json" } }));
  vi.stubGlobal("fetch", fetch);
  // The browser's cart kept the line at its full price: the cart shows it as the server prices it now.
  const items = [{ ...cartItemFor(harbour, 2, discounted.id), ticketPricePence: 2000 }];
  window.localStorage.setItem("cart", JSON.stringify(items));
  renderRoute({ url: "/cart", user, route: { path: "/cart", loader: () => ({ items, catalogue: { [harbour.id]: harbour.ticketTypes }, code }), Component: CartRoute as never } });
  return fetch;
}

test("'Have a code?' is a plain GET form to /cart with the code's field, so it works before the scripts load", async () => {
  openCart(null);
  const field = await screen.findByRole("textbox", { name: "Have a code?" });
  const form = field.closest("form")!;
  expect(form.getAttribute("method")).toBe("get");
  expect(form.getAttribute("action")).toBe("/cart");
  expect(field.getAttribute("name")).toBe("code");
  expect(within(form).getByRole("button", { name: "Apply" })).toBeTruthy();
});

test("an applied code says so, the lines are priced with it, and checkout sends it", async () => {
  const fetch = openCart({ code: "QUARTER", applied: true, message: "Code QUARTER applied: 25% off" });
  expect((await screen.findByText("Code QUARTER applied: 25% off")).getAttribute("role")).toBe("status");
  const line = within(screen.getByRole("list", { name: "Cart items" })).getAllByRole("listitem")[0]!;
  expect(line.textContent).toContain("£17.30 per ticket");
  expect(screen.getByText("Total").nextElementSibling!.textContent).toBe("£34.60");
  expect((screen.getByRole("textbox", { name: "Have a code?" }) as HTMLInputElement).value).toBe("QUARTER");

  fireEvent.click(screen.getByRole("button", { name: /Proceed to Checkout/ }));
  await waitFor(() => expect(fetch).toHaveBeenCalled());
  const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
  expect(JSON.parse(String(init.body)).code).toBe("QUARTER");
});

test("a refused code says why beside the field and checkout does not send it", async () => {
  const fetch = openCart({ code: "OLDCODE", applied: false, message: "This code has expired" });
  const alert = await screen.findByRole("alert");
  expect(alert.textContent).toBe("This code has expired");
  const field = screen.getByRole("textbox", { name: "Have a code?" });
  expect(field.getAttribute("aria-invalid")).toBe("true");
  expect(field.getAttribute("aria-describedby")).toBe(alert.id);

  fireEvent.click(screen.getByRole("button", { name: /Proceed to Checkout/ }));
  await waitFor(() => expect(fetch).toHaveBeenCalled());
  const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
  expect(JSON.parse(String(init.body))).not.toHaveProperty("code");
});
