// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, expect, test, vi } from "vitest";
import { renderRoute } from "~/test/render-route";
import ResendTicketRoute from "./resend-ticket";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

test("anyone may ask for a ticket again: a blank code is refused, a typed one is sent to the booking's address", async () => {
  const fetch = vi.fn(
    async () => new Response(JSON.stringify({ success: true, provider: "outbox", recipient: "a***@example.com", error: null }), { status: 200, headers: { "content-type": "application/json" } }),
  );
  vi.stubGlobal("fetch", fetch);
  renderRoute({ url: "/resend-ticket", route: { path: "/resend-ticket", Component: ResendTicketRoute as never } });
  expect(await screen.findByRole("heading", { level: 1, name: "Resend Ticket" })).toBeTruthy();
  const field = screen.getByLabelText("Booking ID, ticket code or payment session ID");
  const button = screen.getByRole("button", { name: "Resend Ticket Email" });
  expect(button.hasAttribute("disabled")).toBe(true);
  expect(screen.getByRole("radio", { name: /Usual way/ })).toHaveProperty("checked", true);

  fireEvent.change(field, { target: { value: "   " } });
  fireEvent.click(button);
  expect(await screen.findByText("Please enter a booking ID or ticket code")).toBeTruthy();
  expect(fetch).not.toHaveBeenCalled();

  fireEvent.change(field, { target: { value: " TCKT-2026-1A2B3C4D " } });
  fireEvent.click(button);
  expect(await screen.findByText("Ticket email sent successfully!")).toBeTruthy();
  expect(screen.getByText("Sent to: a***@example.com")).toBeTruthy();
  expect(JSON.parse(String((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body))).toEqual({ bookingId: "TCKT-2026-1A2B3C4D", provider: "brevo" });
});
