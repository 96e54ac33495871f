// @vitest-environment happy-dom
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Toaster } from "sonner";
import { afterEach, expect, test } from "vitest";
import type { OwnAffiliate, SessionUser } from "@domain";
import { renderRoute } from "~/test/render-route";

import AffiliatesRoute from "./affiliates";

afterEach(cleanup);

const user = { id: "4f8a2c1e-0000-4000-8000-000000000003", email: "sam@example.com" } as SessionUser;
const affiliate: OwnAffiliate = {
  code: "RFJVVUUD",
  commissionRate: 10,
  status: "active",
  totalEarningsPence: 46,
  totalReferrals: 2,
  createdAt: "2026-01-01T10:00:00.000Z",
  payouts: [
    {
      payoutId: "7d0f2c1e-0000-4000-8000-000000000001",
      eventId: "7d0f2c1e-0000-4000-8000-000000000002",
      eventTitle: "Harbour Lights Quiz Night",
      amountPence: 46,
      status: "paid",
      transferId: "tr_local_5b1c",
      dueAt: "2026-01-20T09:00:00.000Z",
      paidAt: "2026-01-20T09:00:05.000Z",
      reversals: [],
    },
  ],
};
const route = (data: { userId: string | null; affiliate: OwnAffiliate | null }) => ({
  path: "/affiliates",
  loader: () => ({ ...data, origin: "http://localhost" }),
  Component: AffiliatesRoute as never,
});

test("signed out, the page offers to sign in and come back", async () => {
  renderRoute({ url: "/affiliates", route: route({ userId: null, affiliate: null }) });
  expect(await screen.findByRole("link", { name: "Sign In to Get Started" })).toBeTruthy();
  expect(screen.getByRole("link", { name: "Sign In to Get Started" }).getAttribute("href")).toBe("/auth?redirect=/affiliates");
  expect(screen.getByRole("heading", { name: "Frequently Asked Questions" })).toBeTruthy();
});

test("signed in without an account, the page offers to create one", async () => {
  renderRoute({ url: "/affiliates", user, route: route({ userId: user.id, affiliate: null }) });
  expect(await screen.findByRole("button", { name: "Create Affiliate Account" })).toBeTruthy();
});

test("an affiliate sees their code, the Dashboard tab, and the share link on Affiliate Tools", async () => {
  renderRoute({ url: "/affiliates", user, route: route({ userId: user.id, affiliate }) });
  expect(await screen.findByRole("heading", { name: "Your affiliate account" })).toBeTruthy();
  expect(screen.getByRole("tab", { name: "Dashboard" }).getAttribute("aria-selected")).toBe("true");
  expect(screen.getByText("Total Referrals")).toBeTruthy();
  const payouts = within(screen.getByRole("region", { name: "Payouts" }));
  expect(payouts.getByText("Harbour Lights Quiz Night")).toBeTruthy();
  expect(payouts.getByText("tr_local_5b1c")).toBeTruthy();
  expect(payouts.getByText(/Paid Tue, 20 Jan 2026/)).toBeTruthy();
  expect(payouts.getByText("£0.46")).toBeTruthy();
  cleanup();

  renderRoute({ url: "/affiliates", user, route: route({ userId: user.id, affiliate: { ...affiliate, payouts: [] } }) });
  expect(await screen.findByText(/No payouts yet/)).toBeTruthy();
  cleanup();

  renderRoute({ url: "/affiliates?tab=tools", user, route: route({ userId: user.id, affiliate }) });
  expect(await screen.findByRole("tab", { name: "Affiliate Tools" })).toBeTruthy();
  expect(screen.getByRole("tab", { name: "Affiliate Tools" }).getAttribute("aria-selected")).toBe("true");
  expect((screen.getByLabelText("Affiliate code") as HTMLInputElement).value).toBe("RFJVVUUD");
  expect((screen.getByLabelText("Share link") as HTMLInputElement).value).toContain("RFJVVUUD");
  expect(screen.getByRole("button", { name: "Generate New Code" })).toBeTruthy();
});

test("a page loaded for someone else shows the signed-out offer", async () => {
  renderRoute({ url: "/affiliates", user, route: route({ userId: "someone-else", affiliate }) });
  expect(await screen.findByRole("link", { name: "Sign In to Get Started" })).toBeTruthy();
  expect(screen.queryByRole("heading", { name: "Your affiliate account" })).toBeNull();
});

test("Create Affiliate Account posts to the page's action, and the page then shows the new account with its toast", async () => {
  let current: OwnAffiliate | null = null;
  const posted: Record<string, FormDataEntryValue>[] = [];
  renderRoute({
    url: "/affiliates",
    user,
    route: {
      path: "/affiliates",
      loader: () => ({ userId: user.id, affiliate: current, origin: "http://localhost" }),
      action: async ({ request }: { request: Request }) => {
        posted.push(Object.fromEntries(await request.formData()));
        current = { ...affiliate, payouts: [] };
        return { intent: "create", affiliate: current };
      },
      Component: AffiliatesRoute as never,
    },
  });
  render(<Toaster />);
  await userEvent.click(await screen.findByRole("button", { name: "Create Affiliate Account" }));
  expect(await screen.findByRole("heading", { name: "Your affiliate account" })).toBeTruthy();
  expect(await screen.findByText("Your affiliate account is ready. Share your code to start earning.")).toBeTruthy();
  expect(posted).toEqual([{ intent: "create" }]);
});

test("a refused Generate New Code says the server's reason", async () => {
  renderRoute({
    url: "/affiliates?tab=tools",
    user,
    route: {
      ...route({ userId: user.id, affiliate }),
      action: () => ({ intent: "new-code", refused: { status: 404, message: "Create your affiliate account first." } }),
    },
  });
  render(<Toaster />);
  await userEvent.click(await screen.findByRole("button", { name: "Generate New Code" }));
  expect(await screen.findByText("Create your affiliate account first.")).toBeTruthy();
});
