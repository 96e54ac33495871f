// @vitest-environment happy-dom
import { cleanup, screen } from "@testing-library/react";
import { afterEach, expect, test } from "vitest";
import { renderRoute } from "~/test/render-route";

import HelpRoute from "./help";

afterEach(cleanup);

test("the Help Centre offers FAQ, Live Chat and Email Support, then links the policies", async () => {
  renderRoute({ url: "/help", route: { path: "/help", Component: HelpRoute as never } });
  expect(await screen.findByRole("heading", { level: 1, name: "Help Centre" })).toBeTruthy();
  const ways = screen.getByRole("list", { name: "Ways to get help" });
  expect(ways.querySelectorAll("li")).toHaveLength(3);
  for (const action of ["Browse FAQ", "Start Chat", "Email Us"]) expect(screen.getByRole("button", { name: action })).toBeTruthy();
  const policies = screen.getByRole("navigation", { name: "Policies" });
  expect(Array.from(policies.querySelectorAll("a")).map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
    ["Refund Policy", "/refund-policy"],
    ["Booking Terms & Conditions", "/booking-terms"],
    ["Privacy Policy", "/privacy"],
  ]);
});
