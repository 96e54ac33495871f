import { describe, expect, it } from "vitest";
import { OPEN_ASSISTANT_EVENT, answerOpenRequests, closeAssistant } from "../assistant-store";

describe("opening the assistant from another feature", () => {
  it("answers Help's open request and says so", () => {
    const page = new EventTarget();
    const stop = answerOpenRequests(page);
    const request = new CustomEvent(OPEN_ASSISTANT_EVENT, { cancelable: true });
    page.dispatchEvent(request);
    expect(request.defaultPrevented).toBe(true);
    stop();
    closeAssistant();
    const unanswered = new CustomEvent(OPEN_ASSISTANT_EVENT, { cancelable: true });
    page.dispatchEvent(unanswered);
    expect(unanswered.defaultPrevented).toBe(false);
  });
});
