// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, expect, test, vi } from "vitest";
import type { SessionUser } from "@domain";
import { renderRoute } from "~/test/render-route";
import EmailTestRoute from "./email-test";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const user = { id: "u1", email: "ada@example.com", name: "Ada Lovelace" } as unknown as SessionUser;

function open(isAdmin: boolean) {
  renderRoute({ url: "/email-test", user, route: { path: "/email-test", loader: () => ({ email: "ada@example.com", isAdmin, sample: { subject: "Sample: Your ticket: Sample Night", html: "<h1>Your ticket</h1>" } }), Component: EmailTestRoute as never } });
}

test("a signed-in user may send a test e-mail to their own address only, and test a ticket e-mail", async () => {
  open(false);
  expect(await screen.findByRole("heading", { level: 1, name: "Manual Email Sender" })).toBeTruthy();
  expect(screen.getByText("You can send only to your own verified address, ada@example.com.")).toBeTruthy();
  expect(screen.getByLabelText("To Email").getAttribute("placeholder")).toBe("ada@example.com");
  expect(screen.getByRole("button", { name: "Send Email" })).toBeTruthy();
  expect(screen.getByLabelText("Booking ID")).toBeTruthy();
  expect(screen.getByRole("radio", { name: /Another way/ })).toHaveProperty("checked", true);
  expect(screen.getByRole("button", { name: "Test Ticket Email" })).toBeTruthy();
  expect(screen.getByRole("complementary", { name: "About this tool" }).textContent).toContain("Only admins may send to other addresses.");
});

test("an admin is told they may send to any address", async () => {
  open(true);
  expect(await screen.findByText("As an admin you may send to any address.")).toBeTruthy();
  expect(screen.getByRole("complementary", { name: "About this tool" }).textContent).toContain("Admins may send to any address.");
});

test("Insert Sample fills in the server's sample ticket e-mail, addressed to the user", async () => {
  open(false);
  fireEvent.click(await screen.findByRole("button", { name: "Insert Sample" }));
  expect((screen.getByLabelText("To Email") as HTMLInputElement).value).toBe("ada@example.com");
  expect((screen.getByLabelText("Subject") as HTMLInputElement).value).toBe("Sample: Your ticket: Sample Night");
  expect((screen.getByLabelText("HTML Content") as HTMLTextAreaElement).value).toBe("<h1>Your ticket</h1>");
});

test("a slip is refused in the server's words without sending; a good message is sent once, however often Send is pressed", async () => {
  const fetch = vi.fn(async () => new Response(JSON.stringify({ success: true, provider: "outbox", recipient: "ada@example.com", error: null }), { status: 200, headers: { "content-type": "application/json" } }));
  vi.stubGlobal("fetch", fetch);
  open(false);
  const to = await screen.findByLabelText("To Email");
  fireEvent.change(to, { target: { value: "not-an-address" } });
  fireEvent.change(screen.getByLabelText("Subject"), { target: { value: "Hi" } });
  fireEvent.change(screen.getByLabelText("HTML Content"), { target: { value: "<p>Hi</p>" } });
  const send = screen.getByRole("button", { name: "Send Email" });
  fireEvent.click(send);
  expect(await screen.findByText("Please enter a valid e-mail address")).toBeTruthy();
  expect(to.getAttribute("aria-invalid")).toBe("true");
  await waitFor(() => expect(document.activeElement).toBe(to));
  expect(fetch).not.toHaveBeenCalled();

  fireEvent.change(to, { target: { value: "ada@example.com" } });
  // Pressed again while the check is still loading: one message goes.
  fireEvent.click(send);
  fireEvent.click(send);
  expect(await screen.findByText("Email sent successfully! Email sent to ada@example.com")).toBeTruthy();
  expect(fetch).toHaveBeenCalledTimes(1);
});
