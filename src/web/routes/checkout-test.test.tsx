// @vitest-environment happy-dom
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, expect, test } from "vitest";
import type { SessionUser, TestCheckout } from "@domain";
import { renderRoute } from "~/test/render-route";
import CheckoutTestRoute from "./checkout-test";

afterEach(cleanup);

const user = { id: "u1", email: "ada@example.com", checkoutName: "Ada Lovelace" } as unknown as SessionUser;

const checkout: TestCheckout = {
  sessionId: "local_cs_1",
  status: "pending",
  subtotalPence: 5100,
  feesPence: 460,
  totalPence: 5560,
  expiresAt: "2090-01-01T12:30:00.000Z",
  lines: [{ eventId: "e1", title: "Jazz Night", quantity: 2, unitPricePence: 2550, feePerTicketPence: 230, totalPence: 5560, minAge: null }],
  sellers: [{ name: "Jazz Co Ltd", address: "47 Frith Street\nLondon\nW1D 4HT", kind: "business", companyNumber: "01234567" }],
};

function openCheckout(shown: TestCheckout) {
  renderRoute({ url: "/checkout/test/local_cs_1", user, route: { path: "/checkout/test/:sessionId", loader: () => ({ checkout: shown }), Component: CheckoutTestRoute as never } });
}

test("the test checkout names the seller in its heading and says who sells, with their address, before Pay (issue 34)", async () => {
  openCheckout(checkout);
  expect(await screen.findByText("Eventora checkout for Jazz Co Ltd")).toBeTruthy();
  const sellers = screen.getByRole("list", { name: "Who sells your tickets" });
  expect(within(sellers).getAllByRole("listitem").map((item) => item.textContent)).toEqual(["Sold by Jazz Co Ltd, 47 Frith Street, London, W1D 4HT. Eventora Ltd acts as their agent."]);
  expect(screen.getByRole("button", { name: /Pay £55.60/ })).toBeTruthy();
  expect(screen.getByText(/14-day right to cancel .* does not apply/)).toBeTruthy();
  expect(screen.getByRole("link", { name: "Booking Terms" }).getAttribute("href")).toBe("/booking-terms");
});

test("a cart of two sellers' events names both", async () => {
  openCheckout({ ...checkout, sellers: [...checkout.sellers, { name: "Sam Taylor", address: "3 Mill Lane\nYork\nYO1 7HH", kind: "individual", companyNumber: null }] });
  expect(await screen.findByText("Eventora checkout for Jazz Co Ltd and Sam Taylor")).toBeTruthy();
  expect(within(screen.getByRole("list", { name: "Who sells your tickets" })).getAllByRole("listitem")).toHaveLength(2);
});
