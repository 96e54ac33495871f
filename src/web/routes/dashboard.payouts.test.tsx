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
