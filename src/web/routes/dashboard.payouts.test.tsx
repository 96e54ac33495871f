// @vitest-environment happy-dom
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, expect, test } from "vitest";
import type { PayoutAccountState, SessionUser, Statements } from "@domain";
import { renderRoute } from "~/test/render-route";
import PayoutsSectionRoute from "./dashboard.payouts";
import PayoutsRoute from "./payouts";

afterEach(cleanup);

const user = { id: "u1", email: "ada@example.com", name: "Ada Lovelace" } as unknown as SessionUser;
const account = { accountId: "acct_1Nv0FGQ9RKHgCVdK", ready: false, detailsSubmitted: false, payoutsEnabled: false, requirementsDue: [], disabledReason: null, updatedAt: "2026-06-01T12:00:00.000Z" };
const noStatements: Statements = { events: [], payouts: [], feeStatements: [] };

function openPayouts(payoutAccount: PayoutAccountState, url = "/dashboard/payouts", step?: { problem: string }) {
  const section = {
    path: "/dashboard/payouts",
    loader: () => ({ account: payoutAccount, statements: noStatements }),
    Component: PayoutsSectionRoute as never,
    children: [{ path: ":step", loader: () => step ?? null, Component: PayoutsRoute as never }],
  };
  renderRoute({ url, user, route: section });
}

test("without an account, Payouts offers Set up payouts as a form post that works before scripts load", async () => {
  openPayouts({ provider: "stripe", account: null });
  expect(await screen.findByRole("heading", { name: "Payouts" })).toBeTruthy();
  const button = screen.getByRole("button", { name: "Set up payouts" });
  const form = button.closest("form")!;
  expect(form.getAttribute("method")).toBe("post");
  expect(form.getAttribute("action")).toBe("/dashboard/payouts/refresh");
  expect(screen.getByText(/7 business days after each event ends/)).toBeTruthy();
});

test("an account Stripe still needs details for lists them in plain words and offers Continue setup", async () => {
  openPayouts({ provider: "stripe", account: { ...account, requirementsDue: ["external_account", "individual.dob.day", "individual.dob.month", "mystery_field"], disabledReason: "requirements.past_due" } });
  expect(await screen.findByRole("heading", { name: "Finish setting up payouts" })).toBeTruthy();
  const list = screen.getByRole("list", { name: "Still needed" });
  expect(within(list).getAllByRole("listitem").map((item) => item.textContent)).toEqual(["Bank account for payouts", "Date of birth", "Other details Stripe asks for"]);
  expect(screen.getByText("Stripe needs the details below before it can pay you.")).toBeTruthy();
  expect(screen.getByRole("button", { name: "Continue setup" })).toBeTruthy();
});

test("a ready account says Payouts on, with its id's last 4 and when payouts are made", async () => {
  openPayouts({ provider: "stripe", account: { ...account, ready: true, detailsSubmitted: true, payoutsEnabled: true } });
  expect(await screen.findByRole("heading", { name: "Payouts on" })).toBeTruthy();
  expect(screen.getByText(/ending/).textContent).toBe("Paid to your Stripe account ending CVdK. Payouts are made 7 business days after each event ends.");
  expect(screen.queryByRole("button", { name: /Set up payouts|Continue setup/ })).toBeNull();
  expect(screen.queryByText(/simulated/)).toBeNull();
});

test("with the local provider, the card says payouts are simulated", async () => {
  openPayouts({ provider: "local", account: { ...account, accountId: "acct_local_0123456789abcdef01234567", ready: true } });
  expect(await screen.findByRole("heading", { name: "Payouts on" })).toBeTruthy();
  expect(screen.getByText(/payouts are simulated and no money moves/)).toBeTruthy();
});

test("the statements come with the section: none yet says so", async () => {
  openPayouts({ provider: "local", account: null });
  expect(await screen.findByRole("heading", { name: "No statements yet" })).toBeTruthy();
});

test("when onboarding could not start, the way back says so above the Payouts section", async () => {
  openPayouts({ provider: "stripe", account: null }, "/dashboard/payouts/refresh", { problem: "Too many attempts. Please try again later." });
  const alert = await screen.findByRole("alert");
  expect(within(alert).getByRole("heading", { name: "Payouts could not be set up" })).toBeTruthy();
  expect(within(alert).getByText("Too many attempts. Please try again later.")).toBeTruthy();
  expect(within(alert).getByRole("link", { name: "Back to Payouts" }).getAttribute("href")).toBe("/dashboard/payouts");
  expect(screen.getByRole("button", { name: "Set up payouts" })).toBeTruthy();
});

test("an event's statement breaks its sales down per ticket type; one with one type says its tickets in a line (issue 36)", async () => {
  const statement = (eventId: string, title: string, ticketTypes: Statements["events"][number]["ticketTypes"]): Statements["events"][number] => ({
    eventId, title, startsAt: "2090-06-01T18:00:00.000Z", endsAt: "2090-06-01T23:00:00.000Z", grossSalesPence: 11500, bookingFeesPence: 1150, organiserFeesPence: 484,
    absorbedFeesPence: 0, ticketRefundsPence: 4000, feeRefundsPence: 230, commissionPence: 0, disputedPence: 0, discountsPence: 0, netDuePence: 7016, paidPence: 0, transferId: null, paidAt: null,
    payoutDueAt: "2090-06-12T09:00:00.000Z", status: { kind: "awaiting-event-end" }, ticketTypes,
  });
  const statements: Statements = {
    events: [
      statement("e1", "Northern Lights Weekender", [
        { ticketTypeId: "t1", name: "Early bird", ticketsSold: 2, ticketsRefunded: 0, grossSalesPence: 2000, ticketRefundsPence: 0, discountsPence: 0 },
        { ticketTypeId: "t2", name: "Standard", ticketsSold: 1, ticketsRefunded: 0, grossSalesPence: 1500, ticketRefundsPence: 0, discountsPence: 0 },
        { ticketTypeId: "t3", name: "VIP", ticketsSold: 2, ticketsRefunded: 1, grossSalesPence: 8000, ticketRefundsPence: 4000, discountsPence: 0 },
      ]),
      statement("e2", "Harbour Quiz", [{ ticketTypeId: "t4", name: "General Admission", ticketsSold: 3, ticketsRefunded: 1, grossSalesPence: 11500, ticketRefundsPence: 4000, discountsPence: 0 }]),
    ],
    payouts: [],
    feeStatements: [],
  };
  renderRoute({ url: "/dashboard/payouts", user, route: { path: "/dashboard/payouts", loader: () => ({ account: { provider: "local", account: null }, statements }), Component: PayoutsSectionRoute as never } });
  // The wide table and the phone's cards each carry it (CSS shows one of them).
  expect(await screen.findByRole("heading", { name: "Statements" })).toBeTruthy();
  // By their captions (names by role are slow to compute over this many cells in happy-dom).
  const named = (name: string) => screen.getAllByRole("table").filter((table) => table.querySelector("caption")?.textContent === name);
  // The wide table's...
  const [table, ...more] = named("By ticket type: Northern Lights Weekender");
  expect(more).toEqual([]);
  expect(Array.from(table!.querySelectorAll("tr"), (row) => Array.from(row.children, (cell) => cell.textContent))).toEqual([
    ["Ticket type", "Sold", "Refunded", "Gross sales", "Refunds"],
    ["Early bird", "2", "0", "£20.00", "£0.00"],
    ["Standard", "1", "0", "£15.00", "£0.00"],
    ["VIP", "2", "1", "£80.00", "£40.00"],
  ]);
  // ...and the phone's card's, a type per item.
  const list = screen.getByRole("list", { name: "By ticket type: Northern Lights Weekender" });
  const vip = within(list).getAllByRole("listitem")[2]!;
  expect(Array.from(vip.querySelectorAll("dt"), (term) => `${term.textContent} ${term.nextElementSibling?.textContent}`)).toEqual(["Sold 2", "Refunded 1", "Gross sales £80.00", "Refunds £40.00"]);
  expect(within(vip).getByText("VIP")).toBeTruthy();
  expect(named("By ticket type: Harbour Quiz")).toEqual([]);
  expect(screen.queryByRole("list", { name: "By ticket type: Harbour Quiz" })).toBeNull();
  expect(screen.getAllByText("3 tickets sold, 1 refunded")).toHaveLength(2);
});
