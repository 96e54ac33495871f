import { describe, expect, it } from "vitest";
import { ApiRequestError } from "~/lib/api-request";
import { rawTicketResult, sampleTestEmail, sentDescription, testEmailFailure } from "./email-test-text";
import { checkTestEmail } from "./lib/email-test-checks";

describe("test e-mail form (spec §5 Email-test form)", () => {
  it("needs all three fields", () => {
    const checked = checkTestEmail({ toEmail: "", subject: " ", htmlContent: "" });
    expect("errors" in checked && Object.keys(checked.errors).sort()).toEqual(["htmlContent", "subject", "toEmail"]);
  });
  it("needs a real address", () => {
    expect(checkTestEmail({ toEmail: "not-an-address", subject: "Hi", htmlContent: "<p>Hi</p>" })).toEqual({
      errors: { toEmail: "Please enter a valid e-mail address" },
    });
  });
  it("sends the trimmed input", () => {
    expect(checkTestEmail({ toEmail: " ada@example.com ", subject: " Hi ", htmlContent: "<p>Hi</p>" })).toEqual({
      input: { toEmail: "ada@example.com", subject: "Hi", htmlContent: "<p>Hi</p>" },
    });
  });
  it("fills the server's sample in, addressed to the user", () => {
    const sample = sampleTestEmail("ada@example.com", { subject: "Sample: Your ticket: Sample Night", html: "<h1>Your ticket</h1>" });
    expect(sample).toEqual({ toEmail: "ada@example.com", subject: "Sample: Your ticket: Sample Night", htmlContent: "<h1>Your ticket</h1>" });
    expect("input" in checkTestEmail(sample)).toBe(true);
  });
});

describe("test e-mail toasts (spec §8 'E-mail pages')", () => {
  it("names the recipient", () => {
    expect(sentDescription("ada@example.com")).toBe("Email sent to ada@example.com");
  });
  it("shows the server's refusal (decisions D12), else 'Please try again later.'", () => {
    const refused = new ApiRequestError({ status: 403, code: "FORBIDDEN", message: "You can only send test emails to your own verified address." });
    expect(testEmailFailure(refused)).toBe("You can only send test emails to your own verified address.");
    expect(testEmailFailure(new ApiRequestError({ status: 502, message: "Bad gateway" }))).toBe("Please try again later.");
    expect(testEmailFailure(new TypeError("Failed to fetch"))).toBe("Please try again later.");
  });
});

describe("raw ticket result", () => {
  it("pretty-prints the answer without the provider's name (issue 17)", () => {
    const result = { success: true, provider: "outbox", recipient: "ada@example.com", error: null };
    expect(rawTicketResult({ result })).toBe(JSON.stringify({ success: true, recipient: "ada@example.com", error: null }, null, 2));
    expect(JSON.parse(rawTicketResult({ error: new ApiRequestError({ status: 429, code: "RATE_LIMITED", message: "Too many requests." }) }))).toEqual({
      status: 429,
      error: { code: "RATE_LIMITED", message: "Too many requests." },
    });
  });
});
