// @vitest-environment happy-dom
import { cleanup, screen } from "@testing-library/react";
import { afterEach, expect, test } from "vitest";
import { renderRoute } from "~/test/render-route";

import TermsRoute from "./terms";

afterEach(cleanup);

test("the Terms of Service list their sections and link the other legal pages and the accessibility statement", async () => {
  renderRoute({ url: "/terms", route: { path: "/terms", Component: TermsRoute as never } });
  expect(await screen.findByRole("heading", { level: 1, name: "Terms of Service" })).toBeTruthy();
  expect(screen.getByText(/^Last updated:/)).toBeTruthy();
  const contents = screen.getByRole("navigation", { name: "Contents" });
  expect(contents.querySelectorAll("a").length).toBeGreaterThan(3);
  const others = screen.getByRole("navigation", { name: "Other legal pages" });
  expect(Array.from(others.querySelectorAll("a")).map((link) => link.getAttribute("href"))).toEqual(["/privacy", "/booking-terms", "/refund-policy", "/gdpr", "/accessibility"]);
});
