// @vitest-environment happy-dom
import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, expect, test } from "vitest";
import { renderRoute } from "~/test/render-route";

import ContactRoute from "./contact";

afterEach(cleanup);

test("the contact page's form names every field and marks the first one left empty", async () => {
  renderRoute({ url: "/contact", route: { path: "/contact", Component: ContactRoute as never } });
  expect(await screen.findByRole("heading", { level: 1, name: "Get in touch" })).toBeTruthy();
  for (const label of ["First name", "Last name", "Email", "Subject", "Message"]) expect(screen.getByLabelText(label)).toBeTruthy();
  await userEvent.click(screen.getByRole("button", { name: "Send Message" }));
  const firstName = screen.getByLabelText("First name");
  expect(firstName.getAttribute("aria-invalid")).toBe("true");
  expect(document.activeElement).toBe(firstName);
});
