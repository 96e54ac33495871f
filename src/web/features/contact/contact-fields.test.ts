import { describe, expect, it } from "vitest";
import { ApiRequestError } from "~/lib/api-request";
import { contactFailure, CONTACT_TOASTS, EMPTY_CONTACT_FIELDS, sentDescription } from "./contact-fields";
import { checkContactFields } from "./lib/contact-checks";

const filled = { firstName: " Ada ", lastName: "Lovelace", email: " ada@example.com ", subject: "Refund", message: "Please refund my ticket, thank you." };

describe("contact form (decisions.md D7)", () => {
  it("accepts a complete message, trimmed", () => {
    expect(checkContactFields(filled)).toEqual({ input: { ...filled, firstName: "Ada", email: "ada@example.com" } });
  });

  it("names every missing field, and the first one to focus", () => {
    const checked = checkContactFields(EMPTY_CONTACT_FIELDS);
    expect(checked).toMatchObject({
      firstInvalid: "firstName",
      errors: {
        firstName: "Please enter your first name.",
        lastName: "Please enter your last name.",
        email: "Please enter a valid email address.",
        subject: "Please enter your subject.",
        message: "Your message must be at least 10 characters.",
      },
    });
  });

  it("enforces the server's limits", () => {
    const checked = checkContactFields({ ...filled, email: "ada@", message: "x".repeat(5001) });
    expect(checked).toMatchObject({ firstInvalid: "email", errors: { email: "Please enter a valid email address.", message: "Your message must be at most 5,000 characters." } });
    expect(checkContactFields({ ...filled, subject: "s".repeat(201) })).toMatchObject({ firstInvalid: "subject" });
  });

  it("explains a failure in the server's words, else with a next step", () => {
    const limited = new ApiRequestError({ status: 429, code: "RATE_LIMITED", message: "You have sent several messages in the last hour." });
    expect(contactFailure(limited)).toBe("You have sent several messages in the last hour.");
    expect(contactFailure(new ApiRequestError({ status: 502, message: "The request failed (HTTP 502)." }))).toMatch(/^Please try again in a few minutes, or email us at /);
    expect(contactFailure(new TypeError("Failed to fetch"))).toBe(CONTACT_TOASTS.offline);
  });

  it("thanks the sender by name and address", () => {
    expect(sentDescription({ firstName: "Ada", email: "ada@example.com" })).toBe("Thanks, Ada. Our support team will reply to ada@example.com as soon as they can.");
  });
});
