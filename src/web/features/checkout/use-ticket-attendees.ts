import { useRef, useState } from "react";
import { answerProblem, attendeeEmailProblem, attendeeNameProblem, type AnswersInput, type RequestedAttendee, type TicketQuestion } from "@domain";

/** One of tickets 2 to N as the buyer fills it in (issue 36); ticket 1 is the buyer's own, in the name field above. */
export interface OtherTicket {
  /** "Same as mine": the ticket carries the buyer's name, and its name field is disabled. */
  same: boolean;
  name: string;
  email: string;
}

export interface OtherTicketErrors {
  name?: string;
  email?: string;
}

/** A question as the form asks it. */
export type AskedQuestion = Pick<TicketQuestion, "id" | "label" | "kind" | "options" | "required">;

// Each other ticket starts in the buyer's name ("Same as mine" ticked): naming it is one untick away, and a
// buyer of several tickets for their own group is not made to type their name again and again.
const blank: OtherTicket = { same: true, name: "", email: "" };

export interface TicketAttendeesFieldProps {
  /** Tickets 2 to N of the order, in order. */
  tickets: OtherTicket[];
  errors: OtherTicketErrors[];
  /** The buyer's name, which "Same as mine" puts on a ticket. */
  buyerName: string;
  onChange: (index: number, next: Partial<OtherTicket>) => void;
  fieldRefs: React.RefObject<Map<string, HTMLInputElement | HTMLSelectElement>>;
  /** The organiser's questions asked on each ticket (issue 36), and each ticket's answers and problems, ticket 1 first. */
  questions: readonly AskedQuestion[];
  answers: AnswersInput[];
  answerErrors: Record<string, string>[];
  onAnswer: (ticket: number, questionId: string, answer: string | boolean) => void;
}

/**
 * The tickets of a Buy Now (issue 36): for tickets 2 to N a name, or "Same as mine", and an optional e-mail to
 * which that attendee gets their own ticket; for every ticket, the organiser's questions. Checked as the
 * server checks them (domain/attendee-name.ts, domain/ticket-questions.ts).
 */
export function useTicketAttendees() {
  const [entered, setEntered] = useState<OtherTicket[]>([]);
  const [errors, setErrors] = useState<OtherTicketErrors[]>([]);
  const [answers, setAnswers] = useState<AnswersInput[]>([]);
  const [answerErrors, setAnswerErrors] = useState<Record<string, string>[]>([]);
  const fieldRefs = useRef(new Map<string, HTMLInputElement | HTMLSelectElement>());

  /** Tickets 2 to `quantity`: what was typed for each, kept when the quantity goes down and up again. */
  const others = (quantity: number) => Array.from({ length: Math.max(0, quantity - 1) }, (_, index) => entered[index] ?? blank);
  const answersOf = (quantity: number) => Array.from({ length: quantity }, (_, index) => answers[index] ?? {});

  /**
   * Every ticket's attendee for `quantity` tickets, the first in `buyerName`; undefined when every ticket is
   * simply the buyer's and nothing is asked (the order's attendeeName names them all); null after showing
   * what is wrong and moving focus to the first field at fault.
   */
  function checkedAttendees(buyerName: string, quantity: number, questions: readonly AskedQuestion[] = []): RequestedAttendee[] | undefined | null {
    const tickets = others(quantity);
    const given = answersOf(quantity);
    const found: OtherTicketErrors[] = tickets.map((ticket) => {
      const name = ticket.same ? null : attendeeNameProblem(ticket.name.trim());
      const email = ticket.email.trim() ? attendeeEmailProblem(ticket.email.trim()) : null;
      return { ...(name ? { name } : {}), ...(email ? { email } : {}) };
    });
    const unanswered = given.map((answered) => Object.fromEntries(questions.flatMap((question) => {
      const problem = answerProblem(question, answered[question.id]);
      return problem ? [[question.id, problem]] : [];
    })));
    setErrors(found);
    setAnswerErrors(unanswered);
    // The first field at fault, in the order the form shows them: each ticket's name and e-mail, then its answers.
    const fault = (): string | null => {
      for (let ticket = 0; ticket < quantity; ticket++) {
        const own = found[ticket - 1];
        if (own?.name) return `${ticket - 1}-name`;
        if (own?.email) return `${ticket - 1}-email`;
        const question = questions.find((asked) => unanswered[ticket]![asked.id]);
        if (question) return `${ticket}-q-${question.id}`;
      }
      return null;
    };
    const first = fault();
    if (first) {
      fieldRefs.current.get(first)?.focus();
      return null;
    }
    const attendees: RequestedAttendee[] = [
      { name: buyerName },
      ...tickets.map((ticket) => {
        const email = ticket.email.trim();
        return { name: ticket.same ? buyerName : ticket.name.trim(), ...(email ? { email } : {}) };
      }),
    ].map((attendee, index) => (questions.length ? { ...attendee, answers: answeredOnly(questions, given[index]!) } : attendee));
    return !questions.length && attendees.every((attendee) => attendee.name === buyerName && !attendee.email) ? undefined : attendees;
  }

  function field(quantity: number, buyerName: string, questions: readonly AskedQuestion[] = []): TicketAttendeesFieldProps {
    return {
      tickets: others(quantity),
      errors,
      buyerName,
      fieldRefs,
      questions,
      answers: answersOf(quantity),
      answerErrors,
      onChange: (index, next) => {
        setEntered((before) => {
          const after = Array.from({ length: Math.max(before.length, index + 1) }, (_, i) => before[i] ?? blank);
          after[index] = { ...after[index]!, ...next };
          return after;
        });
        // The field changed is no longer at fault.
        const cleared: keyof OtherTicketErrors = "email" in next ? "email" : "name";
        setErrors((before) => before.map((problem, i) => (i === index ? { ...problem, [cleared]: undefined } : problem)));
      },
      onAnswer: (ticket, questionId, answer) => {
        setAnswers((before) => {
          const after = Array.from({ length: Math.max(before.length, ticket + 1) }, (_, i) => before[i] ?? {});
          after[ticket] = { ...after[ticket], [questionId]: answer };
          return after;
        });
        setAnswerErrors((before) => before.map((problems, i) => (i === ticket ? Object.fromEntries(Object.entries(problems).filter(([id]) => id !== questionId)) : problems)));
      },
    };
  }

  return { field, checkedAttendees };
}

/** The answers to send: only this ticket's questions (a type changed since may have left others), text trimmed. */
function answeredOnly(questions: readonly AskedQuestion[], given: AnswersInput): AnswersInput {
  return Object.fromEntries(
    questions.flatMap((question): [string, string | boolean][] => {
      const answer = given[question.id];
      if (question.kind === "checkbox") return [[question.id, answer === true]];
      return typeof answer === "string" && answer.trim() ? [[question.id, answer.trim()]] : [];
    }),
  );
}
