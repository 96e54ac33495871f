// Organiser questions (issue 36): what an event asks about each ticket's attendee (dietary needs, a child's
// age, a tick for a photo consent). The rules here are the one home of what a question may be and of what
// makes an answer acceptable: the server checks every ticket's answers with them, and the checkout form
// shows the same messages before it sends.
import { printableTextMessage, printableTextProblem } from "./printable-text";

/** Short text, one of a list, or a tick box. */
export const QUESTION_KINDS = ["text", "choice", "checkbox"] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];

export const QUESTION_KIND_LABELS: Record<QuestionKind, string> = { text: "Short text", choice: "A choice", checkbox: "Tick box" };

export const MAX_QUESTIONS = 10;
export const QUESTION_LABEL_MAX_LENGTH = 200;
export const QUESTION_OPTION_MAX_LENGTH = 100;
export const MAX_QUESTION_OPTIONS = 20;
export const ANSWER_MAX_LENGTH = 300;

/** A question as an event keeps it: ticketTypeIds null when it is asked on every ticket. */
export interface TicketQuestion {
  id: string;
  label: string;
  kind: QuestionKind;
  /** A choice's options, in order; empty for the other kinds. */
  options: string[];
  required: boolean;
  ticketTypeIds: string[] | null;
}

/** What a ticket's attendee answered, with the question as it was asked: a ticket is a record of its sale. */
export interface TicketAnswer {
  questionId: string;
  question: string;
  answer: string | boolean;
}

/** The answers a buyer sends for one ticket: question id to text, a chosen option, or true/false for a tick box. */
export type AnswersInput = Record<string, string | boolean>;

/** The questions asked on a ticket of this type, in the organiser's order. */
export function questionsForType<Q extends Pick<TicketQuestion, "ticketTypeIds">>(questions: readonly Q[], ticketTypeId: string | null): Q[] {
  return questions.filter((question) => !question.ticketTypeIds || (ticketTypeId !== null && question.ticketTypeIds.includes(ticketTypeId)));
}

/** Why an answer cannot be taken (in the words the form and the API show), or null when it can. */
export function answerProblem(question: Pick<TicketQuestion, "label" | "kind" | "options" | "required">, answer: unknown): string | null {
  if (question.kind === "checkbox") {
    if (answer !== undefined && answer !== null && typeof answer !== "boolean") return `${question.label}: the answer must be true or false`;
    return question.required && answer !== true ? `Tick “${question.label}” to continue` : null;
  }
  if (answer !== undefined && answer !== null && typeof answer !== "string") return `${question.label}: the answer must be text`;
  const text = typeof answer === "string" ? answer.trim() : "";
  if (!text) return question.required ? (question.kind === "choice" ? `Choose an answer to “${question.label}”` : `Answer “${question.label}”`) : null;
  if (question.kind === "choice") return question.options.includes(text) ? null : `${question.label}: choose one of ${question.options.join(", ")}`;
  if (text.length > ANSWER_MAX_LENGTH) return `${question.label}: the answer is too long (${ANSWER_MAX_LENGTH} characters at most)`;
  // Read by the organiser in the attendee list and its CSV: as names are (one rule, domain/printable-text.ts).
  const unreadable = printableTextProblem(text);
  return unreadable ? printableTextMessage(`${question.label}: the answer`, unreadable) : null;
}

/**
 * One ticket's answers as kept: each question asked on it, in order, with what was answered (text
 * trimmed; a tick box always true or false); unanswered optional questions are left out. `answers` must
 * have passed answerProblem for each question.
 */
export function keptAnswers(questions: readonly TicketQuestion[], answers: AnswersInput | undefined): TicketAnswer[] {
  return questions.flatMap((question): TicketAnswer[] => {
    const given = answers?.[question.id];
    if (question.kind === "checkbox") return [{ questionId: question.id, question: question.label, answer: given === true }];
    const text = typeof given === "string" ? given.trim() : "";
    return text ? [{ questionId: question.id, question: question.label, answer: text }] : [];
  });
}

/** An answer as a person reads it: a tick box is Yes or No. */
export function answerText(answer: TicketAnswer["answer"]): string {
  return typeof answer === "boolean" ? (answer ? "Yes" : "No") : answer;
}
