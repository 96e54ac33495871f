// @vitest-environment happy-dom
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, expect, test } from "vitest";
import { StatementFeeStatements } from "./statement-fee-statements";

afterEach(cleanup);

test("each closed month links to its statement PDF, with its number once issued; the month under way says when it is issued", () => {
  render(
    <StatementFeeStatements
      statements={[
        { month: "2026-11", number: null, open: true },
        { month: "2026-10", number: null, open: false },
        { month: "2026-09", number: "F-000042", open: false },
      ]}
    />,
  );
  const items = within(screen.getByRole("list")).getAllByRole("listitem");
  expect(items).toHaveLength(3);
  expect(within(items[0]!).queryByRole("link")).toBeNull();
  expect(items[0]!.textContent).toBe("November 2026: statement issued when the month ends");
  expect(screen.getByRole("link", { name: "October 2026 platform fee statement (PDF)" }).getAttribute("href")).toBe("/api/payouts/fee-statements/2026-10.pdf");
  expect(screen.getByRole("link", { name: "September 2026 platform fee statement F-000042 (PDF)" }).getAttribute("href")).toBe("/api/payouts/fee-statements/2026-09.pdf");
});

test("without fees it says a statement appears for each month with sales", () => {
  render(<StatementFeeStatements statements={[]} />);
  expect(screen.getByText(/No fees charged yet/)).toBeTruthy();
});
