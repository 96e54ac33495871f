// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, expect, test, vi } from "vitest";
import type { DashboardEvent, SessionUser } from "@domain";
import { renderRoute } from "~/test/render-route";
import DashboardRoute from "./dashboard";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const user = { id: "u1", email: "ada@example.com", name: "Ada Lovelace" } as unknown as SessionUser;
const event: DashboardEvent = { id: "e1", title: "Northern Soul Night", dateTime: "2090-06-01T18:00:00.000Z", location: "Leeds", category: "music", businessType: "event",
  status: "active", endTime: null, pricePence: 1500, maxAttendees: null, imageUrl: null, createdAt: "2090-01-01T00:00:00.000Z", ticketsSold: 0, ticketIncomePence: 0, netDuePence: 0,
  hasBookings: false, previousDateTime: null, cancellation: null };
const dashboard = {
  events: [event],
  attendeeEvents: { upcoming: [event], past: [] },
  sales: { recentSales: [], perEvent: [], daily: [], totals: { ticketIncomePence: 0, organiserFeesPence: 0, netDuePence: 0, bookingFeesPence: 0, ticketsSold: 0, bookings: 0, refundedPence: 0 } },
  bookings: [],
};
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });

test("Attendee Management offers a labelled choice of an e-mail per refund request or a daily summary, and saves a change", async () => {
  const saved: unknown[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === "/api/me/notice-settings" && init?.method === "PUT") {
        saved.push(JSON.parse(String(init.body)));
        return json(JSON.parse(String(init.body)));
      }
      if (url === "/api/me/notice-settings") return json({ refundRequestEmails: "each" });
      if (url.startsWith("/api/refund-requests")) return json({ requests: [] });
      return new Promise<Response>(() => {});
    }),
  );
  renderRoute({ url: "/dashboard?tab=attendees", user, route: { path: "/dashboard", loader: () => dashboard, Component: DashboardRoute as never } });
  const choice = (await screen.findByLabelText("E-mail me about refund requests")) as HTMLSelectElement;
  await waitFor(() => expect(choice.disabled).toBe(false));
  expect([...choice.options].map((option) => option.textContent)).toEqual(["An e-mail for each request", "One summary e-mail a day"]);
  expect(choice.value).toBe("each");
  await userEvent.selectOptions(choice, "daily");
  await waitFor(() => expect(saved).toEqual([{ refundRequestEmails: "daily" }]));
  expect(choice.value).toBe("daily");
});
