// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, expect, test, vi } from "vitest";
import { renderRoute } from "~/test/render-route";

import ContactRoute from "./contact";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

test("the contact page's form names every field and marks the first one left empty, without sending", async () => {
  const fetch = vi.fn(async () => new Response("{}", { status: 200, headers: { "content-type": "application/json" } }));
  vi.stubGlobal("fetch", fetch);
  renderRoute({ url: "/contact", route: { path: "/contact", Component: ContactRoute as never } });
  expect(await screen.findByRole("heading", { level: 1, name: "Get in touch" })).toBeTruthy();
  for (const label of ["First name", "Last name", "Email", "Subject", "Message"]) expect(screen.getByLabelText(label)).toBeTruthy();
  await userEvent.click(screen.getByRole("button", { name: "Send Message" }));
  // The check loads when the form is first sent (issue 35): its message in the server's words, then the focus.
  expect(await screen.findByText("Please enter your first name.")).toBeTruthy();
  const firstName = screen.getByLabelText("First name");
  expect(firstName.getAttribute("aria-invalid")).toBe("true");
  await waitFor(() => expect(document.activeElement).toBe(firstName));
  expect(fetch).not.toHaveBeenCalled();
});
