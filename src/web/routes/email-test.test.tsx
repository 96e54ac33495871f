// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, expect, test } from "vitest";
import type { SessionUser } from "@domain";
import { renderRoute } from "~/test/render-route";
import EmailTestRoute from "./email-test";

afterEach(cleanup);

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
