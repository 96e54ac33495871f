// @vitest-environment happy-dom
import { cleanup, render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, expect, test } from "vitest";
import { BRAND, RETENTION, type PlatformCompany } from "@domain";
import { SiteFooter } from "~/layout/site-footer";
import { renderRoute } from "~/test/render-route";

import AccessibilityRoute, { meta } from "./accessibility";
import PrivacyRoute from "./privacy";

afterEach(cleanup);

test("the accessibility statement names its standard, its known gaps, how to report a problem and the enforcement body", async () => {
  renderRoute({ url: "/accessibility", route: { path: "/accessibility", Component: AccessibilityRoute as never } });
  expect(await screen.findByRole("heading", { level: 1, name: "Accessibility Statement" })).toBeTruthy();
  expect(screen.getByText("Last updated: 28 November 2026")).toBeTruthy();
  const contents = screen.getByRole("navigation", { name: "Contents" });
  for (const heading of ["The standard we aim for", "How we test it", "Known gaps", "Reporting a problem", "Enforcement procedure", "Preparation of this statement"]) {
    expect(within(contents).getByRole("link", { name: heading }).getAttribute("href")).toMatch(/^#[a-z-]+$/);
    expect(screen.getByRole("heading", { level: 2, name: new RegExp(`^\\d+\\. ${heading}$`) })).toBeTruthy();
  }
  const gaps = screen.getByRole("region", { name: /Known gaps/ });
  expect(within(gaps).getAllByRole("listitem").length).toBeGreaterThanOrEqual(4);
  expect(within(gaps).getByText(/door scanner reads QR codes through the camera/)).toBeTruthy();
  const report = screen.getByRole("region", { name: /Reporting a problem/ });
  expect(within(report).getByRole("link", { name: BRAND.supportEmail }).getAttribute("href")).toBe(`mailto:${BRAND.supportEmail}`);
  expect(screen.getByRole("region", { name: /Enforcement procedure/ }).textContent).toContain("Equality and Human Rights Commission (EHRC)");
  expect(meta()).toEqual(expect.arrayContaining([expect.objectContaining({ title: `Accessibility Statement | ${BRAND.name}` })]));
});

test("the privacy notice shows its true date and links to where the data can be downloaded or deleted", async () => {
  renderRoute({ url: "/privacy", route: { path: "/privacy", Component: PrivacyRoute as never }, others: [{ path: "/profile/edit", Component: () => null }] });
  expect(await screen.findByRole("heading", { level: 1, name: "Privacy Policy" })).toBeTruthy();
  expect(screen.getByText("Last updated: 1 December 2026")).toBeTruthy();
  const browser = screen.getByRole("region", { name: /Your browser/ });
  expect(within(browser).getAllByRole("listitem").map((item) => item.textContent?.split(/[:,]/)[0])).toEqual([
    "The sign-in cookie (strictly necessary)",
    "Your cart (strictly necessary)",
    "Your e-mail address",
    "An affiliate's code",
    "The browser's own note of where you had scrolled to on each page",
    "For event staff only",
  ]);
  expect(within(screen.getByRole("region", { name: /Your rights/ })).getByRole("link", { name: "your profile page" }).getAttribute("href")).toBe("/profile/edit");
});

test("the footer links the accessibility statement beside the legal pages", () => {
  const Stub = createRoutesStub([{ path: "/", Component: SiteFooter }]);
  render(<Stub initialEntries={["/"]} />);
  const legal = screen.getByRole("navigation", { name: "Legal" });
  expect(within(legal).getByRole("link", { name: "Accessibility" }).getAttribute("href")).toBe("/accessibility");
});

test("the legal pages and the footer name the company as configured, with its VAT number when it has one (issue 34)", async () => {
  const company: PlatformCompany = { name: "Ticket Co Ltd", number: "SC123456", address: "1 High Street, Edinburgh EH1 1AA", vatNumber: "GB980780684" };
  const page = () => (
    <>
      <PrivacyRoute />
      <SiteFooter />
    </>
  );
  renderRoute({ url: "/privacy", company, route: { path: "/privacy", Component: page }, others: [{ path: "/profile/edit", Component: () => null }] });
  expect(await screen.findByRole("heading", { level: 1, name: "Privacy Policy" })).toBeTruthy();
  expect(screen.getByRole("region", { name: /Who we are/ }).textContent).toContain(
    `${BRAND.name} is run by Ticket Co Ltd, a company registered in Scotland with company number SC123456, whose registered office is at 1 High Street, Edinburgh EH1 1AA.`,
  );
  expect(screen.getByRole("complementary", { name: "Questions?" }).textContent).toContain("or write to Ticket Co Ltd, 1 High Street, Edinburgh EH1 1AA.");
  expect(within(screen.getByRole("region", { name: /How long we keep it/ })).getByText(`Server logs: ${RETENTION.serverLogsDays} days, then they are deleted.`)).toBeTruthy();
  const footer = screen.getByRole("contentinfo");
  expect(within(footer).getByText("1 High Street, Edinburgh EH1 1AA")).toBeTruthy();
  expect(footer.textContent).toContain(`© ${new Date().getFullYear()} Ticket Co Ltd. Registered in Scotland, company number SC123456. VAT number GB980780684.`);
  expect(document.body.textContent).not.toContain(BRAND.companyName);
  expect(document.body.textContent).not.toContain(BRAND.registeredAddress);
});

test("the footer names the default company, registered in England and Wales, and no VAT number while it has none", async () => {
  renderRoute({ url: "/", route: { path: "/", Component: SiteFooter } });
  const footer = await screen.findByRole("contentinfo");
  expect(footer.textContent).toContain(`© ${new Date().getFullYear()} ${BRAND.companyName}. Registered in England and Wales, company number ${BRAND.companyNumber}.`);
  expect(within(footer).getByText(BRAND.registeredAddress)).toBeTruthy();
  expect(footer.textContent).not.toContain("VAT number");
});
