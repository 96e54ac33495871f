import { describe, expect, it } from "vitest";
import { HELP_FAQ } from "./help-faq-content";
import { OPEN_ASSISTANT_EVENT, requestAssistant } from "./live-chat";

const answer = (id: string) => HELP_FAQ.find((item) => item.id === id)!.answer;

describe("Help Centre FAQ (spec §2 Help Centre)", () => {
  it("has 11 questions with unique ids", () => {
    expect(HELP_FAQ).toHaveLength(11);
    expect(new Set(HELP_FAQ.map((item) => item.id)).size).toBe(11);
  });

  it("states the spec's facts", () => {
    expect(answer("refunds")).toContain("up to 48 hours before the event");
    expect(answer("refunds")).toContain("Ask from My Tickets");
    expect(answer("refunds")).toContain("24-48 hours");
    expect(answer("refunds")).toContain("5-7 business days");
    expect(answer("refunds")).toContain("the £2.30 booking fee per ticket is not refundable, except when the organiser cancels");
    expect(answer("refunds")).toContain("14 days to ask for a full refund, approved automatically");
    expect(answer("cancelled-events")).toContain("full refund");
    expect(answer("cancelled-events")).toContain("5-7 business days");
    expect(answer("check-in")).toMatch(/Only the event's creator can scan/);
    expect(answer("check-in")).toMatch(/signed in.*camera.*internet/);
    expect(HELP_FAQ.find((item) => item.id === "check-in")!.link!.to).toBe("/check-in");
    expect(HELP_FAQ.find((item) => item.id === "missing-email")!.link!.to).toBe("/resend-ticket");
    expect(answer("contact-support")).toContain("Mon-Fri 9:00-6:00, Sat 10:00-4:00, Sun closed");
  });

  it("quotes the booking fee from the domain constant (decisions.md D1)", () => {
    expect(answer("booking-fee")).toContain("£2.30 per ticket");
    expect(HELP_FAQ.map((item) => item.answer).join(" ")).not.toContain("£2.00");
  });
});

describe("Live Chat", () => {
  it("reports whether the assistant answered the open request", () => {
    const page = new EventTarget();
    expect(requestAssistant(page)).toBe(false);
    page.addEventListener(OPEN_ASSISTANT_EVENT, (event) => event.preventDefault());
    expect(requestAssistant(page)).toBe(true);
  });
});
