import { describe, expect, it } from "vitest";
import { answerProblem, answerText, keptAnswers, questionsForType, type TicketQuestion } from "./ticket-questions";

const diet: TicketQuestion = { id: "q-diet", label: "Dietary needs", kind: "choice", options: ["None", "Vegan"], required: true, ticketTypeIds: null };
const age: TicketQuestion = { id: "q-age", label: "Child's age", kind: "text", options: [], required: true, ticketTypeIds: ["t-child"] };
const photo: TicketQuestion = { id: "q-photo", label: "Photo consent", kind: "checkbox", options: [], required: false, ticketTypeIds: null };
const terms: TicketQuestion = { id: "q-terms", label: "I accept the house rules", kind: "checkbox", options: [], required: true, ticketTypeIds: null };

describe("organiser questions (issue 36)", () => {
  it("asks a question on every ticket, or only on the types it names", () => {
    expect(questionsForType([diet, age, photo], "t-child").map((question) => question.id)).toEqual(["q-diet", "q-age", "q-photo"]);
    expect(questionsForType([diet, age, photo], "t-adult").map((question) => question.id)).toEqual(["q-diet", "q-photo"]);
    expect(questionsForType([diet, age], null).map((question) => question.id)).toEqual(["q-diet"]);
  });

  it("takes an answer the question allows and names what is wrong with any other", () => {
    expect(answerProblem(diet, "Vegan")).toBeNull();
    expect(answerProblem(diet, " Vegan ")).toBeNull();
    expect(answerProblem(diet, undefined)).toBe("Choose an answer to “Dietary needs”");
    expect(answerProblem(diet, "vegan")).toBe("Dietary needs: choose one of None, Vegan");
    expect(answerProblem(age, "  ")).toBe("Answer “Child's age”");
    expect(answerProblem(age, "x".repeat(301))).toBe("Child's age: the answer is too long (300 characters at most)");
    expect(answerProblem(age, "9\u202E")).toContain("the answer contains a character that is not allowed");
    expect(answerProblem(age, 9)).toBe("Child's age: the answer must be text");
    expect(answerProblem({ ...age, required: false }, undefined)).toBeNull();
    expect(answerProblem(photo, undefined)).toBeNull();
    expect(answerProblem(photo, "yes")).toBe("Photo consent: the answer must be true or false");
    expect(answerProblem(terms, false)).toBe("Tick “I accept the house rules” to continue");
    expect(answerProblem(terms, true)).toBeNull();
  });

  it("keeps each asked question with its words and the answer trimmed; a tick box is always kept, an unanswered text is not", () => {
    expect(keptAnswers([diet, { ...age, required: false }, photo], { "q-diet": " Vegan " })).toEqual([
      { questionId: "q-diet", question: "Dietary needs", answer: "Vegan" },
      { questionId: "q-photo", question: "Photo consent", answer: false },
    ]);
    expect([answerText(true), answerText(false), answerText("Vegan")]).toEqual(["Yes", "No", "Vegan"]);
  });
});
