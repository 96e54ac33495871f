import { describe, expect, it } from "vitest";
import { HELP_TOPICS, matchHelpTopics } from "./assistant-help";
import { SELLER_FEE_TEXT } from "./organiser-fee";

const facts = { supportEmail: "help@eventora.test" };
/** The topics a question is answered with, as the assistant normalises it (lower case). */
const topicsFor = (question: string) => matchHelpTopics(question.toLowerCase()).map((topic) => topic.id);
const answerTo = (question: string) =>
  matchHelpTopics(question.toLowerCase())
    .map((topic) => topic.answer(facts))
    .join("\n\n");

describe("the assistant answers organisers from the help facts (issue 17)", () => {
  it.each([
    ["how do I check people in", "check-in"],
    ["How do I check my guests in at the door?", "check-in"],
    ["how do I let people in", "check-in"],
    ["how do I get paid", "getting-paid"],
    ["When will I receive my ticket money?", "getting-paid"],
    ["when are payouts made", "getting-paid"],
    ["how do I create an event", "selling"],
    ["How can I sell tickets for my gig?", "selling"],
    ["how do I refund my attendees", "organiser-refunds"],
    ["Can my customers get a refund?", "organiser-refunds"],
    ["where can I see who's coming", "attendee-list"],
    ["can I export my attendee list", "attendee-list"],
  ])("%s → %s, alone", (question, topic) => {
    expect(topicsFor(question)).toEqual([topic]);
  });

  it("check-in: the scanner, who may scan, what it needs, once per ticket, and the dashboard's buttons", () => {
    const answer = answerTo("how do I check people in");
    expect(answer).toContain("[Check-In](/check-in)");
    expect(answer).toMatch(/Only the event's creator can scan/);
    expect(answer).toMatch(/camera.*internet.*signed in/);
    expect(answer).toContain("checked in only once");
    expect(answer).toContain("[Dashboard](/dashboard)");
  });

  it("getting paid: 7 business days after the event and the seller fee from the domain, nothing invented", () => {
    const answer = answerTo("how do I get paid");
    expect(answer).toContain("paid out within 7 business days after the event");
    expect(answer).toContain(`${SELLER_FEE_TEXT} per paid ticket sold`);
    expect(answer).toContain("£2.30 booking fee");
    expect(answer).not.toMatch(/bank|stripe connect|paypal/i);
  });

  it("a buyer's refund question still gets the buyer's answer only", () => {
    expect(topicsFor("How do I get a refund?")).toEqual(["refunds"]);
    expect(topicsFor("How do I check in attendees?")).toEqual(["check-in"]);
  });

  it("every answer links only to pages of the site", () => {
    for (const topic of HELP_TOPICS) {
      for (const [, href] of topic.answer(facts).matchAll(/\]\(([^)]+)\)/g)) expect(href).toMatch(/^\/[a-z-]*/);
    }
  });
});
