// @vitest-environment happy-dom
import { cleanup, screen } from "@testing-library/react";
import { afterEach, expect, test } from "vitest";
import { renderRoute } from "~/test/render-route";
import PaymentCancelRoute from "./payment-cancel";

afterEach(cleanup);

const route = { path: "/payment-cancel", Component: PaymentCancelRoute as never };

test("a cancelled payment says no charge was made and offers the event again", async () => {
  renderRoute({ url: "/payment-cancel?event_id=3f1c1d5e-8a7b-4c2d-9e0f-1a2b3c4d5e6f", route });
  expect(await screen.findByRole("heading", { level: 1, name: "Payment Cancelled" })).toBeTruthy();
  expect(screen.getByText("Your payment was cancelled and no charges were made to your account.")).toBeTruthy();
  expect(screen.getByRole("link", { name: "Try Payment Again" }).getAttribute("href")).toBe("/events/3f1c1d5e-8a7b-4c2d-9e0f-1a2b3c4d5e6f");
  expect(screen.getByRole("link", { name: "Back to Events" }).getAttribute("href")).toBe("/events");
});

test("without a usable event id, Try Payment Again goes to all events", async () => {
  renderRoute({ url: "/payment-cancel?event_id=../admin", route });
  expect((await screen.findByRole("link", { name: "Try Payment Again" })).getAttribute("href")).toBe("/events");
});
